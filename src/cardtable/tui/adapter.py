"""What the table needs to know of one game beyond ``view(seat)``: a small adapter per game.

The screen is one piece of code for every game. It asks the game's :class:`Adapter` for the
few things a view does not say by itself: how players sort a hand, how to read the view's
table, the score as the players keep it on paper, and the rules of each phase for ``?``.
A game without an adapter of its own is drawn by the generic :class:`Adapter`, which lists
the view's fields, so a newly registered game is playable at once.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from cardtable.cards import Card
from cardtable.engine import Event, Match
from cardtable.tui.paint import Painter

ADAPTER_MODULES = {
    "preferans": "cardtable.tui.preferans",
    "piquet": "cardtable.tui.piquet",
    "poker": "cardtable.tui.poker",
}
"""Where each game's adapter lives; each module defines ``ADAPTER``."""

SHOWN_ELSEWHERE = frozenset({"seat", "hand", "phase", "to_move", "players", "log"})
"""View fields the screen draws in its own places, left out of the generic table."""


class Adapter:
    """The generic adapter: sorts by suit then rank, lists the view's fields, keeps no sheet."""

    help_source = "the game's rule options (`cardtable rules GAME`)"
    """The text the generic help points to."""
    score_width = 30
    """The columns the score panel wants in an 80-column terminal."""

    def sort_key(self, card: Card) -> tuple[int, int]:
        """A hand's order: suit, then rank upwards."""
        return (-1 if card.suit is None else int(card.suit)), int(card.rank)

    def hand(self, view: Any) -> list[Card]:
        """The seat's own cards, sorted the way players hold them."""
        cards: Sequence[Card] = getattr(view, "hand", None) or getattr(view, "down", None) or ()
        return sorted(cards, key=self.sort_key)

    def hand_text(self, cards: Sequence[Card], painter: Painter) -> Text:
        """The sorted hand as held: a gap between suits."""
        return painter.grouped(cards)

    def hand_line(self, view: Any, painter: Painter) -> Text:
        """The seat's cards as the hand panel draws them: the sorted hand as held."""
        return self.hand_text(self.hand(view), painter)

    def reminders(
        self, deal: Any, view: Any, painter: Painter, *, full: bool = False
    ) -> list[Text]:
        """What a player keeps in mind of the deal on the table, drawn above the seats.

        ``full``: as sentences of the rules, for ``?``. Generically nothing; poker draws the
        board and names the variant's wild cards.
        """
        return []

    def phase(self, view: Any) -> str:
        """The phase of the deal, as the view names it."""
        return str(getattr(view, "phase", ""))

    def table(
        self, view: Any, names: Sequence[str], events: Sequence[Event], painter: Painter
    ) -> list[Text]:
        """The cards on the table and the state of the deal, one line each.

        ``events`` are the deal's events as the seat saw them, for games that show each
        seat's last action.
        """
        lines = []
        for item in dataclasses.fields(view):
            if item.name in SHOWN_ELSEWHERE:
                continue
            line = Text(f"{item.name.replace('_', ' ')}: ", style="dim")
            line.append_text(value_text(getattr(view, item.name), painter))
            lines.append(line)
        return lines

    def score(
        self, match: Match[Any, Any], painter: Painter, width: int, height: int, deal: int
    ) -> RenderableType:
        """The score as players keep it in ``width`` × ``height``; generically the ledger.

        ``deal`` is the number of the deal on the screen (1 for the first, 0 before any): the
        finished one while it stays on the table between deals.
        """
        return ledger_text(match)

    def help(self, phase: str) -> str:
        """The rules of ``phase`` with their clause."""
        return f"No summary of the phase {phase!r} is written yet: see {self.help_source}."


SEAT_WORD = re.compile(r"\b(?:seat|player) (\d+)\b")
"""How the games' sentences name a seat by number."""


def names_in(text: str, names: Sequence[str]) -> str:
    """``text`` with each seat number written as the seat's name.

    >>> names_in("seat 0 shows the talon to seat 1", ["you", "bot 2"])
    'you shows the talon to bot 2'
    """
    return SEAT_WORD.sub(
        lambda found: names[int(found[1])] if int(found[1]) < len(names) else found[0], text
    )


def value_text(value: Any, painter: Painter) -> Text:
    """Any view value as text, with its cards painted."""
    if isinstance(value, Card):
        return painter.card(value)
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(item, Card) for item in value):
            return painter.cards(value)
        parts = [value_text(item, painter) for item in value]
        return Text(" ").join(parts) if parts else Text("—", style="dim")
    if isinstance(value, dict):
        parts = [Text(f"{key} ") + value_text(item, painter) for key, item in value.items()]
        return Text(", ").join(parts) if parts else Text("—", style="dim")
    if value is None:
        return Text("—", style="dim")
    return Text(str(value))


def number_text(value: Fraction | int) -> str:
    """A figure as players write it: whole numbers plainly, others with one decimal.

    >>> number_text(Fraction(12)), number_text(Fraction(-25, 2)), number_text(Fraction(1, 3))
    ('12', '-12.5', '0.3')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.1f}"


def signed(value: Fraction | int) -> str:
    """A balance with its sign: ``+12``, ``-6``, ``0``."""
    text = number_text(value)
    return f"+{text}" if value > 0 else text


def ledger_text(match: Match[Any, Any]) -> Text:
    """Every account of the ledger on one line each."""
    text = Text()
    for number, (name, amount) in enumerate(match.ledger().items()):
        if number:
            text.append("\n")
        text.append(f"{name}: ")
        text.append(signed(amount), style="green" if amount > 0 else "red" if amount < 0 else "")
    return text


def adapter_for(game_name: str) -> Adapter:
    """The adapter of a game, or the generic one."""
    module = ADAPTER_MODULES.get(game_name)
    if module is None:
        return Adapter()
    adapter: Adapter = importlib.import_module(module).ADAPTER
    return adapter
