"""A table's clock: a time for each move, then a time bank that lasts the whole table.

The clock is off unless it is chosen when the table is made. A seat's move time starts when
the entry that hands it the move is committed; when it has run out the seat's bank runs; when
the bank is empty too, the table plays the seat's move (the rules' default action if they
have one, else a bot). Only seats held by people run a clock: a bot's seat, and a person's
seat while a bot plays it, do not.

The bank each seat has left is written into the log with each of its moves (``bank_ms``), so a
restarted server rebuilds every bank from the log. A turn the restart interrupted starts again
with its whole move time: the time the server was down is nobody's.

>>> clocks = Clocks(ClockRules(move=2.0, bank=10.0), seats=2)
>>> clocks.start(1, seq=5, now=100.0)
>>> clocks.deadline()
112.0
>>> clocks.charge(1, now=104.5)
7500
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardtable.server.protocol import Clock, ClockData
from cardtable.store.repository import Entry


@dataclass(frozen=True, slots=True)
class ClockRules:
    """The seconds each move may take, and the seconds of the bank beyond them."""

    move: float
    bank: float

    @classmethod
    def of(cls, data: Mapping[str, float] | None) -> ClockRules | None:
        """The clock a table's settings hold, or ``None`` for a table without one."""
        if data is None:
            return None
        return cls(float(data["move"]), float(data["bank"]))

    def data(self) -> ClockData:
        """The clock as the ``welcome`` frame shows it."""
        return ClockData(move=self.move, bank=self.bank)


@dataclass(frozen=True, slots=True)
class Turn:
    """The clocked turn in progress: whose, at which seq, since when (monotonic seconds)."""

    seat: int
    seq: int
    started: float


class Clocks:
    """Every seat's bank and the turn whose clock runs now."""

    def __init__(self, rules: ClockRules, seats: int) -> None:
        self.rules = rules
        self.banks = [round(rules.bank * 1000)] * seats
        self.turn: Turn | None = None

    def rebuild(self, log: Sequence[Entry]) -> None:
        """Take each seat's bank from its newest move in ``log`` that states one."""
        for entry in log:
            if entry.bank_ms is not None and entry.seat is not None:
                self.banks[entry.seat] = entry.bank_ms

    def start(self, seat: int, seq: int, now: float) -> None:
        """``seat``'s clock runs from ``now`` for the move after ``seq``."""
        self.turn = Turn(seat, seq, now)

    def stop(self) -> None:
        """No clock runs (a bot's turn, a person's seat played by a bot, between deals)."""
        self.turn = None

    def deadline(self) -> float | None:
        """When the running turn's move time and bank are both spent (monotonic seconds)."""
        if self.turn is None:
            return None
        return self.turn.started + self.rules.move + self.banks[self.turn.seat] / 1000

    def charge(self, seat: int, now: float) -> int | None:
        """The bank ``seat`` keeps if it moves ``now``; ``None`` if its clock is not running."""
        turn = self.turn
        if turn is None or turn.seat != seat:
            return None
        over = max(0.0, now - turn.started - self.rules.move)
        return max(0, self.banks[seat] - round(over * 1000))

    def frame(self, seq: int, now: float) -> Clock:
        """The ``clock`` frame: the running turn's move time left and every seat's bank."""
        turn = self.turn
        if turn is None:
            return Clock(seq=seq, seat=None, move_ms=0, bank_ms=list(self.banks))
        used = now - turn.started
        move_ms = max(0, round((self.rules.move - used) * 1000))
        banks = list(self.banks)
        banks[turn.seat] = self.charge(turn.seat, now) or 0
        return Clock(seq=seq, seat=turn.seat, move_ms=move_ms, bank_ms=banks)
