"""Nothing a person must read or press is cut at 80×24 (issue 21).

Issue 21: «Works in 80×24 and uses more room when there is more; nothing a user must type is
ever cut». Each screen that asks a move is checked as it is drawn (tests/tui/pilot.py,
``cut``): the cards, the ladder and the bet control, the move list, the typing line and the
words beside the moves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from cardtable.cli.play import Seating, Table, _open_table
from cardtable.engine import seeded_rng
from cardtable.poker.game import POKER
from cardtable.poker.table_bots import PassiveBot
from cardtable.tui.app import TableApp
from cardtable.tui.sitting import LocalSitting
from tui.pilot import Frame, Person, asked, check_frame, cut, frame_of, give

SomeTable = Table[Any, Any, Any]


def _cuts(table: SomeTable, person: Person, seed: int) -> tuple[list[Frame], list[str]]:
    """Play a deal at 80×24; every move screen and what was cut on it."""
    app: TableApp[object] = TableApp(LocalSitting(table, seeded_rng(seed), 1))
    frames: list[Frame] = []
    found: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while await asked(pilot):
                frame = frame_of(app)
                check_frame(table, frame)
                frames.append(frame)
                if frame.kind == "move":
                    found.extend(f"{frame.text.splitlines()[0]}: {each}" for each in cut(app))
                await give(pilot, frame, person.answer(frame), person.turn, frames)

    asyncio.run(run())
    return frames, found


def _longest_exchange(frame: Frame, turn: int) -> str | None:
    """Pick cards until one more is refused (five for the elder), then exchange them all."""
    if frame.kind != "move" or "refuse talon" not in frame.moves:
        return None
    built = [move for move in frame.moves if move.startswith("discard")]
    if "cannot be picked" in frame.text:
        return max(built, key=len)
    said = next(line for line in frame.text.splitlines() if line.startswith("picked: "))
    picked = len(said.split()) - 1 if "—" not in said else 0
    return frame.hand[picked].text()


def _raise_high(frame: Frame, turn: int) -> str | None:
    """Raise by the largest amount on offer, else call or check: the bet control's longest."""
    raises = [move for move in frame.moves if move.startswith("raise to")]
    if raises:
        return max(raises, key=lambda move: int(move.split()[-1]))
    for word in ("call", "check"):
        if word in frame.moves:
            return word
    return None


def _piquet() -> SomeTable:
    return _open_table("piquet", None, None, Seating("you,bot", None, "bot"), None, None)


def _poker(variant: str) -> SomeTable:
    match = POKER.new_match(POKER.rules(variant), ["you", "bot 2", "bot 3"], variant)
    return Table(POKER, match, {1: PassiveBot(), 2: PassiveBot()}, None)


def _preferans() -> SomeTable:
    return _open_table("preferans", None, None, Seating("you,bot,bot", None, "bot"), None, None)


CASES: dict[str, tuple[Callable[[], SomeTable], Callable[[Frame, int], str | None], int]] = {
    "piquet, the elder's exchange of five": (_piquet, _longest_exchange, 3),
    "no-limit hold'em, raises to the stack": (lambda: _poker("no-limit-holdem"), _raise_high, 2),
    "seven-card stud, down and up cards": (lambda: _poker("seven-card-stud"), _raise_high, 2),
    "preferans, the ladder, the talon and the discard": (_preferans, lambda f, t: None, 3),
}


@pytest.mark.parametrize("case", list(CASES))
def test_nothing_a_person_must_read_or_press_is_cut_at_80_by_24(case: str) -> None:
    """Every move screen of the deal at 80×24 holds its cards, controls and words whole.

    Issue 21, «nothing a user must type is ever cut»; docs/tui.md, "The screen".
    """
    make, typed, seed = CASES[case]
    frames, found = _cuts(make(), Person(typed=typed), seed)
    assert [frame for frame in frames if frame.kind == "move"], "the person was asked to move"
    assert found == []
