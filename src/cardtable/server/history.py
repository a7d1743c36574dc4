"""A player's history and statistics, built from the tables' logs through the engine protocol.

Each table a player sat at is replayed from its log (as its record replays); each finished deal
gives the player's net (the ledger's change, exact) and the facts the game states about each
seat (:meth:`Game.deal_statistics`: whether the seat played, and for preferans whether it
declared, the contract, whether it was made, the whists it wrote). Statistics add those facts
up per game over the deals the player took part in. Everything here is public once a deal is
finished, as a score sheet is; a private table is shown only to its own player. Each table's
part is kept (:data:`MATCHES`) until its log grows.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict

from cardtable.engine import get_game, view_to_data
from cardtable.engine.replay import replay
from cardtable.server.accounts import PlayerData, current_player, player_data
from cardtable.server.kept import Kept
from cardtable.store.records import record_of, seat_names
from cardtable.store.repository import Entry, PlayedTable

if TYPE_CHECKING:
    from cardtable.server.app import Tables

router = APIRouter(prefix="/api/players", tags=["history"])

Amount = int | str
"""An exact amount: a whole number, or a fraction's text (``"17/3"``)."""


class DealData(BaseModel):
    """A finished deal of a player's: its number, when it was dealt, his net and his seat's facts.

    The facts are the game's (``Game.deal_statistics``): ``played`` always; for preferans
    ``declared``, ``contract``, ``made``, ``all_pass`` and ``whists``.
    """

    model_config = ConfigDict(extra="allow")

    deal: int
    date: str | None
    net: Amount
    played: bool


class MatchData(BaseModel):
    """A table a player sat at, with its finished deals."""

    table: str
    game: str
    preset: str | None
    date: str
    status: str
    seat: int
    seats: list[str]
    score: dict[str, str]
    net: Amount
    deals: list[DealData]


class History(BaseModel):
    """A player and the tables he sat at, newest first."""

    player: PlayerData
    matches: list[MatchData]


class GameStatistics(BaseModel):
    """One game's figures over the deals a player took part in."""

    matches: int
    finished: int
    deals: int
    net: Amount
    net_per_deal: Amount | None
    counts: dict[str, int]
    totals: dict[str, Amount]
    per_deal: dict[str, Amount]
    names: dict[str, dict[str, int]]


class Statistics(BaseModel):
    """A player and his statistics per game."""

    player: PlayerData
    games: dict[str, GameStatistics]


MATCHES: Kept[dict[str, Any]] = Kept(512)
"""Tables as a player's history shows them (:func:`match_history`, a replay of the table's
whole log), keyed by table, seat and the log's newest seq: a history asked again replays only
the tables that have played on since."""


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def match_history(
    played: PlayedTable, log: Sequence[Entry], dealt: Sequence[datetime]
) -> dict[str, Any]:
    """One table of a player's history: the table, its seats and score, and his deals."""
    info = played.info
    game = get_game(info.game)
    match = replay(record_of(info, log))
    names = seat_names(info)
    name = names[played.seat]
    before: Mapping[str, Fraction] = {}
    deals = []
    for number, result in enumerate(match.results, start=1):
        after = {account: Fraction(str(value)) for account, value in result.ledger.items()}
        facts = game.deal_statistics(match, number)[played.seat]
        deals.append(
            {
                "deal": number,
                "date": dealt[number - 1].isoformat() if number <= len(dealt) else None,
                "net": after[name] - before.get(name, Fraction(0)),
                **facts,
            }
        )
        before = after
    ledger = match.ledger()
    data: dict[str, Any] = view_to_data(
        {
            "table": info.id,
            "game": info.game,
            "preset": info.preset,
            "date": played.created.isoformat(),
            "status": info.status,
            "seat": played.seat,
            "seats": list(names),
            "score": {account: str(value) for account, value in ledger.items()},
            "net": ledger.get(name, Fraction(0)),
            "deals": deals,
        }
    )
    return data


