"""What a club's operator expects of the server, on SQLite and PostgreSQL.

Expiry, limits per address, a paged lobby and the operator's commands (docs/server.md, "For a
club's operator").
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from server.harness import CONNECT, FRAME_SECONDS, Peer, Server

pytestmark = pytest.mark.timeout(300)


SLOW = ("--wait", "300")
"""A running server carries an act out within a second, but a loaded machine may take longer."""


def _admin(database: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``cardtable admin`` run as an operator would, on ``database``."""
    return subprocess.run(
        [sys.executable, "-m", "cardtable", "admin", *arguments, "--database", database],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


async def _watch_from_the_start(server: Server, table: str) -> Peer:
    """A spectator that is sent the table's log from seq 1, whenever it comes."""
    socket = await connect(server.socket_url(table), **CONNECT)
    await socket.send(json.dumps({"type": "hello", "token": None, "since": 0}))
    return Peer(socket)


def _wait_for(condition: Any, what: str) -> None:
    deadline = time.monotonic() + FRAME_SECONDS * 3
    while not condition():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.2)


def _lobby_page(server: Server, query: str) -> tuple[list[dict[str, Any]], str | None]:
    with urllib.request.urlopen(server.http + query, timeout=FRAME_SECONDS) as answer:
        link = answer.headers.get("link")
        page: list[dict[str, Any]] = json.loads(answer.read())
    following = link.split(">")[0].lstrip("<") if link else None
    return page, following


def test_a_table_nobody_comes_to_closes_when_its_time_is_up_said_in_the_lobby_and_on_the_table(
    database: str, tmp_path: Path
) -> None:
    """``--expire``: the lobby says when a waiting table closes; then it closes, saying why.

    docs/server.md, "For a club's operator": expiry of waiting tables. A table whose seats
    were all taken in time plays on.
    """
    options = ("--grace", "3600", "--expire", "10")
    with Server(database, tmp_path / "log", options=options).running() as server:
        # Made first: by the time the other closes, this one is older than the expiry.
        full = server.new_table("piquet", ["open", "open"], deals=1)
        server.join(full, "P")
        server.join(full, "Q")
        lonely = server.new_table("piquet", ["open", "open"], deals=1)
        listed = {table["id"]: table for table in server.get("/api/tables")}
        closes = listed[lonely["id"]]["closes_at"]
        assert datetime.fromisoformat(closes) > datetime.fromisoformat("2026-01-01T00:00:00+00:00")
        assert listed[full["id"]]["closes_at"] is None

        async def watch() -> tuple[dict[str, Any], dict[str, Any]]:
            peer = await _watch_from_the_start(server, lonely["id"])
            closed = await peer.kind("ev", kind="abort")
            return closed, await peer.kind("end")

        closed, _end = asyncio.run(watch())
        assert (closed["seq"], closed["seat"]) == (1, None)
        assert [said["text"] for said in closed["d"]] == [
            "the table closed: nobody took its open seats within 10 seconds"
        ]
        assert lonely["id"] not in {table["id"] for table in server.get("/api/tables")}
        assert server.get(f"/api/tables/{lonely['id']}")["status"] == "finished"
        status, refused = server.request(
            "POST", f"/api/tables/{lonely['id']}/join", {"invite": lonely["invite"], "name": "R"}
        )
        assert (status, refused["detail"]) == (
            409,
            "this table has finished: its seats are taken no more",
        )
        assert server.get(f"/api/tables/{full['id']}")["status"] == "playing"


def test_an_address_opens_no_more_tables_than_the_server_allows(
    database: str, tmp_path: Path
) -> None:
    """``--tables-per-address 2``: a third open table is refused with 429 and the reason.

    Once one has finished, another may be made. docs/server.md, "For a club's operator".
    """
    options = ("--tables-per-address", "2")
    with Server(database, tmp_path / "log", options=options).running() as server:
        quick = server.new_table("piquet", ["bot default", "bot default"], deals=1)
        server.new_table("piquet", ["open", "open"])
        spec = {"game": "piquet", "seats": ["open", "open"]}
        status, refused = server.request("POST", "/api/tables", spec)
        assert status == 429
        assert refused["detail"] == (
            "127.0.0.1 has 2 tables open, the most this server allows one address: "
            "another can be made when one of them finishes"
        )
        _wait_for(
            lambda: server.get(f"/api/tables/{quick['id']}")["status"] == "finished",
            "the bots' table to finish",
        )
        assert server.request("POST", "/api/tables", spec)[0] == 201


def test_the_lobby_comes_in_pages_each_table_once_newest_first(server: Server) -> None:
    """``GET /api/tables?limit=N`` gives N tables and a ``Link`` to the next page, to the end.

    docs/server.md, "HTTP": the lobby.
    """
    made = [server.new_table("piquet", ["open", "open"])["id"] for _ in range(5)]
    server.new_table("piquet", ["open", "open"], listed=False)
    seen: list[str] = []
    following: str | None = "/api/tables?limit=2"
    pages = 0
    while following is not None:
        page, following = _lobby_page(server, following)
        assert len(page) <= 2
        seen += [table["id"] for table in page]
        pages += 1
    assert (seen, pages) == (made[::-1], 3)
    for query, reason in [
        ("?limit=0", "query.limit: Input should be greater than or equal to 1"),
        ("?limit=201", "query.limit: Input should be less than or equal to 200"),
        ("?after=nosuchtable", "after: there is no table 'nosuchtable'"),
    ]:
        assert server.request("GET", "/api/tables" + query) == (400, {"detail": reason})


