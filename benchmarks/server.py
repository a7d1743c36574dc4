"""The game server's latency, its memory, and the raw sqlite3 commit rate, in one run.

A real ``cardtable serve`` runs in a subprocess; the clients are WebSocket connections in this
process. Client and server share the machine.

Latency: TABLES preferans tables each have three people (playing random legal moves) and a
spectator. With ``--rate R`` the people's actions are paced to a steady R actions a second in
all (each waits for the next slot of a shared clock, so a steady load is offered as long as
some table has a turn waiting); with ``--rate 0`` they act the moment their turn comes (a
saturated run). For every action the time from sending the ``act`` until all four connections
of its table have its ``ev`` is measured; p50 and p99 are printed with the rate of persisted
actions, beside the raw sqlite3 commit rate (``BEGIN IMMEDIATE``, one row, ``COMMIT``, WAL,
``synchronous=NORMAL``) measured in the same run. ``--postgres URL`` runs the same load on a
fresh PostgreSQL database of that cluster after the SQLite run (through the URL's driver,
psycopg or asyncpg), and the raw commit rate of psycopg there.

Memory (``--memory N``): N preferans tables, three seated sockets each (3N sockets) held open
by one server process after each got its snapshot; the server's resident memory (VmRSS) is
printed before and after.

Finished tables (``--finished N``): N preferans tables of three bots play their two deals to
the end, twice over; the server's resident memory is printed at start, with the first N
finished and still held, once the server has evicted them (docs/server.md, "Tables in
memory"), and after N more have finished and been evicted: a server that kept finished tables
would grow by the second N as by the first.

History (``--history N``): one guest sits at N preferans tables of four deals beside two bots
(a bot stands in for him after a short grace); once all have finished, the time of his history
asked once (every table replayed from its log) and asked again (each table's replay kept until
its log grows) is printed, the median of five.

    python benchmarks/server.py [--tables N] [--seconds S] [--rate R] [--postgres URL]
    python benchmarks/server.py --memory 1000
    python benchmarks/server.py --finished 300
    python benchmarks/server.py --history 50
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.cookiejar
import json
import os
import random
import resource
import secrets
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
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


def raw_postgres_commits(url: str, seconds: float = 2.0) -> float:
    """psycopg's commits a second on ``url``'s database: one row in each transaction."""
    import psycopg
    from sqlalchemy.engine import make_url

    plain = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain) as connection:
        connection.execute("CREATE TABLE raw_log (seq INTEGER PRIMARY KEY, text TEXT)")
        connection.commit()
        count, started = 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            connection.execute("INSERT INTO raw_log VALUES (%s, %s)", (count, "play K♥"))
            connection.commit()
            count += 1
    return count / (time.perf_counter() - started)


class Pacer:
    """Slots of a steady rate shared by every client: ``await wait()`` returns at the next one."""

    def __init__(self, rate: float) -> None:
        self.gap = 1 / rate if rate else 0.0
        self.next = time.perf_counter()

    async def wait(self) -> None:
        if not self.gap:
            return
        now = time.perf_counter()
        self.next = max(self.next + self.gap, now)
        await asyncio.sleep(self.next - now)


class Table:
    """One table's connections, and the send time of each pending seq."""

    def __init__(self, sockets: list[ClientConnection]) -> None:
        self.sockets = sockets
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.latencies: list[float] = []
        self.stalled = False


def moves_offered(frame: dict[str, Any], rng: random.Random) -> list[str]:
    """A turn's ``legal`` moves and one random move built card by card from each choice.

    A move that is a set of cards (a preferans discard) comes only as a choice, not in
    ``legal``: a client that read ``legal`` alone would never discard and its table would stop.
    """
    built = []
    for choice in frame.get("choices") or []:
        picked = set(rng.sample(choice["cards"], rng.choice(choice["counts"])))
        built.append(" ".join([choice["verb"], *(c for c in choice["cards"] if c in picked)]))
    return [*(frame.get("legal") or []), *built]


async def reader(table: Table, index: int, stop: float, rng: random.Random, pacer: Pacer) -> None:
    socket = table.sockets[index]
    while time.perf_counter() < stop:
        try:
            frame = json.loads(await asyncio.wait_for(socket.recv(), 5))
        except TimeoutError:
            table.stalled = True
            return
        if frame["type"] == "end":
            return
        if frame["type"] != "ev" and frame["type"] != "snapshot":
            continue
        seq = frame["seq"]
        table.seen[seq] = table.seen.get(seq, 0) + 1
        if table.seen[seq] == len(table.sockets) and seq in table.sent:
            table.latencies.append(time.perf_counter() - table.sent.pop(seq))
        moves = moves_offered(frame, rng)
        if moves and index < len(table.sockets) - 1:
            await pacer.wait()
            table.sent[seq + 1] = time.perf_counter()
            act = {"type": "act", "id": f"{seq}", "seq": seq, "a": rng.choice(moves)}
            await socket.send(json.dumps(act))


