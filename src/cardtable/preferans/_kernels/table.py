"""The transposition table of the search, keyed by relative ranks at trick boundaries.

In each suit only the order of the remaining cards matters, so the key records, suit by suit
and from the lowest remaining card up, whose card each one is; an entry holds a lower and an
upper bound of the declarer's tricks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.preferans._kernels.cards import COMPRESS, SPREAD, inlined, kernel

TT_BITS = 16
"""Log2 of the transposition table's entries."""


TT_SIZE = 1 << TT_BITS
"""Entries of the transposition table."""


def new_table() -> Any:
    """A fresh transposition table: two words an entry, the key and what is known of it.

    The first word is the position's relative-rank key; the second packs the generation (bits
    24 up), the leader (16–23), the best lead found plus one (8–15) and the lower and upper
    bounds (4–7 and 0–3). An entry counts only when its generation is the current one, so a
    new search context (another declarer, trump or kind of contract) clears the table by taking
    a new generation.
    """
    return np.zeros((TT_SIZE, 2), dtype=np.int64)


@inlined
def position_key(hands: Any) -> int:  # pragma: no cover - compiled
    """The relative-rank key of a trick boundary: 2 bits per live card in one 64-bit word.

    Suit by suit (16 bits each), from the lowest remaining card up, the owner of each card (1,
    2 or 3); the remaining cards of a suit are packed together, so positions that differ only
    by cards already played share a key.
    """
    h0 = hands[0]
    h1 = hands[1]
    h2 = hands[2]
    alive = h0 | h1 | h2
    key = 0
    for suit in range(4):
        shift = 8 * suit
        base = ((alive >> shift) & 0xFF) << 8
        code = (
            SPREAD[COMPRESS[base | ((h0 >> shift) & 0xFF)]]
            | (SPREAD[COMPRESS[base | ((h1 >> shift) & 0xFF)]] << 1)
            | (SPREAD[COMPRESS[base | ((h2 >> shift) & 0xFF)]] * 3)
        )
        key |= code << (16 * suit)
    return key


@kernel
def tt_slot(key: int, leader: int) -> int:  # pragma: no cover - compiled
    mixed = (key ^ (leader << 62)) * -7046029254386353131
    return (mixed >> (64 - TT_BITS)) & (TT_SIZE - 1)


@inlined
def tt_store(
    table: Any,
    slot: int,
    key: int,
    leader: int,
    lower: int,
    upper: int,
    best: int,
    generation: int,
) -> None:  # pragma: no cover - compiled
    table[slot, 0] = key
    table[slot, 1] = (generation << 24) | (leader << 16) | ((best + 1) << 8) | (lower << 4) | upper
