"""The repository the server calls: tables, seats, guests and the append-only log.

Every method is one short transaction and returns plain frozen values, never ORM objects, so
that callers hold no session. Secrets (seat tokens, invite codes) are made here with
:mod:`secrets` and only their SHA-256 is stored.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.util import greenlet_spawn

from cardtable.errors import CardtableError
from cardtable.store.database import make_engine
from cardtable.store.models import (
    ChatLine,
    LogEntry,
    OperatorAct,
    Player,
    SeatRow,
    Setting,
    TableRow,
)

TOKEN_BYTES = 32
"""Random bytes in a seat token or an invite code (256 bits: unguessable)."""


class StaleWrite(CardtableError):
    """A log row whose ``seq`` or client id is already taken: another writer was first."""


class SeatUnavailable(CardtableError):
    """A seat that does not exist, is a bot's, or is already held."""


class TooManyTables(CardtableError):
    """An address that has as many open tables as one address may."""


class StillSeated(CardtableError):
    """A player to be removed still holds a seat at a table that has not finished."""


class NameTaken(CardtableError):
    """An account name that another account already has."""


def digest(secret: str) -> str:
    """The SHA-256 of a token or invite code, as stored."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    """A fresh unguessable URL-safe token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as the lobby shows it: whose it is, never its token."""

    seat: int
    name: str | None
    bot: str | None

    @property
    def is_open(self) -> bool:
        """Whether nobody holds the seat yet."""
        return self.name is None and self.bot is None


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table's settings and seats."""

    id: str
    game: str
    preset: str | None
    rules: Mapping[str, Any]
    listed: bool
    deals_limit: int | None
    status: str
    seats: tuple[SeatInfo, ...]
    clock: Mapping[str, float] | None = None
    """The table's clock (``move`` and ``bank`` in seconds), or ``None`` for no clock."""
    rematch: Mapping[str, Any] | None = None
    """Once its rematch is made: ``{"table": its id, "by": the seat that offered it}``."""
    created: datetime | None = None


@dataclass(frozen=True, slots=True)
class Act:
    """An operator's act as kept: its number, command, target, reason and outcome."""

    id: int
    command: str
    target: str
    reason: str | None
    created: datetime
    done: datetime | None
    outcome: str | None


@dataclass(frozen=True, slots=True)
class ChatEntry:
    """A kept line of chat with its number (what ``cardtable admin remove-chat`` names)."""

    id: int
    table_id: str
    said: Said


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a table's log (``deck`` and ``seed`` are set on ``deal`` rows only)."""

    seq: int
    kind: str
    seat: int | None = None
    text: str | None = None
    client_id: str | None = None
    dealer: int | None = None
    deck: str | None = None
    seed: int | None = None
    salt: str | None = None
    bank_ms: int | None = None


@dataclass(frozen=True, slots=True)
class Append:
    """Entries to add to one table's log together (and the table's status to set with them)."""

    table_id: str
    entries: tuple[Entry, ...]
    status: str | None = None


@dataclass(frozen=True, slots=True)
class Said:
    """A line of chat: who said it (``seat`` ``None`` for a spectator), what, to whom, when."""

    seat: int | None
    name: str
    text: str
    scope: str
    when: datetime


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A player as the server knows him: a guest (no login) or an account."""

    id: str
    name: str
    login: str | None
    password_hash: str | None
    epoch: int

    @property
    def is_guest(self) -> bool:
        """Whether the player has no account (no password)."""
        return self.password_hash is None


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """A table a player held a seat at: the table, his seat, and when it was made."""

    info: TableInfo
    seat: int
    created: datetime


@dataclass(frozen=True, slots=True)
class NewTable:
    """What a new table is made of; ``bots[i]`` is seat ``i``'s bot, or ``None`` if open."""

    game: str
    preset: str | None
    rules: Mapping[str, Any]
    bots: Sequence[str | None]
    listed: bool = True
    deals_limit: int | None = None
    names: Sequence[str | None] = ()
    """Each bot seat's name as players read it; a seat without one is named by its bot."""
    clock: Mapping[str, float] | None = None
    people: Mapping[int, tuple[str, str | None]] = field(default_factory=dict)
    """Seats already held when the table is made (a rematch): each one's name and player id;
    their keys are set when their people come for them (:meth:`Store.key_seat`)."""
    address: str | None = None
    """The client address that asked for the table."""
    maker: str | None = None
    """The id of the player signed in where the table was asked for, if any."""


