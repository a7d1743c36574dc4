"""Moves between deals: the seat the engine awaits is offered them, and the next deal waits.

At a poker table that agreed dealer's choice, the dealer names his deal's game before he
deals (002_053e85955f9a4108.txt, "Выбор сдающего"); docs/server.md, "The protocol" (rule 1:
each move between deals is one entry of the log).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.harness import Peer, Server, shown_by_seq

pytestmark = pytest.mark.timeout(180)

RULES = {"session": {"dealers_choice": "deal"}}


def _mine(frame: dict[str, Any], seat: int) -> bool:
    return frame["type"] in {"ev", "snapshot"} and frame["to_move"] == seat and bool(frame["legal"])


async def _play(server: Server, table: dict[str, Any], token: str) -> dict[str, Any]:
    """The person plays check or call; as dealer he names draw, once refused another deck."""
    peer = await Peer.open(server, table["id"], token)
    welcome = await peer.kind("welcome")
    seat = welcome["seat"]
    said: dict[str, Any] = {"chosen": 0, "refusals": []}
    while True:
        frame = await peer.until(lambda f: f["type"] == "end" or _mine(f, seat), 60)
        if frame["type"] == "end":
            break
        legal = frame["legal"]
        if legal[0].startswith("choose"):
            said["offered"] = legal
            said["refusals"].append(await peer.act("choose lowball"))
            assert (await peer.act("choose draw"))["ok"]
            said["chosen"] += 1
            continue
        move = next((m for m in ("check", "call") if m in legal), legal[0])
        await peer.act(move)
    await peer.close()
    return said


def test_the_dealer_names_the_game_between_deals_and_the_next_deal_is_that_game(
    server: Server,
) -> None:
    """The dealer is offered the choice, a game of another deck is refused, his game is dealt.

    "последний выбирает вид игры ... не может ... добавить карты к колоде или убрать их"
    (Выбор сдающего): the bots choose the table's game, the person names draw.
    """
    table = server.new_table(
        "poker",
        ["open", "bot check-down", "bot check-down"],
        preset="holdem",
        rules=RULES,
        deals=3,
    )
    token = server.join(table, "Anna")
    said = asyncio.run(_play(server, table, token))
    assert said["chosen"] == 1, "the person dealt once in three deals"
    assert said["offered"][0] == "choose holdem"
    assert "choose lowball" not in said["offered"]
    assert [ack["code"] for ack in said["refusals"]] == ["illegal"]
    record = server.record(table["id"])
    befores = [deal.before for deal in record.deals]
    assert sorted(befores) == sorted([("choose holdem",), ("choose holdem",), ("choose draw",)])
    shown = shown_by_seq(record)
    variants = [
        views[0].view["variant"]
        for views in shown.values()
        if views[0].view is not None and views[0].view["phase"] != "over"
    ]
    chosen = [before[0].removeprefix("choose ") for before in befores]
    assert list(dict.fromkeys(variants)) == list(dict.fromkeys(chosen))
