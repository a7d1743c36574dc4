"""Bounded reading of the files and texts users hand to cardtable (records, rules, sheets, PHH).

Every reader of outside input goes through these few functions, so that a file larger than any
real one, JSON nested a hundred thousand deep, a 5,000-digit number, ``NaN`` or ``1e5000`` is
refused in one sentence instead of hanging, exhausting memory or ending in a traceback.

>>> parse_json('{"a": [1, 2.5]}', what="record")
{'a': [1, 2.5]}
>>> parse_json("[NaN]", what="sheet")
Traceback (most recent call last):
cardtable.engine.reading.InputError: sheet: NaN is not a number cardtable reads
>>> parse_json("[" * 100_000, what="record")
Traceback (most recent call last):
cardtable.engine.reading.InputError: record: nested too deeply to be read
>>> parse_toml("x = inf", what="rules")
Traceback (most recent call last):
cardtable.engine.reading.InputError: rules: inf is not a number cardtable reads
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from pathlib import Path

from cardtable.errors import CardtableError

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest file cardtable reads: far above any real record (a 10,000-deal pulka is ~10 MB)."""


_TOO_LONG = "a number with more digits than any count or amount in a game"

MOST_DIGITS = 18
"""The most digits of a number typed or written in a move: more than any count or amount."""


class InputError(CardtableError):
    """A file or text that cannot be read at all: too large, not UTF-8, or not JSON/TOML."""


def whole_number(text: str) -> int | None:
    """The number ``text`` writes in the digits 0-9 (at most :data:`MOST_DIGITS`), else None.

    ``str.isdigit`` also accepts ``²`` and ``³``, which ``int`` refuses; moves and prompts read
    their numbers here instead.

    >>> whole_number("40"), whole_number("²"), whole_number("-3"), whole_number("9" * 5000)
    (40, None, None, None)
    """
    if not text.isascii() or not text.isdigit() or len(text) > MOST_DIGITS:
        return None
    return int(text)


def read_text_file(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the file at ``path``; a larger or non-UTF-8 file is refused at once.

    At most ``max_bytes + 1`` bytes are read, so an endless device such as ``/dev/zero`` ends.
    """
    with path.open("rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputError(
            f"{path}: larger than {max_bytes:,} bytes, more than any file cardtable writes"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(
            f"{path}: not UTF-8 text (byte {data[error.start]:#04x} at offset {error.start})"
        ) from None


def _finite(what: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            raise InputError(f"{what}: {text} is not a number cardtable reads")
        return value

    return parse


def _no_constant(what: str) -> Callable[[str], float]:
    def refuse(text: str) -> float:
        raise InputError(f"{what}: {text} is not a number cardtable reads")

    return refuse


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of half a UTF-16 surrogate pair: how a UTF-8 file can hold a lone one."""

_LONE_SURROGATE = "a string holds a lone surrogate (U+D800 to U+DFFF), which is no character"


def holds_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate, which no UTF-8 file, hash or signature holds.

    >>> holds_lone_surrogate("Anna"), holds_lone_surrogate(chr(0xDCFF))
    (False, True)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _refuse_lone_surrogates(text: str, what: str) -> None:
    if holds_lone_surrogate(text):
        raise InputError(f"{what}: {_LONE_SURROGATE}")


def parse_json(text: str, *, what: str) -> object:
    """The JSON value of ``text``; ``what`` names the input in the one-line error."""
    _refuse_lone_surrogates(text, what)
    value = _json_value(text, what)
    if _SURROGATE_ESCAPE.search(text) is not None:  # a pair of escapes reads as one character
        _refuse_lone_surrogates(json.dumps(value, ensure_ascii=False), what)
    return value


def _json_value(text: str, what: str) -> object:
    try:
        return json.loads(text, parse_float=_finite(what), parse_constant=_no_constant(what))
    except json.JSONDecodeError as error:
        raise InputError(f"{what}: not JSON: {error}") from None
    except RecursionError:
        raise InputError(f"{what}: nested too deeply to be read") from None
    except InputError:
        raise
    except ValueError:  # an integer longer than Python converts (sys.int_info)
        raise InputError(f"{what}: {_TOO_LONG}") from None


def _finite_decimal(what: str) -> Callable[[str], Decimal]:
    def parse(text: str) -> Decimal:
        try:
            value = Decimal(text)
        except InvalidOperation:  # an exponent beyond the decimal context's
            raise InputError(f"{what}: {text} is not a number cardtable reads") from None
        if not value.is_finite():
            raise InputError(f"{what}: {text} is not a number cardtable reads")
        return value

    return parse


def parse_toml(text: str, *, what: str, exact: bool = False) -> dict[str, object]:
    """The TOML table of ``text``; ``what`` names the input in the one-line error.

    With ``exact`` a decimal number is read as a :class:`~decimal.Decimal` (``247.10`` stays
    247.10, as money amounts must), else as a float.

    >>> parse_toml("stack = 14.60", what="hand", exact=True)
    {'stack': Decimal('14.60')}
    """
    _refuse_lone_surrogates(text, what)  # TOML refuses them as escapes itself
    parse_float = _finite_decimal(what) if exact else _finite(what)
    try:
        return tomllib.loads(text, parse_float=parse_float)
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{what}: not TOML: {error}") from None
    except RecursionError:
        raise InputError(f"{what}: nested too deeply to be read") from None
    except InputError:
        raise
    except ValueError:
        raise InputError(f"{what}: {_TOO_LONG}") from None
