"""What every fuzz test asserts of a parser: a value or a ``CardtableError``, in bounded time.

docs/reliability.md, "Fuzzing": each case must end in a value or a :class:`CardtableError`
(never another exception), within :data:`CASE_SECONDS`, and write no file. The number of
cases comes from ``CARDTABLE_FUZZ_EXAMPLES`` (small in the suite, large in ``make fuzz``).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from cardtable.errors import CardtableError

T = TypeVar("T")

EXAMPLES = int(os.environ.get("CARDTABLE_FUZZ_EXAMPLES", "40"))
"""Cases per fuzz test: the suite's default, or the nightly run's figure."""

CASE_SECONDS = 10
"""The most CPU time one case may take before it counts as a hang."""

WALL_SECONDS = 600
"""The most wall time one case may take: a backstop for a case that waits without computing."""

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # time_limit fails a case by its CPU time; a deadline counts wall time
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    derandomize=os.environ.get("CARDTABLE_FUZZ_RANDOM") is None,
    database=None,
)
"""The settings of every fuzz test: a fixed number of cases, a time limit, no example file."""


class Hang(AssertionError):
    """A case that ran longer than :data:`CASE_SECONDS`."""


@contextmanager
def time_limit(seconds: float = CASE_SECONDS, wall: float = WALL_SECONDS) -> Iterator[None]:
    """Fail the case that has used ``seconds`` of CPU time (an endless loop is a hang).

    CPU time, not wall time: on two cores shared by many test runs a case may wait longer for
    its share than it computes. ``wall`` seconds of wall time fail it too.
    """

    def ring(_signal: int, _frame: Any) -> None:
        raise Hang(f"more than {seconds} s of CPU time")

    def ring_wall(_signal: int, _frame: Any) -> None:
        raise Hang(f"still running after {wall} s")

    previous = signal.signal(signal.SIGPROF, ring), signal.signal(signal.SIGALRM, ring_wall)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, wall)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, previous[0])
        signal.signal(signal.SIGALRM, previous[1])


def value_or_refusal(function: Callable[..., T], *arguments: Any) -> T | None:
    """``function(*arguments)``'s value, or None when it refused with a ``CardtableError``.

    Any other exception, or a run past the time limit, fails the case.
    """
    with time_limit():
        try:
            return function(*arguments)
        except CardtableError as error:
            refusal = str(error).strip()
    assert "\n" not in refusal, f"a refusal of more than one line: {refusal}"
    return None


def files_in(folder: Path) -> list[str]:
    """Every file under ``folder``, for checking that a case wrote none."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


HOSTILE_WORDS = (
    "²",
    "³",
    "¹²",
    "٣",
    "-1",
    "0",
    "9" * 30,
    "9" * 5000,
    "1e5000",
    "NaN",
    "inf",
    "-inf",
    "\x00",
    "\u202e",
    "♠",
    "♥♥",
    "10",
    "Jo",
    "NT",
    ",,",
    "",
)
"""Tokens that broke parsers before: digits int() refuses, huge numbers, NaN, controls."""


def hostile_text(words: tuple[str, ...]) -> st.SearchStrategy[str]:
    """Text a player might type: the game's own words and hostile tokens, or anything."""
    token = st.sampled_from(words + HOSTILE_WORDS) | st.text(max_size=6)
    joined = st.lists(token, max_size=6).map(" ".join)
    return joined | st.text(max_size=40)


def toml_value(value: Any) -> str:
    """``value`` written as TOML (lists as arrays, dicts as inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + "}"
    if isinstance(value, float):
        return repr(value).replace("inf", "inf").replace("nan", "nan")
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def scalars() -> st.SearchStrategy[Any]:
    """Any value an option might be given: numbers near and far, words, floats, booleans."""
    return st.one_of(
        st.integers(-3, 12),
        st.integers(-(2**70), 2**70),
        st.booleans(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=12),
        st.sampled_from(["flush", "two pair", "full house", "deuces", "high-low", "pot"]),
    )


def option_values() -> st.SearchStrategy[Any]:
    """A scalar, or a short list of scalars."""
    return scalars() | st.lists(scalars(), max_size=4)
