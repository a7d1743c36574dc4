"""A server killed with SIGKILL at random moments loses no acknowledged action and repeats none.

``CARDTABLE_CRASH_KILLS`` raises the number of kills for a soak (docs/server.md).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from pathlib import Path

import pytest

from cardtable.store.repository import Store
from server.harness import Client, Server, allowance

KILLS = int(os.environ.get("CARDTABLE_CRASH_KILLS", "10"))
"""Kills per database in the test run: 20 on SQLite and PostgreSQL together."""

ALLOWED = allowance(KILLS, 30.0)
"""The test's time: 30 s a kill (a restart, its rebuild and the play before the next kill)."""

pytestmark = pytest.mark.timeout(ALLOWED)


async def _play_for(client: Client, seconds: float, acked: int = 0) -> None:
    await client.play(since=client.seq or None, seconds=seconds, acked=acked)


def _check_reconnects(client: Client) -> None:
    """Every ``ev`` follows the seq before it: each reconnect got exactly what it missed.

    A reconnect says ``hello {since}`` with the last seq it saw; what comes is the entries
    after it, each once and in order, or a snapshot no older than it.
    """
    last = 0
    for frame in client.frames:
        if frame["type"] == "ev":
            assert frame["seq"] == last + 1, f"ev {frame['seq']} after seq {last}"
        elif frame["type"] == "snapshot":
            assert frame["seq"] >= last, f"snapshot at {frame['seq']} after seq {last}"
        else:
            continue
        last = frame["seq"]


def _check_log(store: Store, table: str, client: Client) -> int:
    log = store.log(table)
    assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
    by_seq = {entry.seq: entry for entry in log}
    for client_id, ack in client.acks.items():
        if ack["ok"]:
            entry = by_seq[ack["seq"]]
            assert (entry.kind, entry.seat, entry.client_id) == ("act", 0, client_id)
    ids = [entry.client_id for entry in log if entry.client_id is not None]
    assert len(ids) == len(set(ids))
    for frame in client.frames:
        if frame["type"] == "ev":
            assert by_seq[frame["seq"]].kind == frame["kind"]
            assert by_seq[frame["seq"]].seat == frame["seat"]
    return len(log)


def test_a_killed_server_resumes_every_table_at_its_last_acked_seq(
    database: str, tmp_path: Path
) -> None:
    """After SIGKILL and a restart the table goes on from its log, losing no acked action.

    An action is acknowledged, and any frame sent, only after its commit; a reconnect gets
    exactly the entries it missed.

    docs/server.md, "Crashes".
    """
    server = Server(database, tmp_path / "server.log")
    server.start()
    rng = random.Random(17)
    rules = {"deals": 0, "stake": 1_000_000}
    table = server.new_table(
        "poker", ["open", "bot random", "bot random"], deals=10_000, rules=rules
    )
    client = Client(server.socket_url(table["id"]), server.join(table, "P"), seed=3)
    lengths = []
    started = time.monotonic()
    try:
        for kill in range(1, KILLS + 1):
            # At least one more action acked before each kill, however slow the machine; the
            # kill then lands while the bots play on after it, or while the client acts.
            asyncio.run(_play_for(client, rng.uniform(0.2, 0.8), client.acked() + 1))
            time.sleep(rng.uniform(0, 0.3))
            server.kill()
            store = Store(database)
            lengths.append(_check_log(store, table["id"], client))
            store.close()
            _check_reconnects(client)
            server.start()
            if kill % 10 == 0 or kill == KILLS:
                print(  # the soak's figures so far, seen with -s
                    f"crash on {database.partition(':')[0]}: {kill}/{KILLS} kills, "
                    f"log {lengths[-1]} entries, "
                    f"{client.acked()} acked, "
                    f"{sum(1 for f in client.frames if f['type'] == 'ev')} frames checked, "
                    f"{time.monotonic() - started:.0f} s of {ALLOWED:.0f} s allowed",
                    flush=True,
                )
        acked = max(ack["seq"] for ack in client.acks.values() if ack["ok"])
        resumed = server.get(f"/api/tables/{table['id']}")
        assert resumed["status"] == "playing"
        assert resumed["seq"] >= acked
        # The table plays on after the last restart: one more action acked, however slow the
        # machine (a second's play alone once saw no action at load 12).
        asyncio.run(_play_for(client, 1.0, client.acked() + 1))
        assert server.get(f"/api/tables/{table['id']}")["seq"] > lengths[-1]
    finally:
        server.stop()
    assert lengths == sorted(lengths)
    assert client.acked() >= KILLS
