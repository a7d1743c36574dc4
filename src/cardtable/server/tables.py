"""Live tables: one match each, moved by one serial executor, its log committed before it is told.

A :class:`LiveTable` holds a match rebuilt from the table's log and the connections watching
it. Every change (a person's action, a bot's, a new deal) goes through the table's lock: it is
checked, applied, committed to the log, and only then sent to each connection as that
connection's seat saw it (:meth:`Event.seen_by`, :meth:`Deal.view`) and acknowledged. A commit
that fails rebuilds the match from the log, so memory never runs ahead of the database.

A person's seat whose connection is gone gets a grace period, then a bot plays it until its
person returns (:data:`SeatPresence` states, sent as ``presence`` frames). A table may have a
clock (:mod:`cardtable.server.clocks`): when a seat's time is spent, the table plays the rules'
default action for it, or a bot's move, through the same lock as everything else. Offers
(:mod:`cardtable.server.offers`) taken by consent write an ``undo`` or an ``abort`` entry into
the log, which a rebuild honours, or start a rematch.

The server knows games only through the engine protocol and the registry.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Awaitable, Callable, Hashable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from cardtable.bots import SomeBot, make_bot
from cardtable.cards import cards_text, parse_cards
from cardtable.engine import (
    CardChoice,
    Deal,
    DealSetup,
    Event,
    SomeGame,
    SomeMatch,
    get_game,
    outside_choices,
    rules_to_mapping,
    system_rng,
    view_to_data,
)
from cardtable.engine.integrity import fresh_salt
from cardtable.engine.undo import sight_refusal
from cardtable.errors import CardtableError
from cardtable.server.clocks import ClockRules, Clocks
from cardtable.server.commits import GroupCommit
from cardtable.server.offers import Pending, rematch_token, undo_target
from cardtable.server.protocol import (
    Chat,
    ChoiceData,
    End,
    Ev,
    EventData,
    Offer,
    OfferKind,
    Presence,
    PresenceState,
    SeatData,
    SeatPresence,
    Snapshot,
    Welcome,
)
from cardtable.store.records import seat_names
from cardtable.store.repository import Entry, Said, Store, TableInfo, digest

CHAT_TAIL = 50
"""The chat lines a snapshot carries."""

T = TypeVar("T")

SPECTATOR = -1
"""The mark of a spectator's connection, which holds no seat: its frames are built from the
deal's public view and the events as the public saw them (``seen_by(None)``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the log with the events it caused, kept to resend missed frames."""

    seq: int
    kind: str
    seat: int | None
    events: tuple[Event, ...]
    back_to: int | None = None
    """For an ``undo``: the seq whose state the table went back to."""


class Refused(CardtableError):
    """An action the table did not take, with the protocol's code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


Send = Callable[[str], Awaitable[None]]
"""Queues one frame's JSON text for a connection."""


@dataclass(eq=False)
class Watcher:
    """A connection to a table: the seat it holds (or :data:`SPECTATOR`) and its outbox.

    ``token`` is the seat token it said hello with, kept while it is open: a rematch's seat
    token is derived from it.
    """

    seat: int
    send: Send
    close: Callable[[int, str], Awaitable[None]]
    token: str | None = None


@dataclass
class Workers:
    """Where blocking work runs (the database writer, the bots' thinking) and absent seats' terms.

    ``grace`` is the seconds a person's seat waits for its person; then the ``stand_in`` bot
    plays it until the person returns.
    """

    database: Executor
    bots: Executor
    commits: GroupCommit
    """Every table's log appends, grouped into transactions on the ``database`` thread."""
    bot_delay: float = 0.0
    grace: float = 60.0
    stand_in: str = "default"


