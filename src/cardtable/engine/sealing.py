"""Sealing the deal in progress of a saved match, so the save file does not show its cards.

A local table rewrites its record after every move so that a killed process resumes where it
stopped. The deal in progress is written sealed: its deck order, seed, salt and actions are
encrypted (AES-256-GCM, bound to the deal's published deck commitment) with a key the table
keeps outside the record (:func:`cardtable.keys.seal_key`). Who reads the file learns the
finished deals, who deals the current one and its commitment, and nothing of its cards or moves.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from pydantic import BaseModel, ConfigDict, ValidationError

from cardtable.cards import cards_text, parse_cards
from cardtable.engine.integrity import canonical_json
from cardtable.engine.record import DealEntry, Record, RecordAltered, SealedDeal
from cardtable.errors import CardtableError, RecordError

SEAL_KEY_BYTES = 32
"""The length of a sealing key (AES-256)."""

_NONCE_BYTES = 12


class _Sealed(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    deck: str
    seed: int
    salt: str
    actions: list[str]


def seal_deal_in_progress(record: Record, key: bytes) -> Record:
    """``record`` with its last deal, which must be unfinished, sealed with ``key``."""
    entry = record.deals[-1]
    if entry.result is not None:
        raise RecordError("the last deal is finished: there is nothing to seal")
    commitment = entry.commitment
    secret = {
        "deck": cards_text(entry.deck),
        "seed": entry.seed,
        "salt": entry.salt,
        "actions": list(entry.actions),
    }
    nonce = secrets.token_bytes(_NONCE_BYTES)
    sealed = AESGCM(key).encrypt(nonce, canonical_json(secret), commitment.encode())
    token = base64.b64encode(nonce + sealed).decode("ascii")
    return dataclasses.replace(
        record,
        deals=record.deals[:-1],
        sealed=SealedDeal(entry.dealer, entry.before, commitment, token),
    )


def unseal_deal_in_progress(record: Record, key: bytes) -> Record:
    """``record`` with its sealed deal opened with ``key`` and put back among its deals."""
    sealed = record.sealed
    if sealed is None:
        return record
    where = f"record: deal {len(record.deals) + 1}"
    secret = _opened(sealed, key, where)
    try:
        entry = DealEntry(
            dealer=sealed.dealer,
            deck=parse_cards(secret.deck),
            seed=secret.seed,
            actions=tuple(secret.actions),
            before=sealed.before,
            salt=secret.salt,
        )
    except CardtableError as error:
        raise RecordError(f"{where}: the sealed deal: {error}") from None
    if entry.commitment != sealed.commitment:
        raise RecordAltered(f"{where}: the sealed deck is not the one committed to")
    return dataclasses.replace(record, deals=(*record.deals, entry), sealed=None)


def _opened(sealed: SealedDeal, key: bytes, where: str) -> _Sealed:
    try:
        raw = base64.b64decode(sealed.token, validate=True)
        plain = AESGCM(key).decrypt(
            raw[:_NONCE_BYTES], raw[_NONCE_BYTES:], sealed.commitment.encode()
        )
    except (ValueError, InvalidTag):
        raise RecordError(
            f"{where} is sealed with a key this table does not hold "
            "(it was saved by another user or machine, or altered)"
        ) from None
    try:
        data: object = json.loads(plain)
        return _Sealed.model_validate(data)
    except (ValueError, ValidationError):
        raise RecordError(f"{where}: the sealed deal cannot be read") from None
