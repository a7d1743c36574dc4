"""Malformed PHH files: one line naming what is wrong, never a traceback or a hang."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.errors import CardtableError
from cardtable.poker.phh import parse_phh, parse_phh_all, replay_phh

VECTORS = Path(__file__).parent.parent / "vectors" / "poker" / "phh"
SEEDS = [path.read_text(encoding="utf-8") for path in sorted(VECTORS.glob("*.phh"))]
SEEDS += (
    (VECTORS / "handhq-abs-2009-07-100nlh-1.phhs").read_text(encoding="utf-8").split("\n\n[")[1:6]
)
SEEDS = [seed if seed.startswith("variant") else seed.split("]\n", 1)[1] for seed in SEEDS]

HEADS_UP = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 7h2s", "p2 cbr 6", "p1 cc", "d db 2c3d4h", "p1 cc",
  "p2 cc", "d db 5s", "p1 cc", "p2 cc", "d db Kh", "p1 cc", "p2 cc", "p1 sm AcAd",
  "p2 sm 7h2s"]
"""


def _play_all(text: str) -> None:
    for hand in parse_phh_all(text):
        replay_phh(hand)


def _read(text: str) -> None:
    """Read and play every hand of ``text``: a value or a CardtableError, nothing else."""
    try:
        _play_all(text)
    except CardtableError as error:
        message = str(error)
        assert message
        assert "\n" not in message, message


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (('"p2 cbr 6"', '"px cbr 6"'), "'px' is not a player"),
        (('"p2 cbr 6"', '"p9 cbr 6"'), "there is no p9 among 2 players"),
        (('"d dh p2 7h2s"', '"d dh p2 ,,"'), "',,' is not a card"),
        (("[100, 100]", "[inf, 100]"), "inf is not a number"),
        (("starting_stacks = [100, 100]", "starting_stacks = []"), "starting_stacks"),
        (('"p2 cbr 6"', '"p2 cbr"'), "cbr needs the amount"),
        (("[100, 100]", "[100, -5]"), "an amount cannot be negative"),
        (("[100, 100]", "[100, 1e400]"), "digits before the point"),
        (("[100, 100]", "[100, true]"), "an amount must be a number"),
        (('"p2 cbr 6"', '"p2 cbr 6.0000001"'), "decimal places"),
        (('"p2 cbr 6"', '"p2 xx"'), "'xx' is not a PHH verb"),
        (('"d dh p1 AcAd"', '"d dh p1 AcAc"'), "a card is named twice"),
        (('"d dh p2 7h2s"', '"d dh p2 AcAd"'), "the history deals Ac twice"),
        (('variant = "NT"', "variant = 7"), "variant"),
        (('"p2 cbr 6"', '"p2 pb"'), "there is no bring-in to post now"),
    ],
)
def test_a_malformed_phh_file_is_refused_in_one_line_naming_what_is_wrong(
    change: tuple[str, str], says: str
) -> None:
    """Issue: mutated PHH files ended in tracebacks; each is now one line naming the fault.

    PHH standard (phh-std, "Required Fields", "Actions"): seats ``p1`` … ``pN``, cards of two
    characters or ``??``, amounts that are finite numbers.
    """
    old, new = change
    assert old in HEADS_UP
    text = HEADS_UP.replace(old, new)
    with pytest.raises(CardtableError) as caught:
        _play_all(text)
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_untouched_fuzz_seed_is_a_valid_hand() -> None:
    """The seed the mutations start from plays to the end: what they break is theirs."""
    assert sum(replay_phh(parse_phh(HEADS_UP)).finishing_stacks) == 200


def test_a_malformed_phh_file_gives_one_error_line_and_exit_2_at_the_cli(tmp_path: Path) -> None:
    """`cardtable replay BAD.phh`: ``error: …`` on one line and exit status 2, no traceback."""
    bad = tmp_path / "bad.phh"
    bad.write_text(HEADS_UP.replace('"p2 cbr 6"', '"px cbr 6"'), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert result.output.startswith("error: ")
    assert result.output.count("\n") == 1


TOKENS = [
    "px",
    "p0",
    "p99",
    ",,",
    "inf",
    "nan",
    "[]",
    "cbr",
    "sd",
    "sm",
    "pb",
    "????",
    "??",
    "-1",
    "0",
    "1e400",
    "99999999999999999999",
    "0.001",
    '"',
    "'",
    "[",
    "]",
    "=",
    "\n",
    "#",
    "d db",
    "d dh p1",
    "AcAc",
    "Zz",
    "true",
    "{}",
    "[[1]]",
    "variant",
    "F7S",
    "FR",
    "F2L3D",
    "PO",
]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    """A seed file with a few spans replaced, inserted or deleted (tokens or any text)."""
    text = draw(st.sampled_from([HEADS_UP, *SEEDS]))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        end = min(len(text), at + draw(st.integers(0, 12)))
        piece = draw(st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)))
        text = text[:at] + piece + text[end:]
    return text


@settings(
    max_examples=200,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(_mutated())
def test_a_mutated_phh_file_reads_to_a_value_or_a_one_line_error(text: str) -> None:
    """Issue: about 21 % of mutated PHH files ended in a traceback.

    Real files (the WSOP hands, the online cash-game sample) and a generated one, mutated:
    each reads to its hands and stacks or is refused by one ``CardtableError`` line.
    """
    _read(text)
