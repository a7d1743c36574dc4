"""Randomness is injected, never global.

Seeded generators serve tests and replays; the system's generator serves real play.

>>> seeded_rng(7).random() == seeded_rng(7).random()
True
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def seeded_rng(seed: int | str) -> random.Random:
    """A generator that gives the same sequence for the same seed on every machine."""
    return random.Random(seed)


def system_rng() -> random.Random:
    """The operating system's generator, for real play where nobody may predict the deal."""
    return secrets.SystemRandom()


def shuffled(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """A shuffled copy of ``items`` drawn from ``rng``."""
    order = list(items)
    rng.shuffle(order)
    return tuple(order)