def seated_table(base: str) -> tuple[str, list[str]]:
    """A new preferans table with three people joined: its id and their seat tokens."""
    spec = {"game": "preferans", "seats": ["open"] * 3, "deals": 100_000}
    made = post(base, "/api/tables", spec)
    join = f"/api/tables/{made['id']}/join"
    tokens = [
        post(base, join, {"invite": made["invite"], "name": f"P{n}"})["token"] for n in range(3)
    ]
    return made["id"], tokens


async def run(
    base: str, port: int, tables: int, seconds: float, rate: float
) -> tuple[list[float], float, int]:
    """Play ``seconds`` at ``tables`` tables: the latencies, the time taken, tables stalled."""
    opened = []
    for _ in range(tables):
        table_id, tokens = seated_table(base)
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
        sockets = [await connect(url) for _ in range(4)]
        for sock, token in zip(sockets, [*tokens, None], strict=True):
            await sock.send(json.dumps({"type": "hello", "token": token}))
        opened.append(Table(sockets))
    started = time.perf_counter()
    stop = started + seconds
    rng = random.Random(1)
    pacer = Pacer(rate)
    await asyncio.gather(
        *(reader(table, index, stop, rng, pacer) for table in opened for index in range(4))
    )
    elapsed = time.perf_counter() - started
    latencies = [value for table in opened for value in table.latencies]
    for table in opened:
        for sock in table.sockets:
            await sock.close()
    return latencies, elapsed, sum(table.stalled for table in opened)


def rss_mib(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def hold(base: str, port: int, tables: int, pid: int) -> tuple[float, float, int]:
    """Open ``tables`` seated tables, three sockets each, each after its snapshot: RSS, sockets."""
    before = rss_mib(pid)
    sockets = []
    for number in range(tables):
        table_id, tokens = seated_table(base)
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
        for token in tokens:
            sock = await connect(url)
            await sock.send(json.dumps({"type": "hello", "token": token}))
            while json.loads(await sock.recv())["type"] != "snapshot":
                pass
            sockets.append(sock)
        if number % 100 == 99:
            print(f"  {number + 1} tables, {len(sockets)} sockets: {rss_mib(pid):.0f} MiB")
    await asyncio.sleep(2)
    after = rss_mib(pid)
    for sock in sockets:
        await sock.close()
    return before, after, len(sockets)


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=30) as answer:
        return json.loads(answer.read())


def wait_for(ready: Any, what: str, seconds: float = 1800.0) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not happen within {seconds:.0f} s")
        time.sleep(0.5)


def finish_tables(base: str, count: int) -> None:
    """Make ``count`` tables of three bots, two deals each, and wait until every one ends."""
    made = {
        post(base, "/api/tables", {"game": "preferans", "seats": ["bot random"] * 3, "deals": 2})[
            "id"
        ]
        for _ in range(count)
    }
    wait_for(lambda: not made & {t["id"] for t in get(base, "/api/tables")}, "the tables' ends")


def finished_memory(base: str, count: int, pid: int) -> list[tuple[str, float]]:
    """The server's RSS at start and as ``count`` finished tables come, leave, come again.

    A server that evicts no table (one older than eviction, whose ``/api/server`` does not
    count them) is measured as the tables finish.
    """
    figures = [("at start", rss_mib(pid))]
    for done in (count, 2 * count):
        finish_tables(base, count)
        held = get(base, "/api/server").get("tables_in_memory")
        figures.append((f"{done} finished, {held} tables in memory", rss_mib(pid)))
        if held is not None:
            wait_for(lambda: get(base, "/api/server")["tables_in_memory"] == 0, "the eviction")
            figures.append((f"{done} finished, evicted", rss_mib(pid)))
    return figures


def history_times(base: str, count: int) -> tuple[float, float, int]:
    """A guest's history over ``count`` finished tables: seconds asked once, asked again.

    The second figure is the median of five; the third is how many deals the history holds.
    """
    guest = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )

    def ask(method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"content-type": "application/json"}
        request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
        with guest.open(request, timeout=600) as answer:
            return json.loads(answer.read())

    seats = ["open", "bot random", "bot random"]
    made = set()
    for _ in range(count):
        table = post(base, "/api/tables", {"game": "preferans", "seats": seats, "deals": 4})
        ask("POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": "G"})
        made.add(table["id"])
    wait_for(lambda: not made & {t["id"] for t in get(base, "/api/tables")}, "the tables' ends")
    player = ask("GET", "/api/me")["id"]
    started = time.perf_counter()
    history = ask("GET", f"/api/players/{player}/history")
    first = time.perf_counter() - started
    again = []
    for _ in range(5):
        started = time.perf_counter()
        ask("GET", f"/api/players/{player}/history")
        again.append(time.perf_counter() - started)
    deals = sum(len(match["deals"]) for match in history["matches"])
    return first, statistics.median(again), deals


