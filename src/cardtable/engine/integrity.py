"""What lets a reader check a record: deck commitments, the hash chain and Ed25519 signatures.

Everything here is a pure function of its arguments (keys are passed in, never read from disk),
so that the command line, the server and a test compute exactly the same digests. The forms
are simple enough to recompute in a web page: docs/records.md gives them byte for byte.

>>> deck_commitment("A♠ K♠", 7, "00ff")
'69559f7012e1b78f0386fdba6e6176ea17598257c31a8da0eb3c49bbc532f577'
>>> len(chain_hash("0" * 64, {"dealer": 0}))
64
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Literal

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

SALT_BYTES = 16
"""The length of a deal's secret salt: 128 bits, so the commitment hides the deck."""

_SIGNED_PREFIX = b"cardtable-record-signature\n"
_COMMITTED_PREFIX = "cardtable-deck-commitment\n"


def canonical_json(value: object) -> bytes:
    """``value`` as the bytes that are hashed: sorted keys, no spaces, UTF-8 (docs/records.md)."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def digest(value: object) -> str:
    """The SHA-256 of ``value``'s canonical JSON, in lowercase hex."""
    return hashlib.sha256(canonical_json(value)).hexdigest()


def chain_hash(previous: str, link: object) -> str:
    """The hash of one link of the chain: ``link`` bound to the hash before it."""
    return digest({"previous": previous, "link": link})


def deck_commitment(deck: str, seed: int, salt: str) -> str:
    """The commitment to a deal's deck order and seed, published before any card is seen.

    ``deck`` is the deck as the record writes it, ``salt`` the secret salt in hex; the result is
    the SHA-256 (hex) of the three on their own lines after a fixed first line.
    """
    text = f"{_COMMITTED_PREFIX}{deck}\n{seed}\n{salt}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def key_fingerprint(key: Ed25519PublicKey) -> str:
    """The short name of a public key, as OpenSSH prints one: ``SHA256:`` and base64."""
    digest_bytes = hashlib.sha256(key.public_bytes_raw()).digest()
    return "SHA256:" + base64.b64encode(digest_bytes).decode("ascii").rstrip("=")


def signature_of(record_hash: str, key: Ed25519PrivateKey) -> dict[str, str]:
    """The record's ``signature`` entry: the public key and the signature of its final hash."""
    return {
        "key": base64.b64encode(key.public_key().public_bytes_raw()).decode("ascii"),
        "value": base64.b64encode(key.sign(_SIGNED_PREFIX + record_hash.encode())).decode(),
    }


@dataclass(frozen=True, slots=True)
class Integrity:
    """What a reader may trust of a record: signed (by whom), unsigned, or altered (why)."""

    status: Literal["signed", "unsigned", "altered"]
    key: str | None = None
    """The fingerprint of the key that signed the record."""
    reason: str | None = None
    """Why the record is altered, or what an unsigned record lacks."""

    def __str__(self) -> str:
        if self.status == "signed":
            return f"signed by {self.key}"
        return f"{self.status} ({self.reason})" if self.reason else self.status


def check_signature(record_hash: str, signature: dict[str, str]) -> Integrity:
    """Whether ``signature`` (a record's entry) signs ``record_hash``."""
    try:
        raw_key = base64.b64decode(signature["key"], validate=True)
        value = base64.b64decode(signature["value"], validate=True)
        key = Ed25519PublicKey.from_public_bytes(raw_key)
    except ValueError:
        return Integrity("altered", reason="the signature's key is not an Ed25519 key")
    try:
        key.verify(value, _SIGNED_PREFIX + record_hash.encode())
    except InvalidSignature:
        return Integrity("altered", key_fingerprint(key), "the signature does not match the record")
    return Integrity("signed", key_fingerprint(key))


def fresh_salt() -> bytes:
    """A new secret salt for a deal's commitment, from the operating system's generator."""
    return secrets.token_bytes(SALT_BYTES)
