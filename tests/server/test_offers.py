"""Offers by consent through a real server: undo, abort, rematch; and the chat in a snapshot."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable.store.records import match_record
from cardtable.store.repository import Store
from server.harness import Peer, Server

pytestmark = pytest.mark.timeout(180)


def _turn(frame: dict[str, Any]) -> bool:
    return frame["type"] in {"ev", "snapshot"} and bool(frame["legal"])


async def _seated(server: Server, table: dict[str, Any], tokens: list[str]) -> list[Peer]:
    """Every seat connected, in seat order, each past its first snapshot."""
    peers = [await Peer.open(server, table["id"], token) for token in tokens]
    for peer in peers:
        await peer.kind("snapshot")
    return peers


def _ev_at(seq: int) -> Callable[[dict[str, Any]], bool]:
    return lambda frame: frame["type"] == "ev" and frame["seq"] == seq


def _view(peer: Peer) -> Any:
    return next(f["view"] for f in reversed(peer.frames) if f.get("view") is not None)


async def _snapshot_views(
    server: Server, table: dict[str, Any], tokens: list[str]
) -> tuple[list[Any], int]:
    """Every seat's view in the snapshot it gets on connecting, and the snapshot's seq."""
    peers = await _seated(server, table, tokens)
    snapshots = [next(f for f in peer.frames if f["type"] == "snapshot") for peer in peers]
    for peer in peers:
        await peer.close()
    return [s["view"] for s in snapshots], snapshots[0]["seq"]


async def _chat_seen(
    server: Server, table: dict[str, Any], token: str
) -> tuple[list[str], list[str]]:
    """The chat lines in the snapshots of a seat's connection and of a spectator's."""
    seat = await Peer.open(server, table["id"], token)
    watcher = await Peer.open(server, table["id"], None)
    seen = await seat.kind("snapshot")
    watched = await watcher.kind("snapshot")
    await seat.close()
    await watcher.close()
    return [line["text"] for line in seen["chat"]], [line["text"] for line in watched["chat"]]


def test_an_undo_is_taken_with_consent_and_stands_after_a_kill(
    database: str, tmp_path: Path
) -> None:
    """An undo every other person accepts takes the move back; one who declines keeps it.

    The undo is an entry of the log: after a SIGKILL the table is rebuilt with the move taken
    back, every seat seeing what it saw before the kill. docs/server.md, "Offers".
    """
    server = Server(database, tmp_path / "server.log")
    server.start()
    table = server.new_table("preferans", ["open"] * 3, deals=3)
    tokens = [server.join(table, name) for name in ("A", "B", "C")]
    first = server.get(f"/api/tables/{table['id']}")["to_move"]
    others = [seat for seat in range(3) if seat != first]

    async def offer_twice() -> tuple[list[Any], int]:
        peers = await _seated(server, table, tokens)
        mover = peers[first]
        turn = next(f for f in reversed(mover.frames) if _turn(f))
        assert (await mover.act(turn["legal"][0]))["ok"]
        await mover.send(type="offer", kind="undo")
        offer = await peers[others[0]].kind("offer", state="pending")
        assert (offer["by"], offer["waiting"]) == (first, others)
        for seat in others:
            await peers[seat].send(type="reply", id=offer["id"], accept=True)
        await mover.kind("offer", state="accepted")
        undo = await mover.kind("ev", kind="undo")
        assert (undo["back_to"], undo["to_move"], undo["legal"]) == (
            turn["seq"],
            first,
            turn["legal"],
        )
        assert undo["view"] == turn["view"]
        assert (await mover.act(turn["legal"][-1]))["ok"]
        await mover.send(type="offer", kind="undo")
        offer = await peers[others[1]].kind("offer", state="pending", id=2)
        await peers[others[1]].send(type="reply", id=offer["id"], accept=False)
        declined = await mover.kind("offer", state="declined")
        assert declined["msg"] == f"seat {others[1]} declines"
        assert declined["declined_by"] == others[1]
        await peers[others[0]].kind("offer", state="declined")
        seq = mover.seq
        for peer in peers:
            await peer.find(lambda frame: frame["type"] == "ev" and frame["seq"] == seq)
        views = [_view(peer) for peer in peers]
        for peer in peers:
            await peer.close()
        return views, seq

    try:
        before = asyncio.run(offer_twice())
        server.kill()
        server.start()
        assert asyncio.run(_snapshot_views(server, table, tokens)) == before
        store = Store(database)
        log = store.log(table["id"])
        info = store.table(table["id"])
        store.close()
        assert [entry.kind for entry in log][-3:] == ["act", "undo", "act"]
        assert info is not None
        actions = match_record(info, log).deals[-1].actions
        assert actions == (log[-1].text,)
    finally:
        server.stop()


def test_an_undo_is_refused_once_a_card_has_been_seen(server: Server) -> None:
    """A move after which some seat has seen a card it had not seen stands: no undo.

    docs/server.md, "Offers" (a card shown is knowledge no undo takes away).
    """
    table = server.new_table("piquet", ["open", "open"], deals=1)
    tokens = [server.join(table, name) for name in ("P", "Q")]

    async def run() -> dict[str, Any]:
        peers = await _seated(server, table, tokens)
        shown = False
        while not shown:
            mover = next(peer for peer in peers if peer.moves())
            ack = await mover.act(mover.moves()[0])
            assert ack["ok"], ack
            for peer in peers:
                played = await peer.find(_ev_at(ack["seq"]))
                shown = shown or any(event["cards"] for event in played["d"])
        await mover.send(type="offer", kind="undo")
        refused = await mover.kind("offer", state="refused")
        for peer in peers:
            await peer.close()
        return refused

    refused = asyncio.run(run())
    assert refused["msg"].endswith("has seen a card since that move: it stands")
    assert server.get(f"/api/tables/{table['id']}")["seq"] >= 2


def test_an_aborted_table_ends_and_a_rematch_seats_everyone_again(
    database: str, tmp_path: Path
) -> None:
    """Abort with consent ends the table; a rematch makes a new one with the same seats.

    The snapshot carries the chat each connection may see (seats' lines to everyone,
    spectators' to spectators), after a reconnect and after a SIGKILL.
    docs/server.md, "Offers" and "Chat".
    """
    server = Server(database, tmp_path / "server.log")
    server.start()
    table = server.new_table("piquet", ["open", "open"], deals=2)
    tokens = [server.join(table, name) for name in ("P", "Q")]

    async def abort_and_rematch() -> tuple[str, str]:
        p, q = await _seated(server, table, tokens)
        watcher = await Peer.open(server, table["id"], None)
        await watcher.kind("snapshot")
        await p.send(type="chat", text="good luck")
        await watcher.send(type="chat", text="P will lose")
        await watcher.kind("chat", text="P will lose")
        await p.send(type="offer", kind="rematch")
        early = await p.kind("offer", state="refused")
        assert early["msg"] == "a rematch is offered once the table has finished"
        await p.send(type="offer", kind="abort")
        offer = await q.kind("offer", state="pending")
        await q.send(type="reply", id=offer["id"], accept=True)
        for peer in (p, q, watcher):
            await peer.kind("end")
        await q.send(type="offer", kind="rematch")
        offer = await p.kind("offer", state="pending")
        await p.send(type="reply", id=offer["id"], accept=True)
        mine = await p.kind("offer", state="accepted")
        theirs = await q.kind("offer", state="accepted")
        assert mine["table"] == theirs["table"] != table["id"]
        assert None not in (mine["token"], theirs["token"])
        assert mine["token"] != theirs["token"]
        again = await Peer.open(server, mine["table"], mine["token"])
        welcome = await again.kind("welcome")
        assert [seat["name"] for seat in welcome["seats"]] == ["P", "Q"]
        assert welcome["seat"] == 0
        await again.kind("snapshot", status="playing")
        for peer in (p, q, watcher, again):
            await peer.close()
        return mine["table"], mine["token"]

    try:
        rematch, _ = asyncio.run(abort_and_rematch())
        assert asyncio.run(_chat_seen(server, table, tokens[0])) == (
            ["good luck"],
            ["good luck", "P will lose"],
        )
        server.kill()
        server.start()
        assert server.get(f"/api/tables/{table['id']}")["status"] == "finished"
        assert server.get(f"/api/tables/{rematch}")["status"] == "playing"
        assert asyncio.run(_chat_seen(server, table, tokens[0])) == (
            ["good luck"],
            ["good luck", "P will lose"],
        )
        assert server.record(table["id"]).game == "piquet"
    finally:
        server.stop()


async def _play_until_led(peers: list[Peer]) -> None:
    """Both seats play their first legal move until the first card of the play is led."""
    while not any(
        event["kind"] == "play"
        for frame in peers[0].frames
        if frame["type"] == "ev"
        for event in frame["d"]
    ):
        mover = next(peer for peer in peers if peer.moves())
        ack = await mover.act(mover.moves()[0])
        assert ack["ok"], ack
        for peer in peers:
            await peer.find(_ev_at(ack["seq"]))


def test_a_claim_shows_the_claimers_cards_and_ends_the_deal_once_granted(
    database: str, tmp_path: Path
) -> None:
    """A claim lays the claimer's cards face up; declined, play goes on; granted, the deal ends.

    The claim and its grant are actions in the log and the record, which replays after a
    SIGKILL. docs/rules/piquet.md, "Claims of the remaining tricks"; docs/server.md, "Offers".
    """
    server = Server(database, tmp_path / "server.log")
    server.start()
    table = server.new_table("piquet", ["open", "open"], deals=1)
    tokens = [server.join(table, name) for name in ("P", "Q")]

    async def claim_twice() -> None:
        peers = await _seated(server, table, tokens)
        p, q = peers
        await _play_until_led(peers)
        hand = _view(p)["hand"]
        await p.send(type="offer", kind="claim")
        offer = await q.kind("offer", state="pending")
        laid = q.state()
        assert [event["cards"] for event in laid["d"]] == [sorted(hand, key=hand.index)]
        await q.send(type="reply", id=offer["id"], accept=False)
        await p.kind("offer", state="declined")
        await p.send(type="offer", kind="claim")
        again = await p.kind("offer", state="refused")
        assert again["msg"] == "seat 0's claim lies face up already"
        mover = next(peer for peer in peers if peer.moves())
        ack = await mover.act(mover.moves()[0])
        await p.find(_ev_at(ack["seq"]))
        await p.send(type="offer", kind="claim")
        offer = await q.kind("offer", state="pending", id=offer["id"] + 1)
        await q.send(type="reply", id=offer["id"], accept=True)
        granted = await p.until(lambda f: f["type"] == "ev" and f["d"][0]["kind"] == "trick")
        assert "as claimed" in granted["d"][0]["text"]
        await p.kind("end")
        for peer in peers:
            await peer.close()

    try:
        asyncio.run(claim_twice())
        server.kill()
        server.start()
        texts = [action for action in server.record(table["id"]).deals[0].actions]
        assert texts.count("rest 0") == 2
        assert texts[-1] == "grant rest 0"
    finally:
        server.stop()


def test_a_pending_offer_is_withdrawn_by_a_restart_and_every_welcome_says_so(
    database: str, tmp_path: Path
) -> None:
    """A reconnecting seat's welcome carries the offer pending now; after a SIGKILL, none.

    The offer made before the restart is gone: an answer to it is refused, and it may be made
    again. docs/server.md, "Offers".
    """
    server = Server(database, tmp_path / "server.log")
    server.start()
    table = server.new_table("piquet", ["open", "open"], deals=2)
    tokens = [server.join(table, name) for name in ("P", "Q")]

    async def offer_and_look_again() -> dict[str, Any]:
        p, q = await _seated(server, table, tokens)
        await p.send(type="offer", kind="abort")
        offer = await q.kind("offer", state="pending")
        await q.close()
        again = await Peer.open(server, table["id"], tokens[1])
        welcome = await again.kind("welcome")
        assert welcome["offer"] == offer
        await p.close()
        await again.close()
        return offer

    async def after_the_restart(old: dict[str, Any]) -> None:
        p, q = await _seated(server, table, tokens)
        for peer in (p, q):
            assert (await peer.find(lambda frame: frame["type"] == "welcome"))["offer"] is None
        await q.send(type="reply", id=old["id"], accept=True)
        refused = await q.kind("error")
        assert refused["code"] == "no_offer"
        await p.send(type="offer", kind="abort")
        offer = await q.kind("offer", state="pending")
        await q.send(type="reply", id=offer["id"], accept=False)
        await p.kind("offer", state="declined")
        await p.close()
        await q.close()

    try:
        old = asyncio.run(offer_and_look_again())
        server.kill()
        server.start()
        asyncio.run(after_the_restart(old))
        assert server.get(f"/api/tables/{table['id']}")["status"] == "playing"
    finally:
        server.stop()


def test_a_rematch_seat_token_is_never_lost_its_old_token_gets_it_again(
    database: str, tmp_path: Path
) -> None:
    """Whoever comes back to a finished table with his seat token is given his rematch seat.

    A person away when the rematch was made (as if the server had died before sending him
    his token) gets it when he comes, after a SIGKILL too, and it opens his seat there; the
    others are given the same token they were sent. docs/server.md, "Offers".
    """
    server = Server(database, tmp_path / "server.log")
    server.start()
    table = server.new_table("preferans", ["open", "open", "open"], deals=2)
    tokens = [server.join(table, name) for name in ("P", "Q", "R")]

    async def abort_and_rematch_without_r() -> dict[str, Any]:
        p, q = await _seated(server, table, tokens[:2])
        await p.send(type="offer", kind="abort")
        offer = await q.kind("offer", state="pending")
        await q.send(type="reply", id=offer["id"], accept=True)
        await p.kind("end")
        await q.send(type="offer", kind="rematch")
        offer = await p.kind("offer", state="pending")
        await p.send(type="reply", id=offer["id"], accept=True)
        sent = await p.kind("offer", state="accepted")
        await q.send(type="offer", kind="rematch")
        again = await q.kind("offer", state="refused")
        assert again["msg"] == f"the rematch is table {sent['table']}"
        await p.close()
        await q.close()
        return sent

    async def come_for_the_rematch(seat: int) -> dict[str, Any]:
        old = await Peer.open(server, table["id"], tokens[seat])
        told = await old.kind("offer", state="accepted")
        await old.close()
        assert told["token"] is not None
        new = await Peer.open(server, told["table"], told["token"])
        welcome = await new.kind("welcome")
        await new.close()
        assert (welcome["table"], welcome["seat"]) == (told["table"], seat)
        return told

    try:
        sent = asyncio.run(abort_and_rematch_without_r())
        server.kill()
        server.start()
        told = asyncio.run(come_for_the_rematch(2))
        assert told["table"] == sent["table"]
        assert told["token"] not in tokens
        assert asyncio.run(come_for_the_rematch(0))["token"] == sent["token"]
        assert asyncio.run(come_for_the_rematch(2))["token"] == told["token"]
    finally:
        server.stop()