@contextlib.contextmanager
def serving(url: str, *options: str) -> Iterator[tuple[str, int, int]]:
    """``cardtable serve`` over ``url`` on a free port: its address, port and process id."""
    port = free_port()
    command = [sys.executable, "-m", "cardtable", "serve", "--port", str(port)]
    command += ["--database", url, "--bot-delay", "0", "--rate", "100000"]
    command += ["--tables-per-address", "0", *options]  # every table comes from this address
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                urllib.request.urlopen(base + "/api/games", timeout=2).read()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.2)
        yield base, port, server.pid
    finally:
        server.terminate()
        server.wait(30)


@contextlib.contextmanager
def fresh_postgres(admin: str) -> Iterator[str]:
    """A new database on the cluster of ``admin`` (dropped afterwards): its URL."""
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(admin)
    name = f"cardtable_bench_{secrets.token_hex(4)}"
    plain = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(plain, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def latency_run(url: str, options: argparse.Namespace) -> None:
    """One latency run over ``url``, printed in two lines."""
    with serving(url) as (base, port, _pid):
        latencies, elapsed, stalled = asyncio.run(
            run(base, port, options.tables, options.seconds, options.rate)
        )
        facts = get(base, "/api/server")
    count = len(latencies)
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    backend = url.split(":", 1)[0]
    offered = f"offered {options.rate:,.0f}/s" if options.rate else "saturated"
    print(f"{backend}, {options.tables} tables x 4 sockets, {offered}:")
    print(
        f"  persisted actions: {count} in {elapsed:.0f} s = {count / elapsed:,.0f}/s; "
        f"act -> last frame p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms"
    )
    if "log_commits" in facts:  # a server that groups its commits says how
        commits, appends = facts["log_commits"], facts["log_appends"]
        print(
            f"  log appends {appends} in {commits} commits: {appends / max(1, commits):.2f} "
            f"a commit, {facts['largest_commit']} at most"
        )
    if stalled:
        print(f"  {stalled} tables stalled (no frame for 5 s): the figures are not the server's")


def main() -> None:
    """Run the benchmark the options name and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=float, default=300.0, help="actions/s offered; 0: flat out")
    parser.add_argument("--database", default=None, help="default: SQLite in a temp dir")
    parser.add_argument("--postgres", default=None, help="a cluster's URL: also run on it")
    parser.add_argument("--memory", type=int, default=0, help="hold this many tables instead")
    parser.add_argument(
        "--finished", type=int, default=0, help="finish this many tables, twice, instead"
    )
    parser.add_argument(
        "--history", type=int, default=0, help="time a history of this many tables instead"
    )
    options = parser.parse_args()
    _, most = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (most, most))  # the server inherits it
    load = os.getloadavg()
    print(f"server bench on {os.cpu_count()} cores, load average {load[0]:.1f} {load[1]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        url = options.database or f"sqlite:///{folder}/bench.db"
        if options.memory:
            with serving(url) as (base, port, pid):
                before, after, held = asyncio.run(hold(base, port, options.memory, pid))
            print(f"{options.memory} tables, {held} sockets held by one server process:")
            print(f"  RSS {after:.0f} MiB (at start {before:.0f} MiB)")
            return
        if options.finished:
            with serving(url) as (base, _port, pid):
                figures = finished_memory(base, options.finished, pid)
            print(f"finished tables, {options.finished} at a time, one server process:")
            for what, rss in figures:
                print(f"  {what}: RSS {rss:.0f} MiB")
            return
        if options.history:
            with serving(url, "--grace", "0.1", "--stand-in", "random") as (base, _port, _pid):
                first, again, deals = history_times(base, options.history)
            print(f"a guest's history of {options.history} tables, {deals} deals:")
            print(f"  asked once {first * 1000:.0f} ms; asked again {again * 1000:.1f} ms")
            print(f"  ({first / again:.0f}x)")
            return
        latency_run(url, options)
        if options.postgres:
            with fresh_postgres(options.postgres) as postgres:
                latency_run(postgres, options)
                raw_postgres = raw_postgres_commits(postgres)
            print(f"raw psycopg commits on that cluster: {raw_postgres:,.0f}/s")
        raw = raw_sqlite_commits(Path(folder))
    print(f"raw sqlite3 commits (WAL, synchronous=NORMAL): {raw:,.0f}/s")


if __name__ == "__main__":
    main()
