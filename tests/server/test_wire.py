"""Bad input over the wire and races: refused with a code or closed, never a crash or a change."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from server.harness import Server

pytestmark = pytest.mark.timeout(120)


async def _frame(socket: ClientConnection) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 10))
    return frame


async def _until(socket: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame = await _frame(socket)
        if frame["type"] == kind:
            return frame


async def _frames_until_closed(socket: ClientConnection) -> list[dict[str, Any]]:
    """Every frame until the server closes; a server that never closes fails the test."""
    frames = []
    try:
        for _ in range(10_000):
            frames.append(await _frame(socket))
    except ConnectionClosed:
        return frames
    raise AssertionError("the server did not close the connection")


async def _closed(socket: ClientConnection) -> int | None:
    await _frames_until_closed(socket)
    return socket.close_code


def _seated(server: Server) -> tuple[dict[str, Any], str]:
    """A piquet table of two people, and the token of the seat to move (nothing else moves)."""
    table = server.new_table("piquet", ["open", "open"], deals=1)
    tokens = [server.join(table, "P"), server.join(table, "Q")]
    to_move = server.get(f"/api/tables/{table['id']}")["to_move"]
    return table, tokens[to_move]


async def _hello(server: Server, table: str, token: str | None) -> ClientConnection:
    socket = await connect(server.socket_url(table))
    # The server may close at once (an unknown table) before the hello is sent: its close
    # code is then read as for any other close.
    with contextlib.suppress(ConnectionClosed):
        await socket.send(json.dumps({"type": "hello", "token": token}))
    return socket


def test_bad_frames_get_an_error_frame_and_change_nothing(server: Server) -> None:
    """Malformed JSON, an unknown type, a field too many or binary each get an ``error`` frame.

    docs/server.md, "Errors and close codes".
    """
    table, token = _seated(server)

    async def run() -> list[dict[str, Any]]:
        socket = await _hello(server, table["id"], token)
        await _until(socket, "welcome")
        answers = []
        for bad in ['{"type": "act", "id": 1', '{"type": "shout"}', "[1, 2]"]:
            await socket.send(bad)
            answers.append(await _until(socket, "error"))
        await socket.send(json.dumps({"type": "ping", "c": 1, "extra": True}))
        answers.append(await _until(socket, "error"))
        await socket.send(b"\x00\x01")
        answers.append(await _until(socket, "error"))
        await socket.send(json.dumps({"type": "ping", "c": 5}))
        answers.append(await _until(socket, "pong"))
        await socket.close()
        return answers

    before = server.get(f"/api/tables/{table['id']}")["seq"]
    answers = asyncio.run(run())
    codes = [answer.get("code") for answer in answers]
    assert codes == ["bad_json", "unknown_type", "bad_frame", "bad_frame", "bad_frame", None]
    assert "extra" in answers[3]["msg"]
    assert answers[5]["c"] == 5
    assert server.get(f"/api/tables/{table['id']}")["seq"] == before


def test_refused_actions_carry_a_code_and_the_reason(server: Server) -> None:
    """A stale seq, a repeated id, an illegal move or a spectator's is refused with its code.

    None of them changes the table.

    docs/server.md, "The protocol".
    """
    table, token = _seated(server)

    async def run() -> list[dict[str, Any]]:
        socket = await _hello(server, table["id"], token)
        await _until(socket, "welcome")
        snapshot = await _until(socket, "snapshot")
        seq = snapshot["seq"]
        answers = []
        for act in [
            {"id": "a", "seq": seq + 5, "a": snapshot["legal"][0]},
            {"id": "b", "seq": seq, "a": "play Z♠"},
            {"id": "c", "seq": seq, "a": "declare nothing at all"},
        ]:
            await socket.send(json.dumps({"type": "act", **act}))
            answers.append(await _until(socket, "ack"))
        await socket.send(
            json.dumps({"type": "act", "id": "d", "seq": seq, "a": snapshot["legal"][0]})
        )
        answers.append(await _until(socket, "ack"))
        await socket.send(json.dumps({"type": "act", "id": "d", "seq": seq + 1, "a": "pass"}))
        answers.append(await _until(socket, "ack"))
        await socket.close()
        watcher = await _hello(server, table["id"], None)
        await _until(watcher, "welcome")
        await watcher.send(json.dumps({"type": "act", "id": "e", "seq": seq, "a": "pass"}))
        answers.append(await _until(watcher, "ack"))
        await watcher.close()
        return answers

    before = server.get(f"/api/tables/{table['id']}")["seq"]
    answers = asyncio.run(run())
    assert server.get(f"/api/tables/{table['id']}")["seq"] == before + 1
    codes = [(answer["ok"], answer["code"]) for answer in answers]
    assert codes == [
        (False, "stale_seq"),
        (False, "illegal"),
        (False, "illegal"),
        (True, None),
        (False, "duplicate_id"),
        (False, "auth"),
    ]
    assert "seq" in answers[0]["msg"]
    assert answers[1]["msg"]


def test_a_bad_token_and_an_unknown_table_are_closed_with_their_codes(server: Server) -> None:
    """A bad token gets 4001, an unknown table 4004, a first frame other than hello 1008.

    docs/server.md, "Errors and close codes".
    """
    table, _token = _seated(server)

    async def run() -> list[int | None]:
        codes = []
        socket = await _hello(server, table["id"], "not-a-token")
        codes.append(await _closed(socket))
        socket = await _hello(server, "no-such-table", None)
        codes.append(await _closed(socket))
        socket = await connect(server.socket_url(table["id"]))
        await socket.send(json.dumps({"type": "ping"}))
        codes.append(await _closed(socket))
        return codes

    assert asyncio.run(run()) == [4001, 4004, 1008]


def test_an_oversized_frame_closes_the_connection(server: Server) -> None:
    """docs/server.md, "Errors and close codes": a frame over 16 KiB is closed with 1009."""
    table, token = _seated(server)

    async def run() -> int | None:
        socket = await _hello(server, table["id"], token)
        await _until(socket, "welcome")
        await socket.send(json.dumps({"type": "ping", "c": 1, "pad": "x" * 20_000}))
        return await _closed(socket)

    assert asyncio.run(run()) == 1009
    assert server.get("/api/games")


def test_a_flood_is_rate_limited_then_closed(server: Server) -> None:
    """Frames past the rate get a ``rate`` refusal; a flood that goes on is closed with 1008.

    docs/server.md, "Errors and close codes".
    """
    table, token = _seated(server)

    async def run() -> tuple[list[str], int | None]:
        socket = await _hello(server, table["id"], token)
        await _until(socket, "welcome")
        for number in range(3_000):
            await socket.send(json.dumps({"type": "ping", "c": number}))
        kinds = [frame["type"] for frame in await _frames_until_closed(socket)]
        return kinds, socket.close_code

    kinds, code = asyncio.run(run())
    assert "error" in kinds
    assert code == 1008
    assert server.get(f"/api/tables/{table['id']}")["status"] == "playing"


def test_a_second_connection_for_a_seat_replaces_the_first(server: Server) -> None:
    """The newer connection holds the seat; the older is closed with 4009.

    docs/server.md, "Errors and close codes".
    """
    table, token = _seated(server)

    async def run() -> int | None:
        first = await _hello(server, table["id"], token)
        await _until(first, "welcome")
        second = await _hello(server, table["id"], token)
        await _until(second, "welcome")
        code = await _closed(first)
        await second.close()
        return code

    assert asyncio.run(run()) == 4009


def test_two_actions_sent_at_the_same_seq_exactly_one_is_taken(server: Server) -> None:
    """Of two actions sent at the same seq one is committed, the other refused, in many trials.

    docs/server.md, "The protocol".
    """
    table = server.new_table("poker", ["open", "bot random"], deals=200, rules={"deals": 0})
    token = server.join(table, "P")

    async def run() -> list[tuple[bool, bool]]:
        socket = await _hello(server, table["id"], token)
        outcomes: list[tuple[bool, bool]] = []
        turn: dict[str, Any] | None = None
        while len(outcomes) < 40:
            frame = turn or await _frame(socket)
            turn = None
            if frame["type"] == "end":
                break
            legal = frame.get("legal") or []
            if frame["type"] not in {"ev", "snapshot"} or not legal:
                continue
            number = len(outcomes)
            for which, action in enumerate([legal[0], legal[-1]]):
                act = {"type": "act", "id": f"{number}-{which}", "seq": frame["seq"], "a": action}
                await socket.send(json.dumps(act))
            acks: dict[str, dict[str, Any]] = {}
            while len(acks) < 2:
                answer = await _frame(socket)
                if answer["type"] == "ack":
                    acks[answer["id"]] = answer
                elif answer.get("legal"):
                    turn = answer
            first, second = acks[f"{number}-0"], acks[f"{number}-1"]
            assert second["ok"] or second["code"] in {"stale_seq", "not_your_turn", "finished"}
            outcomes.append((first["ok"], second["ok"]))
        await socket.close()
        return outcomes

    outcomes = asyncio.run(run())
    assert len(outcomes) >= 20
    assert all(first != second for first, second in outcomes)


def test_a_seats_chat_reaches_everyone_and_a_spectators_only_spectators(server: Server) -> None:
    """Chat is kept with the table, seats and spectators apart.

    docs/server.md, "The protocol".
    """
    table, token = _seated(server)

    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        player = await _hello(server, table["id"], token)
        watcher = await _hello(server, table["id"], None)
        await _until(player, "snapshot")
        await _until(watcher, "snapshot")
        await watcher.send(json.dumps({"type": "chat", "text": "nice lead"}))
        await player.send(json.dumps({"type": "chat", "text": "thanks"}))
        heard_by_watcher = [await _until(watcher, "chat"), await _until(watcher, "chat")]
        heard_by_player = [await _until(player, "chat")]
        await player.send(json.dumps({"type": "ping", "c": 1}))
        await _until(player, "pong")
        await player.close()
        await watcher.close()
        return heard_by_watcher, heard_by_player

    by_watcher, by_player = asyncio.run(run())
    assert [(line["text"], line["scope"]) for line in by_watcher] == [
        ("nice lead", "spectators"),
        ("thanks", "table"),
    ]
    seats = server.get(f"/api/tables/{table['id']}")["seats"]
    assert [(line["text"], line["name"]) for line in by_player] == [
        ("thanks", seats[by_player[0]["seat"]]["name"])
    ]


def test_text_with_control_characters_is_refused_naming_them(server: Server) -> None:
    """Text holding a control character or a lone surrogate gets an ``error`` naming it.

    A chat line, an action or a client id with NUL (which PostgreSQL's text refuses) or a lone
    surrogate (which no database encodes) changes nothing, and the connection stays.

    docs/server.md, "Errors and close codes".
    """
    table, token = _seated(server)

    async def run() -> tuple[int, list[dict[str, Any]], dict[str, Any]]:
        player = await _hello(server, table["id"], token)
        snapshot = await _until(player, "snapshot")
        answers = []
        for frame in (
            {"type": "chat", "text": "hi\u0000all"},
            {"type": "chat", "text": "bell\u0007 and \ud800"},
            {"type": "act", "id": "c\u0000", "seq": snapshot["seq"], "a": "refuse talon"},
            {"type": "act", "id": "c1", "seq": snapshot["seq"], "a": "refuse\u0000talon"},
        ):
            await player.send(json.dumps(frame))
            answers.append(await _until(player, "error"))
        await player.send(json.dumps({"type": "chat", "text": "hi all"}))
        said = await _until(player, "chat")
        await player.close()
        return snapshot["seq"], answers, said

    seq, answers, said = asyncio.run(run())
    assert [(answer["code"], answer["msg"]) for answer in answers] == [
        ("bad_frame", "chat: text: holds control characters U+0000"),
        ("bad_frame", "chat: text: holds control characters U+0007, U+D800"),
        ("bad_frame", "act: id: holds control characters U+0000"),
        ("bad_frame", "act: a: holds control characters U+0000"),
    ]
    assert said["text"] == "hi all"
    assert server.get(f"/api/tables/{table['id']}")["seq"] == seq
