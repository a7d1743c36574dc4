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
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from cardtable.engine import (
    DealSetup,
    Event,
    Record,
    get_game,
    outside_choices,
    parse_record,
    view_to_data,
)

FRAME_SECONDS = float(os.environ.get("CARDTABLE_TEST_FRAME_SECONDS", "20"))
"""How long a client waits for one frame (or an answer) before the test fails; a soak at
nice 19 on a busy machine waits longer (``make soak-server`` sets it)."""

PING_SECONDS = os.environ.get("CARDTABLE_TEST_PING_SECONDS")
"""If set, the servers' keepalive ping interval and timeout: a soak's client at nice 19 may not
run for longer than the default 20 s, and would be closed (``make soak-server`` sets it)."""

CONNECT: dict[str, Any] = {"max_size": 2**22, "open_timeout": FRAME_SECONDS}
"""How the test clients connect; with :data:`PING_SECONDS` their own pings wait as long."""
if PING_SECONDS is not None:
    CONNECT |= {"ping_interval": float(PING_SECONDS), "ping_timeout": float(PING_SECONDS)}

SLACK = float(os.environ.get("CARDTABLE_TEST_SLACK", "1"))
"""How many times longer than on a quiet machine a long test may run before pytest-timeout
stops it: ``make soak-server`` runs at nice 19 beside other work, where a kill or a deal takes
several times its quiet wall time (docs/server.md, "Tests and soak runs")."""


def allowance(units: int, seconds_each: float, start: float = 60.0) -> float:
    """A long test's pytest-timeout: ``start`` s and ``seconds_each`` per kill or deal, × SLACK.

    So a soak asked for more kills or deals is allowed time for them, rather than being
    stopped at the suite's figure.
    """
    return SLACK * (start + seconds_each * units)


START_SECONDS = max(300.0, FRAME_SECONDS)
"""How long a server may take to start answering: the wait ends as soon as it answers.

A soak runs at nice 19 on a busy machine, and on two starved cores a start that costs 1.7 CPU
seconds was seen to take 126 s of wall time.
"""


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
    rate: float = 500.0
    options: tuple[str, ...] = ()
    """More options of ``cardtable serve`` (a short ``--grace``, say)."""
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
        command += ["--database", self.database, "--bot-delay", "0", "--rate", str(self.rate)]
        # Every test's tables come from 127.0.0.1; a test of the limit sets its own.
        command += ["--tables-per-address", "0"]
        if PING_SECONDS is not None:
            command += ["--ping-interval", PING_SECONDS, "--ping-timeout", PING_SECONDS]
        command += self.options
        with self.log.open("ab") as sink:
            self.process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(OSError):
                self.get("/api/games")
                return
            time.sleep(0.1)
        self.kill()  # not left running behind the failed test
        raise RuntimeError(f"the server did not answer within {START_SECONDS:.0f} s")

    @contextlib.contextmanager
    def running(self) -> Iterator[Server]:
        """The server started for a ``with`` block and stopped after it, however it ends."""
        self.start()
        try:
            yield self
        finally:
            self.stop()

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
            with urllib.request.urlopen(request, timeout=FRAME_SECONDS) as answer:
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


def moves_offered(frame: dict[str, Any], rng: random.Random) -> list[str]:
    """A frame's ``legal`` moves and one move built card by card from each of its choices."""
    built = []
    for choice in frame.get("choices") or []:
        count = rng.choice(choice["counts"])
        picked = set(rng.sample(choice["cards"], count))
        built.append(" ".join([choice["verb"], *(c for c in choice["cards"] if c in picked)]))
    return [*(frame.get("legal") or []), *built]


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

    async def play(
        self,
        choose: Chooser = random_choice,
        since: int | None = None,
        seconds: float = 1e9,
        acked: int = 0,
    ) -> None:
        """Connect, play the seat's turns with ``choose`` and record every frame until ``end``.

        After ``seconds``, once ``acked`` of its actions in all have been acknowledged, the
        client stops at its next frame and hangs up.
        """
        deadline = time.monotonic() + seconds
        rng = random.Random(self.seed)
        chosen = ""
        async with connect(self.url, **CONNECT) as socket:
            await socket.send(json.dumps({"type": "hello", "token": self.token, "since": since}))
            while True:
                frame = await self.receive(socket)
                if frame["type"] == "end" or (
                    time.monotonic() > deadline and self.acked() >= acked
                ):
                    return
                if self.token is not None and self._my_turn(frame):
                    chosen = choose(moves_offered(frame, rng), rng)
                    await self.act(socket, chosen)
                elif frame["type"] == "ack" and frame["code"] == "rate":
                    await asyncio.sleep(0.2)
                    await self.act(socket, chosen)

    def acked(self) -> int:
        """How many of this client's actions were acknowledged."""
        return sum(1 for ack in self.acks.values() if ack["ok"])

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
            and bool(frame.get("legal") or frame.get("choices"))
            and frame.get("to_move") == self.seat
        )


