"""Downloads: the record, one deal, PHH, the pulka, and a deal in progress as a seat saw it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cardtable.engine import parse_record
from cardtable.poker.phh import parse_phh_all, replay_phh
from server.browser import Browser, one_line_error
from server.harness import FRAME_SECONDS, Client, Server, shown_by_seq

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def server(shared_server: Server) -> Server:
    """The module's server: each test makes its own tables and players on it."""
    return shared_server


def _finished(server: Server, table: str, invite: str = "") -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status: dict[str, Any] = server.get(f"/api/tables/{table}{invite}")
        if status["status"] == "finished":
            return status
        time.sleep(0.2)
    raise AssertionError(f"table {table} did not finish")


def _replayed_by_the_command(path: Path) -> Any:
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_finished_poker_table_downloads_as_record_deal_and_phh(
    server: Server, tmp_path: Path
) -> None:
    """docs/server.md, "Downloads": the match, one deal, and PHH hands, each read back.

    The record and a deal's record replay with ``cardtable replay``; the PHH hand and the
    PHHS file replay with our PHH reader, the command's and the library's.
    """
    table = server.new_table("poker", ["bot random"] * 3, preset="holdem", deals=3)["id"]
    _finished(server, table)
    browser = Browser(server)
    match_file = tmp_path / "match.json"
    match_file.write_text(json.dumps(browser.ok("GET", f"/api/tables/{table}/record")), "utf-8")
    whole = _replayed_by_the_command(match_file)
    assert (whole["deals"], whole["valid"]) == (3, True)
    deal_file = tmp_path / "deal2.json"
    deal_file.write_text(
        json.dumps(browser.ok("GET", f"/api/tables/{table}/deals/2/record")), "utf-8"
    )
    assert _replayed_by_the_command(deal_file)["deals"] == 2
    hand = browser.text(f"/api/tables/{table}/deals/2/export/phh")
    (tmp_path / "deal2.phh").write_text(hand, "utf-8")
    assert len(_replayed_by_the_command(tmp_path / "deal2.phh")) >= 1
    hands = browser.text(f"/api/tables/{table}/export/phh")
    (tmp_path / "match.phhs").write_text(hands, "utf-8")
    assert len(_replayed_by_the_command(tmp_path / "match.phhs")) == 3
    assert [replay_phh(h).finishing_stacks for h in parse_phh_all(hand)] == [
        replay_phh(h).finishing_stacks for h in parse_phh_all(hands)[1:2]
    ]
    missing = browser.call("GET", f"/api/tables/{table}/export/pulka")
    assert one_line_error(*missing) == "Poker has no 'pulka' download (it has: phh)"
    beyond = browser.call("GET", f"/api/tables/{table}/deals/4/record")
    assert one_line_error(*beyond) == "the table has 3 finished deals, not deal 4"


def test_the_pulka_downloads_as_svg_during_play_and_after_each_deal(server: Server) -> None:
    """docs/server.md, "Downloads": the pulka, public as on paper, is drawn whenever asked."""
    table = server.new_table("preferans", ["bot random"] * 3, deals=2)["id"]
    browser = Browser(server)
    status, data, kind = browser.send("GET", f"/api/tables/{table}/export/pulka")
    assert status == 200
    assert kind == "image/svg+xml"
    assert data.startswith(b"<svg")
    _finished(server, table)
    first = browser.text(f"/api/tables/{table}/deals/1/export/pulka")
    last = browser.text(f"/api/tables/{table}/export/pulka")
    assert first.startswith("<svg")
    assert first != last


def _waiting_for_seat_zero(server: Server) -> tuple[dict[str, Any], str, int]:
    """A private preferans table whose bots have moved until seat 0 (a person) must act."""
    table = server.new_table(
        "preferans", ["open", "bot random", "bot random"], listed=False, deals=1
    )
    token = server.join(table, "Anna")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status = server.get(f"/api/tables/{table['id']}?invite={table['invite']}")
        if status["to_move"] == 0:
            return table, token, int(status["seq"])
        time.sleep(0.1)
    raise AssertionError("seat 0 never came to move")


