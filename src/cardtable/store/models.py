"""The database schema: players, tables, seats and each table's append-only log.

The log (``log_entries``) is the truth about a table. Each row is one thing that moved the
match, numbered by the table's ``seq`` from 1 with no gaps: a deal dealt (its dealer, and in
server-only columns its deck order and seed), an action played in a deal, or a move between
deals. ``(table_id, seq)`` is the primary key, so a writer that lost a race for a ``seq`` gets
an integrity error instead of a second row. Rows are only ever inserted.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The declarative base of cardtable's tables; times are kept with their zone (UTC)."""

    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: DateTime(timezone=True)}


class Setting(Base):
    """A server-wide value kept in the database (the secret that signs guest cookies)."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Player(Base):
    """A person known to the server: a guest with a chosen name, or an account with a password."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("login", name="uq_players_login"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    created: Mapped[datetime] = mapped_column(default=_now)
    login: Mapped[str | None] = mapped_column(String(40))
    """An account's name folded to lower case, unique; ``None`` for a guest."""
    password_hash: Mapped[str | None] = mapped_column(String(200))
    """An account's password as its argon2id hash (the PHC string); ``None`` for a guest."""
    epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Raised when the password changes, so that cookies signed before it no longer count."""


class TableRow(Base):
    """A card table: its game, rules, who may find it, and how far it has got."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    preset: Mapped[str | None] = mapped_column(String(80))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    listed: Mapped[bool] = mapped_column(default=True)
    invite_hash: Mapped[str] = mapped_column(String(64))
    """The SHA-256 of the invite code that lets a person join a seat (server-only)."""
    deals_limit: Mapped[int | None] = mapped_column(Integer)
    """The agreed number of deals after which the table ends, or none."""
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    """``waiting`` for players, ``playing``, or ``finished``."""
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """The clock chosen at the table's creation (``move`` and ``bank`` in seconds), or none."""
    created: Mapped[datetime] = mapped_column(default=_now)
    rematch: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """Once its rematch is made: ``{"table": its id, "by": the seat that offered it}``."""
    address: Mapped[str | None] = mapped_column(String(64), index=True)
    """The client address that made the table (its open tables are limited per address)."""
    maker: Mapped[str | None] = mapped_column(String(32), index=True)
    """The id of the player signed in where the table was made (limited per player), if any."""


class SeatRow(Base):
    """One seat of a table: open, a bot, or a person holding a seat token."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(40))
    bot: Mapped[str | None] = mapped_column(String(40))
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), index=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    """The SHA-256 of the seat token; the token itself is only ever in the holder's hands."""


class LogEntry(Base):
    """One row of a table's append-only log; ``deck`` and ``seed`` never leave the server."""

    __tablename__ = "log_entries"
    __table_args__ = (UniqueConstraint("table_id", "seat", "client_id", name="uq_log_client_id"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(8))
    """``deal`` (a deal dealt), ``act`` (an action in a deal), ``between`` (between deals),
    ``undo`` (the entries from ``text``'s seq on taken back) or ``abort`` (the table ends)."""
    seat: Mapped[int | None] = mapped_column(Integer)
    text: Mapped[str | None] = mapped_column(Text)
    """The action's canonical text (``act``, ``between``)."""
    client_id: Mapped[str | None] = mapped_column(String(64))
    """The client's id of the action, unique per seat, so that a retry is never applied twice."""
    dealer: Mapped[int | None] = mapped_column(Integer)
    deck: Mapped[str | None] = mapped_column(Text)
    """The deal's deck order (``deal`` rows only): server-only."""
    seed: Mapped[int | None] = mapped_column(BigInteger)
    """The seed of chance inside the deal (``deal`` rows only): server-only."""
    salt: Mapped[str | None] = mapped_column(String(64))
    """The secret salt of the deal's deck commitment, in hex (``deal`` rows only): server-only."""
    bank_ms: Mapped[int | None] = mapped_column(Integer)
    """Under a clock, the time bank the moving seat has left after this action, in ms."""
    created: Mapped[datetime] = mapped_column(default=_now)


class OperatorAct(Base):
    """An operator's command (``cardtable admin``), kept for ever: what, on what, and its outcome.

    A command on a table is carried out by the server that uses the database (it alone writes
    a table's log); ``done`` stays empty until it is.
    """

    __tablename__ = "operator_acts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    command: Mapped[str] = mapped_column(String(20))
    """``close-table``, ``remove-chat``, ``remove-seat``, ``reset-password`` or
    ``remove-player``."""
    target: Mapped[str] = mapped_column(String(64))
    """The table's id, the chat line's id, the table and seat, the account's name or the
    removed player's id."""
    reason: Mapped[str | None] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(default=_now)
    done: Mapped[datetime | None] = mapped_column()
    outcome: Mapped[str | None] = mapped_column(Text)
    """What came of it, in a line (``closed at seq 14``, or why nothing was done)."""


class ChatLine(Base):
    """A line of a table's chat: said at a seat (``seat``) or by a spectator (``seat`` null)."""

    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    scope: Mapped[str] = mapped_column(String(16))
    """``table`` (a seat's line, for everyone) or ``spectators`` (a spectator's, for them)."""
    created: Mapped[datetime] = mapped_column(default=_now)
