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
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from rich.console import RenderableType
from rich.text import Text

from cardtable.cards import Card
from cardtable.engine import Deal, Event, Match
from cardtable.tui.paint import Painter

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

A = TypeVar("A", bound=Hashable)
V_contra = TypeVar("V_contra", contravariant=True)
R = TypeVar("R")

ADAPTER_MODULES = {
    "preferans": "cardtable.tui.preferans",
    "piquet": "cardtable.tui.piquet",
    "poker": "cardtable.tui.poker",
}
"""Where each game's adapter lives; each module defines ``ADAPTER``."""

SHOWN_ELSEWHERE = frozenset({"seat", "hand", "phase", "to_move", "players", "log"})
"""View fields the screen draws in its own places, left out of the generic table."""


class Adapter(Generic[V_contra]):
    """The generic adapter: sorts by suit then rank, lists the view's fields, keeps no sheet.

    A game's adapter reads that game's views (a ``V_contra``); the generic one reads any.
    """

    score_width = 30
    """The columns the score panel wants in an 80-column terminal."""

    bet_control = False
    """Whether moves with amounts (``bet 20``) are chosen at a bet control, not listed."""

    def pot(self, view: V_contra, verb: str) -> int | None:
        """The pot-sized amount of ``verb`` (``bet``, ``raise to``) for the bet control's "pot".

        Generically none: a game with amounts says what a pot-sized move is.
        """
        return None

    def sort_key(self, card: Card) -> tuple[int, int]:
        """A hand's order: suit, then rank upwards."""
        return (-1 if card.suit is None else int(card.suit)), int(card.rank)

    def hand(self, view: V_contra) -> list[Card]:
        """The seat's own cards, sorted the way players hold them."""
        cards: Sequence[Card] = getattr(view, "hand", None) or getattr(view, "down", None) or ()
        return sorted(cards, key=self.sort_key)

    def hand_groups(self, view: V_contra) -> list[tuple[str, list[Card]]]:
        """The seat's cards as the hand row holds them: one unnamed group, the sorted hand."""
        return [("", self.hand(view))]

    def ladder(self, rules: object, view: V_contra) -> list[list[str]]:
        """A ladder of bids to draw as rungs of buttons, every bid of the rules, or none.

        Generically none: the legal moves are the move list's.
        """
        return []

    def reminders(
        self,
        deal: Deal[A, V_contra] | None,
        view: V_contra,
        painter: Painter,
        *,
        full: bool = False,
        rules: Any = None,
    ) -> list[Text]:
        """What a player keeps in mind of the deal on the table, drawn above the seats.

        ``deal`` is ``None`` at a server's table, where the view and the table's ``rules``
        in force are all that is known.

        ``full``: as sentences of the rules, for ``?``. Generically nothing; poker draws the
        board and names the variant's wild cards.
        """
        return []

    def phase(self, view: V_contra) -> str:
        """The phase of the deal, as the view names it."""
        return str(getattr(view, "phase", ""))

    def table(
        self, view: V_contra, names: Sequence[str], events: Sequence[Event], painter: Painter
    ) -> list[Text]:
        """The cards on the table and the state of the deal, one line each.

        ``events`` are the deal's events as the seat saw them, for games that show each
        seat's last action.
        """
        lines = []
        for item in dataclasses.fields(cast("DataclassInstance", view)):  # views are dataclasses
            if item.name in SHOWN_ELSEWHERE:
                continue
            line = Text(f"{item.name.replace('_', ' ')}: ", style="dim")
            line.append_text(value_text(getattr(view, item.name), painter))
            lines.append(line)
        return lines

    def score(
        self, match: Match[A, V_contra, R], painter: Painter, width: int, height: int, deal: int
    ) -> RenderableType:
        """The score as players keep it in ``width`` × ``height``; generically the ledger.

        ``deal`` is the number of the deal on the screen (1 for the first, 0 before any): the
        finished one while it stays on the table between deals. Drawn from the match's
        public sheet data (:meth:`Match.sheet_data`), as a server's table is.
        """
        return self.sheet(match.sheet_data(deal), match.seats, painter, width, height)

    def sheet(
        self,
        data: Mapping[str, Any],
        names: Sequence[str],
        painter: Painter,
        width: int,
        height: int,
    ) -> RenderableType:
        """The score drawn from sheet data (:meth:`Match.sheet_data`), seats named ``names``.

        Generically the ledger.
        """
        return ledger_text(ledger_items(data, names))


SEAT_WORD = re.compile(r"\b(?:seat|player) (\d+)\b")
"""How the games' sentences name a seat by number."""

CLAUSE = re.compile(r"([:;,()—]\s*)")
"""Where one clause of a sentence ends and the next begins."""

