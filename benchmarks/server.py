"""The game server's latency: from an ``act`` sent to the last connection's ``ev`` of it.

A real ``cardtable serve`` runs in a subprocess; TABLES preferans tables each have three
people (WebSocket clients in this process, playing random legal moves as fast as the server
lets them) and a spectator. For every action the time from sending the ``act`` until all four
connections of its table have its ``ev`` is measured; p50 and p99 are printed with the rate of
persisted actions, beside the raw sqlite3 commit rate (``BEGIN IMMEDIATE``, one row, ``COMMIT``,
WAL, ``synchronous=NORMAL``) measured in the same run. Client and server share the machine.

    python benchmarks/server.py [--tables N] [--seconds S] [--database URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(base: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def raw_sqlite_commits(folder: Path, seconds: float = 2.0) -> float:
    connection = sqlite3.connect(folder / "raw.db", isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.execute("CREATE TABLE log (seq INTEGER PRIMARY KEY, text TEXT)")
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO log VALUES (?, ?)", (count, "play K♥"))
        connection.execute("COMMIT")
        count += 1
    connection.close()
    return count / (time.perf_counter() - started)


class Table:
    """One table's connections, and the send time of each pending seq."""

    def __init__(self, sockets: list[ClientConnection]) -> None:
        self.sockets = sockets
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.latencies: list[float] = []


async def reader(table: Table, index: int, stop: float, rng: random.Random) -> None:
    socket = table.sockets[index]
    while time.perf_counter() < stop:
        try:
            frame = json.loads(await asyncio.wait_for(socket.recv(), 5))
        except TimeoutError:
            return
        if frame["type"] == "end":
            return
        if frame["type"] != "ev" and frame["type"] != "snapshot":
            continue
        seq = frame["seq"]
        table.seen[seq] = table.seen.get(seq, 0) + 1
        if table.seen[seq] == len(table.sockets) and seq in table.sent:
            table.latencies.append(time.perf_counter() - table.sent.pop(seq))
        if frame.get("legal") and index < len(table.sockets) - 1:
            table.sent[seq + 1] = time.perf_counter()
            act = {"type": "act", "id": f"{seq}", "seq": seq, "a": rng.choice(frame["legal"])}
            await socket.send(json.dumps(act))


async def run(base: str, port: int, tables: int, seconds: float) -> tuple[list[float], int]:
    opened = []
    for _ in range(tables):
        spec = {"game": "preferans", "seats": ["open"] * 3, "deals": 100_000}
        made = post(base, "/api/tables", spec)
        tokens = [
            post(
                base, f"/api/tables/{made['id']}/join", {"invite": made["invite"], "name": f"P{n}"}
            )["token"]
            for n in range(3)
        ]
        url = f"ws://127.0.0.1:{port}/ws/tables/{made['id']}"
        sockets = [await connect(url) for _ in range(4)]
        for sock, token in zip(sockets, [*tokens, None], strict=True):
            await sock.send(json.dumps({"type": "hello", "token": token}))
        opened.append(Table(sockets))
    stop = time.perf_counter() + seconds
    rng = random.Random(1)
    await asyncio.gather(
        *(reader(table, index, stop, rng) for table in opened for index in range(4))
    )
    latencies = [value for table in opened for value in table.latencies]
    for table in opened:
        for sock in table.sockets:
            await sock.close()
    return latencies, len(latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--database", default=None, help="default: SQLite in a temp dir")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = options.database or f"sqlite:///{folder}/bench.db"
        port = free_port()
        command = [sys.executable, "-m", "cardtable", "serve", "--port", str(port)]
        command += ["--database", url, "--bot-delay", "0", "--rate", "100000"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            latencies, count = asyncio.run(run(base, port, options.tables, options.seconds))
        finally:
            server.terminate()
            server.wait(10)
        raw = raw_sqlite_commits(Path(folder))
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    backend = url.split(":", 1)[0]
    print(f"server bench on {os.cpu_count()} cores, {backend}, {options.tables} tables x 4 sockets")
    rate = count / options.seconds
    print(f"persisted actions: {count} in {options.seconds:.0f} s = {rate:,.0f}/s")
    print(f"act -> last frame: p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms")
    print(f"raw sqlite3 commits (WAL, synchronous=NORMAL): {raw:,.0f}/s")


if __name__ == "__main__":
    main()
