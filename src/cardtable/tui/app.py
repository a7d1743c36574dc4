"""The terminal table as a Textual app: cards as widgets, the legal moves always in view.

:class:`TableApp` is the full-screen table of ``cardtable play``, local or over
``--connect``: it reads the table only through its :class:`~cardtable.tui.sitting.Sitting`,
whose loop — the match loop of :mod:`cardtable.cli.play` (bots, atomic saving after every
move, resuming) or the remote loop of :mod:`cardtable.client` (the server's frames) — runs in
a worker thread and talks to the app through :class:`People`, a ``Screen`` of that module:
``prompt`` draws the table for the seat to move and waits for the person's answer.

The person picks a card with the arrows and Enter, its key (``1``–``9``, ``0``, then letters)
or the mouse; a move that is a set of cards (the deal's choices: a preferans discard, the
piquet exchange, a poker draw) is built card by card, and the move list offers it once enough
are picked. Every legal move is listed; a card that may not be played is sent to the game,
which refuses it with its reason. ``?`` shows the rules of the phase, ``t`` the tricks of the
deal so far, ``/`` a line to type a move in any spelling the game reads, ``q`` stops (every
move is already saved). The aids (docs/tui.md, "Aids"): ``h`` a hint, ``c`` a claim of the
remaining tricks, ``u`` undo against bots, ``A`` auto-play of forced moves on or off.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.cards import Card, cards_text, parse_card, parse_cards
from cardtable.cli.play import CONSENT_WORDS, STOP_WORDS, Table
from cardtable.engine import CardChoice, Event, outside_choices
from cardtable.errors import CardtableError
from cardtable.server.protocol import Offer
from cardtable.tui.adapter import Adapter, adapter_for, event_text, names_in, signed
from cardtable.tui.amounts import AmountControl, amounts_by_verb
from cardtable.tui.paint import Painter
from cardtable.tui.sitting import Sitting

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

CARD_KEYS = "1234567890abdefgijkmnoprsvwxyz"
"""The key of each card of the hand, left to right (the letters of the app's commands left out)."""

HINT_TITLE = "HELP — a hint, not a rule"
"""The title of the page that shows a hint: help, marked as such."""

STOP = "q"
"""The answer that stops play: the match loop's own stop word."""


@dataclass(frozen=True)
class Question:
    """What the person is asked now: ``kind`` is ``move``, ``pause``, ``cover`` or ``consent``.

    A spectator is asked nothing: ``watch`` is the table drawn for him, as everyone sees it.
    """

    kind: str
    seat: int | None
    """The seat whose knowledge the screen shows; ``None`` on a screen that shows no hand (a
    spectator's shows the public view)."""
    deal: int
    """The number of the deal on the screen (1 for the first), 0 before any."""


class CardKey(Static):
    """One card of the hand: focusable, chosen by Enter, space, its key or a click."""

    can_focus = True

    class Chosen(Message):
        """The person chose ``card``."""

        def __init__(self, card: Card) -> None:
            self.card = card
            super().__init__()

    def __init__(self, card: Card, key: str, face: Text) -> None:
        label = Text(key, style="dim")
        super().__init__(Text("\n").join([label, face]), classes="card")
        self.card = card

    def on_click(self) -> None:
        """A click chooses the card."""
        self.post_message(self.Chosen(self.card))

    def on_key(self, event: events.Key) -> None:
        """Enter or space chooses the focused card."""
        if event.key in ("enter", "space"):
            event.stop()
            self.post_message(self.Chosen(self.card))


class Pause(ModalScreen[str]):
    """A message the person acknowledges: Enter (or a click) goes on, ``q`` stops."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "answer('')", "Go on"),
        Binding("q", "answer('q')", "Stop"),
    ]

    def __init__(self, words: str, cover: bool) -> None:
        super().__init__(classes="cover" if cover else "pause")
        self.words = words

    def compose(self) -> ComposeResult:
        """The message in a box."""
        yield Static(Text(self.words, style="bold"), id="pause-words")
        yield Footer()

    def on_click(self) -> None:
        """A click goes on, as Enter does."""
        self.dismiss("")

    def action_answer(self, answer: str) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)


class Consent(Pause):
    """Another person's request, asked of a person with no hand on the screen: ``y`` or ``n``.

    Enter, a click or ``q`` refuse too: only ``y`` agrees.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('y')", "Agree"),
        Binding("n", "answer('n')", "Refuse"),
    ]

    def on_click(self) -> None:
        """A click refuses: agreeing takes the ``y`` key."""
        self.dismiss("n")


