"""The HTTP and WebSocket application: lobby, tables, seats, records and the table socket.

HTTP is JSON (OpenAPI at ``/docs``). A table is created with its game, preset, rule overrides
and seats (``open`` or ``bot NAME``); a person joins an open seat with the table's invite code
(not needed for a listed table) and gets a seat token, which the table socket's ``hello``
presents. Players (guests and accounts) are :mod:`cardtable.server.accounts`'s; a player's
history and statistics are :mod:`cardtable.server.history`'s, and the downloads of a table
:mod:`cardtable.server.downloads`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import random
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal, TypeVar

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from fastapi import Body, FastAPI, Header, HTTPException, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from itsdangerous import URLSafeSerializer
from pydantic import BaseModel, Field, ValidationError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from cardtable.bots import bot_names, make_bot
from cardtable.engine import describe_rules, games, get_game, rules_to_mapping
from cardtable.engine.aids import hint as aid_hint
from cardtable.engine.help import LANGUAGES, rules_in_force
from cardtable.engine.integrity import key_fingerprint
from cardtable.errors import CardtableError, RulesError
from cardtable.server import access, accounts, club, downloads, history, replays
from cardtable.server.commits import GroupCommit
from cardtable.server.protocol import (
    CLIENT_FRAME,
    CLOSE_BAD_TOKEN,
    CLOSE_NO_TABLE,
    CLOSE_POLICY,
    CLOSE_PRIVATE,
    VERSION,
    Ack,
    Act,
    AnyClientFrame,
    ClockData,
    Error,
    Hello,
    MakeOffer,
    Offer,
    Ping,
    Pong,
    Reply,
    Say,
)
from cardtable.server.tables import SPECTATOR, LiveTable, Refused, Watcher, Workers
from cardtable.store.repository import (
    NewTable,
    SeatUnavailable,
    Store,
    TableInfo,
    TooManyTables,
    new_secret,
)
from cardtable.web import mount_pages

T = TypeVar("T")

LOBBY_PAGE = 50
"""The tables a lobby page lists unless it asks for another number."""
LOBBY_MOST = 200
"""The most tables one lobby page lists."""

BOT_NAMES = ("Vera", "Boris", "Clara", "Dmitri", "Elena", "Felix", "Galina", "Igor", "Kira", "Lev")
"""The names bot seats are given, in seat order: a bot's kind ("default") is no name to read."""


@dataclass(frozen=True)
class Limits:
    """What one connection may do: frames a second, a burst, and bad frames before a close."""

    rate: float = 20.0
    burst: int = 40
    flood: int = 50
    bad_frames: int = 20
    hello_seconds: float = 10.0
    outbox: int = 2000


