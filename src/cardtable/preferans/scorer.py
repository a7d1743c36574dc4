"""The offline scorer: a pulka written as JSON (or TOML) in, the sheet and the settlement out.

The file is the contract any app can produce (docs/scorer.md): the convention, the players
clockwise, the agreed pool and stake, then either every deal's result or the totals players
kept on paper. Every mistake is reported as one :class:`ScoreError` naming the deal and the
field; nothing is corrected silently.

>>> result = score(parse_score_file('''{"convention": "sochi", "players": ["A", "B", "C"],
...   "deals": [{"declarer": "A", "contract": "6♠", "tricks": 6,
...              "whist": {"B": "pass", "C": "pass"}}]}'''))
>>> result.closed, result.to_data()["balance"]
(False, {'A': 14, 'B': -7, 'C': -7})
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardtable.engine.reading import InputError, parse_json, parse_toml
from cardtable.engine.rules import MOST_POINTS
from cardtable.errors import CardtableError
from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.deal_score import DealScore, GoodTalon, Phase, Play, ScoreError, Whist
from cardtable.preferans.ledger import Column, PlayerTotals
from cardtable.preferans.scoring import CONVENTIONS, ScoringRules, convention
from cardtable.preferans.settlement import Settlement
from cardtable.preferans.sheet import Sheet

TOP_FIELDS = ("convention", "rules", "players", "pool", "stake", "deals", "sheet")
DEAL_FIELDS = (
    "declarer",
    "contract",
    "tricks",
    "whist",
    "play",
    "defender_tricks",
    "allpass",
    "dealer",
    "talon",
    "off_mountain",
    "phase",
    "coefficient",
    "renonce",
)
WHIST_WORDS = {
    "whist": (Whist.WHIST, None),
    "pass": (Whist.PASS, None),
    "half": (Whist.HALF, None),
    "open": (Whist.WHIST, Play.OPEN),
    "closed": (Whist.WHIST, Play.CLOSED),
}


@dataclass(frozen=True)
class ScoreFile:
    """A scorer file, read and checked: the rules, the players and the deals or totals."""

    convention: str
    rules: ScoringRules
    players: tuple[str, ...]
    stake: Fraction | None
    deals: tuple[DealScore, ...] | None
    totals: dict[str, PlayerTotals] | None


@dataclass(frozen=True)
class ScoreResult:
    """A scored pulka: the closed sheet, whether play closed it, and its settlement."""

    file: ScoreFile
    sheet: Sheet
    closed: bool
    """Whether the pools were closed by play (otherwise the closing was by agreement)."""
    settlement: Settlement

    @property
    def money(self) -> dict[str, Fraction] | None:
        """Each balance at the file's stake, if it gave one."""
        stake = self.file.stake
        return None if stake is None else self.settlement.money(stake)

    def to_data(self) -> dict[str, Any]:
        """The JSON the scorer prints with ``--json`` (docs/scorer.md)."""
        totals = self.sheet.totals()
        money = self.money
        return {
            "sheet": {
                p: {
                    "mountain": number(t.mountain),
                    "pool": number(t.pool),
                    "whists": {q: number(v) for q, v in t.whists.items()},
                }
                for p, t in totals.items()
            },
            "balance": {p: number(v) for p, v in self.settlement.balance.items()},
            "money": None if money is None else {p: number(v) for p, v in money.items()},
            "closed": self.closed,
        }


def number(value: Fraction) -> int | float:
    """A whole number as an int, anything else as a float (JSON has no fractions)."""
    return int(value) if value.denominator == 1 else float(value)


def parse_score_file(text: str) -> ScoreFile:
    """Read a scorer file: JSON if it starts with ``{``, TOML otherwise."""
    try:
        if text.lstrip().startswith("{"):
            document = parse_json(text, what="pulka")
        elif text.lstrip().startswith("[") and _is_json(text):
            raise ScoreError("the file must hold one object, not a JSON list")
        else:
            document = parse_toml(text, what="pulka")
    except InputError as error:
        raise ScoreError(str(error).removeprefix("pulka: ")) from None
    if not isinstance(document, dict):
        raise ScoreError("the file must hold one object")
    return read_document(document)


