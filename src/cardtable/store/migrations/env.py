"""Alembic's environment for cardtable's schema: batch mode, so one history runs everywhere."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from cardtable.store.database import make_engine
from cardtable.store.models import Base


def _run(connection: Connection) -> None:
    # Batch mode rebuilds a table where SQLite has no ALTER for a change.
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Migrate the database named by the config's URL, or through a given connection."""
    given = context.config.attributes.get("connection")
    if isinstance(given, Connection):
        _run(given)
        return
    engine = make_engine(context.config.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("cardtable migrates only a live database")
run_online()
