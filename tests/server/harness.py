"""A real server process on a loopback port and real WebSocket clients for the server's tests.

The server runs as ``cardtable serve`` in a subprocess (so it can be killed with SIGKILL and
started again on the same database); clients speak the protocol through ``websockets``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from cardtable.engine import DealSetup, Record, get_game, parse_record

FRAME_SECONDS = 20.0
"""How long a client waits for one frame before the test fails."""

CARD = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[♠♣♦♥]")
"""A card as the server writes it (unicode notation)."""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """``cardtable serve`` in a subprocess on its own port and database."""

    database: str
    log: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        """The server's HTTP base address."""
        return f"http://127.0.0.1:{self.port}"

    def socket_url(self, table: str) -> str:
        """The table socket's address."""
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table}"

    def start(self) -> None:
        """Start the server and wait until it answers HTTP."""
        command = [sys.executable, "-m", "cardtable", "serve", "--port", str(self.port)]
        command += ["--database", self.database, "--bot-delay", "0"]
        with self.log.open("ab") as sink:
            self.process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(OSError):
                self.get("/api/games")
                return
            time.sleep(0.1)
        raise RuntimeError("the server did not answer within 30 s")

    def kill(self) -> None:
        """Kill the server with SIGKILL, as a crash would."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """Stop the server politely, or kill it if it lingers."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """The status and JSON answer of an HTTP request."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.http + path, data=data, method=method, headers={"content-type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def get(self, path: str) -> Any:
        """The JSON answer of a GET that must succeed."""
        status, data = self.request("GET", path)
        assert status == 200, (status, data)
        return data

    def post(self, path: str, body: Any) -> Any:
        """The JSON answer of a POST that must succeed."""
        status, data = self.request("POST", path, body)
        assert status in {200, 201}, (status, data)
        return data

    def new_table(self, game: str, seats: list[str], **settings: Any) -> dict[str, Any]:
        """Create a table; the answer holds its id and invite code."""
        return dict(self.post("/api/tables", {"game": game, "seats": seats, **settings}))

    def join(self, table: dict[str, Any], name: str) -> str:
        """Join the first open seat of ``table``; return the seat token."""
        answer = self.post(
            f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": name}
        )
        return str(answer["token"])

    def record(self, table: str) -> Record:
        """The finished table's record, read back as a record."""
        return parse_record(json.dumps(self.get(f"/api/tables/{table}/record")))


Chooser = Callable[[list[str], random.Random], str]
"""Picks an action text from the legal ones."""


def random_choice(legal: list[str], rng: random.Random) -> str:
    """A uniformly random legal action."""
    return rng.choice(legal)


@dataclass
class Client:
    """One connection to a table: a seat (with its token) or a spectator (no token)."""

    url: str
    token: str | None = None
    seed: int = 0
    frames: list[dict[str, Any]] = field(default_factory=list)
    acks: dict[str, dict[str, Any]] = field(default_factory=dict)
    seq: int = 0
    seat: int | None = None
    sent: int = 0

    async def play(self, choose: Chooser = random_choice, since: int | None = None) -> None:
        """Connect, play the seat's turns with ``choose`` and record every frame until ``end``."""
        rng = random.Random(self.seed)
        async with connect(self.url, max_size=2**22) as socket:
            await socket.send(json.dumps({"type": "hello", "token": self.token, "since": since}))
            while True:
                frame = await self.receive(socket)
                if frame["type"] == "end":
                    return
                if self.token is not None and self._my_turn(frame):
                    await self.act(socket, choose(frame["legal"], rng))

    async def receive(self, socket: ClientConnection) -> dict[str, Any]:
        """The next frame, recorded, with the client's seq kept up."""
        text = await asyncio.wait_for(socket.recv(), FRAME_SECONDS)
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        if frame["type"] == "welcome":
            self.seat = frame["seat"]
        if frame["type"] in {"ev", "snapshot"}:
            self.seq = frame["seq"]
        if frame["type"] == "ack":
            self.acks[frame["id"]] = frame
        return frame

    async def act(self, socket: ClientConnection, text: str) -> str:
        """Send ``text`` at the client's seq; return the action's client id."""
        self.sent += 1
        client_id = f"{self.token and self.token[:8]}-{self.sent}"
        await socket.send(json.dumps({"type": "act", "id": client_id, "seq": self.seq, "a": text}))
        return client_id

    def _my_turn(self, frame: dict[str, Any]) -> bool:
        return (
            frame["type"] in {"ev", "snapshot"}
            and bool(frame.get("legal"))
            and frame.get("to_move") == self.seat
        )


def known_cards_by_seq(record: Record, seats: int) -> dict[int, list[frozenset[str]]]:
    """For each log seq, the cards each seat (and, last, a spectator) had been shown by then.

    The log's order is that of the record: for each deal its moves before, the deal, then its
    actions. A spectator is shown only the cards of public events.
    """
    game = get_game(record.game)
    match = game.new_match(game.rules(record.preset, record.rules), record.seats, record.preset)
    known: dict[int, list[frozenset[str]]] = {}
    seq = 0

    def note() -> None:
        deal = match.deals[-1] if match.deals else None
        seen = [
            frozenset(card.text() for card in deal.cards_known_to(seat)) if deal else frozenset()
            for seat in range(seats)
        ]
        public = frozenset(
            card.text()
            for event in (deal.events if deal else [])
            if event.audience is None
            for card in event.cards
        )
        known[seq] = [*seen, public]

    for entry in record.deals:
        for text in entry.before:
            match.apply_between(text)
            seq += 1
            note()
        match.start_deal_from(DealSetup(entry.dealer, entry.deck, entry.seed))
        seq += 1
        note()
        for text in entry.actions:
            match.apply(game.parse_action(text))
            seq += 1
            note()
    return known


def cards_named(frame: Any) -> set[str]:
    """Every card text named anywhere in a frame's strings."""
    found: set[str] = set()
    if isinstance(frame, str):
        found.update(CARD.findall(frame))
    elif isinstance(frame, dict):
        for value in frame.values():
            found |= cards_named(value)
    elif isinstance(frame, list):
        for value in frame:
            found |= cards_named(value)
    return found