def _is_json(text: str) -> bool:
    # A TOML file may start with "[table]" too; only JSON text is JSON.
    try:
        parse_json(text, what="pulka")
    except InputError:
        return False
    return True


def read_document(document: Mapping[str, Any]) -> ScoreFile:
    """Check a parsed scorer document and turn it into a :class:`ScoreFile`."""
    for key in document:
        if key not in TOP_FIELDS:
            raise ScoreError(f"field {key!r}: unknown (known: {', '.join(TOP_FIELDS)})")
    name = document.get("convention", "classic-1992")
    if name not in CONVENTIONS:
        raise ScoreError(f"field 'convention': {name!r} is not one of {', '.join(CONVENTIONS)}")
    overrides = dict(_table(document.get("rules", {}), "rules"))
    if "pool" in document:
        overrides["pool"] = document["pool"]
    try:
        rules = convention(name, overrides)
    except CardtableError as error:
        raise ScoreError(f"field 'rules': {error}") from None
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScoreError("field 'players': a list of names, clockwise")
    stake = _stake(document.get("stake"))
    has_deals, has_sheet = "deals" in document, "sheet" in document
    if has_deals == has_sheet:
        raise ScoreError("field 'deals': give either 'deals' or the written totals in 'sheet'")
    deals = totals = None
    if has_deals:
        listed = document["deals"]
        if not isinstance(listed, list):
            raise ScoreError("field 'deals': a list of deals")
        deals = tuple(deal_from_data(n, item) for n, item in enumerate(listed, start=1))
    else:
        totals = _totals(_table(document["sheet"], "sheet"))
    return ScoreFile(name, rules, tuple(players), stake, deals, totals)


def score(file: ScoreFile) -> ScoreResult:
    """Write the file's deals (or totals) on a sheet, close it and settle it."""
    sheet = Sheet(file.players, file.rules)
    if file.deals is not None:
        for deal in file.deals:
            sheet.write(deal)
    else:
        assert file.totals is not None
        sheet.write_totals(file.totals)
    closed = sheet.closed
    sheet.close()
    return ScoreResult(file, sheet, closed, sheet.settlement())


def sheet_text(result: ScoreResult) -> str:
    """The sheet as players draw it, each column as its running totals, then the settlement."""
    sheet = result.sheet
    state = "closed" if result.closed else "stopped by agreement"
    lines = [
        f"Pulka ({result.file.convention}, pool {sheet.rules.pool}, "
        f"{len(sheet.players)} players): {state}"
    ]
    width = max(len(p) for p in sheet.players)
    for player in sheet.players:
        lines.append(f"{player:<{width}}  mountain  {_dotted(sheet, player, Column.MOUNTAIN)}")
        lines.append(f"{'':<{width}}  pool      {_dotted(sheet, player, Column.POOL)}")
        for other in sheet.players:
            if other != player:
                run = _dotted(sheet, player, Column.WHISTS, other)
                lines.append(f"{'':<{width}}  on {other:<{width}}    {run}")
    lines.append("Settlement (whists):")
    money = result.money
    for player, balance in result.settlement.balance.items():
        paid = "" if money is None else f"   money {_signed(money[player])}"
        lines.append(f"  {player:<{width}}  {_signed(balance)}{paid}")
    return "\n".join(lines)


def _dotted(sheet: Sheet, player: str, column: Column, on: str | None = None) -> str:
    run = sheet.running(player, column, on)
    return ".".join(_plain(v) for v in run) if run else "-"


