"""What a club's operator expects of the server, on SQLite and PostgreSQL.

Expiry, limits per address, a paged lobby and the operator's commands (docs/server.md, "For a
club's operator").
"""

from __future__ import annotations

import asyncio
import contextlib
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
from websockets.exceptions import ConnectionClosed

from server.browser import Browser
from server.harness import CONNECT, FRAME_SECONDS, Client, Peer, Server, gives_turn

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


def test_a_table_of_bots_only_plays_no_more_deals_than_the_server_allows(
    database: str, tmp_path: Path
) -> None:
    """``--bot-table-deals 2``: a bots' table asking no limit plays two deals and finishes.

    One asking for more is refused with 400 and the reason; a table with a person's seat is
    not limited. docs/server.md, "For a club's operator".
    """
    bots = ["bot random", "bot random"]
    options = ("--bot-table-deals", "2")
    with Server(database, tmp_path / "log", options=options).running() as server:
        table = server.new_table("piquet", bots)
        assert table["deals"] == 2
        status, refused = server.request(
            "POST", "/api/tables", {"game": "piquet", "seats": bots, "deals": 3}
        )
        assert (status, refused["detail"]) == (
            400,
            "a table of bots only plays at most 2 deals on this server, not 3",
        )
        assert server.new_table("piquet", ["open", "bot random"])["deals"] is None
        _wait_for(
            lambda: server.get(f"/api/tables/{table['id']}")["status"] == "finished",
            "the bots' table to finish",
        )
        assert len(server.record(table["id"]).deals) == 2


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
        listed = _admin(database, "chat", table["id"])
        assert listed.returncode == 0, listed.stderr  # once seen empty on PostgreSQL, unexplained
        lines = listed.stdout.strip().splitlines()
        assert [line.split("\t", 3)[3] for line in lines] == ["P: something rude", "P: good luck"]
        rude = lines[0].split("\t")[0]

        async def remove() -> tuple[dict[str, Any], str, dict[str, Any], dict[str, Any]]:
            peer = await Peer.open(server, table["id"], tokens[1])
            await peer.kind("snapshot")
            watching = await Peer.open(server, table["id"], None)
            await watching.kind("snapshot")
            done = await asyncio.to_thread(_admin, database, "remove-chat", rude, *SLOW)
            notice = await peer.kind("ev", kind="notice")
            seen = await watching.kind("ev", kind="notice")
            again = await Peer.open(server, table["id"], None)
            return notice, done.stdout, await again.kind("snapshot"), seen

        notice, said, snapshot, seen = asyncio.run(remove())
        assert [event["text"] for event in notice["d"]] == [
            "the operator removed a line of chat by P"
        ]
        assert (seen["seq"], seen["d"]) == (notice["seq"], notice["d"])  # a spectator is told
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