@dataclass(eq=False)
class LiveTable:
    """A table in play: its match, log position, connections and serial executor."""

    info: TableInfo
    match: SomeMatch
    steps: list[Step]
    store: Store
    workers: Workers
    client_ids: set[tuple[int, str]] = field(default_factory=set)
    watchers: set[Watcher] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rng: random.Random = field(default_factory=system_rng)
    bots: dict[int, SomeBot] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    standing: list[Entry] = field(default_factory=list)
    """The log's entries that stand (none taken back), whose replay is ``match``."""
    aborted: bool = False
    clocks: Clocks | None = None
    timer: asyncio.Task[None] | None = None
    away: set[int] = field(default_factory=set)
    """People's seats a bot plays until their people return."""
    graces: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    stand_ins: dict[int, SomeBot] = field(default_factory=dict)
    pending: Pending | None = None
    offers: int = 0
    start_table: Callable[[str], Awaitable[None]] | None = None
    """Starts a new table of this server (a rematch) by its id."""
    idle_since: float = field(default_factory=time.monotonic)
    """When the table's last connection closed (or it was loaded without one)."""
    evicted: bool = False
    """Whether the table has left the server's memory: nothing may move it any more."""

    @property
    def game(self) -> SomeGame:
        """The table's game, from the registry."""
        return get_game(self.info.game)

    @property
    def seq(self) -> int:
        """The seq of the newest committed log entry (0 before any)."""
        return self.steps[-1].seq if self.steps else 0

    @property
    def to_move(self) -> int | None:
        """The seat to move: in the deal, or between deals the seat the next deal waits for."""
        if self.match.current is not None:
            return self.match.to_move
        return None if self.finished else self.match.between_turn()

    @property
    def finished(self) -> bool:
        """Whether the table has ended: aborted, the match over or the agreed deals played."""
        if self.aborted:
            return True
        if self.match.current is not None:
            return False
        limit = self.info.deals_limit
        return self.match.is_over or (limit is not None and len(self.match.deals) >= limit)

    # --- building ------------------------------------------------------------------------

    @classmethod
    def rebuild(
        cls, info: TableInfo, log: Sequence[Entry], store: Store, workers: Workers
    ) -> LiveTable:
        """The table as its log leaves it: every entry applied again through the engine."""
        table = cls(info, _new_match(info), [], store, workers)
        for entry in log:
            events = table._replay(entry)
            back_to = int(entry.text or 0) - 1 if entry.kind == "undo" else None
            table.steps.append(Step(entry.seq, entry.kind, entry.seat, events, back_to))
            if entry.client_id is not None and entry.seat is not None:
                table.client_ids.add((entry.seat, entry.client_id))
        table.bots = {
            seat.seat: make_bot(info.game, seat.bot, table.match.rules)
            for seat in info.seats
            if seat.bot is not None
        }
        clock = ClockRules.of(info.clock)
        if clock is not None:
            table.clocks = Clocks(clock, len(info.seats))
            table.clocks.rebuild(log)
        return table

    def _replay(self, entry: Entry) -> tuple[Event, ...]:
        if entry.kind == "undo":
            kept = [earlier for earlier in self.standing if earlier.seq < int(entry.text or 0)]
            self.match, self.standing = _replayed(self.info, kept), kept
            return ()
        if entry.kind == "abort":
            self.aborted = True
            return _notice_events(entry)
        if entry.kind == "notice":
            return _notice_events(entry)
        self.standing.append(entry)
        return _apply_entry(self.match, entry)

    # --- connections ---------------------------------------------------------------------

    async def attach(self, watcher: Watcher, since: int | None) -> bool:
        """Add a connection: welcome it, then send what it missed since ``since`` or a snapshot.

        A client that missed nothing gets a snapshot too, so that it learns whose turn it is.
        A person's seat coming back is handed back from the bot that played it. ``False``
        (and nothing sent) if the table was evicted meanwhile: the caller loads it again.
        """
        spectator = watcher.seat == SPECTATOR
        chat = await self._db(self.store.chat_tail, self.info.id, CHAT_TAIL, spectator)
        async with self.lock:
            if self.evicted:
                return False
            for other in [w for w in self.watchers if w.seat == watcher.seat != SPECTATOR]:
                self.watchers.discard(other)
                await other.close(4009, "the seat connected again elsewhere")
            self.watchers.add(watcher)
            await watcher.send(self._welcome(watcher.seat).model_dump_json())
            if since is not None and since < self.seq and self._has_steps_after(since):
                for step in self.steps[self._index_after(since) :]:
                    await watcher.send(self._ev(step, watcher.seat).model_dump_json())
            else:
                await watcher.send(self._snapshot(watcher.seat, chat).model_dump_json())
            if self.finished and self.steps:
                await watcher.send(self._end().model_dump_json())
            if self.info.rematch is not None:
                await self._send_rematch(watcher, self._rematch_made())
            if self.pending is not None:
                await watcher.send(self.pending.frame("pending").model_dump_json())
            await self._hand_back(watcher.seat)
            if self.clocks is not None:
                await watcher.send(self._clock_frame())
            await self._send_presence()
            return True

    async def detach(self, watcher: Watcher) -> None:
        """Forget a closed connection; a person's seat left empty starts its grace period."""
        self.watchers.discard(watcher)
        if self.evicted:
            return  # the connection never got in: the table it came for had left memory
        if not self.watchers:
            self.idle_since = time.monotonic()
        if watcher.seat != SPECTATOR and not self._connected(watcher.seat):
            self._start_grace(watcher.seat)
        await self._send_presence()

    def _has_steps_after(self, since: int) -> bool:
        first = self.steps[0].seq if self.steps else 1
        return since >= first - 1

    def _index_after(self, since: int) -> int:
        first = self.steps[0].seq if self.steps else 1
        return since - first + 1

    def _connected(self, seat: int) -> bool:
        return any(watcher.seat == seat for watcher in self.watchers)

    def _is_person(self, seat: int) -> bool:
        found = self.info.seats[seat]
        return found.bot is None and not found.is_open

    def _people(self) -> list[int]:
        return [seat.seat for seat in self.info.seats if self._is_person(seat.seat)]

    async def _broadcast(self, text: str) -> None:
        for watcher in list(self.watchers):
            await watcher.send(text)

    # --- absent seats --------------------------------------------------------------------

    def watch_absent(self) -> None:
        """Start the grace period of every person's seat that nobody holds a connection for."""
        for seat in self._people():
            if not self._connected(seat):
                self._start_grace(seat)

    def _start_grace(self, seat: int) -> None:
        if seat in self.away or seat in self.graces or not self._is_person(seat):
            return
        self.graces[seat] = asyncio.get_running_loop().create_task(self._grace_over(seat))

    async def _grace_over(self, seat: int) -> None:
        await asyncio.sleep(self.workers.grace)
        async with self.lock:
            self.graces.pop(seat, None)
            if self._connected(seat) or self.finished:
                return
            self.away.add(seat)
            await self._send_presence()
            if self.match.to_move == seat:
                await self._start_turn()
            self.wake_bots()

    async def _hand_back(self, seat: int) -> None:
        # The seat's person is here again: no grace runs, and no bot plays the seat any more.
        grace = self.graces.pop(seat, None)
        if grace is not None:
            grace.cancel()
        if seat in self.away:
            self.away.discard(seat)
            if self.match.to_move == seat:
                await self._start_turn()

    def presence(self) -> Presence:
        """Who is at each seat now, and how many watch."""
        return Presence(
            seats=[SeatPresence(seat=s.seat, state=self._state(s.seat)) for s in self.info.seats],
            spectators=sum(1 for watcher in self.watchers if watcher.seat == SPECTATOR),
        )

    def _state(self, seat: int) -> PresenceState:
        found = self.info.seats[seat]
        if found.bot is not None:
            return "bot"
        if found.is_open:
            return "open"
        if seat in self.away:
            return "bot-played"
        return "connected" if self._connected(seat) else "away"

    async def _send_presence(self) -> None:
        await self._broadcast(self.presence().model_dump_json())

    # --- moving the table ----------------------------------------------------------------

    async def act(
        self,
        seat: int,
        client_id: str | None,
        seq: int,
        text: str,
        committed: Callable[[int], Awaitable[None]] | None = None,
    ) -> int:
        """Play ``text`` for ``seat`` if the client saw the newest ``seq``; return the new seq.

        ``committed`` is told the seq once the action is stored and sent to every connection,
        before anything that follows from it (the next deal, the end). Raises
        :class:`Refused` with the protocol's code; a refused action changes nothing.
        """
        async with self.lock:
            if not self._is_person(seat):
                # Its person was taken from the seat while this action waited for the lock.
                raise Refused("auth", f"seat {seat} is no longer held by its player")
            self._check_turn(seat, client_id, seq)
            stored = await self._play(seat, client_id, text)
            if committed is not None:
                await committed(stored)
            await self._advance()
            return stored

    async def _play(
        self, seat: int, client_id: str | None, text: str, bank: int | None = None
    ) -> int:
        kind, text, events = self._apply(seat, text)
        if bank is None and self.clocks is not None and kind == "act":
            bank = self.clocks.charge(seat, time.monotonic())
        entry = Entry(self.seq + 1, kind, seat=seat, text=text, client_id=client_id, bank_ms=bank)
        await self._store([entry])
        if self.clocks is not None and bank is not None:
            self.clocks.banks[seat] = bank
        if client_id is not None:
            self.client_ids.add((seat, client_id))
        self.standing.append(entry)
        await self._publish(Step(entry.seq, kind, seat, events))
        return entry.seq

    def _apply(self, seat: int, text: str) -> tuple[str, str, tuple[Event, ...]]:
        # A move of the deal, or between deals one the engine offers the seat awaited; the
        # log entry's kind, the text it keeps, and the events.
        try:
            if self.match.current is None:
                if not self.match.offers_between(seat, text):
                    raise Refused("illegal", f"seat {seat} is offered no move {text!r} now")
                return "between", text, self.match.apply_between(text)
            action = self.game.parse_action(text)
            return "act", self.game.action_text(action), self.match.apply(action)
        except CardtableError as error:
            raise Refused("illegal", str(error)) from None

    def _check_turn(self, seat: int, client_id: str | None, seq: int) -> None:
        if client_id is not None and (seat, client_id) in self.client_ids:
            raise Refused("duplicate_id", f"action {client_id!r} was already played")
        if self.finished and self.steps:
            raise Refused("finished", "the table has finished")
        if seq != self.seq:
            raise Refused("stale_seq", f"the table is at seq {self.seq}, not {seq}")
        if self.to_move != seat:
            raise Refused("not_your_turn", f"it is not seat {seat}'s turn")

    async def seat_taken(self, info: TableInfo) -> bool:
        """A seat was taken: seat the names anew, and deal when every seat is taken.

        ``False`` (and nothing done) if the table was evicted meanwhile.
        """
        async with self.lock:
            if self.evicted:
                return False
            if self.steps:
                return True
            fresh = LiveTable.rebuild(info, [], self.store, self.workers)
            self.info, self.match, self.bots = fresh.info, fresh.match, fresh.bots
            self.clocks = fresh.clocks
            if not any(seat.is_open for seat in info.seats):
                await self._advance()
                self.watch_absent()
            await self._send_presence()
            return True

    async def resume(self) -> None:
        """Go on once loaded (after a restart, or an eviction): deal if due, let the bots play.

        Nobody is connected yet: every person's seat starts its grace period.
        """
        async with self.lock:
            if self.info.status == "playing" and not self.evicted:
                await self._advance()
                self.watch_absent()
                await self._start_turn()

    async def _advance(self) -> None:
        # After a finished deal: deal the next one, or tell everyone the table has ended.
        if self.match.current is not None:
            self.wake_bots()
            return
        if self.finished:
            if self.info.status != "finished":
                await self._set_status("finished")
                await self._broadcast(self._end().model_dump_json())
            return
        if self.to_move is not None:
            self.wake_bots()  # the next deal waits for a move between deals
            return
        deck = list(self.match.deck())
        self.rng.shuffle(deck)
        setup = DealSetup(
            self.match.next_dealer(), tuple(deck), self.rng.getrandbits(32), fresh_salt()
        )
        deal = self.match.start_deal_from(setup)
        entry = Entry(
            self.seq + 1,
            "deal",
            dealer=setup.dealer,
            deck=cards_text(setup.deck),
            seed=setup.seed,
            salt=setup.salt.hex(),
        )
        await self._store([entry], "playing")
        self.standing.append(entry)
        await self._publish(Step(entry.seq, "deal", None, tuple(deal.events)))
        self.wake_bots()

    async def _db(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.workers.database, call, *args)

    async def _set_status(self, status: str) -> None:
        await self._db(self.store.set_status, self.info.id, status)
        self.info = replace(self.info, status=status)

    async def _store(self, entries: list[Entry], status: str | None = None) -> None:
        try:
            await self.workers.commits.append(self.info.id, entries, status)
        except Exception as error:
            # Whatever broke the write (a lost race, a lost database), memory goes back to the log.
            await self._reload()
            raise Refused("storage", f"the action was not stored: {error}") from None
        if status is not None:
            self.info = replace(self.info, status=status)

    async def _publish(self, step: Step) -> None:
        # A committed entry: every connection is told, an offer made before it lapses, and
        # the clock of the seat to move starts.
        self.steps.append(step)
        for watcher in list(self.watchers):
            await watcher.send(self._ev(step, watcher.seat).model_dump_json())
        if self.pending is not None and self.pending.seq < step.seq:
            lapsed, self.pending = self.pending, None
            await self._broadcast(lapsed.frame("lapsed", "the table moved on").model_dump_json())
            self.wake_bots()
        await self._start_turn()

    async def _reload(self) -> None:
        log = await self._db(self.store.log, self.info.id)
        fresh = LiveTable.rebuild(self.info, log, self.store, self.workers)
        self.match, self.steps, self.client_ids = fresh.match, fresh.steps, fresh.client_ids
        self.standing, self.aborted, self.clocks = fresh.standing, fresh.aborted, fresh.clocks

    async def say(self, seat: int, text: str) -> None:
        """Keep a line of chat and pass it on: a seat's to everyone, a spectator's to spectators."""
        names = seat_names(self.info)
        spectator = seat == SPECTATOR
        line = Said(
            None if spectator else seat,
            "spectator" if spectator else names[seat],
            text,
            "spectators" if spectator else "table",
            datetime.now(UTC),
        )
        await self._db(self.store.add_chat, self.info.id, line)
        frame = _chat_frame(line).model_dump_json()
        for watcher in list(self.watchers):
            if not spectator or watcher.seat == SPECTATOR:
                await watcher.send(frame)

    # --- clocks --------------------------------------------------------------------------

    async def _start_turn(self) -> None:
        # The clock of the seat to move runs if a person plays it; every connection is told
        # when a clock starts or stops.
        if self.clocks is None:
            return
        if self.timer is not None and self.timer is not asyncio.current_task():
            self.timer.cancel()
        self.timer = None
        seat = self.match.to_move
        if seat is None or self.finished or not self._is_person(seat) or seat in self.away:
            if self.clocks.turn is None:
                return  # no clock ran, none runs: nothing to tell
            self.clocks.stop()
        else:
            now = time.monotonic()
            self.clocks.start(seat, self.seq, now)
            deadline = self.clocks.deadline()
            assert deadline is not None
            self.timer = asyncio.get_running_loop().create_task(
                self._expire_at(seat, self.seq, deadline - now)
            )
        await self._broadcast(self._clock_frame())

    def _clock_frame(self) -> str:
        assert self.clocks is not None
        return self.clocks.frame(self.seq, time.monotonic()).model_dump_json()

    async def _expire_at(self, seat: int, seq: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            if self.seq != seq or self.match.to_move != seat or self.finished:
                return
            self.timer = None
            text = await self._stand_in_move(seat)
            with contextlib.suppress(Refused):
                await self._play(seat, None, text, bank=0)
                await self._advance()

    async def _stand_in_move(self, seat: int) -> str:
        # The rules' default action where they have one, else the stand-in bot's choice.
        deal = self.match.current
        assert deal is not None
        default = deal.default_action()
        if default is not None:
            return self.game.action_text(default)
        return await self._bot_move(self._bot_for(seat), seat)

    # --- offers --------------------------------------------------------------------------

    async def offer(self, seat: int, kind: OfferKind) -> None:
        """``seat`` offers ``kind``; raises :class:`Refused` where it may not be offered now."""
        async with self.lock:
            if seat == SPECTATOR:
                raise Refused("auth", "a spectator holds no seat")
            if self.pending is not None:
                raise Refused("busy", "another offer is waiting for its answers")
            self._check_offer(seat, kind)
            if kind == "claim":
                await self._play(seat, None, self._claim_text(seat, "claim"))
            self.offers += 1
            asked = {other for other in self._people() if other != seat and self._connected(other)}
            pending = Pending(self.offers, kind, seat, self.seq, asked)
            if pending.waiting:
                self.pending = pending
                await self._broadcast(pending.frame("pending").model_dump_json())
            else:
                await self._carry_out(pending)

    async def reply(self, seat: int, offer_id: int, accept: bool) -> None:
        """``seat`` answers the pending offer ``offer_id``; the last consent carries it out."""
        async with self.lock:
            pending = self.pending
            if pending is None or pending.id != offer_id or seat not in pending.waiting:
                raise Refused("no_offer", f"offer {offer_id} is not waiting for seat {seat}")
            if not accept:
                self.pending = None
                message = f"seat {seat} declines"
                frame = pending.frame("declined", message, declined_by=seat)
                await self._broadcast(frame.model_dump_json())
                self.wake_bots()
                return
            pending.waiting.discard(seat)
            if pending.waiting:
                await self._broadcast(pending.frame("pending").model_dump_json())
                return
            self.pending = None
            await self._carry_out(pending)

    def _check_offer(self, seat: int, kind: OfferKind) -> None:
        if kind == "rematch":
            if not (self.finished and self.steps):
                raise Refused("offer", "a rematch is offered once the table has finished")
            if self.info.rematch is not None:
                raise Refused("offer", f"the rematch is table {self.info.rematch['table']}")
            return
        if self.finished:
            raise Refused("offer", "the table has finished")
        if kind == "undo":
            self._undo_plan(seat)
        if kind == "claim":
            self._claim_text(seat, "claim")

    def _claim_text(self, seat: int, step: str) -> str:
        # The engine's claim of the rest by ``seat``, or its grant, if it may be played now.
        deal = self.match.current
        if deal is None:
            raise Refused("offer", "no deal is being played")
        action = deal.claim_action(seat) if step == "claim" else deal.grant_action(seat)
        if action is None:
            raise Refused("offer", f"{self.info.game} has no claims of the remaining tricks")
        reason = deal.why_illegal(action)
        if reason is not None:
            raise Refused("offer", reason)
        return self.game.action_text(action)

    def _undo_plan(self, seat: int) -> tuple[int, SomeMatch]:
        # The seq to go back to and the match as it stood before it, if the undo may be made.
        target = undo_target(self.standing, seat)
        if target is None:
            raise Refused("offer", f"seat {seat} has made no move in this deal to take back")
        kept = [entry for entry in self.standing if entry.seq < target]
        before = _replayed(self.info, kept)
        deal = before.current
        assert deal is not None
        undone = [
            event
            for step in self.steps
            if step.seq >= target and step.kind in ("act", "deal", "between")
            for event in step.events
        ]
        reason = sight_refusal(deal, undone)
        if reason is not None:
            raise Refused("offer", reason)
        return target, before

    async def _carry_out(self, pending: Pending) -> None:
        if pending.kind == "undo":
            await self._undo(pending)
        elif pending.kind == "abort":
            await self._abort(pending)
        elif pending.kind == "claim":
            await self._broadcast(pending.frame("accepted").model_dump_json())
            await self._play(pending.by, None, self._claim_text(pending.by, "grant"))
            await self._advance()
        else:
            await self._rematch(pending)

    async def _undo(self, pending: Pending) -> None:
        target, before = self._undo_plan(pending.by)
        entry = Entry(self.seq + 1, "undo", seat=pending.by, text=str(target))
        await self._store([entry])
        self.match = before
        self.standing = [kept for kept in self.standing if kept.seq < target]
        await self._broadcast(pending.frame("accepted").model_dump_json())
        await self._publish(Step(entry.seq, "undo", pending.by, (), target - 1))
        self.wake_bots()

    async def _abort(self, pending: Pending) -> None:
        entry = Entry(self.seq + 1, "abort", seat=pending.by)
        await self._store([entry], "finished")
        self.aborted = True
        await self._broadcast(pending.frame("accepted").model_dump_json())
        await self._publish(Step(entry.seq, "abort", pending.by, ()))
        await self._broadcast(self._end().model_dump_json())

    async def close(self, reason: str, waiting_only: bool = False) -> int | None:
        """End the table where it stands, saying ``reason`` to every connection; its seq.

        An operator closed it, or nobody came to it: an ``abort`` entry of no seat. ``None``
        if the table had already finished (or, ``waiting_only``, no longer waits for players).
        """
        async with self.lock:
            if (self.finished and self.steps) or self.evicted:
                return None
            if waiting_only and (self.steps or self.info.status != "waiting"):
                return None
            entry = Entry(self.seq + 1, "abort", text=reason)
            await self._store([entry], "finished")
            self.aborted = True
            await self._publish(Step(entry.seq, "abort", None, _notice_events(entry)))
            await self._broadcast(self._end().model_dump_json())
            self.stop()
            return entry.seq

    async def hand_to_bot(self, seat: int, said: str) -> int | str:
        """Take a person's ``seat`` from him and let the stand-in bot play it; the notice's seq.

        His connections are closed (4001) and his token holds the seat no more; the table is
        told ``said`` as a ``notice`` entry. A line saying why not if it cannot be done.
        """
        async with self.lock:
            if (self.finished and self.steps) or self.evicted:
                return "the table has finished"
            if not 0 <= seat < len(self.info.seats) or not self._is_person(seat):
                return f"seat {seat} is not held by a person"
            kind = self.workers.stand_in
            await self._db(self.store.hand_seat_to_bot, self.info.id, seat, kind)
            seats = [replace(s, bot=kind) if s.seat == seat else s for s in self.info.seats]
            self.info = replace(self.info, seats=tuple(seats))
            self.bots[seat] = make_bot(self.info.game, kind, self.match.rules)
            self.away.discard(seat)
            self.stand_ins.pop(seat, None)
            grace = self.graces.pop(seat, None)
            if grace is not None:
                grace.cancel()
            for watcher in [w for w in self.watchers if w.seat == seat]:
                self.watchers.discard(watcher)
                await watcher.close(4001, "the operator took this seat from its player")
            entry = Entry(self.seq + 1, "notice", text=said)
            await self._store([entry])
            await self._publish(Step(entry.seq, "notice", None, _notice_events(entry)))
            await self._send_presence()
            self.wake_bots()
            return entry.seq

    async def notice(self, text: str) -> int | None:
        """Tell every connection ``text`` as a numbered ``notice`` entry of the log; its seq.

        For an operator's act on the table; ``None`` if the table has finished.
        """
        async with self.lock:
            if (self.finished and self.steps) or self.evicted:
                return None
            entry = Entry(self.seq + 1, "notice", text=text)
            await self._store([entry])
            await self._publish(Step(entry.seq, "notice", None, _notice_events(entry)))
            return entry.seq

    async def _rematch(self, pending: Pending) -> None:
        table_id = await self._db(self.store.create_rematch, self.info.id, pending.by)
        self.info = replace(self.info, rematch={"table": table_id, "by": pending.by})
        if self.start_table is not None:
            await self.start_table(table_id)
        for watcher in list(self.watchers):
            await self._send_rematch(watcher, pending.frame("accepted"))

    def _rematch_made(self) -> Offer:
        # The accepted rematch, told again to a connection that comes after it was made.
        assert self.info.rematch is not None
        return Offer(id=0, kind="rematch", by=self.info.rematch["by"], state="accepted", waiting=[])

    async def _send_rematch(self, watcher: Watcher, frame: Offer) -> None:
        # Each person is sent his seat's token at the rematch, keyed there when first sent.
        assert self.info.rematch is not None
        table_id = str(self.info.rematch["table"])
        token = None
        if watcher.token is not None and watcher.seat != SPECTATOR:
            token = rematch_token(watcher.token, table_id)
            await self._db(self.store.key_seat, table_id, watcher.seat, digest(token))
        update = {"table": table_id, "token": token}
        await watcher.send(frame.model_copy(update=update).model_dump_json())

    # --- bots ----------------------------------------------------------------------------

    def wake_bots(self) -> None:
        """Start the table's bot driver if a bot is to move and none is running."""
        if self.driver is None or self.driver.done():
            self.driver = asyncio.get_running_loop().create_task(self._drive_bots())

    def _bot_for(self, seat: int) -> SomeBot:
        # A bot seat's own bot, or the stand-in that plays for an absent person.
        if seat in self.bots:
            return self.bots[seat]
        if seat not in self.stand_ins:
            self.stand_ins[seat] = make_bot(self.info.game, self.workers.stand_in, self.match.rules)
        return self.stand_ins[seat]

    def _bot_plays(self, seat: int) -> bool:
        return seat in self.bots or seat in self.away

    async def _bot_move(self, bot: SomeBot, seat: int) -> str:
        deal = self.match.current
        if deal is None:
            return self.match.between_moves(seat)[0]
        # Thinking runs in the pool, so one table's bot never holds up another table.
        action = await asyncio.get_running_loop().run_in_executor(
            self.workers.bots,
            bot.choose,
            deal.view(seat),
            deal.legal_actions(),
            random.Random(self.rng.random()),
        )
        return self.game.action_text(action)

    async def _drive_bots(self) -> None:
        while True:
            seat = self.to_move
            if seat is None or self.finished or not self._bot_plays(seat):
                return
            if self.pending is not None:
                return  # bots wait for the people's answers to an offer
            seq = self.seq
            if self.workers.bot_delay:
                await asyncio.sleep(self.workers.bot_delay)
            if self.seq != seq or not self._bot_plays(seat):
                continue
            text = await self._bot_move(self._bot_for(seat), seat)
            with contextlib.suppress(Refused):
                await self._bot_act(seat, seq, text)

    async def _bot_act(self, seat: int, seq: int, text: str) -> None:
        # Checked again under the lock: the seat's person may have come back, or an offer been
        # made, while the bot thought or waited for the lock.
        async with self.lock:
            if not self._bot_plays(seat) or self.pending is not None:
                return
            self._check_turn(seat, None, seq)
            await self._play(seat, None, text)
            await self._advance()

    def stop(self) -> None:
        """Cancel the table's bot driver, clock and grace timers (the server is stopping)."""
        for task in [self.driver, self.timer, *self.graces.values()]:
            if task is not None:
                task.cancel()

    async def evict(self, idle: float) -> bool:
        """Leave memory if nobody is connected and the table has finished or been idle ``idle`` s.

        An evicted table is stopped (bots, clock, graces) and moves no more; the log holds all
        of it, so the server rebuilds it when someone opens it again. Whether it was evicted.
        """
        async with self.lock:
            if self.watchers or self.evicted:
                return False
            done = self.info.status == "finished"
            if not done and time.monotonic() - self.idle_since < idle:
                return False
            self.evicted = True
            self.stop()
            return True

    # --- frames --------------------------------------------------------------------------

    def _seen(self, events: Sequence[Event], seat: int) -> list[EventData]:
        return [
            EventData(
                kind=seen.kind,
                seat=seen.seat,
                text=seen.text,
                cards=[card.text() for card in seen.cards],
                key=seen.key,
                values=dict(seen.values),
            )
            for seen in (event.seen_by(None if seat == SPECTATOR else seat) for event in events)
        ]

    def _choices(self, seat: int) -> list[CardChoice] | None:
        deal = self.match.current
        if deal is None or deal.to_move != seat or seat == SPECTATOR:
            return None
        return deal.choices()

    def _legal(self, seat: int) -> list[str] | None:
        # The moves a choice builds are left to it: a client builds them card by card, so a
        # piquet exchange's 1,507 sets are not sent; any move sent is validated whole.
        if self.match.current is None and seat != SPECTATOR and self.to_move == seat:
            return self.match.between_moves(seat)
        choices = self._choices(seat)
        deal = self.match.current
        if choices is None or deal is None:
            return None
        return outside_choices((self.game.action_text(a) for a in deal.legal_actions()), choices)

    def _choice_data(self, seat: int) -> list[ChoiceData] | None:
        choices = self._choices(seat)
        if choices is None:
            return None
        return [
            ChoiceData(
                verb=choice.verb,
                cards=[card.text() for card in choice.cards],
                counts=list(choice.counts),
                note=choice.note,
            )
            for choice in choices
        ]

    def _view(self, deal: Deal[Hashable, object], seat: int) -> object:
        return view_to_data(deal.public_view() if seat == SPECTATOR else deal.view(seat))

    def _ev(self, step: Step, seat: int) -> Ev:
        deal = self.match.deals[-1] if self.match.deals else None
        newest = step is self.steps[-1]
        return Ev(
            seq=step.seq,
            commitment=deal.setup.commitment if step.kind == "deal" and deal else None,
            kind=step.kind,  # type: ignore[arg-type]
            seat=step.seat,
            back_to=step.back_to,
            d=self._seen(step.events, seat),
            to_move=self.to_move,
            legal=self._legal(seat) if newest else None,
            view=self._view(deal, seat) if newest and deal else None,
            choices=self._choice_data(seat) if newest else None,
        )

    def _snapshot(self, seat: int, chat: Sequence[Said] = ()) -> Snapshot:
        deal = self.match.deals[-1] if self.match.deals else None
        return Snapshot(
            seq=self.seq,
            status=self.info.status,
            deal=len(self.match.deals),
            commitment=deal.setup.commitment if deal else None,
            view=self._view(deal, seat) if deal else None,
            events=self._seen(deal.events if deal else [], seat),
            to_move=self.to_move,
            legal=self._legal(seat),
            score=self.score(),
            chat=[_chat_frame(line) for line in chat],
            choices=self._choice_data(seat),
        )

    def score(self) -> dict[str, str]:
        """Every account's winnings so far, as exact text."""
        return {name: str(value) for name, value in self.match.ledger().items()}

    def _welcome(self, seat: int) -> Welcome:
        connected = {w.seat for w in self.watchers}
        return Welcome(
            server_ms=int(time.time() * 1000),
            table=self.info.id,
            game=self.info.game,
            seat=None if seat == SPECTATOR else seat,
            rules=rules_to_mapping(self.match.rules),
            seats=[
                SeatData(
                    seat=s.seat,
                    name=s.name,
                    bot=s.bot,
                    connected=s.bot is not None or s.seat in connected,
                )
                for s in self.info.seats
            ],
            clock=None if self.clocks is None else self.clocks.rules.data(),
            offer=None if self.pending is None else self.pending.frame("pending"),
        )

    def _end(self) -> End:
        return End(seq=self.seq, result=self.score(), record=f"/api/tables/{self.info.id}/record")


def _setup(entry: Entry) -> DealSetup:
    if entry.dealer is None or entry.deck is None or entry.seed is None:
        raise CardtableError(f"log seq {entry.seq}: a deal without its dealer, deck or seed")
    return DealSetup(
        entry.dealer, parse_cards(entry.deck), entry.seed, bytes.fromhex(entry.salt or "")
    )


def _new_match(info: TableInfo) -> SomeMatch:
    game = get_game(info.game)
    return game.new_match(game.rules(info.preset, info.rules), seat_names(info), info.preset)


def _apply_entry(match: SomeMatch, entry: Entry) -> tuple[Event, ...]:
    # The same calls replay() makes for a record, one log entry at a time.
    if entry.kind == "deal":
        return tuple(match.start_deal_from(_setup(entry)).events)
    if entry.kind == "act":
        return match.apply(get_game(match.game.name).parse_action(entry.text or ""))
    return match.apply_between(entry.text or "")


def _replayed(info: TableInfo, entries: Sequence[Entry]) -> SomeMatch:
    """The match that ``entries`` (standing entries, oldest first) leave."""
    match = _new_match(info)
    for entry in entries:
        _apply_entry(match, entry)
    return match


def _notice_events(entry: Entry) -> tuple[Event, ...]:
    # What an entry of no seat (an operator's act, an expiry) says, to everyone.
    if entry.seat is not None or not entry.text:
        return ()
    return (Event("closed" if entry.kind == "abort" else "notice", None, entry.text),)


def _chat_frame(line: Said) -> Chat:
    return Chat(
        seat=line.seat,
        name=line.name,
        text=line.text,
        ts=int(line.when.timestamp() * 1000),
        scope="spectators" if line.scope == "spectators" else "table",
    )