class Reading(ModalScreen[None]):
    """A page to read (the rules of the phase, the tricks so far); Escape or Enter closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,question_mark,t,h", "close", "Back"),
        Binding("q", "stop", "Stop (saved)"),
    ]

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        """The page, scrollable."""
        with VerticalScroll(id="reading") as scroll:
            scroll.border_title = self.title_text
            yield Static(self.body)
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def action_stop(self) -> None:
        """``q`` stops play here too: back to the table, and the loop is told to stop."""
        self.dismiss(None)
        if isinstance(self.app, TableApp):
            self.app.action_stop()


class TableApp(App[None], Generic[V]):
    """The full-screen table for the people at ``sitting``; its loop runs in a thread."""

    TITLE = "cardtable"
    CSS_PATH = "app.tcss"
    AUTO_FOCUS = None
    """The focus is put on the hand when a move is asked, not on the first widget."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "stop", "Stop (saved)"),
        Binding("question_mark", "rules", "Rules"),
        Binding("t", "tricks", "Tricks"),
        Binding("slash", "type", "Type a move"),
        Binding("h", "hint", "Hint", show=False),
        Binding("c", "claim", "Claim the rest", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("A", "auto_play", "Auto-play", show=False),
        Binding("left", "card(-1)", "Card ←", show=False),
        Binding("down", "to_moves", "To the moves", show=False),
        Binding("escape", "to_hand", "To the hand", show=False),
        Binding("right", "card(1)", "Card →", show=False),
        Binding("ctrl+c", "stop", "Stop", show=False, priority=True),
    ]

    def __init__(self, sitting: Sitting) -> None:
        super().__init__()
        self.sitting = sitting
        self.adapter: Adapter[V] = adapter_for(sitting.game.name)
        self.people = People(self)
        self.question: Question | None = None
        """What the person is asked now; ``None`` while the bots move or the table is closed."""
        self.drawn: frozenset[Card] = frozenset()
        """Every card on the screen now."""
        self.shown_text = ""
        """The words on the table now, as plain text (for tests and hidden-card checks)."""
        self.page_text = ""
        """The words of the last page opened to read (the rules, the tricks so far)."""
        self.legal: list[str] = []
        self.choices: list[CardChoice] = []
        self.picked: list[Card] = []
        self.texts: dict[str, str] = {}
        self._hand_shown: object = None
        self.rungs: frozenset[str] = frozenset()
        """The bids on the ladder's rungs now (none outside an auction)."""
        """The game's own text of each move as the list writes it."""
        self.message: Text | None = None
        self.refusal: str | None = None
        """Why the last answer was refused, for ``?``, until a move is made."""
        self._answers: queue.Queue[str] = queue.Queue()
        self.closing = False
        """Set once the app is closed: the loop is then answered "stop" without asking."""
        self.watching = sitting.watching
        """No seat is played here: the table is watched, drawn as everyone sees it."""

    # ----- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Header, the table and its log beside the score, the hand, the moves, a message line."""
        yield Static(id="header")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Static(id="table")
                with VerticalScroll(id="log") as log:
                    log.border_title = "log of the deal"
                    yield Static(id="log-text")
            with VerticalScroll(id="score") as score:
                score.border_title = "score"
                yield Static(id="score-text")
        hand = Horizontal(id="hand")
        hand.border_title = "hand"
        yield hand
        with Horizontal(id="act"):
            yield Vertical(id="ladder")
            moves = OptionList(id="moves")
            moves.border_title = "moves"
            yield moves
            with Vertical(id="side"):
                yield Static(id="picking")
                yield Input(placeholder="/ type a move", id="typed")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        """Start the table's loop in its thread."""
        self.run_worker(self._play, thread=True, exit_on_error=True, name="match")
        if self.watching:
            self.show_watch()

    def _play(self) -> None:
        self.sitting.play(self.people)
        if not self.closing:
            self.call_from_thread(self.exit)

    def on_unmount(self) -> None:
        """The app is closed (by the loop's end, or from outside): let the loop stop too."""
        self.closing = True
        self._answers.put(STOP)
        self.sitting.leave()

    def on_resize(self, event: events.Resize) -> None:
        """The move list takes a quarter of a tall terminal; the score, up to half the width."""
        self.query_one("#act").styles.height = max(7, event.size.height // 4)
        right = min(max(self.adapter.score_width, event.size.width // 2 - 4), 64)
        self.query_one("#score").styles.width = right + 2
        if self.question is not None and self.question.kind in ("move", "watch"):
            self._draw(self.question.seat, self.question.deal)

    # ----- asking the person (called from the match loop's thread) ---------------------------

    def ask(self, show: Callable[[], None]) -> str:
        """Show a question on the app's thread and wait for the person's answer."""
        if self.closing:
            return STOP
        self.call_from_thread(show)
        return self._answers.get()

    def answer(self, text: str) -> None:
        """The person answered the question on the screen (or stopped, which is always heard)."""
        if self.question is None and text.strip().lower() not in STOP_WORDS:
            return
        self.question = None
        self._answers.put(text)

    # ----- the screens the loop asks for --------------------------------------------------

    def show_move(self, seat: int, legal: list[str], choices: Sequence[CardChoice]) -> None:
        """Draw the table for ``seat``, to move, with its legal moves."""
        if legal != self.legal or list(choices) != self.choices:
            self.legal, self.choices, self.picked = legal, list(choices), []
            self.refusal = None
        deal = self.sitting.deal_number
        self.question = Question("move", seat, deal)
        self._draw(seat, deal)
        self.call_after_refresh(self._focus_the_hand)

    def _focus_the_hand(self) -> None:
        """After a move, the focus goes back to the hand (or the move list if it has none)."""
        focused = self.focused
        if isinstance(focused, (CardKey, OptionList)) and focused.is_attached:
            return
        cards = list(self.query_one("#hand").query(CardKey).results())
        (cards[0] if cards else self.query_one("#moves", OptionList)).focus()

    def show_watch(self) -> None:
        """Draw the table as a spectator sees it now: the public view and the public events."""
        self.question = Question("watch", None, self.sitting.deal_number)
        self._draw(None, self.question.deal)

    def show_watched_end(self, deal: int, words: str) -> None:
        """The watched table has ended: its last public view under a message to leave."""
        self._ask_over(Question("watch", None, deal), Pause(words, False))

    def show_pause(self, seat: int | None, deal: int, words: str, cover: bool) -> None:
        """Draw ``deal`` as ``seat`` knows it (nothing for a cover) under a message to go on."""
        self._ask_over(Question("cover" if cover else "pause", seat, deal), Pause(words, cover))

    def show_consent(self, deal: int, words: str) -> None:
        """Ask a person, with no hand on the screen, whether he agrees to ``words``."""
        self._ask_over(Question("consent", None, deal), Consent(words, True))

    def _ask_over(self, question: Question, over: Pause) -> None:
        self.legal, self.choices, self.picked = [], [], []
        self.question = question
        self._draw(question.seat, question.deal)
        self.shown_text += "\n" + over.words
        self.push_screen(over, lambda answer: self.answer(answer or ""))

    def show_refusal(self, reason: str) -> None:
        """The last answer was refused: say why, its seats by name, until the next answer."""
        self.refusal = reason = names_in(reason, self.sitting.names)
        self.message = Text(f"refused: {reason}  (? for the rules)", style="bold red")

    # ----- drawing -------------------------------------------------------------------------

    def _sees(self, seat: int | None) -> bool:
        """Whether the screen shows what ``seat`` knows, or (``None``) what everyone knows."""
        return seat is not None or (self.question is not None and self.question.kind == "watch")

    def _draw(self, seat: int | None, deal: int) -> None:
        painter = Painter()
        view = self.sitting.view(seat, deal) if self._sees(seat) and deal else None
        parts = [
            self._header(view, deal),
            self._table(seat, view, deal, painter),
            self._deal_log(seat, deal, painter),
            self._score(deal, painter),
        ]
        hand = self._hand(seat, view, painter)
        rungs = self._ladder(view)
        picking = self._moves()
        # A refusal waits for the move screen: a hot-seat cover comes between them.
        moving = self.question is not None and self.question.kind == "move"
        message = (self.message if moving else None) or Text(
            WATCHING if self.watching else CHOOSING, style="dim"
        )
        if moving:
            self.message = None
        self.query_one("#message", Static).update(message)
        self.drawn = frozenset(painter.drawn)
        words = [*(part.plain for part in parts), hand, *rungs, *self._items(), picking]
        words.append(message.plain)
        self.shown_text = "\n".join(words)

    def _header(self, view: V | None, deal: int) -> Text:
        sitting = self.sitting
        words = [sitting.game.title, *([sitting.preset] if sitting.preset else [])]
        dealer = sitting.dealer(deal) if deal else None
        if deal:
            words += [
                f"deal {deal}",
                *([f"dealer {sitting.names[dealer]}"] if dealer is not None else []),
            ]
        phase = self.adapter.phase(view) if view is not None else ""
        words += [phase] if phase else []
        text = Text(" " + " · ".join(words), style="bold")
        if self.question is not None and self.question.kind in ("move", "watch"):
            to_move = sitting.to_move
            if to_move is not None:
                text.append(f" · to move: {sitting.names[to_move]}", style="bold yellow")
        self.query_one("#header", Static).update(text)
        return text

    def _table(self, seat: int | None, view: V | None, deal: int, painter: Painter) -> Text:
        lines: list[Text] = []
        if view is not None:
            events = self.sitting.events(seat, deal)
            lines = self.adapter.table(view, self.sitting.names, events, painter)
            lines[1:1] = self.sitting.reminders(self.adapter, deal, view, painter, False)
        # A line too long for the panel ends in "…" (app.tcss): the log holds every word.
        empty = "(no deal yet)" if self.watching else "(no hand is shown)"
        text = Text("\n").join(lines) if lines else Text(empty, style="dim")
        self.query_one("#table", Static).update(text)
        return text

    def _deal_log(self, seat: int | None, deal: int, painter: Painter) -> Text:
        events = self.sitting.events(seat, deal) if self._sees(seat) and deal else []
        lines = [self._event(event, painter) for event in events]
        text = Text("\n").join(lines) if lines else Text("")
        self.query_one("#log-text", Static).update(text)
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)
        return text

    def _event(self, event: Event, painter: Painter) -> Text:
        names = self.sitting.names
        text = event_text(event, names, painter)
        text.stylize("dim", 0, len(names_in(event.text, names)))
        return text

    def _score(self, deal: int, painter: Painter) -> Text:
        box = self.query_one("#score", VerticalScroll)
        width = max(int(box.styles.width.value) - 4 if box.styles.width else 30, 20)
        height = max(self.size.height - 14, 8)
        score = self.sitting.score(self.adapter, painter, width, height, deal)
        self.query_one("#score-text", Static).update(score)
        return score if isinstance(score, Text) else Text(str(score))

    def _hand(self, seat: int | None, view: V | None, painter: Painter) -> str:
        """Put the seat's cards in the hand row, each with its key; their text.

        The same cards as on the screen keep their widgets (and the focus); only whether each
        is picked or makes a move now is redrawn.
        """
        hand = self.query_one("#hand", Horizontal)
        groups = self.adapter.hand_groups(view) if seat is not None and view is not None else []
        shown = (seat, tuple((name, tuple(cards)) for name, cards in groups))
        faces = {card: painter.card(card) for _, cards in groups for card in cards}
        if shown != self._hand_shown:
            self._hand_shown = shown
            hand.remove_children()
            hand.mount_all(self._hand_widgets(groups, faces))
        for widget in hand.query(CardKey).results():
            widget.set_class(widget.card in self.picked, "picked")
            widget.set_class(not self._offered(widget.card), "idle")
        if seat is None:
            hand.border_title = "no hand: watching" if self.watching else "hand (hidden)"
            return hand.border_title
        hand.border_title = f"hand of {self.sitting.names[seat]}"
        said = [" ".join([*([name] if name else []), cards_text(cards)]) for name, cards in groups]
        return f"{hand.border_title}: {'   '.join(said)}"

    def _hand_widgets(
        self, groups: list[tuple[str, list[Card]]], faces: dict[Card, Text]
    ) -> list[Static]:
        """A widget per card, keyed left to right, and a label before each named group."""
        widgets: list[Static] = []
        for name, cards in groups:
            if name:
                widgets.append(Static(Text(f"\n{name}", style="dim"), classes="group"))
            for card in cards:
                number = len([w for w in widgets if isinstance(w, CardKey)])
                key = CARD_KEYS[number] if number < len(CARD_KEYS) else " "
                widget = CardKey(card, key, faces[card])
                widget.set_class(card in self.picked, "picked")
                widget.set_class(not self._offered(card), "idle")
                widgets.append(widget)
        return widgets

    def _items(self) -> list[str]:
        """The moves of the list: each choice the picked cards make, then the other legal moves.

        Bids of the ladder are on its rungs, not in the list.
        """
        built = [
            choice.text(self.picked)
            for choice in self.choices
            if self.picked and choice.why_not(self.picked) is None
        ]
        rest = [move for move in self.legal if move not in self.rungs]
        return built + self._ordered(outside_choices(rest, self.choices))

    def _ladder(self, view: V | None) -> list[str]:
        """Draw the ladder of bids, the legal ones lit; each rung's text."""
        box = self.query_one("#ladder", Vertical)
        box.remove_children()
        question = self.question
        moving = question is not None and question.kind == "move"
        rungs = self.adapter.ladder(self.sitting.rules(), view) if moving and view else []
        amounts = amounts_by_verb(self.legal) if moving and self.adapter.bet_control else {}
        self.rungs = frozenset(bid for rung in rungs for bid in rung) | {
            f"{verb} {amount}" for verb, each in amounts.items() for amount in each
        }
        box.display = bool(rungs or amounts)
        box.mount_all(Horizontal(*map(self._rung_button, rung), classes="rung") for rung in rungs)
        box.mount_all(
            AmountControl(verb, each, self.adapter.pot(view, verb) if view is not None else None)
            for verb, each in amounts.items()
        )
        said = [
            f"{verb} {each[0]} to {each[-1]}: − + min pot all-in" for verb, each in amounts.items()
        ]
        return [" ".join(rung) for rung in rungs] + said

    def _rung_button(self, bid: str) -> Button:
        label = bid.replace(" without talon", " w/o talon")
        button = Button(label, name=bid, compact=True, classes="bid")
        button.set_class(bid not in self.legal, "idle")
        return button

    def _ordered(self, legal: list[str]) -> list[str]:
        """The moves in the hand's order: kinds kept together, fewer cards first.

        The cards of each move are written in the hand's order too.
        """
        kinds: dict[str, int] = {}
        keys = []
        for number, text in enumerate(legal):
            verb, _, rest = text.partition(" ")
            try:
                cards = sorted(parse_cards(rest), key=self.adapter.sort_key) if rest else []
            except CardtableError:
                cards = []
            shown = f"{verb} {cards_text(cards)}" if cards else text
            order = [self.adapter.sort_key(card) for card in cards]
            keys.append((kinds.setdefault(verb, len(kinds)), len(order), order, number, shown))
        self.texts = {key[-1]: legal[key[-2]] for key in keys}
        return [key[-1] for key in sorted(keys)]

    def _moves(self) -> str:
        """Fill the move list; say what the cards picked so far make (its text)."""
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        moves.add_options([Option(item) for item in self._items()])
        if moves.option_count:
            moves.highlighted = 0
        picking = self.query_one("#picking", Static)
        if not self.choices:
            picking.update(Text("Pick a move (Enter or click).", style="dim"))
            return ""
        notes = Text("\n").join(Text(choice.note) for choice in self.choices)
        picked = Text("picked: ", style="bold") + (
            Text(" ").join(Painter().card(card) for card in self.picked)
            if self.picked
            else Text("—", style="dim")
        )
        said = Text("\n").join([picked, notes])
        picking.update(said)
        return said.plain

    # ----- the person's actions -------------------------------------------------------------

    @on(CardKey.Chosen)
    def card_chosen(self, message: CardKey.Chosen) -> None:
        """A card was chosen: picked for a choice, or played as the move it makes."""
        if self.question is None or self.question.kind != "move":
            return
        card = message.card
        if any(card in choice.cards for choice in self.choices):
            self._pick(card)
            return
        move = self._card_move(card)
        if move is None:
            self.message = Text(f"{card} makes no move now: choose one of the list", style="red")
            self._draw(self.question.seat, self.question.deal)
            return
        self.answer(move)

    def _card_move(self, card: Card) -> str | None:
        """The move of a single card: the legal one, or one the game will refuse with a reason.

        ``None`` when no card is played now (an auction, a bet): the card makes no move.
        """
        singles = [text for text in self.legal if _card_of(text) is not None]
        for text in singles:
            if _card_of(text) == card:
                return text
        verbs = {text.split()[0] for text in singles}
        return f"{verbs.pop()} {card}" if len(verbs) == 1 else None

    def _pick(self, card: Card) -> None:
        if card in self.picked:
            self.picked.remove(card)
        elif self._may_pick(card):
            self.picked.append(card)
        else:
            most = max(choice.most for choice in self.choices)
            self.message = Text(f"{card} cannot be picked: at most {most} cards", style="red")
        question = self.question
        assert question is not None
        self._draw(question.seat, question.deal)

    def _may_pick(self, card: Card) -> bool:
        chosen = {*self.picked, card}
        return any(
            chosen <= set(choice.cards) and len(chosen) <= choice.most for choice in self.choices
        )

    def _offered(self, card: Card) -> bool:
        if self.choices:
            return any(card in choice.cards for choice in self.choices)
        return any(_card_of(text) == card for text in self.legal)

    @on(OptionList.OptionSelected, "#moves")
    def move_selected(self, message: OptionList.OptionSelected) -> None:
        """A move of the list was chosen."""
        if self.question is not None and self.question.kind == "move":
            shown = str(message.option.prompt)
            self.answer(self.texts.get(shown, shown))

    @on(Button.Pressed, ".bid")
    def bid_pressed(self, message: Button.Pressed) -> None:
        """A bid of the ladder was pressed: a bid below the auction's is refused by the game."""
        if self.question is not None and self.question.kind == "move" and message.button.name:
            self.answer(message.button.name)

    @on(AmountControl.Typed)
    def amount_typed(self, message: AmountControl.Typed) -> None:
        """An amount typed at the bet control: sent, for the game to take or refuse."""
        if self.question is not None and self.question.kind == "move":
            self.answer(message.text)

    @on(Input.Submitted, "#typed")
    def move_typed(self, message: Input.Submitted) -> None:
        """A move typed in words, read by the game as the plain prompt reads it."""
        text = message.value.strip()
        message.input.value = ""
        if text and self.question is not None and self.question.kind == "move":
            self.answer(text)

    def on_key(self, event: events.Key) -> None:
        """A card's key chooses that card."""
        if isinstance(self.focused, Input) or event.character is None:
            return
        index = CARD_KEYS.find(event.character)
        cards = list(self.query_one("#hand").query(CardKey).results())
        if 0 <= index < len(cards):
            event.stop()
            cards[index].post_message(CardKey.Chosen(cards[index].card))

    def action_card(self, step: int) -> None:
        """Move the focus to the next card left or right."""
        cards = list(self.query_one("#hand").query(CardKey).results())
        if not cards:
            return
        focused = self.focused
        index = cards.index(focused) if isinstance(focused, CardKey) and focused in cards else -1
        cards[(index + step) % len(cards)].focus()

    def action_to_moves(self) -> None:
        """From the hand down to the move list."""
        self.query_one("#moves", OptionList).focus()

    def action_to_hand(self) -> None:
        """Back to the hand (from the move list or the typing line)."""
        cards = list(self.query_one("#hand").query(CardKey).results())
        if cards:
            cards[0].focus()

    def action_stop(self) -> None:
        """Stop play: every move made is already in the record. A spectator leaves."""
        if self.watching:
            self.exit()
            return
        self.answer(STOP)

    def action_type(self) -> None:
        """Focus the line where a move is typed."""
        self.query_one("#typed", Input).focus()

    def action_rules(self) -> None:
        """The rules of the phase as the rules in force tell them, and how to move now."""
        question = self.question
        sitting = self.sitting
        seat = question.seat if question is not None else None
        deal = sitting.deal_number
        view = sitting.view(seat, deal) if self._sees(seat) and deal else None
        phase = self.adapter.phase(view) if view is not None else ""
        help = sitting.game.rules_help(sitting.rules())
        section = help.section(phase) if phase else None
        sections = (section,) if section is not None else help.sections
        lines = [
            Text(said.text) + Text(f" ({said.cited})", style="dim")
            for each in sections
            for said in each.sentences
        ]
        if view is not None and question is not None and question.kind == "move":
            lines += [Text(""), Text("Your move: ", style="bold") + Text(sitting.move_hint(view))]
            reminders = sitting.reminders(self.adapter, deal, view, Painter(), True)
            lines += [Text(""), *reminders] if reminders else []
        if self.refusal:
            lines += [Text(""), Text(f"Your last answer was refused: {self.refusal}", style="red")]
        lines += [Text(""), Text(KEYS_HELP, style="dim")]
        title = f"{sitting.game.title}: the {phase} phase" if phase else sitting.game.title
        self._read(title, Text("\n").join(lines))

    def action_tricks(self) -> None:
        """Every trick of the deal so far, as the seat on the screen saw it."""
        question = self.question
        if question is None or not self._sees(question.seat) or not question.deal:
            return
        events = self.sitting.events(question.seat, question.deal)
        self._read("the tricks so far", tricks_text(events, self.sitting.names))

    def _moving(self) -> Question | None:
        """The question on the screen when it asks a seat for a move."""
        question = self.question
        if question is None or question.kind != "move" or question.seat is None:
            return None
        return question

    def action_hint(self) -> None:
        """Work out a hint for the seat to move, in a worker so that the table does not freeze.

        The hint reads what the seat knows, taken now; its random layouts come from a fresh
        generator, never from the match's (docs/tui.md, "Aids").
        """
        question = self._moving()
        if question is None or question.seat is None:
            return
        try:
            work = self.sitting.hint_work(question.seat)
        except CardtableError as error:
            self._say(Text(f"No hint now: {error}.", style="red"))
            return
        self._say(Text("help: working out a hint…", style="cyan"))
        # A hint that fails must not close the table: the worker's error stays its own.
        self.run_worker(
            lambda: self._work_hint(question, work),
            thread=True,
            group="hint",
            exclusive=True,
            exit_on_error=False,
        )

    def _work_hint(self, question: Question, work: Callable[[], Sequence[str]]) -> None:
        try:
            lines = tuple(work())
        except CardtableError as error:
            lines = (f"No hint now: {error}.",)
        if not self.closing:
            self.call_from_thread(self._show_hint, question, lines)

    def _show_hint(self, question: Question, lines: Sequence[str]) -> None:
        """Open the hint, unless the position it was worked out for has gone."""
        if self.question is not question:
            return
        self._say(Text(""))
        self._read(HINT_TITLE, Text("\n").join(Text(line) for line in lines))

    def action_claim(self) -> None:
        """Claim the remaining tricks: the claim goes the way of every move.

        At a local table the cards judge it; at a server's it is offered to the other seats.
        """
        question = self._moving()
        if question is None or question.seat is None:
            return
        try:
            claim = self.sitting.claim(question.seat)
        except CardtableError as error:
            self._say(Text(str(error), style="red"))
            return
        self.answer(claim)

    def action_undo(self) -> None:
        """Ask to take back the person's last move (against bots; else by the others' consent)."""
        if self._moving() is not None:
            self.answer(self.sitting.undo())

    def action_auto_play(self) -> None:
        """Turn auto-play of forced moves on or off; turned on, a forced move now is played."""
        sitting = self.sitting
        sitting.auto_play = not sitting.auto_play
        state = "on" if sitting.auto_play else "off"
        self._say(Text(f"auto-play of forced moves: {state}", style="cyan"))
        if sitting.auto_play and self._moving() is not None:
            forced = sitting.forced()
            if forced is not None:
                self.answer(forced)

    def show_offer(self, offer: Offer, words: str) -> None:
        """Another seat's offer, asked of this person over the table: ``y`` agrees."""
        self.push_screen(Consent(words, False), lambda said: self.sitting.reply(offer, said == "y"))

    def _say(self, words: Text) -> None:
        """Put ``words`` on the message line now."""
        self.query_one("#message", Static).update(words)

    def _read(self, title: str, body: Text) -> None:
        self.page_text = f"{title}\n{body.plain}"
        self.push_screen(Reading(title, body))


CHOOSING = "←/→ or a card's key, Enter or a click: choose · ? rules · t tricks · q stop"
"""The message line of a table where a seat is played."""

WATCHING = "watching: the public table, no hand · ? rules · t tricks · q leave"
"""The message line of a spectator's table."""

KEYS_HELP = (
    "Choose a card with ←/→ and Enter, its key or a click; a discard, an exchange or a draw "
    "is built card by card (choose a card again to put it back), then chosen in the move "
    "list. / types a move in any spelling the game reads. t shows the tricks so far; "
    "h a hint (help worked out for you); c claims the remaining tricks (granted when the "
    "cards prove it); u takes back your last move (at hot-seat, if every other person agrees); "
    "A turns auto-play of forced "
    "moves on or off; q stops (the record keeps every move)."
)
"""How the table is worked, at the foot of the help."""


def _card_of(move: str) -> Card | None:
    """The card of a move of one card (``play 7♠``); ``None`` for any other move."""
    words = move.split()
    if len(words) != 2:
        return None
    try:
        return parse_card(words[1])
    except CardtableError:
        return None


def tricks_text(events: Sequence[Event], names: Sequence[str]) -> Text:
    """The tricks of a deal so far, one a line: each card with its player, then the taker."""
    lines: list[Text] = []
    trick: list[Text] = []
    for event in events:
        if event.kind == "play" and event.seat is not None and event.cards:
            trick.append(Text(f"{names[event.seat]} ") + Painter().cards(event.cards))
        elif event.kind == "trick" and trick:
            line = Text(f"{len(lines) + 1:>2}. ", style="dim") + Text("  ").join(trick)
            lines.append(line + Text(f"  → {names_in(event.text, names)}", style="cyan"))
            trick = []
    if trick:
        lines.append(Text("    ") + Text("  ").join(trick) + Text("  (on the table)", style="dim"))
    return Text("\n").join(lines) if lines else Text("No trick has been played yet.", style="dim")


class People(Generic[V]):
    """The people at the app's table, as the table loop's ``Screen`` sees them.

    Each method runs on the loop's thread; what it shows is drawn on the app's.
    """

    def __init__(self, app: TableApp[V]) -> None:
        self.app = app
        people = app.sitting.people()
        self.showing: int | None = None if len(people) > 1 else people[0] if people else None
        """The seat whose hand is on the screen: at hot-seat, only once its owner is there."""

    def deal_started(self, number: int, dealer: str, commitment: str) -> bool:
        """Before a new deal, show how the last one ended until Enter; ``q`` stops."""
        people = self.app.sitting.people()
        over = self.app.sitting.deal_over()
        if self.app.watching:
            self._watched()
        if not people or over is None:
            return True
        seat = self.showing if self.showing is not None else people[0]
        words = f"Deal {over} is over and written down. Press Enter for deal {number} (q stops)."
        answer = self.app.ask(lambda: self.app.show_pause(seat, over, words, False))
        return answer.strip().lower() not in STOP_WORDS

    def event(self, seat: str, event: Event, several: bool) -> None:
        """The app draws each seat's events from the table; an offer to answer is asked."""
        offer = self.app.sitting.told(event)
        if self.app.watching:
            self._watched()
        if offer is not None and not self.app.closing:
            words = f"{names_in(event.text, self.app.sitting.names)}. y agrees, n refuses."
            self.app.call_from_thread(self.app.show_offer, offer, words)

    def prompt(
        self, seat: str, view: V, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """Draw the table for ``seat`` (after a cover screen at hot-seat) and wait for a move.

        With auto-play on, a move the table says is forced is played without asking.
        """
        sitting = self.app.sitting
        forced = sitting.forced() if sitting.auto_play else None
        if forced is not None:
            return forced
        index = sitting.seat_of(seat)
        if index != self.showing:
            words = f"Pass the keyboard to {seat}. {seat}: press Enter to see your cards."
            deal = sitting.deal_number
            answer = self.app.ask(lambda: self.app.show_pause(None, deal, words, True))
            if answer.strip().lower() in STOP_WORDS:
                return answer
            self.showing = index
        return self.app.ask(lambda: self.app.show_move(index, legal, choices))

    def refused(self, reason: str) -> None:
        """The reason is shown on the message line at the next prompt."""
        if not self.app.closing:
            self.app.call_from_thread(self.app.show_refusal, reason)

    def consents(self, person: str, request: str) -> bool:
        """Ask ``person`` at the keyboard, with no hand shown, whether he agrees; ``y`` agrees.

        The one who asked is shown his hand again only after the keyboard is passed back.
        """
        self.showing = None
        words = f"{request}. Pass the keyboard to {person}. {person}: y agrees, n refuses."
        deal = self.app.sitting.deal_number
        answer = self.app.ask(lambda: self.app.show_consent(deal, words))
        return answer.strip().lower() in CONSENT_WORDS

    def _watched(self) -> None:
        """The watched table has moved on: draw it again, as everyone sees it now."""
        if not self.app.closing:
            self.app.call_from_thread(self.app.show_watch)

    def finished(self, ledger: dict[str, object], stopped: bool, saved: bool) -> None:
        """Show the final state and the score until Enter."""
        sitting = self.app.sitting
        people = sitting.people()
        if stopped or not sitting.deal_number:
            return
        if self.app.watching:
            words = f"{sitting.end_words()} Press Enter to leave."
            self.app.ask(lambda: self.app.show_watched_end(sitting.deal_number, words))
            return
        if not people:
            return
        seat = self.showing if self.showing is not None else people[0]
        words = f"{sitting.end_words()} Press Enter to leave the table."
        self.app.ask(lambda: self.app.show_pause(seat, sitting.deal_number, words, False))


def score_line(table: Table[A, V, R]) -> str:
    """The score for the terminal once the table is closed."""
    ledger = table.match.ledger()
    return "Score: " + ", ".join(f"{name} {signed(amount)}" for name, amount in ledger.items())