SUBJECT = re.compile(r"^(\s*)(?:seat|player) (\d+)(?: (\w+))?")
"""A clause that opens with a seat: the seat and the word after it (its verb, if any)."""

IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
"""Verbs whose second person is not the third less its ``s``."""

YOU = re.compile(r"you(?: \d+)?")
"""The names of the seats played by people at the table: "you", in hot-seat "you 2"."""


def names_in(text: str, names: Sequence[str]) -> str:
    """``text`` with each seat written as its name, and "you" in the second person.

    The games write every seat in the third person ("seat 0 is dealt 10 cards"); a clause
    whose subject is a person at the table becomes "you are dealt 10 cards", his "his" is
    "your", and a seat that is also the clause's subject, "yourself" or "himself".

    >>> names_in("seat 0 shows the talon to seat 1", ["you", "bot 2"])
    'you show the talon to bot 2'
    >>> names_in("seat 1 says pass", ["you", "bot 2"])
    'bot 2 says pass'
    """
    return "".join(_clause(part, names) for part in CLAUSE.split(text))


def _clause(text: str, names: Sequence[str]) -> str:
    subject = SUBJECT.match(text)
    seat = int(subject[2]) if subject else None
    if subject and seat is not None and seat < len(names) and YOU.fullmatch(names[seat]):
        verb = subject[3]
        head = subject[1] + f"seat {seat}" + (f" {_second_person(verb)}" if verb else "")
        text = head + text[subject.end() :]
        text = re.sub(r"\bhe (\w+)", lambda found: f"you {_second_person(found[1])}", text)
        text = re.sub(r"\bhimself\b", "yourself", re.sub(r"\bhis\b", "your", text))
    mine = f"seat {seat}"

    def name(found: re.Match[str]) -> str:
        number = int(found[1])
        if number >= len(names):
            return found[0]
        if found.start() and seat == number and found[0] == mine:
            return "yourself" if YOU.fullmatch(names[number]) else "himself"
        return names[number]

    written = SEAT_WORD.sub(name, text)
    return re.sub(r"\byou's\b", "your", written)


def event_text(event: Event, names: Sequence[str], painter: Painter) -> Text:
    """An event as a sentence with its cards: "bot 2 plays A♣", "you are dealt 10 cards: …".

    The cards are the object of a bare verb ("seat 1 plays", "seat 0 shows") and follow it;
    after a longer sentence they are listed after a colon.
    """
    text = Text(names_in(event.text, names))
    if event.cards:
        text.append(" " if BARE_VERB.fullmatch(event.text) else ": ")
        text.append_text(painter.cards(event.cards))
    return text


BARE_VERB = re.compile(r"(?:seat|player) \d+ [a-z]+")
"""A sentence that is a seat and a verb alone, whose object is the event's cards."""


def _second_person(verb: str) -> str:
    """The verb as said to "you": ``is`` → ``are``, ``passes`` → ``pass``, ``wins`` → ``win``.

    Words that are no verb in the third person (a count, "high", "discarded") are left.
    """
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if not verb.isalpha() or not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if re.search(r"(ch|sh|ss|x|zz)es$", verb):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1]


def value_text(value: object, painter: Painter) -> Text:
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


def view_seat(view: object) -> int | None:
    """The seat whose view ``view`` is; ``None`` for a spectator's public view (it has none)."""
    seat = getattr(view, "seat", None)
    return seat if isinstance(seat, int) else None


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


def ledger_items(data: Mapping[str, Any], names: Sequence[str]) -> list[tuple[str, Fraction]]:
    """The sheet data's ledger, an account that is a seat named as the table names it.

    >>> ledger_items({"seats": ["a", "b"], "ledger": [["a", "5/2"], ["b", "-5/2"]]}, ["you", "b"])
    [('you', Fraction(5, 2)), ('b', Fraction(-5, 2))]
    """
    seats = list(data.get("seats", ()))
    items = []
    for account, amount in data.get("ledger", ()):
        name = (
            names[seats.index(account)]
            if account in seats and len(names) == len(seats)
            else account
        )
        items.append((str(name), Fraction(amount)))
    return items


def ledger_text(ledger: Sequence[tuple[str, Fraction]]) -> Text:
    """Every account of the ledger on one line each."""
    text = Text()
    for number, (name, amount) in enumerate(ledger):
        if number:
            text.append("\n")
        text.append(f"{name}: ")
        text.append(signed(amount), style="green" if amount > 0 else "red" if amount < 0 else "")
    return text


def adapter_for(game_name: str) -> Adapter[object]:
    """The adapter of a game, or the generic one, for that game's views (their type forgotten)."""
    module = ADAPTER_MODULES.get(game_name)
    if module is None:
        return Adapter()
    adapter: Adapter[object] = importlib.import_module(module).ADAPTER
    return adapter