def test_an_operator_closes_a_table_in_play_and_its_players_are_told_why(
    database: str, tmp_path: Path
) -> None:
    """``cardtable admin close-table ID --reason``: the running server ends it, saying why.

    A numbered ``abort`` entry of no seat, the reason in its event; the act is kept.
    docs/server.md, "For a club's operator".
    """
    with Server(database, tmp_path / "log", options=("--grace", "3600")).running() as server:
        table = server.new_table("piquet", ["open", "open"], deals=1)
        tokens = [server.join(table, "P"), server.join(table, "Q")]

        async def run() -> tuple[dict[str, Any], str]:
            seated = await Peer.open(server, table["id"], tokens[0])
            await seated.kind("snapshot")
            done = await asyncio.to_thread(
                _admin, database, "close-table", table["id"], "--reason", "a cheat was found", *SLOW
            )
            closed = await seated.kind("ev", kind="abort")
            await seated.kind("end")
            return closed, done.stdout

        closed, said = asyncio.run(run())
        assert closed["seat"] is None
        assert [event["text"] for event in closed["d"]] == [
            "the operator closed the table: a cheat was found"
        ]
        assert said.strip() == f"act 1: closed at seq {closed['seq']}"
        assert server.get(f"/api/tables/{table['id']}")["status"] == "finished"
        acts = _admin(database, "acts").stdout.strip().splitlines()
        assert len(acts) == 1
        assert acts[0].endswith(
            f"close-table {table['id']} (a cheat was found): closed at seq {closed['seq']}"
        )
        again = _admin(database, "close-table", table["id"])
        assert (again.returncode, again.stderr.strip()) == (
            2,
            f"error: table {table['id']} has finished already",
        )
        unknown = _admin(database, "close-table", "nosuchtable")
        assert unknown.stderr.strip() == "error: there is no table 'nosuchtable'"
        assert len(_admin(database, "acts").stdout.strip().splitlines()) == 1


def test_an_act_kept_while_no_server_runs_is_carried_out_when_one_starts(
    database: str, tmp_path: Path
) -> None:
    """With the server stopped, ``close-table`` is kept, said so, and done at the next start.

    docs/server.md, "For a club's operator".
    """
    server = Server(database, tmp_path / "log")
    with server.running():
        table = server.new_table("piquet", ["open", "open"])
    kept = _admin(database, "close-table", table["id"], "--wait", "0")
    assert kept.stdout.strip() == (
        "act 1 kept: no server has carried it out yet (one does within a second while it "
        "runs, else when it starts)"
    )
    with server.running():
        _wait_for(
            lambda: server.get(f"/api/tables/{table['id']}")["status"] == "finished",
            "the kept act to be carried out",
        )
    assert (
        _admin(database, "acts")
        .stdout.strip()
        .endswith(f"close-table {table['id']}: closed at seq 1")
    )


def test_an_operator_removes_a_line_of_chat_and_the_table_is_told_by_a_numbered_event(
    database: str, tmp_path: Path
) -> None:
    """``cardtable admin remove-chat N`` removes line N (numbered by ``admin chat ID``).

    A ``notice`` entry tells the table, and no snapshot carries the line any more.
    docs/server.md, "For a club's operator".
    """
    with Server(database, tmp_path / "log", options=("--grace", "3600")).running() as server:
        table = server.new_table("piquet", ["open", "open"])
        tokens = [server.join(table, "P"), server.join(table, "Q")]

        async def say() -> None:
            peer = await Peer.open(server, table["id"], tokens[0])
            await peer.kind("snapshot")
            await peer.send(type="chat", text="something rude")
            await peer.kind("chat", text="something rude")
            await peer.send(type="chat", text="good luck")
            await peer.kind("chat", text="good luck")
            await peer.close()

        asyncio.run(say())
        lines = _admin(database, "chat", table["id"]).stdout.strip().splitlines()
        assert [line.split("\t", 3)[3] for line in lines] == ["P: something rude", "P: good luck"]
        rude = lines[0].split("\t")[0]

        async def remove() -> tuple[dict[str, Any], str, dict[str, Any]]:
            peer = await Peer.open(server, table["id"], tokens[1])
            await peer.kind("snapshot")
            done = await asyncio.to_thread(_admin, database, "remove-chat", rude, *SLOW)
            notice = await peer.kind("ev", kind="notice")
            again = await Peer.open(server, table["id"], None)
            return notice, done.stdout, await again.kind("snapshot")

        notice, said, snapshot = asyncio.run(remove())
        assert [event["text"] for event in notice["d"]] == [
            "the operator removed a line of chat by P"
        ]
        assert said.strip() == f"act 1: removed; said at seq {notice['seq']}"
        assert [line["text"] for line in snapshot["chat"]] == ["good luck"]
        assert snapshot["seq"] == notice["seq"]
        missing = _admin(database, "remove-chat", rude)
        assert (missing.returncode, missing.stderr.strip()) == (
            2,
            f"error: there is no chat line {rude}",
        )


def test_an_operator_resets_a_forgotten_password_and_the_old_one_signs_in_no_more(
    database: str, tmp_path: Path
) -> None:
    """``cardtable admin reset-password NAME`` prints a new password; the old one is refused.

    docs/server.md, "For a club's operator".
    """
    with Server(database, tmp_path / "log").running() as server:
        made = server.request("POST", "/api/accounts", {"name": "Anna", "password": "forgotten1"})
        assert made[0] == 201
        done = _admin(database, "reset-password", "anna")
        prefix = "act 1: the new password of Anna is "
        assert done.stdout.startswith(prefix), done
        password = done.stdout.strip().removeprefix(prefix)
        old = server.request("POST", "/api/login", {"name": "Anna", "password": "forgotten1"})
        assert old[0] == 401
        new = server.request("POST", "/api/login", {"name": "Anna", "password": password})
        assert new[0] == 200
        nobody = _admin(database, "reset-password", "Boris")
        assert nobody.stderr.strip() == "error: there is no account 'Boris'"
