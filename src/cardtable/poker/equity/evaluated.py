"""Equity board by board through the rule-by-rule evaluator and a variant's own showdown.

Wild cards, three-card hands and the variants whose showdown the kernel cannot settle
(crisscross's lines, deuce to seven, a low's qualifier) go this way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from math import comb

from cardtable.cards import Card, cards_text
from cardtable.poker.equity.result import EquityResult, Progress, tallied
from cardtable.poker.hands import (
    HandError,
    choose_readings,
    consistent_high_low,
    evaluate,
    evaluate_low,
    halves,
)
from cardtable.poker.judge import CardJudge, HandJudge, ReadingJudge, hand_pools, showdown_judge
from cardtable.poker.rules import HandRules, wild_cards
from cardtable.poker.variants import VariantSpec


def evaluated_equity(
    hands: Sequence[Sequence[Card]],
    *,
    shares_of: Callable[[Sequence[tuple[Card, ...]], Sequence[Card]], list[float]],
    board: Sequence[Card],
    deck: Sequence[Card],
    need: int,
    rules: HandRules,
    exact: bool,
    trials: int,
    seed: int,
    progress: Progress | None,
) -> EquityResult:
    """Equity board by board through the rule-by-rule evaluator (every board, or a sample)."""
    source: Iterator[tuple[Card, ...]]
    if exact:
        total = comb(len(deck), need)
        source = combinations(deck, need)
    else:
        total = trials
        rng = random.Random(seed)
        source = (tuple(rng.sample(deck, need)) for _ in range(trials))
    players = len(hands)
    wins = [0.0] * players
    ties = [0.0] * players
    shares = [0.0] * players
    done = 0
    for extra in source:
        share = shares_of([tuple(hand) for hand in hands], tuple(board) + extra)
        for i, part in enumerate(share):
            shares[i] += part
            if part == 1.0:
                wins[i] += 1
            elif part > 0:
                ties[i] += 1
        done += 1
        if progress is not None and done % 1000 == 0:
            progress(done, total)
    if progress is not None:
        progress(done, total)
    if done == 0:
        raise HandError(f"no boards to deal for {cards_text(board)}")
    return tallied(hands, wins=wins, ties=ties, shares=shares, boards=done, exact=exact)


def plain_showdown(variant: VariantSpec | None) -> bool:
    """Whether ``variant``'s showdown is its hand rules' alone (hold'em, lowball, draw)."""
    if variant is None:
        return True
    restricted = variant.hole_exactly or variant.board_exactly or variant.board_lines
    plain_win = {"high": "none", "low": "lowball", "high-low": "high-low"}
    ranked = plain_win.get(variant.win) == variant.hands.low
    return not restricted and not variant.low_qualifier and ranked


def pot_shares_by(
    rules: HandRules, variant: VariantSpec | None
) -> Callable[[Sequence[tuple[Card, ...]], Sequence[Card]], list[float]]:
    """How one board is settled: by the hand rules alone, or by the variant's showdown."""
    if plain_showdown(variant):
        return lambda hands, board: _pot_shares([hand + tuple(board) for hand in hands], rules)
    assert variant is not None
    showdown = _VariantShowdown(variant)
    return showdown.shares


class _VariantShowdown:
    """A variant's showdown over known cards, each pool's value worked out once."""

    def __init__(self, spec: VariantSpec) -> None:
        self.spec = spec
        self.judge: CardJudge = showdown_judge(HandJudge(spec.hands, spec.low_qualifier), spec.win)
        self.wild = bool(wild_cards(spec.hands))
        self._high: dict[frozenset[Card], int] = {}
        self._low: dict[frozenset[Card], int | None] = {}

    def _pool_high(self, pool: list[Card]) -> int:
        key = frozenset(pool)
        if key not in self._high:
            self._high[key] = self.judge.high(pool)
        return self._high[key]

    def _pool_low(self, pool: list[Card]) -> int | None:
        key = frozenset(pool)
        if key not in self._low:
            self._low[key] = self.judge.low(pool)
        return self._low[key]

    def shares(self, hands: Sequence[tuple[Card, ...]], board: Sequence[Card]) -> list[float]:
        """Each hand's share of the pot on ``board``."""
        pools = [hand_pools(self.spec, hand, board) for hand in hands]
        win = self.spec.win
        if win in ("high", "deuce-to-seven"):
            highs = [max(self._pool_high(pool) for pool in own) for own in pools]
            return _split([-h for h in highs] if win == "deuce-to-seven" else highs)
        if win == "high-low" and self.wild and isinstance(self.judge, ReadingJudge):
            judge = self.judge
            options = [[(r.high, r.low) for r in judge.readings(own)] for own in pools]
            if any(len(own) > 1 for own in options):
                chosen = choose_readings(options, halves)
                return halves([own[i] for own, i in zip(options, chosen, strict=True)])
        lows = [self._best_low(own) for own in pools]
        low = _split_some(lows)
        if win == "low":
            return low or [1.0 / len(hands)] * len(hands)
        high = _split([max(self._pool_high(pool) for pool in own) for own in pools])
        if not low:
            return high
        return [(h + lo) / 2 for h, lo in zip(high, low, strict=True)]

    def _best_low(self, own: list[list[Card]]) -> int | None:
        found = [value for pool in own if (value := self._pool_low(pool)) is not None]
        return max(found) if found else None


def _split_some(values: Sequence[int | None]) -> list[float] | None:
    """Shares among the best of the values given; ``None`` when nobody has one."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    best = max(present)
    winners = sum(1 for v in present if v == best)
    return [1.0 / winners if v == best else 0.0 for v in values]


def _pot_shares(hands: Sequence[tuple[Card, ...]], rules: HandRules) -> list[float]:
    """Each hand's share of one pot: split among the best, halved between high and low."""
    if rules.low == "lowball":
        return _split([evaluate_low(hand, rules).value for hand in hands])
    if rules.low == "high-low" and _any_wild(hands, rules):
        shown = consistent_high_low([[hand] for hand in hands], rules)
        return halves([(r.high.value, r.low.value) for r in shown])
    high = _split([evaluate(hand, rules).value for hand in hands])
    if rules.low != "high-low":
        return high
    low = _split([evaluate_low(hand, rules).value for hand in hands])
    return [(h + lo) / 2 for h, lo in zip(high, low, strict=True)]


def _any_wild(hands: Sequence[tuple[Card, ...]], rules: HandRules) -> bool:
    wild = wild_cards(rules)
    return any(card in wild for hand in hands for card in hand)


def _split(values: Sequence[int]) -> list[float]:
    best = max(values)
    winners = sum(1 for v in values if v == best)
    return [1.0 / winners if v == best else 0.0 for v in values]
