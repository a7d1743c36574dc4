"""The piquet hint (the discard by expected count) and claims judged (cardtable.piquet.hints)."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from statistics import fmean

from cardtable.bots.piquet import PiquetBot
from cardtable.cards import Card, parse_cards
from cardtable.engine import get_game, seeded_rng
from cardtable.engine.aids import judge_claim
from cardtable.piquet.actions import parse_action
from cardtable.piquet.deal import PiquetDeal
from cardtable.piquet.game import PiquetMatch
from cardtable.piquet.hints import discard_hint, hand_count
from cardtable.piquet.phases.playing import Playing
from cardtable.piquet.play import playable, trick_winner
from cardtable.piquet.rules import PiquetRules

GAME = get_game("piquet")


def dealt(seed: int, players: int = 2) -> tuple[PiquetMatch, PiquetDeal]:
    """A piquet deal dealt from ``seed``."""
    match = GAME.new_match(GAME.rules(), [f"p{n}" for n in range(players)], None)
    assert isinstance(match, PiquetMatch)
    deal = match.start_deal(seeded_rng(seed))
    assert isinstance(deal, PiquetDeal)
    return match, deal


def test_a_hand_counts_its_point_every_sequence_and_every_set() -> None:
    """Five spades count 5, the quint major 15, fourteen aces 14, a trio of kings 3.

    001_776ed664a35a376f.txt, piquet rules 20–23 (the point by its cards, a quint «пять и
    пятнадцать», a fourteen, three cards).
    """
    hand = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♥ A♥ A♦ A♣ K♦ K♣ 7♥")
    assert hand_count(hand, PiquetRules()) == 5 + 15 + 14 + 3
    assert hand_count(parse_cards("7♠ 9♠ J♣ K♦ 8♥"), PiquetRules()) == 2


def test_a_hint_uses_no_card_the_seat_has_not_seen() -> None:
    """The ranking is the same when the cards the seat has not seen lie otherwise (same seed).

    docs/tui.md, "Aids": the draw is dealt from the cards the seat has not seen.
    """
    match, deal = dealt(4)
    elder = deal.to_move
    assert elder is not None
    first_move = "discard " + " ".join(
        str(c) for c in sorted(deal.view(elder).hand, key=lambda c: c.index)[:3]
    )
    match.apply(parse_action(first_move))
    seat = deal.to_move
    assert seat is not None
    mine = set(deal.view(seat).hand)
    fixed = mine | set(deal.state.discards[elder])
    hidden = [card for card in deal.setup.deck if card not in fixed]
    moved = hidden[:]
    random.Random(2).shuffle(moved)
    swap: dict[Card, Card] = dict(zip(hidden, moved, strict=True))
    twin_match = GAME.new_match(GAME.rules(), ["p0", "p1"], None)
    twin = twin_match.start_deal_from(
        replace(deal.setup, deck=tuple(swap.get(c, c) for c in deal.setup.deck))
    )
    assert isinstance(twin, PiquetDeal)
    twin_match.apply(parse_action(first_move))
    assert twin.view(seat).hand == deal.view(seat).hand
    assert set(twin.state.hands[elder]) != set(deal.state.hands[elder])
    first = discard_hint(deal, seat, seeded_rng(3), samples=30)
    assert first == discard_hint(twin, seat, seeded_rng(3), samples=30)


def test_the_expected_count_of_a_discard_is_its_mean_over_every_draw() -> None:
    """The sampled count of the younger hand's best discards is near the exact mean.

    001_776ed664a35a376f.txt, piquet rule 9 (the dealer takes three) and rules 20–23; every
    draw of three of the twenty cards he has not seen enumerated.
    """
    match, deal = dealt(6)
    match.apply(parse_action("refuse talon"))
    seat = deal.to_move
    assert seat is not None
    answer = discard_hint(deal, seat, seeded_rng(5), samples=600)
    hand = deal.view(seat).hand
    unseen = [
        c
        for c in GAME.new_match(GAME.rules(), ["a", "b"], None).deck()
        if c not in deal.cards_known_to(seat)
    ]
    assert len(unseen) == 20
    for text, value in answer.ranked[:3]:
        move = parse_action(text)
        gone = set(getattr(move, "cards", ()))
        kept = [c for c in hand if c not in gone]
        exact = fmean(
            hand_count(kept + list(draw), deal.rules) for draw in combinations(unseen, len(gone))
        )
        assert abs(value - exact) < 0.6, text


def wins_every_trick(deal: PiquetDeal, claimer: int) -> bool:
    """Exhaustively: whether ``claimer`` wins every remaining trick whatever the others play."""
    state = deal.state
    phase = state.phase
    assert isinstance(phase, Playing)
    order = state.order

    def search(hands: dict[int, list[Card]], turn: int, trick: list[tuple[int, Card]]) -> bool:
        if not trick and any(not cards for cards in hands.values()):
            return True
        results = []
        for card in playable(hands[turn], [c for _, c in trick]):
            rest = {**hands, turn: [c for c in hands[turn] if c != card]}
            now = [*trick, (turn, card)]
            if len(now) < len(order):
                results.append(search(rest, order[(order.index(turn) + 1) % len(order)], now))
            else:
                winner = now[trick_winner([c for _, c in now])][0]
                results.append(winner == claimer and search(rest, winner, []))
        return any(results) if turn == claimer else all(results)

    assert state.turn is not None
    trick = list(zip(phase.seats, phase.cards, strict=True))
    return search({p: list(state.hands[p]) for p in state.players}, state.turn, trick)


def test_a_claim_is_proved_when_the_claimer_wins_every_trick_whatever_the_others_play() -> None:
    """Judged on the cards as they lie, checked against an exhaustive search of the play.

    docs/rules/piquet.md, "Claims of the remaining tricks"; 001_776ed664a35a376f.txt, piquet
    rule 35 (follow the suit led) and for three.
    """
    verdicts = []
    for seed, players in [(s, 2) for s in range(6)] + [(s, 3) for s in range(3)]:
        match, deal = dealt(seed, players)
        rng = seeded_rng(seed)
        bot = PiquetBot(deal.rules)
        while deal.to_move is not None:
            state = deal.state
            phase = state.phase
            late = min(len(cards) for cards in state.hands.values()) <= 4
            if isinstance(phase, Playing) and not phase.before_the_lead() and late:
                for seat in state.players:
                    verdict = judge_claim("piquet", deal, seat)
                    assert verdict.proved == wins_every_trick(deal, seat)
                    verdicts.append(verdict.proved)
            match.apply(bot.choose(deal.view(deal.to_move), deal.legal_actions(), rng))
    assert True in verdicts
    assert False in verdicts
