"""A claim of the remaining tricks in the play of a game: laid face up, granted by the others.

docs/rules/preferans.md, "Claims of the remaining tricks" (the seed, 001_776ed664a35a376f.txt,
rule 27, knows only the lone whister's claim made before the play; a claim during the play is
the players' custom, taken by consent).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine import Match, seeded_rng
from cardtable.engine.claims import ClaimRest, GrantRest
from cardtable.preferans.deal import PreferansDeal
from cardtable.preferans.game import PREFERANS


def _game_in_play(
    first: int = 0,
) -> tuple[Match[Any, Any, Any], PreferansDeal, random.Random]:
    """The first deal from seed ``first`` on whose play is a game on tricks, at its first card."""
    for seed in range(first, first + 200):
        match = PREFERANS.new_match(PREFERANS.rules(), ["A", "B", "C"])
        deal = match.start_deal(seeded_rng(seed))
        assert isinstance(deal, PreferansDeal)
        moves = random.Random(seed)
        while deal.phase != "play" and not deal.is_over:
            match.apply(moves.choice(deal.legal_actions()))
        if deal.phase == "play" and deal.kind == "game":
            return match, deal, moves
    raise AssertionError("no game on tricks in 200 deals")


def test_the_rest_is_claimed_only_in_the_play_of_a_game() -> None:
    """The auction is no time for a claim; neither is a seat that plays no cards."""
    match = PREFERANS.new_match(PREFERANS.rules(), ["A", "B", "C", "D"])
    deal = match.start_deal(seeded_rng(0))
    reason = "the remaining tricks are claimed in the play of a game on tricks"
    assert deal.why_illegal(ClaimRest(1)) == reason
    _, deal, _ = _game_in_play()
    assert deal.why_illegal(ClaimRest(5)) == "seat 5 plays no cards in this deal"


def test_a_granted_claim_gives_the_claimer_every_trick_not_yet_taken() -> None:
    """The claimer's cards lie face up for all; granted, he takes the rest and the deal ends."""
    match, deal, moves = _game_in_play()
    for _ in range(7):
        match.apply(moves.choice(deal.legal_actions()))
    declarer = deal.declarer
    assert declarer is not None
    before, played = list(deal.tricks), deal.trick_number
    match.apply(ClaimRest(declarer))
    other = next(seat for seat in deal.active if seat != declarer)
    assert dict(deal.view(other).open_hands)[declarer] == tuple(deal.view(declarer).hand)
    assert deal.why_illegal(ClaimRest(other)) is not None
    match.apply(GrantRest(declarer))
    assert deal.is_over
    assert deal.tricks[declarer] == before[declarer] + 10 - played
    assert sum(deal.tricks) == 10
    assert len(match.results) == 1


def test_a_claim_lapses_when_a_card_is_played() -> None:
    """Play going on refuses the claim: the grant is no longer legal."""
    match, deal, moves = _game_in_play(3)
    match.apply(ClaimRest(deal.active[0]))
    match.apply(moves.choice(deal.legal_actions()))
    assert deal.why_illegal(GrantRest(deal.active[0])) is not None
