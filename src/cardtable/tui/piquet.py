"""The piquet adapter: the hand by suit, the declarations, the running counts, the korolik sheet.

For two the score panel is the seed's sheet: each player's column of games written deal by
deal and his korolik column (001_776ed664a35a376f.txt, piquet rules 46–50), above the running
counts of the deal in progress (rules 30–31). The rubicon partie and the game for three show
the match's own sheet lines.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

from rich.console import RenderableType
from rich.text import Text

from cardtable.cards import Card, Suit
from cardtable.engine import Event
from cardtable.piquet.deal import PiquetPublicView, PiquetView
from cardtable.tui.adapter import Adapter, ledger_items, names_in, signed, view_seat
from cardtable.tui.paint import Painter

A = TypeVar("A", bound=Hashable)
R = TypeVar("R")

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Suits held black, red, black, red, so that neighbours differ in colour; piquet ranks none."""


DIALOGUE = {"call": "", "answer": "", "good": "→ "}
"""The events of the declarations' dialogue (rules 20–26): a call, its answer, what counts."""
DIALOGUE_LINES = 4
"""The last lines of the dialogue the table keeps in view (the log holds them all)."""


def declarations(events: Sequence[Event], names: Sequence[str]) -> list[Text]:
    """The declarations as the dialogue they are: each call, its answer, and who counts.

    >>> from cardtable.engine import Event
    >>> said = [Event("call", 1, "seat 1 calls a point of 5"), Event("answer", 0, "seat 0: good")]
    >>> [line.plain for line in declarations(said, ["you", "bot 2"])]
    ['  bot 2 calls a point of 5', '  you: good']
    """
    lines = []
    for event in events:
        if event.kind in DIALOGUE:
            style = "cyan" if event.kind == "good" else "bold" if event.kind == "answer" else ""
            lines.append(
                Text(f"  {DIALOGUE[event.kind]}{names_in(event.text, names)}", style=style)
            )
    return lines


Shown = PiquetView | PiquetPublicView
"""A view the table draws: a seat's, or a spectator's public view (no hand, no discard)."""


class PiquetAdapter(Adapter[Shown]):
    """Piquet: suits alternating in colour, ranks upwards, the counts and the korolik sheet."""

    score_width = 36

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Suit by suit (♠ ♥ ♣ ♦), seven to ace."""
        assert card.suit is not None
        return SUITS.index(card.suit), int(card.rank)

    def table(
        self, view: Shown, names: Sequence[str], events: Sequence[Event], painter: Painter
    ) -> list[Text]:
        """The phase's state, each seat's count and tricks, the trick and the shown cards."""
        lines = [self._headline(view, names)]
        width = max(len(names[seat]) for seat in view.players)
        for seat in view.players:
            line = Text("▸ " if seat == view.to_move else "  ", style="bold yellow")
            line.append(names[seat].ljust(width), style="bold" if seat == view_seat(view) else "")
            line.append(" (deals)" if seat == view.dealer else "        ", style="dim")
            line.append(
                f" count {view.counts.get(seat, 0)}, tricks {view.tricks.get(seat, 0)}",
                style="cyan",
            )
            lines.append(line)
        if view.trick:
            lines.append(Text("trick: ", style="dim") + painter.cards(view.trick))
        if view.shown:
            lines.append(Text("shown: ", style="dim") + painter.cards(view.shown))
        if isinstance(view, PiquetView) and view.discarded:
            lines.append(Text("your discard: ", style="dim") + painter.cards(view.discarded))
        if view.phase == "declare":
            lines += declarations(events, names)[-DIALOGUE_LINES:]
        return lines

    def _headline(self, view: Shown, names: Sequence[str]) -> Text:
        text = Text(view.phase, style="bold")
        if view.phase == "exchange":
            elder, dealer = view.talon_left
            text.append(f" · talon left: elder {elder}, dealer {dealer}")
        if view.category:
            text.append(f" · calling the {view.category}")
        if view.standing:
            text.append(f" · standing: {view.standing}")
        if view.offer:
            text.append(f" · {names_in(view.offer, names)} may be demanded")
        return text

    def sheet(
        self,
        data: Mapping[str, Any],
        names: Sequence[str],
        painter: Painter,
        width: int,
        height: int,
    ) -> RenderableType:
        """The korolik sheet for two (games and koroliks), else the match's sheet lines."""
        kind = data.get("kind")
        if kind not in {"korolik", "lines"}:
            return super().sheet(data, names, painter, width, height)
        text = Text()
        if data.get("counts") is not None:
            text.append("this deal: ", style="dim")
            text.append("  ".join(f"{names[s]} {c}" for s, c in data["counts"]))
            text.append("\n")
        if kind == "lines":
            text.append("\n".join(data["lines"]))
        else:
            text.append(
                f"partie {data['partie']} · korolik {data['korolik']} · "
                f"deal {data['korolik_deal']}/{data['deals']}",
                style="bold",
            )
            if data["doubled"]:
                text.append(" · doubled (refet)", style="red")
            text.append(f"\n{'':<8} {'games':<12} koroliks", style="dim")
            for seat in (0, 1):
                games = ".".join(str(n) for n in data["games"][seat]) or "—"
                koroliks = ".".join(str(n) for n in data["koroliks"][seat]) or "—"
                text.append(f"\n{names[seat][:8]:<8} ", style="bold")
                text.append(f"{games:<12} ")
                text.append(koroliks, style="green")
        text.append("\n± ", style="dim")
        ledger = ledger_items(data, names)
        text.append("  ".join(f"{name} {signed(amount)}" for name, amount in ledger))
        return text


ADAPTER = PiquetAdapter()
"""The adapter the table uses for piquet."""
