"""How a run is cut into chunks, and the seed of each.

The chunks' sizes depend only on how much the run plays, never on how many workers play it,
and chunk ``i`` is seeded by the ``i``-th child that ``SeedSequence(seed).spawn`` makes: so a
chunk plays the same deals wherever and whenever it runs.

>>> [(c.start, c.count) for c in plan_chunks(250, seed=7, size=100)]
[(0, 100), (100, 100), (200, 50)]
>>> plan_chunks(250, seed=7, size=100)[1].seed == plan_chunks(999, seed=7, size=100)[1].seed
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cardtable.scale import ScaleError

MOST_CHUNKS = 4096
"""Past this many chunks of the smallest size, the chunks grow instead (a huge run stays a few
thousand tasks, each long enough that a cluster's cost per task vanishes)."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """One piece of a run: ``count`` units (deals or decks) from number ``start``, and its seed."""

    index: int
    start: int
    count: int
    seed: int


def chunk_size(total: int, least: int) -> int:
    """The units in each chunk of a run of ``total``: ``least``, or more for a huge run.

    >>> chunk_size(1_000, 100), chunk_size(10**9, 10_000)
    (100, 244141)
    """
    return max(least, math.ceil(total / MOST_CHUNKS))


def plan_chunks(total: int, *, seed: int, size: int) -> list[Chunk]:
    """The chunks of ``size`` units (the last may be shorter) that make up ``total`` units."""
    if total < 1:
        raise ScaleError(f"a run plays at least one deal, not {total}")
    if size < 1:
        raise ScaleError(f"a chunk holds at least one deal, not {size}")
    if seed < 0:
        raise ScaleError(f"the seed is a whole number from 0, not {seed}")
    count = math.ceil(total / size)
    children = np.random.SeedSequence(seed).spawn(count)
    return [
        Chunk(
            index,
            index * size,
            min(size, total - index * size),
            int(child.generate_state(1, np.uint64)[0]),
        )
        for index, child in enumerate(children)
    ]