C = TypeVar("C", bound=type)


def _driven_by_its_loop(cls: C) -> C:
    """Run each public method of ``cls`` in a greenlet of the store's loop when it has one.

    An async driver (asyncpg) can be called only from such a greenlet; SQLAlchemy's own async
    API works the same way. A store on a sync driver calls its methods directly.
    """
    for name, method in list(vars(cls).items()):
        if callable(method) and not name.startswith("_") and name != "close":
            setattr(cls, name, _in_greenlet(method))
    return cls


def _in_greenlet(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def run(self: Store, *args: Any, **kwargs: Any) -> Any:
        if self._loop is None:
            return method(self, *args, **kwargs)
        return self._loop.run_until_complete(greenlet_spawn(method, self, *args, **kwargs))

    return run


@_driven_by_its_loop
class Store:
    """The database behind a server, reached through short transactions.

    Its methods are called from one thread at a time (the server's database thread).
    """

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # On PostgreSQL a lone INSERT is atomic by itself: sent without BEGIN and COMMIT it
        # is one round trip instead of three. SQLite has no round trips to save.
        self._one_statement = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT")
            if self.engine.dialect.name == "postgresql"
            else None
        )
        self._loop = asyncio.new_event_loop() if self.engine.dialect.is_async else None

    def close(self) -> None:
        """Close every pooled connection (and the store's loop, if it has one)."""
        if self._loop is None:
            self.engine.dispose()
            return
        self._loop.run_until_complete(greenlet_spawn(self.engine.dispose))
        self._loop.close()

    def setting(self, key: str, make: Callable[[], str]) -> str:
        """The server-wide value ``key``, made by ``make`` on first use and kept."""
        with self._sessions.begin() as session:
            found = session.get(Setting, key)
            if found is not None:
                return found.value
            value = make()
            session.add(Setting(key=key, value=value))
            return value

    def add_guest(self, name: str) -> str:
        """Register a guest called ``name``; return the guest's id."""
        player_id = secrets.token_hex(16)
        with self._sessions.begin() as session:
            session.add(Player(id=player_id, name=name))
        return player_id

    def guest_name(self, player_id: str) -> str | None:
        """The name of guest ``player_id``, or ``None`` if there is none."""
        with self._sessions.begin() as session:
            player = session.get(Player, player_id)
            return None if player is None else player.name

    def player(self, player_id: str) -> PlayerInfo | None:
        """The player ``player_id`` (guest or account), or ``None`` if there is none."""
        with self._sessions.begin() as session:
            row = session.get(Player, player_id)
            return None if row is None else _player(row)

    def account(self, login: str) -> PlayerInfo | None:
        """The account whose login is ``login`` (already folded to lower case), or ``None``."""
        with self._sessions.begin() as session:
            row = session.scalar(select(Player).where(Player.login == login))
            return None if row is None else _player(row)

    def add_account(
        self, login: str, name: str, password_hash: str, guest_id: str | None = None
    ) -> str:
        """Make an account; return its id. A guest's id makes the guest that account.

        The guest keeps his id, and with it every seat he held: his history. A login already
        taken raises :class:`NameTaken`.
        """
        try:
            with self._sessions.begin() as session:
                guest = session.get(Player, guest_id) if guest_id is not None else None
                if guest is not None and guest.password_hash is None:
                    guest.login, guest.name, guest.password_hash = login, name, password_hash
                    return guest.id
                player_id = secrets.token_hex(16)
                session.add(
                    Player(id=player_id, name=name, login=login, password_hash=password_hash)
                )
                return player_id
        except IntegrityError:
            raise NameTaken(f"the account name {login!r} is taken") from None

    def set_password(self, player_id: str, password_hash: str, new_epoch: bool) -> int:
        """Store an account's new password hash; a new epoch voids older cookies. The epoch."""
        with self._sessions.begin() as session:
            row = session.get(Player, player_id)
            if row is None:
                raise CardtableError(f"there is no player {player_id!r}")
            row.password_hash = password_hash
            if new_epoch:
                row.epoch += 1
            return row.epoch

    def remove_player(self, player_id: str) -> int:
        """Remove a player and his history: how many seats no longer lead to him.

        His seats keep their names (the other players' records and pulkas are theirs too) but
        no longer their player, the tables he made no longer their maker, and the player is
        gone: his name free, his cookie no one's. Refused with :class:`StillSeated` while he
        holds a seat at a table that has not finished (hand it to a bot first).
        """
        with self._sessions.begin() as session:
            if session.get(Player, player_id) is None:
                raise CardtableError(f"there is no player {player_id!r}")
            held = session.execute(
                select(SeatRow.table_id, SeatRow.seat)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(
                    SeatRow.player_id == player_id,
                    SeatRow.bot.is_(None),
                    TableRow.status != "finished",
                )
                .order_by(SeatRow.table_id, SeatRow.seat)
            ).first()
            if held is not None:
                raise StillSeated(
                    f"the player still sits at table {held.table_id} (seat {held.seat}): "
                    f"remove-seat {held.table_id} {held.seat} first"
                )
            unlinked = session.scalar(
                select(func.count()).select_from(SeatRow).where(SeatRow.player_id == player_id)
            )
            session.execute(
                update(SeatRow)
                .where(SeatRow.player_id == player_id)
                .values(player_id=None, token_hash=None)
            )
            session.execute(update(TableRow).where(TableRow.maker == player_id).values(maker=None))
            session.execute(delete(Player).where(Player.id == player_id))
            return int(unlinked or 0)

    def tables_of(self, player_id: str) -> list[PlayedTable]:
        """The tables at which ``player_id`` held a seat, newest first."""
        with self._sessions.begin() as session:
            rows = session.execute(
                select(TableRow, SeatRow.seat)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.player_id == player_id)
                .order_by(TableRow.created.desc(), TableRow.id)
            )
            return [PlayedTable(_info(session, row), seat, row.created) for row, seat in rows]

    def deal_times(self, table_id: str) -> list[datetime]:
        """When each deal of table ``table_id`` was dealt, in order."""
        with self._sessions.begin() as session:
            return list(
                session.scalars(
                    select(LogEntry.created)
                    .where(LogEntry.table_id == table_id, LogEntry.kind == "deal")
                    .order_by(LogEntry.seq)
                )
            )

    def create_table(
        self, spec: NewTable, per_address: int = 0, per_player: int = 0
    ) -> tuple[str, str]:
        """Make a table; return its id and its invite code (given out once, stored hashed).

        With ``per_address`` (``per_player``), a spec's address (maker) that has that many
        tables not finished already is refused (:class:`TooManyTables`), counted in the same
        transaction.
        """
        with self._sessions.begin() as session:
            if per_address and spec.address is not None:
                made = _open_tables(session, TableRow.address == spec.address)
                if made >= per_address:
                    raise TooManyTables(
                        f"{spec.address} has {made} tables open, the most this server allows "
                        "one address: another can be made when one of them finishes"
                    )
            if per_player and spec.maker is not None:
                made = _open_tables(session, TableRow.maker == spec.maker)
                if made >= per_player:
                    raise TooManyTables(
                        f"you have {made} tables open, the most this server allows one "
                        "player: another can be made when one of them finishes"
                    )
            return _add_table(session, spec)

    def create_rematch(self, table_id: str, by: int) -> str:
        """Make table ``table_id``'s rematch, offered by seat ``by``, once; return its id.

        The new table has the same game, rules, clock and seats, held by the same people (their
        keys not yet set). It, its seats and the old table's link to it are one transaction:
        a crash leaves all of them or none. A rematch made before is returned as it is.
        """
        with self._sessions.begin() as session:
            row = session.get(TableRow, table_id, with_for_update=True)
            if row is None:
                raise CardtableError(f"there is no table {table_id!r}")
            if row.rematch is not None:
                return str(row.rematch["table"])
            seats = list(
                session.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            )
            spec = NewTable(
                row.game,
                row.preset,
                row.rules,
                [seat.bot for seat in seats],
                row.listed,
                row.deals_limit,
                names=[seat.name if seat.bot is not None else None for seat in seats],
                clock=row.clock,
                people={
                    seat.seat: (seat.name, seat.player_id)
                    for seat in seats
                    if seat.bot is None and seat.name is not None
                },
            )
            rematch, _ = _add_table(session, spec)
            row.rematch = {"table": rematch, "by": by}
            return rematch

    def key_seat(self, table_id: str, seat: int, token_hash: str) -> None:
        """Give a person's seat that has no key yet (a rematch's) the token whose hash is given.

        A seat that has its key keeps it.
        """
        with self._sessions.begin() as session:
            session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.bot.is_(None),
                    SeatRow.name.is_not(None),
                    SeatRow.token_hash.is_(None),
                )
                .values(token_hash=token_hash)
            )

    def table(self, table_id: str) -> TableInfo | None:
        """The table ``table_id``, or ``None`` if there is none."""
        with self._sessions.begin() as session:
            row = session.get(TableRow, table_id)
            return None if row is None else _info(session, row)

    def lobby(self, limit: int = 50, after: str | None = None) -> tuple[list[TableInfo], bool]:
        """``limit`` listed tables not finished, newest first, after ``after``; whether more follow.

        The page is cut by each table's creation time and id (a keyset), so a table made or
        finished meanwhile moves no other table from one page to the next.
        """
        query = select(TableRow).where(TableRow.listed, TableRow.status != "finished")
        with self._sessions.begin() as session:
            if after is not None:
                mark = session.get(TableRow, after)
                if mark is None:
                    raise CardtableError(f"after: there is no table {after!r}")
                query = query.where(
                    or_(
                        TableRow.created < mark.created,
                        and_(TableRow.created == mark.created, TableRow.id < mark.id),
                    )
                )
            order = (TableRow.created.desc(), TableRow.id.desc())
            rows = list(session.scalars(query.order_by(*order).limit(limit + 1)))
            return [_info(session, row) for row in rows[:limit]], len(rows) > limit

    def waiting_since(self, before: datetime) -> list[str]:
        """The ids of the tables still waiting for a player that were made before ``before``."""
        with self._sessions.begin() as session:
            return list(
                session.scalars(
                    select(TableRow.id).where(
                        TableRow.status == "waiting", TableRow.created < before
                    )
                )
            )

    # --- the operators' acts -------------------------------------------------------------

    def record_act(self, command: str, target: str, reason: str | None) -> int:
        """Keep an operator's act, not yet carried out; its number."""
        with self._sessions.begin() as session:
            act = OperatorAct(command=command, target=target, reason=reason)
            session.add(act)
            session.flush()
            return act.id

    def finish_act(self, act_id: int, outcome: str) -> None:
        """Mark act ``act_id`` carried out, with what came of it."""
        with self._sessions.begin() as session:
            session.execute(
                update(OperatorAct)
                .where(OperatorAct.id == act_id)
                .values(done=datetime.now(UTC), outcome=outcome)
            )

    def act(self, act_id: int) -> Act:
        """Act ``act_id`` as it stands."""
        with self._sessions.begin() as session:
            row = session.get(OperatorAct, act_id)
            if row is None:
                raise CardtableError(f"there is no operator's act {act_id}")
            return _act(row)

    def acts(self, pending_only: bool = False) -> list[Act]:
        """The operators' acts, oldest first (only those not yet carried out, if asked)."""
        query = select(OperatorAct).order_by(OperatorAct.id)
        if pending_only:
            query = query.where(OperatorAct.done.is_(None))
        with self._sessions.begin() as session:
            return [_act(row) for row in session.scalars(query)]

    def chat_line(self, line_id: int) -> ChatEntry | None:
        """Chat line ``line_id``, or ``None`` if there is none (any more)."""
        with self._sessions.begin() as session:
            row = session.get(ChatLine, line_id)
            return None if row is None else _chat_entry(row)

    def chat_lines(self, table_id: str) -> list[ChatEntry]:
        """Table ``table_id``'s chat with the lines' numbers, oldest first."""
        with self._sessions.begin() as session:
            rows = session.scalars(
                select(ChatLine).where(ChatLine.table_id == table_id).order_by(ChatLine.id)
            )
            return [_chat_entry(row) for row in rows]

    def remove_chat(self, line_id: int) -> None:
        """Delete chat line ``line_id``."""
        with self._sessions.begin() as session:
            session.execute(delete(ChatLine).where(ChatLine.id == line_id))

    def tables_in_play(self) -> list[str]:
        """The ids of the tables being played, to resume after a restart."""
        with self._sessions.begin() as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.status == "playing")))

    def invite_matches(self, table_id: str, invite: str) -> bool:
        """Whether ``invite`` is the invite code of table ``table_id``."""
        with self._sessions.begin() as session:
            row = session.get(TableRow, table_id)
            return row is not None and hmac.compare_digest(row.invite_hash, digest(invite))

    def take_seat(self, table_id: str, seat: int, name: str, player_id: str | None) -> str:
        """Give open ``seat`` to ``name``; return the seat token (stored only as its hash)."""
        token = new_secret()
        open_seat = (SeatRow.name.is_(None), SeatRow.bot.is_(None))
        held = {"name": name, "player_id": player_id, "token_hash": digest(token)}
        if not self._update_seat(table_id, seat, open_seat, held):
            raise SeatUnavailable(f"seat {seat} of table {table_id} is not open")
        return token

    def hand_seat_to_bot(self, table_id: str, seat: int, bot: str) -> bool:
        """Give a person's ``seat`` to ``bot``, voiding its token; whether it was a person's.

        The seat keeps its name and player (the match's names and his history stay as they
        were); nobody holds it any more.
        """
        persons = (SeatRow.bot.is_(None), SeatRow.name.is_not(None))
        return self._update_seat(table_id, seat, persons, {"bot": bot, "token_hash": None})

    def _update_seat(
        self,
        table_id: str,
        seat: int,
        conditions: tuple[ColumnElement[bool], ...],
        values: Mapping[str, object],
    ) -> bool:
        # Set ``values`` on the seat if it meets ``conditions``, in one statement (so that two
        # requests for one seat cannot both have it); whether it did.
        with self._sessions.begin() as session:
            changed = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, *conditions)
                .values(**values)
            )
            return getattr(changed, "rowcount", 0) == 1

    def seat_of_token(self, table_id: str, token: str) -> int | None:
        """The seat that ``token`` holds at table ``table_id``, or ``None``."""
        with self._sessions.begin() as session:
            return session.scalar(
                select(SeatRow.seat).where(
                    SeatRow.table_id == table_id, SeatRow.token_hash == digest(token)
                )
            )

    def holds_a_seat(self, table_id: str, player_id: str) -> bool:
        """Whether player ``player_id`` holds a seat at table ``table_id``."""
        with self._sessions.begin() as session:
            found = session.scalar(
                select(SeatRow.seat).where(
                    SeatRow.table_id == table_id, SeatRow.player_id == player_id
                )
            )
            return found is not None

    def set_status(self, table_id: str, status: str) -> None:
        """Mark table ``table_id`` as ``waiting``, ``playing`` or ``finished``."""
        with self._sessions.begin() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def append(self, table_id: str, entries: Iterable[Entry], status: str | None = None) -> None:
        """Add ``entries`` to the log in one transaction (and set the status with them).

        A ``seq`` or a seat's client id already in the log raises :class:`StaleWrite` and
        adds nothing.
        """
        self._append([Append(table_id, tuple(entries), status)])

    def append_group(self, appends: Sequence[Append]) -> list[Exception | None]:
        """Commit several tables' appends in one transaction; what came of each (``None``: stored).

        Should the group's transaction fail, each append is tried again alone, so that one
        table's stale write (:class:`StaleWrite`) or bad row fails that table only.
        """
        try:
            self._append(appends)
            return [None] * len(appends)
        except Exception:
            if len(appends) == 1:
                raise
        outcomes: list[Exception | None] = []
        for one in appends:
            try:
                self._append([one])
                outcomes.append(None)
            except Exception as error:  # told to that table's caller, not raised here
                outcomes.append(error)
        return outcomes

    def _append(self, appends: Sequence[Append]) -> None:
        rows = [_row(one.table_id, entry) for one in appends for entry in one.entries]
        statuses = [(one.table_id, one.status) for one in appends if one.status is not None]
        try:
            if not statuses and self._one_statement is not None:
                with self._one_statement.connect() as connection:
                    connection.execute(insert(LogEntry).values(rows))
                return
            # Core statements, not the ORM's unit of work: this is the path every action takes.
            with self.engine.begin() as connection:
                connection.execute(insert(LogEntry), rows)
                for table_id, status in statuses:
                    connection.execute(
                        update(TableRow).where(TableRow.id == table_id).values(status=status)
                    )
        except IntegrityError:
            tables = ", ".join(sorted({one.table_id for one in appends}))
            raise StaleWrite(f"table {tables}: that seq or client id is taken") from None

    def add_chat(self, table_id: str, line: Said) -> None:
        """Keep a line of table ``table_id``'s chat."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(ChatLine),
                [
                    {
                        "table_id": table_id,
                        "seat": line.seat,
                        "name": line.name,
                        "text": line.text,
                        "scope": line.scope,
                        "created": line.when,
                    }
                ],
            )

    def chat(self, table_id: str) -> list[Said]:
        """Table ``table_id``'s chat, oldest first."""
        with self._sessions.begin() as session:
            rows = session.scalars(
                select(ChatLine).where(ChatLine.table_id == table_id).order_by(ChatLine.id)
            )
            return [Said(row.seat, row.name, row.text, row.scope, row.created) for row in rows]

    def chat_tail(self, table_id: str, count: int, spectator: bool) -> list[Said]:
        """The last ``count`` lines of the chat a connection may see, oldest first.

        Seats' lines reach everyone; spectators' lines only spectators.
        """
        query = select(ChatLine).where(ChatLine.table_id == table_id)
        if not spectator:
            query = query.where(ChatLine.scope == "table")
        with self._sessions.begin() as session:
            rows = list(session.scalars(query.order_by(ChatLine.id.desc()).limit(count)))
            return [
                Said(row.seat, row.name, row.text, row.scope, row.created) for row in rows[::-1]
            ]

    def log(self, table_id: str) -> list[Entry]:
        """The log of table ``table_id`` in ``seq`` order."""
        with self._sessions.begin() as session:
            rows = session.scalars(
                select(LogEntry).where(LogEntry.table_id == table_id).order_by(LogEntry.seq)
            )
            return [_entry(row) for row in rows]

    def last_seq(self, table_id: str) -> int:
        """The newest ``seq`` of table ``table_id``'s log (0 when it is empty)."""
        with self._sessions.begin() as session:
            found = session.scalar(
                select(func.max(LogEntry.seq)).where(LogEntry.table_id == table_id)
            )
            return found or 0


