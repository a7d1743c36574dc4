"""The shape of each version of a record, as pydantic models, and the reading of one.

Kept apart from :mod:`cardtable.engine.record` so that playing and writing records does not
load pydantic's models; :func:`cardtable.engine.record.record_from_data` calls it.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from cardtable.cards import Card, parse_cards
from cardtable.engine.record import (
    READ_VERSIONS,
    RECORD_FORMAT,
    DealEntry,
    DealResult,
    Record,
    SealedDeal,
    Summary,
)
from cardtable.errors import CardParseError, RecordError

_Seat = Annotated[int, Field(ge=0, lt=1 << 16)]
_Seed = Annotated[int, Field(ge=0, lt=1 << 64)]
_Hex64 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
_Salt = Annotated[str, StringConstraints(pattern=r"^([0-9a-f]{2}){0,64}$")]


class _Model(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class _DealV1(_Model):
    dealer: _Seat
    seed: _Seed
    deck: str
    before: list[str] = []
    actions: list[str]


class _RecordV1(_Model):
    format: str
    version: int
    game: str
    preset: str | None
    rules: dict[str, Any]
    seats: list[str]
    deals: list[dict[str, Any]]
    after: list[str] = []


class _Result(_Model):
    outcome: Any
    ledger: dict[str, Any]


class _DealV2(_Model):
    dealer: _Seat
    before: list[str]
    deck: str
    seed: _Seed
    salt: _Salt
    commitment: _Hex64
    actions: list[str]
    result: _Result | None
    hash: _Hex64


class _SealedV2(_Model):
    dealer: _Seat
    before: list[str]
    commitment: _Hex64
    sealed: str
    hash: _Hex64


class _Summary(_Model):
    deals: Annotated[int, Field(ge=0)]
    finished: bool
    ledger: dict[str, Any]


class _Signature(_Model):
    key: str
    value: str


class _RecordV2(_RecordV1):
    after: list[str]  # required from version 2 on
    summary: _Summary
    hash: _Hex64
    signature: _Signature | None = None


def read_data(data: object) -> Record:
    """A record from JSON-shaped data of any version this code reads, checked field by field."""
    if not isinstance(data, dict):
        raise RecordError("record must be a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"record: 'format' must be {RECORD_FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        readable = " or ".join(str(v) for v in READ_VERSIONS)
        raise RecordError(f"record: version {_short(version)} is not {readable}")
    if version == 1:
        return _record_v1(_validated(_RecordV1, data, "record"))
    return _record_v2(_validated(_RecordV2, data, "record"))


def _record_v1(top: _RecordV1) -> Record:
    deals = []
    for number, raw in enumerate(top.deals, start=1):
        where = f"record: deal {number}"
        entry = _validated(_DealV1, raw, where)
        deals.append(
            DealEntry(
                dealer=entry.dealer,
                deck=_deck(entry.deck, where),
                seed=entry.seed,
                actions=tuple(entry.actions),
                before=tuple(entry.before),
            )
        )
    return Record(
        game=top.game,
        preset=top.preset,
        rules=top.rules,
        seats=tuple(top.seats),
        deals=tuple(deals),
        after=tuple(top.after),
    )


def _record_v2(top: _RecordV2) -> Record:
    deals: list[DealEntry] = []
    sealed: SealedDeal | None = None
    for number, raw in enumerate(top.deals, start=1):
        where = f"record: deal {number}"
        if sealed is not None:
            raise RecordError(f"record: deal {number - 1} is sealed but is not the last deal")
        if isinstance(raw, dict) and "sealed" in raw:
            kept = _validated(_SealedV2, raw, where)
            sealed = SealedDeal(kept.dealer, tuple(kept.before), kept.commitment, kept.sealed)
            continue
        entry = _validated(_DealV2, raw, where)
        result = entry.result
        deals.append(
            DealEntry(
                dealer=entry.dealer,
                deck=_deck(entry.deck, where),
                seed=entry.seed,
                actions=tuple(entry.actions),
                before=tuple(entry.before),
                salt=entry.salt,
                result=None if result is None else DealResult(result.outcome, result.ledger),
            )
        )
    if sealed is not None and top.after:
        raise RecordError("record: moves 'after' the last deal while a deal is in progress")
    summary = top.summary
    return Record(
        game=top.game,
        preset=top.preset,
        rules=top.rules,
        seats=tuple(top.seats),
        deals=tuple(deals),
        after=tuple(top.after),
        summary=Summary(summary.deals, summary.finished, summary.ledger),
        sealed=sealed,
    )


_M = TypeVar("_M", bound=BaseModel)


def _validated(model: type[_M], data: object, where: str) -> _M:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RecordError(_first_problem(error, where)) from None


_PROBLEMS = {
    "int_type": "must be a whole number",
    "string_type": "must be a string",
    "list_type": "must be a list",
    "dict_type": "must be a JSON object",
    "model_type": "must be a JSON object",
    "model_attributes_type": "must be a JSON object",
    "bool_type": "must be true or false",
    "missing": "is missing",
    "string_pattern_mismatch": "is not in the record's hex form",
}


def _first_problem(error: ValidationError, where: str) -> str:
    problem = error.errors()[0]
    path = [str(part) for part in problem["loc"]]
    if problem["type"] == "extra_forbidden":
        return f"{where}: unknown key {path[-1]!r}"
    field = ".".join(path)
    said = _PROBLEMS.get(problem["type"], problem["msg"].lower())
    return f"{where}: {field!r} {said}" if field else f"{where} {said}"


def _deck(text: str, where: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CardParseError as error:
        raise RecordError(f"{where}: 'deck': {error}") from None


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 20 else text[:20] + "…"
