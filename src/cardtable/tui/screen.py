"""The full-screen table: one screen for every game, drawn from ``view(seat)`` and an adapter.

:class:`TableScreen` speaks the ``Screen`` protocol of :mod:`cardtable.cli.play`, so the match
loop, the bots and the atomic saving after every move stay there. Each time a person is to
move the screen is redrawn whole, sized to the terminal (80×24 and up): a header with the
deal, the phase and whose turn it is; the table (calls, contract, trick, talon, open hands)
with the latest events; the score as players keep it; the seat's own hand; the legal actions
as a numbered menu, paged when long; and a line for messages. The person answers on the last
line with a number, an action typed in any spelling the game reads, ``n``/``p`` to page the
menu, ``?`` for the rules of the phase, or ``q`` to stop. A move that is a set of cards (a
discard, an exchange, a draw: the deal's choices) is picked card by card — ``pick 7♠`` or just
``7♠`` picks a card and again unpicks it — and the menu offers the move once enough are picked.

With several people at one terminal (hot-seat) a hand is shown only after its owner presses
Enter on a screen that names him and shows no card.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, TypeVar

from rich.console import Console, Group, RenderableType
from rich.layout import Layout
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.cards import Card, cards_text, parse_card, parse_cards
from cardtable.cli.play import STOP_WORDS
from cardtable.engine import CardChoice, Event, Game, Match, outside_choices
from cardtable.engine.help import rules_in_force
from cardtable.engine.reading import whole_number
from cardtable.errors import CardtableError
from cardtable.tui.adapter import Adapter, adapter_for, event_text, names_in, signed
from cardtable.tui.paint import Painter

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

PAGE_KEYS = {"n": 1, ">": 1, "p": -1, "<": -1}
"""Answers that turn the menu's pages instead of moving."""
PICK_WORDS = ("pick ", "unpick ")
"""Menu items that pick a card of a choice, or put it back."""
HELP_KEYS = {"?", "help"}
"""Answers that show the rules of the current phase."""
MIN_BODY = 9
"""Rows kept for the table and the score, borders included, before the menu may grow."""


@dataclass(frozen=True)
class Frame:
    """One drawn screen: whose knowledge it shows, its text, and every card drawn on it."""

    seat: int | None
    """The seat whose view it draws; ``None`` for a screen that shows no hand (hot-seat)."""
    deal: int
    """The number of the deal it shows (1 for the first), 0 before any deal."""
    text: str
    cards: frozenset[Card]


def live_ask(console: Console) -> Callable[[str], str]:
    """Read a line at the bottom of the terminal; end of input or Ctrl-C means stop."""

    def ask(prompt: str) -> str:
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            return "q"

    return ask


@contextmanager
def full_screen(console: Console) -> Iterator[None]:
    """Use the terminal's alternate screen while the table is open, and restore it after."""
    alternate = console.set_alt_screen(True)
    try:
        yield
    finally:
        if alternate:
            console.set_alt_screen(False)