class Tables:
    """The live tables of this process, loaded from the store on first use.

    A table nobody is connected to leaves memory once it has finished, or after ``idle``
    seconds in any state (:meth:`sweep`); it is rebuilt from its log when someone opens it.
    """

    def __init__(self, store: Store, workers: Workers, idle: float = 600.0) -> None:
        self.store = store
        self.workers = workers
        self.idle = idle
        self.live: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()

    async def db(self, call: Callable[..., T], *args: Any) -> T:
        """Run a store call on the database thread."""
        return await asyncio.get_running_loop().run_in_executor(self.workers.database, call, *args)

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table ``table_id``, rebuilt from its log if not yet in memory."""
        table = self.live.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.live.get(table_id)
            if table is None:
                info = await self.db(self.store.table, table_id)
                if info is None:
                    return None
                log = await self.db(self.store.log, table_id)
                table = LiveTable.rebuild(info, log, self.store, self.workers)
                table.start_table = self.start
                self.live[table_id] = table
            else:
                return table
        await table.resume()
        return table

    async def attach(self, table: LiveTable, watcher: Watcher, since: int | None) -> LiveTable:
        """Attach ``watcher`` to ``table``, or to the table rebuilt if that one was evicted."""
        while not await table.attach(watcher, since):
            found = await self.get(table.info.id)
            assert found is not None  # a table once found is never deleted
            table = found
        return table

    async def seat_taken(self, table_id: str, info: TableInfo) -> None:
        """Tell table ``table_id`` that a seat was taken (``info``: its seats now)."""
        while (table := await self.get(table_id)) is not None:
            if await table.seat_taken(info):
                return

    async def start(self, table_id: str) -> None:
        """Start a table made with every seat held (a rematch): it deals its first deal."""
        info = await self.db(self.store.table, table_id)
        if info is not None:
            await self.seat_taken(table_id, info)

    async def resume_all(self) -> None:
        """After a start: every table that was being played goes on where its log stops."""
        for table_id in await self.db(self.store.tables_in_play):
            await self.get(table_id)

    async def sweep(self) -> None:
        """Evict, for ever, the tables nobody is connected to that have finished or idled."""
        while True:
            await asyncio.sleep(min(self.idle, 30.0))
            for table_id, table in list(self.live.items()):
                if await table.evict(self.idle) and self.live.get(table_id) is table:
                    del self.live[table_id]


class CreateTable(BaseModel):
    """A new table: the game, its rules, its seats and who may find it."""

    game: str = Field(max_length=40)
    preset: str | None = Field(default=None, max_length=80)
    rules: dict[str, Any] = Field(default_factory=dict)
    seats: list[Annotated[str, Field(max_length=60)]] = Field(min_length=1, max_length=10)
    listed: bool = True
    deals: int | None = Field(default=None, ge=1, le=100_000)
    clock: ClockData | None = None
    """Seconds for each move and a bank of seconds beyond them for the whole table; none if
    absent (the default: friends play without a clock)."""


class JoinSeat(BaseModel):
    """A request for a seat: which (the first open one if none), the invite code, a name."""

    seat: int | None = Field(default=None, ge=0, le=9)
    invite: str | None = Field(default=None, max_length=200)
    name: str | None = Field(default=None, min_length=1, max_length=accounts.NAME_LENGTH)


def create_app(
    url: str,
    *,
    bot_delay: float = 0.0,
    rate: float = 20.0,
    grace: float = 60.0,
    stand_in: str = "default",
    idle: float = 600.0,
    club_rules: club.ClubRules | None = None,
) -> FastAPI:
    """The server's application over the database at ``url`` (already migrated).

    ``rate`` is the frames a second one connection may send (twice as many in a burst);
    ``grace`` the seconds a person's seat waits for its person before the ``stand_in`` bot
    plays it; ``idle`` the seconds a table nobody is connected to stays in memory (a finished
    one leaves at the next sweep); ``club_rules`` when a waiting table expires and how many
    open tables one address may make (:mod:`cardtable.server.club`).
    """
    rules = club_rules or club.ClubRules()
    limits = Limits(rate=rate, burst=max(1, int(2 * rate)))
    for game in games():
        if stand_in != "default" and stand_in not in bot_names(game.name):
            raise CardtableError(f"{game.name} has no bot {stand_in!r} to stand in for a person")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(url)
        database = ThreadPoolExecutor(1, thread_name_prefix="db")
        workers = Workers(
            database,
            ThreadPoolExecutor(2, thread_name_prefix="bots"),
            GroupCommit(store, database),
            bot_delay,
            grace,
            stand_in,
        )
        tables = Tables(store, workers, idle)
        app.state.tables = tables
        cookie_secret = await tables.db(store.setting, "cookie_secret", new_secret)
        app.state.signer = URLSafeSerializer(cookie_secret, salt="cardtable-guest")
        app.state.login_limit = accounts.LoginLimit()
        raw_key = await tables.db(store.setting, "record_key", _new_key)
        app.state.record_key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(raw_key))
        app.state.club = rules
        await tables.resume_all()
        loop = asyncio.get_running_loop()
        chores = [
            loop.create_task(tables.sweep()),
            loop.create_task(club.keep_house(tables, rules)),
        ]
        yield
        for chore in chores:
            chore.cancel()
        for table in tables.live.values():
            table.stop()
        workers.bots.shutdown(wait=False, cancel_futures=True)
        await tables.db(store.close)  # on the database thread, where an async driver's loop runs
        workers.database.shutdown(wait=True)

    app = FastAPI(title="cardtable", version="1", lifespan=lifespan)

    @app.exception_handler(CardtableError)
    async def _bad_input(_request: Request, error: CardtableError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def _bad_body(_request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _first_error(error)}, status_code=400)

    _routes(app)
    for router in (accounts.router, history.router, downloads.router, replays.router):
        app.include_router(router)
    _socket(app, limits)
    mount_pages(app)
    return app


def _first_error(error: RequestValidationError) -> str:
    """The first fault of a request, in one line: where it is and what is wrong."""
    faults = error.errors()
    if not faults:
        return "the request is malformed"
    first = faults[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
    return f"{where}: {first.get('msg', 'is wrong')}"


def _new_key() -> str:
    return Ed25519PrivateKey.generate().private_bytes_raw().hex()


def _tables(request: Request | WebSocket) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _routes(app: FastAPI) -> None:
    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        """The games this server plays, with their presets and numbers of seats."""
        return [
            {
                "name": game.name,
                "title": game.title,
                "players": list(game.players),
                "presets": list(game.presets),
                "default_preset": game.default_preset,
                "preset_descriptions": {
                    name: preset.description for name, preset in game.presets.items()
                },
                "bots": bot_names(game.name),
                "downloads": [form.name for form in game.exports],
                "public_downloads": [form.name for form in game.exports if form.public],
            }
            for game in games()
        ]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Make a table; its invite code is given out here once."""
        maker = await accounts.current_player(request)
        rules = _club(request)
        made = _new_table(body)
        spec = replace(
            made,
            deals_limit=club.deals_of_a_new_table(
                made.bots, made.deals_limit, rules.bot_table_deals
            ),
            address=request.client.host if request.client else None,
            maker=None if maker is None else maker.id,
        )
        tables = _tables(request)
        try:
            table_id, invite = await tables.db(
                tables.store.create_table, spec, rules.tables_per_address, rules.tables_per_player
            )
        except TooManyTables as error:
            raise HTTPException(429, str(error)) from None
        info = await tables.db(tables.store.table, table_id)
        assert info is not None
        if not any(seat.is_open for seat in info.seats):
            await tables.seat_taken(table_id, info)
        return {
            **_table_data(info),
            "invite": invite,
            "invite_url": f"/tables/{table_id}?invite={invite}",
        }

    @app.get("/api/tables")
    async def lobby(
        request: Request,
        response: Response,
        limit: Annotated[int, Query(ge=1, le=LOBBY_MOST)] = LOBBY_PAGE,
        after: Annotated[str | None, Query(max_length=40)] = None,
    ) -> list[dict[str, Any]]:
        """A page of the lobby: ``limit`` listed tables not finished, newest first, after ``after``.

        Header ``Link`` (``rel="next"``) names the next page, if there is one.
        """
        tables = _tables(request)
        page, more = await tables.db(tables.store.lobby, limit, after)
        if more:
            following = f"/api/tables?limit={limit}&after={page[-1].id}"
            response.headers["link"] = f'<{following}>; rel="next"'
        return [_lobby_data(info, _club(request)) for info in page]

    @app.get("/api/tables/{table_id}")
    async def table_status(
        table_id: str,
        request: Request,
        invite: access.InviteQuery = None,
        seat_token: access.TokenHeader = None,
    ) -> dict[str, Any]:
        """A table's settings, seats, status and newest seq.

        A private table shows them only to its invite code, one of its seat tokens or the
        cookie of a player seated at it (:func:`~cardtable.server.access.table_access`).
        """
        table, _seat = await access.table_access(request, table_id, invite, seat_token)
        # Under the table's lock: an action applied but not yet stored is never shown.
        async with table.lock:
            return {
                **_lobby_data(table.info, _club(request)),
                "seq": table.seq,
                "to_move": table.match.to_move,
                "score": table.score(),
            }

    @app.post("/api/tables/{table_id}/join")
    async def join(
        table_id: str, request: Request, response: Response, body: Annotated[JoinSeat, Body()]
    ) -> dict[str, Any]:
        """Take an open seat; the answer's token is the seat's key, shown only this once."""
        tables = _tables(request)
        table = await _live(request, table_id)
        invited = False
        if body.invite is not None:
            invited = await tables.db(tables.store.invite_matches, table_id, body.invite)
        if not table.info.listed and not invited:
            raise HTTPException(403, "this table is private: its invite code is needed")
        if table.finished and table.steps:
            raise HTTPException(409, "this table has finished: its seats are taken no more")
        player_id, name = await accounts.seat_holder(request, response, body.name)
        seat = body.seat if body.seat is not None else _first_open(table.info)
        try:
            token = await tables.db(tables.store.take_seat, table_id, seat, name, player_id)
        except SeatUnavailable as error:
            raise HTTPException(409, str(error)) from None
        info = await tables.db(tables.store.table, table_id)
        assert info is not None
        await tables.seat_taken(table_id, info)
        return {"seat": seat, "token": token, "socket": f"/ws/tables/{table_id}"}

    _sheet_routes(app)
    _help_routes(app)


