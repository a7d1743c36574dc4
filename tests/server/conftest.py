"""Fixtures of the server's tests: a database on SQLite and on PostgreSQL, and a live server.

PostgreSQL is reached through ``CARDTABLE_TEST_POSTGRES_URL`` (a ``postgresql+psycopg://`` URL
of a database the tests may create databases from; ``.ci/run`` starts a cluster and sets it).
Without it the PostgreSQL runs are skipped, saying so.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from cardtable.store.database import upgrade
from server.harness import Server

POSTGRES_ENV = "CARDTABLE_TEST_POSTGRES_URL"
"""The environment variable naming the PostgreSQL cluster for the tests."""


DRIVERS = {"postgresql": "postgresql+psycopg", "asyncpg": "postgresql+asyncpg"}
"""The URL scheme of each PostgreSQL driver the server takes."""


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """An empty database's URL: a SQLite file in ``folder``, or a fresh PostgreSQL database.

    ``kind`` is ``sqlite``, or the PostgreSQL driver: ``postgresql`` (psycopg) or ``asyncpg``.
    """
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'cardtable.db'}"
        return
    admin = os.environ.get(POSTGRES_ENV)
    if not admin:
        pytest.skip(f"no PostgreSQL: set {POSTGRES_ENV} (.ci/run does)")
    url = make_url(admin)
    name = f"cardtable_test_{secrets.token_hex(6)}"
    plain = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        fresh = url.set(drivername=DRIVERS[kind], database=name)
        yield fresh.render_as_string(hide_password=False)
    finally:
        with psycopg.connect(plain, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database's URL: a SQLite file, or a fresh PostgreSQL database."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def migrated(database: str) -> str:
    """The database's URL after every migration."""
    upgrade(database)
    return database


@pytest.fixture
def server(database: str, tmp_path: Path) -> Iterator[Server]:
    """``cardtable serve`` running on a free loopback port over ``database``."""
    with Server(database, tmp_path / "server.log").running() as running:
        yield running


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def shared_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One ``cardtable serve`` per test module and database.

    For tests that each make their own tables and players, and so need no server of their own.
    """
    folder = tmp_path_factory.mktemp("shared")
    # A person's seat that a test leaves alone stays his however slow the machine: with the
    # 60 s grace a bot took it over mid-test under load, and the table moved on.
    with (
        fresh_database(request.param, folder) as url,
        Server(url, folder / "server.log", options=("--grace", "3600")).running() as running,
    ):
        yield running