class TableScreen(Generic[A, V, R]):
    """The full-screen table for the people of ``match`` (the seats in ``people``)."""

    def __init__(
        self,
        game: Game[A, V, R],
        match: Match[A, V, R],
        people: list[int],
        console: Console,
        *,
        ask: Callable[[str], str] | None = None,
        frames: list[Frame] | None = None,
        adapter: Adapter[V] | None = None,
    ) -> None:
        self.game = game
        self.match = match
        self.people = people
        self.console = console
        self.ask = ask if ask is not None else live_ask(console)
        self.frames = frames
        self.adapter: Adapter[V] = adapter if adapter is not None else adapter_for(game.name)
        self.showing: int | None = None if len(people) > 1 else people[0] if people else None
        self.message: Text | None = None
        self.refusal: str | None = None
        self.page = 0
        self.menu: list[str] = []
        self.choices: list[CardChoice] = []
        self.picked: list[Card] = []
        self.shown: list[str] = []
        self.texts: dict[str, str] = {}

    # ----- the Screen protocol ------------------------------------------------------------

    def deal_started(self, number: int, dealer: str, commitment: str) -> bool:
        """Before a new deal, show how the last one ended until the person presses Enter.

        ``q`` there stops play (``False``). The deck commitment is in the saved record
        (docs/records.md); the table does not show it.
        """
        deals = self.match.deals
        self.refusal = None
        if not self.people or len(deals) < 2 or deals[-1].history or not deals[-2].is_over:
            return True
        seat = self.showing if self.showing is not None else self.people[0]
        self.message = Text(
            f"Deal {len(deals) - 1} is over and written down. "
            f"Press Enter for deal {number} (q stops).",
            style="bold",
        )
        self._draw(seat, deals[-2].view(seat), [], len(deals) - 1)
        answer = self.ask("› ")
        self.message = None
        return answer.strip().lower() not in STOP_WORDS

    def event(self, seat: str, event: Event, several: bool) -> None:
        """Nothing to do: the table draws each seat's events from the deal itself."""

    def prompt(
        self, seat: str, view: V, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """Draw the table for ``seat`` and read its answer.

        Paging, help and picking the cards of a choice are handled here.
        """
        index = self.match.seats.index(seat)
        if legal != self.menu or list(choices) != self.choices:
            self.menu, self.choices, self.picked = legal, list(choices), []
            self.shown, self.texts = self._ordered(outside_choices(legal, self.choices))
            self.page = 0
        if index != self.showing:
            self._cover(index)
        while True:
            items = self._pick_items() + self.shown
            self._draw(index, view, items, len(self.match.deals))
            self.message = None
            answer = self.ask(f"{seat} › ").strip()
            if answer.lower() in PAGE_KEYS:
                pages = len(self._pages(items)[1])
                self.page = (self.page + PAGE_KEYS[answer.lower()]) % pages
                continue
            if answer.lower() in HELP_KEYS:
                self._help(index, view)
                continue
            if not answer:
                continue
            number = whole_number(answer)
            item = items[number - 1] if number is not None and 1 <= number <= len(items) else answer
            if self._picked_anew(item):
                continue
            return self.texts.get(item, item)

    # ----- picking the cards of a choice -------------------------------------------------

    def _pick_items(self) -> list[str]:
        """The moves the cards picked make, then a card to pick or to put back per item."""
        picked = set(self.picked)
        done = [c.text(picked) for c in self.choices if c.why_not(self.picked) is None]
        offered = {card for choice in self.choices for card in choice.cards}
        more = [
            f"pick {card}"
            for card in sorted(offered - picked, key=self.adapter.sort_key)
            if self._may_pick(card)
        ]
        return done + more + [f"unpick {card}" for card in self.picked]

    def _may_pick(self, card: Card) -> bool:
        chosen = {*self.picked, card}
        return any(
            chosen <= set(choice.cards) and len(chosen) <= choice.most for choice in self.choices
        )

    def _picked_anew(self, item: str) -> bool:
        """Pick or put back the card ``item`` names (``pick 7♠``, ``unpick 7♠``, ``7♠``).

        ``False`` when ``item`` is no such answer: then it is a move.
        """
        if not self.choices:
            return False
        word = item.removeprefix(PICK_WORDS[0]).removeprefix(PICK_WORDS[1])
        try:
            card = parse_card(word)
        except CardtableError:
            return False
        if card in self.picked:
            self.picked.remove(card)
        elif self._may_pick(card):
            self.picked.append(card)
        else:
            most = max(choice.most for choice in self.choices)
            self.message = Text(f"{card} cannot be picked: at most {most} cards", style="red")
        return True

    def refused(self, reason: str) -> None:
        """Show the reason on the message line; ``?`` shows it again beside the rules."""
        self.refusal = reason
        self.message = Text(f"refused: {reason}  (? for the rules)", style="bold red")

    def finished(self, ledger: dict[str, object], stopped: bool, saved: bool) -> None:
        """Show the final state and the score until the person presses Enter."""
        if stopped or not self.match.deals or not self.people:
            return
        seat = self.showing if self.showing is not None else self.people[0]
        over = "The match is over." if self.match.is_over else "The deals asked for are played."
        self.message = Text(f"{over} Press Enter to leave the table.", style="bold")
        self._draw(seat, self.match.deals[-1].view(seat), [], len(self.match.deals))
        self.ask("› ")

    # ----- drawing ------------------------------------------------------------------------

    def _cover(self, seat: int) -> None:
        """Hot-seat: a screen with no hand on it until ``seat``'s owner presses Enter."""
        name = self.match.seats[seat]
        self.message = Text(
            f"Pass the keyboard to {name}. {name}: press Enter to see your cards.",
            style="bold yellow",
        )
        self._draw(None, None, [], len(self.match.deals))
        self.ask("› ")
        self.message = None
        self.showing = seat

    def _help(self, seat: int, view: V) -> None:
        phase = self.adapter.phase(view)
        rules = rules_in_force(self.match)
        lines = [Text(f"{self.game.title}: the {phase} phase", style="bold")]
        help = self.game.rules_help(rules)
        section = help.section(phase)
        # A phase the help has no section for is told by the whole help.
        sections = (section,) if section is not None else help.sections
        for sentence in (said for each in sections for said in each.sentences):
            lines.append(Text(sentence.text) + Text(f" ({sentence.cited})", style="dim"))
        if self.match.to_move == seat:
            hint = self.game.move_hint(rules, view, self.match.legal_actions())
            lines += [Text(""), Text("Your move: ", style="bold") + Text(hint)]
        painter = Painter()
        if self.match.deals:
            reminders = self.adapter.reminders(self.match.deals[-1], view, painter, full=True)
            lines += [Text(""), *reminders] if reminders else []
        if self.refusal:
            lines += [Text(""), Text(f"Your last answer was refused: {self.refusal}", style="red")]
        lines += [
            Text(""),
            Text(
                "Answer with a menu number or type the action as the menu writes it "
                "(other spellings the game reads work too); pick the cards of a discard, "
                "an exchange or a draw one by one (a card's name picks it or puts it back); "
                "n/p turn the menu's pages; q stops (the record keeps every move).",
                style="dim",
            ),
        ]
        self.console.clear()
        self.console.print(Panel(Group(*lines), title="rules of this phase"))
        self._record(seat, len(self.match.deals), frozenset(painter.drawn))
        self.ask("press Enter to return › ")

    def _draw(self, seat: int | None, view: V | None, legal: list[str], deal: int) -> None:
        painter = Painter()
        width, height = self.console.width, self.console.height - 1
        rows, pages = self._pages(legal) if legal else (1, [(0, 1)])
        layout = Layout()
        body = height - 1 - 3 - (rows + 2) - 1
        layout.split_column(
            Layout(self._header(view, deal), size=1),
            Layout(name="body", size=body),
            Layout(self._hand(seat, view, painter), size=3),
            Layout(self._menu_panel(legal, rows, pages), size=rows + 2),
            Layout(self.message or self._hint(view, legal, len(pages) > 1), size=1),
        )
        right = min(max(self.adapter.score_width, width // 2 - 4), 64)
        layout["body"].split_row(
            Layout(self._table(seat, view, painter, body - 2, deal), name="table"),
            Layout(self._score(painter, right - 4, body - 2, deal), size=right),
        )
        self.console.clear()
        self.console.print(layout, height=height)
        self._record(seat, deal, frozenset(painter.drawn))

    def _record(self, seat: int | None, deal: int, cards: frozenset[Card]) -> None:
        if self.frames is not None:
            self.frames.append(Frame(seat, deal, self.console.export_text(clear=True), cards))

    def _header(self, view: V | None, deal: int) -> Text:
        """The game, the deal on the table, its dealer and phase, and who is to move in it."""
        match = self.match
        text = Text(f" {self.game.title}", style="bold reverse")
        if match.preset:
            text.append(f" · {match.preset}", style="reverse")
        if deal:
            dealer = match.deals[deal - 1].setup.dealer
            text.append(f" · deal {deal}", style="reverse")
            text.append(f" · dealer {match.seats[dealer]}", style="reverse")
        phase = self.adapter.phase(view) if view is not None else ""
        if phase:
            text.append(f" · {phase}", style="reverse")
        seat = match.to_move if deal == len(match.deals) else None
        if seat is not None:
            text.append(f" · to move: {match.seats[seat]} ", style="bold reverse yellow")
        text.append(" " * max(0, self.console.width - len(text.plain)), style="reverse")
        return text

    def _table(
        self, seat: int | None, view: V | None, painter: Painter, room: int, deal: int
    ) -> Panel:
        names = self.match.seats
        lines: list[Text] = []
        events = (
            self.match.deals[deal - 1].events_seen_by(seat) if seat is not None and deal else []
        )
        if view is not None:
            lines = self.adapter.table(view, names, events, painter)
            if deal:
                lines[1:1] = self.adapter.reminders(self.match.deals[deal - 1], view, painter)
        if seat is not None and deal:
            log = [self._event(event, painter) for event in events]
            space = max(0, room - len(lines) - 1)
            if space and log:
                lines.append(Text("─" * 20, style="dim"))
                lines += log[-space:]
        for line in lines:
            line.no_wrap = True
            line.overflow = "ellipsis"
        return Panel(Group(*lines), title="table", title_align="left")

    def _event(self, event: Event, painter: Painter) -> Text:
        text = event_text(event, self.match.seats, painter)
        text.stylize("dim", 0, len(names_in(event.text, self.match.seats)))
        return text

    def _score(self, painter: Painter, width: int, height: int, deal: int) -> Panel:
        body: RenderableType = self.adapter.score(self.match, painter, width, height, deal)
        return Panel(body, title="score", title_align="left")

    def _hand(self, seat: int | None, view: V | None, painter: Painter) -> Panel:
        if seat is None or view is None:
            return Panel(Text("(hidden)", style="dim"), title="hand", title_align="left")
        name = self.match.seats[seat]
        hand = self.adapter.hand_line(view, painter)
        return Panel(hand, title=f"hand of {name}", title_align="left")

    def _ordered(self, legal: list[str]) -> tuple[list[str], dict[str, str]]:
        """The menu in the hand's order, and the game's own text of each item shown.

        Actions of one kind stay together; within a kind those naming fewer cards come
        first, and the cards of each item are written in the hand's order.
        """
        kinds: dict[str, int] = {}
        keys = []
        for number, text in enumerate(legal):
            verb, _, rest = text.partition(" ")
            kind = kinds.setdefault(verb, len(kinds))
            try:
                cards = sorted(parse_cards(rest), key=self.adapter.sort_key) if rest else []
            except CardtableError:
                cards = []
            shown = f"{verb} {cards_text(cards)}" if cards else text
            order = [self.adapter.sort_key(card) for card in cards]
            keys.append((kind, 0 if cards else 1, len(order), order, number, shown))
        keys.sort()
        return [key[-1] for key in keys], {key[-1]: legal[key[-2]] for key in keys}

    def _menu_rows(self) -> int:
        return max(1, self.console.height - 1 - 1 - 3 - 2 - 1 - MIN_BODY - 2)

    def _pages(self, legal: list[str]) -> tuple[int, list[tuple[int, int]]]:
        """The menu's rows, and each page's first item and its number of columns.

        Items run down the columns (a preferans ladder reads a level per column); a menu that
        fits on fewer rows takes fewer, and a long one is cut into pages of full rows.
        """
        limit = self._menu_rows()
        for rows in range(1, limit + 1):
            columns = self._fit(legal, 0, rows)
            if columns * rows >= len(legal):
                return rows, [(0, columns)]
        pages = []
        start = 0
        while start < len(legal):
            columns = self._fit(legal, start, limit)
            pages.append((start, columns))
            start += columns * limit
        return limit, pages

    def _fit(self, legal: list[str], start: int, rows: int) -> int:
        """How many columns of ``rows`` items from ``start`` fit across the screen."""
        room = self.console.width - 4
        used = 0
        columns = 0
        while start + columns * rows < len(legal):
            first = start + columns * rows
            cells = range(first, min(first + rows, len(legal)))
            width = max(len(f"{number + 1}. {legal[number]}") for number in cells)
            used += width + (2 if columns else 0)
            if used > room and columns:
                break
            columns += 1
        return max(columns, 1)

    def _menu_panel(self, legal: list[str], rows: int, pages: list[tuple[int, int]]) -> Panel:
        if not legal:
            return Panel(Text("", style="dim"), title="actions", title_align="left")
        start, columns = pages[self.page % len(pages)]
        shown = legal[start : start + rows * columns]
        grid = Table.grid(padding=(0, 2))
        for _ in range(columns):
            grid.add_column(no_wrap=True)
        cells = [
            Text(f"{start + number + 1}. ", style="bold cyan") + Text(text)
            for number, text in enumerate(shown)
        ]
        for row in range(rows):
            grid.add_row(*cells[row::rows])
        title = "actions"
        if self.choices:
            notes = "; ".join(choice.note for choice in self.choices)
            title += f" · {len(self.picked)} picked · {notes}"
        if len(pages) > 1:
            title += f" {start + 1}–{start + len(shown)} of {len(legal):,} (n/p: pages)"
        return Panel(grid, title=title, title_align="left")

    def _hint(self, view: V | None, legal: list[str], paged: bool) -> Text:
        if not legal:
            return Text("")
        if paged and self.match.to_move is not None and view is not None:
            rules = rules_in_force(self.match)
            hint = self.game.move_hint(rules, view, self.match.legal_actions())
            return Text(f" type a number, or the move: {hint}; ? rules")
        return Text(" type a number or the action (any spelling); ? rules · q stop", style="dim")


def score_line(match: Match[A, V, R]) -> str:
    """The score for the terminal once the table is closed."""
    ledger = match.ledger()
    return "Score: " + ", ".join(f"{name} {signed(amount)}" for name, amount in ledger.items())
