"""Each game's table as a picture, at 80×24 and 160×50: a change of the screen is seen.

The pictures are SVG files in ``tests/tui/__snapshots__/`` (pytest-textual-snapshot). After a
change meant to alter the screen, look at the new pictures and accept them with
``pytest tests/tui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from cardtable.cli.play import Seating, _open_table
from cardtable.engine import seeded_rng
from cardtable.tui.app import TableApp
from cardtable.tui.sitting import LocalSitting
from tui.pilot import Frame, Person, asked, frame_of, give

SIZES = [(80, 24), (160, 50)]

SnapCompare = Callable[..., bool]


def _app(game: str, seed: int) -> TableApp[object]:
    table = _open_table(game, None, None, Seating(None, None, "bot"), None, None)
    return TableApp(LocalSitting(table, seeded_rng(seed), 1))


def _after(answers: int, person: Person) -> Callable[[Pilot[None]], object]:
    """Play ``answers`` answers of ``person``, then wait for the next question."""

    async def run_before(pilot: Pilot[None]) -> None:
        for _ in range(answers):
            assert await asked(pilot)
            frame = frame_of(pilot.app)  # type: ignore[arg-type]
            await give(pilot, frame, person.answer(frame), person.turn, [])
        assert await asked(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_the_preferans_table_in_play_shows_the_trick_the_talon_and_the_pulka(
    snap_compare: SnapCompare, size: tuple[int, int]
) -> None:
    """Preferans in play: contract, seats and tricks, the trick, talon, the pulka, the hand.

    001_776ed664a35a376f.txt, preferans rules 16–32 and 42–48 (what the table shows).
    """
    assert snap_compare(_app("preferans", 3), terminal_size=size, run_before=_after(3, Person()))


@pytest.mark.parametrize("size", SIZES)
def test_the_piquet_exchange_is_built_card_by_card_beside_the_korolik_sheet(
    snap_compare: SnapCompare, size: tuple[int, int]
) -> None:
    """Piquet's exchange with two cards picked, the talon left and the korolik sheet.

    001_776ed664a35a376f.txt, piquet rules 7–9 (the exchange) and 46–50 (the sheet).
    """
    picks = iter(["1", "3"])

    def typed(frame: Frame, turn: int) -> str | None:
        return frame.hand[int(next(picks)) - 1].text()

    assert snap_compare(
        _app("piquet", 2), terminal_size=size, run_before=_after(2, Person(typed=typed))
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_poker_table_shows_stacks_bets_and_the_pot(
    snap_compare: SnapCompare, size: tuple[int, int]
) -> None:
    """Draw poker at the first bet: every stack, the pot, the hand, the moves.

    002_053e85955f9a4108.txt, the betting round (what a poker player watches).
    """
    assert snap_compare(_app("poker", 2), terminal_size=size, run_before=_after(0, Person()))
