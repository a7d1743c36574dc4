"""The pair a server calls: sign the record it issues, and verify a record a reader holds.

>>> from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
>>> from cardtable.engine.registry import get_game
>>> game = get_game("piquet")
>>> match = game.new_match(game.rules(), ["Anna", "Boris"])
>>> key = Ed25519PrivateKey.generate()
>>> verified = verify_record(sign_record(match.record(), key))
>>> verified.integrity.status, verified.integrity.key == key_fingerprint(key.public_key())
('signed', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from cardtable.engine.integrity import Integrity, key_fingerprint
from cardtable.engine.match import SomeMatch
from cardtable.engine.record import Record, RecordAltered, read_record, record_text
from cardtable.engine.replay import replay

__all__ = ["Verified", "key_fingerprint", "sign_record", "verify_record"]


@dataclass(frozen=True, slots=True)
class Verified:
    """A record that replays to everything it states, and what its hashes and signature say."""

    record: Record
    match: SomeMatch
    integrity: Integrity
    """``signed`` (``key`` names the signer), ``unsigned``, or ``altered`` (``reason`` says how)."""


def sign_record(record: Record, key: Ed25519PrivateKey) -> str:
    """The record as JSON text, its hash chain signed with ``key`` (a club's Ed25519 key)."""
    return record_text(record, sign_with=key)


def verify_record(text: str, *, refuse_altered: bool = False) -> Verified:
    """Read ``text``, replay it and compare every statement, and check its hashes and signature.

    A record that cannot be read, or does not replay to what it states, raises
    :class:`~cardtable.errors.RecordError`; one whose hashes or signature do not match comes
    back ``altered`` (or raises :class:`RecordAltered` when ``refuse_altered``).
    """
    record, integrity = read_record(text)
    match = replay(record)
    if refuse_altered and integrity.status == "altered":
        raise RecordAltered(f"record altered: {integrity.reason}")
    return Verified(record, match, integrity)
