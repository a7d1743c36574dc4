"""The server sends each turn's card choices and shows spectators the public view.

A move built from a choice is taken and validated whole. docs/server.md, "The protocol";
docs/architecture.md, "Moves that are sets of cards".
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from server.harness import Server

pytestmark = pytest.mark.timeout(120)


async def _until(socket: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 10))
        if frame["type"] == kind:
            return frame


async def _hello(server: Server, table: str, token: str | None) -> ClientConnection:
    socket = await connect(server.socket_url(table))
    await socket.send(json.dumps({"type": "hello", "token": token}))
    await _until(socket, "welcome")
    return socket


async def _act(socket: ClientConnection, move: str, seq: int, client_id: str) -> dict[str, Any]:
    await socket.send(json.dumps({"type": "act", "id": client_id, "seq": seq, "a": move}))
    return await _until(socket, "ack")


def _built(choice: dict[str, Any], count: int) -> str:
    return " ".join([choice["verb"], *choice["cards"][:count]])


def test_a_piquet_exchange_is_sent_as_a_choice_and_built_card_by_card(server: Server) -> None:
    """A piquet exchange is sent as a choice and built card by card.

    The elder exchanges three to five (001_776ed664a35a376f.txt, piquet rule 9), the dealer
    then three or all that is left: each is sent as a choice, not 1,507 moves, and a move built
    from it is taken; a count the rules refuse is refused with the reason.
    """
    table = server.new_table("piquet", ["open", "open"], deals=1)
    tokens = [server.join(table, "P"), server.join(table, "Q")]
    elder = server.get(f"/api/tables/{table['id']}")["to_move"]

    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
        first = await _hello(server, table["id"], tokens[elder])
        second = await _hello(server, table["id"], tokens[1 - elder])
        snapshot = await _until(first, "snapshot")
        await _until(second, "snapshot")
        [choice] = snapshot["choices"]
        taken = await _act(first, _built(choice, 3), snapshot["seq"], "x")
        dealer_turn = await _until(second, "ev")
        [dealer_choice] = dealer_turn["choices"]
        refused = await _act(second, _built(dealer_choice, 4), dealer_turn["seq"], "y")
        await first.close()
        await second.close()
        return snapshot, taken, dealer_turn, refused

    snapshot, taken, dealer_turn, refused = asyncio.run(run())
    [choice] = snapshot["choices"]
    assert (choice["verb"], len(choice["cards"]), choice["counts"]) == ("discard", 12, [3, 4, 5])
    assert set(choice["cards"]) == set(snapshot["view"]["hand"])
    assert snapshot["legal"] == ["refuse talon"]
    assert taken["ok"]
    assert dealer_turn["choices"][0]["counts"] == [3, 5]
    assert (refused["ok"], refused["code"]) == (False, "illegal")
    assert "must discard 3 or 5 cards, not 4" in refused["msg"]


def test_a_spectator_is_sent_the_public_view_and_no_moves(server: Server) -> None:
    """A spectator gets the public view: no hand, no card of a hand, no legal moves or choices.

    docs/server.md, "What a seat is shown".
    """
    table = server.new_table("piquet", ["open", "open"], deals=1)
    for name in ("P", "Q"):
        server.join(table, name)

    async def run() -> dict[str, Any]:
        watcher = await _hello(server, table["id"], None)
        snapshot = await _until(watcher, "snapshot")
        await watcher.close()
        return snapshot

    snapshot = asyncio.run(run())
    view = snapshot["view"]
    assert view["phase"] == "exchange"
    assert "hand" not in view
    assert "seat" not in view
    assert (snapshot["legal"], snapshot["choices"]) == (None, None)
    assert all(not event["cards"] for event in snapshot["events"])
