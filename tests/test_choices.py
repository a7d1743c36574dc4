"""Moves made of a set of cards, offered as choices, and the spectator's public view, per game.

docs/architecture.md, "Moves that are sets of cards" and "Information hiding".
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest

from cardtable.engine import CardChoice, Deal, Match, cards_in, get_game, outside_choices
from cardtable.engine.rng import seeded_rng


def _deal_until(
    game_name: str,
    reached: Callable[[Any], bool],
    preset: str | None = None,
    *,
    players: int | None = None,
    overrides: dict[str, Any] | None = None,
    seed: int = 1,
) -> tuple[Any, Any, Match[Any, Any, Any]]:
    """Random play from ``seed`` until a deal reaches the state ``reached`` asks for."""
    game = get_game(game_name)
    count = players or game.players[0]
    match = game.new_match(game.rules(preset, overrides), [f"p{n}" for n in range(count)], preset)
    rng = random.Random(seed)
    deals = seeded_rng(seed)
    for _ in range(200):
        deal = match.start_deal(deals)
        while not deal.is_over:
            if reached(deal):
                return game, deal, match
            match.apply(rng.choice(deal.legal_actions()))
        if match.is_over:
            match = game.new_match(game.rules(preset, overrides), match.seats, preset)
    raise AssertionError("never reached")


def _texts(game: Any, deal: Deal[Any, Any]) -> list[str]:
    return [game.action_text(action) for action in deal.legal_actions()]


def _every_move(choice: CardChoice) -> set[str]:
    return {
        choice.text(cards) for count in choice.counts for cards in combinations(choice.cards, count)
    }


def test_the_preferans_discard_is_two_of_the_declarers_twelve_cards() -> None:
    """The preferans discard is two of the declarer's twelve cards.

    The declarer takes the talon and lays two cards aside (001_776ed664a35a376f.txt,
    preferans rule 21): one choice of 2 from 12, building exactly the 66 listed discards.
    """
    game, deal, _ = _deal_until("preferans", lambda deal: deal.phase == "discard")
    [choice] = deal.choices()
    assert (choice.verb, len(choice.cards), choice.counts) == ("discard", 12, (2,))
    assert set(choice.cards) == set(deal.view(deal.to_move).hand)
    legal = _texts(game, deal)
    assert _every_move(choice) == set(legal)
    assert len(legal) == 66
    assert outside_choices(legal, [choice]) == []


def test_preferans_offers_no_choice_outside_the_discard() -> None:
    """Bids, whists and cards are single moves (001_776ed664a35a376f.txt, preferans rules 16–32)."""
    _, deal, _ = _deal_until("preferans", lambda deal: deal.phase in ("auction", "play"))
    assert deal.choices() == []


def test_the_piquet_elder_exchanges_three_to_five_of_twelve_or_refuses() -> None:
    """The piquet elder exchanges three to five of twelve, or refuses.

    The elder exchanges at least three of his five (001_776ed664a35a376f.txt, piquet rule 9)
    or refuses the talon (rule 10): a choice of 3, 4 or 5 of 12 builds the 1,507 discards and
    the refusal stays a move of its own.
    """
    game, deal, _ = _deal_until("piquet", lambda deal: deal.phase == "exchange")
    [choice] = deal.choices()
    assert (len(choice.cards), choice.counts) == (12, (3, 4, 5))
    legal = _texts(game, deal)
    assert len(legal) == 1508
    assert outside_choices(legal, [choice]) == ["refuse talon"]
    assert _every_move(choice) == set(legal) - {"refuse talon"}


def test_the_piquet_dealer_takes_all_that_is_left_or_only_three() -> None:
    """The piquet dealer takes all that is left to him, or only three.

    The dealer takes all the talon left to him or three (001_776ed664a35a376f.txt, piquet
    rule 9): after the elder took three, the dealer's choice is 3 or 5 cards, never 4.
    """
    game, deal, match = _deal_until("piquet", lambda deal: deal.phase == "exchange")
    elder = deal.choices()[0]
    match.apply(game.parse_action(elder.text(elder.cards[:3])))
    assert (deal.phase, deal.to_move) == ("exchange", deal.setup.dealer)
    [choice] = deal.choices()
    assert choice.counts == (3, 5)
    assert _every_move(choice) == set(outside_choices(_texts(game, deal), [])) - {"refuse talon"}


def test_under_cavendish_the_elder_may_exchange_one_and_the_dealer_any_number() -> None:
    """Under Cavendish's laws the elder may exchange one, the dealer any number.

    Cavendish's laws (docs/rules/piquet.md; the ``cavendish`` preset): the elder exchanges
    one to five and may not refuse, the dealer any number of what is left.
    """
    game, deal, match = _deal_until("piquet", lambda d: d.phase == "exchange", "cavendish")
    [choice] = deal.choices()
    assert choice.counts == (1, 2, 3, 4, 5)
    assert outside_choices(_texts(game, deal), [choice]) == []
    match.apply(game.parse_action(choice.text(choice.cards[:2])))
    assert deal.choices()[0].counts == (1, 2, 3, 4, 5, 6)


def test_a_piquet_discard_one_short_is_offered_under_irregularities_and_then_completed() -> None:
    """A piquet discard one short is offered under irregularities, then completed.

    Under ``irregularities`` a discard may fall short, the talon untouched, and the player
    may discard more (001_776ed664a35a376f.txt, piquet rules 15–16).
    """
    game, deal, match = _deal_until(
        "piquet", lambda d: d.phase == "exchange", overrides={"irregularities": True}
    )
    [choice] = deal.choices()
    assert choice.counts == (2, 3, 4, 5)
    match.apply(game.parse_action(choice.text(choice.cards[:2])))
    [more] = deal.choices()
    assert more.counts == (1, 2, 3)
    legal = _texts(game, deal)
    assert _every_move(more) == set(legal) - set(outside_choices(legal, [more]))
    assert all(text.startswith("take ") for text in outside_choices(legal, [more]))


def test_for_three_the_piquet_dealer_takes_both_talon_cards_or_none() -> None:
    """Piquet for three (001_776ed664a35a376f.txt): the dealer alone has the two-card talon."""
    _, deal, _ = _deal_until("piquet", lambda d: d.phase == "exchange", players=3)
    [choice] = deal.choices()
    assert (len(choice.cards), choice.counts) == (10, (2,))


@pytest.mark.parametrize(("preset", "most"), [("draw", 3), ("deuce-to-seven-triple-draw", 5)])
def test_a_poker_draw_is_one_up_to_the_steps_most_of_the_down_cards(preset: str, most: int) -> None:
    """A poker draw is one card up to the step's most of the down cards.

    The player discards a number of cards and is dealt as many (002_053e85955f9a4108.txt,
    «Покер с досдачей»); how many the variant's step says, standing pat a move of its own.
    """
    game, deal, _ = _deal_until("poker", lambda d: d.phase.value == "draw", preset)
    [choice] = deal.choices()
    seat = deal.to_move
    assert choice.cards == deal.view(seat).down
    assert choice.counts == tuple(range(1, most + 1))
    legal = _texts(game, deal)
    assert outside_choices(legal, [choice]) == ["stand pat"]
    assert _every_move(choice) == set(legal) - {"stand pat"}


def test_a_poker_betting_round_offers_no_choice() -> None:
    """Bets are single moves (002_053e85955f9a4108.txt, the betting rounds)."""
    _, deal, _ = _deal_until("poker", lambda d: d.phase.value == "bet", "holdem")
    assert deal.choices() == []


def test_a_choice_refuses_a_set_it_does_not_allow() -> None:
    """A set of the wrong size or with a card not offered is refused with the reason.

    docs/architecture.md, "Moves that are sets of cards".
    """
    _, deal, _ = _deal_until("preferans", lambda deal: deal.phase == "discard")
    [choice] = deal.choices()
    with pytest.raises(ValueError, match="discard 2 cards, not 3"):
        choice.text(choice.cards[:3])
    assert choice.why_not([*choice.cards[:1], choice.cards[0]]) == "a card is chosen twice"


@pytest.mark.parametrize("game_name", ["preferans", "piquet", "poker"])
def test_the_public_view_names_only_cards_shown_to_everyone(game_name: str) -> None:
    """A spectator sees what the table shows, never a hand (docs/architecture.md, hiding)."""
    _, deal, _ = _deal_until(game_name, lambda deal: len(deal.history) >= 6, seed=4)
    public = deal.public_view()
    assert cards_in(public) <= deal.public_cards()
    assert not hasattr(public, "seat")
    assert not hasattr(public, "hand")
    seat_view = deal.view(0)
    assert cards_in(seat_view) - deal.public_cards(), "a seat sees its own cards"


def test_a_spectator_sees_the_preferans_talon_once_it_is_shown() -> None:
    """A spectator sees the preferans talon once it is shown.

    The talon is shown to all when the declarer takes it (001_776ed664a35a376f.txt,
    preferans rule 20); before that the public view names no card.
    """
    _, deal, _ = _deal_until("preferans", lambda deal: deal.phase == "auction")
    assert cards_in(deal.public_view()) == set()
    _, deal, _ = _deal_until("preferans", lambda deal: deal.phase == "discard")
    assert deal.public_view().talon == deal.talon
