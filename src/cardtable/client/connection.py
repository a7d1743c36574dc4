"""One seat's connection to a server's table, speaking the browser's protocol (docs/server.md).

:class:`TableClient` says ``hello {token, since}``, keeps the table as this seat knows it in a
:class:`RemoteTable` (the last seq, the typed view, the deal's events, the legal moves and card
choices the server hands the seat, the chat, presence, clock and offer), sends ``act {id, seq,
a}`` and the other client frames, and on a dropped connection connects again with growing
pauses, saying ``since`` the last seq so that the server sends exactly the entries missed. The
client decides no legality: the moves offered are the server's, and every move is the server's
to take or refuse.
"""

from __future__ import annotations

import itertools
import json
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from cardtable.client.address import SeatRefused, ServerGone, TableAddress
from cardtable.client.typed import typed_choice, typed_event, typed_public_view, typed_view
from cardtable.engine import CardChoice, Event, Game, get_game
from cardtable.errors import CardtableError
from cardtable.server.protocol import (
    CLOSE_BAD_TOKEN,
    CLOSE_NO_TABLE,
    CLOSE_POLICY,
    CLOSE_REPLACED,
    Chat,
    Clock,
    End,
    Ev,
    Offer,
    Presence,
    SeatData,
    ServerFrame,
    Snapshot,
    Welcome,
)

FRAME: TypeAdapter[Any] = TypeAdapter(ServerFrame)
"""Reads a server frame from JSON text."""

PAUSES = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""The pauses before each try to connect again; the last repeats until patience runs out."""

CLOSED_FOR_GOOD = {
    CLOSE_BAD_TOKEN: "the server refused the seat token: it holds no seat at this table",
    CLOSE_NO_TABLE: "the server has no such table",
    CLOSE_REPLACED: "this seat was taken by a newer connection with the same token",
    CLOSE_POLICY: "the server closed the connection: it broke the protocol's policy",
}
"""Close codes after which connecting again cannot help, and what each means."""

OPEN_SECONDS = 20.0
"""How long opening the socket may take."""

MAX_FRAME = 2**22
"""The largest frame taken (a snapshot of a long deal with its chat)."""


@dataclass(frozen=True)
class Notice:
    """The connection's own news: ``lost`` (connecting again) or ``back`` (caught up)."""

    kind: str
    text: str


@dataclass(frozen=True)
class Update:
    """One thing that reached the seat: a server frame (or a :class:`Notice`), and its events."""

    frame: Any
    """A frame model of :mod:`cardtable.server.protocol`, or a :class:`Notice`."""
    new_events: list[Event] = field(default_factory=list)
    """The events this frame added to the deal, as this seat saw them."""


@dataclass(frozen=True)
class TableState:
    """The table as it stood after one frame, taken whole: what another thread reads.

    A screen drawing on its own thread while frames arrive reads one of these, never the
    :class:`RemoteTable` being changed, so a view never comes with another frame's events.
    """

    deal: int = 0
    view: Any = None
    events: tuple[Event, ...] = ()
    to_move: int | None = None
    legal: tuple[str, ...] = ()
    choices: tuple[CardChoice, ...] = ()
    score: tuple[tuple[str, str], ...] = ()
    seq: int = 0
    seat: int | None = None
    """This connection's seat (``None``: a spectator)."""
    names: tuple[str, ...] = ()
    """Each seat's name as the server's welcome and presence name it, in seat order."""
    rules: tuple[tuple[str, Any], ...] = ()
    """The table's rules as the welcome sent them (the preset among them)."""
    offer: Offer | None = None
    """The offer pending at the table."""