def _sheet_routes(app: FastAPI) -> None:
    @app.get("/api/tables/{table_id}/sheet.svg")
    async def sheet(
        table_id: str,
        request: Request,
        invite: access.InviteQuery = None,
        seat_token: access.TokenHeader = None,
        lang: Literal["ru", "en"] = "ru",
    ) -> Response:
        """The table's score sheet as it stands, drawn (the preferans pulka); it shows no card.

        Its words are in ``lang`` (the korolik sheet's headings). A private table's needs what
        its status needs.
        """
        table, _seat = await access.table_access(request, table_id, invite, seat_token)
        async with table.lock:
            picture = table.match.sheet_svg(lang)
        if picture is None:
            raise HTTPException(404, "this game keeps no drawn score sheet")
        return Response(picture, media_type="image/svg+xml", headers={"cache-control": "no-store"})

    @app.get("/api/tables/{table_id}/sheet")
    async def sheet_figures(
        table_id: str,
        request: Request,
        deal: Annotated[int | None, Query(ge=0, le=1_000_000)] = None,
        invite: access.InviteQuery = None,
        seat_token: access.TokenHeader = None,
    ) -> dict[str, Any]:
        """The table's score sheet as data, with the counts or pots of ``deal`` (the last if none).

        The sheet is public, as on paper, so every seat and spectator gets the same figures:
        built from the sheet and the deal's public view alone (:meth:`Match.sheet_data`),
        never a hand, the talon or the deck. The terminal table draws its score panel from it.
        A private table's needs what its status needs.
        """
        table, _seat = await access.table_access(request, table_id, invite, seat_token)
        async with table.lock:
            dealt = len(table.match.deals)
            asked = dealt if deal is None else deal
            if asked > dealt:
                raise HTTPException(404, f"the table has dealt {dealt} deals, not deal {asked}")
            return {
                "table": table_id,
                "seq": table.seq,
                "deal": asked,
                **table.match.sheet_data(asked),
            }


