"""The match record: versioned JSON holding everything needed to replay a match exactly.

::

    {"format": "cardtable-record", "version": 2, "game": "preferans", "preset": "sochi",
     "rules": {...every option...}, "seats": ["Anna", "Boris", "Vera"],
     "deals": [{"dealer": 0, "before": [], "deck": "7♠ 8♠ ...", "seed": 12345,
                "salt": "9f…", "commitment": "3a…", "actions": ["6♠", "pass", ...],
                "result": {"outcome": {...}, "ledger": {"Anna": 12, ...}}, "hash": "c4…"}],
     "after": [], "summary": {"deals": 1, "finished": false, "ledger": {...}},
     "hash": "77…", "signature": {"key": "…", "value": "…"}}

Each deal holds its dealer, the moves made between deals before it (``before``), the deck
order it was dealt from, the seed for chance inside it, the salt of its deck commitment, its
actions in the game's canonical text and, once finished, what it came to. ``after`` holds
moves made after the last deal. Every statement is checked when the record is replayed; the
hashes chain each deal to the one before, and a signature (optional) signs the last hash.
A deal in progress may be kept out of a saved file: it is then written ``sealed`` (see
:mod:`cardtable.engine.sealing`). docs/records.md describes the format byte for byte.

Version 1 records (no salts, results, summary or hashes) are still read and replayed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.cards import Card, cards_text
from cardtable.engine.integrity import (
    Integrity,
    chain_hash,
    check_signature,
    deck_commitment,
    digest,
    signature_of,
)
from cardtable.engine.reading import parse_json
from cardtable.errors import CardtableError, RecordError

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

RECORD_FORMAT = "cardtable-record"
"""The value of a record's ``format`` key."""

RECORD_VERSION = 2
"""The record format version this code writes."""

READ_VERSIONS = (1, 2)
"""The record format versions this code reads."""


class RecordAltered(RecordError):
    """A record whose hashes, deck commitments or signature do not match what it holds."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """What a finished deal came to, as JSON-shaped data: its outcome and the ledger after it."""

    outcome: object
    ledger: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class DealEntry:
    """One deal of a record: dealer, deck order, seed, moves before it, and its actions."""

    dealer: int
    deck: tuple[Card, ...]
    seed: int
    actions: tuple[str, ...]
    before: tuple[str, ...] = ()
    salt: str = ""
    """The deck commitment's salt in hex (empty in records written before commitments)."""
    result: DealResult | None = None
    """The deal's outcome and the ledger after it, once it is finished."""

    @property
    def commitment(self) -> str:
        """The commitment to this deal's deck order and seed (:func:`deck_commitment`)."""
        return deck_commitment(cards_text(self.deck), self.seed, self.salt)


@dataclass(frozen=True, slots=True)
class SealedDeal:
    """The deal in progress of a saved match, its cards and moves sealed away from readers."""

    dealer: int
    before: tuple[str, ...]
    commitment: str
    token: str
    """The deck, seed, salt and actions, encrypted (:mod:`cardtable.engine.sealing`)."""


@dataclass(frozen=True, slots=True)
class Summary:
    """What a record states about the whole match: deals, whether it is over, the ledger."""

    deals: int
    finished: bool
    ledger: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class Record:
    """A whole match as data: game, rules, seats and every deal."""

    game: str
    preset: str | None
    rules: Mapping[str, object]
    seats: tuple[str, ...]
    deals: tuple[DealEntry, ...]
    after: tuple[str, ...] = ()
    summary: Summary | None = None
    """What the match came to (``None`` in version 1 records, which state nothing)."""
    sealed: SealedDeal | None = None
    """The deal in progress when it is kept sealed; it follows ``deals``."""

    def to_data(self, sign_with: Ed25519PrivateKey | None = None) -> dict[str, Any]:
        """The record as JSON-shaped data, hashes chained, signed when a key is given."""
        if self.summary is None:
            raise RecordError("a version 1 record states no summary: replay it to write it anew")
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "preset": self.preset,
            "rules": dict(self.rules),
            "seats": list(self.seats),
        }
        previous = digest(data)
        deals: list[dict[str, object]] = []
        for body in [*map(_deal_data, self.deals), *_sealed_data(self.sealed)]:
            previous = chain_hash(previous, body)
            deals.append({**body, "hash": previous})
        data["deals"] = deals
        data["after"] = list(self.after)
        data["summary"] = {
            "deals": self.summary.deals,
            "finished": self.summary.finished,
            "ledger": dict(self.summary.ledger),
        }
        data["hash"] = chain_hash(previous, _tail(data))
        if sign_with is not None:
            data["signature"] = signature_of(data["hash"], sign_with)
        return data


