"""The score sheet, the names and the wild cards at a server's table, as the terminal draws them.

docs/server.md, "The score sheet as data"; docs/tui.md, "A seat at a server's table". Each
test runs a real ``cardtable serve``: the sheet the server gives is the public sheet of the
match (the same for a seat and a spectator, no card named), and the terminal table draws it
as it draws a local match's.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from rich.text import Text
from websockets.sync.client import connect

from cardtable.cards import Card, parse_card
from cardtable.client import TableAddress, TableClient, play_remote
from cardtable.engine import CardChoice, get_game
from cardtable.engine.replay import replay
from cardtable.errors import CardtableError
from cardtable.tui.adapter import adapter_for
from cardtable.tui.app import TableApp
from cardtable.tui.paint import Painter
from cardtable.tui.sitting import RemoteSitting
from server.harness import Server
from tui.pilot import Frame, Person, asked, frame_of, give

from .conftest import AutoScreen

pytestmark = pytest.mark.timeout(300)

BOTS = {"poker": "bot check-down"}
"""The bots that sit beside the terminal seat: poker's never fold, so the seat is asked."""

WAIT = 120.0
"""Seconds a test waits for the server's table to reach a state (the machine may be loaded)."""


def _cards_named(data: Any) -> set[Card]:
    """Every card named anywhere in ``data``'s JSON text."""
    found: set[Card] = set()
    for word in re.split(r"[\s,:;()\[\]{}\"]+", json.dumps(data, ensure_ascii=False)):
        try:
            found.add(parse_card(word))
        except CardtableError:
            continue
    return found


def _seated(server: Server, game: str, **settings: Any) -> tuple[dict[str, Any], TableClient]:
    players = get_game(game).players[0]
    bot = BOTS.get(game, "bot random")
    table = server.new_table(game, ["open", *[bot] * (players - 1)], deals=1, **settings)
    address = TableAddress.parse(server.http + table["invite_url"])
    return table, TableClient(address, address.join("Vera"), patience=60)


def _sheet(client: TableClient, deal: int, token: str | None) -> dict[str, Any]:
    path = f"/api/tables/{client.address.table}/sheet?deal={deal}"
    return dict(client.address.request("GET", path, None, token))