def _help_routes(app: FastAPI) -> None:
    @app.get("/api/games/{game_name}/presets/{preset}/rules")
    async def preset_rules(game_name: str, preset: str, language: str = "en") -> dict[str, Any]:
        """A preset's rules before any table has them: every option and the help they make.

        ``options`` holds each option as ``cardtable rules`` lists it (``describe_rules``: its
        dotted name, value, meaning, clause, range) with its ``kind`` and ``choices`` for a
        form; ``sections`` the rules' help in ``language`` (``Game.rules_help``), as a table's
        ``/help`` gives them.
        """
        if language not in LANGUAGES:
            raise RulesError(f"help is written in {', '.join(LANGUAGES)}, not {language!r}")
        known = {game.name: game for game in games()}
        if game_name not in known:
            raise HTTPException(404, f"no game {game_name!r}; the games: {', '.join(known)}")
        game = known[game_name]
        if preset not in game.presets:
            presets = ", ".join(game.presets)
            raise HTTPException(404, f"{game_name} has no preset {preset!r}: {presets}")
        rules = game.rules(preset)
        return {
            "game": game.name,
            "preset": preset,
            "options": [dataclasses.asdict(info) for info in describe_rules(rules)],
            **game.rules_help(rules, language).to_data(),
        }

    @app.get("/api/tables/{table_id}/help")
    async def table_help(
        table_id: str,
        request: Request,
        language: str = "en",
        invite: access.InviteQuery = None,
        seat_token: access.TokenHeader = None,
    ) -> dict[str, Any]:
        """The table's rules in force as its help tells them, in ``language`` (en or ru).

        Sections by phase of sentences, each with the options it states, their values and
        the clause it comes from (``Game.rules_help``); the page's help panel shows them. A
        private table's needs what its status needs.
        """
        table, _seat = await access.table_access(request, table_id, invite, seat_token)
        help = table.game.rules_help(rules_in_force(table.match), language)
        return {"table": table_id, **help.to_data()}

    @app.get("/api/tables/{table_id}/hint")
    async def table_hint(
        table_id: str,
        request: Request,
        seat_token: Annotated[str, Header(max_length=200)],
        language: str = "en",
    ) -> dict[str, Any]:
        """How the seat of ``Seat-Token`` types its move now; ``hint`` is null off its turn.

        Made from the seat's own legal moves (``Game.move_hint``), so only its token gets it;
        ``parts`` are its kinds of move (``Game.move_hint_parts``), for the page to say in its
        own words.
        """
        if language not in LANGUAGES:
            raise RulesError(f"help is written in {', '.join(LANGUAGES)}, not {language!r}")
        table, seat = await access.table_access(request, table_id, None, seat_token)
        async with table.lock:
            match, deal = table.match, table.match.current
            if deal is None or match.to_move != seat:
                return {"seq": table.seq, "hint": None, "parts": []}
            rules, view, legal = rules_in_force(match), deal.view(seat), deal.legal_actions()
            parts = table.game.move_hint_parts(rules, view, legal)
            return {
                "seq": table.seq,
                "hint": table.game.move_hint(rules, view, legal, language),
                "parts": [part.to_data() for part in parts],
            }

    @app.get("/api/tables/{table_id}/aid")
    async def table_aid(
        table_id: str, request: Request, seat_token: Annotated[str, Header(max_length=200)]
    ) -> dict[str, Any]:
        """The aid's hint for the seat of ``Seat-Token`` at its move (docs/tui.md, "Aids").

        Worked out by the engine (``engine.aids.hint``) from what that seat may know, on a copy
        of the deal taken under the table's lock, off the event loop, with a fresh generator
        (never the table's, which deals the cards). ``lines`` is empty off its turn.
        """
        table, seat = await access.table_access(request, table_id, None, seat_token)
        async with table.lock:
            deal = table.match.current
            mine = deal is not None and seat is not None and table.match.to_move == seat
            copy = deal.copy() if mine and deal is not None else None
            seq = table.seq
        if copy is None or seat is None:
            return {"seq": seq, "lines": []}
        try:
            found = await asyncio.to_thread(aid_hint, table.game.name, copy, seat, random.Random())
        except CardtableError as error:
            return {"seq": seq, "lines": [f"No hint now: {error}."]}
        return {"seq": seq, "kind": found.kind, "lines": list(found.lines)}

    @app.get("/api/server")
    async def server_facts(request: Request) -> dict[str, str | int]:
        """The key that signs this server's records (``cardtable replay`` names it).

        ``tables_in_memory`` counts the tables this process holds now (finished and idle
        ones are evicted), for an operator watching its memory; ``log_commits``,
        ``log_appends`` and ``largest_commit`` how the tables' log appends were grouped into
        transactions since the start (:mod:`cardtable.server.commits`); ``histories_kept``
        the tables of players' histories kept replayed (:data:`history.MATCHES`), and
        ``histories_replayed`` how many times such a table was replayed since the start.
        """
        key: Ed25519PrivateKey = request.app.state.record_key
        tables = _tables(request)
        counts = tables.workers.commits.counts
        return {
            "record_key": key_fingerprint(key.public_key()),
            "protocol": str(VERSION),
            "tables_in_memory": len(tables.live),
            "log_commits": counts.groups,
            "log_appends": counts.appends,
            "largest_commit": counts.largest,
            "histories_kept": len(history.MATCHES),
            "histories_replayed": history.MATCHES.worked,
        }


