"""Live tables: one match each, moved by one serial executor, its log committed before it is told.

A :class:`LiveTable` holds a match rebuilt from the table's log and the connections watching
it. Every change (a person's action, a bot's, a new deal) goes through the table's lock: it is
checked, applied, committed to the log, and only then sent to each connection as that
connection's seat saw it (:meth:`Event.seen_by`, :meth:`Deal.view`) and acknowledged. A commit
that fails rebuilds the match from the log, so memory never runs ahead of the database.

The server knows games only through the engine protocol and the registry.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Awaitable, Callable, Hashable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from datetime import UTC, datetime

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
from cardtable.errors import CardtableError
from cardtable.server.protocol import (
    Chat,
    ChoiceData,
    End,
    Ev,
    EventData,
    SeatData,
    Snapshot,
    Welcome,
)
from cardtable.store.records import record_of, seat_names
from cardtable.store.repository import Entry, Said, Store, TableInfo

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


class Refused(CardtableError):
    """An action the table did not take, with the protocol's code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


Send = Callable[[str], Awaitable[None]]
"""Queues one frame's JSON text for a connection."""


@dataclass(eq=False)
class Watcher:
    """A connection to a table: the seat it holds (or :data:`SPECTATOR`) and its outbox."""

    seat: int
    send: Send
    close: Callable[[int, str], Awaitable[None]]


