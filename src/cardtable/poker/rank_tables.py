"""The hand evaluator's lookup tables, made with numpy alone (no numba to import).

The compiled kernels (:mod:`cardtable.poker._kernels`) and the counter compiled ahead of time
(:mod:`cardtable.poker.aot`) take them as arguments: only they depend on the rules (a stripped
deck changes which rank masks are straights).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

RANK_BITS = 13
"""A suit's field in a hand's mask: one bit a rank, two to ace."""

Table = npt.NDArray[Any]
"""One of the tables: unsigned integers of the smallest width that holds them."""


def tables(ranks: Sequence[int]) -> tuple[Table, Table, Table]:
    """The lookup tables for a deck of ``ranks`` (2..14): straights, top bits, popcounts.

    ``straight[m]`` is 1 + the index of the highest straight whose ranks are all in the rank
    mask ``m`` (the ace also plays below the lowest rank of the deck), 0 if none;
    ``top[k, m]`` keeps the ``k`` highest bits of ``m``; ``count[m]`` is its bit count.
    """
    masks = np.arange(1 << RANK_BITS, dtype=np.int64)
    count = np.zeros(1 << RANK_BITS, dtype=np.int64)
    for bit in range(RANK_BITS):
        count += (masks >> bit) & 1
    top = np.zeros((6, 1 << RANK_BITS), dtype=np.int64)
    remaining = masks.copy()
    for k in range(1, 6):
        highest = np.zeros_like(remaining)
        for bit in range(RANK_BITS):
            highest = np.where(remaining & (1 << bit), 1 << bit, highest)
        top[k] = top[k - 1] | highest
        remaining &= ~highest
    bits = [rank - 2 for rank in sorted(ranks)]
    sequence = [bits[-1], *bits]
    straight = np.zeros(1 << RANK_BITS, dtype=np.int64)
    for index in range(len(sequence) - 4):
        window = 0
        for bit in sequence[index : index + 5]:
            window |= 1 << bit
        straight = np.where((masks & window) == window, index + 1, straight)
    # small tables stay in the first-level cache
    return straight.astype(np.uint8), top.astype(np.uint16), count.astype(np.uint8)
