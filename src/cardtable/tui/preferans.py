"""The preferans adapter: the hand in the game's order, the table, the pulka, the phase rules.

The score panel is the pulka drawn from the match's :class:`~cardtable.preferans.sheet.Sheet`:
each player's mountain ("гора"), pool ("пуля") and the whists written on each opponent
("висты"), each column as the dotted series of running totals players write
(001_776ed664a35a376f.txt, preferans rules 38 and 42–48; 003_b655b01c110fd414.txt, 4.2.1).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from rich.console import RenderableType
from rich.text import Text

from cardtable.cards import Card
from cardtable.engine import Event
from cardtable.preferans.bidding import bid_ladder, bid_level, bid_text
from cardtable.preferans.deal import PreferansPublicView, PreferansView
from cardtable.preferans.ledger import Column
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.tricks import card_order
from cardtable.tui.adapter import Adapter, ledger_items, number_text, signed, view_seat
from cardtable.tui.paint import Painter

A = TypeVar("A", bound=Hashable)
R = TypeVar("R")


def series(values: Sequence[Fraction], room: int) -> str:
    """A column as written on paper, ``2.6.10``, cut from the left to fit ``room``.

    >>> series([Fraction(2), Fraction(6), Fraction(10)], 20)
    '2.6.10'
    >>> series([Fraction(n) for n in range(10, 20)], 9)
    '…17.18.19'
    >>> series([], 5)
    '—'
    """
    if not values:
        return "—"
    parts = [number_text(value) for value in values]
    text = ".".join(parts)
    while len(text) > room and len(parts) > 1:
        parts = parts[1:]
        text = "…" + ".".join(parts)
    return text


Shown = PreferansView | PreferansPublicView
"""A view the table draws: a seat's, or a spectator's public view (no hand, no discard)."""


class PreferansAdapter(Adapter[Shown]):
    """Preferans: suits ♠ ♣ ♦ ♥ and ranks upwards, the calls, the trick, the pulka."""

    score_width = 42

    def sort_key(self, card: Card) -> tuple[int, int]:
        """The game's own order (♠ ♣ ♦ ♥, seven to ace), as players arrange a hand."""
        return card_order(card)

    def ladder(self, rules: object, view: Shown) -> list[list[str]]:
        """In the auction, rule 17's ladder of bids as the rules in force have it, a rung a level.

        Misère and the games without the talon sit on the ladder where the rules put them;
        each rung holds the bids of one level (misère its own).
        """
        if view.phase != "auction":
            return []
        assert isinstance(rules, PreferansRules)
        rungs: dict[int, list[str]] = {}
        for bid in bid_ladder(rules):
            rungs.setdefault(bid_level(bid), []).append(bid_text(bid))
        return list(rungs.values())

    def table(
        self, view: Shown, names: Sequence[str], events: Sequence[Event], painter: Painter
    ) -> list[Text]:
        """The contract, each seat's calls or tricks, the trick on the table, the talon."""
        lines = [self._headline(view, names)]
        order = [(view.first_hand + step) % view.players for step in range(view.players)]
        calls: dict[int, list[str]] = {}
        for seat, call in view.calls:
            calls.setdefault(seat, []).append(call)
        whist = dict(view.whist)
        width = max(len(name) for name in names)
        for seat in order:
            line = Text("▸ " if seat == view.to_move else "  ", style="bold yellow")
            line.append(names[seat].ljust(width), style="bold" if seat == view_seat(view) else "")
            if seat == view.dealer:
                line.append(" (deals)", style="dim")
            if view.players == 4 and seat == view.dealer:
                lines.append(line)
                continue
            if view.phase == "auction" or view.contract is None:
                line.append("  " + (" ".join(calls.get(seat, [])) or "…"))
            else:
                role = "declarer" if seat == view.declarer else whist.get(seat, "")
                line.append(f"  {role}".rstrip())
            if view.phase in ("play", "over") or any(view.tricks):
                line.append(f"  tricks {view.tricks[seat]}", style="cyan")
            lines.append(line)
        lines += self._cards(view, names, painter)
        return lines

    def _headline(self, view: Shown, names: Sequence[str]) -> Text:
        if view.contract is not None and view.declarer is not None:
            text = Text(f"contract {view.contract}", style="bold")
            text.append(f" by {names[view.declarer]}")
            if view.defence and view.defence != "none":
                text.append(f" · {view.defence} whist", style="dim")
            return text
        if view.phase == "auction":
            text = Text("auction", style="bold")
            text.append(f" · high bid {view.high_bid or '—'}")
            if view.allpass_series:
                text.append(f" · after {view.allpass_series} all-pass", style="dim")
            return text
        if view.declarer is None and view.phase in ("play", "over"):
            series_text = f" ×{view.allpass_series}" if view.allpass_series > 1 else ""
            return Text(f"all-pass{series_text}: every trick costs its taker", style="bold")
        return Text(view.phase, style="bold")

    def _cards(self, view: Shown, names: Sequence[str], painter: Painter) -> list[Text]:
        lines = []
        if view.trick or view.talon_lead is not None:
            line = Text("trick: ", style="dim")
            if view.talon_lead is not None:
                line.append("talon ")
                line.append_text(painter.card(view.talon_lead))
                line.append("  ")
            for seat, card in view.trick:
                line.append(f"{names[seat]} ")
                line.append_text(painter.card(card))
                line.append("  ")
            lines.append(line)
        if view.last_trick:
            line = Text("last trick: ", style="dim")
            for seat, card in view.last_trick:
                line.append(f"{names[seat]} ")
                line.append_text(painter.card(card))
                line.append("  ")
            lines.append(line)
        if view.talon:
            lines.append(Text("talon: ", style="dim") + painter.cards(view.talon))
        if isinstance(view, PreferansView) and view.discard:
            lines.append(Text("your discard: ", style="dim") + painter.cards(view.discard))
        for seat, cards in (item for item in view.open_hands if item[1]):
            line = Text(f"{names[seat]} open: ", style="dim")
            lines.append(line + painter.grouped(sorted(cards, key=self.sort_key)))
        return lines

    def sheet(
        self,
        data: Mapping[str, Any],
        names: Sequence[str],
        painter: Painter,
        width: int,
        height: int,
    ) -> RenderableType:
        """The pulka: mountain, pool and whists on each opponent, and the balance in whists."""
        if data.get("kind") != "pulka":
            return super().sheet(data, names, painter, width, height)
        pulka = Pulka.of(data, names)
        ledger = dict(ledger_items(data, names))
        convention = str(data["convention"])
        if len(pulka.players) == 3 and width >= SHEET_WIDTH and height >= SHEET_HEIGHT:
            return pulka_drawing(pulka, ledger, convention, width)
        return pulka_text(pulka, ledger, convention, width)


