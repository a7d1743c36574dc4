"""A claim of the remaining tricks: laid face up, lapsing at the next card, counted when granted.

docs/rules/piquet.md, "Claims of the remaining tricks": a granted claim counts the rest as if
the claimer had won every remaining trick (rules 30–31 for the leads and tricks, rule 37 for
the last trick, rules 38–40 for the capot and the lesa).
"""

from __future__ import annotations

import copy
import random

from cardtable.engine import seeded_rng
from cardtable.engine.claims import ClaimRest, GrantRest
from cardtable.piquet.deal import PiquetDeal
from cardtable.piquet.game import PIQUET, PiquetMatch


def _deal(seed: int, players: int = 2) -> tuple[PiquetMatch, PiquetDeal]:
    match = PIQUET.new_match(PIQUET.rules(), [f"P{n}" for n in range(players)])
    deal = match.start_deal(seeded_rng(seed))
    assert isinstance(deal, PiquetDeal)
    return match, deal


def _play_until(match: PiquetMatch, deal: PiquetDeal, seed: int, cards_left: int) -> None:
    moves = random.Random(seed)
    while deal.phase != "play" or any(len(hand) > cards_left for hand in deal.state.hands.values()):
        match.apply(moves.choice(deal.legal_actions()))


def test_a_claim_is_laid_down_once_the_first_card_is_led() -> None:
    """Before the first lead the rest cannot be claimed; the claim shows the claimer's cards."""
    match, deal = _deal(1)
    assert deal.why_illegal(ClaimRest(0)) == "the remaining tricks are claimed in the play"
    _play_until(match, deal, 1, 11)
    hand = sorted(deal.state.hands[1], key=lambda card: card.index)
    (laid,) = match.apply(ClaimRest(1))
    assert (laid.kind, laid.cards, laid.audience) == ("claim", tuple(hand), None)
    assert deal.cards_known_to(0) >= set(hand)
    assert deal.why_illegal(ClaimRest(0)) == "seat 1's claim lies face up already"
    assert deal.why_illegal(GrantRest(0)) == "seat 0 has laid down no claim to grant"
    assert ClaimRest(1) not in deal.legal_actions()


def test_a_claim_not_granted_lapses_at_the_next_card() -> None:
    """Play going on is the claim refused: its grant is no longer legal."""
    match, deal = _deal(2)
    _play_until(match, deal, 2, 11)
    match.apply(ClaimRest(0))
    match.apply(deal.legal_actions()[0])
    assert deal.why_illegal(GrantRest(0)) == "seat 0 has laid down no claim to grant"


def test_a_granted_claim_counts_as_the_last_trick_played_would() -> None:
    """At the last trick the claim of its winner counts exactly what playing it counts."""
    for seed in range(12):
        match, deal = _deal(seed)
        _play_until(match, deal, seed, 1)
        played = copy.deepcopy(match)
        while played.current is not None:
            played.apply(played.current.legal_actions()[0])
        out = played.deals[-1]
        assert isinstance(out, PiquetDeal)
        last = next(e.seat for e in reversed(out.events) if e.kind == "trick")
        assert last is not None
        match.apply(ClaimRest(last))
        match.apply(GrantRest(last))
        assert deal.is_over
        assert deal.state.counts == out.state.counts
        assert deal.state.tricks == out.state.tricks
        assert match.ledger() == played.ledger()


def test_a_granted_claim_gives_the_claimer_every_remaining_trick_for_three() -> None:
    """For three, the claimer takes every trick still to play and the deal is over."""
    match, deal = _deal(3, players=3)
    _play_until(match, deal, 3, 6)
    before = dict(deal.state.tricks)
    left = min(len(hand) for hand in deal.state.hands.values())
    match.apply(ClaimRest(2))
    match.apply(GrantRest(2))
    assert deal.is_over
    assert deal.state.tricks[2] == before[2] + left
    assert sum(deal.state.tricks.values()) == sum(before.values()) + left
