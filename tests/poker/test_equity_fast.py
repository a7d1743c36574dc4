"""The fast equity paths agree with the rule-by-rule evaluator on random deals.

The kernel settles hold'em boards by their ranks (one showdown per multiset of ranks, the
flushes apart) and Omaha boards by their three-card parts; every figure must be the one
that valuing each board's hands card by card gives.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from cardtable.cards import Card
from cardtable.poker import HandError, HandRules, aot, equity, evaluate
from cardtable.poker.fast import card_mask, hand_masks, hand_value, kernels, tables
from cardtable.poker.game import POKER
from cardtable.poker.judge import hand_pools

GAME = POKER


def _deal(rng: random.Random, deck: Sequence[Card], sizes: Sequence[int]) -> list[list[Card]]:
    cards = rng.sample(list(deck), sum(sizes))
    out, at = [], 0
    for size in sizes:
        out.append(cards[at : at + size])
        at += size
    return out


def _shares_by_hand(values: Sequence[int]) -> list[float]:
    best = max(values)
    winners = values.count(best)
    return [1.0 / winners if v == best else 0.0 for v in values]


def _reference(
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card],
    rules: HandRules,
    value_of: object = None,
) -> list[float]:
    """Each hand's equity, every board valued card by card with ``evaluate``."""
    known = {c for hand in hands for c in hand} | set(board)
    deck = [c for c in rules.deck().cards() if c not in known]
    totals = [0.0] * len(hands)
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = list(board) + list(extra)
        if value_of is None:
            values = [evaluate(list(hand) + full, rules).value for hand in hands]
        else:
            values = [value_of(hand, full) for hand in hands]  # type: ignore[operator]
        for p, share in enumerate(_shares_by_hand(values)):
            totals[p] += share
        boards += 1
    return [t / boards for t in totals]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_exact_holdem_equity_by_ranks_is_the_equity_of_every_board_valued_alone(
    players: int,
) -> None:
    """002_053e85955f9a4108.txt, Ничья: each board's pot goes to the best hands, split on a tie.

    Random hands and flops or turns, two to six players: the kernel's figures are those of
    the rule-by-rule evaluator over every remaining board.
    """
    rng = random.Random(players)
    rules = HandRules()
    for _ in range(6):
        known = 4 if rng.random() < 0.5 else 3
        *hands, board = _deal(rng, rules.deck().cards(), [2] * players + [known])
        if known == 3 and players > 2:
            board.append(
                rng.choice(
                    [
                        c
                        for c in rules.deck().cards()
                        if c not in board and all(c not in h for h in hands)
                    ]
                )
            )
        result = equity(hands, board=board, exact=True)
        expected = _reference(hands, board, rules)
        assert [h.equity for h in result.hands] == pytest.approx(expected, abs=1e-12)


def test_preflop_equity_by_ranks_matches_the_board_by_board_kernel_on_random_hands() -> None:
    """002_053e85955f9a4108.txt, Ничья: every one of the 1,712,304 boards counted once.

    The board-by-board kernel is itself checked against the rule-by-rule evaluator in
    tests/poker/test_differential.py; here the two kernels must agree to the board.
    """
    rng = random.Random(19)
    module = kernels()
    table = tables(tuple(range(2, 15)))
    for players in (2, 2, 2, 3):
        deck = list(HandRules().deck().cards())
        hands = _deal(rng, deck, [2] * players)
        masks = np.array([card_mask(h) for h in hands], dtype=np.int64)
        known = {c for h in hands for c in h}
        bits = np.array([c.bit for c in deck if c not in known], dtype=np.int64)
        wins, ties, shares, _ = module.exact_equity(masks, 0, bits, 5, 0, *table)
        by_ranks = module.exact_equity_by_ranks(masks, 0, bits, 5, *table)
        assert by_ranks[0].tolist() == wins.tolist()
        assert by_ranks[1].tolist() == ties.tolist()
        assert by_ranks[2] == pytest.approx(shares, rel=1e-12)


def test_short_deck_equity_by_ranks_is_the_equity_of_every_board_valued_alone() -> None:
    """docs/rules/poker.md, stripped decks: the ace plays below the lowest rank left."""
    rng = random.Random(36)
    rules = HandRules(stripped=(2, 3, 4, 5))
    for _ in range(6):
        *hands, board = _deal(rng, rules.deck().cards(), [2, 2, 3])
        result = equity(hands, board=board, rules=rules, exact=True)
        expected = _reference(hands, board, rules)
        assert [h.equity for h in result.hands] == pytest.approx(expected, abs=1e-12)


