"""A finished deal step by step as a viewer may see it, and a preferans deal's analysis.

The deal is played again from the table's record (:func:`~cardtable.store.records.record_of`,
the record the server gives out), and each step is the move played, the events it caused and
the view after it, all as :meth:`Event.seen_by` and :meth:`Deal.view` give them to the viewer:
a seat (its token) sees what it saw at each step, a spectator the public events and view. Once
the table has finished its record, every deck included, is public (docs/server.md,
"Downloads"), so any seat's view may then be asked for with ``?seat=N``. A deal still being
played has no replay (409).

The analysis of a finished deal is the game's (:meth:`Game.deal_analysis`: preferans values
every card played double dummy), run in the bots' worker pool so that the solver never holds
up the event loop, and kept (:data:`ANALYSES`): a finished deal never changes, so its
analysis is worked out once for each kind of asker and served again. While the table plays,
a best card the viewer was never shown in that deal (a card left in a hand by a claim) is
left out of the answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request

from cardtable.engine import Deal, DealSetup, Event, Record, get_game, view_to_data
from cardtable.server.access import AskedTable, finished_deal_log
from cardtable.server.kept import Kept
from cardtable.server.tables import SPECTATOR
from cardtable.store.records import record_of

router = APIRouter(prefix="/api/tables", tags=["downloads"])

Judged = list[dict[str, Any]] | None
"""A game's analysis of a deal (``None``: the game has none)."""

ANALYSES: Kept[Judged] = Kept(64)
"""The server's analyses (a preferans deal's takes the solver about a second), keyed by
table, deal and what the asker was shown (``None`` once the record is public), since the
answer leaves out a best card the asker never saw."""

SeatQuery = Annotated[
    int | None, Query(ge=0, le=15, description="Whose view, once the table has finished.")
]


@router.get("/{table_id}/deals/{number}/replay")
async def deal_replay(
    number: int,
    request: Request,
    asked: AskedTable,
    *,
    seat: SeatQuery = None,
) -> dict[str, Any]:
    """Finished deal ``number`` step by step as the asking seat saw it (or ``seat``'s, later).

    ``steps`` holds, for the deal as dealt and after each move, the ``seat`` that moved (and
    its ``move`` when it is the viewer's own), the ``events`` it caused and the ``view`` after
    it, as the viewer saw them.
    """
    table, asking = asked
    log = await finished_deal_log(request, table, number)
    viewer = None if asking == SPECTATOR else asking
    if seat is not None and seat != viewer:
        if not (table.finished and table.steps):
            raise HTTPException(409, "another seat's view is shown once the table has finished")
        seats = len(table.info.seats)
        if seat >= seats:
            raise HTTPException(404, f"the table has {seats} seats, not seat {seat}")
        viewer = seat
    steps = await asyncio.to_thread(deal_steps, record_of(table.info, log), number, viewer)
    return {"table": table.info.id, "deal": number, "seat": viewer, "steps": steps}


@router.get("/{table_id}/deals/{number}/analysis")
async def deal_analysis(
    number: int,
    request: Request,
    asked: AskedTable,
) -> dict[str, Any]:
    """Finished deal ``number`` judged by its game (preferans: every card double dummy).

    ``cards`` holds for each card judged its ``trick``, ``seat``, ``card``, the declarer's
    tricks under best play after it (``declarer_tricks``) and after the best card
    (``best_tricks``), the ``best`` cards, the tricks it ``cost`` and whether it was judged
    ``paranoid`` (an all-pass: the player against the other two).
    """
    table, asking = asked
    record = record_of(table.info, await finished_deal_log(request, table, number))
    viewer = None if asking == SPECTATOR else asking
    public = table.finished and bool(table.steps)
    seen = None if public else _cards_seen(table.match.deals[number - 1], viewer)

    async def judge() -> Judged:
        return await asyncio.get_running_loop().run_in_executor(
            table.workers.bots, partial(table.game.deal_analysis, record, number, seen)
        )

    key = (table.info.id, number, None if seen is None else frozenset(seen))
    judged = await ANALYSES.answer(key, judge)
    if judged is None:
        raise HTTPException(404, f"{table.game.title} has no analysis")
    return {"table": table.info.id, "deal": number, "cards": judged}


def _cards_seen(deal: Deal[Hashable, object], viewer: int | None) -> set[str]:
    return {card.text() for event in deal.events for card in event.seen_by(viewer).cards}


def deal_steps(record: Record, number: int, viewer: int | None) -> list[dict[str, Any]]:
    """Deal ``number`` of ``record`` step by step as ``viewer`` (``None``: the public) saw it."""
    game = get_game(record.game)
    match = game.new_match(game.rules(record.preset, record.rules), record.seats, record.preset)
    for entry in record.deals[: number - 1]:
        for text in entry.before:
            match.apply_between(text)
        match.start_deal_from(_setup(entry.dealer, entry.deck, entry.seed, entry.salt))
        for text in entry.actions:
            match.apply(game.parse_action(text))
    entry = record.deals[number - 1]
    for text in entry.before:
        match.apply_between(text)
    deal = match.start_deal_from(_setup(entry.dealer, entry.deck, entry.seed, entry.salt))
    steps = [_step(deal, None, None, list(deal.events), viewer)]
    for text in entry.actions:
        seat, done = deal.to_move, len(deal.events)
        match.apply(game.parse_action(text))
        steps.append(_step(deal, text, seat, deal.events[done:], viewer))
    return steps


def _setup(dealer: int, deck: Any, seed: int, salt: str) -> DealSetup:
    return DealSetup(dealer, tuple(deck), seed, bytes.fromhex(salt))


def _step(
    deal: Deal[Hashable, object],
    move: str | None,
    seat: int | None,
    events: list[Event],
    viewer: int | None,
) -> dict[str, Any]:
    view = deal.public_view() if viewer is None else deal.view(viewer)
    return {
        # Another seat's move may name cards the viewer never saw (a discard): its events say
        # what the viewer saw of it.
        "move": move if seat is not None and seat == viewer else None,
        "seat": seat,
        "events": [
            {
                "kind": shown.kind,
                "seat": shown.seat,
                "text": shown.text,
                "cards": [card.text() for card in shown.cards],
                "key": shown.key,
                "values": dict(shown.values),
            }
            for shown in (event.seen_by(viewer) for event in events)
        ],
        "view": view_to_data(view),
    }
