"""A person at the full-screen table, in process: reads each drawn screen and types an answer.

The person sees only what the screen drew (:class:`~cardtable.tui.screen.Frame`), picks an
action from the menu on it, and sometimes types the action's text instead of its number, as
people do. Every frame is checked as it is drawn: it may name only cards its seat was shown.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from rich.console import Console

from cardtable.cards import Card, Rank
from cardtable.cli.play import Seating, Table, _open_table, play_match
from cardtable.engine import seeded_rng
from cardtable.tui.screen import Frame, TableScreen

MENU_ITEM = re.compile(r"(\d+)\. (.+?)(?=\s{2,}|\s*│|$)")
"""A numbered action as the menu draws it."""

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")


def menu(frame: Frame) -> dict[int, str]:
    """The numbered actions drawn on ``frame``."""
    lines = frame.text.splitlines()
    start = next((i for i, line in enumerate(lines) if "─ actions" in line), None)
    if start is None:
        return {}
    items: dict[int, str] = {}
    for line in lines[start + 1 :]:
        if line.startswith("╰"):
            break
        for number, text in MENU_ITEM.findall(line):
            items[int(number)] = text.strip()
    return items


@dataclass
class Person:
    """Answers from the screen alone: Enter on a pause, else a choice from the menu."""

    typed: Callable[[Frame, int], str | None] = lambda frame, turn: None
    """Extra answers a test wants typed (``None``: choose from the menu)."""
    moves: int = 10_000
    """Stop ('q') after this many answers."""
    turn: int = 0
    answers: list[str] = field(default_factory=list)

    def answer(self, frame: Frame) -> str:
        """The next answer to ``frame``."""
        self.turn += 1
        if self.turn > self.moves:
            return "q"
        extra = self.typed(frame, self.turn)
        if extra is not None:
            text = extra
        elif "Press Enter" in frame.text or "press Enter" in frame.text or not menu(frame):
            text = ""
        else:
            items = menu(frame)
            first = min(items)
            # Every third move is typed out in words, the others by the menu's number.
            text = items[first] if self.turn % 3 == 0 else str(first)
        self.answers.append(text)
        return text


@dataclass
class Run:
    """A table played in process: the match and every frame drawn."""

    table: Table[Hashable, object, object]
    frames: list[Frame]


def play(
    game: str,
    person: Person,
    *,
    seats: str | None = None,
    seed: int = 1,
    deals: int | None = 1,
    save: Path | None = None,
    load: Path | None = None,
    width: int = 80,
    height: int = 24,
) -> Run:
    """Open the table and let ``person`` play it; check every frame as it is drawn."""
    table = _open_table(game, None, None, Seating(seats, None, "bot"), save, load)
    console = Console(
        file=io.StringIO(), width=width, height=height, record=True, color_system=None
    )
    frames: list[Frame] = []

    def ask(prompt: str) -> str:
        frame = frames[-1]
        check_frame(table, frame)
        return person.answer(frame)

    screen = TableScreen(table.game, table.match, table.people(), console, ask=ask, frames=frames)
    play_match(table, seeded_rng(seed), screen, deals)
    return Run(table, frames)


def check_frame(table: Table[A, V, R], frame: Frame) -> None:
    """No frame names a card its seat was not shown; a frame for nobody names none at all."""
    if frame.seat is None or not frame.deal:
        assert not frame.cards, f"a screen for nobody shows {sorted(map(str, frame.cards))}"
        hidden = set(table.match.deck())
    else:
        known = table.match.deals[frame.deal - 1].cards_known_to(frame.seat)
        shown = frame.cards - known
        assert not shown, f"seat {frame.seat} is shown {sorted(map(str, shown))}"
        hidden = set(table.match.deck()) - known
    for card in hidden:
        if _unmistakable(table, card):
            assert not re.search(rf"(?<![\dA-Z]){re.escape(card.text())}", frame.text), (
                f"{card} is on a screen for seat {frame.seat}:\n{frame.text}"
            )


def _unmistakable(table: Table[A, V, R], card: Card) -> bool:
    """Whether a card's text cannot also be a contract (preferans writes '7♥' for both)."""
    if table.game.name != "preferans":
        return True
    return card.rank in {Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}


def last_with(run: Run, words: str) -> Frame:
    """The last frame that says ``words``."""
    return next(frame for frame in reversed(run.frames) if words in frame.text)
