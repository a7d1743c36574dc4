"""Fixtures of the terminal seat's tests: a live server, a cuttable path to it, a test screen."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import CardChoice, Event
from server.harness import Server, free_port


@contextlib.contextmanager
def _serving(folder: Path) -> Iterator[Server]:
    # A person's seat waits for its person however slow the machine, so no bot takes it.
    with Server(
        f"sqlite:///{folder / 'cardtable.db'}", folder / "server.log", options=("--grace", "3600")
    ).running() as running:
        yield running


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One ``cardtable serve`` over SQLite for these tests, each of which makes its own table."""
    with _serving(tmp_path_factory.mktemp("client-server")) as running:
        yield running


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A ``cardtable serve`` of the test's own, for a test that kills it."""
    with _serving(tmp_path) as running:
        yield running


CUT_SECONDS = 50.0
"""The longest the server's bytes are held back before the cut: within a seat's patience (60 s)."""


class Proxy:
    """A TCP relay to the server that can hold back what the server sends and cut every link."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.port = free_port()
        self.listener = socket.create_server(("127.0.0.1", self.port))
        self.flowing = threading.Event()
        """Cleared by :meth:`hold`: the server's bytes are held back until the next cut."""
        self.flowing.set()
        self.links: list[socket.socket] = []
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """Drop every connection now; the client's next connection is let in."""
        self.cuts += 1
        for link in self.links:
            with contextlib.suppress(OSError):
                link.shutdown(socket.SHUT_RDWR)
            link.close()
        self.links.clear()
        # The bytes held back die with their links; new links flow at once.
        self.flowing.set()

    def hold(self) -> None:
        """Pass none of the server's bytes on from now; the next :meth:`cut` drops them.

        What the client sends still reaches the server: a move made while held is played,
        and the client is told nothing of it (nor of what follows) before the cut.
        """
        self.flowing.clear()

    def cut_after_the_next_move(self, server: Server, table: str) -> Callable[[Any], None]:
        """An observer of seat 0's frames that cuts its connection once, around its own move.

        The first frame that hands the seat a move (at ``seq``) holds the server's bytes back:
        the server waits for that move, so no entry after ``seq`` has been sent yet. Once the
        server has played the move and gone on past it (a bot moved after it, or the turn came
        back to the seat, or the table ended), every link is cut and the client let in again:
        it has missed at least the entry of its own move, however late each thread ran.
        """

        def observe(frame: Any) -> None:
            if self.cuts or not self.flowing.is_set() or not _hands_seat_0_a_move(frame):
                return
            self.hold()
            past = _past_the_move(server, table, int(frame["seq"]))
            threading.Thread(target=self._cut_when, args=(past,), daemon=True).start()

        return observe

    def _cut_when(self, ready: Callable[[], bool]) -> None:
        _wait_until(ready)
        self.cut()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            far = socket.create_connection(("127.0.0.1", self.target))
            self.links += [near, far]
            for a, b, gate in ((near, far, None), (far, near, self.flowing)):
                threading.Thread(target=_pipe, args=(a, b, gate), daemon=True).start()

    def close(self) -> None:
        """Stop relaying."""
        self.listener.close()


def _wait_until(condition: Callable[[], bool]) -> None:
    """Ask ``condition`` every 50 ms until it holds, for at most :data:`CUT_SECONDS`."""
    deadline = time.monotonic() + CUT_SECONDS
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)


def _hands_seat_0_a_move(frame: Any) -> bool:
    return (
        frame.get("type") in {"ev", "snapshot"}
        and frame.get("to_move") == 0
        and bool(frame.get("legal") or frame.get("choices"))
    )


def _past_the_move(server: Server, table: str, seq: int) -> Callable[[], bool]:
    """Whether ``table`` has played seat 0's move after ``seq`` and gone on as far as it will.

    The entry of the move is ``seq + 1``; past it, a bot has moved (``seq + 2``), or the turn
    is the seat's again, or the table has ended (no one to move).
    """

    def past() -> bool:
        status = server.get(f"/api/tables/{table}")
        return int(status["seq"]) > seq + 1 or (
            int(status["seq"]) == seq + 1 and status["to_move"] in (0, None)
        )

    return past


def _pipe(source: socket.socket, sink: socket.socket, gate: threading.Event | None) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            if gate is not None:
                gate.wait()
            sink.sendall(data)
    # Shut down first: a plain close leaves the socket open while the other direction's
    # thread is still in recv() on it, so the far end would not see the end of the stream.
    for end in (source, sink):
        with contextlib.suppress(OSError):
            end.shutdown(socket.SHUT_RDWR)
        end.close()


@pytest.fixture
def proxy(server: Server) -> Iterator[Proxy]:
    """A cuttable relay to ``server``."""
    relay = Proxy(server.port)
    try:
        yield relay
    finally:
        relay.close()


@dataclass
class AutoScreen:
    """A screen that answers every prompt with a move the server offered, picked at random.

    ``answers`` are given first, as typed; what the screen was told is kept.
    """

    seed: int = 0
    answers: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    prompts: list[tuple[list[str], list[CardChoice]]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    ended: dict[str, Any] = field(default_factory=dict)
    on_event: Any = None
    held: threading.Event | None = None
    """While set, the screen waits at its second prompt until it is cleared (``release``)."""
    release: threading.Event = field(default_factory=threading.Event)

    def deal_started(self, number: int, dealer: str, commitment: str) -> bool:
        """Go on."""
        return True

    def event(self, seat: str, event: Event, several: bool) -> None:
        """Keep the event."""
        self.events.append(event)
        if self.on_event is not None:
            self.on_event(event)

    def prompt(
        self, seat: str, view: object, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """The next given answer, else a move offered."""
        self.prompts.append((list(legal), list(choices)))
        if self.held is not None and len(self.prompts) == 2:
            self.held.set()
            self.release.wait(120)
        if self.answers:
            return self.answers.pop(0)
        rng = random.Random(self.seed + len(self.prompts))
        built = [choice.text(rng.sample(choice.cards, choice.least)) for choice in choices]
        return rng.choice([*legal, *built])

    def refused(self, reason: str) -> None:
        """Keep the reason."""
        self.refusals.append(reason)

    def finished(self, ledger: dict[str, object], stopped: bool, saved: bool) -> None:
        """Keep the end."""
        self.ended = {"ledger": ledger, "stopped": stopped}
