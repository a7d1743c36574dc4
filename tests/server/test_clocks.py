"""Clocks and absent seats, through a real server: a spent clock, a bot for a person who left.

The clocks are short and the tests wait on frames, never on a duration.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.store.repository import Store
from server.harness import Peer, Server, gives_turn, moves_offered

pytestmark = pytest.mark.timeout(180)

MOVES_BACK = 400
"""At most this many moves of a person back at her seat, till two have handed her the move."""

CLOCK = {"move": 0.2, "bank": 0.3}
"""A clock that runs out quickly: 0.2 s a move and a bank of 0.3 s."""


def _server(database: str, tmp_path: Path, *options: str) -> Server:
    server = Server(database, tmp_path / "server.log", options=options)
    server.start()
    return server


def _turn_of(seat: int) -> Any:
    return lambda frame: gives_turn(frame, seat)


async def _until_played_for(peer: Peer, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The frame that gave ``seat`` its turn and the ``ev`` of the move the table made for it."""
    turn = await peer.until(_turn_of(seat))
    played = await peer.until(lambda frame: frame["type"] == "ev" and frame["seat"] == seat)
    return turn, played


def _entry(store: Store, table: str, seq: int) -> Any:
    return next(entry for entry in store.log(table) if entry.seq == seq)


@pytest.mark.parametrize(
    ("game", "seats", "default"),
    [
        ("poker", ["open", "bot random"], "fold"),
        ("preferans", ["open", "bot random", "bot random"], None),
    ],
)
def test_a_spent_clock_plays_the_seat_and_the_table_goes_on(
    database: str, tmp_path: Path, game: str, seats: list[str], default: str | None
) -> None:
    """A person who lets his move time and bank run out has his move played, and play goes on.

    Poker's rules fold the hand ("его расклад аннулируется", 002_053e85955f9a4108.txt,
    "Продолжительность игры"); preferans has no such rule, so a bot plays the move. The bank
    spent is in the log and survives a SIGKILL. docs/server.md, "Clocks".
    """
    server = _server(database, tmp_path, "--stand-in", "random")
    table = server.new_table(game, seats, deals=50, clock=CLOCK)
    token = server.join(table, "Slow")

    async def idle() -> tuple[int, list[int]]:
        peer = await Peer.open(server, table["id"], token)
        welcome = await peer.kind("welcome")
        assert welcome["clock"] == CLOCK
        turn, played = await _until_played_for(peer, welcome["seat"])
        clock = next(f for f in reversed(peer.frames) if f["type"] == "clock")
        assert (clock["seat"], clock["move_ms"] > 0) == (welcome["seat"], True)
        assert played["seq"] == turn["seq"] + 1
        await peer.until(lambda frame: frame["type"] == "ev" and frame["seq"] > played["seq"])
        await peer.close()
        return played["seq"], clock["bank_ms"]

    try:
        seq, _ = asyncio.run(idle())
        store = Store(database)
        entry = _entry(store, table["id"], seq)
        store.close()
        assert (entry.seat, entry.client_id, entry.bank_ms) == (0, None, 0)
        if default is not None:
            assert entry.text == default
        server.kill()
        server.start()

        async def after_restart() -> dict[str, Any]:
            peer = await Peer.open(server, table["id"], token)
            clock = await peer.kind("clock")
            await peer.close()
            return clock

        assert asyncio.run(after_restart())["bank_ms"][0] == 0
    finally:
        server.stop()


def test_an_absent_seat_is_played_by_a_bot_after_the_grace_and_handed_back(
    database: str, tmp_path: Path
) -> None:
    """A person who leaves keeps his seat through the grace; then a bot plays it until he is back.

    ``presence`` frames tell the others; back, she is given every turn of hers, one that her
    own move handed her included (its ``ev`` comes before her ``ack``); after a SIGKILL the
    absent seat is bot-played again. docs/server.md, "Absent seats".
    """
    options = ("--grace", "0.3", "--stand-in", "random", "--bot-delay", "0.02")
    server = _server(database, tmp_path, *options)
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=500)
    token = server.join(table, "Anna")

    def state(frame: dict[str, Any], wanted: str) -> bool:
        return frame["type"] == "presence" and bool(frame["seats"][0]["state"] == wanted)

    async def leave_and_return() -> None:
        watcher = await Peer.open(server, table["id"], None)
        anna = await Peer.open(server, table["id"], token)
        await watcher.until(lambda frame: state(frame, "connected"))
        await anna.close()
        await watcher.until(lambda frame: state(frame, "away"))
        await watcher.until(lambda frame: state(frame, "bot-played"))
        await watcher.until(lambda frame: frame["type"] == "ev" and frame["seat"] == 0)
        anna = await Peer.open(server, table["id"], token)
        await watcher.until(lambda frame: state(frame, "connected"))
        await watcher.close()
        kept_the_move = 0
        rng = random.Random(0)
        for _ in range(MOVES_BACK):
            turn = await anna.turn(0, seconds=60)
            ack = await anna.act(rng.choice(moves_offered(turn, rng)))
            assert ack["ok"], ack
            kept_the_move += gives_turn(anna.state(), 0)
            if kept_the_move == 2:
                break
        assert kept_the_move == 2, f"{kept_the_move} of her moves handed her the move again"
        await anna.turn(0, seconds=60)
        await anna.close()

    async def after_restart() -> None:
        watcher = await Peer.open(server, table["id"], None)
        await watcher.until(lambda frame: state(frame, "bot-played"))
        await watcher.until(lambda frame: frame["type"] == "ev" and frame["seat"] == 0)
        await watcher.close()

    try:
        asyncio.run(leave_and_return())
        server.kill()
        server.start()
        asyncio.run(after_restart())
    finally:
        server.stop()