def test_a_deal_in_progress_downloads_only_as_each_seat_saw_it(
    server: Server, tmp_path: Path
) -> None:
    """docs/server.md, "Downloads": no deck order, seed or unseen card leaves with a deal.

    While the deal is played its record and deal record are refused; ``seen`` gives the seat
    exactly the events and view the engine shows it at that seq, and a spectator the public
    events and the public view. Checked against the record once the table has finished.
    """
    table, token, seq = _waiting_for_seat_zero(server)
    browser, invite = Browser(server), f"?invite={table['invite']}"
    base = f"/api/tables/{table['id']}"
    for path in ("/record", "/deals/1/record", "/deals/1/export/pulka"):
        status, answer = browser.call("GET", base + path + invite)
        assert status == 409
        one_line_error(status, answer)
    mine = browser.ok("GET", f"{base}/deals/1/seen", headers={"seat-token": token})
    public = browser.ok("GET", f"{base}/deals/1/seen{invite}")
    assert server.get(f"{base}{invite}")["seq"] == seq
    for text in (json.dumps(mine), json.dumps(public)):
        assert '"deck"' not in text
        assert '"seed"' not in text
        assert '"salt"' not in text

    async def finish() -> None:
        await Client(server.socket_url(table["id"]), token).play()

    asyncio.run(finish())
    _finished(server, table["id"], invite)
    record = parse_record(json.dumps(browser.ok("GET", f"{base}/record{invite}")))
    shown = shown_by_seq(record, frozenset({seq}))[seq]
    assert mine["events"] == shown[0].events
    assert mine["view"] == shown[0].view
    assert public["events"] == shown[None].events
    assert public["view"] == shown[None].view
    assert mine["events"] != public["events"]


def test_a_private_tables_downloads_need_its_invite_or_a_seat_token(server: Server) -> None:
    """docs/server.md, "Downloads": without the invite or a token a private table says 403."""
    table, token, _seq = _waiting_for_seat_zero(server)
    browser, base = Browser(server), f"/api/tables/{table['id']}"
    for path in ("/deals/1/seen", "/export/pulka"):
        refused = browser.call("GET", base + path)
        assert refused[0] == 403
        assert one_line_error(*refused) == "this table is private: its invite code is needed"
        wrong = browser.call("GET", base + path, headers={"seat-token": "nope"})
        assert one_line_error(*wrong) == "that token holds no seat at this table"
    browser.ok("GET", f"{base}/deals/1/seen?invite={table['invite']}")
    assert browser.ok("GET", f"{base}/deals/1/seen", headers={"seat-token": token})["seat"] == 0


def test_a_private_tables_own_player_downloads_it_with_his_cookie(server: Server) -> None:
    """docs/server.md, "Downloads": a seated player's cookie opens a private table's downloads.

    Only the public events: the cookie is not the seat's token.
    """
    player, stranger = Browser(server), Browser(server)
    table = server.new_table("piquet", ["open", "bot random"], listed=False, deals=1)
    player.ok("POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": "Ida"})
    deadline = time.monotonic() + 60
    while player.ok("GET", f"/api/tables/{table['id']}")["to_move"] != 0:  # the bot waits on Ida
        assert time.monotonic() < deadline, "seat 0 never came to move"
        time.sleep(0.1)
    seen = player.ok("GET", f"/api/tables/{table['id']}/deals/1/seen")
    assert seen["seat"] is None
    assert seen == stranger.ok(
        "GET", f"/api/tables/{table['id']}/deals/1/seen?invite={table['invite']}"
    )
    refused = stranger.call("GET", f"/api/tables/{table['id']}/deals/1/seen")
    assert refused[0] == 403


def test_a_private_tables_status_needs_its_invite_a_seat_token_or_its_players_cookie(
    server: Server,
) -> None:
    """docs/server.md, "HTTP": a private table's id alone shows only that the table is private.

    Its settings, seats, seq and score need what its downloads need.
    """
    player, stranger = Browser(server), Browser(server)
    table = server.new_table("piquet", ["open", "bot random"], listed=False, deals=1)
    joined = player.ok(
        "POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": "Ida"}
    )
    base = f"/api/tables/{table['id']}"
    refused = stranger.call("GET", base)
    assert refused[0] == 403
    assert one_line_error(*refused) == "this table is private: its invite code is needed"
    shown = [
        stranger.ok("GET", f"{base}?invite={table['invite']}"),
        stranger.ok("GET", base, headers={"seat-token": joined["token"]}),
        player.ok("GET", base),
    ]
    assert {(status["id"], status["listed"]) for status in shown} == {(table["id"], False)}
    listed = server.new_table("piquet", ["open", "bot random"], deals=1)
    assert stranger.ok("GET", f"/api/tables/{listed['id']}")["id"] == listed["id"]


