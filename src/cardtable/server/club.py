"""What a club's server does on its own: waiting tables expire, operators' acts are carried out.

An operator acts through ``cardtable admin`` on the database the server uses
(:mod:`cardtable.cli.admin`): an act on a table is only kept there, and the server, which alone
writes a table's log, carries it out within a second (or at its next start) through the
table's lock, as a numbered entry every connection is sent. A table still waiting for a player
``expire`` seconds after it was made closes the same way, saying why.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from cardtable.errors import CardtableError
from cardtable.store.repository import Act, TableInfo

if TYPE_CHECKING:
    from cardtable.server.app import Tables

LOG = logging.getLogger(__name__)

LOOK_SECONDS = 1.0
"""How often the server looks for operators' acts and expired tables."""


@dataclass(frozen=True)
class ClubRules:
    """A club's limits: how long a table waits for players, how many one address or player opens.

    ``expire`` is in seconds (0: for ever); ``tables_per_address`` counts the tables not
    finished that were made from one client address, ``tables_per_player`` those made by one
    signed-in player (0: any number). ``bot_table_deals`` is the most deals a table of bots
    only plays (0: any number): nobody watches it to its end, and unbounded it would deal for
    ever on the server's cores.
    """

    expire: float = 86_400.0
    tables_per_address: int = 10
    tables_per_player: int = 0
    bot_table_deals: int = 1000


class TooManyDeals(CardtableError):
    """A table of bots only asked for more deals than the server lets such a table play."""


def deals_of_a_new_table(bots: Sequence[str | None], asked: int | None, most: int) -> int | None:
    """The deals a new table may play: ``asked``, but a table of bots only at most ``most``.

    A bots' table that asks for no limit plays ``most``; one that asks for more is refused.

    >>> deals_of_a_new_table(["default", "default"], None, 1000)
    1000
    >>> deals_of_a_new_table(["default", None], None, 1000) is None
    True
    >>> try:
    ...     deals_of_a_new_table(["default", "default"], 5000, 1000)
    ... except TooManyDeals as refused:
    ...     print(refused)
    a table of bots only plays at most 1000 deals on this server, not 5000
    """
    if not most or any(bot is None for bot in bots):
        return asked
    if asked is None:
        return most
    if asked > most:
        raise TooManyDeals(
            f"a table of bots only plays at most {most} deals on this server, not {asked}"
        )
    return asked


def closes_at(info: TableInfo, rules: ClubRules) -> str | None:
    """When a waiting table closes unless its seats are taken (ISO 8601, UTC), or ``None``."""
    if info.status != "waiting" or not rules.expire or info.created is None:
        return None
    made = info.created if info.created.tzinfo else info.created.replace(tzinfo=UTC)
    return (made + timedelta(seconds=rules.expire)).isoformat(timespec="seconds")


def expiry_reason(expire: float) -> str:
    """What an expired table says: how long it waited."""
    return f"the table closed: nobody took its open seats within {_duration(expire)}"


def _duration(seconds: float) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return f"{hours} hour{'s' if hours != 1 else ''}"
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} seconds"


async def keep_house(tables: Tables, rules: ClubRules) -> None:
    """For ever: carry out the operators' acts kept, and close the tables that waited too long."""
    while True:
        # A failed round (the database gone a moment, a write refused) is tried again at the
        # next: an act stays kept until it is carried out, a table waiting until it closes.
        try:
            await _one_round(tables, rules)
        except Exception:
            LOG.exception("operators' acts and expiries: this round failed; trying again")
        await asyncio.sleep(LOOK_SECONDS)


async def _one_round(tables: Tables, rules: ClubRules) -> None:
    for act in await tables.db(tables.store.acts, True):
        outcome = await carry_out(tables, act)
        await tables.db(tables.store.finish_act, act.id, outcome)
    if rules.expire:
        before = datetime.now(UTC) - timedelta(seconds=rules.expire)
        for table_id in await tables.db(tables.store.waiting_since, before):
            table = await tables.get(table_id)
            if table is not None:
                await table.close(expiry_reason(rules.expire), waiting_only=True)


async def carry_out(tables: Tables, act: Act) -> str:
    """Do what operator's ``act`` asks of a table or its chat; what came of it, in a line."""
    if act.command == "close-table":
        table = await tables.get(act.target)
        if table is None:
            return f"there is no table {act.target!r}"
        said = "the operator closed the table" + (f": {act.reason}" if act.reason else "")
        seq = await table.close(said)
        return "the table had finished already" if seq is None else f"closed at seq {seq}"
    if act.command == "remove-chat":
        return await _remove_chat(tables, int(act.target))
    if act.command == "remove-seat":
        return await _remove_seat(tables, act)
    return f"no server act {act.command!r}"


async def _remove_seat(tables: Tables, act: Act) -> str:
    # The target is "TABLE SEAT"; the seat's person leaves it and a bot plays it.
    table_id, _, seat = act.target.partition(" ")
    table = await tables.get(table_id)
    if table is None:
        return f"there is no table {table_id!r}"
    name = table.info.seats[int(seat)].name if int(seat) < len(table.info.seats) else None
    said = f"the operator handed seat {seat} ({name}) to a bot" + (
        f": {act.reason}" if act.reason else ""
    )
    done = await table.hand_to_bot(int(seat), said)
    return done if isinstance(done, str) else f"seat {seat} handed to a bot at seq {done}"


async def _remove_chat(tables: Tables, line_id: int) -> str:
    line = await tables.db(tables.store.chat_line, line_id)
    if line is None:
        return f"there is no chat line {line_id}"
    await tables.db(tables.store.remove_chat, line_id)
    info = await tables.db(tables.store.table, line.table_id)
    if info is None or info.status == "finished":
        return "removed"
    table = await tables.get(line.table_id)
    seq = None
    if table is not None:
        seq = await table.notice(f"the operator removed a line of chat by {line.said.name}")
    return "removed" if seq is None else f"removed; said at seq {seq}"
