"""Compiled hot paths: standard and low hand values from bitmasks, in batches, equity, lean deals.

The rooms: ``values`` (the bitmask of a hand, the rank tables and high values), ``lows``,
``equity`` (every board dealt, or a sample, also against ranges), ``boards`` (exact equity
counted by ranks and suits), ``lean`` (the lean simulation loop), ``betting`` (its betting
rounds and forced bets) and ``showdown`` (its hand values and pay-out).

Import this package lazily: importing numba takes a moment. Its kernels call one another
across its files, which numba's cache does not follow, so importing it drops the caches a
change of another file made stale (:func:`cardtable.kernel_cache.drop_stale`).
"""

from cardtable.kernel_cache import drop_stale
from cardtable.poker._kernels import betting, boards, equity, lean, lows, showdown, values
from cardtable.poker._kernels.boards import (
    COMBS,
    exact_equity_by_ranks,
    exact_equity_split_hands,
    split_hands_on_boards,
)
from cardtable.poker._kernels.equity import (
    HIGH,
    HIGH_LOW,
    LOWBALL,
    exact_equity,
    sampled_equity,
    sampled_range_equity,
)
from cardtable.poker._kernels.lean import LAYOUT_BOARD, LAYOUT_HOLE, lean_deals
from cardtable.poker._kernels.lows import LOW_SHIFT, WORST, low_value_of_mask, low_values_of_hands
from cardtable.poker._kernels.values import (
    CARD_BITS,
    CATEGORY_SHIFT,
    FLUSH,
    FULL,
    STRAIGHT,
    STRAIGHT_FLUSH,
    five_value,
    masks_of_hands,
    seven_value,
    standard_value,
    value_of_mask,
    values_of_hands,
    values_of_masks,
)
from cardtable.poker.rank_tables import RANK_BITS, tables

__all__ = [
    "CARD_BITS",
    "CATEGORY_SHIFT",
    "COMBS",
    "FLUSH",
    "FULL",
    "HIGH",
    "HIGH_LOW",
    "LAYOUT_BOARD",
    "LAYOUT_HOLE",
    "LOWBALL",
    "LOW_SHIFT",
    "RANK_BITS",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "WORST",
    "exact_equity",
    "exact_equity_by_ranks",
    "exact_equity_split_hands",
    "five_value",
    "lean_deals",
    "low_value_of_mask",
    "low_values_of_hands",
    "masks_of_hands",
    "sampled_equity",
    "sampled_range_equity",
    "seven_value",
    "split_hands_on_boards",
    "standard_value",
    "tables",
    "value_of_mask",
    "values_of_hands",
    "values_of_masks",
]

drop_stale((values, lows, equity, boards, betting, showdown, lean), __name__)