def statistics(matches: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Per game: matches, finished matches, deals played, net, and the games' facts added up.

    Facts that are ``True`` are counted (``counts``), amounts summed (``totals``) and divided
    by the deals played (``per_deal``), texts counted by value (``names``). Amounts are exact
    (a fraction's text where they are not whole).

    >>> deal = {"deal": 1, "net": "5/2", "played": True, "made": True, "contract": "6♠"}
    >>> statistics([{"game": "preferans", "status": "finished", "deals": [deal, deal]}])
    ... # doctest: +NORMALIZE_WHITESPACE
    {'preferans': {'matches': 1, 'finished': 1, 'deals': 2, 'net': 5, 'net_per_deal': '5/2',
     'counts': {'made': 2}, 'totals': {}, 'per_deal': {}, 'names': {'contract': {'6♠': 2}}}}
    """
    games: dict[str, dict[str, Any]] = {}
    for match in matches:
        entry = games.setdefault(match["game"], _empty())
        entry["matches"] += 1
        entry["finished"] += match["status"] == "finished"
        for deal in match["deals"]:
            if deal.get("played", True):
                _add_deal(entry, deal)
    return {name: _finished_sums(entry) for name, entry in games.items()}


def _empty() -> dict[str, Any]:
    return {
        "matches": 0,
        "finished": 0,
        "deals": 0,
        "net": Fraction(0),
        "counts": Counter[str](),
        "totals": {},
        "names": {},
    }


def _add_deal(entry: dict[str, Any], deal: Mapping[str, Any]) -> None:
    entry["deals"] += 1
    entry["net"] += Fraction(str(deal["net"]))
    for key, value in deal.items():
        if key in {"deal", "date", "net", "played"} or value is None or value is False:
            continue
        if value is True:
            entry["counts"][key] += 1
        elif isinstance(value, str) and not _is_amount(value):
            entry["names"].setdefault(key, Counter())[value] += 1
        else:
            entry["totals"][key] = entry["totals"].get(key, Fraction(0)) + Fraction(str(value))


def _is_amount(text: str) -> bool:
    try:
        Fraction(text)
    except ValueError:
        return False
    return True


def _finished_sums(entry: dict[str, Any]) -> dict[str, Any]:
    deals = entry["deals"]
    sums: dict[str, Any] = view_to_data(
        {
            "matches": entry["matches"],
            "finished": entry["finished"],
            "deals": deals,
            "net": entry["net"],
            "net_per_deal": entry["net"] / deals if deals else None,
            "counts": dict(entry["counts"]),
            "totals": entry["totals"],
            "per_deal": {key: total / deals for key, total in entry["totals"].items()},
            "names": {key: dict(counted) for key, counted in entry["names"].items()},
        }
    )
    return sums


async def _history(request: Request, player_id: str) -> tuple[dict[str, Any], list[Any]]:
    tables = _tables(request)
    player = await tables.db(tables.store.player, player_id)
    if player is None:
        raise HTTPException(404, f"there is no player {player_id!r}")
    viewer = await current_player(request)
    own = viewer is not None and viewer.id == player_id
    matches = []
    for played in await tables.db(tables.store.tables_of, player_id):
        if played.info.listed or own:
            matches.append(await _kept_match(tables, played))
    return player_data(player), matches


async def _kept_match(tables: Tables, played: PlayedTable) -> dict[str, Any]:
    # The log is append-only: its newest seq, the status and the seats' names say whether
    # the replay kept is still the table's.
    info = played.info
    seq = await tables.db(tables.store.last_seq, info.id)

    async def replayed() -> dict[str, Any]:
        log = await tables.db(tables.store.log, info.id)
        dealt = await tables.db(tables.store.deal_times, info.id)
        return await asyncio.to_thread(match_history, played, log, dealt)

    key = (info.id, played.seat, seq, info.status, seat_names(info))
    return await MATCHES.answer(key, replayed)


@router.get("/{player_id}/history", response_model=History)
async def history(player_id: str, request: Request) -> dict[str, Any]:
    """The tables a player sat at, newest first, each with its finished deals.

    Each match: ``table``, ``game``, ``preset``, ``date``, ``status``, ``seat``, ``seats``,
    ``score`` and the player's ``net``; each deal its number, ``date``, the player's ``net``
    and the game's facts about his seat. Private tables only for the player himself.
    """
    player, matches = await _history(request, player_id)
    return {"player": player, "matches": matches}


@router.get("/{player_id}/statistics", response_model=Statistics)
async def player_statistics(player_id: str, request: Request) -> dict[str, Any]:
    """A player's statistics per game over his history: deals, results, the games' facts."""
    player, matches = await _history(request, player_id)
    return {"player": player, "games": statistics(matches)}
