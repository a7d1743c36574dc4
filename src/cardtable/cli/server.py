"""``cardtable serve`` and ``cardtable db``: the game server and its database, for an operator.

The server's libraries are the ``server`` extra; without them these commands say so in one line.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from cardtable.cli.common import OneLineGroup, one_line_errors, out
from cardtable.errors import CardtableError

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        help="A database URL: sqlite:///FILE or postgresql+psycopg://USER@HOST/NAME "
        "(default: SQLite in the data directory).",
    ),
]
DataDirOption = Annotated[
    Path | None,
    typer.Option("--data-dir", help="Where the SQLite file lives (default: the user's data dir)."),
]

db_app = typer.Typer(
    name="db", help="Migrate the server's database.", no_args_is_help=True, cls=OneLineGroup
)


class ServerMissing(CardtableError):
    """The server's libraries are not installed."""


def store_database_url(database: str | None, data_dir: Path | None) -> str:
    """The database URL the options name, or the server's libraries are missing (one line)."""
    try:
        from cardtable.store.database import database_url  # noqa: PLC0415 - an optional extra
    except ImportError:
        raise ServerMissing(
            "the server needs its libraries: pip install 'cardtable[server]'"
        ) from None
    return database_url(database, data_dir)


def _table_limit(help_text: str) -> Any:
    # An operator's limit (open tables, the deals of a table of bots), 0 for none.
    return typer.Option(min=0, max=1_000_000, help=help_text)


def _seconds(help_text: str, least: float = 0) -> Any:
    # A duration of up to a day.
    return typer.Option(min=least, max=86_400, help=help_text)


def serve_command(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port to listen on.")] = 8000,
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
    bot_delay: Annotated[
        float, typer.Option(min=0, max=60, help="Seconds a bot waits before it moves.")
    ] = 0.5,
    rate: Annotated[
        float, typer.Option(min=1, max=100_000, help="Frames a second one connection may send.")
    ] = 20.0,
    grace: Annotated[
        float, _seconds("Seconds a person's empty seat waits before a bot plays it.")
    ] = 60.0,
    stand_in: Annotated[
        str, typer.Option("--stand-in", help="The bot that plays an absent person's seat.")
    ] = "default",
    idle: Annotated[
        float,
        typer.Option(
            min=0.1,
            max=86_400 * 30,
            help="Seconds a table nobody is connected to stays in memory (a finished one "
            "leaves sooner); it is rebuilt from its log when opened again.",
        ),
    ] = 600.0,
    expire: Annotated[
        float,
        typer.Option(
            min=0,
            max=86_400 * 365,
            help="Seconds a table may wait for its players before it closes (0: for ever).",
        ),
    ] = 86_400.0,
    tables_per_address: Annotated[
        int, _table_limit("Open tables one client address may have made (0: any number).")
    ] = 10,
    tables_per_player: Annotated[
        int, _table_limit("Open tables one signed-in player may have made (0: any number).")
    ] = 0,
    bot_table_deals: Annotated[
        int, _table_limit("Deals a table of bots only may play (0: any number).")
    ] = 1000,
    ping_interval: Annotated[
        float, _seconds("Seconds between the server's keepalive pings on each socket (0: none).")
    ] = 20.0,
    ping_timeout: Annotated[
        float,
        _seconds(
            "Seconds a socket may take to answer a keepalive ping before it is closed.", least=0.1
        ),
    ] = 20.0,
    schema: Annotated[
        bool, typer.Option("--schema", help="Print the protocol's JSON Schema and stop.")
    ] = False,
) -> None:
    """Run the game server until stopped (migrating its database first) and print its address."""
    with one_line_errors():
        url = store_database_url(database, data_dir)
        if schema:
            from cardtable.server.protocol import schema_text  # noqa: PLC0415

            sys.stdout.write(schema_text())
            return
        import uvicorn  # noqa: PLC0415

        from cardtable.server.app import create_app  # noqa: PLC0415
        from cardtable.store.database import upgrade  # noqa: PLC0415

        upgrade(url)
        from cardtable.server.club import ClubRules  # noqa: PLC0415

        app = create_app(
            url,
            bot_delay=bot_delay,
            rate=rate,
            grace=grace,
            stand_in=stand_in,
            idle=idle,
            club_rules=ClubRules(expire, tables_per_address, tables_per_player, bot_table_deals),
        )
        # Before any connection: a bot's or a showdown's first kernel call would otherwise
        # load (or, on a cold cache, compile) it while its table, or the event loop, waits.
        from cardtable.warm import warm  # noqa: PLC0415

        warm(quiet=True)
    out.print(f"cardtable serves http://{host}:{port} (database {_shown(url)})", soft_wrap=True)
    sys.stdout.flush()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=16_384,
        ws_ping_interval=ping_interval or None,
        ws_ping_timeout=ping_timeout,
    )


@db_app.command("upgrade")
def db_upgrade(
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
    revision: Annotated[str, typer.Argument(help="The revision to reach.")] = "head",
) -> None:
    """Migrate the database up to the newest schema (or REVISION)."""
    with one_line_errors():
        url = store_database_url(database, data_dir)
        from cardtable.store.database import current, upgrade  # noqa: PLC0415

        upgrade(url, revision)
        out.print(f"database at revision {current(url)}")


@db_app.command("downgrade")
def db_downgrade(
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
    revision: Annotated[str, typer.Argument(help="The revision to reach, or base.")] = "-1",
) -> None:
    """Migrate the database one revision down (or to REVISION; ``base`` empties it)."""
    with one_line_errors():
        url = store_database_url(database, data_dir)
        from cardtable.store.database import current, downgrade  # noqa: PLC0415

        downgrade(url, revision)
        out.print(f"database at revision {current(url) or 'base'}")


@db_app.command("current")
def db_current(database: DatabaseOption = None, data_dir: DataDirOption = None) -> None:
    """Print the database's revision beside the newest this cardtable ships."""
    with one_line_errors():
        url = store_database_url(database, data_dir)
        from cardtable.store.database import current, head  # noqa: PLC0415

        out.print(f"database at revision {current(url) or 'base'}; newest {head()}")


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url  # noqa: PLC0415

    return make_url(url).render_as_string(hide_password=True)
