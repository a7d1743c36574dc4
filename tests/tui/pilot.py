"""A person at the Textual table, through Textual's pilot: keys pressed and cards clicked.

The person reads only what the app shows (a :class:`Frame` per question), decides an answer
as a person would, and gives it with the keyboard or the mouse: a card by its key, by the
arrows and Enter, or by a click; a move of the list by the arrows and Enter; anything else
typed on the move line. Every frame is checked as it is drawn: it may name only cards its
seat was shown, and a screen for nobody names none.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static

from cardtable.cards import Card, Rank, parse_card
from cardtable.cli.play import Seating, Table, _open_table
from cardtable.engine import seeded_rng
from cardtable.errors import CardtableError
from cardtable.tui.app import CARD_KEYS, HINT_TITLE, CardKey, Reading, TableApp
from cardtable.tui.sitting import LocalSitting

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

WAIT = 60.0
"""Seconds a test waits for the table to ask something (the machine may be loaded)."""


@dataclass(frozen=True)
class Frame:
    """What the app showed when it asked: the kind of question, whose screen, its words."""

    kind: str
    """``move``, ``pause``, ``cover``, or ``page`` (the rules or the tricks, opened to read)."""
    seat: int | None
    deal: int
    text: str
    cards: frozenset[Card]
    moves: tuple[str, ...]
    hand: tuple[Card, ...]


@dataclass
class Person:
    """Answers from the screen alone: Enter on a pause, else the first move of the list.

    ``typed`` lets a test decide some answers (a move's text, ``?``, ``t``, ``q``, a card's
    text to pick or play it, an aid's key: ``h``, ``c``, ``u``, ``A``); ``None`` leaves the
    choice to the person.
    """

    typed: Callable[[Frame, int], str | None] = lambda frame, turn: None
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
        elif frame.kind != "move":
            text = ""
        elif frame.moves:
            text = frame.moves[0]
        else:
            text = _a_card_to_pick(frame)
        self.answers.append(text)
        return text


def _a_card_to_pick(frame: Frame) -> str:
    """Nothing to choose yet in a choice: the first card of the hand not picked."""
    return frame.hand[0].text()


@dataclass
class Run:
    """A table played through the pilot: the match and every frame shown."""

    table: Table[Hashable, object, object]
    frames: list[Frame]
    ways: Counter[str] = field(default_factory=Counter)
    """How many answers were given each way: ``card click``, ``card key``, ``card arrows``,
    ``move click``, ``move keys``, ``bid click``, ``typed``, ``key`` (Enter, ``q``, an aid's)."""


def play(
    game: str,
    person: Person,
    *,
    seats: str | None = None,
    seed: int = 1,
    deals: int | None = 1,
    save: Path | None = None,
    load: Path | None = None,
    rules: Path | None = None,
    width: int = 80,
    height: int = 24,
    auto_play: bool = False,
) -> Run:
    """Open the table and let ``person`` play it with keys and clicks; check every frame."""
    table = _open_table(game, None, rules, Seating(seats, None, "bot"), save, load)
    table.auto_play = auto_play
    return play_table(table, person, seed=seed, deals=deals, width=width, height=height)


def play_table(
    table: Table[A, V, R],
    person: Person,
    *,
    seed: int = 1,
    deals: int | None = 1,
    width: int = 80,
    height: int = 24,
) -> Run:
    """Let ``person`` play ``table`` in an app of ``width`` × ``height``."""
    app: TableApp[V] = TableApp(LocalSitting(table, seeded_rng(seed), deals))
    frames: list[Frame] = []
    ways: Counter[str] = Counter()

    async def run() -> None:
        async with app.run_test(size=(width, height)) as pilot:
            while await asked(pilot):
                frame = frame_of(app)
                check_frame(table, frame)
                frames.append(frame)
                await give(pilot, frame, person.answer(frame), person.turn, frames, ways=ways)

    asyncio.run(run())
    return Run(table, frames, ways)  # type: ignore[arg-type]


async def asked(pilot: Pilot[None]) -> bool:
    """Wait until the app asks something (``True``) or has closed (``False``)."""
    app = pilot.app
    assert isinstance(app, TableApp)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while app.question is None or not app.screen.is_current:
        if not app.is_running or app.return_code is not None:
            return False
        assert loop.time() < deadline, "the table asked nothing"
        await pilot.pause(0.01)
    await pilot.pause()
    return app.question is not None


def frame_of(app: TableApp[V]) -> Frame:
    """What ``app`` shows now."""
    question = app.question
    assert question is not None
    moves = app.query_one("#moves", OptionList)
    items = tuple(str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count))
    bids = tuple(
        str(button.name) for button in _bids(app) if button.name and not button.has_class("idle")
    )
    hand = tuple(widget.card for widget in app.query(CardKey).results())
    return Frame(
        question.kind, question.seat, question.deal, app.shown_text, app.drawn, items + bids, hand
    )


def _bids(app: App[None]) -> list[Button]:
    """The buttons of the ladder of bids (none outside an auction)."""
    return list(app.query_one("#ladder").query(Button).results())


async def give(
    pilot: Pilot[None],
    frame: Frame,
    answer: str,
    turn: int,
    frames: list[Frame],
    *,
    ways: Counter[str] | None = None,
) -> None:
    """Give ``answer`` as a person would: Enter, a key, a card's key or click, or typed words.

    ``ways`` counts how each answer was given (:attr:`Run.ways`).
    """
    app = pilot.app
    assert isinstance(app, TableApp)
    way = "key"
    if answer in ("", "q"):
        await pilot.press("enter" if answer == "" else "q")
    elif answer in ("?", "t"):
        await pilot.press("question_mark" if answer == "?" else "t")
        await pilot.pause()
        frames.append(Frame("page", frame.seat, frame.deal, app.page_text, frozenset(), (), ()))
        await pilot.press("escape")
    elif answer == "h":
        await pilot.press("h")
        await _wait_for_page(pilot, HINT_TITLE)
        frames.append(Frame("page", frame.seat, frame.deal, app.page_text, frozenset(), (), ()))
        await pilot.press("escape")
    elif answer in ("c", "u", "A", "y", "n"):
        await pilot.press(answer)
    elif any(button.name == answer for button in _bids(app)):
        # Before the cards: preferans writes the bid 7♠ as it writes the card 7♠.
        await pilot.click(next(button for button in _bids(app) if button.name == answer))
        way = "bid click"
    elif _card_in(answer, frame) is not None:
        # Counted, the ways take turns whatever the answers between them.
        cards = sum(ways[kind] for kind in CARD_WAYS) if ways is not None else turn
        way = await _choose_card(pilot, frame, _card_in(answer, frame), cards)
    elif answer in frame.moves:
        moves = sum(ways[kind] for kind in MOVE_WAYS) + 1 if ways is not None else turn
        way = await _choose_move(pilot, frame.moves.index(answer), moves)
    else:
        way = "typed"
        await pilot.press("slash")
        await pilot.pause()
        # Typed as a paste: the pilot's keys are ASCII, a move may be '7♠' or 'пас'.
        app.query_one("#typed", Input).post_message(events.Paste(answer))
        await pilot.pause()
        await pilot.press("enter")
    await pilot.pause()
    if ways is not None:
        ways[way] += 1


async def _wait_for_page(pilot: Pilot[None], title: str) -> None:
    """Wait until the page titled ``title`` is open (a hint is worked out in a worker)."""
    app = pilot.app
    assert isinstance(app, TableApp)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not (isinstance(app.screen, Reading) and app.page_text.startswith(title)):
        assert loop.time() < deadline, f"no page {title!r} was opened"
        await pilot.pause(0.05)


def _card_in(answer: str, frame: Frame) -> Card | None:
    """The card of the hand that ``answer`` chooses: ``7♠``, ``pick 7♠``, ``play 7♠``."""
    words = answer.split()
    if not 1 <= len(words) <= 2 or (len(words) == 2 and words[0] not in CARD_VERBS):
        return None
    try:
        card = parse_card(words[-1])
    except CardtableError:
        return None
    return card if card in frame.hand else None


CARD_WAYS = ("card click", "card key", "card arrows")
"""The ways a card is chosen, taken in turn."""

MOVE_WAYS = ("move click", "move keys")
"""The ways a move of the list is chosen, taken in turn."""

CARD_VERBS = ("play", "pick", "unpick")
"""Moves of one card, which a person makes by choosing the card itself."""


async def _choose_card(pilot: Pilot[None], frame: Frame, card: Card | None, turn: int) -> str:
    """Choose ``card``: by its key, by a mouse click, or by the arrows and Enter, in turn.

    The way it was chosen is returned.
    """
    assert card is not None
    index = frame.hand.index(card)
    widgets = list(pilot.app.query(CardKey).results())
    way = turn % 3
    if way == 0:
        assert await pilot.click(widgets[index]), f"the click missed {card}"
        return "card click"
    if way == 1:
        await pilot.press(CARD_KEYS[index])
        return "card key"
    widgets[0].focus()
    await pilot.pause()
    await pilot.press(*(["right"] * index), "enter")
    return "card arrows"


async def _choose_move(pilot: Pilot[None], index: int, turn: int) -> str:
    """Choose the move at ``index`` of the list: every other time a click, else the keys.

    The way it was chosen is returned.
    """
    moves = pilot.app.query_one("#moves", OptionList)
    if turn % 2 and index < moves.region.height - 2:
        # Inside the list's border: the first option is on its second row.
        assert await pilot.click(moves, offset=(3, 1 + index)), "the click missed the list"
        return "move click"
    moves.focus()
    await pilot.pause()
    await pilot.press("home", *(["down"] * index), "enter")
    return "move keys"


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
            # "4♥ as 7♣" names what a wild card stands for, no card of the deck.
            seen = rf"(?<![\dA-Z])(?<!as ){re.escape(card.text())}"
            assert not re.search(seen, frame.text), (
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


async def wheel(pilot: Pilot[None], widget: Widget, up: bool, times: int = 1) -> None:
    """Turn the mouse wheel over ``widget``, ``times`` notches up or down, as a terminal sends it.

    The pilot has no wheel: the event is posted to the app as the terminal's driver posts it.
    """
    app = pilot.app
    x, y = widget.region.offset
    kind = events.MouseScrollUp if up else events.MouseScrollDown
    for _ in range(times):
        app.post_message(kind(widget, x, y, 0, 0, 0, False, False, False, screen_x=x, screen_y=y))
        await pilot.pause()


def cut(app: TableApp[V]) -> list[str]:
    """What a person must read or press on the screen now that is not wholly in view.

    Each card of the hand, each button and line of the ladder or bet control, the move list
    and the line to type a move must lie inside the screen with room for its text; the words
    beside the move list must fit their box.
    """
    screen = app.screen.region
    found = []
    widgets: list[Widget] = [
        *app.query(CardKey).results(),
        *app.query_one("#ladder").query(Button).results(),
        *app.query_one("#ladder").query(Input).results(),
        app.query_one("#moves", OptionList),
        app.query_one("#typed", Input),
    ]
    for widget in widgets:
        region = widget.region
        if not region or screen.intersection(region) != region:
            found.append(f"{widget!r} at {region} is outside the screen {screen}")
        elif isinstance(widget, Button) and region.width < len(str(widget.label)):
            found.append(f"the button {widget.label} is {region.width} wide")
    moves = app.query_one("#moves", OptionList)
    wide = max((len(str(o.prompt)) for o in moves.options), default=0)
    if wide > moves.scrollable_content_region.width:
        found.append(f"a move of {wide} characters in a list {moves.size.width} wide")
    picking = app.query_one("#picking", Static)
    height = picking.get_content_height(picking.size, picking.size, picking.size.width)
    if height > picking.size.height:
        found.append(f"the words beside the moves take {height} rows of {picking.size.height}")
    return found