@dataclass
class RemoteTable:
    """The table as one seat knows it from the server's frames; what a screen draws."""

    game: Game[Any, Any, Any] | None = None
    table: str = ""
    seat: int | None = None
    seats: list[SeatData] = field(default_factory=list)
    rules: dict[str, Any] = field(default_factory=dict)
    seq: int = 0
    deal: int = 0
    status: str = ""
    commitment: str | None = None
    view: Any = None
    """The seat's view as the game's own view dataclass (``None`` before the first deal; a
    spectator's, the game's public view dataclass)."""
    events: list[Event] = field(default_factory=list)
    """The current deal's events as this seat saw them."""
    to_move: int | None = None
    legal: list[str] = field(default_factory=list)
    """The moves offered to this seat now, but those its ``choices`` build."""
    choices: list[CardChoice] = field(default_factory=list)
    score: dict[str, str] = field(default_factory=dict)
    chat: list[Chat] = field(default_factory=list)
    presence: Presence | None = None
    clock: Clock | None = None
    offer: Offer | None = None
    """The offer pending at the table, or ``None``."""
    result: End | None = None
    """The table's end, once it has finished."""
    held: dict[int, int] = field(default_factory=dict)
    """How many events of the deal were held after each seq (an undo goes back to one)."""

    def state(self) -> TableState:
        """The table as it stands now, copied whole."""
        return TableState(
            self.deal,
            self.view,
            tuple(self.events),
            self.to_move,
            tuple(self.legal),
            tuple(self.choices),
            tuple(self.score.items()),
            self.seq,
            self.seat,
            tuple(self.name(data.seat) for data in sorted(self.seats, key=lambda d: d.seat)),
            tuple(self.rules.items()),
            self.offer,
        )

    def rename(self, names: dict[int, str | None]) -> None:
        """Give the seats the names the server seated them under (a name once given stays)."""
        self.seats = [
            data.model_copy(update={"name": names.get(data.seat) or data.name})
            for data in self.seats
        ]

    def name(self, seat: int | None) -> str:
        """The name at ``seat`` (``spectator`` for ``None``)."""
        if seat is None:
            return "spectator"
        for data in self.seats:
            if data.seat == seat:
                return data.name or data.bot or f"seat {seat}"
        return f"seat {seat}"

    @property
    def my_turn(self) -> bool:
        """Whether the server has handed this seat a move."""
        return (
            self.seat is not None
            and self.to_move == self.seat
            and bool(self.legal or self.choices)
            and self.result is None
        )

    def apply(self, frame: Any) -> list[Event]:
        """Take one server frame into the table; the events it added."""
        if isinstance(frame, Welcome):
            self._welcome(frame)
        elif isinstance(frame, Snapshot):
            return self._snapshot(frame)
        elif isinstance(frame, Ev):
            return self._entry(frame)
        elif isinstance(frame, End):
            self.result, self.score, self.status = frame, dict(frame.result), "finished"
            self.legal, self.choices = [], []
        elif isinstance(frame, Chat):
            self.chat.append(frame)
        elif isinstance(frame, Presence):
            self.presence = frame
        elif isinstance(frame, Clock):
            self.clock = frame
        elif isinstance(frame, Offer):
            self.offer = frame if frame.state == "pending" else None
        return []

    def _welcome(self, frame: Welcome) -> None:
        self.game = get_game(frame.game)
        self.table, self.seat, self.seats = frame.table, frame.seat, list(frame.seats)
        self.rules, self.offer = dict(frame.rules), frame.offer

    def _snapshot(self, frame: Snapshot) -> list[Event]:
        self.seq, self.status, self.deal = frame.seq, frame.status, frame.deal
        self.commitment, self.score = frame.commitment, dict(frame.score)
        self.view = self._typed(frame.view)
        self.events = [typed_event(event) for event in frame.events]
        self.held = {frame.seq: len(self.events)}
        self.chat = list(frame.chat)
        self._turn(frame.to_move, frame.legal, frame.choices)
        return list(self.events)

    def _entry(self, frame: Ev) -> list[Event]:
        added = [typed_event(event) for event in frame.d]
        if frame.kind == "deal":
            self.deal, self.status, self.commitment = self.deal + 1, "playing", frame.commitment
            self.events, self.held = [], {}
        if frame.kind == "undo" and frame.back_to in self.held:
            del self.events[self.held[frame.back_to] :]
        self.events.extend(added)
        self.seq = frame.seq
        self.held[frame.seq] = len(self.events)
        if frame.view is not None:
            self.view = self._typed(frame.view)
        self._turn(frame.to_move, frame.legal, frame.choices)
        return added

    def _turn(self, to_move: int | None, legal: Any, choices: Any) -> None:
        self.to_move = to_move
        self.legal = list(legal or [])
        self.choices = [typed_choice(choice) for choice in choices or []]

    def _typed(self, view: Any) -> Any:
        if self.seat is None:
            return typed_public_view(self._game(), view)
        return typed_view(self._game(), view)

    def _game(self) -> Game[Any, Any, Any]:
        if self.game is None:
            raise CardtableError("the server sent the table before its welcome")
        return self.game