def _open_tables(session: Session, made_by: Any) -> int:
    """How many tables not finished ``made_by`` (a condition on the tables) selects."""
    query = select(func.count()).select_from(TableRow)
    return session.scalar(query.where(made_by, TableRow.status != "finished")) or 0


def _add_table(session: Session, spec: NewTable) -> tuple[str, str]:
    """Add a table and its seats in ``session``; its id and its invite code."""
    table_id, invite = secrets.token_urlsafe(12), new_secret()
    session.add(
        TableRow(
            id=table_id,
            game=spec.game,
            preset=spec.preset,
            rules=dict(spec.rules),
            listed=spec.listed,
            invite_hash=digest(invite),
            deals_limit=spec.deals_limit,
            status="waiting",
            clock=None if spec.clock is None else dict(spec.clock),
            address=spec.address,
            maker=spec.maker,
        )
    )
    session.flush()
    for seat, bot in enumerate(spec.bots):
        bot_name = spec.names[seat] if seat < len(spec.names) else None
        name, player_id = spec.people.get(seat, (bot_name or bot, None))
        session.add(SeatRow(table_id=table_id, seat=seat, bot=bot, name=name, player_id=player_id))
    return table_id, invite


def _player(row: Player) -> PlayerInfo:
    return PlayerInfo(row.id, row.name, row.login, row.password_hash, row.epoch)


