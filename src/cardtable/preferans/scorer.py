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

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StringConstraints,
    ValidationError,
)

from cardtable.engine.reading import InputError, parse_json, parse_toml
from cardtable.engine.rules import MOST_POINTS
from cardtable.errors import CardtableError
from cardtable.preferans.contracts import Contract, parse_contract
from cardtable.preferans.deal_score import DealScore, GoodTalon, Phase, Play, ScoreError, Whist
from cardtable.preferans.ledger import Column, PlayerTotals
from cardtable.preferans.scoring import CONVENTIONS, ScoringRules, convention
from cardtable.preferans.settlement import Settlement
from cardtable.preferans.sheet import Sheet

MOST_NAME = 40
"""The longest player name a sheet holds (the server's seat names are as long)."""
_STAKE_TEXT = r"\d{1,12}(\.\d{1,12}|/0*[1-9]\d{0,11})?"
"""A stake written as text: a whole number, a decimal or a fraction over a number not 0."""
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


# --- the file's shape, as pydantic models: types, bounds and unknown keys in one place -------


def _whist_word(word: str) -> str:
    if word.casefold() not in WHIST_WORDS:
        raise ValueError(f"{word[:40]!r} is not one of {', '.join(WHIST_WORDS)}")
    return word.casefold()


def _contract(value: Any) -> Contract:
    if not isinstance(value, str):
        raise ValueError(f"{_short(value)} must be a string")
    try:
        return parse_contract(value)
    except CardtableError as error:
        raise ValueError(str(error)) from None


def _convention(name: str) -> str:
    if name not in CONVENTIONS:
        raise ValueError(f"{name!r} is not one of {', '.join(CONVENTIONS)}")
    return name


_Name = Annotated[str, StringConstraints(max_length=MOST_NAME)]
_Count = Annotated[int, Field(ge=-MOST_POINTS, le=MOST_POINTS)]


