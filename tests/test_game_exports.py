"""The engine protocol's downloads and deal statistics, for every game that offers them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import Match, get_game
from cardtable.errors import IllegalAction
from cardtable.poker.phh import parse_phh_all, replay_phh
from cardtable.preferans.outcome import DealOutcome

PRESETS = {"poker": "holdem"}
"""A preset per game whose deals every form can write (PHH has no code for draw poker)."""


def _played(game_name: str, seats: int, deals: int, seed: int = 7) -> Match[Any, Any, Any]:
    game = get_game(game_name)
    preset = PRESETS.get(game_name)
    match = game.new_match(game.rules(preset), [f"P{n}" for n in range(seats)], preset)
    rng = random.Random(seed)
    for _ in range(deals):
        deal = match.start_deal(rng)
        while not deal.is_over:
            match.apply(rng.choice(deal.legal_actions()))
    return match


@pytest.mark.parametrize("name", ["piquet", "poker", "preferans"])
def test_every_form_a_game_offers_writes_its_played_match(name: str) -> None:
    """docs/server.md, "Downloads": each form in ``Game.exports`` is written by ``export``.

    (cardtable's own games; tests register others, such as a poker of draw without PHH.)

    And ``deal_statistics`` states one set of facts per seat, each saying whether it played.
    """
    game = get_game(name)
    match = _played(name, min(game.players), 2)
    for form in game.exports:
        whole = game.export(match, form.name, None)
        one = game.export(match, form.name, 1)
        assert whole
        assert one
    for number in (1, 2):
        facts = game.deal_statistics(match, number)
        assert len(facts) == len(match.seats)
        assert all(isinstance(seat["played"], bool) for seat in facts)


def test_poker_writes_each_finished_hand_as_phh_that_reads_back() -> None:
    """docs/server.md, "Downloads": the PHH download reads back with our PHH reader."""
    game = get_game("poker")
    match = _played("poker", 3, 3)
    hands = parse_phh_all(game.export(match, "phh", None))
    assert len(hands) == 3
    assert [replay_phh(hand).finishing_stacks for hand in hands] == [
        hand.finishing_stacks for hand in hands
    ]
    (second,) = parse_phh_all(game.export(match, "phh", 2))
    assert second.finishing_stacks == hands[1].finishing_stacks
    with pytest.raises(IllegalAction, match="the match has 3 finished deals, not 4"):
        game.export(match, "phh", 4)


def test_the_pulka_is_drawn_as_svg() -> None:
    """docs/server.md, "Downloads": preferans draws its pulka, as ``--svg`` does."""
    drawing = get_game("preferans").export(_played("preferans", 3, 2), "pulka", None)
    assert drawing.startswith("<svg")
    assert "P0" in drawing


def test_a_form_the_game_does_not_write_is_refused_in_a_line() -> None:
    """docs/server.md, "Downloads": piquet has no PHH."""
    with pytest.raises(IllegalAction, match="Piquet has no 'phh' download"):
        get_game("piquet").export(_played("piquet", 2, 1), "phh", None)


def test_the_four_handed_dealer_does_not_play_the_deal() -> None:
    """001_776ed664a35a376f.txt, preferans rule 14: with four the dealer sits the deal out."""
    match = _played("preferans", 4, 4)
    for number, deal in enumerate(match.deals, start=1):
        facts = get_game("preferans").deal_statistics(match, number)
        played = [seat["played"] for seat in facts]
        outcome = deal.outcome()
        assert isinstance(outcome, DealOutcome)
        if outcome.kind == "redeal":
            assert played == [False] * 4
        else:
            assert played == [seat != deal.setup.dealer for seat in range(4)]


def test_the_declarer_and_only_he_has_a_contract() -> None:
    """001_776ed664a35a376f.txt, preferans rule 21: the declarer names the contract."""
    match = _played("preferans", 3, 6, seed=11)
    game = get_game("preferans")
    seen = 0
    for number, deal in enumerate(match.deals, start=1):
        outcome = deal.outcome()
        assert isinstance(outcome, DealOutcome)
        declarer = outcome.declarer
        for seat, facts in enumerate(game.deal_statistics(match, number)):
            assert facts["declared"] is (seat == declarer)
            assert (facts["contract"] is not None) is (seat == declarer)
            assert facts["made"] is (seat == declarer and bool(outcome.made))
            seen += seat == declarer
    assert seen
