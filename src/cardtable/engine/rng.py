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


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place into the order ``rng.shuffle(items)`` gives, drawing the same.

    The same walk from the last place down, each place swapped with one drawn below it by
    as many random bits as its count needs (drawn again when too high), without a method
    call a card: a deal's shuffle cost as much as dealing it. A generator of another kind
    (one that draws otherwise) shuffles by its own method.

    >>> mine, its = list(range(52)), list(range(52))
    >>> shuffle(mine, seeded_rng(3)); seeded_rng(3).shuffle(its); mine == its
    True
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    draw = rng.getrandbits
    for place in range(len(items) - 1, 0, -1):
        count = place + 1
        bits = count.bit_length()
        other = draw(bits)
        while other >= count:
            other = draw(bits)
        items[place], items[other] = items[other], items[place]


def shuffled(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """A shuffled copy of ``items`` drawn from ``rng``."""
    order = list(items)
    shuffle(order, rng)
    return tuple(order)