async def _live(request: Request, table_id: str) -> LiveTable:
    table = await _tables(request).get(table_id)
    if table is None:
        raise HTTPException(404, f"there is no table {table_id!r}")
    return table


def _new_table(body: CreateTable) -> NewTable:
    game = get_game(body.game)
    rules = game.rules(body.preset, body.rules)
    game.check_players(len(body.seats))
    bots: list[str | None] = []
    for number, spec in enumerate(body.seats):
        words = spec.split()
        if words == ["open"]:
            bots.append(None)
        elif len(words) == 2 and words[0] == "bot":
            make_bot(game.name, words[1], rules)
            bots.append(words[1])
        else:
            raise CardtableError(f"seat {number}: {spec!r} is neither 'open' nor 'bot NAME'")
    names = [BOT_NAMES[seat % len(BOT_NAMES)] if bot else None for seat, bot in enumerate(bots)]
    clock = None if body.clock is None else body.clock.model_dump()
    return NewTable(
        game.name,
        body.preset,
        rules_to_mapping(rules),
        bots,
        body.listed,
        body.deals,
        names=names,
        clock=clock,
    )


def _table_data(info: TableInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "game": info.game,
        "preset": info.preset,
        "listed": info.listed,
        "deals": info.deals_limit,
        "clock": info.clock,
        "status": info.status,
        "seats": [
            {"seat": seat.seat, "name": seat.name, "bot": seat.bot, "open": seat.is_open}
            for seat in info.seats
        ],
    }


