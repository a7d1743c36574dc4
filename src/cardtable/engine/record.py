"""The match record: versioned JSON holding everything needed to replay a match exactly.

::

    {"format": "cardtable-record", "version": 1, "game": "preferans", "preset": "sochi",
     "rules": {...every option...}, "seats": ["Anna", "Boris", "Vera"],
     "deals": [{"dealer": 0, "seed": 12345, "deck": "7♠ 8♠ ...", "before": [],
                "actions": ["6♠", "pass", "pass", ...]}],
     "after": []}

Each deal holds its dealer, the deck order it was dealt from, the seed for chance inside the
deal, the moves made between deals before it (``before``) and its actions in the game's
canonical text. ``after`` holds moves made after the last deal.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, cards_text, parse_cards
from cardtable.errors import CardParseError, RecordError

RECORD_FORMAT = "cardtable-record"
"""The value of a record's ``format`` key."""

RECORD_VERSION = 1
"""The record format version this code writes and reads."""

_RECORD_KEYS = ("format", "version", "game", "preset", "rules", "seats", "deals", "after")
_DEAL_KEYS = ("dealer", "seed", "deck", "before", "actions")


@dataclass(frozen=True, slots=True)
class DealEntry:
    """One deal of a record: dealer, deck order, seed, moves before it, and its actions."""

    dealer: int
    deck: tuple[Card, ...]
    seed: int
    actions: tuple[str, ...]
    before: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Record:
    """A whole match as data: game, rules, seats and every deal."""

    game: str
    preset: str | None
    rules: Mapping[str, Any]
    seats: tuple[str, ...]
    deals: tuple[DealEntry, ...]
    after: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-shaped data."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "preset": self.preset,
            "rules": dict(self.rules),
            "seats": list(self.seats),
            "deals": [
                {
                    "dealer": entry.dealer,
                    "seed": entry.seed,
                    "deck": cards_text(entry.deck),
                    "before": list(entry.before),
                    "actions": list(entry.actions),
                }
                for entry in self.deals
            ],
            "after": list(self.after),
        }


def record_text(record: Record) -> str:
    """The record as JSON text, one deal's actions per line for readable diffs."""
    return json.dumps(record.to_data(), ensure_ascii=False, indent=1) + "\n"


def parse_record(text: str) -> Record:
    """Read a record from JSON text; a malformed one raises :class:`RecordError` saying where."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"record is not JSON: {error}") from None
    return record_from_data(data)


def record_from_data(data: Any) -> Record:
    """A record from JSON-shaped data, checked key by key."""
    top = _table(data, "record")
    if top.get("format") != RECORD_FORMAT:
        raise RecordError(f"record: 'format' must be {RECORD_FORMAT!r}")
    if top.get("version") != RECORD_VERSION:
        raise RecordError(f"record: version {top.get('version')!r} is not {RECORD_VERSION}")
    _known_keys(top, _RECORD_KEYS, "record")
    preset = top.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise RecordError("record: 'preset' must be a string or null")
    deals = top.get("deals")
    if not isinstance(deals, list):
        raise RecordError("record: 'deals' must be a list")
    return Record(
        game=_string(top.get("game"), "record: 'game'"),
        preset=preset,
        rules=_table(top.get("rules"), "record: 'rules'"),
        seats=_strings(top.get("seats"), "record: 'seats'"),
        deals=tuple(_deal_entry(entry, number) for number, entry in enumerate(deals, start=1)),
        after=_strings(top.get("after", []), "record: 'after'"),
    )


def _deal_entry(data: Any, number: int) -> DealEntry:
    where = f"record: deal {number}"
    entry = _table(data, where)
    _known_keys(entry, _DEAL_KEYS, where)
    try:
        deck = parse_cards(_string(entry.get("deck"), f"{where}: 'deck'"))
    except CardParseError as error:
        raise RecordError(f"{where}: 'deck': {error}") from None
    return DealEntry(
        dealer=_integer(entry.get("dealer"), f"{where}: 'dealer'"),
        deck=deck,
        seed=_integer(entry.get("seed"), f"{where}: 'seed'"),
        actions=_strings(entry.get("actions"), f"{where}: 'actions'"),
        before=_strings(entry.get("before", []), f"{where}: 'before'"),
    )


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{where} must be a JSON object")
    return value


def _known_keys(table: dict[str, Any], known: tuple[str, ...], where: str) -> None:
    # A key this version does not know is a typo or a newer record: refused, never ignored.
    for key in table:
        if key not in known:
            raise RecordError(f"{where}: unknown key {key!r} (known: {', '.join(known)})")


def _string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{where} must be a string")
    return value


def _integer(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where} must be a whole number")
    return value


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise RecordError(f"{where} must be a list of strings")
    return tuple(value)
