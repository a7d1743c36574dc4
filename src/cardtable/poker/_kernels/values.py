"""Standard high-hand values from bitmasks, one hand or a batch, and the rank tables.

A hand is a 64-bit mask with bit ``16 * suit + rank - 2`` per card, so each suit's ranks
are a 13-bit field. The value is ``category << 26 | primary << 13 | kickers`` where
``primary`` and ``kickers`` are rank masks; comparing two masks of the same number of bits
compares their ranks highest first, which is exactly the rulebook's tie-break
("Расклады одного достоинства"). Categories: 0 high card … 8 straight flush.

Only the tables depend on the rules (a stripped deck changes which rank masks are
straights), so they are passed in as arrays built by :func:`tables`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cardtable.poker.rank_tables import RANK_BITS, tables

FULL = (1 << RANK_BITS) - 1


STRAIGHT_FLUSH = 8


FLUSH = 5


STRAIGHT = 4


CATEGORY_SHIFT = 26


IntArray = npt.NDArray[np.int64]


Table = npt.NDArray[np.integer]


CARD_BITS = np.array([1 << (16 * (i // 13) + i % 13) for i in range(52)], dtype=np.int64)
"""The mask bit of each card by its dense index (13 × suit + rank − 2)."""


@njit(cache=True, inline="always")
def suit_value(mask: int, straight: IntArray, top: IntArray) -> int:
    run: int = straight[mask]
    if run:
        return (STRAIGHT_FLUSH << CATEGORY_SHIFT) | run
    kickers: int = top[5, mask]
    return (FLUSH << CATEGORY_SHIFT) | kickers


@njit(cache=True, inline="always")
def _has_five_of_a_suit(mask: int) -> bool:
    # count the bits of each 16-bit suit field at once, then test every field for >= 5
    x = mask - ((mask >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = (x + (x >> 8)) & 0x001F001F001F001F
    return ((x + 0x000B000B000B000B) & 0x0010001000100010) != 0


@njit(cache=True, inline="always")
def rank_value(
    r1: int, r2: int, r3: int, r4: int, straight: IntArray, top: IntArray, count: IntArray
) -> int:
    """The best hand short of a flush from rank masks: ranks held once, twice, three, four times."""
    best = 0
    if r4:
        quad = top[1, r4]
        best = (7 << CATEGORY_SHIFT) | (quad << 13) | top[1, r1 ^ quad]
    elif r3 and count[r2] >= 2:
        trip = top[1, r3]
        best = (6 << CATEGORY_SHIFT) | (trip << 13) | top[1, r2 ^ trip]
    elif straight[r1]:
        best = (STRAIGHT << CATEGORY_SHIFT) | straight[r1]
    elif r3:
        best = (3 << CATEGORY_SHIFT) | (r3 << 13) | top[2, r1 ^ r3]
    elif r2:
        if count[r2] >= 2:
            pairs = top[2, r2]
            best = (2 << CATEGORY_SHIFT) | (pairs << 13) | top[1, r1 ^ pairs]
        else:
            best = (1 << CATEGORY_SHIFT) | (r2 << 13) | top[3, r1 ^ r2]
    else:
        best = top[5, r1]
    return int(best)


@njit(cache=True, inline="always")
def rank_value_of_mask(mask: int, straight: IntArray, top: IntArray, count: IntArray) -> int:
    """The value of the cards in ``mask`` with their suits ignored (no flushes)."""
    c = mask & FULL
    d = (mask >> 16) & FULL
    h = (mask >> 32) & FULL
    s = (mask >> 48) & FULL
    r1 = c | d | h | s
    r2 = (c & d) | (h & s) | ((c | d) & (h | s))
    r3 = (c & d & (h | s)) | (h & s & (c | d))
    r4 = c & d & h & s
    return rank_value(r1, r2, r3, r4, straight, top, count)


@njit(cache=True)
def value_of_mask(mask: int, straight: IntArray, top: IntArray, count: IntArray) -> int:
    """The value of the best five cards in the card mask ``mask`` (any number of cards)."""
    best = rank_value_of_mask(mask, straight, top, count)
    if _has_five_of_a_suit(mask):
        c = mask & FULL
        d = (mask >> 16) & FULL
        h = (mask >> 32) & FULL
        s = (mask >> 48) & FULL
        for suit_mask in (c, d, h, s):
            if count[suit_mask] >= 5:
                best = max(best, suit_value(suit_mask, straight, top))
    return int(best)


@njit(cache=True, parallel=True)
def values_of_hands(
    hands: npt.NDArray[np.uint8], straight: IntArray, top: IntArray, count: IntArray
) -> npt.NDArray[np.int32]:
    """The value of every row of ``hands`` (card indices 0..51, one hand per row)."""
    rows, width = hands.shape
    out = np.empty(rows, dtype=np.int32)
    bits = CARD_BITS
    for row in prange(rows):
        mask = 0
        for j in range(width):
            mask |= bits[hands[row, j]]
        out[row] = value_of_mask(mask, straight, top, count)
    return out


@njit(cache=True, parallel=True)
def values_of_masks(
    masks: IntArray, straight: IntArray, top: IntArray, count: IntArray
) -> npt.NDArray[np.int32]:
    """The value of every card mask in ``masks``."""
    out = np.empty(masks.shape[0], dtype=np.int32)
    for row in prange(masks.shape[0]):
        out[row] = value_of_mask(masks[row], straight, top, count)
    return out


@njit(cache=True, parallel=True)
def masks_of_hands(hands: npt.NDArray[np.uint8]) -> IntArray:
    """The card mask of every row of card indices."""
    rows, width = hands.shape
    out = np.empty(rows, dtype=np.int64)
    bits = CARD_BITS
    for row in prange(rows):
        mask = 0
        for j in range(width):
            mask |= bits[hands[row, j]]
        out[row] = mask
    return out


STANDARD_STRAIGHT, STANDARD_TOP, STANDARD_COUNT = tables(range(2, 15))


@njit(cache=True)
def standard_value(mask: int) -> int:
    """:func:`value_of_mask` for the full 52-card deck, its tables compiled in."""
    return value_of_mask(mask, STANDARD_STRAIGHT, STANDARD_TOP, STANDARD_COUNT)


@njit(cache=True)
def five_value(a: int, b: int, c: int, d: int, e: int) -> int:
    """:func:`seven_value` for a hand of five cards; -1 for a joker."""
    if max(a, b, c, d, e) > 51:
        return -1
    bits = CARD_BITS
    mask = bits[a] | bits[b] | bits[c] | bits[d] | bits[e]
    return value_of_mask(mask, STANDARD_STRAIGHT, STANDARD_TOP, STANDARD_COUNT)


@njit(cache=True)
def seven_value(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """:func:`standard_value` of seven cards by their indices (``Card.index``); -1 for a joker.

    Seven small numbers cross from Python to the kernel more cheaply than one 64-bit mask
    built there from the cards' bits (Python adds such big numbers digit by digit).
    """
    if max(a, b, c, d, e, f, g) > 51:
        return -1
    bits = CARD_BITS
    mask = bits[a] | bits[b] | bits[c] | bits[d] | bits[e] | bits[f] | bits[g]
    return value_of_mask(mask, STANDARD_STRAIGHT, STANDARD_TOP, STANDARD_COUNT)
