"""Group commits: many tables' log entries in one transaction, each acknowledged only once stored.

docs/server.md, "Group commits".
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import event
from sqlalchemy.engine import make_url
from websockets.exceptions import ConnectionClosed

from cardtable.server.commits import GroupCommit
from cardtable.store.repository import Append, Entry, NewTable, StaleWrite, Store
from server.harness import FRAME_SECONDS, Peer, Server

pytestmark = pytest.mark.timeout(600)


def _tables(store: Store, count: int) -> list[str]:
    spec = NewTable("piquet", None, {}, [None, None])
    return [store.create_table(spec)[0] for _ in range(count)]


def _log_inserts(store: Store) -> list[int]:
    """A list that grows by one for each INSERT statement into the log the store sends."""
    sent: list[int] = []

    @event.listens_for(store.engine, "before_cursor_execute")
    def _count(*args: Any) -> None:
        if args[2].lstrip().upper().startswith("INSERT INTO LOG_ENTRIES"):
            sent.append(1)

    return sent


def test_appends_of_many_tables_arriving_together_are_one_insert(migrated: str) -> None:
    """Appends queued while the database thread is busy are committed together, all stored.

    docs/server.md, "Group commits": the database thread takes every append queued when it
    comes to them.
    """
    store = Store(migrated)
    tables = _tables(store, 5)
    inserts = _log_inserts(store)
    busy = threading.Event()

    async def together() -> GroupCommit:
        with ThreadPoolExecutor(1) as database:
            committer = GroupCommit(store, database)
            database.submit(busy.wait)  # the thread is busy while every table appends
            waiting = [
                asyncio.create_task(
                    committer.append(table, [Entry(1, "between", text=table)], "playing")
                )
                for table in tables
            ]
            await asyncio.sleep(0)  # each task has queued its append and now waits
            assert not any(task.done() for task in waiting)
            busy.set()
            await asyncio.gather(*waiting)
            return committer

    committer = asyncio.run(together())
    assert len(inserts) == 1
    assert (committer.counts.groups, committer.counts.appends) == (1, 5)
    for table in tables:
        assert [(e.seq, e.text) for e in store.log(table)] == [(1, table)]
        info = store.table(table)
        assert info is not None
        assert info.status == "playing"
    store.close()


def test_a_stale_append_in_a_group_fails_its_table_alone(migrated: str) -> None:
    """One table's seq already taken refuses that table's append; the others are stored.

    docs/server.md, "Group commits"; "Storage" (a second writer for a seq adds nothing).
    """
    store = Store(migrated)
    first, second, third = _tables(store, 3)
    store.append(second, [Entry(1, "between", text="earlier")])
    outcomes = store.append_group(
        [
            Append(first, (Entry(1, "between", text="a"),)),
            Append(second, (Entry(1, "between", text="b"),)),
            Append(third, (Entry(1, "between", text="c"),)),
        ]
    )
    assert outcomes[0] is None
    assert outcomes[2] is None
    assert isinstance(outcomes[1], StaleWrite)
    assert [e.text for e in store.log(first)] == ["a"]
    assert [e.text for e in store.log(second)] == ["earlier"]
    assert [e.text for e in store.log(third)] == ["c"]
    store.close()


TABLES = 4
"""Tables of two people each, acting at once, so that their actions reach the committer together."""


@contextlib.contextmanager
def _log_locked(database: str) -> Iterator[None]:
    """The log's table locked against writes from outside the server while the block runs.

    The server's appends wait for the lock (SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's
    ``LOCK TABLE``): a commit that cannot finish, whose action must therefore not be acked.
    """
    url = make_url(database)
    if url.get_backend_name() == "sqlite":
        locker = sqlite3.connect(str(url.database), isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        return
    plain = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain) as connection:
        connection.execute("LOCK TABLE log_entries IN EXCLUSIVE MODE")
        yield
        connection.rollback()


async def _play(peer: Peer, seat: int) -> None:
    # Plays the seat's turns until the server dies.
    try:
        while True:
            await peer.turn(seat)
            await peer.act(peer.moves()[0])
    except ConnectionClosed:
        return


def _count(peers: list[Peer], kind: str) -> int:
    return sum(1 for peer in peers for frame in peer.frames if frame["type"] == kind)


async def _until(holds: Any) -> None:
    deadline = time.monotonic() + FRAME_SECONDS
    while not holds():
        assert time.monotonic() < deadline, "the tables did not play"
        await asyncio.sleep(0.05)


async def _kill_while_locked(server: Server, tables: list[dict[str, Any]]) -> list[Peer]:
    # Plays until some actions are acked, locks the log, lets more actions be sent, and kills
    # the server while their commits wait for the lock.
    peers = []
    for table in tables:
        for name in ("A", "B"):
            peers.append(await Peer.open(server, table["id"], server.join(table, name)))
    players = [asyncio.create_task(_play(peer, n % 2)) for n, peer in enumerate(peers)]
    await _until(lambda: _count(peers, "ack") >= 4)
    with _log_locked(server.database):
        sent = sum(peer.sent for peer in peers)

        def waiting() -> bool:
            # Actions sent while the log is locked, or left unanswered: at least two.
            now = sum(peer.sent for peer in peers)
            return now - sent >= 2 or now - _count(peers, "ack") >= 2

        await _until(waiting)
        await asyncio.sleep(0.5)  # time for an ack that came before its commit to arrive
        server.kill()
    await asyncio.gather(*players)
    return peers


def test_an_action_acknowledged_is_in_the_log_when_the_server_is_killed_at_once(
    database: str, tmp_path: Path
) -> None:
    """SIGKILL while commits wait: every action acknowledged before it is in the log.

    docs/server.md, "Group commits": an ``ack`` is sent only once its group's transaction
    has committed; the protocol's rule 2, "Nothing is sent before it is stored". The log is
    locked while more actions are sent, so an ack sent before its commit would be caught.
    """
    server = Server(database, tmp_path / "server.log")
    for _ in range(3):
        server.start()
        tables = [server.new_table("piquet", ["open", "open"], deals=50) for _ in range(TABLES)]
        peers = asyncio.run(_kill_while_locked(server, tables))
        store = Store(database)
        for number, table in enumerate(tables):
            logged = {(e.seq, e.client_id) for e in store.log(table["id"])}
            for peer in peers[2 * number : 2 * number + 2]:
                for frame in peer.frames:
                    if frame["type"] == "ack" and frame["ok"]:
                        assert (frame["seq"], frame["id"]) in logged
                    if frame["type"] == "ev":
                        assert frame["seq"] in {seq for seq, _ in logged}
        store.close()
    server.stop()
