"""A finished deal step by step as its viewer saw it: the replay the page's view reads.

docs/server.md, "Downloads": a seat gets its own events and views, a spectator the public
ones; once the table has finished any seat's view may be asked for; a deal in play has none.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from cardtable.engine import get_game
from cardtable.server.kept import Kept
from server.browser import Browser, one_line_error
from server.harness import Client, Server, shown_by_seq

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def server(shared_server: Server) -> Server:
    """The module's server: each test makes its own tables and players on it."""
    return shared_server


def _steps_against_the_engine(
    server: Server, table: str, answer: dict[str, Any], who: int | None
) -> None:
    """Step k of deal 1 is log seq 1 + k: its events and view are what ``who`` was shown."""
    shown = shown_by_seq(server.record(table))
    steps = answer["steps"]
    assert len(steps) == len(shown)
    for step, seq in zip(steps, sorted(shown), strict=True):
        seen = shown[seq][who]
        assert step["events"] == seen.d, f"seq {seq}"
        assert step["view"] == seen.view, f"seq {seq}"


def test_a_seat_replays_a_finished_deal_as_it_saw_it_and_others_see_their_own(
    server: Server,
) -> None:
    """The seat's token gets its views step by step; a spectator the public; later any seat's."""
    table = server.new_table("piquet", ["open", "bot default"], deals=1)
    token = server.join(table, "Anna")
    asyncio.run(Client(server.socket_url(table["id"]), token, seed=3).play())
    browser = Browser(server)
    path = f"/api/tables/{table['id']}/deals/1/replay"
    mine = browser.ok("GET", path, headers={"Seat-Token": token})
    assert mine["seat"] == 0
    _steps_against_the_engine(server, table["id"], mine, 0)
    assert any(step["move"] for step in mine["steps"]), "her own moves are named"
    assert all(step["move"] is None for step in mine["steps"] if step["seat"] != 0)
    public = browser.ok("GET", path)
    _steps_against_the_engine(server, table["id"], public, None)
    theirs = browser.ok("GET", path + "?seat=1")
    _steps_against_the_engine(server, table["id"], theirs, 1)
    unjudged = browser.call("GET", f"/api/tables/{table['id']}/deals/1/analysis")
    assert one_line_error(*unjudged) == "Piquet has no analysis"


def test_a_deal_still_being_played_has_no_replay(server: Server) -> None:
    """A deal in progress is not replayed: its record is the server's secret until it ends."""
    table = server.new_table("piquet", ["open", "bot default"], deals=1)
    server.join(table, "Anna")
    answer = Browser(server).call("GET", f"/api/tables/{table['id']}/deals/1/replay")
    assert one_line_error(*answer) == "deal 1 is still being played"


def test_a_finished_preferans_deal_is_analysed_card_by_card_double_dummy(
    server: Server,
) -> None:
    """Each card played with the declarer's tricks after it and after the best card.

    docs/solver.md (the analysis of a played deal); 001_776ed664a35a376f.txt, preferans
    rules 31–32 (the play the solver follows).
    """
    from cardtable.preferans.analysis import judge_record  # noqa: PLC0415

    # Anna passes in the auction and whists whatever is declared, so that the deal is played.
    made = server.new_table("preferans", ["open", "bot default", "bot default"], deals=1)
    token = server.join(made, "Anna")
    asyncio.run(Client(server.socket_url(made["id"]), token, seed=1).play(_pass_then_whist))
    table = made["id"]
    answer = Browser(server).ok("GET", f"/api/tables/{table}/deals/1/analysis")
    judged = judge_record(server.record(table), 1)
    assert answer["cards"]
    assert [(c["trick"], c["seat"], c["card"], c["cost"]) for c in answer["cards"]] == [
        (j.trick, j.seat, j.card.text(), j.cost) for j in judged
    ]
    for card in answer["cards"]:
        assert abs(card["best_tricks"] - card["declarer_tricks"]) == card["cost"]
        assert card["best"]
    missing = Browser(server).call("GET", f"/api/tables/{table}/deals/2/analysis")
    assert one_line_error(*missing) == "the table has 1 finished deals, not deal 2"


def _pass_then_whist(legal: list[str], rng: random.Random) -> str:
    """Pass in the auction, whist any game declared, else any move."""
    for wanted in ("whist", "pass"):
        if wanted in legal:
            return wanted
    return rng.choice(legal)


def test_a_deals_analysis_is_worked_out_once_and_the_next_request_is_served_it_kept(
    server: Server,
) -> None:
    """A finished deal never changes, so its analysis is kept, the oldest dropped past the bound.

    docs/server.md, "Downloads" (the analysis of a finished deal); the solver takes about a
    second a deal (docs/solver.md), so a second asker is not made to wait for it again.
    """
    made = server.new_table("preferans", ["open", "bot default", "bot default"], deals=1)
    token = server.join(made, "Anna")
    asyncio.run(Client(server.socket_url(made["id"]), token, seed=2).play(_pass_then_whist))
    record = server.record(made["id"])
    runs: list[int] = []

    async def judge() -> list[dict[str, Any]] | None:
        runs.append(1)
        return get_game("preferans").deal_analysis(record, 1)

    cache: Kept[list[dict[str, Any]] | None] = Kept(2)
    first = asyncio.run(cache.answer((made["id"], 1, None), judge))
    again = asyncio.run(cache.answer((made["id"], 1, None), judge))
    assert first
    assert again == first
    assert len(runs) == 1, "the second request worked the analysis out again"
    for other in ("a", "b"):
        asyncio.run(cache.answer((other, 1, None), judge))
    asyncio.run(cache.answer((made["id"], 1, None), judge))
    assert len(runs) == 4, "past its bound the cache drops the oldest analysis"
    served = Browser(server).ok("GET", f"/api/tables/{made['id']}/deals/1/analysis")
    assert served["cards"] == first
    assert Browser(server).ok("GET", f"/api/tables/{made['id']}/deals/1/analysis") == served