def _deal_data(entry: DealEntry) -> dict[str, object]:
    deck = cards_text(entry.deck)
    result = entry.result
    return {
        "dealer": entry.dealer,
        "before": list(entry.before),
        "deck": deck,
        "seed": entry.seed,
        "salt": entry.salt,
        "commitment": deck_commitment(deck, entry.seed, entry.salt),
        "actions": list(entry.actions),
        "result": None
        if result is None
        else {"outcome": result.outcome, "ledger": dict(result.ledger)},
    }


def _sealed_data(sealed: SealedDeal | None) -> list[dict[str, object]]:
    if sealed is None:
        return []
    return [
        {
            "dealer": sealed.dealer,
            "before": list(sealed.before),
            "commitment": sealed.commitment,
            "sealed": sealed.token,
        }
    ]


def _tail(data: Mapping[str, object]) -> dict[str, object]:
    return {"after": data["after"], "summary": data["summary"]}


def record_text(record: Record, sign_with: Ed25519PrivateKey | None = None) -> str:
    """The record as JSON text, one item per line for readable diffs; signed if a key is given."""
    return json.dumps(record.to_data(sign_with), ensure_ascii=False, indent=1) + "\n"


def parse_record(text: str) -> Record:
    """Read a record from JSON text; a malformed one raises :class:`RecordError` saying where.

    A record whose hashes, commitments or signature do not match raises :class:`RecordAltered`.
    """
    record, integrity = read_record(text)
    if integrity.status == "altered":
        raise RecordAltered(f"record altered: {integrity.reason}")
    return record


def read_record(text: str) -> tuple[Record, Integrity]:
    """The record in ``text`` and what its hashes and signature say of it (altered included)."""
    try:
        data = parse_json(text, what="record")
    except CardtableError as error:
        raise RecordError(str(error)) from None
    record = record_from_data(data)
    assert isinstance(data, dict)  # record_from_data has read it as a record's table
    return record, record_integrity(data)


def record_from_data(data: object) -> Record:
    """A record from JSON-shaped data of any version this code reads, checked field by field."""
    from cardtable.engine.record_models import read_data  # noqa: PLC0415 - pydantic on demand

    return read_data(data)


def record_integrity(data: dict[str, Any]) -> Integrity:
    """Whether the record ``data`` (already read by :func:`record_from_data`) is intact.

    Recomputes every deal's deck commitment and the hash chain from what the record holds, then
    checks the signature of the final hash, if there is one.
    """
    if data["version"] == 1:
        return Integrity("unsigned", reason="a version 1 record: no hashes or commitments")
    previous = digest({key: data[key] for key in _HEADER_KEYS})
    for number, deal in enumerate(data["deals"], start=1):
        if "sealed" not in deal and deal["commitment"] != deck_commitment(
            deal["deck"], deal["seed"], deal["salt"]
        ):
            return Integrity(
                "altered", reason=f"deal {number}'s deck and seed are not those committed to"
            )
        body = {key: value for key, value in deal.items() if key != "hash"}
        previous = chain_hash(previous, body)
        if previous != deal["hash"]:
            return Integrity("altered", reason=f"deal {number} does not match its hash")
    if chain_hash(previous, _tail(data)) != data["hash"]:
        return Integrity("altered", reason="the summary does not match the record's hash")
    if data.get("signature") is None:
        return Integrity("unsigned")
    return check_signature(data["hash"], data["signature"])


_HEADER_KEYS = ("format", "version", "game", "preset", "rules", "seats")