class TableClient:
    """One seat's connection to a server's table, connecting again when it drops.

    ``patience`` is how long a dropped connection is tried again before the server counts as
    gone; ``observer`` sees every frame received, as JSON data (the tests check each one).
    """

    def __init__(
        self,
        address: TableAddress,
        token: str | None,
        *,
        patience: float = 120.0,
        observer: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.address = address
        self.token = token
        self.patience = patience
        self.observer = observer
        self.table = RemoteTable()
        self._socket: ClientConnection | None = None
        self._ids = itertools.count(1)
        self._prefix = secrets.token_hex(4)
        self._waiting: list[Update] = []
        self.state = TableState()
        """The table after the last frame, swapped in whole (read by a screen's thread)."""
        self.finished: TableState | None = None
        """The last deal as it stood when the next one was dealt (its end held on a screen)."""

    def connect(self) -> None:
        """Connect and say hello; returns once the table is known (welcome, then the snapshot).

        Raises :class:`SeatRefused` when the server will not seat the token, and
        :class:`ServerGone` when nothing answers.
        """
        self._waiting = self._open(since=None)

    def updates(self) -> Iterator[Update]:
        """Every frame from now on, applied to :attr:`table` first; a drop is reconnected.

        A dropped connection yields a ``lost`` :class:`Notice`, then (connected again and
        caught up with exactly the entries missed) the missed frames and a ``back`` notice.
        Ends when the connection is closed by :meth:`close`.
        """
        while True:
            while self._waiting:
                yield self._waiting.pop(0)
            if self._socket is None:
                return
            try:
                text = self._socket.recv()
            except ConnectionClosed as closed:
                if self._socket is None:
                    return
                yield from self._reconnect(closed)
                continue
            yield self._take(text)

    def act(self, text: str) -> str:
        """Send the move ``text`` at the last seq seen; the client id its ``ack`` will carry."""
        client_id = f"{self._prefix}-{next(self._ids)}"
        self._send({"type": "act", "id": client_id, "seq": self.table.seq, "a": text})
        return client_id

    def chat(self, text: str) -> None:
        """Say a line of chat at the table."""
        self._send({"type": "chat", "text": text})

    def offer(self, kind: str) -> None:
        """Offer ``undo``, ``abort``, ``rematch`` or ``claim`` to the other seats."""
        self._send({"type": "offer", "kind": kind})

    def reply(self, offer_id: int, accept: bool) -> None:
        """Answer the pending offer ``offer_id``."""
        self._send({"type": "reply", "id": offer_id, "accept": accept})

    def close(self) -> None:
        """Hang up (the server keeps the seat for its person, for the grace period)."""
        socket, self._socket = self._socket, None
        if socket is not None:
            socket.close()

    def _send(self, frame: dict[str, Any]) -> None:
        if self._socket is None:
            raise ServerGone("not connected to the table")
        # A frame sent into a dropped connection is lost; the reader connects again, and the
        # table as it then stands says whether the move is still wanted.
        try:
            self._socket.send(json.dumps(frame, ensure_ascii=False))
        except ConnectionClosed:
            return

    def _take(self, text: str | bytes) -> Update:
        try:
            data = json.loads(text)
        except ValueError:
            raise CardtableError("the server sent a frame that is not JSON") from None
        if self.observer is not None:
            self.observer(data)
        try:
            frame = FRAME.validate_python(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            message = f"the server sent a frame this client cannot read: {where}: {first['msg']}"
            raise CardtableError(message) from None
        added = self.table.apply(frame)
        if isinstance(frame, Presence):
            self._name_newcomers(frame)
        self._swap_state()
        return Update(frame, added)

    def _name_newcomers(self, frame: Presence) -> None:
        """A seat without a name is at the table now: read the names the server seated.

        The welcome names the seats held when this connection came; a person who took a seat
        since is named by the table's status.
        """
        unnamed = {data.seat for data in self.table.seats if data.name is None and not data.bot}
        if not unnamed & {seat.seat for seat in frame.seats if seat.state == "connected"}:
            return
        try:
            seats = self.address.status(self.token).get("seats", [])
        except CardtableError:
            return  # the names stay as they were; the next presence asks again
        self.table.rename({int(seat["seat"]): seat.get("name") for seat in seats})

    def _swap_state(self) -> None:
        state = self.table.state()
        if state.deal != self.state.deal and self.state.view is not None:
            self.finished = self.state
        self.state = state

    def _open(self, since: int | None) -> list[Update]:
        """Connect, say hello and read until the table is current; the frames read."""
        target = None if since is None else int(self.address.status(self.token).get("seq", 0))
        try:
            # Entered as a context manager (closed by close()), as websockets asks of a
            # connection held open across calls.
            socket = connect(
                self.address.socket_url, open_timeout=OPEN_SECONDS, max_size=MAX_FRAME
            ).__enter__()
        except InvalidURI as error:
            raise SeatRefused(f"{self.address.socket_url} is no table socket: {error}") from None
        except (OSError, InvalidHandshake, TimeoutError) as error:
            where = self.address.socket_url
            raise ServerGone(f"no table socket answers at {where}: {error}") from None
        self._socket = socket
        try:
            socket.send(json.dumps({"type": "hello", "token": self.token, "since": since}))
            return self._catch_up(socket, target)
        except ConnectionClosed as closed:
            self._socket = None
            raise _closed_error(closed) from None
        except TimeoutError:
            self._socket = None
            socket.close()
            raise ServerGone(f"the table at {self.address.base} did not answer hello") from None

    def _catch_up(self, socket: ClientConnection, target: int | None) -> list[Update]:
        # The table is current once the snapshot (or, after a drop, the entry at the seq the
        # server stood at when asked) has come: the seat is not asked to move on a stale table.
        read: list[Update] = []
        while True:
            update = self._take(socket.recv(timeout=OPEN_SECONDS))
            read.append(update)
            frame = update.frame
            if isinstance(frame, Snapshot):
                return read
            if isinstance(frame, Ev) and target is not None and frame.seq >= target:
                return read

    def _reconnect(self, closed: ConnectionClosed) -> Iterator[Update]:
        if closed.rcvd is not None and closed.rcvd.code in CLOSED_FOR_GOOD:
            self._socket = None
            raise _closed_error(closed)
        yield Update(Notice("lost", "the connection to the table was lost: connecting again"))
        give_up = time.monotonic() + self.patience
        for pause in itertools.chain(PAUSES, itertools.repeat(PAUSES[-1])):
            time.sleep(pause)
            try:
                caught_up = self._open(since=self.table.seq)
            except ServerGone:
                if time.monotonic() + pause > give_up:
                    self._socket = None
                    raise ServerGone(
                        f"the server at {self.address.base} is gone: no answer for "
                        f"{self.patience:.0f} s"
                    ) from None
                continue
            yield from caught_up
            yield Update(Notice("back", "connected to the table again"))
            return


def _closed_error(closed: ConnectionClosed) -> CardtableError:
    code = closed.rcvd.code if closed.rcvd is not None else None
    if code in CLOSED_FOR_GOOD:
        return SeatRefused(f"{CLOSED_FOR_GOOD[code]} (close {code})")
    return ServerGone(f"the server closed the connection (close {code})")