@dataclass
class Workers:
    """Where blocking work runs: the database writer and the bots' thinking."""

    database: Executor
    bots: Executor
    bot_delay: float = 0.0


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

    @property
    def game(self) -> SomeGame:
        """The table's game, from the registry."""
        return get_game(self.info.game)

    @property
    def seq(self) -> int:
        """The seq of the newest committed log entry (0 before any)."""
        return self.steps[-1].seq if self.steps else 0

    @property
    def finished(self) -> bool:
        """Whether the table has ended: the match is over or the agreed deals are played."""
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
        game = get_game(info.game)
        record = record_of(info, log)
        match = game.new_match(game.rules(info.preset, info.rules), record.seats, info.preset)
        table = cls(info, match, [], store, workers)
        for entry in log:
            table.steps.append(Step(entry.seq, entry.kind, entry.seat, table._replay(entry)))
            if entry.client_id is not None and entry.seat is not None:
                table.client_ids.add((entry.seat, entry.client_id))
        table.bots = {
            seat.seat: make_bot(info.game, seat.bot, match.rules)
            for seat in info.seats
            if seat.bot is not None
        }
        return table

    def _replay(self, entry: Entry) -> tuple[Event, ...]:
        # The same calls replay() makes for a record, one log entry at a time.
        game = self.game
        if entry.kind == "deal":
            return tuple(self.match.start_deal_from(_setup(entry)).events)
        if entry.kind == "act":
            return self.match.apply(game.parse_action(entry.text or ""))
        return self.match.apply_between(entry.text or "")

    # --- connections ---------------------------------------------------------------------

    async def attach(self, watcher: Watcher, since: int | None) -> None:
        """Add a connection: welcome it, then send what it missed since ``since`` or a snapshot.

        A client that missed nothing gets a snapshot too, so that it learns whose turn it is.
        """
        async with self.lock:
            for other in [w for w in self.watchers if w.seat == watcher.seat != SPECTATOR]:
                self.watchers.discard(other)
                await other.close(4009, "the seat connected again elsewhere")
            self.watchers.add(watcher)
            await watcher.send(self._welcome(watcher.seat).model_dump_json())
            if since is not None and since < self.seq and self._has_steps_after(since):
                for step in self.steps[self._index_after(since) :]:
                    await watcher.send(self._ev(step, watcher.seat).model_dump_json())
            else:
                await watcher.send(self._snapshot(watcher.seat).model_dump_json())
            if self.finished and self.steps:
                await watcher.send(self._end().model_dump_json())

    def detach(self, watcher: Watcher) -> None:
        """Forget a closed connection."""
        self.watchers.discard(watcher)

    def _has_steps_after(self, since: int) -> bool:
        first = self.steps[0].seq if self.steps else 1
        return since >= first - 1

    def _index_after(self, since: int) -> int:
        first = self.steps[0].seq if self.steps else 1
        return since - first + 1

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
            self._check_turn(seat, client_id, seq)
            game = self.game
            try:
                action = game.parse_action(text)
                events = self.match.apply(action)
            except CardtableError as error:
                raise Refused("illegal", str(error)) from None
            entry = Entry(
                self.seq + 1, "act", seat=seat, text=game.action_text(action), client_id=client_id
            )
            await self._commit(Step(entry.seq, "act", seat, events), [entry])
            if client_id is not None:
                self.client_ids.add((seat, client_id))
            stored = self.seq
            if committed is not None:
                await committed(stored)
            await self._advance()
            return stored

    def _check_turn(self, seat: int, client_id: str | None, seq: int) -> None:
        if client_id is not None and (seat, client_id) in self.client_ids:
            raise Refused("duplicate_id", f"action {client_id!r} was already played")
        if self.finished and self.steps:
            raise Refused("finished", "the table has finished")
        if seq != self.seq:
            raise Refused("stale_seq", f"the table is at seq {self.seq}, not {seq}")
        if self.match.to_move != seat:
            raise Refused("not_your_turn", f"it is not seat {seat}'s turn")

    async def seat_taken(self, info: TableInfo) -> None:
        """A seat was taken: seat the names anew, and deal when every seat is taken."""
        async with self.lock:
            if self.steps:
                return
            fresh = LiveTable.rebuild(info, [], self.store, self.workers)
            self.info, self.match, self.bots = fresh.info, fresh.match, fresh.bots
            if not any(seat.is_open for seat in info.seats):
                await self._advance()

    async def resume(self) -> None:
        """Go on after a restart: deal if a deal is due, and let the bots play."""
        async with self.lock:
            if self.info.status == "playing":
                await self._advance()

    async def _advance(self) -> None:
        # After a finished deal: deal the next one, or tell everyone the table has ended.
        if self.match.current is not None:
            self.wake_bots()
            return
        if self.finished:
            if self.info.status != "finished":
                await self._set_status("finished")
                for watcher in list(self.watchers):
                    await watcher.send(self._end().model_dump_json())
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
        await self._commit(Step(entry.seq, "deal", None, tuple(deal.events)), [entry], "playing")
        self.wake_bots()

    async def _set_status(self, status: str) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(
            self.workers.database, self.store.set_status, self.info.id, status
        )
        self.info = _with_status(self.info, status)

    async def _commit(self, step: Step, entries: list[Entry], status: str | None = None) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(
                self.workers.database, self.store.append, self.info.id, entries, status
            )
        except Exception as error:
            # Whatever broke the write (a lost race, a lost database), memory goes back to the log.
            await self._reload()
            raise Refused("storage", f"the action was not stored: {error}") from None
        if status is not None:
            self.info = _with_status(self.info, status)
        self.steps.append(step)
        for watcher in list(self.watchers):
            await watcher.send(self._ev(step, watcher.seat).model_dump_json())

    async def _reload(self) -> None:
        loop = asyncio.get_running_loop()
        log = await loop.run_in_executor(self.workers.database, self.store.log, self.info.id)
        fresh = LiveTable.rebuild(self.info, log, self.store, self.workers)
        self.match, self.steps, self.client_ids = fresh.match, fresh.steps, fresh.client_ids

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
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.workers.database, self.store.add_chat, self.info.id, line)
        frame = Chat(
            seat=line.seat,
            name=line.name,
            text=line.text,
            ts=int(line.when.timestamp() * 1000),
            scope="spectators" if spectator else "table",
        ).model_dump_json()
        for watcher in list(self.watchers):
            if not spectator or watcher.seat == SPECTATOR:
                await watcher.send(frame)

    # --- bots ----------------------------------------------------------------------------

    def wake_bots(self) -> None:
        """Start the table's bot driver if a bot is to move and none is running."""
        if self.driver is None or self.driver.done():
            self.driver = asyncio.get_running_loop().create_task(self._drive_bots())

    async def _drive_bots(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            deal, seat = self.match.current, self.match.to_move
            if deal is None or seat is None or seat not in self.bots:
                return
            seq, view, legal = self.seq, deal.view(seat), deal.legal_actions()
            if self.workers.bot_delay:
                await asyncio.sleep(self.workers.bot_delay)
            # Thinking runs in the pool, so one table's bot never holds up another table.
            action = await loop.run_in_executor(
                self.workers.bots,
                self.bots[seat].choose,
                view,
                legal,
                random.Random(self.rng.random()),
            )
            with contextlib.suppress(Refused):
                await self.act(seat, None, seq, self.game.action_text(action))

    # --- frames --------------------------------------------------------------------------

    def _seen(self, events: Sequence[Event], seat: int) -> list[EventData]:
        return [
            EventData(
                kind=seen.kind,
                seat=seen.seat,
                text=seen.text,
                cards=[card.text() for card in seen.cards],
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
            d=self._seen(step.events, seat),
            to_move=self.match.to_move,
            legal=self._legal(seat) if newest else None,
            view=self._view(deal, seat) if newest and deal else None,
            choices=self._choice_data(seat) if newest else None,
        )

    def _snapshot(self, seat: int) -> Snapshot:
        deal = self.match.deals[-1] if self.match.deals else None
        return Snapshot(
            seq=self.seq,
            status=self.info.status,
            deal=len(self.match.deals),
            commitment=deal.setup.commitment if deal else None,
            view=self._view(deal, seat) if deal else None,
            events=self._seen(deal.events if deal else [], seat),
            to_move=self.match.to_move,
            legal=self._legal(seat),
            score=self.score(),
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
        )

    def _end(self) -> End:
        return End(seq=self.seq, result=self.score(), record=f"/api/tables/{self.info.id}/record")


def _setup(entry: Entry) -> DealSetup:
    if entry.dealer is None or entry.deck is None or entry.seed is None:
        raise CardtableError(f"log seq {entry.seq}: a deal without its dealer, deck or seed")
    return DealSetup(
        entry.dealer, parse_cards(entry.deck), entry.seed, bytes.fromhex(entry.salt or "")
    )


def _with_status(info: TableInfo, status: str) -> TableInfo:
    return TableInfo(
        info.id,
        info.game,
        info.preset,
        info.rules,
        info.listed,
        info.deals_limit,
        status,
        info.seats,
    )
