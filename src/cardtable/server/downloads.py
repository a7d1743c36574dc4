"""A table's downloads: its record, one deal, the game's own forms, and a deal as a seat saw it.

What may leave the server follows the table's state. The record (the whole match, or the
match through one deal) holds every deck, so it is given out once the table has finished; so
are the game's forms that show cards (PHH, with every hole card). A form that shows only what
every seat has seen (the pulka) is given out while the table plays, for its finished deals. A
deal in progress, or a finished one of a table in play, downloads only as the asking seat saw
it (``seen``): the same :meth:`Event.seen_by` and :meth:`Deal.view` the table socket sends.

A private table's downloads need what its status needs (:mod:`cardtable.server.access`): its
invite code (``?invite=``), a seat token of the table (header ``Seat-Token``) or the cookie of
a player seated at it (so that the page's link to the record works for the table's players);
only a token makes ``seen`` a seat's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from fastapi import APIRouter, HTTPException, Request, Response

from cardtable.engine import Export, get_game, view_to_data
from cardtable.engine.replay import replay
from cardtable.server.access import AskedTable, finished_deal_log, table_log
from cardtable.server.tables import SPECTATOR, LiveTable
from cardtable.store.records import match_record, record_of
from cardtable.store.repository import Entry, TableInfo

router = APIRouter(prefix="/api/tables", tags=["downloads"])


def _require_end(table: LiveTable, what: str) -> None:
    if not table.finished or not table.steps:
        raise HTTPException(
            409, f"the table is still being played: its {what} comes when it has finished"
        )


def _signed_record(request: Request, info: TableInfo, log: Sequence[Entry]) -> dict[str, Any]:
    key: Ed25519PrivateKey = request.app.state.record_key
    return match_record(info, log).to_data(sign_with=key)


@router.get("/{table_id}/record")
async def record(
    request: Request,
    asked: AskedTable,
) -> dict[str, Any]:
    """The finished table's match record (our record JSON; ``cardtable replay`` reads it).

    A table still in play has no record to give: its decks are the server's secret.
    """
    table, _seat = asked
    _require_end(table, "record")
    log = await table_log(request, table)
    return await asyncio.to_thread(_signed_record, request, table.info, log)


@router.get("/{table_id}/deals/{number}/record")
async def deal_record(
    number: int,
    request: Request,
    asked: AskedTable,
) -> dict[str, Any]:
    """The finished table's match through deal ``number``: a record that replays to that deal."""
    table, _seat = asked
    _require_end(table, "record")
    log = await finished_deal_log(request, table, number)
    return await asyncio.to_thread(_signed_record, request, table.info, log)


@router.get("/{table_id}/export/{form}")
async def export(
    form: str,
    request: Request,
    asked: AskedTable,
) -> Response:
    """The match in one of its game's forms (``GET /api/games`` lists them): PHH, the pulka."""
    table, _seat = asked
    chosen = _form(table, form)
    log = await table_log(request, table)
    text = await asyncio.to_thread(_exported, table.info, log, chosen, None)
    return _file(text, chosen, table.info.id)


@router.get("/{table_id}/deals/{number}/export/{form}")
async def deal_export(
    form: str,
    number: int,
    request: Request,
    asked: AskedTable,
) -> Response:
    """Finished deal ``number`` in one of its game's forms: its PHH hand, the pulka after it."""
    table, _seat = asked
    chosen = _form(table, form)
    log = await finished_deal_log(request, table, number)
    text = await asyncio.to_thread(_exported, table.info, log, chosen, number)
    return _file(text, chosen, f"{table.info.id}-deal-{number}")


@router.get("/{table_id}/deals/{number}/seen")
async def seen(
    number: int,
    request: Request,
    asked: AskedTable,
) -> dict[str, Any]:
    """Deal ``number`` (finished or in progress) as the asking seat saw it, or a spectator.

    Its events as :meth:`Event.seen_by` gives them to the seat and its view (a spectator's:
    the public events and :meth:`Deal.public_view`): never the deck, the seed or a card the
    seat was not shown.
    """
    table, seat = asked
    # Under the table's lock: an action applied but not yet stored is never shown.
    async with table.lock:
        return _seen(table, number, seat)


def _seen(table: LiveTable, number: int, seat: int) -> dict[str, Any]:
    deals = table.match.deals
    if not 1 <= number <= len(deals):
        raise HTTPException(404, f"the table has dealt {len(deals)} deals, not deal {number}")
    deal = deals[number - 1]
    viewer = None if seat == SPECTATOR else seat
    return {
        "table": table.info.id,
        "deal": number,
        "seat": None if seat == SPECTATOR else seat,
        "finished": deal.is_over,
        "events": [
            {
                "kind": shown.kind,
                "seat": shown.seat,
                "text": shown.text,
                "cards": [card.text() for card in shown.cards],
                "key": shown.key,
                "values": dict(shown.values),
            }
            for shown in (event.seen_by(viewer) for event in deal.events)
        ],
        "view": view_to_data(deal.public_view() if viewer is None else deal.view(viewer)),
    }


def _form(table: LiveTable, name: str) -> Export:
    """The game's form ``name``; one that shows cards waits for the table's end."""
    game = get_game(table.info.game)
    forms = {form.name: form for form in game.exports}
    if name not in forms:
        offered = ", ".join(forms) or "none"
        raise HTTPException(404, f"{game.title} has no {name!r} download (it has: {offered})")
    if not forms[name].public:
        _require_end(table, name)
    return forms[name]


def _exported(info: TableInfo, log: Sequence[Entry], form: Export, deal: int | None) -> str:
    game = get_game(info.game)
    return game.export(replay(record_of(info, log)), form.name, deal)


def _file(text: str, form: Export, stem: str) -> Response:
    return Response(
        text,
        media_type=form.media_type,
        headers={"content-disposition": f'attachment; filename="{stem}{form.suffix}"'},
    )
