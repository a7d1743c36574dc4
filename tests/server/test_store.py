"""The storage module: migrations both ways, the append-only log, hashed secrets, rebuilding."""

from __future__ import annotations

import asyncio
import hashlib
import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import event, inspect, text
from typer.testing import CliRunner

from cardtable.cards import cards_text
from cardtable.cli.main import app
from cardtable.engine import get_game, rules_to_mapping
from cardtable.engine.replay import replay
from cardtable.server.commits import GroupCommit
from cardtable.server.tables import LiveTable, Workers
from cardtable.store.database import (
    current,
    downgrade,
    head,
    make_engine,
    migration_url,
    upgrade,
)
from cardtable.store.models import Base
from cardtable.store.records import record_of
from cardtable.store.repository import Entry, NewTable, StaleWrite, Store
from server.conftest import fresh_database
from server.harness import Client, Server

SCHEMA = {"chat_lines", "log_entries", "operator_acts", "players", "seats", "settings", "tables"}


@pytest.fixture(params=["sqlite", "postgresql", "asyncpg"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The store's tests run on SQLite and on PostgreSQL through both of its drivers."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


def _tables(url: str) -> set[str]:
    engine = make_engine(migration_url(url))
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def test_migrations_upgrade_downgrade_and_upgrade_again(database: str) -> None:
    """docs/server.md, "Storage": one migration history runs up, down and up again."""
    upgrade(database)
    assert current(database) == head()
    assert _tables(database) == SCHEMA
    downgrade(database, "base")
    assert current(database) is None
    assert _tables(database) == set()
    upgrade(database)
    assert _tables(database) == SCHEMA


def test_the_migrations_build_the_models_schema(migrated: str) -> None:
    """Alembic finds nothing to change between the migrated database and the models.

    docs/server.md, "Storage".
    """
    engine = make_engine(migration_url(migrated))
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    engine.dispose()


def test_db_commands_report_the_revision(database: str) -> None:
    """``cardtable db upgrade|downgrade|current`` move the schema and say where it is.

    docs/server.md, "Running it".
    """
    runner = CliRunner()
    newest = head()
    up = runner.invoke(app, ["db", "upgrade", "--database", database])
    assert up.stdout == f"database at revision {newest}\n"
    now = runner.invoke(app, ["db", "current", "--database", database])
    assert now.stdout == f"database at revision {newest}; newest {newest}\n"
    down = runner.invoke(app, ["db", "downgrade", "--database", database])
    below = current(database)
    assert below not in {None, newest}
    assert down.stdout == f"database at revision {below}\n"
    runner.invoke(app, ["db", "upgrade", "--database", database])
    assert current(database) == newest


def test_a_bad_database_url_is_one_line() -> None:
    """docs/server.md, "Running it": a URL that is not SQLite or PostgreSQL is refused in a line."""
    result = CliRunner().invoke(app, ["db", "current", "--database", "mysql://x/y"])
    assert result.exit_code == 2
    assert "SQLite or PostgreSQL, not mysql" in result.stderr


def test_sqlite_runs_in_wal_mode(tmp_path: pytest.TempPathFactory) -> None:
    """docs/server.md, "Storage": SQLite is opened in WAL mode with synchronous=NORMAL."""
    engine = make_engine(f"sqlite:///{tmp_path}/w.db")
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 1
    engine.dispose()


def _table(store: Store, game: str = "preferans") -> str:
    rules = rules_to_mapping(get_game(game).rules())
    table_id, _invite = store.create_table(NewTable(game, None, rules, [None, None, None]))
    return table_id


def test_a_seq_taken_twice_is_a_stale_write(migrated: str) -> None:
    """docs/server.md, "Storage": ``(table_id, seq)`` is the key; a second writer adds nothing."""
    store = Store(migrated)
    table = _table(store)
    store.append(table, [Entry(1, "between", text="x")])
    with pytest.raises(StaleWrite):
        store.append(table, [Entry(2, "between", text="y"), Entry(1, "between", text="z")])
    assert [entry.text for entry in store.log(table)] == ["x"]
    store.close()


def test_an_action_reaches_postgresql_in_one_round_trip(tmp_path: Path) -> None:
    """docs/server.md, "Speed": an entry is one INSERT, without a ping, BEGIN or COMMIT.

    Counted on the wire, in libpq's trace of the store's connection: each round trip ends in
    the server's ``ReadyForQuery``. A deal's entry that also sets the status stays one
    transaction (BEGIN, INSERT, UPDATE, COMMIT: four round trips).
    """
    with fresh_database("postgresql", tmp_path) as url:
        upgrade(url)
        store = Store(url)
        trace = (tmp_path / "libpq.trace").open("w")
        event.listen(
            store.engine, "connect", lambda dbapi, _record: dbapi.pgconn.trace(trace.fileno())
        )
        table = _table(store)

        def round_trips(*entries: Entry, status: str | None = None) -> int:
            trace.flush()
            before = (tmp_path / "libpq.trace").read_text().count("ReadyForQuery")
            store.append(table, list(entries), status)
            trace.flush()
            return (tmp_path / "libpq.trace").read_text().count("ReadyForQuery") - before

        assert round_trips(Entry(1, "act", seat=0, text="pass", client_id="a")) == 1
        assert round_trips(Entry(2, "between", text="x"), Entry(3, "between", text="y")) == 1
        assert round_trips(Entry(4, "between", text="z"), status="playing") == 4
        store.close()
        trace.close()


def test_a_client_id_is_taken_once_per_seat(migrated: str) -> None:
    """docs/server.md, "The protocol": a retried client id is never applied twice."""
    store = Store(migrated)
    table = _table(store)
    store.append(table, [Entry(1, "act", seat=0, text="pass", client_id="a")])
    store.append(table, [Entry(2, "act", seat=1, text="pass", client_id="a")])
    with pytest.raises(StaleWrite):
        store.append(table, [Entry(3, "act", seat=0, text="pass", client_id="a")])
    assert store.last_seq(table) == 2
    store.close()


def test_seat_tokens_are_stored_hashed(migrated: str) -> None:
    """docs/server.md, "Storage": the database holds a token's SHA-256, never the token."""
    store = Store(migrated)
    table = _table(store)
    token = store.take_seat(table, 1, "Anna", None)
    engine = make_engine(migration_url(migrated))
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT token_hash FROM seats WHERE seat = 1")).scalar()
    engine.dispose()
    assert stored == hashlib.sha256(token.encode()).hexdigest() != token
    assert store.seat_of_token(table, token) == 1
    assert store.seat_of_token(table, token + "x") is None
    store.close()


def test_the_log_rebuilds_the_match_as_its_record_replays(migrated: str) -> None:
    """docs/server.md, "Storage": the log is the truth; rebuilding it is replaying its record."""
    store = Store(migrated)
    table_id = _table(store)
    game = get_game("preferans")
    match = game.new_match(game.rules(), ["A", "B", "C"])
    rng, seq, entries = random.Random(5), 0, []
    for _ in range(2):
        deal = match.start_deal(rng)
        seq += 1
        entries.append(
            Entry(
                seq,
                "deal",
                dealer=deal.setup.dealer,
                deck=cards_text(deal.setup.deck),
                seed=deal.setup.seed,
            )
        )
        while not deal.is_over and len(deal.history) < 12:
            action = rng.choice(deal.legal_actions())
            match.apply(action)
            seq += 1
            entries.append(Entry(seq, "act", seat=0, text=game.action_text(action)))
        if not deal.is_over:
            break
    store.append(table_id, entries)
    info = store.table(table_id)
    assert info is not None
    log = store.log(table_id)
    with ThreadPoolExecutor(1) as pool:
        live = LiveTable.rebuild(info, log, store, Workers(pool, pool, GroupCommit(store, pool)))
    replayed = replay(record_of(info, log))
    assert [d.events for d in live.match.deals] == [d.events for d in replayed.deals]
    assert [d.events for d in live.match.deals] == [d.events for d in match.deals]
    assert live.seq == seq
    store.close()


def test_two_writers_racing_for_a_seq_exactly_one_wins(migrated: str) -> None:
    """Of two concurrent appends at one seq one commits, the other is refused, in many trials.

    docs/server.md, "Storage".
    """
    stores = [Store(migrated), Store(migrated)]
    table = _table(stores[0])
    barrier = threading.Barrier(2)

    def write(store: Store, seq: int, name: str) -> bool:
        barrier.wait()
        try:
            store.append(table, [Entry(seq, "between", text=name)])
        except StaleWrite:
            return False
        return True

    with ThreadPoolExecutor(2) as pool:
        for seq in range(1, 31):
            won = list(pool.map(write, stores, [seq, seq], ["a", "b"]))
            assert sorted(won) == [False, True]
    assert [entry.seq for entry in stores[0].log(table)] == list(range(1, 31))
    for store in stores:
        store.close()


def test_a_server_on_each_database_plays_a_table_through_its_socket(server: Server) -> None:
    """docs/server.md, "Running it": ``--database`` takes SQLite, psycopg and asyncpg URLs.

    A person and a bot play a piquet table to its end on each.
    """
    table = server.new_table("piquet", ["open", "bot random"], deals=2)
    client = Client(server.socket_url(table["id"]), server.join(table, "P"))
    asyncio.run(client.play())
    assert client.frames[-1]["type"] == "end"
    assert client.acks
    assert all(ack["ok"] for ack in client.acks.values())
    assert len(server.record(table["id"]).deals) == 2
    server.stop()
    assert "shutdown failed" not in server.log.read_text()


def test_the_accounts_migration_goes_down_and_up_keeping_the_guests(database: str) -> None:
    """docs/server.md, "Storage": 0004 adds the account columns; its downgrade keeps guests."""
    upgrade(database)
    store = Store(database)
    guest = store.add_guest("Gleb")
    store.add_account("anna", "Anna", "$argon2id$fake")
    store.close()
    downgrade(database, "0003")
    engine = make_engine(migration_url(database))
    columns = {column["name"] for column in inspect(engine).get_columns("players")}
    engine.dispose()
    assert columns == {"id", "name", "created"}
    upgrade(database)
    store = Store(database)
    assert store.guest_name(guest) == "Gleb"
    assert store.account("anna") is None
    store.close()