def _info(session: Session, row: TableRow) -> TableInfo:
    seats = session.scalars(
        select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)
    )
    return TableInfo(
        id=row.id,
        game=row.game,
        preset=row.preset,
        rules=row.rules,
        listed=row.listed,
        deals_limit=row.deals_limit,
        status=row.status,
        seats=tuple(SeatInfo(seat.seat, seat.name, seat.bot) for seat in seats),
        clock=row.clock,
        rematch=row.rematch,
        created=row.created,
    )


def _act(row: OperatorAct) -> Act:
    return Act(row.id, row.command, row.target, row.reason, row.created, row.done, row.outcome)


def _chat_entry(row: ChatLine) -> ChatEntry:
    return ChatEntry(
        row.id, row.table_id, Said(row.seat, row.name, row.text, row.scope, row.created)
    )


_ENTRY_COLUMNS = tuple(column.name for column in fields(Entry))
"""The log's columns that an :class:`Entry` carries, under the same names."""


def _row(table_id: str, entry: Entry) -> dict[str, Any]:
    row = {name: getattr(entry, name) for name in _ENTRY_COLUMNS}
    return {**row, "table_id": table_id, "created": datetime.now(UTC)}


def _entry(row: LogEntry) -> Entry:
    return Entry(**{name: getattr(row, name) for name in _ENTRY_COLUMNS})