def _amount(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{_short(value)} is not a number")
    if abs(value) > MOST_POINTS:
        raise ValueError(f"larger than any total on a sheet ({MOST_POINTS:,})")
    return Fraction(str(value))


def _stake(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError("a number per whist")
    if isinstance(value, str) and not re.fullmatch(_STAKE_TEXT, value.strip()):
        raise ValueError(f"{_short(value)} is not a number such as 0.5 or 1/3")
    # Through str so that 0.1 is a tenth, not the float nearest to it.
    stake = Fraction(str(value).strip())
    if stake > MOST_POINTS or stake.denominator > MOST_POINTS:
        raise ValueError(f"{_short(value)} is not a stake players agree")
    if stake < 0:
        raise ValueError("must not be negative")
    return stake


_Amount = Annotated[Fraction, PlainValidator(_amount)]
_Stake = Annotated[Fraction, PlainValidator(_stake)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class _Deal(_Strict):
    declarer: _Name | None = None
    contract: Annotated[Contract, PlainValidator(_contract)] | None = None
    tricks: _Count | None = None
    whist: dict[_Name, Annotated[str, AfterValidator(_whist_word)]] = {}
    play: Literal["open", "closed"] | None = None
    defender_tricks: dict[_Name, _Count] = {}
    allpass: dict[_Name, _Count] | None = None
    dealer: _Name | None = None
    talon: Literal["ace", "marriage", "two_aces"] | None = None
    off_mountain: _Count = 0
    phase: Literal["main", "robber", "preliminary_allpass"] = "main"
    coefficient: _Count = 1
    renonce: dict[_Name, _Count] = {}


class _Totals(_Strict):
    mountain: _Amount = Fraction(0)
    pool: _Amount = Fraction(0)
    whists: dict[_Name, _Amount] = {}


class _Document(_Strict):
    convention: Annotated[_Name, AfterValidator(_convention)] = "classic-1992"
    rules: dict[str, Any] = {}
    players: list[_Name]
    pool: Any = None
    """Checked with the other options by the convention's rules reader."""
    stake: _Stake | None = None
    deals: list[_Deal] | None = None
    sheet: dict[_Name, _Totals] | None = None


TOP_FIELDS = tuple(_Document.model_fields)
DEAL_FIELDS = tuple(_Deal.model_fields)


def read_document(document: Mapping[str, Any]) -> ScoreFile:
    """Check a parsed scorer document and turn it into a :class:`ScoreFile`."""
    try:
        read = _Document.model_validate(document)
    except ValidationError as error:
        raise ScoreError(_first_problem(error)) from None
    overrides = dict(read.rules)
    if read.pool is not None:
        overrides["pool"] = read.pool
    try:
        rules = convention(read.convention, overrides)
    except CardtableError as error:
        raise ScoreError(f"field 'rules': {error}") from None
    given = read.model_fields_set & {"deals", "sheet"}
    if len(given) != 1 or (read.deals is None and read.sheet is None):
        raise ScoreError("field 'deals': give either 'deals' or the written totals in 'sheet'")
    deals = None if read.deals is None else tuple(_deal_score(deal) for deal in read.deals)
    totals = None if read.sheet is None else _totals(read.sheet)
    return ScoreFile(read.convention, rules, tuple(read.players), read.stake, deals, totals)


_PROBLEMS = {
    "int_type": "must be a whole number",
    "string_type": "must be a string",
    "list_type": "must be a list",
    "dict_type": "must be an object",
    "model_type": "must be an object",
    "model_attributes_type": "must be an object",
    "missing": "is missing",
    "extra_forbidden": "unknown",
    "less_than_equal": f"beyond any count on a sheet (±{MOST_POINTS:,})",
    "greater_than_equal": f"beyond any count on a sheet (±{MOST_POINTS:,})",
    "string_too_long": f"a name is at most {MOST_NAME} characters",
}


def _first_problem(error: ValidationError) -> str:
    """The first thing wrong, named as ``deal N: field 'x': …`` or ``field 'a.b': …``."""
    problem = error.errors()[0]
    loc = [str(part) for part in problem["loc"]]
    kind = problem["type"]
    said = _PROBLEMS.get(kind) or str(problem["msg"]).removeprefix("Value error, ")
    if kind.endswith("_type"):
        said = f"{_short(problem['input'])} {said}"
    if not loc:
        return f"must be an object, not {_short(problem['input'])}"
    if kind == "extra_forbidden" and len(loc) == 1:
        said = f"unknown (known: {', '.join(TOP_FIELDS)})"
    if loc[0] == "deals" and len(loc) >= 2:
        number = int(loc[1]) + 1
        if len(loc) == 2:
            return f"deal {number}: must be an object"
        return f"deal {number}: field {loc[2]!r}: {said}"
    field = ".".join(loc) if loc[0] == "sheet" else loc[0]
    return f"field {field!r}: {said}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


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


def deal_from_data(number: int, item: Any) -> DealScore:
    """One deal of the scorer's JSON as a :class:`DealScore`; errors name deal ``number``.

    >>> deal_from_data(1, {"declarer": "A", "contract": "7♥", "tricks": 7,
    ...                    "whist": {"B": "open", "C": "pass"}}).play
    <Play.OPEN: 'open'>
    """
    try:
        deal = _Deal.model_validate(item)
    except ValidationError as error:
        raise ScoreError(f"deal {number}: {_first_problem(error)}") from None
    return _deal_score(deal)


def _deal_score(deal: _Deal) -> DealScore:
    whist: dict[str, Whist] = {}
    play = None if deal.play is None else Play(deal.play)
    for player, word in deal.whist.items():
        whist[player], how = WHIST_WORDS[word]
        play = how or play
    return DealScore(
        declarer=deal.declarer,
        contract=deal.contract,
        tricks=deal.tricks,
        whist=whist,
        play=play,
        defender_tricks=deal.defender_tricks,
        allpass=deal.allpass,
        dealer=deal.dealer,
        talon=None if deal.talon is None else GoodTalon(deal.talon),
        off_mountain=deal.off_mountain,
        phase=Phase(deal.phase),
        coefficient=deal.coefficient,
        renonce=deal.renonce,
    )


def _totals(sheet: Mapping[str, _Totals]) -> dict[str, PlayerTotals]:
    return {
        player: PlayerTotals(written.mountain, written.pool, dict(written.whists))
        for player, written in sheet.items()
    }
