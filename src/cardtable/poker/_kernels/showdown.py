"""The lean loop's showdown: each seat's high and low value, and the pot paid to the best."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from cardtable.poker._kernels.lows import WORST, low_value_of_mask
from cardtable.poker._kernels.values import (
    FULL,
    STANDARD_COUNT,
    STANDARD_TOP,
    IntArray,
    standard_value,
    value_of_mask,
)


@njit(cache=True)
def _best_of(
    own: IntArray, count: int, board: IntArray, shown: int, hole: int, take: int, low: IntArray
) -> int:
    """The best value of exactly ``hole`` of the ``count`` own cards and ``take`` of the board.

    High by default; with ``low`` (the rank counts, the qualifier) the best qualifying low,
    or -1 if none qualifies.
    """
    best = -1
    for mine in range(1 << count):
        if _bits_set(mine) != hole:
            continue
        mask = 0
        for place in range(count):
            if mine >> place & 1:
                mask |= own[place]
        for common in range(1 << shown):
            if _bits_set(common) != take:
                continue
            full = mask
            for place in range(shown):
                if common >> place & 1:
                    full |= board[place]
            best = max(best, _qualified_low(full, low) if low.shape[0] else standard_value(full))
    return best


@njit(cache=True)
def _qualified_low(mask: int, low: IntArray) -> int:
    """The lowball value of the best low five in ``mask``, or -1 if it does not qualify.

    ``low`` is the rank counts with the qualifier last: five different ranks, none above it
    (the ace counts one); 0 lets any low play. With a qualifier the best low is the five
    lowest different ranks, so no five need be tried.
    """
    qualifier = low[-1]
    if qualifier == 0:
        return low_value_of_mask(mask, False, low[:-1])
    ranks = 0
    for suit in range(4):
        field = (mask >> (16 * suit)) & FULL
        ranks |= ((field << 1) & FULL) | (field >> 12)  # the ace moved below the deuce
    ranks &= (1 << qualifier) - 1
    if _bits_set(ranks) < 5:
        return -1
    five = 0
    for _ in range(5):
        bit = ranks & -ranks
        five |= bit
        ranks ^= bit
    return WORST - five


@njit(cache=True)
def _bits_set(number: int) -> int:
    count = 0
    while number:
        number &= number - 1
        count += 1
    return count


@njit(cache=True)
def seat_values(
    values: IntArray,
    folded: npt.NDArray[np.bool_],
    hands: IntArray,
    own: IntArray,
    board: IntArray,
    shown: int,
    exactly: IntArray,
    lows: IntArray,
    low: IntArray,
    worst: IntArray,
) -> None:
    """Each seat's showdown value: all its cards and the board's, or exactly so many of each.

    With ``low`` (rank counts and the qualifier, empty for none) ``lows`` gets each seat's
    best qualifying low, -1 for none. With ``worst`` (the straights without the ace below
    the deuce: deuce to seven) the worst high hand is the best, its value negated.
    """
    players = values.shape[0]
    board_mask = 0
    for place in range(shown):
        board_mask |= board[place]
    count = own.shape[1]
    no_low = np.zeros(0, dtype=np.int64)
    for seat in range(players):
        values[seat] = -1
        lows[seat] = -1
        if folded[seat]:
            continue
        if worst.shape[0]:
            values[seat] = -value_of_mask(hands[seat, 0], worst, STANDARD_TOP, STANDARD_COUNT)
            continue
        if (exactly[0] == 0 and exactly[1] == 0) or shown == 0:
            values[seat] = standard_value(hands[seat, 0] | board_mask)
            if low.shape[0]:
                lows[seat] = _qualified_low(hands[seat, 0] | board_mask, low)
            continue
        hole = exactly[0] if exactly[0] > 0 else count
        take = exactly[1] if exactly[1] > 0 else 5 - hole
        values[seat] = _best_of(
            own[seat], count, board, shown, min(hole, count), min(take, shown), no_low
        )
        if low.shape[0]:
            lows[seat] = _best_of(
                own[seat], count, board, shown, min(hole, count), min(take, shown), low
            )


@njit(cache=True)
def lean_pay(
    net: IntArray,
    put: IntArray,
    folded: npt.NDArray[np.bool_],
    values: IntArray,
    lows: IntArray,
    first: int,
    pot: int,
) -> None:
    """Pay the pot to the best hands still in; odd chips in showdown order from ``first``.

    Where a low qualifies (``lows``) the low half, the pot's half rounded down, goes to the
    best low and the rest to the best high.
    """
    players = put.shape[0]
    for seat in range(players):
        net[seat] -= put[seat]
    alive = players - folded.sum()
    if alive == 1:
        for seat in range(players):
            if not folded[seat]:
                net[seat] += pot
        return
    low_half = pot // 2 if lows.max() >= 0 else 0
    _pay_best(net, folded, lows, first, low_half)
    _pay_best(net, folded, values, first, pot - low_half)


@njit(cache=True)
def _pay_best(
    net: IntArray, folded: npt.NDArray[np.bool_], values: IntArray, first: int, chips: int
) -> None:
    """Share ``chips`` among the best ``values`` still in, odd chips in order from ``first``."""
    if chips == 0:
        return
    players = net.shape[0]
    best = -(1 << 62)
    winners = 0
    for seat in range(players):
        if not folded[seat]:
            if values[seat] > best:
                best, winners = values[seat], 1
            elif values[seat] == best:
                winners += 1
    share = chips // winners
    odd = chips - share * winners
    for step in range(players):
        seat = (first + step) % players
        if folded[seat] or values[seat] != best:
            continue
        net[seat] += share + (1 if odd > 0 else 0)
        odd -= 1
