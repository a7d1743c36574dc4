"""The Textual table over ``--connect``: the same app, keys and widgets at a server's table.

docs/tui.md, "A seat at a server's table". Each test runs a real ``cardtable serve`` and plays
the terminal seat through Textual's pilot (tests/tui/pilot.py) with key presses and clicks,
the app drawing only what the server sent: its view, its events and its legal moves.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.sync.client import connect

from cardtable.cards import Card, parse_card
from cardtable.client import TableAddress, TableClient
from cardtable.engine import get_game
from cardtable.errors import CardtableError
from cardtable.tui.app import HINT_TITLE, TableApp
from cardtable.tui.sitting import RemoteSitting
from server.harness import Client, Server, leaks
from tui.pilot import Frame, Person, asked, frame_of, give

from .conftest import Proxy

pytestmark = pytest.mark.timeout(300)


def _seat(server: Server, table: dict[str, Any], base: str | None = None) -> TableClient:
    address = TableAddress.parse(server.http + table["invite_url"])
    token = address.join("Vera")
    if base is not None:
        address = TableAddress(base, address.table, address.invite)
    return TableClient(address, token, patience=60)


def _cards_in(data: Any) -> set[Card]:
    """Every card named in a frame's JSON (views, events and moves write cards as text)."""
    found: set[Card] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= _cards_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= _cards_in(value)
    elif isinstance(data, str):
        for word in re.split(r"[\s,:;()]+", data):
            try:
                found.add(parse_card(word))
            except CardtableError:
                continue
    return found


def _play_app(
    client: TableClient,
    person: Person,
    frames: list[dict[str, Any]],
    on_frame: Callable[[dict[str, Any]], None] = lambda frame: None,
) -> list[Frame]:
    """Play the seat at the app through the pilot; every screen drew only cards it was sent.

    ``on_frame`` sees each frame as it is received, after it is kept in ``frames``.
    """

    def observe(frame: dict[str, Any]) -> None:
        frames.append(frame)
        on_frame(frame)

    client.observer = observe
    client.connect()
    app: TableApp[object] = TableApp(RemoteSitting(client))
    shown: list[Frame] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while await asked(pilot):
                frame = frame_of(app)
                sent = set().union(*map(_cards_in, list(frames)))
                assert frame.cards <= sent, f"drawn unsent: {sorted(map(str, frame.cards - sent))}"
                shown.append(frame)
                await give(pilot, frame, person.answer(frame), person.turn, shown)

    asyncio.run(run())
    return shown


def _leaks(server: Server, table: str, frames: list[dict[str, Any]]) -> list[str]:
    return leaks(server.record(table), [Client("", seat=0, frames=frames)])


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_a_whole_deal_is_played_from_the_app_at_a_servers_table(server: Server, game: str) -> None:
    """docs/tui.md, "A seat at a server's table": the Textual table plays a server's deal.

    Keys and clicks of the pilot play seat 0's every move, from the server's legal moves, to
    the table's end; every frame the seat was sent is the engine's view of seat 0 (no card
    another seat holds hidden), and every screen draws only cards among those frames.
    """
    players = get_game(game).players[0]
    # Poker's check-down bot never folds, so the deal certainly comes round to the app's seat.
    bot = "bot check-down" if game == "poker" else "bot random"
    table = server.new_table(game, ["open", *[bot] * (players - 1)], deals=1)
    frames: list[dict[str, Any]] = []
    shown = _play_app(_seat(server, table), Person(), frames)

    moves = [frame for frame in shown if frame.kind == "move"]
    assert moves, "the seat was asked to move"
    assert shown[-1].kind == "pause"
    assert "The table has finished" in shown[-1].text
    assert any(f["type"] == "end" for f in frames)
    acks = [f for f in frames if f["type"] == "ack"]
    assert acks, "the app sent moves"
    assert all(f["ok"] for f in acks), "every move the app sent was taken"
    assert _leaks(server, table["id"], frames) == []


