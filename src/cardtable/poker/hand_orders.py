"""The orders a showdown ranks seats by: hands by a judge, one left alone, lowball, deuce to 7.

Each is a :class:`~cardtable.poker.pots.HandOrder`, so :mod:`cardtable.poker.pots` awards
any pot by any of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import cast

from cardtable.cards import Card
from cardtable.poker.actions import Side
from cardtable.poker.hands import spoken
from cardtable.poker.judge import (
    NAMES,
    CardJudge,
    DescribingJudge,
    ReadingJudge,
    Shown,
    choose_shown,
)
from cardtable.poker.pots import HandOrder, Pot


@cache
def _describing(kind: type[CardJudge]) -> bool:
    """Whether judges of class ``kind`` say hands in words: a protocol check is dear, once a class.

    Every deal's showdown order asks, with the same few classes of judge.
    """
    return all(callable(getattr(kind, name, None)) for name in ("describe_high", "describe_low"))


@dataclass(frozen=True)
class BestHigh:
    """A seat's best high hand: its value, and which of the seat's pools makes it."""

    value: int
    pool: int


@dataclass
class SeatHands:
    """A :class:`~cardtable.poker.pots.HandOrder` over the seats' cards, by a judge.

    Each seat's best hand is the best of its pools of cards; values are worked out once.
    At a high-low showdown :meth:`choose` fixes what each seat shows for both halves.
    """

    judge: CardJudge
    pools: dict[int, list[list[Card]]]
    wild: dict[int, frozenset[Card]]
    _high: dict[int, BestHigh] = field(default_factory=dict)
    _low: dict[int, int | None] = field(default_factory=dict)
    _shown: dict[int, Shown] = field(default_factory=dict)
    _said: dict[tuple[int, str], str] = field(default_factory=dict)
    _describes: bool = field(init=False)

    def __post_init__(self) -> None:
        self._describes = _describing(type(self.judge))

    def choose(
        self, pots: Sequence[Pot], order: Sequence[int], declarations: Mapping[int, Side] | None
    ) -> None:
        """Fix each seat's reading for high and low, one card for each wild card in both."""
        if not isinstance(self.judge, ReadingJudge):
            return
        readings = {
            seat: self.judge.readings(self.pools[seat], self.wild[seat]) for seat in self.pools
        }
        if all(len(options) == 1 for options in readings.values()):
            self._shown = {seat: options[0] for seat, options in readings.items()}
        else:
            self._shown = choose_shown(readings, order, pots, declarations)

    def _best_high(self, seat: int) -> BestHigh:
        if seat not in self._high:
            values = [self.judge.high(pool, self.wild[seat]) for pool in self.pools[seat]]
            best = max(range(len(values)), key=values.__getitem__)
            self._high[seat] = BestHigh(values[best], best)
        return self._high[seat]

    def high(self, seat: int) -> int:
        """The value ``seat``'s hand has for high (higher wins)."""
        if seat in self._shown:
            return self._shown[seat].high
        return self._best_high(seat).value

    def low(self, seat: int) -> int | None:
        """The value ``seat``'s hand has for low, if it makes one (higher wins)."""
        if seat in self._shown:
            return self._shown[seat].low
        if seat not in self._low:
            lows = [self.judge.low(pool, self.wild[seat]) for pool in self.pools[seat]]
            found = [value for value in lows if value is not None]
            self._low[seat] = max(found) if found else None
        return self._low[seat]

    def category(self, seat: int) -> str:
        """The category ``seat``'s hand is named by."""
        shown = self._shown.get(seat)
        if shown is not None and shown.hands is not None:
            return NAMES[shown.hands.high.category]
        pool = self.pools[seat][self._best_high(seat).pool]
        return self.judge.category(pool, self.wild[seat])

    def said(self, seat: int, win: str) -> str:
        """What ``seat`` shows in words for a deal won by ``win`` (or one side, high or low)."""
        if (seat, win) not in self._said:
            self._said[seat, win] = self._words(seat, win)
        return self._said[seat, win]

    def _words(self, seat: int, win: str) -> str:
        if win == "high-low":
            low = self._said_low(seat)
            return f"{self._said_high(seat)} and {low or 'no low'}"
        if win == "low":
            return self._said_low(seat) or "no low"
        return self._said_high(seat)

    def _said_high(self, seat: int) -> str:
        shown = self._shown.get(seat)
        if shown is not None and shown.hands is not None:
            return spoken(shown.hands.high)
        pool = self.pools[seat][self._best_high(seat).pool]
        if self._describes:
            return cast(DescribingJudge, self.judge).describe_high(pool, self.wild[seat])
        return self.category(seat)

    def _said_low(self, seat: int) -> str | None:
        if self.low(seat) is None:
            return None
        shown = self._shown.get(seat)
        if shown is not None and shown.hands is not None:
            return spoken(shown.hands.low)
        pool = next(
            p for p in self.pools[seat] if self.judge.low(p, self.wild[seat]) == self.low(seat)
        )
        if self._describes:
            return cast(DescribingJudge, self.judge).describe_low(pool, self.wild[seat])
        return "a low"


@dataclass
class Alone:
    """The order of a pot with one player left: he takes it without showing."""

    seat: int

    def high(self, seat: int) -> int:
        """The value ``seat``'s hand has for high (higher wins)."""
        return 1 if seat == self.seat else 0

    def low(self, seat: int) -> int | None:
        """The value ``seat``'s hand has for low, if it makes one (higher wins)."""
        return None

    def category(self, seat: int) -> str:
        """The category ``seat``'s hand is named by."""
        return "high card"


@dataclass
class LowWins:
    """Lowball's order: the best low hand is the winner ("побеждает самый младший расклад")."""

    hands: HandOrder

    def high(self, seat: int) -> int:
        """The value ``seat``'s hand has for high (higher wins)."""
        low = self.hands.low(seat)
        return -1 if low is None else low

    def low(self, seat: int) -> int | None:
        """The value ``seat``'s hand has for low, if it makes one (higher wins)."""
        return None

    def category(self, seat: int) -> str:
        """The category ``seat``'s hand is named by."""
        return self.hands.category(seat)


@dataclass
class WorstWins:
    """Deuce to seven: the worst high hand wins (aces high, straights and flushes count)."""

    hands: HandOrder

    def high(self, seat: int) -> int:
        """The value ``seat``'s hand has for high (higher wins)."""
        return -self.hands.high(seat)

    def low(self, seat: int) -> int | None:
        """The value ``seat``'s hand has for low, if it makes one (higher wins)."""
        return None

    def category(self, seat: int) -> str:
        """The category ``seat``'s hand is named by."""
        return self.hands.category(seat)
