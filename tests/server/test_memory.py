"""Tables leave the server's memory when they are over or idle, and come back from their log.

A club's server runs for weeks: a finished table, or one nobody has been connected to for
``--idle`` seconds, is evicted; opening it again (a socket, a download) rebuilds it from the
log. docs/server.md, "Tables in memory".
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from cardtable.store.repository import Store
from server.harness import FRAME_SECONDS, Peer, Server

pytestmark = pytest.mark.timeout(180)


def _server(database: str, tmp_path: Path, *options: str) -> Server:
    server = Server(database, tmp_path / "server.log", options=("--idle", "0.5", *options))
    server.start()
    return server


def _in_memory(server: Server) -> int:
    return int(server.get("/api/server")["tables_in_memory"])


def _until_evicted(server: Server) -> None:
    deadline = time.monotonic() + FRAME_SECONDS
    while _in_memory(server) != 0:
        assert time.monotonic() < deadline, "the table stayed in memory"
        time.sleep(0.1)


def test_a_finished_table_leaves_memory_and_is_rebuilt_from_its_log(
    database: str, tmp_path: Path
) -> None:
    """A finished table nobody is connected to is evicted; opened again, it is the same table.

    A spectator gets the same seq and end (the score) as before, and its record downloads.

    docs/server.md, "Tables in memory".
    """
    server = _server(database, tmp_path)
    try:
        table = server.new_table("preferans", ["bot random"] * 3, deals=2)

        async def watch() -> tuple[dict[str, Any], dict[str, Any]]:
            spectator = await Peer.open(server, table["id"], None)
            end = await spectator.kind("end")
            await spectator.close()
            return spectator.state(), end

        state, end = asyncio.run(watch())
        _until_evicted(server)

        async def watch_again() -> tuple[dict[str, Any], dict[str, Any]]:
            spectator = await Peer.open(server, table["id"], None)
            snapshot = await spectator.kind("snapshot")
            again = await spectator.kind("end")
            await spectator.close()
            return snapshot, again

        snapshot, again = asyncio.run(watch_again())
        assert (snapshot["seq"], snapshot["status"]) == (state["seq"], "finished")
        assert again == end
        _until_evicted(server)
        record = server.record(table["id"])
        assert len(record.deals) == 2
        assert server.get(f"/api/tables/{table['id']}")["status"] == "finished"
    finally:
        server.stop()


def test_a_table_nobody_is_connected_to_leaves_memory_after_the_idle_time_and_goes_on(
    database: str, tmp_path: Path
) -> None:
    """A table in play that nobody is connected to is evicted after ``--idle`` and stands still.

    Its bots stop; opened again, it goes on from its log: its bots play on, and its person is
    given her turn.

    docs/server.md, "Tables in memory".
    """
    server = _server(database, tmp_path, "--grace", "600", "--bot-delay", "0.02")
    try:
        table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=50)
        token = server.join(table, "Anna")

        async def look_in() -> None:
            anna = await Peer.open(server, table["id"], token)
            await anna.kind("snapshot")
            await anna.close()

        asyncio.run(look_in())
        _until_evicted(server)
        store = Store(server.database)
        try:
            standing = store.last_seq(table["id"])
            time.sleep(1.0)
            assert store.last_seq(table["id"]) == standing, "an evicted table moved"
        finally:
            store.close()

        async def come_back() -> None:
            anna = await Peer.open(server, table["id"], token)
            snapshot = await anna.kind("snapshot")
            assert snapshot["seq"] >= standing

            def bots_played() -> bool:
                return any(f["type"] == "ev" and f["seat"] in {1, 2} for f in anna.frames)

            moves = 0
            while not (moves and bots_played()):
                await anna.turn(0)
                ack = await anna.act(anna.moves()[0])
                assert ack["ok"], ack
                moves += 1
            await anna.close()

        asyncio.run(come_back())
    finally:
        server.stop()
