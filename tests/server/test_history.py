"""A player's history and statistics, checked against the engine's replay of the record."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from datetime import datetime
from fractions import Fraction
from typing import Any

import pytest

from cardtable.engine import Record, parse_record
from cardtable.engine.replay import replay
from cardtable.preferans.game import PreferansMatch
from server.browser import Browser
from server.harness import Client, Server

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def server(shared_server: Server) -> Server:
    """The module's server: each test makes its own tables and players on it."""
    return shared_server


def _played_by_a_guest(
    server: Server, game: str, seats: list[str], **settings: Any
) -> tuple[Browser, str, Record]:
    """A guest sits at seat 0 and plays it at random with bots until the table ends."""
    guest = Browser(server)
    table = server.new_table(game, ["open", *seats], **settings)
    joined = guest.ok(
        "POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": "Gleb"}
    )

    async def play() -> None:
        await Client(server.socket_url(table["id"]), joined["token"], seed=3).play()

    asyncio.run(play())
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)
    record = parse_record(json.dumps(server.get(f"/api/tables/{table['id']}/record")))
    return guest, guest.ok("GET", "/api/me")["id"], record


def _nets(record: Record, name: str) -> list[Fraction]:
    ledgers = [{}, *(entry.result.ledger for entry in record.deals if entry.result)]
    return [
        Fraction(str(after[name])) - Fraction(str(before.get(name, 0)))
        for before, after in itertools.pairwise(ledgers)
    ]


def test_a_players_history_holds_each_deal_with_his_net(server: Server) -> None:
    """docs/server.md, "History and statistics": table, game, date, seats, each deal's net.

    For poker the net per hand and the hands played, as the record's ledgers give them.
    """
    _guest, player, record = _played_by_a_guest(
        server, "poker", ["bot random", "bot random"], preset="holdem", deals=3
    )
    history = Browser(server).ok("GET", f"/api/players/{player}/history")
    assert history["player"] == {"id": player, "name": "Gleb", "account": False}
    (match,) = history["matches"]
    assert (match["game"], match["status"], match["seat"]) == ("poker", "finished", 0)
    assert match["seats"] == list(record.seats)
    datetime.fromisoformat(match["date"])
    nets = _nets(record, "Gleb")
    assert [Fraction(str(deal["net"])) for deal in match["deals"]] == nets
    assert [deal["deal"] for deal in match["deals"]] == [1, 2, 3]
    assert all(deal["played"] for deal in match["deals"])
    assert Fraction(str(match["net"])) == replay(record).ledger()["Gleb"] == sum(nets)
    poker = Browser(server).ok("GET", f"/api/players/{player}/statistics")["games"]["poker"]
    assert (poker["matches"], poker["finished"], poker["deals"]) == (1, 1, 3)
    assert Fraction(str(poker["net"])) == sum(nets)
    assert Fraction(str(poker["net_per_deal"])) == sum(nets) / 3


def test_preferans_statistics_count_contracts_made_and_whists_per_deal(server: Server) -> None:
    """docs/server.md, "History and statistics": for preferans the whists per deal.

    The contracts the player declared and made, and the whists he wrote, as the replayed
    pulka holds them (000_75e337bfe099b695.txt, preferans rules 44–45: what the whisters write).
    """
    _guest, player, record = _played_by_a_guest(
        server, "preferans", ["bot random", "bot random"], deals=3
    )
    match = replay(record)
    assert isinstance(match, PreferansMatch)
    outcomes = [
        entry.result.outcome
        for entry in record.deals
        if entry.result and isinstance(entry.result.outcome, dict)
    ]
    declared = [o for o in outcomes if o["declarer"] == 0]
    (played,) = Browser(server).ok("GET", f"/api/players/{player}/history")["matches"]
    assert [deal["declared"] for deal in played["deals"]] == [o["declarer"] == 0 for o in outcomes]
    stats = Browser(server).ok("GET", f"/api/players/{player}/statistics")["games"]["preferans"]
    assert stats["deals"] == 3
    assert stats["counts"].get("declared", 0) == len(declared)
    assert sum(stats["names"].get("contract", {}).values()) == len(declared)
    whists = sum(match.sheet.whists("Gleb", other) for other in record.seats if other != "Gleb")
    assert Fraction(str(stats["totals"]["whists"])) == whists
    assert Fraction(str(stats["per_deal"]["whists"])) == whists / 3


def test_a_private_table_is_in_the_history_of_its_player_only(server: Server) -> None:
    """docs/server.md, "History and statistics": others see only listed tables."""
    guest = Browser(server)
    table = server.new_table("piquet", ["open", "bot random"], listed=False)
    guest.ok("POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": "Ida"})
    player = guest.ok("GET", "/api/me")["id"]
    own = guest.ok("GET", f"/api/players/{player}/history")["matches"]
    assert [match["table"] for match in own] == [table["id"]]
    assert Browser(server).ok("GET", f"/api/players/{player}/history")["matches"] == []
    missing = Browser(server).call("GET", "/api/players/nobody/statistics")
    assert missing == (404, {"detail": "there is no player 'nobody'"})


def test_a_history_asked_again_replays_only_the_tables_that_played_on_since(
    server: Server,
) -> None:
    """docs/server.md, "HTTP" (a player's history): each table's part is kept until its log grows.

    The same history asked twice replays its table once; once the table has played on, the
    history shows its new deals and status, replayed anew.
    """
    guest = Browser(server)
    table = server.new_table("piquet", ["open", "bot random"], deals=1)
    joined = guest.ok(
        "POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": "Vera"}
    )
    player = guest.ok("GET", "/api/me")["id"]
    before = server.get("/api/server")["histories_replayed"]
    first = guest.ok("GET", f"/api/players/{player}/history")
    again = guest.ok("GET", f"/api/players/{player}/history")
    assert again == first
    assert first["matches"][0]["deals"] == []
    assert server.get("/api/server")["histories_replayed"] == before + 1

    asyncio.run(Client(server.socket_url(table["id"]), joined["token"], seed=5).play())
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)
    after = guest.ok("GET", f"/api/players/{player}/history")["matches"][0]
    assert (after["status"], len(after["deals"])) == ("finished", 1)
    assert after["net"] == _nets(server.record(table["id"]), "Vera")[0]
    assert server.get("/api/server")["histories_replayed"] == before + 2