@dataclass(frozen=True)
class Pulka:
    """The pulka's figures as the sheet data gives them, each player by his name at the table."""

    players: tuple[str, ...]
    pool: Fraction
    deals: int
    ended: bool
    columns: dict[tuple[str, Column, str | None], list[Fraction]]
    """Each running column: (player, column, the player the whists are on)."""
    left: dict[str, list[str]]
    """The players left of each, in the sheet's order (those his whists are written on)."""

    @classmethod
    def of(cls, data: Mapping[str, Any], names: Sequence[str]) -> Pulka:
        """The figures of ``data`` (:meth:`Match.sheet_data`), seats named ``names``."""
        players = tuple(names[: len(data["mountain"])])
        columns: dict[tuple[str, Column, str | None], list[Fraction]] = {}
        left: dict[str, list[str]] = {}
        for seat, player in enumerate(players):
            columns[player, Column.MOUNTAIN, None] = [Fraction(v) for v in data["mountain"][seat]]
            columns[player, Column.POOL, None] = [Fraction(v) for v in data["pools"][seat]]
            left[player] = []
            for on, figures in data["whists"][seat]:
                columns[player, Column.WHISTS, players[on]] = [Fraction(v) for v in figures]
                left[player].append(players[on])
        pool = Fraction(data["pool"])
        return cls(players, pool, int(data["deals"]), bool(data["ended"]), columns, left)

    def running(self, player: str, column: Column, on: str | None = None) -> list[Fraction]:
        """A column's running totals, as players write them."""
        return self.columns.get((player, column, on), [])

    def left_of(self, player: str) -> list[str]:
        """The other players, in the sheet's order from ``player``."""
        return self.left[player]