def test_an_operator_takes_a_seat_from_its_player_and_a_bot_plays_it(
    database: str, tmp_path: Path
) -> None:
    """``cardtable admin remove-seat ID SEAT``: the stand-in bot plays the seat from then on.

    The player's connection is closed, his token holds the seat no more (4001), and the
    table is told by a ``notice``.

    docs/server.md, "For a club's operator".
    """
    with Server(database, tmp_path / "log", options=("--grace", "3600")).running() as server:
        table = server.new_table("piquet", ["open", "open"], deals=2)
        tokens = [server.join(table, "P"), server.join(table, "Q")]

        async def run() -> tuple[dict[str, Any], str, int | None, dict[str, Any], Peer]:
            stays = await Peer.open(server, table["id"], tokens[0])
            leaves = await Peer.open(server, table["id"], tokens[1])
            await stays.kind("snapshot")
            await leaves.kind("snapshot")
            done = await asyncio.to_thread(
                _admin, database, "remove-seat", table["id"], "1", "--reason", "he cheated", *SLOW
            )
            notice = await stays.kind("ev", kind="notice")
            with pytest.raises(ConnectionClosed):
                await leaves.until(lambda frame: False)
            closed = leaves.socket.close_code
            for _ in range(40):  # the bot's move comes once seat 0 has given it the turn
                state = stays.state()
                if state["seq"] > notice["seq"] and any(
                    f["type"] == "ev" and f["seat"] == 1 and f["seq"] > notice["seq"]
                    for f in stays.frames
                ):
                    break
                if state["to_move"] == 0:
                    await stays.act(stays.moves()[0])
                else:
                    await stays.until(lambda frame: frame["type"] == "ev")
            else:
                raise AssertionError("seat 1 never moved after it was handed to a bot")
            again = await Peer.open(server, table["id"], tokens[1])
            with pytest.raises(ConnectionClosed):
                await again.until(lambda frame: False)
            presence = next(f for f in reversed(stays.frames) if f["type"] == "presence")
            return notice, done.stdout, closed, presence, again

        notice, said, closed, presence, again = asyncio.run(run())
        assert [event["text"] for event in notice["d"]] == [
            "the operator handed seat 1 (Q) to a bot: he cheated"
        ]
        assert notice["seat"] is None
        assert said.strip() == f"act 1: seat 1 handed to a bot at seq {notice['seq']}"
        assert closed == 4001
        assert again.socket.close_code == 4001
        assert presence["seats"][1]["state"] == "bot"
        seats = server.get(f"/api/tables/{table['id']}")["seats"]
        assert (seats[1]["name"], seats[1]["bot"]) == ("Q", "default")
        refused = _admin(database, "remove-seat", table["id"], "1")
        assert (refused.returncode, refused.stderr.strip()) == (
            2,
            f"error: seat 1 of table {table['id']} is not held by a person",
        )


def test_an_operator_removes_a_player_and_his_history_and_his_tables_keep_his_name(
    database: str, tmp_path: Path
) -> None:
    """``cardtable admin remove-player NAME``: refused while he sits at a table in play.

    Then his account and history are gone (his cookie signs nobody in, his name is free), and
    the table he finished still names him in its record. docs/server.md, "For a club's
    operator".
    """
    with Server(database, tmp_path / "log").running() as server:
        anna = Browser(server)
        anna.ok("POST", "/api/accounts", {"name": "Anna", "password": "a long secret"})
        player = anna.ok("GET", "/api/me")["id"]
        played = server.new_table("piquet", ["open", "bot random"], deals=1)
        token = anna.ok("POST", f"/api/tables/{played['id']}/join", {"invite": played["invite"]})
        asyncio.run(Client(server.socket_url(played["id"]), token["token"], seed=4).play())
        _wait_for(
            lambda: server.get(f"/api/tables/{played['id']}")["status"] == "finished",
            "the table to finish",
        )
        waiting = server.new_table("piquet", ["open", "open"])
        anna.ok("POST", f"/api/tables/{waiting['id']}/join", {"invite": waiting["invite"]})
        refused = _admin(database, "remove-player", "anna")
        assert (refused.returncode, refused.stderr.strip()) == (
            2,
            f"error: the player still sits at table {waiting['id']} (seat 0): "
            f"remove-seat {waiting['id']} 0 first",
        )
        assert len(anna.ok("GET", f"/api/players/{player}/history")["matches"]) == 2
        _admin(database, "close-table", waiting["id"], *SLOW)
        done = _admin(database, "remove-player", "Anna", "--reason", "she asked")
        assert (
            done.stdout.strip()
            == "act 2: Anna removed: 2 seats keep the name, no longer the player"
        )
        assert anna.call("GET", f"/api/players/{player}/history") == (
            404,
            {"detail": f"there is no player {player!r}"},
        )
        assert anna.call("GET", "/api/me")[0] == 401
        assert server.record(played["id"]).seats[0] == "Anna"
        again = Browser(server).call("POST", "/api/accounts", {"name": "Anna", "password": "x" * 9})
        assert again[0] == 201
        gone = _admin(database, "remove-player", player)
        assert gone.stderr.strip() == f"error: there is no account or player {player!r}"