@dataclass(frozen=True)
class Shown:
    """What one seat (or a spectator) may be sent for one log seq, computed by the engine here."""

    d: list[dict[str, Any]]
    events: list[dict[str, Any]]
    view: Any
    to_move: int | None
    legal: list[str] | None
    choices: list[dict[str, Any]] | None
    known: frozenset[str]


def _event_data(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "seat": event.seat,
        "text": event.text,
        "cards": [card.text() for card in event.cards],
        "key": event.key,
        "values": dict(event.values),
    }


def _deal_events(deal: Any, seat: int | None) -> list[dict[str, Any]]:
    return [_event_data(event.seen_by(seat)) for event in (deal.events if deal else [])]


Watched = Collection[int | None]
"""The seats (``None``: a spectator) whose frames are checked."""


def shown_by_seq(
    record: Record, snapshots: frozenset[int] = frozenset(), watched: Watched | None = None
) -> dict[int, dict[int | None, Shown]]:
    """For each log seq, what each ``watched`` seat may be shown, by the engine.

    ``watched`` defaults to every seat and a spectator (``None``). The log's order is that of
    the record: for each deal its moves before, the deal, then its actions. A spectator is
    shown the public view and public cards only; the seat to move its legal moves but those
    its choices build, and the choices. The deal's events so far (what a snapshot carries) are
    written out only for the seqs in ``snapshots``: writing them for every seq made the check
    quadratic in a deal's length. A seat nobody watches (a bot's, whose frames no client
    receives) costs nothing: its views, and its legal moves when it is to move, are not
    worked out (a piquet bot's exchange alone was 1,507 texts).
    """
    game = get_game(record.game)
    match = game.new_match(game.rules(record.preset, record.rules), record.seats, record.preset)
    everyone: list[int | None] = [*range(len(record.seats)), None]
    watchers = everyone if watched is None else [seat for seat in everyone if seat in watched]
    shown: dict[int, dict[int | None, Shown]] = {}
    known: dict[int | None, set[str]] = {seat: set() for seat in watchers}
    counted: list[Any] = [None, 0]
    """The deal whose events ``known`` holds, and how many of them it has counted."""

    def learn(deal: Any) -> None:
        if deal is not counted[0]:
            counted[:] = [deal, 0]
            for cards in known.values():
                cards.clear()
        events = deal.events if deal else []
        for event in events[counted[1] :]:
            for seat in watchers:
                if event.shows_cards_to(seat):
                    known[seat].update(card.text() for card in event.cards)
        counted[1] = len(events)

    def note(events: Sequence[Event]) -> None:
        deal = match.deals[-1] if match.deals else None
        current = match.current if match.to_move in watchers else None
        choices = current.choices() if current else []
        legal = [game.action_text(a) for a in current.legal_actions()] if current else None
        offered = [
            {
                "verb": choice.verb,
                "cards": [card.text() for card in choice.cards],
                "counts": list(choice.counts),
                "note": choice.note,
            }
            for choice in choices
        ]
        learn(deal)
        seq = len(shown) + 1
        shown[seq] = {
            seat: Shown(
                d=[_event_data(event.seen_by(seat)) for event in events],
                events=_deal_events(deal, seat) if seq in snapshots else [],
                view=None
                if deal is None
                else view_to_data(deal.public_view() if seat is None else deal.view(seat)),
                to_move=match.to_move,
                legal=outside_choices(legal, choices)
                if legal is not None and seat is not None and match.to_move == seat
                else None,
                choices=offered if seat is not None and match.to_move == seat else None,
                known=frozenset(known[seat]),
            )
            for seat in watchers
        }

    for entry in record.deals:
        for text in entry.before:
            note(match.apply_between(text))
        note(match.start_deal_from(DealSetup(entry.dealer, entry.deck, entry.seed)).events)
        for text in entry.actions:
            note(match.apply(game.parse_action(text)))
    return shown