def test_the_app_comes_back_after_a_dropped_connection_and_finishes_the_deal(
    server: Server, proxy: Proxy
) -> None:
    """docs/server.md, "Rules of the protocol" 5: reconnected, the seat gets what it missed.

    Once the app is handed a move, the server's frames are held back; its move is played and
    the bots play on, and only then is the connection cut (:meth:`Proxy.cut_after_the_next_move`);
    the app connects again, is sent each missed entry once (no second snapshot: a seat that
    missed nothing would get one), and plays the deal to its end.
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    frames: list[dict[str, Any]] = []
    client = _seat(server, table, base=f"http://127.0.0.1:{proxy.port}")

    _play_app(client, Person(), frames, proxy.cut_after_the_next_move(server, table["id"]))

    assert proxy.cuts == 1
    assert [f["type"] for f in frames].count("welcome") == 2
    assert [f["type"] for f in frames].count("snapshot") == 1, "caught up by entries, not anew"
    seqs = [f["seq"] for f in frames if f["type"] == "ev"]
    assert seqs == sorted(set(seqs)), "each entry once, in order"
    assert any(f["type"] == "end" for f in frames)
    assert _leaks(server, table["id"], frames) == []


SEEN = ("type", "seq", "to_move", "state")
"""What the second person's record keeps of each frame it was sent."""


@dataclass
class _Peer:
    """What the scripted second person was sent and did; an error that ended its thread."""

    accepted: list[str] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    """Each frame sent to it, as its type, seq, seat to move and offer state."""
    error: str | None = None
    thread: threading.Thread | None = None

    def __str__(self) -> str:
        return f"the second person's error: {self.error}; its frames: {self.seen}"


def _accepting_peer(
    server: Server, table: dict[str, Any], name: str, stop: threading.Event, *, bids: bool
) -> _Peer:
    """A person at the next open seat: a scripted socket that accepts every offer.

    At its calls it bids the lowest bid on offer if ``bids``, else passes.
    """
    joined = server.post(
        f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": name}
    )
    token, seat = str(joined["token"]), int(joined["seat"])
    peer = _Peer()
    seated = threading.Event()

    def run() -> None:
        try:
            play()
        except Exception as error:
            peer.error = f"{type(error).__name__}: {error}"

    def play() -> None:
        with connect(server.socket_url(table["id"]), max_size=2**22) as socket:
            socket.send(json.dumps({"type": "hello", "token": token, "since": None}))
            seq, sent, answered = 0, 0, set[int]()
            while not stop.is_set():
                try:
                    frame = json.loads(socket.recv(timeout=0.5))
                except TimeoutError:
                    continue
                peer.seen.append(" ".join(str(frame.get(key)) for key in SEEN))
                if frame["type"] in {"ev", "snapshot"}:
                    seq = frame["seq"]
                    seated.set()
                if frame["type"] == "end":
                    return
                if (
                    frame["type"] == "offer"
                    and frame["state"] == "pending"
                    and seat in frame["waiting"]
                    and frame["id"] not in answered
                ):
                    # Once: sent again while this answer is on its way, the offer names it still.
                    answered.add(frame["id"])
                    socket.send(json.dumps({"type": "reply", "id": frame["id"], "accept": True}))
                    peer.accepted.append(frame["kind"])
                elif frame["type"] in {"ev", "snapshot"} and frame.get("to_move") == seat:
                    legal = frame.get("legal") or []
                    move = [text for text in legal if (text != "pass") == bids][:1] or legal[:1]
                    if move:
                        sent += 1
                        act = {"type": "act", "id": f"{name}-{sent}", "seq": seq, "a": move[0]}
                        socket.send(json.dumps(act))

    peer.thread = threading.Thread(target=run, daemon=True)
    peer.thread.start()
    # Connected before the app's seat offers anything: an offer nobody is asked is taken.
    assert seated.wait(60), f"{name} was not seated; {peer}"
    return peer


