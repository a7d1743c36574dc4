"""Answers the server works out once and serves again: the newest ones, at most so many.

A finished deal's analysis (the solver's second) and a table's part of a player's history (a
replay of its whole log) are the same for every request made with the same key, so each is
kept under a key that changes whenever the answer would: the deal and what the asker was
shown, or the table's newest log seq.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """The newest answers, at most ``size`` of them, the one used longest ago dropped first.

    >>> import asyncio
    >>> kept: Kept[int] = Kept(1)
    >>> async def forty_two() -> int:
    ...     return 42
    >>> asyncio.run(kept.answer("a", forty_two)), asyncio.run(kept.answer("a", forty_two))
    (42, 42)
    >>> len(kept), kept.worked
    (1, 1)
    """

    def __init__(self, size: int) -> None:
        """Keep at most ``size`` answers."""
        self.size = size
        self._kept: OrderedDict[Hashable, V] = OrderedDict()
        self.worked = 0
        """How many answers were worked out rather than found kept."""

    def __len__(self) -> int:
        """How many answers are kept now."""
        return len(self._kept)

    async def answer(self, key: Hashable, work: Callable[[], Awaitable[V]]) -> V:
        """The answer kept under ``key``, or ``work``'s, which is then kept."""
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        found = await work()
        self.worked += 1
        self._kept[key] = found
        if len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return found
