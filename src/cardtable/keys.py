"""The keys a table or a club keeps in its data folder, each made on first use.

* ``club-signing-key.pem`` — the club's Ed25519 key, which signs the records its server issues
  (:func:`club_key`); readers check them with ``cardtable replay``.
* ``table-seal.key`` — the key that seals the deal in progress of a saved local match
  (:func:`seal_key`).

The folder is ``$CARDTABLE_HOME`` when set, else the user's data folder (``~/.local/share/
cardtable`` on Linux). Key files are created readable by their owner only, and atomically, so
two processes starting together end up with the same key.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from pathlib import Path

import platformdirs
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from cardtable.durable import TEMPORARY_SUFFIX, fsync_folder
from cardtable.engine.sealing import SEAL_KEY_BYTES
from cardtable.errors import CardtableError

SIGNING_KEY_FILE = "club-signing-key.pem"
"""The club's signing key in the data folder."""

SEAL_KEY_FILE = "table-seal.key"
"""The table's sealing key in the data folder."""


class KeyFileError(CardtableError):
    """A key file that exists but cannot be used."""


def data_dir() -> Path:
    """The folder of cardtable's keys: ``$CARDTABLE_HOME``, else the user's data folder."""
    home = os.environ.get("CARDTABLE_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir("cardtable"))


def club_key(folder: Path | None = None) -> Ed25519PrivateKey:
    """The club's Ed25519 signing key in ``folder`` (the data folder), made on first use."""
    path = (folder or data_dir()) / SIGNING_KEY_FILE

    def make() -> bytes:
        return Ed25519PrivateKey.generate().private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )

    data = _key_file(path, make)
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except ValueError:
        raise KeyFileError(f"{path}: not a PEM private key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{path}: not an Ed25519 key")
    return key


def seal_key(folder: Path | None = None) -> bytes:
    """The table's key that seals a saved deal in progress, in ``folder``, made on first use."""
    path = (folder or data_dir()) / SEAL_KEY_FILE
    data = _key_file(path, lambda: secrets.token_hex(SEAL_KEY_BYTES).encode("ascii"))
    try:
        key = bytes.fromhex(data.decode("ascii").strip())
    except ValueError:
        key = b""
    if len(key) != SEAL_KEY_BYTES:
        raise KeyFileError(f"{path}: not a sealing key ({SEAL_KEY_BYTES} bytes in hex)")
    return key


def _key_file(path: Path, make: Callable[[], bytes]) -> bytes:
    """The bytes of the key file at ``path``, written with ``make()`` if there is none yet."""
    with contextlib.suppress(FileNotFoundError):
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(8)}{TEMPORARY_SUFFIX}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(make())
            stream.flush()
            os.fsync(stream.fileno())
        # A link never replaces: if another process made the key first, its key is used.
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        os.unlink(temporary)
    fsync_folder(path.parent)
    return path.read_bytes()
