"""Players that are programs: one :class:`Bot` protocol for every game, and the random bot.

A bot sees what its seat's view shows and the legal actions, never the deal itself.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol, TypeVar

A = TypeVar("A", bound=Hashable)


class Bot(Protocol):
    """Anything that chooses an action from a seat's view and the legal actions."""

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """The action to play, one of ``legal``."""
        ...


class RandomBot:
    """Plays a legal action chosen uniformly at random: the baseline every bot must beat."""

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """A uniformly random element of ``legal``."""
        return rng.choice(legal)
