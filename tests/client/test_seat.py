"""A terminal seat at a real server's table, over a real WebSocket.

docs/tui.md, "A seat at a server's table"; docs/server.md, "The protocol".

Every seat here is a :class:`TableClient` driven by :func:`play_remote` through a screen that
answers with the moves the server offered; the terminal seat's every frame is kept and, once
the table ends, checked against what the engine showed that seat at that seq.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from cardtable.client import TableAddress, TableClient, play_remote, view_class
from cardtable.engine import get_game
from server.harness import Client, Server, leaks

from .conftest import AutoScreen, Proxy

pytestmark = pytest.mark.timeout(300)

NEWS = {"chat", "presence", "offer", "clock", "connection"}
"""The kinds of the table's news told to a screen as events."""


def _seat(server: Server, table: dict[str, Any], name: str, base: str | None = None) -> TableClient:
    address = TableAddress.parse(server.http + table["invite_url"])
    token = address.join(name)
    if base is not None:
        address = TableAddress(base, address.table, address.invite)
    return TableClient(address, token, patience=60)


def _play(clients: list[TableClient], screens: list[AutoScreen]) -> None:
    """Each seat plays in a thread of its own, as each person at his own terminal."""
    errors: list[str] = []

    def play(client: TableClient, screen: AutoScreen) -> None:
        # A thread's exception is not the test's: kept, so that the test fails naming it.
        try:
            play_remote(client, screen)
        except Exception as error:
            errors.append(f"{type(error).__name__}: {error}")

    for client in clients:
        client.connect()
    threads = [
        threading.Thread(target=play, args=pair, daemon=True)
        for pair in zip(clients, screens, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(240)
    assert all(not thread.is_alive() for thread in threads), "the deal did not finish"
    assert errors == [], "a seat's play ended in an error"


def _terminal_frames(server: Server, table: str, frames: list[dict[str, Any]]) -> list[str]:
    return leaks(server.record(table), [Client("", seat=0, frames=frames)])


def test_a_dropped_connection_comes_back_with_exactly_the_entries_it_missed(
    server: Server, proxy: Proxy
) -> None:
    """docs/server.md, "Rules of the protocol" 5: ``hello {since}`` gets the frames missed.

    Once the terminal is handed a move, the server's frames are held back; its move is played
    and the bots play on, and only then is the connection cut
    (:meth:`Proxy.cut_after_the_next_move`). It connects again and is sent each missed entry
    once, no snapshot (a seat that missed nothing would get one).
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    frames: list[dict[str, Any]] = []
    terminal = _seat(server, table, "Vera", base=f"http://127.0.0.1:{proxy.port}")
    cut = proxy.cut_after_the_next_move(server, table["id"])

    def observe(frame: dict[str, Any]) -> None:
        frames.append(frame)
        cut(frame)

    terminal.observer = observe
    screen = AutoScreen()
    _play([terminal], [screen])

    assert proxy.cuts == 1
    assert screen.ended["stopped"] is False
    welcomes = [n for n, frame in enumerate(frames) if frame["type"] == "welcome"]
    assert len(welcomes) == 2, "the terminal connected exactly twice"
    before = [f["seq"] for f in frames[: welcomes[1]] if f["type"] in {"ev", "snapshot"}]
    after = [f for f in frames[welcomes[1] :] if f["type"] in {"ev", "snapshot"}]
    shown = [(f["type"], f.get("seq")) for f in frames]
    assert after[0]["type"] == "ev", f"missing entries come as ev frames, not a snapshot: {shown}"
    assert after[0]["seq"] == before[-1] + 1
    seqs = before + [frame["seq"] for frame in after]
    assert seqs == list(range(seqs[0], seqs[-1] + 1)), "each entry exactly once, none missing"
    assert server.get(f"/api/tables/{table['id']}")["seq"] == seqs[-1]
    assert _terminal_frames(server, table["id"], frames) == []


def test_a_refused_move_is_shown_with_the_servers_sentence_and_changes_nothing(
    server: Server,
) -> None:
    """docs/server.md, "Rules of the protocol" 4: a refusal gives the reason, changes nothing.

    Refusals are ``ack {ok: false}`` with the sentence. A card played in the auction is
    refused; the screen is told the server's sentence and asked again on the same table.
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    frames: list[dict[str, Any]] = []
    terminal = _seat(server, table, "Vera")
    terminal.observer = frames.append
    screen = AutoScreen(answers=["play 7♠"])
    _play([terminal], [screen])

    refusals = [f for f in frames if f["type"] == "ack" and not f["ok"]]
    assert [f["code"] for f in refusals] == ["illegal"]
    assert screen.refusals == [refusals[0]["msg"]]
    assert refusals[0]["msg"]
    assert screen.prompts[0] == screen.prompts[1], "asked again with the same moves"
    assert _terminal_frames(server, table["id"], frames) == []


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_the_terminal_seat_is_never_sent_a_card_another_seat_holds_hidden(
    server: Server, game: str
) -> None:
    """docs/server.md, "What a seat is shown": a seat is sent its own view and events only.

    Every frame the terminal seat receives through a whole deal of each game is checked
    against the engine's view of seat 0 at that seq, and its screen drew the game's own
    typed view.
    """
    players = get_game(game).players[0]
    # Poker's random bots may all fold before the seat's turn; check-down bots never fold.
    bot = "bot check-down" if game == "poker" else "bot random"
    seats = ["open", *[bot] * (players - 1)]
    table = server.new_table(game, seats, deals=1)
    frames: list[dict[str, Any]] = []
    terminal = _seat(server, table, "Vera")
    terminal.observer = frames.append
    screen = AutoScreen(seed=7)
    _play([terminal], [screen])

    assert not screen.ended["stopped"]
    assert screen.prompts, "the seat was asked to move"
    assert type(terminal.table.view) is view_class(get_game(game))
    assert _terminal_frames(server, table["id"], frames) == []
    sent = [e["text"] for f in frames for e in f.get("events", f.get("d", []))]
    told = [event.text for event in screen.events if event.kind not in NEWS]
    assert told == sent, "the screen is told each event the server sent, once, in order"
    dealt = {c.text() for e in screen.events if e.kind == "deal" and e.seat != 0 for c in e.cards}
    assert not dealt, f"another seat's dealt cards reached the screen: {sorted(dealt)}"


def test_a_server_killed_and_started_again_is_rejoined_and_the_deal_is_finished(
    own_server: Server,
) -> None:
    """docs/server.md, "Crashes": a restarted server rebuilds the table from its log.

    The seat, held at its second move while the server is killed and started again, connects
    again with ``since`` (docs/server.md, "Rules of the protocol" 5) and plays on to the end.
    """
    table = own_server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    frames: list[dict[str, Any]] = []
    terminal = _seat(own_server, table, "Vera")
    terminal.observer = frames.append
    screen = AutoScreen(seed=11, held=threading.Event())
    terminal.connect()
    thread = threading.Thread(target=play_remote, args=(terminal, screen), daemon=True)
    thread.start()
    assert screen.held is not None
    assert screen.held.wait(120), "the terminal seat was asked for a second move"
    own_server.kill()
    own_server.start()
    screen.release.set()
    thread.join(240)

    assert not thread.is_alive()
    assert screen.ended["stopped"] is False
    assert [n for n in screen.events if n.kind == "connection"], "the drop was told"
    assert sum(frame["type"] == "welcome" for frame in frames) == 2
    seqs = [(f["type"], f["seq"]) for f in frames if f["type"] in {"ev", "snapshot"}]
    held = seqs[0][1]
    for kind, seq in seqs[1:]:
        # A snapshot comes only to a seat that missed nothing; each entry missed, as an ev.
        assert seq == (held if kind == "snapshot" else held + 1), seqs
        held = seq
    assert own_server.get(f"/api/tables/{table['id']}")["seq"] == held
    assert _terminal_frames(own_server, table["id"], frames) == []


def test_an_undo_offered_from_the_prompt_is_answered_by_the_server(server: Server) -> None:
    """docs/server.md, "Offers": an undo asked of nobody (the others are bots) is decided at once.

    The seat passes, then types ``/offer undo`` at its next turn. The server takes it back to
    before the pass (no card was shown since) and the seat is asked for that call again, or
    refuses it, a card having been shown since, and the seat is told the server's sentence.
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    frames: list[dict[str, Any]] = []
    terminal = _seat(server, table, "Vera")
    terminal.observer = frames.append
    screen = AutoScreen(seed=2, answers=["pass", "/offer undo"])
    _play([terminal], [screen])

    undos = [f for f in frames if f["type"] == "ev" and f["kind"] == "undo"]
    offers = [f for f in frames if f["type"] == "offer"]
    assert [f["kind"] for f in offers] == ["undo"]
    if offers[0]["state"] == "accepted":
        assert len(undos) == 1
        assert screen.prompts[0] in screen.prompts[2:], "asked for the first call again"
    else:
        assert offers[0]["state"] == "refused"
        assert not undos
        told = [event.text for event in screen.events if event.kind == "offer"]
        assert told == [f"the undo offer was refused: {offers[0]['msg']}"]
    assert _terminal_frames(server, table["id"], frames) == []