def _lobby_data(info: TableInfo, rules: club.ClubRules) -> dict[str, Any]:
    # A table as the lobby lists it: with when it closes if its seats are not taken by then.
    return {**_table_data(info), "closes_at": club.closes_at(info, rules)}


def _club(request: Request) -> club.ClubRules:
    rules: club.ClubRules = request.app.state.club
    return rules


def _first_open(info: TableInfo) -> int:
    for seat in info.seats:
        if seat.is_open:
            return seat.seat
    raise HTTPException(409, "every seat of this table is taken")


# --- the table socket ----------------------------------------------------------------------


class _Connection:
    """One table socket: its outbox, its rate bucket and its count of bad frames."""

    def __init__(self, socket: WebSocket, limits: Limits) -> None:
        self.socket = socket
        self.limits = limits
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(limits.outbox)
        self.tokens = float(limits.burst)
        self.refilled = time.monotonic()
        self.strikes = 0
        self.bad = 0
        self.closing: tuple[int, str] | None = None

    async def send(self, text: str) -> None:
        if self.closing is not None:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            await self.close(CLOSE_POLICY, "the connection reads too slowly", flush=False)

    async def close(self, code: int, reason: str, *, flush: bool = True) -> None:
        """Close with ``code``: after the frames already queued, unless the queue is stuck."""
        if self.closing is not None:
            return
        self.closing = (code, reason)
        if flush and not self.outbox.full():
            self.outbox.put_nowait(None)
        else:
            await self._close_now()

    async def _close_now(self) -> None:
        if self.closing is not None and self.socket.application_state == WebSocketState.CONNECTED:
            code, reason = self.closing
            with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
                await self.socket.close(code, reason)

    async def write(self) -> None:
        try:
            while (text := await self.outbox.get()) is not None:
                await self.socket.send_text(text)
        except (RuntimeError, OSError, WebSocketDisconnect):
            return  # the client went away; the reader sees it too
        await self._close_now()

    def allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(
            float(self.limits.burst), self.tokens + (now - self.refilled) * self.limits.rate
        )
        self.refilled = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.strikes = 0
            return True
        self.strikes += 1
        return False

    async def error(self, code: str, message: str) -> None:
        await self.send(Error(code=code, msg=message).model_dump_json())


def _read_frame(text: str) -> AnyClientFrame | Error:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return Error(code="bad_json", msg=f"the frame is not JSON: {error}")
    if not isinstance(data, dict):
        return Error(code="bad_frame", msg="a frame is a JSON object")
    kind = data.get("type")
    if kind not in {"hello", "act", "ping", "chat", "offer", "reply"}:
        return Error(code="unknown_type", msg=f"unknown frame type {kind!r}")
    try:
        return CLIENT_FRAME.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or kind
        return Error(code="bad_frame", msg=f"{kind}: {where}: {first['msg']}")


def _socket(app: FastAPI, limits: Limits) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        connection = _Connection(socket, limits)
        writer = asyncio.get_running_loop().create_task(connection.write())
        watcher: Watcher | None = None
        table: LiveTable | None = None
        try:
            table = await _tables(socket).get(table_id)
            if table is None:
                await connection.close(CLOSE_NO_TABLE, f"there is no table {table_id!r}")
                return
            hello = await _await_hello(connection)
            if hello is None:
                return
            seat = await _seat_of(connection, table, hello)
            if seat is None:
                return
            watcher = Watcher(seat, connection.send, connection.close, hello.token)
            table = await _tables(socket).attach(table, watcher, hello.since)
            await _serve_frames(connection, table, seat)
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None and watcher is not None:
                await table.detach(watcher)
            if connection.closing is None and not connection.outbox.full():
                connection.outbox.put_nowait(None)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(writer, 5)


