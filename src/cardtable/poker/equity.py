"""Equity: how often each hand wins, ties, and what share of the pot it takes on average.

Known hands, a partial board and dead cards are given; the rest of the board is dealt every
possible way when that is few enough boards (exact), or at random with a seed otherwise
(Monte Carlo). Standard high rules go through the compiled kernel; any other rules (wild
cards, low, high-low, three-card) through :mod:`cardtable.poker.hands`. A ``variant`` brings
its own showdown: the cards a hand may use (Omaha's two and three, crisscross's lines), its
hand rules, who wins (high, low, high-low halves, deuce to seven) and a low's qualifier.

>>> from cardtable.cards import parse_cards
>>> result = equity([parse_cards("A♥ K♥"), parse_cards("Q♠ Q♦")],
...                 board=parse_cards("2♣ 7♦ 9♥ J♥"))
>>> result.exact, result.boards, round(result.hands[0].equity, 4)
(True, 44, 0.3409)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from math import comb

from cardtable.cards import Card, cards_text
from cardtable.errors import CardParseError
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

Progress = Callable[[int, int], None]
"""Called with (boards done, boards in all) as the work goes on."""

FAST_EXACT_LIMIT = 3_000_000
"""Most boards the kernel enumerates rather than samples (a few tenths of a second)."""
SLOW_EXACT_LIMIT = 5_000
"""Most boards the rule-by-rule evaluator enumerates."""
FAST_TRIALS = 200_000
"""Boards sampled by default with the kernel."""
SLOW_TRIALS = 5_000
"""Boards sampled by default with the rule-by-rule evaluator (about a millisecond a hand)."""
_CHUNK = 250_000


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's results: ``win`` alone, ``tie`` (a share of the pot) and ``equity``."""

    cards: tuple[Card, ...]
    win: float
    tie: float
    equity: float


@dataclass(frozen=True, slots=True)
class EquityResult:
    """Every hand's equity, the boards dealt, and whether they were all of them."""

    hands: tuple[HandEquity, ...]
    boards: int
    exact: bool


def equity(
    hands: Sequence[Sequence[Card]],
    *,
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    rules: HandRules | None = None,
    board_size: int | None = None,
    trials: int | None = None,
    seed: int = 1,
    exact: bool | None = None,
    progress: Progress | None = None,
    variant: VariantSpec | None = None,
) -> EquityResult:
    """The equity of two to ten ``hands`` with ``board_size`` shared cards to come.

    ``exact`` forces enumeration (True) or sampling (False); by default the boards are
    enumerated when they are few enough, and otherwise ``trials`` boards are sampled with
    ``seed`` (by default 200,000 with the kernel, 5,000 when the rules need the rule-by-rule
    evaluator), so the same arguments always give the same answer.

    With a ``variant`` its hand rules replace ``rules``, its board size is the default, and
    each board is settled as its showdown settles a pot, the cards speaking in high-low: a
    half pot is a share of one half (``tie``), the whole pot a ``win``.
    """
    if variant is not None:
        _refuse_short_hands(hands, variant)
        rules = variant.hands
        board_size = variant.board_size() if board_size is None else board_size
    rules = rules or HandRules()
    board_size = 5 if board_size is None else board_size
    if not 2 <= len(hands) <= 10:
        raise HandError(f"equity needs two to ten hands, not {len(hands)}")
    if len(board) > board_size:
        raise HandError(f"the board has {len(board)} cards, more than {board_size}")
    if trials is not None and trials < 1:
        raise HandError("trials must be at least 1")
    known = [card for hand in hands for card in hand] + list(board) + list(dead)
    _refuse_twice(known)
    deck = [card for card in rules.deck().cards() if card not in set(known)]
    need = board_size - len(board)
    if need > len(deck):
        raise HandError(f"{need} board cards are needed but only {len(deck)} remain")
    boards = comb(len(deck), need)
    mode = _kernel_mode(rules, known) if _plain(variant) else None
    fast = mode is not None
    limit = FAST_EXACT_LIMIT if fast else SLOW_EXACT_LIMIT
    enumerate_all = exact if exact is not None else boards <= limit
    if trials is None:
        trials = FAST_TRIALS if fast else SLOW_TRIALS
    if mode is not None:
        return _fast(
            hands,
            mode=mode,
            board=board,
            deck=deck,
            need=need,
            rules=rules,
            exact=enumerate_all,
            trials=trials,
            seed=seed,
            progress=progress,
        )
    return _slow(
        hands,
        shares_of=_pot_shares_by(rules, variant),
        board=board,
        deck=deck,
        need=need,
        rules=rules,
        exact=enumerate_all,
        trials=trials,
        seed=seed,
        progress=progress,
    )