def test_omaha_equity_in_the_kernel_uses_two_hole_cards_and_three_of_the_board() -> None:
    """docs/rules/poker-variants.md, `hole_exactly` and `board_exactly` (Omaha).

    Random four-card hands on random turns: the kernel's figures are those of valuing
    every pool of two hole and three board cards with the rule-by-rule evaluator.
    """
    spec = GAME.rules("omaha").variant
    rules = spec.hands
    rng = random.Random(4)

    def best(hand: Sequence[Card], board: Sequence[Card]) -> int:
        return max(evaluate(pool, rules).value for pool in hand_pools(spec, hand, board))

    for players in (2, 3, 2):
        *hands, board = _deal(rng, rules.deck().cards(), [4] * players + [4])
        result = equity(hands, board=board, variant=spec)
        assert result.exact
        expected = _reference(hands, board, rules, best)
        assert [h.equity for h in result.hands] == pytest.approx(expected, abs=1e-12)


def test_sampled_omaha_equity_is_repeatable_and_near_the_exact_figure() -> None:
    """docs/rules/poker-variants.md, `hole_exactly` and `board_exactly` (Omaha)."""
    spec = GAME.rules("omaha").variant
    rng = random.Random(5)
    *hands, board = _deal(rng, spec.hands.deck().cards(), [4, 4, 3])
    exact = equity(hands, board=board, variant=spec, exact=True)
    first = equity(hands, board=board, variant=spec, exact=False, trials=20_000, seed=3)
    assert first == equity(hands, board=board, variant=spec, exact=False, trials=20_000, seed=3)
    assert not first.exact
    assert first.hands[0].equity == pytest.approx(exact.hands[0].equity, abs=0.02)


def test_hand_masks_are_the_card_masks_of_each_row() -> None:
    """docs/architecture.md: a hand is a mask with bit 16 × suit + rank − 2 per card."""
    rng = np.random.default_rng(8)
    rows = rng.random((500, 52)).argpartition(7, axis=1)[:, :7].astype(np.uint8)
    masks = hand_masks(rows)
    assert masks.tolist() == [card_mask(Card.from_index(int(i)) for i in row) for row in rows]


def test_a_card_carries_its_mask_bit_and_a_joker_none_the_evaluator_takes() -> None:
    """docs/architecture.md: the fast evaluator has no wild cards."""
    for index in range(52):
        card = Card.from_index(index)
        assert card.bit == 1 << (16 * int(card.suit or 0) + card.rank - 2)
    hand = [Card.from_index(i) for i in (0, 14, 28, 42, 50, 7)] + [Card.joker()]
    with pytest.raises(HandError, match="no wild cards"):
        hand_value(hand)
    with pytest.raises(HandError, match="no wild cards"):
        hand_value(hand[2:])
    with pytest.raises(HandError, match="no wild cards"):
        hand_value(tuple(hand[2:]))
    with pytest.raises(HandError, match="no wild cards"):
        card_mask(hand[5:])


def _ahead_of_time() -> Callable[..., Any]:
    count = aot.counter()
    if count is None:
        pytest.skip("the counter compiled ahead of time is not built (make's set-up builds it)")
    return count


def test_the_counter_compiled_ahead_of_time_counts_as_the_numba_kernel() -> None:
    """002_053e85955f9a4108.txt, Ничья: the same boards won, tied and shared, to the board.

    README, "Hands": the exact count of two-card hands runs without numba once it is
    compiled ahead of time; it is the numba kernel's own code, so they agree on every hand.
    """
    count = _ahead_of_time()
    rng = random.Random(20)
    module = kernels()
    table = tables(tuple(range(2, 15)))
    for players, known in ((2, 0), (2, 3), (3, 0), (2, 4)):
        deck = list(HandRules().deck().cards())
        *hands, board = _deal(rng, deck, [2] * players + [known])
        masks = np.array([card_mask(h) for h in hands], dtype=np.int64)
        seen = {c for h in hands for c in h} | set(board)
        bits = np.array([c.bit for c in deck if c not in seen], dtype=np.int64)
        jit = module.exact_equity_by_ranks(masks, card_mask(board), bits, 5 - known, *table)
        ahead = count(masks, card_mask(board), bits, 5 - known, *table)
        assert [part.tolist() for part in ahead] == [part.tolist() for part in jit]


def test_exact_heads_up_equity_runs_without_importing_numba() -> None:
    """README, "Hands": ``poker equity`` of two hands counts every board without numba.

    A fresh process asks for A♥ K♥ against Q♠ Q♦ over all 1,712,304 boards (46.2145 %).
    """
    _ahead_of_time()
    code = (
        "import sys; from cardtable.cards import parse_cards; from cardtable.poker import equity;"
        "r = equity([parse_cards('A♥ K♥'), parse_cards('Q♠ Q♦')], exact=True);"
        "print(round(r.hands[0].equity, 6), r.boards, 'numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0.462145", "1712304", "False"]