def _plain(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _signed(value: Fraction) -> str:
    return ("+" if value > 0 else "") + _plain(value)


def _table(value: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScoreError(f"field {name!r}: must be an object")
    return value


_STAKE_TEXT = re.compile(r"\d{1,12}([./]\d{1,12})?")
"""A stake written as text: a whole number, a decimal or a fraction (no exponent)."""


def _stake(value: Any) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ScoreError("field 'stake': a number per whist")
    if isinstance(value, str) and not _STAKE_TEXT.fullmatch(value.strip()):
        raise ScoreError(f"field 'stake': {value[:40]!r} is not a number such as 0.5 or 1/3")
    try:
        # Through str so that 0.1 is a tenth, not the float nearest to it.
        stake = Fraction(str(value))
    except ValueError:
        raise ScoreError(f"field 'stake': {value!r} is not a number") from None
    if stake > MOST_POINTS or stake.denominator > MOST_POINTS:
        raise ScoreError(f"field 'stake': {value!r} is not a stake players agree")
    if stake < 0:
        raise ScoreError("field 'stake': must not be negative")
    return stake


def deal_from_data(number: int, item: Any) -> DealScore:
    """One deal of the scorer's JSON as a :class:`DealScore`; errors name deal ``number``.

    >>> deal_from_data(1, {"declarer": "A", "contract": "7♥", "tricks": 7,
    ...                    "whist": {"B": "open", "C": "pass"}}).play
    <Play.OPEN: 'open'>
    """

    def fail(name: str, message: str) -> ScoreError:
        return ScoreError(f"deal {number}: field {name!r}: {message}")

    if not isinstance(item, Mapping):
        raise ScoreError(f"deal {number}: must be an object")
    for key in item:
        if key not in DEAL_FIELDS:
            raise fail(key, "unknown")

    def text(name: str) -> str | None:
        value = item.get(name)
        if value is not None and not isinstance(value, str):
            raise fail(name, "must be a string")
        return value

    def count(name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(name, f"{value!r} is not a whole number")
        if abs(value) > MOST_POINTS:
            raise fail(name, f"larger than any count on a sheet ({MOST_POINTS:,})")
        return value

    def counts(name: str) -> dict[str, int] | None:
        value = item.get(name)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            raise fail(name, "must be an object of player: tricks")
        return {str(k): count(name, v) for k, v in value.items()}

    def choice(name: str, kind: type[Any]) -> Any:
        value = text(name)
        if value is None:
            return None
        try:
            return kind(value)
        except ValueError:
            known = ", ".join(member.value for member in kind)
            raise fail(name, f"{value!r} is not one of {known}") from None

    contract = None
    if (written := text("contract")) is not None:
        try:
            contract = parse_contract(written)
        except CardtableError as error:
            raise fail("contract", str(error)) from None
    whist: dict[str, Whist] = {}
    play: Play | None = choice("play", Play)
    answers = item.get("whist", {})
    if not isinstance(answers, Mapping):
        raise fail("whist", "must be an object of player: whist, pass, half, open or closed")
    for player, word in answers.items():
        if not isinstance(word, str) or word.casefold() not in WHIST_WORDS:
            raise fail("whist", f"{word!r} is not one of {', '.join(WHIST_WORDS)}")
        whist[str(player)], how = WHIST_WORDS[word.casefold()]
        play = how or play
    tricks = item.get("tricks")
    return DealScore(
        declarer=text("declarer"),
        contract=contract,
        tricks=None if tricks is None else count("tricks", tricks),
        whist=whist,
        play=play,
        defender_tricks=counts("defender_tricks") or {},
        allpass=counts("allpass"),
        dealer=text("dealer"),
        talon=choice("talon", GoodTalon),
        off_mountain=count("off_mountain", item.get("off_mountain", 0)),
        phase=choice("phase", Phase) or Phase.MAIN,
        coefficient=count("coefficient", item.get("coefficient", 1)),
        renonce=counts("renonce") or {},
    )


def _totals(sheet: Mapping[str, Any]) -> dict[str, PlayerTotals]:
    totals: dict[str, PlayerTotals] = {}
    for player, written in sheet.items():
        where = f"sheet.{player}"
        table = _table(written, where)
        for key in table:
            if key not in ("mountain", "pool", "whists"):
                raise ScoreError(f"field '{where}.{key}': unknown")
        whists = _table(table.get("whists", {}), f"{where}.whists")
        totals[str(player)] = PlayerTotals(
            _amount(table.get("mountain", 0), f"{where}.mountain"),
            _amount(table.get("pool", 0), f"{where}.pool"),
            {str(q): _amount(v, f"{where}.whists.{q}") for q, v in whists.items()},
        )
    return totals


def _amount(value: Any, name: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ScoreError(f"field {name!r}: {value!r} is not a number")
    if abs(value) > MOST_POINTS:
        raise ScoreError(f"field {name!r}: larger than any total on a sheet ({MOST_POINTS:,})")
    return Fraction(str(value))
