"""``cardtable admin``: a club operator's commands on the database a server uses.

Every act is kept in the database (``cardtable admin acts`` lists them). An act on a table —
closing it, removing a line of its chat — is carried out by the server that uses the database,
which alone writes a table's log (:mod:`cardtable.server.club`): within a second while it
runs, else when it next starts; the command waits for it a while and says what came of it.
Resetting a password and removing a player need no server, and are done at once. All of it is
safe while the server runs: the command writes no table's log itself.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cardtable.cli.common import OneLineGroup, one_line_errors, out
from cardtable.cli.server import DatabaseOption, DataDirOption, store_database_url
from cardtable.errors import CardtableError

if TYPE_CHECKING:
    from cardtable.store.repository import Act, Store, TableInfo

admin_app = typer.Typer(
    name="admin",
    help="A club operator's acts: close a table, remove chat or a player, reset a password.",
    no_args_is_help=True,
    cls=OneLineGroup,
)

WaitOption = Annotated[
    float,
    typer.Option(
        min=0, max=3600, help="Seconds to wait for the server to carry the act out (0: none)."
    ),
]
ReasonOption = Annotated[
    str | None,
    typer.Option(help="Why, in a line: the table's players are told it."),
]


class AdminRefused(CardtableError):
    """An operator's command on something that is not there, or not in a state to take it."""


@contextmanager
def _opened(database: str | None, data_dir: Path | None) -> Iterator[Store]:
    # The server's database, brought to this version, closed when the command is done with it.
    from cardtable.store.database import upgrade  # noqa: PLC0415 - the server extra
    from cardtable.store.repository import Store  # noqa: PLC0415

    url = store_database_url(database, data_dir)
    upgrade(url)  # what a server at this version would have done at its start
    store = Store(url)
    try:
        yield store
    finally:
        store.close()


def _table_in_play(store: Store, table: str) -> TableInfo:
    info = store.table(table)
    if info is None:
        raise AdminRefused(f"there is no table {table!r}")
    if info.status == "finished":
        raise AdminRefused(f"table {table} has finished already")
    return info


@admin_app.command("close-table")
def close_table(
    table: Annotated[str, typer.Argument(help="The table's id.")],
    reason: ReasonOption = None,
    wait: WaitOption = 10.0,
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """Close a table where it stands: its players are told, with the reason, and it ends."""
    with one_line_errors():
        _check_reason(reason)
        with _opened(database, data_dir) as store:
            _table_in_play(store, table)
            _report(store, store.record_act("close-table", table, reason), wait)


@admin_app.command("remove-chat")
def remove_chat(
    lines: Annotated[list[int], typer.Argument(help="The chat lines' numbers (admin chat).")],
    reason: ReasonOption = None,
    wait: WaitOption = 10.0,
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """Remove lines of chat; a table in play is told a line was removed (not what it said)."""
    with one_line_errors():
        _check_reason(reason)
        with _opened(database, data_dir) as store:
            for line in lines:
                if store.chat_line(line) is None:
                    raise AdminRefused(f"there is no chat line {line}")
            for line in lines:
                _report(store, store.record_act("remove-chat", str(line), reason), wait)


@admin_app.command("remove-seat")
def remove_seat(
    table: Annotated[str, typer.Argument(help="The table's id.")],
    seat: Annotated[int, typer.Argument(min=0, max=9, help="The seat's number, from 0.")],
    reason: ReasonOption = None,
    wait: WaitOption = 10.0,
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """Take a seat from its player: the server's stand-in bot plays it from now on."""
    with one_line_errors():
        _check_reason(reason)
        with _opened(database, data_dir) as store:
            info = _table_in_play(store, table)
            if seat >= len(info.seats) or info.seats[seat].bot or info.seats[seat].is_open:
                raise AdminRefused(f"seat {seat} of table {table} is not held by a person")
            _report(store, store.record_act("remove-seat", f"{table} {seat}", reason), wait)


@admin_app.command("chat")
def list_chat(
    table: Annotated[str, typer.Argument(help="The table's id.")],
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """List a table's chat with each line's number, oldest first."""
    with one_line_errors(), _opened(database, data_dir) as store:
        if store.table(table) is None:
            raise AdminRefused(f"there is no table {table!r}")
        for line in store.chat_lines(table):
            said = line.said
            when = said.when.strftime("%Y-%m-%d %H:%M")
            text = f"{line.id}\t{when}\t{said.scope}\t{said.name}: {said.text}"
            typer.echo(text)  # tab-separated as it is, for an operator's scripts too


@admin_app.command("reset-password")
def reset_password(
    name: Annotated[str, typer.Argument(help="The account's name.")],
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """Give an account a new random password, printed once; every browser is signed out."""
    with one_line_errors():
        from argon2 import PasswordHasher  # noqa: PLC0415 - the server extra

        with _opened(database, data_dir) as store:
            account = store.account(" ".join(name.split()).casefold())
            if account is None:
                raise AdminRefused(f"there is no account {name!r}")
            password = secrets.token_urlsafe(12)
            store.set_password(account.id, PasswordHasher().hash(password), True)
            act = store.record_act("reset-password", account.name, None)
            store.finish_act(act, "a new password set; every browser signed out")
            said = f"act {act}: the new password of {account.name} is {password}"
            out.print(said, markup=False, soft_wrap=True)


@admin_app.command("remove-player")
def remove_player(
    who: Annotated[str, typer.Argument(help="The account's name, or a player's id (a guest's).")],
    reason: ReasonOption = None,
    database: DatabaseOption = None,
    data_dir: DataDirOption = None,
) -> None:
    """Remove a player and his history: his tables keep his name, no longer him."""
    with one_line_errors():
        _check_reason(reason)
        with _opened(database, data_dir) as store:
            player = store.account(" ".join(who.split()).casefold()) or store.player(who)
            if player is None:
                raise AdminRefused(f"there is no account or player {who!r}")
            seats = store.remove_player(player.id)
            act = store.record_act("remove-player", player.id, reason)
            outcome = f"{player.name} removed: {seats} seats keep the name, no longer the player"
            store.finish_act(act, outcome)
            out.print(f"act {act}: {outcome}", markup=False, soft_wrap=True)


@admin_app.command("acts")
def list_acts(database: DatabaseOption = None, data_dir: DataDirOption = None) -> None:
    """List every operator's act kept, oldest first, with what came of it."""
    with one_line_errors(), _opened(database, data_dir) as store:
        for act in store.acts():
            typer.echo(_act_line(act))


def _check_reason(reason: str | None) -> None:
    if reason is not None and (not reason.strip() or "\n" in reason or len(reason) > 500):
        raise AdminRefused("--reason: one line of at most 500 characters")


def _act_line(act: Act) -> str:
    when = act.created.strftime("%Y-%m-%d %H:%M:%S")
    why = f" ({act.reason})" if act.reason else ""
    done = act.outcome if act.done is not None else "not carried out yet"
    return f"{act.id}\t{when}\t{act.command} {act.target}{why}: {done}"


def _report(store: Store, act_id: int, wait: float) -> None:
    deadline = time.monotonic() + wait
    while True:
        act = store.act(act_id)
        if act.done is not None:
            out.print(f"act {act_id}: {act.outcome}", markup=False, soft_wrap=True)
            return
        if time.monotonic() >= deadline:
            out.print(
                f"act {act_id} kept: no server has carried it out yet (one does within a "
                "second while it runs, else when it starts)",
                markup=False,
                soft_wrap=True,
            )
            return
        time.sleep(0.2)