@dataclass
class SheetReader(AutoScreen):
    """A random seat that, at its first move, asks for the sheet as the seat and as anyone."""

    client: TableClient | None = None
    during: tuple[dict[str, Any], dict[str, Any]] | None = None

    def prompt(
        self, seat: str, view: object, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """Read the sheet mid-deal once, then move."""
        if self.during is None and self.client is not None:
            deal = self.client.table.deal
            self.during = (
                _sheet(self.client, deal, self.client.token),
                _sheet(self.client, deal, None),
            )
        return super().prompt(seat, view, legal, choices)


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_the_server_gives_the_public_sheet_alike_to_a_seat_and_a_spectator(
    server: Server, game: str
) -> None:
    """docs/server.md, "The score sheet as data": the sheet is public, as on paper.

    Mid-deal and after it, the seat and a spectator get the same figures, naming no card;
    after the deal they are the sheet of the match the table's record replays.
    """
    table, client = _seated(server, game)
    screen = SheetReader(seed=3)
    screen.client = client
    client.connect()
    play_remote(client, screen)

    assert screen.during is not None, "the seat was asked to move"
    as_seat, as_anyone = screen.during
    assert as_seat == as_anyone
    assert _cards_named(as_seat) == set()
    after = _sheet(client, 1, client.token)
    assert after == _sheet(client, 1, None)
    assert _cards_named(after) == set()
    match = replay(server.record(table["id"]))
    figures = {k: v for k, v in after.items() if k not in {"table", "seq", "deal"}}
    assert figures == match.sheet_data(1)


def test_a_deal_the_table_has_not_dealt_has_no_sheet(server: Server) -> None:
    """docs/server.md, "The score sheet as data": a deal not dealt is refused in one line."""
    table = server.new_table("preferans", ["bot random"] * 3, deals=1)
    status, answer = server.request("GET", f"/api/tables/{table['id']}/sheet?deal=99")
    assert status == 404
    assert "not deal 99" in answer["detail"]


@pytest.mark.parametrize(
    ("game", "words"),
    [("preferans", ("pool to", "mount")), ("piquet", ("koroliks",)), ("poker", ("± ",))],
)
def test_the_app_at_a_servers_table_draws_the_sheet_as_a_local_table_does(
    server: Server, game: str, words: tuple[str, ...]
) -> None:
    """docs/tui.md, "A seat at a server's table": the pulka, the korolik sheet, the ledger.

    The score panel of the last screen is the one the adapter draws from the replayed match's
    sheet, and no screen draws a card the server did not send.
    """
    table, client = _seated(server, game)
    frames: list[dict[str, Any]] = []
    client.observer = frames.append
    client.connect()
    sitting = RemoteSitting(client)
    app: TableApp[object] = TableApp(sitting)
    shown: list[Frame] = []
    person = Person()

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while await asked(pilot):
                frame = frame_of(app)
                sent = _cards_named(list(frames))
                assert frame.cards <= sent, f"drawn unsent: {sorted(map(str, frame.cards - sent))}"
                shown.append(frame)
                await give(pilot, frame, person.answer(frame), person.turn, shown)

    asyncio.run(run())
    last = shown[-1]
    assert "The table has finished" in last.text
    for word in words:
        assert word in last.text
    match = replay(server.record(table["id"]))
    local = adapter_for(game).sheet(match.sheet_data(1), sitting.names, Painter(), 40, 12)
    assert isinstance(local, Text)
    # The panel's width decides how a column is cut, not its first line.
    assert local.plain.splitlines()[0].strip() in last.text


def test_a_seat_taken_after_the_terminal_came_is_named_as_the_server_seated_it(
    server: Server,
) -> None:
    """docs/tui.md, "A seat at a server's table": names come from the server, not "seat 1".

    The terminal sits first; a person who takes the next seat afterwards is named, once at
    the table, by the name the server seated him under.
    """
    table = server.new_table("preferans", ["open", "open", "bot random"], deals=1)
    address = TableAddress.parse(server.http + table["invite_url"])
    client = TableClient(address, address.join("Vera"), patience=60)
    client.connect()
    sitting = RemoteSitting(client)
    assert sitting.names[1] == "seat 1"
    token = address.join("Zoya")
    named = threading.Event()

    def read() -> None:
        for _update in client.updates():
            if sitting.names[1] == "Zoya":
                named.set()
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    with connect(server.socket_url(table["id"]), open_timeout=30) as other:
        other.send(json.dumps({"type": "hello", "token": token}))
        assert named.wait(WAIT), "the newcomer was never named"
    client.close()
    reader.join(30)
    assert sitting.names == ["you", "Zoya", client.table.name(2)]


@pytest.mark.parametrize(
    ("preset", "wild"),
    [
        ("two-card", "wild: 2s"),
        ("seven-card-stud-low-hole-wild", "wild for you now: "),
        ("mexican-stud-hole-wild", "wild for you now: every "),
    ],
)
def test_a_poker_variant_with_wild_cards_names_them_at_a_servers_table(
    server: Server, preset: str, wild: str
) -> None:
    """docs/tui.md, "Poker" and "A seat at a server's table": the wild cards over connect.

    The reminders come from the table's rules in force (the welcome's) and the seat's view:
    the variant's wild cards named as at a local table (deuces), and those the deal made wild
    for the seat drawn from its view (its lowest hole card) or named by rank (its last hole
    card's, «Мексиканский гвоздь»: "every 7"); no card drawn it was not sent.
    """
    _table, client = _seated(server, "poker", preset=preset)
    frames: list[dict[str, Any]] = []
    client.observer = frames.append
    client.connect()
    sitting = RemoteSitting(client)
    for _update in client.updates():
        if client.state.view is not None:
            break
    painter = Painter()
    state = client.state
    lines = sitting.reminders(adapter_for("poker"), state.deal, state.view, painter, False)
    client.close()
    assert any(line.plain.startswith(wild) for line in lines), [line.plain for line in lines]
    assert set(painter.drawn) <= _cards_named(frames)
    full = sitting.reminders(adapter_for("poker"), state.deal, state.view, Painter(), True)
    assert any("wild cards" in line.plain.lower() for line in full)
