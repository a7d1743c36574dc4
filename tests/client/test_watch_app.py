"""Watching a server's table at the full-screen table: ``cardtable play --connect URL --watch``.

docs/tui.md, "Watching a server's table". A real ``cardtable serve`` over SQLite; the watcher
is the Textual app through its pilot, and the table's open seat is played meanwhile by a
client in a thread of this process, the other seats by the server's bots.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual.widgets import OptionList

from cardtable.cards import Card, parse_card
from cardtable.client import TableAddress, TableClient, play_remote
from cardtable.engine import CardChoice, get_game, parse_record
from cardtable.engine.replay import replay
from cardtable.errors import CardtableError
from cardtable.tui.adapter import event_text
from cardtable.tui.app import CardKey, Pause, TableApp
from cardtable.tui.paint import Painter
from cardtable.tui.sitting import RemoteSitting
from server.harness import Server

from .conftest import AutoScreen

pytestmark = pytest.mark.timeout(300)

THINKING = 0.3
"""Seconds the poker seat thinks before each move."""

WAIT = 150.0
"""Seconds the watched table may take to end (the machine may be loaded)."""


@dataclass(frozen=True)
class Seen:
    """One screen of the watcher: its words, the cards drawn, its hand and moves.

    ``sent``: the cards the server had sent the watcher by then; ``hidden``: those it had sent
    the open seat and not the watcher (the seat's hand, while it is hidden).
    """

    text: str
    cards: frozenset[Card]
    hand: int
    moves: int
    sent: frozenset[Card]
    hidden: frozenset[Card]


@dataclass
class Watched:
    """What the watcher was shown, and the table's record once it ended."""

    screens: list[Seen] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    """The deal's events the watcher was sent, each as the table's log writes it."""
    public: set[Card] = field(default_factory=set)
    """Every card the deal's public events showed (their cards and their words)."""
    hidden: set[Card] = field(default_factory=set)
    """Cards some seat was shown and the public never was (hands, a talon kept, a discard)."""


def _cards_in(text: str) -> set[Card]:
    found: set[Card] = set()
    for word in re.split(r"[\s,:;()\[\]{}\"→·]+", text):
        try:
            found.add(parse_card(word))
        except CardtableError:
            continue
    return found


def _cards_of(frames: list[dict[str, Any]]) -> frozenset[Card]:
    """Every card the frames name (views, events and moves write cards as text)."""
    return frozenset(_cards_in(json.dumps(list(frames), ensure_ascii=False)))


@dataclass
class _ThinkingScreen(AutoScreen):
    """A seat that thinks a moment before each move, as a person does, then moves at random.

    The bots answer at once: the watcher's screen is seen between the seat's moves.
    """

    def prompt(
        self, seat: str, view: object, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """A move offered, after a moment's thought."""
        time.sleep(THINKING)
        return super().prompt(seat, view, legal, choices)


@dataclass
class _CallingScreen(_ThinkingScreen):
    """A seat that checks or calls when it may, so that a poker deal goes to the showdown."""

    def prompt(
        self, seat: str, view: object, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """``check`` or ``call`` if offered (after a moment's thought), else a move at random."""
        for move in ("check", "call"):
            if move in legal:
                time.sleep(THINKING)
                return move
        return super().prompt(seat, view, legal, choices)


def _watch(
    server: Server,
    game: str,
    preset: str | None = None,
    screen: Callable[[], AutoScreen] = lambda: _ThinkingScreen(seed=5),
) -> Watched:
    """Watch a one-deal table of ``game`` at the app while its open seat is played."""
    players = get_game(game).players[0]
    bot = "bot check-down" if game == "poker" else "bot random"
    settings: dict[str, Any] = {"deals": 1, **({"preset": preset} if preset else {})}
    table = server.new_table(game, ["open", *[bot] * (players - 1)], **settings)
    address = TableAddress.parse(server.http + table["invite_url"])
    sent: list[dict[str, Any]] = []
    to_seat: list[dict[str, Any]] = []
    watcher = TableClient(address, None, patience=60, observer=sent.append)
    watcher.connect()
    app: TableApp[object] = TableApp(RemoteSitting(watcher))
    watched = Watched()

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            token = address.join("Vera")
            seat = TableClient(address, token, patience=60, observer=to_seat.append)
            seat.connect()
            player = threading.Thread(target=play_remote, args=(seat, screen()), daemon=True)
            player.start()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + WAIT
            while not isinstance(app.screen, Pause):
                assert loop.time() < deadline, "the watched table never ended"
                watched.screens.append(_seen(app, sent, to_seat))
                await pilot.pause(0.05)
            await pilot.pause()
            watched.screens.append(_seen(app, sent, to_seat))
            await pilot.press("enter")
            player.join(WAIT)

    asyncio.run(run())
    names = RemoteSitting(watcher).names
    watched.log = [event_text(event, names, Painter()).plain for event in watcher.state.events]
    record = server.get(f"/api/tables/{table['id']}/record?invite={table['invite']}")
    deal = replay(parse_record(json.dumps(record))).deals[0]
    for event in deal.events:
        public = event.seen_by(None)
        watched.public |= set(public.cards) | _cards_in(public.text)
        for seat_number in range(players):
            watched.hidden |= set(event.seen_by(seat_number).cards)
    watched.hidden -= watched.public
    return watched


def _seen(app: TableApp[object], sent: list[dict[str, Any]], to_seat: list[dict[str, Any]]) -> Seen:
    # The frames first: the app draws a frame only after the client has kept it.
    cards_sent = _cards_of(sent)
    hidden = _cards_of(to_seat) - cards_sent
    hand = len(list(app.query(CardKey).results()))
    moves = app.query_one("#moves", OptionList).option_count
    return Seen(app.shown_text, app.drawn, hand, moves, cards_sent, hidden)


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_a_spectator_at_the_full_screen_table_sees_the_public_deal_and_no_hidden_card(
    server: Server, game: str
) -> None:
    """docs/tui.md, "Watching a server's table": the public view only, updated as it goes.

    The watcher's app draws the table as everyone sees it from the deal's start to the
    table's end: no hand, no move offered, redrawn as the events come; every card it draws
    or names is one the deal's public events showed, and none of those the seats' views hid
    (their hands, a discard) is ever on its screen.
    """
    # Hold'em: its board is public, and a deal checked and called down ends at a showdown.
    if game == "poker":
        watched = _watch(server, game, "holdem", _CallingScreen)
    else:
        watched = _watch(server, game)
    screens = watched.screens
    assert any(seen.hidden for seen in screens), "the seat held cards hidden from the watcher"
    for seen in screens:
        named = seen.cards | _cards_in(seen.text)
        assert not named & (seen.hidden | watched.hidden), sorted(map(str, named & seen.hidden))
        assert named <= seen.sent, sorted(map(str, named - seen.sent))
        assert seen.hand == 0
        assert seen.moves == 0
        assert "no hand: watching" in seen.text
    assert screens[-1].sent <= watched.public, "the watcher was sent only public cards"
    assert len({seen.text for seen in screens}) >= 5, "the table was redrawn as it went on"
    assert watched.log
    assert all(line in screens[-1].text for line in watched.log), "the log holds the deal"
    assert any(seen.cards for seen in screens), "the watcher saw cards played"
    assert "deal 1" in screens[-1].text
    assert "(no hand is shown)" not in "".join(seen.text for seen in screens)
    assert "The table has finished" in screens[-1].text


def test_a_spectator_is_told_the_rank_the_board_card_made_wild(server: Server) -> None:
    """docs/tui.md, "Poker": the wild cards the board fixed for everyone, named from the view.

    In pig in a poke the centre card and every card of its rank are wild
    (002_053e85955f9a4108.txt, «Плюнь в океан» 2) «Свинья в мешке»): once it is turned up the
    watcher reads "wild now: every 7" for a 7, and never a wild card of a seat's own.
    """
    watched = _watch(server, "poker", "pig-in-a-poke", _CallingScreen)
    told = []
    for seen in watched.screens:
        lines = seen.text.splitlines()
        board = [parse_card(line.split()[1]) for line in lines if line.startswith("board ")]
        wild = [line for line in lines if line.startswith("wild now: ")]
        assert not any(line.startswith("wild for you") for line in lines)
        if board:
            assert wild == [f"wild now: every {board[0].rank.text()}"], lines
            told.append(wild[0])
    assert told, "the board card was turned up while the table was watched"