def pulka_text(sheet: Pulka, ledger: dict[str, Fraction], convention: str, width: int) -> Text:
    """The sheet as players keep it, in ``width`` columns: two lines per player."""
    players = sheet.players
    name_width = min(max(len(p) for p in players), 8)
    room = max(width - name_width - 2, 16)
    text = Text(f"pool to {number_text(sheet.pool)} · {convention}", style="bold")
    written = f" · {sheet.deals} deal{'' if sheet.deals == 1 else 's'}"
    text.append(written + (" · closed" if sheet.ended else ""), style="dim")
    for player in players:
        text.append("\n")
        text.append(player[:name_width].ljust(name_width) + "  ", style="bold")
        half = room // 2 - 6
        mountain = series(sheet.running(player, Column.MOUNTAIN), half)
        pool = series(sheet.running(player, Column.POOL), half)
        text.append("mount ", style="dim")
        text.append(mountain.ljust(half), style="red")
        text.append(" pool ", style="dim")
        text.append(pool, style="green")
        # The whists go on a line of their own, each towards one opponent, as on the sheet.
        others = sheet.left_of(player)
        prefix = "  whists " if len(players) == 3 else "  "
        text.append("\n" + prefix, style="dim")
        share = max((width - len(prefix)) // len(others), 8)
        for other in others:
            label = f"{other[:6]} "
            figures = series(sheet.running(player, Column.WHISTS, on=other), share - len(label) - 1)
            text.append(label, style="dim")
            text.append(figures.ljust(share - len(label)))
    text.append("\n± ", style="dim")
    for number, player in enumerate(players):
        amount = ledger.get(player, Fraction(0))
        text.append((" " if number else "") + f"{player[:8]} ")
        text.append(signed(amount), style="green" if amount > 0 else "red" if amount < 0 else "")
    return text


SHEET_WIDTH = 56
"""The score panel's width from which the pulka is drawn as the paper sheet."""
SHEET_HEIGHT = 14
"""The score panel's height from which the pulka is drawn as the paper sheet."""


def pulka_drawing(sheet: Pulka, ledger: dict[str, Fraction], convention: str, width: int) -> Text:
    """The pulka for three as it is drawn on paper, for a terminal with room for it.

    The sheet is cut into three parts meeting at a circle holding the pool's size: the first
    player's at the bottom, the player on his left at the left, the other at the right. Each
    part holds its owner's mountain nearest the circle, his pool around it and, along the
    edge, his whists, each written towards the opponent they are on (003 4.2.1; the layout of
    the classic paper sheet, whose figure the seed's text lost).
    """
    bottom, left, right = sheet.players[0], sheet.players[1], sheet.players[2]
    half = (width - 1) // 2
    room = half - 12

    def whists(player: str, on: str) -> str:
        return series(sheet.running(player, Column.WHISTS, on=on), room)

    def column(player: str, kind: Column) -> str:
        return series(sheet.running(player, kind), room)

    def row(first: str, middle: str, last: str) -> Text:
        text = Text(first[:half].ljust(half))
        text.append(middle, style="dim")
        text.append(last[:half].rjust(width - half - 1))
        return text

    def centred(words: str, style: str = "") -> Text:
        return Text(words[:width].center(width), style=style)

    circle = f"╲  ({number_text(sheet.pool)})  ╱"
    rows = [
        row(
            f"{left} → {right} {whists(left, right)}",
            "│",
            f"{right} → {left} {whists(right, left)}",
        ),
        row("─" * (half - 2), "│", "─" * (half - 2)),
        row(f"  pool {column(left, Column.POOL)}", "│", f"pool {column(right, Column.POOL)}  "),
        row(
            f"    mount {column(left, Column.MOUNTAIN)}",
            "│",
            f"mount {column(right, Column.MOUNTAIN)}    ",
        ),
        centred(circle, "bold"),
        row(
            f"{left} → {bottom} {whists(left, bottom)}",
            " ",
            f"{right} → {bottom} {whists(right, bottom)}",
        ),
        centred(f"mount {column(bottom, Column.MOUNTAIN)}"),
        centred(f"pool {column(bottom, Column.POOL)}"),
        row("─" * (half - 2), " ", "─" * (half - 2)),
        row(
            f"{bottom} → {left} {whists(bottom, left)}",
            " ",
            f"{bottom} → {right} {whists(bottom, right)}",
        ),
        centred(bottom, "bold"),
    ]
    text = Text(f"pool to {number_text(sheet.pool)} · {convention}", style="bold")
    text.append(f" · {sheet.deals} deal{'' if sheet.deals == 1 else 's'}", style="dim")
    text.append(" · closed" if sheet.ended else "", style="dim")
    for line in rows:
        text.append("\n")
        text.append_text(line)
    text.append("\n± ", style="dim")
    for number, player in enumerate(sheet.players):
        amount = ledger.get(player, Fraction(0))
        text.append(("  " if number else "") + f"{player} ")
        text.append(signed(amount), style="green" if amount > 0 else "red" if amount < 0 else "")
    return text


ADAPTER = PreferansAdapter()
"""The adapter the table uses for preferans."""