@dataclass(frozen=True)
class _PrivateTable:
    """A finished private preferans table, its seated player's browser and seat token."""

    server: Server
    table: dict[str, Any]
    player: Browser
    token: str


@pytest.fixture(scope="module")
def private_table(shared_server: Server) -> _PrivateTable:
    """One finished private table per module and database, for every endpoint's test."""
    server, player = shared_server, Browser(shared_server)
    table = server.new_table(
        "preferans", ["open", "bot random", "bot random"], listed=False, deals=1
    )
    joined = player.ok(
        "POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": "Ida"}
    )
    asyncio.run(Client(server.socket_url(table["id"]), joined["token"]).play())
    _finished(server, table["id"], f"?invite={table['invite']}")
    return _PrivateTable(server, table, player, joined["token"])


TABLE_PATHS = (
    "",
    "/sheet.svg",
    "/help",
    "/record",
    "/deals/1/record",
    "/export/pulka",
    "/deals/1/export/pulka",
    "/deals/1/seen",
    "/deals/1/replay",
    "/deals/1/analysis",
)
"""Every ``GET`` of a table by its id (``/api/tables/{id}`` and below)."""


@pytest.mark.parametrize("path", TABLE_PATHS)
def test_a_private_tables_endpoint_refuses_a_stranger_who_knows_only_its_id(
    private_table: _PrivateTable, path: str
) -> None:
    """docs/server.md, "Private tables": the id alone gets 403 and one line saying why.

    The invite code, a seat token of the table and the cookie of its seated player each get
    the answer.
    """
    server, table = private_table.server, private_table.table
    base, stranger = f"/api/tables/{table['id']}{path}", Browser(server)
    status, data, _kind = stranger.send("GET", base)
    assert status == 403
    assert one_line_error(status, json.loads(data)) == (
        "this table is private: its invite code is needed"
    )
    status, data, _kind = stranger.send("GET", base, headers={"seat-token": "nope"})
    assert one_line_error(status, json.loads(data)) == "that token holds no seat at this table"
    answers = [
        stranger.send("GET", f"{base}?invite={table['invite']}"),
        stranger.send("GET", base, headers={"seat-token": private_table.token}),
        private_table.player.send("GET", base),
    ]
    assert [answer[0] for answer in answers] == [200, 200, 200]
    assert len({answer[2] for answer in answers}) == 1


def _cookie(browser: Browser) -> str:
    return "; ".join(f"{cookie.name}={cookie.value}" for cookie in browser.jar)


async def _first_frame(url: str, token: str | None, cookie: str = "") -> dict[str, Any]:
    """The first frame the table socket at ``url`` sends, or how it closed."""
    headers = {"cookie": cookie} if cookie else {}
    async with connect(url, additional_headers=headers, open_timeout=FRAME_SECONDS) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token, "since": None}))
        try:
            frame: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 30))
        except ConnectionClosed:
            return {"closed": socket.close_code, "reason": socket.close_reason}
        return frame


def test_a_private_tables_socket_refuses_a_spectator_who_knows_only_its_id(
    private_table: _PrivateTable,
) -> None:
    """docs/server.md, "Private tables": watching needs what the table's status needs.

    The id alone is closed with 4003 and the reason; ``?invite=`` in the socket's address,
    the seat's token and the seated player's cookie are each welcomed.
    """
    server, table = private_table.server, private_table.table
    url = server.socket_url(table["id"])

    async def run() -> list[dict[str, Any]]:
        return [
            await _first_frame(url, None),
            await _first_frame(url, "nope"),
            await _first_frame(f"{url}?invite={table['invite']}", None),
            await _first_frame(url, private_table.token),
            await _first_frame(url, None, _cookie(private_table.player)),
        ]

    stranger, wrong, invited, seated, cookie = asyncio.run(run())
    assert stranger == {
        "closed": 4003,
        "reason": "this table is private: its invite code is needed",
    }
    assert wrong == {"closed": 4001, "reason": "that token holds no seat at this table"}
    assert (invited["type"], invited["seat"]) == ("welcome", None)
    assert (seated["type"], seated["seat"]) == ("welcome", 0)
    assert (cookie["type"], cookie["seat"]) == ("welcome", None)
