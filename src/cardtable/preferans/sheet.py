"""The pulka: each player's mountain, pool and whists, written deal by deal.

A :class:`Sheet` takes the result of each deal as a
:class:`~cardtable.preferans.deal_score.DealScore` and writes what the
convention (:class:`~cardtable.preferans.scoring.ScoringRules`) says into three columns per
player (001_776ed664a35a376f.txt, preferans rules 38 and 42–48; 003_b655b01c110fd414.txt,
4.2.1): the mountain ("гора", "горка", "полка") for remizes, the pool ("пулька") for made
contracts, and the whists ("висты", "подвал") written on each other player. Every
:class:`~cardtable.preferans.ledger.Entry` names the deal that made it, so a sheet can be
audited line by line.

The sheet's rooms: ``deal_score`` (a deal's result as the sheet takes it), ``ledger`` (the
columns and the entries, written only through ``Ledger.add`` and ``Ledger.earn``), the writers
(``_writer``: the fields and who sits where; ``_contract_writer``; ``_allpass_writer``) and
``settlement`` (what the sheet comes to). Every price is the convention's.

>>> from cardtable.preferans.contracts import parse_contract
>>> from cardtable.preferans.deal_score import DealScore, Whist
>>> from cardtable.preferans.scoring import convention
>>> sheet = Sheet(["A", "B", "C"], convention("sochi"))
>>> for entry in sheet.write(DealScore(declarer="A", contract=parse_contract("7♥"), tricks=7,
...                                    whist={"B": Whist.WHIST, "C": Whist.PASS})):
...     print(entry)
deal 1: A pool +4 (7♥ made)
deal 1: B whists on A +12 (whist, 3 tricks)
>>> sheet.closed
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from cardtable.preferans._allpass_writer import AllPassWriter
from cardtable.preferans._contract_writer import ContractWriter
from cardtable.preferans.deal_score import PLAYERS, AllPass, DealScore, Phase, ScoreError
from cardtable.preferans.ledger import Column, Entry, Ledger, PlayerTotals
from cardtable.preferans.phrases import reason
from cardtable.preferans.scoring import ScoringRules
from cardtable.preferans.settlement import Settlement, settle


class Sheet:
    """A pulka for three or four players (listed clockwise) under one convention."""

    def __init__(self, players: Sequence[str], rules: ScoringRules | None = None) -> None:
        self.players = tuple(players)
        if len(self.players) not in PLAYERS:
            raise ScoreError(f"field 'players': 3 or 4 players, not {len(self.players)}")
        if len(set(self.players)) != len(self.players):
            raise ScoreError("field 'players': a player is named twice")
        self.rules = rules if rules is not None else ScoringRules()
        self.allpasses: list[AllPass] = []
        """Every all-pass in order: the ёлочка."""
        self.multiplied: list[tuple[int, int]] = []
        """Each deal written with a coefficient and its factor: the "птички" (003 4.1.2)."""
        self.deals = 0
        self.ended = False
        self._ledger = Ledger(self.players, self.rules)

    # ----- reading the sheet -------------------------------------------------------------

    @property
    def entries(self) -> list[Entry]:
        """Every figure written, in order."""
        return self._ledger.entries

    def mountain(self, player: str) -> Fraction:
        """The player's mountain."""
        return self._ledger.mountain[player]

    def pool(self, player: str) -> Fraction:
        """What the player has written in his pool."""
        return self._ledger.pool[player]

    def whists(self, player: str, on: str) -> Fraction:
        """The whists ``player`` has written on ``on``."""
        return self._ledger.whists[player][on]

    def totals(self) -> dict[str, PlayerTotals]:
        """Every player's totals."""
        ledger = self._ledger
        return {
            p: PlayerTotals(ledger.mountain[p], ledger.pool[p], dict(ledger.whists[p]))
            for p in self.players
        }

    def open_pools(self) -> list[str]:
        """The players whose pool is not yet full."""
        return [p for p in self.players if self._ledger.pool[p] < self.rules.pool]

    @property
    def closed(self) -> bool:
        """Whether the pools are closed, all or all but the convention's allowance."""
        return len(self.open_pools()) <= self.rules.open_pools_at_end

    def running(self, player: str, column: Column, on: str | None = None) -> list[Fraction]:
        """A column's running totals after each deal that changed it, as players write them.

        Players write a column as a dotted series of totals ("2.6.10"); several entries of one
        deal make one figure.
        """
        totals: list[Fraction] = []
        value = Fraction(0)
        last: int | None = None
        for entry in self.entries:
            if entry.player != player or entry.column is not column or entry.on != on:
                continue
            value += entry.amount
            if totals and entry.deal is not None and entry.deal == last:
                totals[-1] = value
            else:
                totals.append(value)
            last = entry.deal
        return totals

    def entries_of(self, deal: int) -> list[Entry]:
        """What one deal wrote."""
        return [e for e in self.entries if e.deal == deal]

    # ----- writing deals -----------------------------------------------------------------

    def write(self, deal: DealScore) -> tuple[Entry, ...]:
        """Write one deal's result; returns the entries it made.

        Raises :class:`ScoreError` naming the deal and the field when the result is not one
        the rules allow; the sheet is then unchanged.
        """
        number = self.deals + 1
        if self.ended:
            raise ScoreError(f"deal {number}: the pulka is over")
        start = len(self.entries)
        # Written on a copy: a refused deal leaves the sheet as it was.
        trial = self._ledger.copy()
        writer = _DealWriter(trial, number, deal)
        writer.write()
        self._ledger = trial
        self.deals = number
        if writer.allpass_written is not None:
            self.allpasses.append(writer.allpass_written)
        if deal.coefficient != 1:
            self.multiplied.append((number, deal.coefficient))
        return tuple(self.entries[start:])

    def skip(self) -> None:
        """A void deal (a misdeal's redeal, rule 12) takes its number and writes nothing."""
        if self.ended:
            raise ScoreError(f"deal {self.deals + 1}: the pulka is over")
        self.deals += 1

    def write_totals(self, totals: Mapping[str, PlayerTotals]) -> tuple[Entry, ...]:
        """Write totals kept on paper (each player's mountain, pool and whists) at once."""
        if self.entries:
            raise ScoreError("field 'sheet': totals can only start an empty sheet")
        for player in self.players:
            if player not in totals:
                raise ScoreError(f"field 'sheet': no totals for {player!r}")
        for player, written in totals.items():
            if player not in self.players:
                raise ScoreError(f"field 'sheet': {player!r} is not a player")
            for other in written.whists:
                if other not in self.players or other == player:
                    raise ScoreError(f"field 'sheet.{player}.whists': {other!r} is not a partner")
        add = self._ledger.add
        for player, written in totals.items():
            add(None, player, Column.MOUNTAIN, written.mountain, reason("written-total"))
            add(None, player, Column.POOL, written.pool, reason("written-total"))
            for other, amount in written.whists.items():
                add(None, player, Column.WHISTS, amount, reason("written-total"), on=other)
        return tuple(self.entries)

    def close(self) -> tuple[Entry, ...]:
        """End the pulka, now or at an agreed time; returns what the closing wrote.

        Each pool still short goes to its owner's mountain (times ``unclosed_factor``); where
        points stay in an overfull pool (Leningrad) they come off the mountain times
        ``overplayed_factor`` (003_b655b01c110fd414.txt, 4.2.3, 4.2.3.3).
        """
        if self.ended:
            return ()
        start = len(self.entries)
        target = self.rules.pool
        add = self._ledger.add
        for player in self.players:
            missing = target - self._ledger.pool[player]
            if missing > 0:
                add(None, player, Column.POOL, missing, reason("pool-carried"))
                add(
                    None,
                    player,
                    Column.MOUNTAIN,
                    missing * self.rules.unclosed_factor,
                    reason("short-of-the-pool", points=str(missing)),
                )
            elif missing < 0 and self.rules.overplayed_factor:
                add(None, player, Column.POOL, missing, reason("over-the-pool-closing"))
                add(
                    None,
                    player,
                    Column.MOUNTAIN,
                    missing * self.rules.overplayed_factor,
                    reason("points-over-the-pool", points=str(-missing)),
                )
        self.ended = True
        return tuple(self.entries[start:])

    def settlement(self, *, reference: str | None = None) -> Settlement:
        """The settlement of the sheet as it stands (close it first to carry open pools)."""
        return settle(
            self.players,
            self._ledger.mountain,
            self._ledger.whists,
            mountain_point_whists=self.rules.mountain_point_whists,
            reference=reference,
            rounding=self.rules.rounding,
        )

    def left_of(self, player: str) -> list[str]:
        """The other players in order from the player's left (players are listed clockwise)."""
        return self._ledger.left_of(player)


class _DealWriter(ContractWriter, AllPassWriter):
    """Writes one deal of any kind onto a ledger."""

    def write(self) -> None:
        deal = self.deal
        if self.times != 1:
            if not self.rules.coefficients:
                raise self.fail("coefficient", "this convention plays without coefficients")
            if self.times < 1:
                raise self.fail("coefficient", f"{self.times} is not a multiplier")
        if deal.renonce and (
            deal.allpass is not None
            or deal.phase is not Phase.MAIN
            or (deal.contract is not None and deal.contract.is_misere)
        ):
            raise self.fail("renonce", "rules 34–36 set penalties in a game on tricks only")
        if deal.phase is Phase.PRELIMINARY_ALLPASS:
            if not self.rules.preliminary_allpass:
                raise self.fail("phase", "this convention plays no preliminary all-pass")
            self.preliminary_allpass()
        elif deal.allpass is not None:
            if deal.declarer is not None or deal.contract is not None:
                raise self.fail("allpass", "an all-pass has no declarer or contract")
            self.allpass()
        elif deal.phase is Phase.ROBBER:
            if not self.rules.robber:
                raise self.fail("phase", "this convention plays no 'разбойник'")
            self.robber()
        else:
            self.ledger.allpass_run = 0
            self.contract()
