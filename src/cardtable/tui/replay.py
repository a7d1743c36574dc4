"""``cardtable replay FILE --show``: step through a recorded match deal by deal.

Each deal is shown whole, as a review after play: every hand as it was dealt, everything that
happened, and the score as it stood once the deal was written down. The score is the match
replayed to the end of that deal, so it is exactly what the players saw at the time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from typing import TypeVar

from rich.console import Console, Group
from rich.layout import Layout
from rich.panel import Panel
from rich.text import Text

from cardtable.cards import Card
from cardtable.engine import Deal, Record, SomeMatch, get_game
from cardtable.engine.replay import replay
from cardtable.tui.adapter import adapter_for, event_text
from cardtable.tui.paint import Painter

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

BACK = {"b", "p", "<"}
"""Answers that go back one deal."""
QUIT = {"q", "quit"}
"""Answers that leave the review."""


def match_after(record: Record, deals: int) -> SomeMatch:
    """The match of ``record`` replayed to the end of its first ``deals`` deals."""
    # A part of the match states no summary of its own: the whole was checked when it was read.
    return replay(
        dataclasses.replace(record, deals=record.deals[:deals], after=(), summary=None, sealed=None)
    )


def show_replay(record: Record, console: Console, ask: Callable[[str], str]) -> None:
    """Show deal after deal; Enter goes on, ``b`` goes back, ``q`` leaves.

    Only finished deals are shown: a deal still in progress (a match saved to be resumed)
    would show the hands its players have not seen.
    """
    total = finished_deals(record)
    dealt = len(record.deals) + (record.sealed is not None)
    if total < dealt:
        console.print(
            f"Deal {dealt} is in progress and is not shown; "
            f"{total} finished deal{'' if total == 1 else 's'} to review."
        )
    number = 1
    while 1 <= number <= total:
        draw_deal(record, number, console)
        answer = ask("Enter: next deal · b: back · q: quit › ").strip().lower()
        if answer in QUIT:
            return
        number = max(1, number - 1) if answer in BACK else number + 1


def finished_deals(record: Record) -> int:
    """How many of the record's deals are finished."""
    if not record.deals:
        return 0
    if record.sealed is not None:
        return len(record.deals)
    last = match_after(record, len(record.deals)).deals[-1]
    return len(record.deals) if last.is_over else len(record.deals) - 1


def draw_deal(record: Record, number: int, console: Console) -> None:
    """Draw deal ``number`` of ``record`` (1 for the first) on the whole screen."""
    match = match_after(record, number)
    deal = match.deals[number - 1]
    adapter = adapter_for(get_game(record.game).name)
    painter = Painter()
    names = match.seats
    header = Text(
        f" {match.game.title} · replay · deal {number} of {len(record.deals)}"
        f" · dealer {names[deal.setup.dealer]}",
        style="bold reverse",
    )
    header.append(" " * max(0, console.width - len(header.plain)), style="reverse")
    hands = _hands(deal, names, adapter.sort_key, painter)
    right = min(max(adapter.score_width, console.width // 2 - 4), 64)
    height = console.height - 1
    story_width = console.width - right - 4
    story_rows = height - 1 - (len(hands) + 2) - 2
    story = _story(deal, names, painter).wrap(console, story_width)
    shown = Text("\n").join(list(story)[-max(1, story_rows) :])
    layout = Layout()
    layout.split_column(
        Layout(header, size=1),
        Layout(
            Panel(Group(*hands), title="hands as dealt", title_align="left"), size=len(hands) + 2
        ),
        Layout(name="bottom"),
    )
    layout["bottom"].split_row(
        Layout(Panel(shown, title="what happened", title_align="left")),
        Layout(
            Panel(
                adapter.score(match, painter, right - 4, height - len(hands) - 5, len(match.deals)),
                title=f"score after deal {number}",
                title_align="left",
            ),
            size=right,
        ),
    )
    console.clear()
    console.print(layout, height=height)


def _hands(
    deal: Deal[A, V],
    names: tuple[str, ...],
    key: Callable[[Card], tuple[int, int]],
    painter: Painter,
) -> list[Text]:
    """Each seat's first private cards of the deal: the hand it was dealt."""
    lines = []
    width = max(len(name) for name in names)
    done: set[int] = set()
    for event in deal.events:
        if event.audience is None or len(event.audience) != 1 or not event.cards:
            continue
        (seat,) = event.audience
        if seat in done:
            continue
        done.add(seat)
        line = Text(names[seat].ljust(width) + "  ", style="bold")
        line.append_text(painter.grouped(sorted(event.cards, key=key)))
        line.no_wrap = True
        lines.append(line)
    return lines


def _story(deal: Deal[A, V], names: tuple[str, ...], painter: Painter) -> Text:
    """Every event of the deal after the dealing, in one flowing paragraph."""
    text = Text()
    for event in deal.events:
        if event.kind == "deal" and event.audience is not None:
            continue
        if text.plain:
            text.append(" · ", style="dim")
        text.append_text(event_text(event, names, painter))
    return text
