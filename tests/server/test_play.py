"""Whole deals and matches played through a real server by real WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.engine.replay import replay
from server.harness import Client, Server

pytestmark = pytest.mark.timeout(120)


def _play_table(server: Server, game: str, seats: int, **settings: object) -> list[Client]:
    table = server.new_table(game, ["open"] * seats, **settings)
    tokens = [server.join(table, f"P{seat}") for seat in range(seats)]
    clients = [
        Client(server.socket_url(table["id"]), token, seed) for seed, token in enumerate(tokens)
    ]
    clients.append(Client(server.socket_url(table["id"])))

    async def everyone() -> None:
        await asyncio.gather(*(client.play() for client in clients))

    asyncio.run(everyone())
    clients[0].frames.insert(0, {"table": table["id"]})
    return clients


def _replays_with_the_command(record_file: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "replay", "--json", str(record_file)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize(
    ("game", "seats", "settings"),
    [
        ("preferans", 3, {"deals": 2}),
        ("piquet", 2, {"deals": 1}),
        ("poker", 3, {"deals": 3}),
    ],
)
def test_three_clients_and_a_spectator_play_and_the_record_replays(
    server: Server, tmp_path: Path, game: str, seats: int, settings: dict[str, object]
) -> None:
    """People at every seat and a spectator play whole deals; the downloaded record replays.

    docs/server.md, "The protocol": each ``act`` is acknowledged after its commit, the table
    ends with ``end`` and its record replays with ``cardtable replay``.
    """
    clients = _play_table(server, game, seats, **settings)
    table = clients[0].frames[0]["table"]
    record = server.record(table)
    assert len(record.deals) == settings["deals"]
    played = sum(len(entry.actions) for entry in record.deals)
    acked = [ack for client in clients for ack in client.acks.values() if ack["ok"]]
    assert len(acked) == played
    spectator = clients[-1]
    assert spectator.frames[-1]["type"] == "end"
    assert spectator.seq == clients[0].seq == server.get(f"/api/tables/{table}")["seq"]
    path = tmp_path / "match.json"
    downloaded = server.get(f"/api/tables/{table}/record")
    path.write_text(json.dumps(downloaded, ensure_ascii=False), encoding="utf-8")
    summary = _replays_with_the_command(path)
    assert summary["valid"] is True
    assert summary["actions"] == played
    assert {k: str(v) for k, v in replay(record).ledger().items()} == spectator.frames[-1]["result"]
    seen = [f["commitment"] for f in spectator.frames if f.get("commitment")]
    commitments = [entry.commitment for entry in record.deals]
    assert seen
    assert seen == commitments[len(commitments) - len(seen) :]
    assert summary["signed_by"] == server.get("/api/server")["record_key"]
