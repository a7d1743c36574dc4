"""Independent references for the poker tests: a vectorised standard ranker and brute force.

Written apart from ``cardtable.poker``: the standard ranker sorts each hand's cards by
(count, rank) with numpy and reads the category off the sorted counts; the wild-card
reference tries every card for every wild card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, product

import numpy as np
import numpy.typing as npt

Keys = npt.NDArray[np.int64]


def random_hands(rng: np.random.Generator, count: int, size: int) -> npt.NDArray[np.uint8]:
    """``count`` hands of ``size`` distinct cards (indices 0..51)."""
    picked = rng.random((count, 52)).argpartition(size, axis=1)[:, :size]
    return picked.astype(np.uint8)


def five_card_keys(hands: npt.NDArray[np.integer]) -> Keys:
    """A key per five-card row: larger is better, equal for equal hands."""
    rows = hands.shape[0]
    ranks = (hands % 13).astype(np.int64)
    suits = hands // 13
    counts = np.zeros((rows, 13), dtype=np.int64)
    for column in range(5):
        counts[np.arange(rows), ranks[:, column]] += 1
    per_card = counts[np.arange(rows)[:, None], ranks] * 16 + ranks
    ordered = -np.sort(-per_card, axis=1)
    by_rank = ordered % 16
    by_count = ordered // 16
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = by_count[:, 0] == 1
    wheel = distinct & (by_rank == np.array([12, 3, 2, 1, 0])).all(axis=1)
    straight = distinct & ((by_rank[:, 0] - by_rank[:, 4] == 4) | wheel)
    category = np.select(
        [
            straight & flush,
            by_count[:, 0] == 4,
            (by_count[:, 0] == 3) & (by_count[:, 3] == 2),
            flush,
            straight,
            by_count[:, 0] == 3,
            (by_count[:, 0] == 2) & (by_count[:, 2] == 2),
            by_count[:, 0] == 2,
        ],
        [8, 7, 6, 5, 4, 3, 2, 1],
        0,
    )
    weights = 13 ** np.arange(4, -1, -1)
    tiebreak = (by_rank * weights).sum(axis=1)
    tiebreak = np.where(straight, np.where(wheel, 3, by_rank[:, 0]), tiebreak)
    return category * 13**5 + tiebreak


def best_keys(hands: npt.NDArray[np.integer]) -> Keys:
    """The key of the best five of each row (rows of five or more cards)."""
    width = hands.shape[1]
    best = np.full(hands.shape[0], -1, dtype=np.int64)
    for chosen in combinations(range(width), 5):
        best = np.maximum(best, five_card_keys(hands[:, list(chosen)]))
    return best


def assert_same_order(
    first: Sequence[int] | npt.NDArray[np.integer], second: Sequence[int] | npt.NDArray[np.integer]
) -> None:
    """Fail unless the two value lists order their items identically (ties included)."""
    a = np.asarray(first, dtype=np.int64)
    b = np.asarray(second, dtype=np.int64)
    order = np.lexsort((b, a))
    a, b = a[order], b[order]
    rising = np.diff(b) >= 0
    same_ties = (np.diff(a) == 0) == (np.diff(b) == 0)
    bad = np.flatnonzero(~(rising & same_ties))
    assert bad.size == 0, (
        f"{bad.size} adjacent pairs ordered differently, first at {order[bad[:3]]}"
    )


Pip = tuple[int, int]
"""A card as (rank 2..14, suit 0..3)."""

ALL_PIPS = [(rank, suit) for suit in range(4) for rank in range(2, 15)]


def wild_key(pips: Sequence[Pip]) -> int | None:
    """The key of five real cards (repeats allowed), or None if a repeat makes no legal hand.

    Categories: 0 high card, 1 pair, 2 two pair, 3 trips, 4 straight, 5 flush,
    6 double-ace flush, 7 full house, 8 quads, 9 straight flush, 10 five of a kind.
    """
    ranks = sorted((r for r, _ in pips), reverse=True)
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    flush = len({s for _, s in pips}) == 1
    repeated = len(set(pips)) < 5
    straight_top = 0
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            straight_top = 5
    grouped = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    if shape[0] == 5:
        category, order = 10, grouped
    elif flush and straight_top:
        category, order = 9, [straight_top]
    elif shape[0] == 4:
        category, order = 8, grouped
    elif shape[:2] == [3, 2]:
        category, order = 7, grouped
    elif flush and counts[14] == 2:
        category, order = 6, ranks
    elif flush:
        category, order = 5, ranks
    elif straight_top:
        category, order = 4, [straight_top]
    elif shape[0] == 3:
        category, order = 3, grouped
    elif shape[:2] == [2, 2]:
        category, order = 2, grouped
    else:
        category, order = (1 if shape[0] == 2 else 0), grouped
    if repeated and category not in (6, 10):
        return None
    key = category
    for position in range(5):
        key = key * 15 + (order[position] if position < len(order) else 0)
    return key


def brute_wild_key(
    natural: Sequence[Pip], wilds: int, *, any_card: bool, held: Sequence[Pip] = ()
) -> int:
    """The best key of five cards.

    ``natural`` plus ``wilds`` wild cards tried as every card.  With ``any_card`` a wild card may be
    any card (rule б); otherwise only a card the player does not hold, each wild card a different
    one (rule а). Fewer wild cards win ties.
    """
    best = -1
    for chosen in product(ALL_PIPS, repeat=wilds):
        if not any_card and (len(set(chosen)) < wilds or set(chosen) & set(natural)):
            continue
        key = wild_key([*natural, *chosen])
        if key is not None:
            best = max(best, key)
    return best * 8 + (7 - wilds)


def brute_best_wild_key(pips: Sequence[Pip | None], *, any_card: bool) -> int:
    """The best :func:`brute_wild_key` of any five of ``pips`` (None for a wild card)."""
    natural_all = [p for p in pips if p is not None]
    best = -1
    for five in combinations(range(len(pips)), 5):
        natural = [p for i in five if (p := pips[i]) is not None]
        wilds = 5 - len(natural)
        key = brute_wild_key(natural, wilds, any_card=any_card, held=natural_all)
        best = max(best, key)
    return best