async def _play_on(peer: Peer, seat: int) -> None:
    # Plays the seat's turns as fast as they come until the table ends.
    with contextlib.suppress(ConnectionClosed):
        while not peer.ended:
            if not (peer.latest is not None and gives_turn(peer.latest, seat)):
                await peer.until(lambda f: f["type"] == "end" or gives_turn(f, seat))
                continue
            await peer.act(peer.moves()[0])


def test_an_operator_closing_a_table_while_moves_are_in_flight_leaves_none_after_the_close(
    database: str, tmp_path: Path
) -> None:
    """Moves sent as the table is closed are either played before the ``abort`` or refused.

    Closing goes through the table's lock like every move: no move is logged or acked after
    the ``abort``, and one that came too late is refused with ``finished``.
    docs/server.md, "For a club's operator".
    """
    with Server(database, tmp_path / "log", options=("--grace", "3600")).running() as server:
        # A match longer than the test: the close comes while the moves are flowing.
        table = server.new_table("piquet", ["open", "open"], deals=10_000, rules={"parties": 1000})
        tokens = [server.join(table, "P"), server.join(table, "Q")]

        async def run() -> list[Peer]:
            peers = [await Peer.open(server, table["id"], token) for token in tokens]
            players = [asyncio.create_task(_play_on(peer, n)) for n, peer in enumerate(peers)]
            deadline = time.monotonic() + FRAME_SECONDS
            while not any(f["type"] == "ack" for peer in peers for f in peer.frames):
                assert time.monotonic() < deadline, "nobody's move was acked"
                await asyncio.sleep(0.05)
            await asyncio.to_thread(_admin, database, "close-table", table["id"], *SLOW)
            await asyncio.gather(*players)
            return peers

        peers = asyncio.run(run())
        log = server.get(f"/api/tables/{table['id']}")
        assert log["status"] == "finished"
        abort = next(f for f in peers[0].frames if f["type"] == "ev" and f["kind"] == "abort")
        assert abort["seq"] == log["seq"]
        for peer in peers:
            acks = [f for f in peer.frames if f["type"] == "ack"]
            assert all(ack["seq"] < abort["seq"] for ack in acks if ack["ok"])
            assert {ack["code"] for ack in acks if not ack["ok"]} <= {"finished"}


def test_a_player_opens_no_more_tables_than_the_server_allows_from_any_address(
    database: str, tmp_path: Path
) -> None:
    """``--tables-per-player 2``: a signed-in player's third open table is refused with 429.

    Counted by the player, not the address: from another address he is refused too, while
    another player is not; once one of his tables has finished, he may make another.
    docs/server.md, "For a club's operator".
    """
    options = ("--tables-per-player", "2")
    with Server(database, tmp_path / "log", options=options).running() as server:
        anna = Browser(server, address="10.0.0.1")
        anna.ok("POST", "/api/guest", {"name": "Anna"})
        quick = {"game": "piquet", "seats": ["bot default", "bot default"], "deals": 1}
        spec = {"game": "piquet", "seats": ["open", "open"]}
        made = anna.ok("POST", "/api/tables", quick)
        anna.ok("POST", "/api/tables", spec)
        elsewhere = Browser(server, jar=anna.jar, address="10.0.0.2")
        assert elsewhere.call("POST", "/api/tables", spec) == (
            429,
            {
                "detail": "you have 2 tables open, the most this server allows one player: "
                "another can be made when one of them finishes"
            },
        )
        boris = Browser(server, address=anna.address)
        boris.ok("POST", "/api/guest", {"name": "Boris"})
        boris.ok("POST", "/api/tables", spec)
        _wait_for(
            lambda: server.get(f"/api/tables/{made['id']}")["status"] == "finished",
            "the bots' table to finish",
        )
        assert elsewhere.call("POST", "/api/tables", spec)[0] == 201
