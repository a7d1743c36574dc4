"""Who may see a table: the one check every table endpoint and the table socket make.

A listed table is open to anyone who knows its id. A private table is shown only to a request
that brings its invite code (``?invite=``), one of its seat tokens (header ``Seat-Token``, or
the socket's ``hello``) or the cookie of a player seated at it; anyone else gets 403 (close
4003 on the socket) with one line saying why, and learns nothing of the table but that it is
private. Only a seat token makes the request a seat's; the others see what a spectator sees.

An endpoint takes the check as a parameter (:data:`AskedTable`); the endpoints of a finished
deal share the reading of its log too (:func:`finished_deal_log`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Header, HTTPException, Query
from starlette.requests import HTTPConnection

from cardtable.server.accounts import current_player
from cardtable.server.tables import SPECTATOR, LiveTable
from cardtable.store.records import log_through
from cardtable.store.repository import Entry

if TYPE_CHECKING:
    from cardtable.server.app import Tables

InviteQuery = Annotated[str | None, Query(max_length=200, description="The table's invite code.")]
"""The ``?invite=`` of a request: the code that opens a private table."""

TokenHeader = Annotated[
    str | None, Header(max_length=200, description="A seat token of the table.")
]
"""The ``Seat-Token`` header of a request: the key of one seat of the table."""

PRIVATE = "this table is private: its invite code is needed"
"""Why a private table refuses a stranger who knows only its id."""

BAD_TOKEN = "that token holds no seat at this table"
"""Why a token that is not one of the table's seat tokens is refused."""


def _tables(connection: HTTPConnection) -> Tables:
    tables: Tables = connection.app.state.tables
    return tables


async def table_access(
    connection: HTTPConnection, table_id: str, invite: str | None, token: str | None
) -> tuple[LiveTable, int]:
    """The table and the seat the request holds (:data:`SPECTATOR` without a token).

    Raises 404 for no such table, 403 for a token of no seat of it, and 403 for a private
    table asked for with neither its invite code, one of its tokens nor the cookie of a
    player seated at it.
    """
    tables = _tables(connection)
    table = await tables.get(table_id)
    if table is None:
        raise HTTPException(404, f"there is no table {table_id!r}")
    seat = SPECTATOR
    if token is not None:
        found = await tables.db(tables.store.seat_of_token, table_id, token)
        if found is None:
            raise HTTPException(403, BAD_TOKEN)
        seat = found
    private = not table.info.listed and seat == SPECTATOR
    if private and not await _invited(connection, table, invite):
        raise HTTPException(403, PRIVATE)
    return table, seat


async def asked_table(
    connection: HTTPConnection,
    table_id: str,
    invite: InviteQuery = None,
    seat_token: TokenHeader = None,
) -> tuple[LiveTable, int]:
    """:func:`table_access` for the table of an endpoint's path, as a FastAPI dependency."""
    return await table_access(connection, table_id, invite, seat_token)


AskedTable = Annotated[tuple[LiveTable, int], Depends(asked_table)]
"""An endpoint's parameter: the table of its path and the seat the request holds, checked."""


async def _invited(connection: HTTPConnection, table: LiveTable, invite: str | None) -> bool:
    """Whether the request brings the table's invite code, or the cookie of one of its players."""
    tables = _tables(connection)
    if invite is not None and await tables.db(tables.store.invite_matches, table.info.id, invite):
        return True
    player = await current_player(connection)
    return player is not None and await tables.db(
        tables.store.holds_a_seat, table.info.id, player.id
    )


async def table_log(connection: HTTPConnection, table: LiveTable) -> list[Entry]:
    """The table's whole log, read in the store's thread."""
    tables = _tables(connection)
    return await tables.db(tables.store.log, table.info.id)


async def finished_deal_log(
    connection: HTTPConnection, table: LiveTable, number: int
) -> list[Entry]:
    """The table's log through deal ``number``, which must be one of its finished deals.

    Raises 409 for the deal still being played, 404 for a deal the table has not finished.
    """
    finished = len(table.match.results)
    if number <= len(table.match.deals) and number > finished:
        raise HTTPException(409, f"deal {number} is still being played")
    if not 1 <= number <= finished:
        raise HTTPException(404, f"the table has {finished} finished deals, not deal {number}")
    return log_through(await table_log(connection, table), number)
