"""The log of the deal: every event kept, scrolled to the latest, read back with the wheel.

docs/tui.md, "The screen": the log of the deal, under the table, is scrollable with the mouse
wheel and holds every event of the deal as the seat saw it (issue 21: «a scrollable log of
the deal»).
"""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass, field

from textual.containers import VerticalScroll
from textual.widgets import Static

from cardtable.cli.play import Seating, _open_table
from cardtable.engine import seeded_rng
from cardtable.tui.adapter import event_text
from cardtable.tui.app import TableApp
from cardtable.tui.paint import Painter
from cardtable.tui.sitting import LocalSitting
from tui.pilot import Person, asked, check_frame, frame_of, give, wheel


@dataclass
class Log:
    """What the log showed at each move screen of one deal, and after the wheel was turned."""

    rows: int = 0
    """The log's rows on the screen."""
    missing: list[str] = field(default_factory=list)
    """Events of the deal that were not a line of the log when it was drawn."""
    not_at_end: int = 0
    """Move screens drawn with the log scrolled anywhere but to its latest line."""
    overflowing: int = 0
    """Move screens whose log held more lines than its rows."""
    wheeled_up: float | None = None
    """Where the log stood after the wheel was turned up past its first line."""
    wheeled_down: tuple[float, float] | None = None
    """Where it stood after the wheel was turned down again, and its last line's place."""


@functools.cache
def _log_of(size: tuple[int, int]) -> Log:
    """Play a preferans deal at ``size``; at each move screen compare the log with the deal.

    Played once a size for the tests of this module.
    """
    table = _open_table("preferans", None, None, Seating("you,bot,bot", None, "bot"), None, None)
    sitting = LocalSitting(table, seeded_rng(3), 1)
    app: TableApp[object] = TableApp(sitting)
    person = Person()
    seen = Log()

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            frames = []
            while await asked(pilot):
                frame = frame_of(app)
                check_frame(table, frame)
                frames.append(frame)
                question = app.question
                if frame.kind == "move" and question is not None and question.seat is not None:
                    log = app.query_one("#log", VerticalScroll)
                    seen.rows = log.scrollable_content_region.height
                    lines = str(app.query_one("#log-text", Static).content).splitlines()
                    events = sitting.events(question.seat, question.deal)
                    said = [event_text(event, sitting.names, Painter()).plain for event in events]
                    seen.missing += [line for line in said if line not in lines]
                    assert len(lines) == len(said)
                    seen.not_at_end += log.scroll_y != log.max_scroll_y
                    if log.max_scroll_y > 0:
                        seen.overflowing += 1
                        if seen.wheeled_up is None:
                            await wheel(pilot, log, up=True, times=len(lines))
                            seen.wheeled_up = log.scroll_y
                            await wheel(pilot, log, up=False, times=len(lines))
                            seen.wheeled_down = (log.scroll_y, log.max_scroll_y)
                await give(pilot, frame, person.answer(frame), person.turn, frames)

    asyncio.run(run())
    assert table.match.deals[0].is_over
    return seen


def test_the_log_holds_every_event_of_the_deal_and_shows_the_latest() -> None:
    """At 80×24 the log keeps every event as a line and is drawn scrolled to the newest one.

    docs/tui.md, "The screen" ("Log of the deal"): every event of the deal as the seat saw it,
    in sentences with the cards drawn; a whole deal says more than the log's rows hold.
    """
    seen = _log_of((80, 24))
    assert not seen.missing
    assert seen.overflowing, "a whole deal's log is longer than its rows"
    assert seen.not_at_end == 0


def test_the_mouse_wheel_scrolls_the_log_back_to_its_first_line_and_down_again() -> None:
    """The wheel over the log scrolls it up to the deal's first event and back to the latest.

    docs/tui.md, "The screen": the log is «scrollable with the mouse wheel».
    """
    seen = _log_of((80, 24))
    assert seen.wheeled_up == 0
    assert seen.wheeled_down is not None
    position, last = seen.wheeled_down
    assert last > 0
    assert position == last


def test_a_larger_terminal_gives_the_log_more_rows() -> None:
    """At 160×50 the log has more rows than at 80×24 and every event is still a line of it.

    Issue 21: «Works in 80×24 and uses more room when there is more».
    """
    small, large = _log_of((80, 24)), _log_of((160, 50))
    assert large.rows > small.rows
    assert not large.missing
