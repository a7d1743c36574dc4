"""Many deals at once: duplicate tournaments of bots and simulations split into seeded chunks.

A run is cut into chunks whose boundaries depend only on how many deals it plays
(:mod:`cardtable.scale.chunks`); each chunk is seeded by a :class:`numpy.random.SeedSequence`
spawned for it, played by a backend (in this process, in a process pool, or on a Ray cluster:
:mod:`cardtable.scale.backends`), and the chunks' results are merged in chunk order. So the same
seed gives the same summary on every backend with any number of workers (docs/scale.md).
"""

from __future__ import annotations

from cardtable.errors import CardtableError


class ScaleError(CardtableError):
    """A run that cannot be made as asked: a bad backend, worker count or missing extra."""
