"""Low-hand values from bitmasks: lowball (aces low, no straights or flushes), high-low's low."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cardtable.poker._kernels.values import CARD_BITS, FULL, IntArray

LOW_SHIFT = 26


WORST = (1 << 31) - 1


@njit(cache=True, inline="always")
def _low_order(field: int) -> int:
    # a 13-bit suit field with the ace moved from the top bit to the bottom
    return ((field << 1) & FULL) | (field >> 12)


@njit(cache=True)
def _low_five(cards: IntArray, suits: IntArray, highlow: bool, count: IntArray) -> int:
    """How bad five cards are as a low hand (smaller is lower).

    ``cards`` are rank bits in ace-low order. Lowball ignores straights and flushes;
    high-low counts them.
    """
    r1 = 0
    r2 = 0
    r3 = 0
    r4 = 0
    for i in range(5):
        bit = cards[i]
        r4 |= r3 & bit
        r3 |= r2 & bit
        r2 |= r1 & bit
        r1 |= bit
    distinct = count[r1]
    if distinct == 5:
        if highlow:
            straight = r1 // (r1 & -r1) == 31
            flush = suits[0] == suits[1] == suits[2] == suits[3] == suits[4]
            if straight and flush:
                return (8 << LOW_SHIFT) | r1
            if flush:
                return (5 << LOW_SHIFT) | r1
            if straight:
                return (4 << LOW_SHIFT) | r1
        return r1
    if r4:
        return (7 << LOW_SHIFT) | (r4 << 13) | (r1 ^ r4)
    if r3:
        if count[r2] >= 2:
            return (6 << LOW_SHIFT) | (r3 << 13) | (r2 ^ r3)
        return (3 << LOW_SHIFT) | (r3 << 13) | (r1 ^ r3)
    if count[r2] >= 2:
        return (2 << LOW_SHIFT) | (r2 << 13) | (r1 ^ r2)
    return (1 << LOW_SHIFT) | (r2 << 13) | (r1 ^ r2)


@njit(cache=True)
def low_value_of_mask(mask: int, highlow: bool, count: IntArray) -> int:
    """The best low hand of five of the cards in ``mask`` (at least five), larger is lower.

    Every five are tried: with straights and flushes counting, the lowest five ranks are not
    always the lowest hand.
    """
    cards = np.zeros(16, dtype=np.int64)
    suits = np.zeros(16, dtype=np.int64)
    n = 0
    for suit in range(4):
        field = _low_order((mask >> (16 * suit)) & FULL)
        while field and n < 16:
            bit = field & -field
            cards[n] = bit
            suits[n] = suit
            n += 1
            field ^= bit
    five = np.zeros(5, dtype=np.int64)
    five_suits = np.zeros(5, dtype=np.int64)
    best = WORST
    for a in range(n - 4):
        for b in range(a + 1, n - 3):
            for c in range(b + 1, n - 2):
                for d in range(c + 1, n - 1):
                    for e in range(d + 1, n):
                        five[0], five[1], five[2], five[3], five[4] = (
                            cards[a],
                            cards[b],
                            cards[c],
                            cards[d],
                            cards[e],
                        )
                        five_suits[0], five_suits[1], five_suits[2] = suits[a], suits[b], suits[c]
                        five_suits[3], five_suits[4] = suits[d], suits[e]
                        best = min(best, _low_five(five, five_suits, highlow, count))
    return WORST - best


@njit(cache=True, parallel=True)
def low_values_of_hands(
    hands: npt.NDArray[np.uint8], highlow: bool, count: IntArray
) -> npt.NDArray[np.int64]:
    """The low value of every row of ``hands`` (card indices), larger is lower."""
    rows, width = hands.shape
    out = np.empty(rows, dtype=np.int64)
    bits = CARD_BITS
    for row in prange(rows):
        mask = 0
        for j in range(width):
            mask |= bits[hands[row, j]]
        out[row] = low_value_of_mask(mask, highlow, count)
    return out