def leaks(record: Record, clients: list[Client]) -> list[str]:
    """Every frame a client got that is not what the engine shows its seat at that seq.

    An ``ev`` must carry exactly the step's events as its seat saw them, and the legal moves
    only for the seat to move; a ``snapshot`` exactly the seat's view and deal events; and no
    card in a frame's events may be one the seat had not been shown; a frame's view (a
    snapshot's, and the newest ``ev``'s) must be exactly the seat's view.
    """
    snapshots = frozenset(
        frame["seq"] for client in clients for frame in client.frames if frame["type"] == "snapshot"
    )
    shown = shown_by_seq(record, snapshots, {client.seat for client in clients})
    found = []
    for client in clients:
        for frame in client.frames:
            if frame.get("type") not in {"ev", "snapshot"} or frame["seq"] == 0:
                continue
            expected = shown[frame["seq"]][client.seat]
            where = f"seat {client.seat} at seq {frame['seq']}"
            events = frame["d"] if frame["type"] == "ev" else frame["events"]
            named = {card for event in events for card in event.get("cards", [])}
            if named - expected.known:
                found.append(f"{where}: shown {sorted(named - expected.known)}")
            if events != (expected.d if frame["type"] == "ev" else expected.events):
                found.append(f"{where}: events are not those it saw")
            if frame["legal"] is not None and frame["legal"] != expected.legal:
                found.append(f"{where}: legal moves that are not its own")
            if frame.get("choices") is not None and frame["choices"] != expected.choices:
                found.append(f"{where}: choices that are not its own")
            if frame.get("view") is not None and frame["view"] != expected.view:
                found.append(f"{where}: a view that is not its view")
    return found


def gives_turn(frame: dict[str, Any], seat: int) -> bool:
    """Whether ``frame`` is an ``ev`` or ``snapshot`` handing ``seat`` the move with its moves."""
    return (
        frame["type"] in {"ev", "snapshot"}
        and frame["to_move"] == seat
        and bool(frame["legal"] or frame["choices"])
    )


@dataclass
class Peer:
    """One open connection that a test drives frame by frame, keeping what it was sent."""

    socket: ClientConnection
    frames: list[dict[str, Any]] = field(default_factory=list)
    seq: int = 0
    sent: int = 0
    latest: dict[str, Any] | None = None
    """The newest ``ev`` or ``snapshot`` kept (held apart: a long game keeps many frames)."""
    ended: bool = False
    """Whether an ``end`` frame has come."""

    @classmethod
    async def open(cls, server: Server, table: str, token: str | None) -> Peer:
        """Connect to ``table`` with ``token`` (``None`` to watch) and say hello."""
        socket = await connect(server.socket_url(table), **CONNECT)
        await socket.send(json.dumps({"type": "hello", "token": token, "since": None}))
        return cls(socket)

    async def until(
        self, wanted: Callable[[dict[str, Any]], bool], seconds: float = FRAME_SECONDS
    ) -> dict[str, Any]:
        """The first frame from now on that ``wanted`` accepts (frames before it are kept)."""
        deadline = time.monotonic() + seconds
        while True:
            text = await asyncio.wait_for(self.socket.recv(), deadline - time.monotonic())
            frame: dict[str, Any] = json.loads(text)
            self.frames.append(frame)
            if frame["type"] in {"ev", "snapshot"}:
                self.seq = frame["seq"]
                self.latest = frame
            self.ended = self.ended or frame["type"] == "end"
            if wanted(frame):
                return frame

    async def find(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first frame ``wanted`` accepts, among those kept or, failing them, the next."""
        for frame in self.frames:
            if wanted(frame):
                return frame
        return await self.until(wanted)

    def state(self) -> dict[str, Any]:
        """The newest ``ev`` or ``snapshot`` kept."""
        assert self.latest is not None, "no ev or snapshot has come yet"
        return self.latest

    async def turn(self, seat: int, seconds: float = FRAME_SECONDS) -> dict[str, Any]:
        """The frame that gives ``seat`` the move: the newest state kept if it does, else the next.

        A seat's own move can hand it the move again (a trick won, a discard before the
        contract); that ``ev`` comes before the move's ``ack``, so it is among the frames
        :meth:`act` kept, and waiting for a later one would wait for ever.
        """
        if self.latest is not None and gives_turn(self.latest, seat):
            return self.latest
        return await self.until(lambda frame: gives_turn(frame, seat), seconds)

    def moves(self) -> list[str]:
        """The moves the newest ``ev`` or ``snapshot`` offers: legal, and one per choice."""
        return moves_offered(self.state(), random.Random(0))

    async def kind(self, kind: str, /, **fields: Any) -> dict[str, Any]:
        """The next frame of type ``kind`` whose fields have the values given."""
        return await self.until(
            lambda frame: (
                frame["type"] == kind
                and all(frame.get(name) == value for name, value in fields.items())
            )
        )

    async def send(self, **frame: Any) -> None:
        """Send one frame."""
        await self.socket.send(json.dumps(frame))

    async def act(self, text: str) -> dict[str, Any]:
        """Play ``text`` at the newest seq seen; return its ``ack``."""
        self.sent += 1
        client_id = f"peer-{id(self)}-{self.sent}"
        await self.send(type="act", id=client_id, seq=self.seq, a=text)
        return await self.kind("ack", id=client_id)

    async def close(self) -> None:
        """Hang up."""
        await self.socket.close()