def test_undo_at_a_servers_table_is_an_offer_the_other_people_accept(server: Server) -> None:
    """docs/server.md, "Offers": `u` offers an undo; the other people's consent takes it back.

    Seats 1 and 2 are people (scripted sockets that accept every offer): seat 1 bids the
    lowest bid at each call, seat 2 passes, so whatever the deal the auction comes back to
    the app's seat after its bid. The app's seat bids, and at its next call presses `u`: no
    card has been shown since, both accept, the undo entry goes back to before the bid, and
    the app asks the same call again.
    """
    table = server.new_table("preferans", ["open", "open", "open"], deals=1)
    client = _seat(server, table)
    stop = threading.Event()
    peers = [
        _accepting_peer(server, table, "Olga", stop, bids=True),
        _accepting_peer(server, table, "Petr", stop, bids=False),
    ]
    frames: list[dict[str, Any]] = []
    asked: list[tuple[str, ...]] = []

    def typed(frame: Frame, turn: int) -> str | None:
        if frame.kind != "move":
            return None
        asked.append(frame.moves)
        if len(asked) == 1:
            return next(move for move in frame.moves if move != "pass")
        return "u" if len(asked) == 2 else "q"

    try:
        shown = _play_app(client, Person(typed=typed), frames)
    finally:
        stop.set()
        for peer in peers:
            assert peer.thread is not None
            peer.thread.join(60)
    offers = [f["state"] for f in frames if f["type"] == "offer"]
    for peer in peers:
        assert peer.accepted == ["undo"], f"{peer}"
    assert offers == ["pending", "pending", "accepted"], "asked of both, then carried out"
    undos = [f for f in frames if f["type"] == "ev" and f["kind"] == "undo"]
    assert len(undos) == 1
    assert "pass" in asked[1], "the second question is a call of the auction"
    assert len(asked) == 3
    assert asked[2] == asked[0], "asked the first call again"
    assert [frame for frame in shown if frame.kind == "move"][2].deal == 1


def test_the_hint_at_a_servers_table_is_the_servers_aid_marked_as_help(server: Server) -> None:
    """docs/tui.md, "Aids": `h` over ``--connect`` shows the server's hint, titled as help.

    In the play, each card the seat may play has its value (preferans: double-dummy tricks
    over layouts of what the seat cannot see), worked out by the server for this seat only.
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    frames: list[dict[str, Any]] = []
    asked_at: list[Frame] = []

    def typed(frame: Frame, turn: int) -> str | None:
        playing = frame.kind == "move" and frame.moves and frame.moves[0].startswith("play ")
        if playing and len(frame.moves) > 1 and not asked_at:
            asked_at.append(frame)
            return "h"
        return "q" if asked_at else None

    shown = _play_app(_seat(server, table), Person(typed=typed), frames)
    pages = [frame for frame in shown if frame.kind == "page"]
    if not asked_at:
        pytest.skip("the seat never had a choice of cards in this deal")
    assert len(pages) == 1
    assert pages[0].text.startswith(HINT_TITLE)
    for move in asked_at[0].moves:
        card = move.split()[1]
        assert re.search(rf"{re.escape(card)}\D*\d", pages[0].text), f"{card} has no value"


def test_the_servers_aid_is_for_the_seat_to_move_and_for_its_token_only(server: Server) -> None:
    """docs/server.md, "HTTP": ``GET /api/tables/{id}/aid`` gives the seat to move its hint.

    Piquet's exchange (001_776ed664a35a376f.txt, piquet rules 9–10): the discards ranked by
    expected count for the token's seat at its move; nothing off its turn; a token that holds
    no seat is refused.
    """
    table = server.new_table("piquet", ["open", "open"])
    tokens = [server.join(table, "Ann"), server.join(table, "Ben")]
    address = TableAddress.parse(server.http + table["invite_url"])
    deadline = time.monotonic() + 60
    while (to_move := address.status(tokens[0])["to_move"]) is None:
        assert time.monotonic() < deadline, "the deal did not begin"
        time.sleep(0.2)
    path = f"/api/tables/{table['id']}/aid"
    mine = address.request("GET", path, None, tokens[to_move])
    theirs = address.request("GET", path, None, tokens[1 - to_move])
    assert mine["kind"] == "discard"
    assert any(re.search(r"discard .+: \d+\.\d", line) for line in mine["lines"])
    assert theirs["lines"] == []
    with pytest.raises(CardtableError, match="holds no seat"):
        address.request("GET", path, None, "not-a-token")


def test_the_finished_deal_stays_on_the_screen_until_the_person_goes_on(server: Server) -> None:
    """docs/tui.md, "Between deals": over ``--connect`` too the finished deal is held.

    The server deals the second deal at once; the app first shows deal 1 as it ended (its
    header and table that deal's, with the deal's last events in its log) until the person
    presses Enter, and only then the second deal's table.
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=2)
    frames: list[dict[str, Any]] = []
    shown = _play_app(_seat(server, table), Person(), frames)

    held = [frame for frame in shown if "Deal 1 is over" in frame.text]
    assert len(held) == 1, "deal 1 is held once"
    assert held[0].kind == "pause"
    assert held[0].deal == 1
    later = shown[shown.index(held[0]) + 1 :]
    assert any(frame.kind == "move" and frame.deal == 2 for frame in later)