async def _receive(connection: _Connection) -> str | None:
    message = await connection.socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _await_hello(connection: _Connection) -> Hello | None:
    try:
        text = await asyncio.wait_for(_receive(connection), connection.limits.hello_seconds)
    except TimeoutError:
        await connection.close(CLOSE_POLICY, "no hello")
        return None
    frame = _read_frame(text) if text is not None else Error(code="bad_frame", msg="binary frame")
    if not isinstance(frame, Hello):
        message = frame.msg if isinstance(frame, Error) else "the first frame must be hello"
        await connection.error(frame.code if isinstance(frame, Error) else "bad_frame", message)
        await connection.close(CLOSE_POLICY, "the first frame must be hello")
        return None
    return frame


CLOSE_CODES = {access.PRIVATE: CLOSE_PRIVATE, access.BAD_TOKEN: CLOSE_BAD_TOKEN}
"""The close code of each refusal of :func:`~cardtable.server.access.table_access` but 404's."""


async def _seat_of(connection: _Connection, table: LiveTable, hello: Hello) -> int | None:
    """The seat the hello's token holds, or the spectator's; ``None`` once refused and closed.

    The socket is let in as the table's status is (``?invite=`` in its address, the token of
    its hello, or a seated player's cookie).
    """
    socket = connection.socket
    try:
        _table, seat = await access.table_access(
            socket, table.info.id, socket.query_params.get("invite"), hello.token
        )
    except HTTPException as refused:
        await connection.close(CLOSE_CODES.get(refused.detail, CLOSE_NO_TABLE), refused.detail)
        return None
    return seat


async def _serve_frames(connection: _Connection, table: LiveTable, seat: int) -> None:
    limits = connection.limits
    while connection.closing is None:
        text = await _receive(connection)
        frame = _read_frame(text) if text is not None else Error(code="bad_frame", msg="binary")
        if not connection.allowed():
            await _refuse_for_rate(connection, frame)
            continue
        if isinstance(frame, Error):
            connection.bad += 1
            await connection.send(frame.model_dump_json())
            if connection.bad > limits.bad_frames:
                await connection.close(CLOSE_POLICY, "too many bad frames")
        elif isinstance(frame, Ping):
            await connection.send(Pong(c=frame.c, s=int(time.time() * 1000)).model_dump_json())
        elif isinstance(frame, Hello):
            await connection.error("bad_frame", "hello is sent once, first")
        elif isinstance(frame, Say):
            await table.say(seat, frame.text)
        elif isinstance(frame, MakeOffer | Reply):
            await _offer(connection, table, seat, frame)
        else:
            await _act(connection, table, seat, frame)


async def _refuse_for_rate(connection: _Connection, frame: AnyClientFrame | Error) -> None:
    limits = connection.limits
    message = f"more than {limits.rate:g} frames a second"
    if connection.strikes > limits.flood:
        await connection.close(CLOSE_POLICY, "flood")
    elif isinstance(frame, Act):
        await connection.send(
            Ack(id=frame.id, ok=False, code="rate", msg=message).model_dump_json()
        )
    elif connection.strikes == 1:
        await connection.error("rate", message)


async def _act(connection: _Connection, table: LiveTable, seat: int, frame: Act) -> None:
    if seat == SPECTATOR:
        refusal = Ack(id=frame.id, ok=False, code="auth", msg="a spectator holds no seat")
        await connection.send(refusal.model_dump_json())
        return

    async def acknowledge(seq: int) -> None:
        await connection.send(Ack(id=frame.id, ok=True, seq=seq).model_dump_json())

    try:
        await table.act(seat, frame.id, frame.seq, frame.a, acknowledge)
    except Refused as refused:
        answer = Ack(id=frame.id, ok=False, code=refused.code, msg=str(refused))
        await connection.send(answer.model_dump_json())


async def _offer(
    connection: _Connection, table: LiveTable, seat: int, frame: MakeOffer | Reply
) -> None:
    # An offer the rules do not allow now, or an answer to no offer, is told to its sender.
    try:
        if isinstance(frame, MakeOffer):
            await table.offer(seat, frame.kind)
        else:
            await table.reply(seat, frame.id, frame.accept)
    except Refused as refused:
        if isinstance(frame, MakeOffer):
            answer = Offer(
                id=0, kind=frame.kind, by=seat, state="refused", waiting=[], msg=str(refused)
            )
            await connection.send(answer.model_dump_json())
        else:
            await connection.error(refused.code, str(refused))
