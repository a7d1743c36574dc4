"""A finished deal step by step as a viewer may see it, and a preferans deal's analysis.

The deal is played again from the table's record (:func:`~cardtable.store.records.record_of`,
the record the server gives out), and each step is the move played, the events it caused and
the view after it, all as :meth:`Event.seen_by` and :meth:`Deal.view` give them to the viewer:
a seat (its token) sees what it saw at each step, a spectator the public events and view. Once
the table has finished its record, every deck included, is public (docs/server.md,
"Downloads"), so any seat's view may then be asked for with ``?seat=N``. A deal still being
played has no replay (409).

The analysis of a finished preferans deal values every card played double dummy
(:func:`cardtable.preferans.analysis.judge_record`), in the bots' worker pool so that the
solver never holds up the event loop. While the table plays, a best card the viewer was never
shown in that deal (a card left in a hand by a claim) is left out of the answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request

from cardtable.engine import Deal, DealSetup, Event, Record, get_game, view_to_data
from cardtable.server.downloads import (
    InviteQuery,
    TokenHeader,
    _finished_deal,
    _log,
    _table,
)
from cardtable.server.tables import SPECTATOR
from cardtable.store.records import log_through, record_of

if TYPE_CHECKING:
    from cardtable.preferans.analysis import CardJudgement

router = APIRouter(prefix="/api/tables", tags=["downloads"])

SeatQuery = Annotated[
    int | None, Query(ge=0, le=15, description="Whose view, once the table has finished.")
]


@router.get("/{table_id}/deals/{number}/replay")
async def deal_replay(
    table_id: str,
    number: int,
    request: Request,
    *,
    invite: InviteQuery = None,
    seat_token: TokenHeader = None,
    seat: SeatQuery = None,
) -> dict[str, Any]:
    """Finished deal ``number`` step by step as the asking seat saw it (or ``seat``'s, later).

    ``steps`` holds, for the deal as dealt and after each move, the ``seat`` that moved (and
    its ``move`` when it is the viewer's own), the ``events`` it caused and the ``view`` after
    it, as the viewer saw them.
    """
    table, asking = await _table(request, table_id, invite, seat_token)
    _finished_deal(table, number)
    viewer = None if asking == SPECTATOR else asking
    if seat is not None and seat != viewer:
        if not (table.finished and table.steps):
            raise HTTPException(409, "another seat's view is shown once the table has finished")
        seats = len(table.info.seats)
        if seat >= seats:
            raise HTTPException(404, f"the table has {seats} seats, not seat {seat}")
        viewer = seat
    log = log_through(await _log(request, table), number)
    steps = await asyncio.to_thread(deal_steps, record_of(table.info, log), number, viewer)
    return {"table": table.info.id, "deal": number, "seat": viewer, "steps": steps}


@router.get("/{table_id}/deals/{number}/analysis")
async def deal_analysis(
    table_id: str,
    number: int,
    request: Request,
    *,
    invite: InviteQuery = None,
    seat_token: TokenHeader = None,
) -> dict[str, Any]:
    """Finished preferans deal ``number``: each card played with its value and the best cards.

    ``cards`` holds for each card judged its ``trick``, ``seat``, ``card``, the declarer's
    tricks under best play after it (``declarer_tricks``) and after the best card
    (``best_tricks``), the ``best`` cards, the tricks it ``cost`` and whether it was judged
    ``paranoid`` (an all-pass: the player against the other two).
    """
    table, asking = await _table(request, table_id, invite, seat_token)
    if table.info.game != "preferans":
        raise HTTPException(404, f"{table.game.title} has no analysis (preferans has)")
    _finished_deal(table, number)
    record = record_of(table.info, log_through(await _log(request, table), number))
    viewer = None if asking == SPECTATOR else asking
    public = table.finished and bool(table.steps)
    seen = None if public else _cards_seen(table.match.deals[number - 1], viewer)
    # The solver is loaded with the first analysis, not with the server.
    from cardtable.preferans.analysis import judge_record  # noqa: PLC0415

    judged = await asyncio.get_running_loop().run_in_executor(
        table.workers.bots, partial(judge_record, record, number)
    )
    return {"table": table.info.id, "deal": number, "cards": [_judged(j, seen) for j in judged]}


def _cards_seen(deal: Deal[Hashable, object], viewer: int | None) -> set[str]:
    return {card.text() for event in deal.events for card in event.seen_by(viewer).cards}


def _judged(judgement: CardJudgement, seen: set[str] | None) -> dict[str, Any]:
    best = [card.text() for card in judgement.best]
    return {
        "trick": judgement.trick,
        "seat": judgement.seat,
        "card": judgement.card.text(),
        "declarer_tricks": judgement.declarer_tricks,
        "best_tricks": judgement.best_tricks,
        "best": best if seen is None else [card for card in best if card in seen],
        "cost": judgement.cost,
        "paranoid": judgement.paranoid,
    }


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
            }
            for shown in (event.seen_by(viewer) for event in events)
        ],
        "view": view_to_data(view),
    }
