"""The figures of a pulka: each player's mountain, pool and whists, and the entries.

001_776ed664a35a376f.txt, preferans rules 38 and 42–48; 003_b655b01c110fd414.txt, 4.1.1 and
4.2.1–4.2.3 (help, overflow).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from cardtable.engine.deal import Value
from cardtable.preferans.phrases import Reason, reason
from cardtable.preferans.scoring import ScoringRules


class Column(StrEnum):
    """The three columns of a player's part of the sheet (003 4.2.1)."""

    MOUNTAIN = "mountain"
    POOL = "pool"
    WHISTS = "whists"


@dataclass(frozen=True)
class Entry:
    """One figure written on the sheet: who wrote it, where, how much, and why."""

    deal: int | None
    """The deal that made it; ``None`` for totals written at once and for the closing."""
    player: str
    column: Column
    amount: Fraction
    on: str | None
    """For whists: the player they are written on."""
    why: Reason
    """Why it is written: its phrase's key and values (:data:`.phrases.REASONS`)."""

    @property
    def reason(self) -> str:
        """Why it is written, in English."""
        return str(self.why)

    def __str__(self) -> str:
        where = f"deal {self.deal}" if self.deal is not None else "closing"
        column = f"whists on {self.on}" if self.on else str(self.column)
        sign = "+" if self.amount >= 0 else "-"
        return f"{where}: {self.player} {column} {sign}{abs(self.amount)} ({self.reason})"

    def said(self) -> tuple[str, dict[str, str | int]]:
        """The entry's key in the phrase book (:mod:`.phrases`) and the values that fill it.

        The reason's key is the value ``why``, beside its own values and its English words.

        >>> made = Entry(3, "A", Column.POOL, Fraction(2), None, reason("made", contract="6♠"))
        >>> key, values = made.said()
        >>> key, values["why"], values["contract"], values["reason"]
        ('entry', 'made', '6♠', '6♠ made')
        """
        sign = "+" if self.amount >= 0 else "-"
        key = ("entry" if self.deal is not None else "closing") + ("-whists" if self.on else "")
        values: dict[str, Value] = {"player": self.player, "column": str(self.column)}
        values |= {"amount": f"{sign}{abs(self.amount)}", "reason": self.reason}
        values |= {**self.why.values, "why": self.why.key}
        if self.deal is not None:
            values["deal"] = self.deal
        if self.on:
            values["on"] = self.on
        return key, values


@dataclass(frozen=True)
class PlayerTotals:
    """One player's written totals: mountain, pool, and whists on each other player."""

    mountain: Fraction
    pool: Fraction
    whists: dict[str, Fraction]


class Ledger:
    """The figures of a sheet: each player's columns, and the entries that wrote them.

    The rules write through :meth:`add` (one figure) and :meth:`earn` (pool points, which
    help and overflow carry on); a deal is written on a :meth:`copy`, kept if it is accepted.
    """

    def __init__(self, players: tuple[str, ...], rules: ScoringRules) -> None:
        self.players = players
        self.rules = rules
        self.entries: list[Entry] = []
        self.mountain = dict.fromkeys(players, Fraction(0))
        self.pool = dict.fromkeys(players, Fraction(0))
        self.whists = {p: {q: Fraction(0) for q in players if q != p} for p in players}
        self.allpass_run = 0
        """The all-passes in a row just written, for the progression."""

    def copy(self) -> Ledger:
        """An independent copy to write on."""
        other = Ledger(self.players, self.rules)
        other.entries = list(self.entries)
        other.mountain = dict(self.mountain)
        other.pool = dict(self.pool)
        other.whists = {p: dict(w) for p, w in self.whists.items()}
        other.allpass_run = self.allpass_run
        return other

    def add(
        self,
        deal: int | None,
        player: str,
        column: Column,
        amount: int | Fraction,
        why: Reason,
        *,
        on: str | None = None,
    ) -> None:
        """Write ``amount`` in ``player``'s ``column`` (whists: on ``on``) for ``why``."""
        value = Fraction(amount)
        if value == 0:
            return
        if column is Column.MOUNTAIN:
            self.mountain[player] += value
        elif column is Column.POOL:
            self.pool[player] += value
        else:
            assert on is not None
            self.whists[player][on] += value
        self.entries.append(Entry(deal, player, column, value, on, why))

    def earn(self, deal: int, player: str, points: int | Fraction, why: Reason) -> None:
        """Write pool points: to the player's pool, then as help, then off the mountain."""
        rest = Fraction(points)
        if self.rules.overplayed_factor:
            # Leningrad: the pool takes everything; the excess is settled at the closing.
            self.add(deal, player, Column.POOL, rest, why)
            return
        room = max(Fraction(0), self.rules.pool - self.pool[player])
        own = min(rest, room)
        self.add(deal, player, Column.POOL, own, why)
        rest -= own
        while rest > 0 and self.rules.help:
            helped = self._to_help(player)
            if helped is None:
                break
            given = min(rest, self.rules.pool - self.pool[helped])
            self.add(deal, helped, Column.POOL, given, reason("help-from", helper=player))
            self.add(
                deal,
                player,
                Column.WHISTS,
                given * self.rules.help_whists_per_point,
                reason("help", points=str(given)),
                on=helped,
            )
            rest -= given
        if rest > 0:
            self._overflow(deal, player, rest)

    def _overflow(self, deal: int, player: str, rest: Fraction) -> None:
        """Points nobody's pool can take: off the mountain, else whists on all (003 4.1.1)."""
        off = min(rest, max(Fraction(0), self.mountain[player]))
        self.add(deal, player, Column.MOUNTAIN, -off, reason("over-the-pool"))
        rest -= off
        if rest <= 0:
            return
        # 4.1.1 b: the mountain is divided among all players, its owner included.
        each = rest * self.rules.mountain_point_whists / len(self.players)
        for other in self.players:
            if other != player:
                over = reason("points-over", points=str(rest))
                self.add(deal, player, Column.WHISTS, each, over, on=other)

    def _to_help(self, player: str) -> str | None:
        """The opponent with the fullest open pool, the nearest on the left on ties (4.2.3)."""
        best: str | None = None
        for other in self.left_of(player):
            if self.pool[other] >= self.rules.pool:
                continue
            if best is None or self.pool[other] > self.pool[best]:
                best = other
        return best

    def left_of(self, player: str) -> list[str]:
        """The other players in order from the player's left (players are listed clockwise)."""
        index = self.players.index(player)
        count = len(self.players)
        return [self.players[(index + step) % count] for step in range(1, count)]
