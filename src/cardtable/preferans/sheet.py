"""The pulka: each player's mountain, pool and whists, written deal by deal.

A :class:`Sheet` takes the result of each deal as a :class:`DealScore` and writes what the
convention (:class:`~cardtable.preferans.scoring.ScoringRules`) says into three columns per
player (001_776ed664a35a376f.txt, preferans rules 38 and 42–48; 003_b655b01c110fd414.txt,
4.2.1): the mountain ("гора", "горка", "полка") for remizes, the pool ("пулька") for made
contracts, and the whists ("висты", "подвал") written on each other player. Every
:class:`Entry` names the deal that made it, so a sheet can be audited line by line.

>>> from cardtable.preferans.contracts import parse_contract
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
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from cardtable.errors import CardtableError
from cardtable.preferans.contracts import Contract, contract_text
from cardtable.preferans.scoring import ContractPrice, ScoringRules
from cardtable.preferans.settlement import Settlement, settle

TRICKS = 10
PLAYERS = (3, 4)


class ScoreError(CardtableError):
    """A deal result or written total the sheet cannot take: names the deal and the field."""


class Whist(StrEnum):
    """What a defender said after the contract (rules 24–27; the Code's 'полвиста')."""

    WHIST = "whist"
    PASS = "pass"
    HALF = "half"


class Play(StrEnum):
    """How a lone whister played: with the cards open, or closed ("втемную")."""

    OPEN = "open"
    CLOSED = "closed"


class GoodTalon(StrEnum):
    """What made a talon 'good' for the dealer of four (rule 47)."""

    ACE = "ace"
    MARRIAGE = "marriage"
    TWO_ACES = "two_aces"


class Phase(StrEnum):
    """The stage of the classic pulka a deal belongs to (rules 38–41)."""

    MAIN = "main"
    ROBBER = "robber"
    PRELIMINARY_ALLPASS = "preliminary_allpass"


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
    on: str | None = None
    """For whists: the player they are written on."""
    reason: str = ""

    def __str__(self) -> str:
        where = f"deal {self.deal}" if self.deal is not None else "closing"
        column = f"whists on {self.on}" if self.on else str(self.column)
        sign = "+" if self.amount >= 0 else "-"
        return f"{where}: {self.player} {column} {sign}{abs(self.amount)} ({self.reason})"


@dataclass(frozen=True)
class DealScore:
    """The result of one deal as the sheet needs it; mirrors the scorer's JSON.

    A played contract names ``declarer``, ``contract`` and the declarer's ``tricks``, each
    defender's ``whist`` answer and, when both whist, their ``defender_tricks``. An all-pass
    gives ``allpass``: each player's tricks. ``dealer`` names who sat out with four players;
    ``talon``, ``off_mountain`` and ``phase`` are the classic game's extras (rules 38–42, 47).
    """

    declarer: str | None = None
    contract: Contract | None = None
    tricks: int | None = None
    whist: Mapping[str, Whist] = field(default_factory=dict)
    play: Play | None = None
    defender_tricks: Mapping[str, int] = field(default_factory=dict)
    allpass: Mapping[str, int] | None = None
    dealer: str | None = None
    talon: GoodTalon | None = None
    off_mountain: int = 0
    phase: Phase = Phase.MAIN
    coefficient: int = 1
    """A dark game's, bomb's or refet's multiplier of everything the deal writes (003 4.1.2)."""
    renonce: Mapping[str, int] = field(default_factory=dict)
    """Revokes by each player in a game on tricks, for the penalties of rules 34–37; ``tricks``
    and ``defender_tricks`` are then the tricks as rules 34–36 give them."""


@dataclass(frozen=True)
class AllPass:
    """One all-pass as the sheet's "ёлочка" keeps it: each player's tricks (rules 29, 39–40).

    The seed has every player write each all-pass in his own part of the sheet, and counts
    the zeros on the ёлочка (rule 40); the money it made is in the entries of the same deal.
    """

    deal: int
    tricks: Mapping[str, int]
    """The tricks of each player who played it (the dealer of four sat out)."""
    times: int = 1
    """The progression's multiplier for this all-pass (and a coefficient, where one is used)."""
    preliminary: bool = False
    """Whether it was one of the classic game's preliminary all-passes (rule 39)."""


@dataclass(frozen=True)
class PlayerTotals:
    """One player's written totals: mountain, pool, and whists on each other player."""

    mountain: Fraction
    pool: Fraction
    whists: dict[str, Fraction]


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
        writer = _Writer(trial, number, deal)
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
            add(None, player, Column.MOUNTAIN, written.mountain, "written total")
            add(None, player, Column.POOL, written.pool, "written total")
            for other, amount in written.whists.items():
                add(None, player, Column.WHISTS, amount, "written total", on=other)
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
                add(None, player, Column.POOL, missing, "pool carried to the mountain")
                add(
                    None,
                    player,
                    Column.MOUNTAIN,
                    missing * self.rules.unclosed_factor,
                    f"{missing} short of the pool",
                )
            elif missing < 0 and self.rules.overplayed_factor:
                add(None, player, Column.POOL, missing, "over the pool")
                add(
                    None,
                    player,
                    Column.MOUNTAIN,
                    missing * self.rules.overplayed_factor,
                    f"{-missing} over the pool",
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
        reason: str,
        *,
        on: str | None = None,
    ) -> None:
        """Write ``amount`` in ``player``'s ``column`` (whists: on ``on``) for ``reason``."""
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
        self.entries.append(Entry(deal, player, column, value, on, reason))

    def earn(self, deal: int, player: str, points: int | Fraction, reason: str) -> None:
        """Write pool points: to the player's pool, then as help, then off the mountain."""
        rest = Fraction(points)
        if self.rules.overplayed_factor:
            # Leningrad: the pool takes everything; the excess is settled at the closing.
            self.add(deal, player, Column.POOL, rest, reason)
            return
        room = max(Fraction(0), self.rules.pool - self.pool[player])
        own = min(rest, room)
        self.add(deal, player, Column.POOL, own, reason)
        rest -= own
        while rest > 0 and self.rules.help:
            helped = self._to_help(player)
            if helped is None:
                break
            given = min(rest, self.rules.pool - self.pool[helped])
            self.add(deal, helped, Column.POOL, given, f"help from {player}")
            self.add(
                deal,
                player,
                Column.WHISTS,
                given * self.rules.help_whists_per_point,
                f"help, {given} points",
                on=helped,
            )
            rest -= given
        if rest > 0:
            self._overflow(deal, player, rest)

    def _overflow(self, deal: int, player: str, rest: Fraction) -> None:
        """Points nobody's pool can take: off the mountain, else whists on all (003 4.1.1)."""
        off = min(rest, max(Fraction(0), self.mountain[player]))
        self.add(deal, player, Column.MOUNTAIN, -off, "points over the pool")
        rest -= off
        if rest <= 0:
            return
        # 4.1.1 b: the mountain is divided among all players, its owner included.
        each = rest * self.rules.mountain_point_whists / len(self.players)
        for other in self.players:
            if other != player:
                self.add(deal, player, Column.WHISTS, each, f"{rest} points over", on=other)

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


class _Writer:
    """Writes one deal onto a sheet; every refusal names the deal and the field."""

    def __init__(self, ledger: Ledger, number: int, deal: DealScore) -> None:
        self.ledger = ledger
        self.rules = ledger.rules
        self.number = number
        self.deal = deal
        self.times = deal.coefficient
        self.allpass_written: AllPass | None = None

    def fail(self, name: str, message: str) -> ScoreError:
        return ScoreError(f"deal {self.number}: field {name!r}: {message}")

    def add(
        self, player: str, column: Column, amount: int | Fraction, reason: str, on: str = ""
    ) -> None:
        self.ledger.add(self.number, player, column, amount * self.times, reason, on=on or None)

    def earn(self, player: str, points: int, reason: str) -> None:
        self.ledger.earn(self.number, player, points * self.times, reason)

    def player(self, name: str, value: str | None) -> str:
        if value is None:
            raise self.fail(name, "missing")
        if value not in self.ledger.players:
            raise self.fail(name, f"{value!r} is not a player")
        return value

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

    # ----- who sits where ---------------------------------------------------------------

    def active(self, declarer: str | None = None) -> list[str]:
        """The players in the deal: all of three, or the four less the dealer."""
        players = list(self.ledger.players)
        dealer = self.deal.dealer
        if len(players) == 3:
            if dealer is not None:
                self.player("dealer", dealer)
            return players
        if dealer is None:
            dealer = self.infer_dealer(declarer)
        self.player("dealer", dealer)
        if dealer == declarer:
            raise self.fail("dealer", "the dealer of four does not play")
        return [p for p in players if p != dealer]

    def dealer_of_four(self, declarer: str | None) -> str | None:
        if len(self.ledger.players) == 3:
            return None
        active = self.active(declarer)
        return next(p for p in self.ledger.players if p not in active)

    def infer_dealer(self, declarer: str | None) -> str:
        named = set(self.deal.allpass or {}) | set(self.deal.whist)
        if declarer is not None:
            named.add(declarer)
        left = [p for p in self.ledger.players if p not in named]
        if len(left) != 1:
            raise self.fail("dealer", "with four players name the dealer who sat out")
        return left[0]

    # ----- contracts --------------------------------------------------------------------

    def contract(self) -> None:
        deal = self.deal
        declarer = self.player("declarer", deal.declarer)
        if deal.contract is None:
            raise self.fail("contract", "missing")
        active = self.active(declarer)
        defenders = [p for p in self.ledger.left_of(declarer) if p in active]
        if deal.contract.is_misere:
            self.misere(declarer)
            return
        answers = self.answers(defenders)
        level = deal.contract.level
        price = self.rules.price(level)
        name = contract_text(deal.contract)
        whisters = [p for p in defenders if answers[p] is Whist.WHIST]
        halves = [p for p in defenders if answers[p] is Whist.HALF]
        if level == TRICKS and (whisters or halves) and not self.rules.ten_whisted:
            raise self.fail(
                "whist",
                "there is no whist on a ten in the classic game (rule 26: «на игру в 10 взяток "
                "виста не существует»); write both defenders as passing",
            )
        revokes = self.revokes(declarer, defenders)
        if revokes and (halves or not (whisters or level == TRICKS)):
            raise self.fail("renonce", "nobody played the cards against the declarer")
        if halves:
            self.half_whist(declarer, defenders, answers, halves)
            return
        if not whisters and not revokes:
            self.no_whist(declarer, level, name)
            return
        tricks = self.tricks(deal.tricks)
        taken = self.defence(defenders, whisters, tricks) if whisters else {}
        if revokes:
            self.renonce(declarer, whisters, taken, tricks, revokes, defenders=defenders)
            return
        short = level - tricks
        if short > 0:
            self.remiz(declarer, price, short, name)
        else:
            self.made(declarer, price.points, f"{name} made")
        self.whists(declarer, whisters, taken, price, defenders=defenders, short=short)
        self.consolation(declarer, price, short)
        self.obligation(whisters, taken, price, TRICKS - tricks)
        self.talon(declarer, price)

    def revokes(self, declarer: str, defenders: list[str]) -> dict[str, int]:
        """The deal's revokes by player, checked: each a player of the deal, each at least one."""
        given = dict(self.deal.renonce)
        for name, count in given.items():
            if name != declarer and name not in defenders:
                raise self.fail("renonce", f"{name!r} did not play this deal")
            if count < 1:
                raise self.fail("renonce", f"{count} is not a number of revokes")
        return given

    def renonce(
        self,
        declarer: str,
        whisters: list[str],
        taken: dict[str, int],
        tricks: int,
        revokes: dict[str, int],
        *,
        defenders: list[str],
    ) -> None:
        """Rules 34–37: a game played with a revoke.

        Rule 35 (only defenders revoked): the declarer writes his game as made; the tricks he
        lacks come off the whisters, the revoker's first; each revoker writes one remiz (the
        contract's rule-43 price) per revoke and his share of one per trick the declarer lacked.
        Rule 34 (only the declarer revoked): everything as usual, but the whisters' shortfall
        of rules 45–46 goes on the declarer's mountain. Rule 36 (both): as usual, but a whister
        who did not revoke writes half his whists on the declarer and half on the revoker.
        Rule 37: no other shortfall of the whisters is written.
        """
        assert self.deal.contract is not None
        price = self.rules.price(self.deal.contract.level)
        name = contract_text(self.deal.contract)
        short = self.deal.contract.level - tricks
        offenders = [p for p in revokes if p != declarer]
        if declarer not in revokes:
            self.made(declarer, price.points, f"{name} made (rule 35)")
            lacking = max(short, 0)
            for whister in [*offenders, *whisters]:
                given_back = min(lacking, taken.get(whister, 0))
                if given_back:
                    taken[whister] -= given_back
                    lacking -= given_back
            self.whists(declarer, whisters, taken, price, defenders=defenders, short=0)
            share = Fraction(max(short, 0), len(offenders))
            lacked = f", {share} of the declarer's missing tricks" if share else ""
            for offender in offenders:
                errors = revokes[offender]
                self.add(
                    offender,
                    Column.MOUNTAIN,
                    price.remiz * (errors + share),
                    f"renonce: {errors} revoke{'s' if errors > 1 else ''}{lacked} (rule 35)",
                )
            self.talon(declarer, price)
            return
        if short > 0:
            self.remiz(declarer, price, short, name)
        else:
            self.made(declarer, price.points, f"{name} made")
        if offenders:
            self.shared_whists(declarer, whisters, taken, price, offenders)
        else:
            self.whists(declarer, whisters, taken, price, defenders=defenders, short=short)
        self.consolation(declarer, price, short)
        if whisters and not offenders:
            defence = TRICKS - tricks
            if defence < price.obligation:
                lack = price.obligation - defence
                self.add(
                    declarer,
                    Column.MOUNTAIN,
                    price.whister_remiz * lack,
                    f"whist {lack} short after the declarer's renonce (rule 34)",
                )
        self.talon(declarer, price)

    def shared_whists(
        self,
        declarer: str,
        whisters: list[str],
        taken: dict[str, int],
        price: ContractPrice,
        offenders: list[str],
    ) -> None:
        """Rule 36: a whister who did not revoke is paid half by the declarer, half by the revoker.

        A whister who revoked himself writes his whists on the declarer as usual.
        """
        for whister in whisters:
            amount = Fraction(price.whist * taken[whister])
            reason = f"whist, {taken[whister]} tricks"
            if whister in offenders:
                self.add(whister, Column.WHISTS, amount, reason, declarer)
                continue
            reason += ", half on the declarer, half on the revoker (rule 36)"
            self.add(whister, Column.WHISTS, amount / 2, reason, declarer)
            for offender in offenders:
                self.add(whister, Column.WHISTS, amount / 2 / len(offenders), reason, offender)

    def remiz(self, declarer: str, price: ContractPrice, short: int, name: str) -> None:
        """Rule 43: the declarer writes the remiz price per missing trick on his mountain."""
        self.add(
            declarer,
            Column.MOUNTAIN,
            price.remiz * short,
            f"{name} down {short}",
        )

    def consolation(self, declarer: str, price: ContractPrice, short: int) -> None:
        """Every other player writes the consolation per missing trick on the declarer."""
        if short <= 0:
            return
        for other in self.ledger.players:
            if other != declarer:
                self.add(
                    other,
                    Column.WHISTS,
                    price.consolation * short,
                    f"consolation, {short} down",
                    on=declarer,
                )

    def answers(self, defenders: list[str]) -> dict[str, Whist]:
        whist = self.deal.whist
        for name in whist:
            if name not in defenders:
                raise self.fail("whist", f"{name!r} is not a defender in this deal")
        missing = [p for p in defenders if p not in whist]
        if missing:
            raise self.fail("whist", f"no answer from {missing[0]!r}")
        return {p: self.whist_word(whist[p]) for p in defenders}

    def whist_word(self, value: str) -> Whist:
        try:
            return Whist(value)
        except ValueError:
            known = ", ".join(w.value for w in Whist)
            raise self.fail("whist", f"{value!r} is not one of {known}") from None

    def tricks(self, value: int | None, name: str = "tricks") -> int:
        if value is None:
            raise self.fail(name, "missing")
        if not 0 <= value <= TRICKS:
            raise self.fail(name, f"{value} is not a number of tricks from 0 to 10")
        return value

    def made(self, declarer: str, points: int, reason: str) -> None:
        total = points * self.times
        off = self.deal.off_mountain
        if off:
            if not self.rules.write_off_mountain:
                raise self.fail("off_mountain", "this convention writes made games in the pool")
            if not 0 < off <= total:
                raise self.fail("off_mountain", f"{off} is not part of the {total} points made")
            if off > self.ledger.mountain[declarer]:
                raise self.fail("off_mountain", f"{declarer}'s mountain is smaller than {off}")
            self.ledger.add(
                self.number, declarer, Column.MOUNTAIN, -off, f"{reason}, off the mountain"
            )
        if total - off:
            self.ledger.earn(self.number, declarer, total - off, reason)

    def no_whist(self, declarer: str, level: int, name: str) -> None:
        """Rule 25: both pass and the declarer writes his game without play.

        A ten is not whisted but checked with the cards open (rule 26): a ten the check shows
        short is a remiz with its consolations.
        """
        price = self.rules.price(level)
        tricks = self.deal.tricks
        if tricks is not None and self.tricks(tricks) < level:
            if level != TRICKS:
                raise self.fail("tricks", "when both pass the game is written as made (rule 25)")
            self.remiz(declarer, price, level - tricks, f"{name} checked")
            self.consolation(declarer, price, level - tricks)
            return
        if self.deal.defender_tricks:
            raise self.fail("defender_tricks", "nobody whisted")
        self.made(declarer, price.points, f"{name}, both passed")
        self.talon(declarer, price)

    def half_whist(
        self, declarer: str, defenders: list[str], answers: dict[str, Whist], halves: list[str]
    ) -> None:
        """Rule 27: a lone whister writes whists for half the obligation without play."""
        assert self.deal.contract is not None
        level = self.deal.contract.level
        price = self.rules.price(level)
        if not self.rules.half_whist:
            raise self.fail("whist", "this convention has no half-whist")
        if level > self.rules.half_whist_top:
            raise self.fail("whist", f"no half-whist against a {level}")
        if len(halves) != 1 or any(
            answers[p] is not Whist.PASS for p in defenders if p != halves[0]
        ):
            raise self.fail("whist", "a half-whist is said only after the other defender passed")
        name = contract_text(self.deal.contract)
        self.made(declarer, price.points, f"{name}, half-whist")
        half = price.obligation // 2
        self.add(
            halves[0],
            Column.WHISTS,
            price.whist * half,
            f"half-whist, {half} tricks",
            on=declarer,
        )
        self.talon(declarer, price)

    def defence(self, defenders: list[str], whisters: list[str], tricks: int) -> dict[str, int]:
        """Each whister's tricks, the passer's counted to a lone whister (rule 44)."""
        theirs = TRICKS - tricks
        given = dict(self.deal.defender_tricks)
        for name, value in given.items():
            if name not in defenders:
                raise self.fail("defender_tricks", f"{name!r} is not a defender")
            self.tricks(value, "defender_tricks")
        if given and sum(given.values()) != theirs:
            raise self.fail(
                "defender_tricks",
                f"the defenders took {sum(given.values())}, but the declarer's {tricks} "
                f"leave {theirs}",
            )
        if len(whisters) == 1:
            whister = whisters[0]
            if self.rules.passer_tricks_to_whister or not given:
                return {whister: theirs}
            return {whister: given.get(whister, 0)}
        if len(given) != len(defenders):
            raise self.fail("defender_tricks", "both whisted: give each defender's tricks")
        return {p: given[p] for p in whisters}

    def whists(
        self,
        declarer: str,
        whisters: list[str],
        taken: dict[str, int],
        price: ContractPrice,
        *,
        defenders: list[str],
        short: int,
    ) -> None:
        """Each whister writes his tricks' whists on the declarer.

        Under the gentleman's whist a lone whister shares them equally with the defender who
        passed when the declarer goes down (their consolations being equal already).
        """
        if self.rules.gentleman_whist and short > 0 and len(whisters) == 1:
            total = taken[whisters[0]]
            for defender in defenders:
                self.add(
                    defender,
                    Column.WHISTS,
                    Fraction(price.whist * total, len(defenders)),
                    f"gentleman's whist, {total} tricks shared",
                    on=declarer,
                )
            return
        for whister in whisters:
            self.add(
                whister,
                Column.WHISTS,
                price.whist * taken[whister],
                f"whist, {taken[whister]} tricks",
                on=declarer,
            )

    def obligation(
        self, whisters: list[str], taken: dict[str, int], price: ContractPrice, defence: int
    ) -> None:
        """Rules 45–46: a whister short of his obligation writes on his mountain."""
        needed = price.obligation
        if defence >= needed:
            return
        fine = price.whister_remiz
        if len(whisters) == 1 or self.rules.obligation_share == "together":
            # Rule 46: a shortfall nobody can split falls on the second (or only) whister.
            answerable = whisters[-1]
            short = needed - defence
            self.add(answerable, Column.MOUNTAIN, fine * short, f"whist {short} short")
            return
        up = needed - needed // 2
        shares = [up, up] if self.rules.obligation_share == "each_half_up" else [needed - up, up]
        for whister, share in zip(whisters, shares, strict=True):
            short = share - taken[whister]
            if self.rules.obligation_share == "pair":
                # The two answer for the pair's shortfall only (rule 46 «на двоих»).
                short = min(short, needed - defence)
            if short > 0:
                self.add(whister, Column.MOUNTAIN, fine * short, f"whist {short} short")

    def talon(self, declarer: str, price: ContractPrice) -> None:
        """Rule 47: the dealer of four writes whists for a good talon."""
        talon = self.deal.talon
        if talon is None:
            return
        if not self.rules.good_talon:
            raise self.fail("talon", "this convention pays nothing for the talon")
        dealer = self.dealer_of_four(declarer)
        if dealer is None:
            raise self.fail("talon", "only the dealer of four is paid for a good talon")
        if talon is GoodTalon.TWO_ACES:
            tricks = self.rules.good_talon_two_aces_tricks
        else:
            tricks = self.rules.good_talon_tricks
        self.add(
            dealer,
            Column.WHISTS,
            price.whist * tricks,
            f"good talon ({talon.value})",
            on=declarer,
        )

    def misere(self, declarer: str) -> None:
        deal = self.deal
        if any(self.whist_word(v) is Whist.HALF for v in deal.whist.values()):
            raise self.fail("whist", "there is no half-whist against a misère")
        if deal.talon is not None:
            raise self.fail("talon", "a misère is not paid for the talon")
        tricks = self.tricks(deal.tricks)
        if tricks == 0:
            self.made(declarer, self.rules.misere_points, "misère made")
        else:
            self.add(
                declarer,
                Column.MOUNTAIN,
                self.rules.misere_remiz_points * tricks,
                f"misère, {tricks} tricks",
            )
            self.misere_consolation(declarer, tricks)

    def misere_consolation(self, declarer: str, tricks: int) -> None:
        """Rule 14: the dealer of four is paid for a misère's remiz, at a ten's consolation."""
        dealer = self.dealer_of_four(declarer)
        if dealer is None or not self.rules.misere_consolation:
            return
        self.add(
            dealer,
            Column.WHISTS,
            self.rules.price(TRICKS).consolation * tricks,
            f"consolation, misère {tricks} tricks",
            on=declarer,
        )

    # ----- all-pass and the classic preliminaries ---------------------------------------

    def allpass_tricks(self) -> dict[str, int]:
        given = dict(self.deal.allpass or {})
        active = self.active()
        for name in given:
            if name not in active:
                raise self.fail("allpass", f"{name!r} did not play this deal")
        missing = [p for p in active if p not in given]
        if missing:
            raise self.fail("allpass", f"no tricks for {missing[0]!r}")
        for value in given.values():
            self.tricks(value, "allpass")
        if sum(given.values()) != TRICKS:
            raise self.fail("allpass", f"the tricks add up to {sum(given.values())}, not 10")
        return {p: given[p] for p in active}

    def allpass(self) -> None:
        """Rule 48 and the Code's 3.7.2: every trick costs its taker; the progression grows."""
        tricks = self.allpass_tricks()
        steps = self.rules.allpass_progression
        times = steps[min(self.ledger.allpass_run, len(steps) - 1)]
        self.ledger.allpass_run += 1
        price = self.rules.allpass_per_trick * times
        self.allpass_written = AllPass(self.number, tricks, times * self.times)
        label = "all-pass" if times == 1 else f"all-pass x{times}"
        if self.rules.allpass_column == "mountain":
            for player, taken in tricks.items():
                self.add(player, Column.MOUNTAIN, price * taken, f"{label}, {taken} tricks")
        else:
            # The Code 3.7.2.2: only the fewest tricks (one player, or two tied) write, on
            # each partner who took more, the price of every trick that partner took.
            fewest = min(tricks.values())
            for player, taken in tricks.items():
                if taken != fewest:
                    continue
                for other, more in tricks.items():
                    if more > taken:
                        self.add(
                            player,
                            Column.WHISTS,
                            price * more,
                            f"{label}, fewest tricks; {other} took {more}",
                            on=other,
                        )
        if self.rules.allpass_clean_points:
            for player, taken in tricks.items():
                if taken == 0:
                    self.earn(player, self.rules.allpass_clean_points * times, f"{label}, no trick")

    def preliminary_allpass(self) -> None:
        """Rules 39–40: tricks times ten on the mountain; ten off the pool for each zero."""
        tricks = self.allpass_tricks()
        self.allpass_written = AllPass(self.number, tricks, self.times, preliminary=True)
        for player, taken in tricks.items():
            if taken:
                price = self.rules.preliminary_allpass_per_trick * taken
                self.add(player, Column.MOUNTAIN, price, f"preliminary all-pass, {taken}")
            else:
                clean = self.rules.preliminary_allpass_clean_points
                self.earn(player, clean, "preliminary all-pass, no trick")

    def robber(self) -> None:
        """Rule 38: the 'разбойник' writes on the mountain only, no whists.

        A made game comes off the mountain (as rule 42 allows any made game to), a failed
        one goes on it as a remiz.
        """
        deal = self.deal
        declarer = self.player("declarer", deal.declarer)
        if deal.contract is None:
            raise self.fail("contract", "missing")
        if deal.whist or deal.defender_tricks:
            raise self.fail("whist", "the 'разбойник' is played without whists")
        self.active(declarer)
        tricks = self.tricks(deal.tricks)
        name = contract_text(deal.contract)
        if deal.contract.is_misere:
            made, price, short = tricks == 0, self.rules.misere_points, tricks
            remiz = self.rules.misere_remiz_points
        else:
            prices = self.rules.price(deal.contract.level)
            made, price = tricks >= deal.contract.level, prices.points
            short, remiz = deal.contract.level - tricks, prices.remiz
        if made:
            self.add(declarer, Column.MOUNTAIN, -price, f"robber {name} made")
        else:
            self.add(declarer, Column.MOUNTAIN, remiz * short, f"robber {name} down {short}")
