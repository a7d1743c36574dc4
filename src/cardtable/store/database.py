"""Connecting to the database and migrating it: SQLite in WAL mode, or PostgreSQL.

A URL names the database: ``sqlite:///path/cardtable.db`` (the default, in the user's data
directory), ``postgresql+psycopg://user@host/name`` or ``postgresql+asyncpg://user@host/name``.
The schema is kept by Alembic migrations shipped inside the package, in batch mode so that one
history runs on both; an asyncpg database is migrated through psycopg (the same database).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from platformdirs import user_data_path
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import create_async_engine

from cardtable.errors import CardtableError

DATABASE_FILE = "cardtable.db"
"""The SQLite file's name inside the data directory."""


class StoreError(CardtableError):
    """A database URL that cannot be used, or a migration that cannot be made."""


def default_data_dir() -> Path:
    """The user's data directory for cardtable (``~/.local/share/cardtable`` on Linux)."""
    return user_data_path("cardtable", appauthor=False)


def database_url(url: str | None, data_dir: Path | None) -> str:
    """``url`` if given, else the SQLite file in ``data_dir`` (made if missing)."""
    if url:
        return url
    folder = data_dir or default_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DATABASE_FILE}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, ``synchronous=NORMAL`` and real transactions."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(f"not a database URL: {url!r}") from None
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, connect_args={"check_same_thread": False})
        _sqlite_transactions(engine)
        return engine
    # No ping before each use of a pooled PostgreSQL connection: it was one round trip more
    # for every action (docs/server.md, "Speed"). A connection the database dropped fails the
    # one action it carries instead; SQLAlchemy then renews the whole pool.
    if parsed.get_backend_name() == "postgresql" and parsed.get_driver_name() == "asyncpg":
        # The store's calls are plain functions: Store runs each in a greenlet of its own loop.
        return create_async_engine(parsed).sync_engine
    if parsed.get_backend_name() == "postgresql":
        return create_engine(parsed)
    raise StoreError(f"cardtable stores tables in SQLite or PostgreSQL, not {parsed.drivername}")


def _sqlite_transactions(engine: Engine) -> None:
    # pysqlite begins transactions lazily and not at all for some statements: SQLAlchemy's
    # documented recipe turns that off and emits BEGIN itself, so a transaction is one.
    @event.listens_for(engine, "connect")
    def _connect(connection: Any, _record: Any) -> None:
        connection.isolation_level = None
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def migration_url(url: str) -> str:
    """The URL migrations run through: ``url``, or psycopg's for an asyncpg database."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql" and parsed.get_driver_name() == "asyncpg":
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    return url


def _config(url: str) -> Config:
    url = migration_url(url)
    config = Config()
    folder = resources.files("cardtable.store").joinpath("migrations")
    config.set_main_option("script_location", str(folder))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database at ``url`` up to ``revision`` (the newest by default)."""
    command.upgrade(_config(url), revision)


def downgrade(url: str, revision: str = "-1") -> None:
    """Migrate the database at ``url`` down to ``revision`` (one step by default, or ``base``)."""
    command.downgrade(_config(url), revision)


def current(url: str) -> str | None:
    """The revision the database at ``url`` is at, or ``None`` before any migration."""
    engine = make_engine(migration_url(url))
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def head() -> str | None:
    """The newest revision shipped with this version of cardtable."""
    return ScriptDirectory.from_config(_config("sqlite://")).get_current_head()