def _refuse_short_hands(hands: Sequence[Sequence[Card]], variant: VariantSpec) -> None:
    """Refuse a hand with fewer cards of its own than ``variant``'s final hand must use."""
    need = variant.hole_exactly
    if need and any(len(hand) < need for hand in hands):
        raise HandError(f"{variant.name}: each hand must have {need} cards of its own at least")


def _refuse_twice(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardParseError(f"card given twice: {card.text()}")
        seen.add(card)


def _kernel_mode(rules: HandRules, known: Sequence[Card]) -> int | None:
    """How the kernel settles a pot under ``rules``: high, lowball, high-low.

    None when only the rule-by-rule evaluator knows these rules.
    """
    from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numpy on demand

    if any(card.is_joker for card in known):
        return None
    if kernel_supports(rules):
        return 0
    high = replace(rules, low="none")
    if rules.low != "none" and not rules.stripped and kernel_supports(high):
        return 1 if rules.low == "lowball" else 2
    return None


def _result(
    hands: Sequence[Sequence[Card]],
    *,
    wins: Sequence[float],
    ties: Sequence[float],
    shares: Sequence[float],
    boards: int,
    exact: bool,
) -> EquityResult:
    return EquityResult(
        tuple(
            HandEquity(tuple(hand), wins[i] / boards, ties[i] / boards, shares[i] / boards)
            for i, hand in enumerate(hands)
        ),
        boards,
        exact,
    )


def _fast(
    hands: Sequence[Sequence[Card]],
    *,
    mode: int,
    board: Sequence[Card],
    deck: Sequence[Card],
    need: int,
    rules: HandRules,
    exact: bool,
    trials: int,
    seed: int,
    progress: Progress | None,
) -> EquityResult:
    import numpy as np  # noqa: PLC0415 - numpy on demand

    from cardtable.poker.fast import card_mask, kernels, tables  # noqa: PLC0415

    module = kernels()
    table = tables(tuple(int(rank) for rank in rules.ranks))
    masks = np.array([card_mask(hand) for hand in hands], dtype=np.int64)
    board_mask = card_mask(board)
    bits = np.array([card_mask([card]) for card in deck], dtype=np.int64)
    if exact:
        total = comb(len(deck), need)
        wins, ties, shares, dealt = module.exact_equity(masks, board_mask, bits, need, mode, *table)
        if progress is not None:
            progress(total, total)
        return _result(
            hands,
            wins=wins.tolist(),
            ties=ties.tolist(),
            shares=shares.tolist(),
            boards=int(dealt),
            exact=True,
        )
    wins_sum = np.zeros(len(hands), dtype=np.int64)
    ties_sum = np.zeros(len(hands), dtype=np.int64)
    shares_sum = np.zeros(len(hands), dtype=np.float64)
    for first in range(0, trials, _CHUNK):
        count = min(_CHUNK, trials - first)
        wins, ties, shares = module.sampled_equity(
            masks, board_mask, bits, need, mode, seed, first, count, *table
        )
        wins_sum += wins
        ties_sum += ties
        shares_sum += shares
        if progress is not None:
            progress(first + count, trials)
    return _result(
        hands,
        wins=wins_sum.tolist(),
        ties=ties_sum.tolist(),
        shares=shares_sum.tolist(),
        boards=trials,
        exact=False,
    )


def _slow(
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
    return _result(hands, wins=wins, ties=ties, shares=shares, boards=done, exact=exact)


def _plain(variant: VariantSpec | None) -> bool:
    """Whether ``variant``'s showdown is its hand rules' alone (hold'em, lowball, draw)."""
    if variant is None:
        return True
    restricted = variant.hole_exactly or variant.board_exactly or variant.board_lines
    plain_win = {"high": "none", "low": "lowball", "high-low": "high-low"}
    ranked = plain_win.get(variant.win) == variant.hands.low
    return not restricted and not variant.low_qualifier and ranked


def _pot_shares_by(
    rules: HandRules, variant: VariantSpec | None
) -> Callable[[Sequence[tuple[Card, ...]], Sequence[Card]], list[float]]:
    """How one board is settled: by the hand rules alone, or by the variant's showdown."""
    if _plain(variant):
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
