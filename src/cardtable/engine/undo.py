"""Taking a move back: allowed only while no card has been shown to anyone new since it.

A card shown is knowledge no undo can take away. So a seat's last move of the deal may be
taken back, with every move after it, only when none of the events since that move showed a
card to a seat (or to the spectators) that had not seen it before the move. What was seen is
read from the engine's events, their cards and audiences, against what each seat had been shown
before (:meth:`Deal.cards_known_to`). The server's offers and the terminal table share this
rule; who must consent (the other people at the table) is the table's business.

>>> from cardtable.engine import get_game, seeded_rng
>>> game = get_game("piquet")
>>> match = game.new_match(game.rules(), ["a", "b"], None)
>>> deal = match.start_deal(seeded_rng(1))
>>> plan_undo(match, 0)
Traceback (most recent call last):
...
cardtable.engine.undo.UndoRefused: seat 0 has made no move in this deal to take back
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

from cardtable.engine.claims import ClaimRest
from cardtable.engine.deal import Deal, Event
from cardtable.engine.match import Match, SomeMatch
from cardtable.engine.record import DealEntry, Record
from cardtable.engine.replay import replay
from cardtable.errors import CardtableError

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

SPECTATORS = -1
"""The seat number that stands for the spectators (in no event's audience)."""


class UndoRefused(CardtableError):
    """An undo the rule does not allow, with the reason in one line."""


def first_new_sight(before: Deal[A, V], since: Iterable[Event]) -> int | None:
    """The first seat (``-1``: the spectators) that ``since`` showed a card it had not seen.

    ``before`` is the deal as it stood before the first of the events; ``None`` when every card
    these events show was already known to whoever saw it.
    """
    public = before.public_cards()
    for event in since:
        if not event.cards:
            continue
        watchers: Iterable[int] = (
            [*range(before.seats), SPECTATORS] if event.audience is None else event.audience
        )
        for seat in watchers:
            known = public if seat == SPECTATORS else before.cards_known_to(seat)
            if not set(event.cards) <= known:
                return seat
    return None


def sight_refusal(before: Deal[A, V], since: Iterable[Event]) -> str | None:
    """Why the moves that caused ``since`` may not be taken back, or ``None`` if they may."""
    sighted = first_new_sight(before, since)
    if sighted is None:
        return None
    who = "the spectators" if sighted == SPECTATORS else f"seat {sighted}"
    return f"{who} has seen a card since that move: it stands"


@dataclass(frozen=True)
class UndoPlan:
    """An undo the rule allows: ``seat``'s move and the ``taken_back`` moves after it go.

    ``kept`` is the number of the deal's actions that stand; ``match`` is a new match as it
    stood before the move, for the table to play on from.
    """

    seat: int
    kept: int
    taken_back: int
    match: SomeMatch


def actor(deal: Deal[A, V], action: A) -> int | None:
    """The seat that makes ``action`` in ``deal`` as it stands: a claimer, else the seat to move."""
    if isinstance(action, ClaimRest):
        return action.seat
    return deal.to_move


def plan_undo(match: Match[A, V, R], seat: int) -> UndoPlan:
    """How ``seat``'s last move of the last deal is taken back; :class:`UndoRefused` if not.

    The move and every move after it are taken back, provided no card was shown since that
    move to a seat (or the spectators) that had not seen it, and no move between deals has
    been made since the deal.
    """
    if not match.deals:
        raise UndoRefused("no deal has been dealt yet")
    if match.between[len(match.deals)]:
        raise UndoRefused("moves between deals have been made since the last deal")
    history = match.deals[-1].history
    start = replay(_cut(match.record(), 0))
    walker = start.deals[-1].copy()
    target: int | None = None
    for index, action in enumerate(history):
        if actor(walker, action) == seat:
            target = index
        walker.apply(action)
    if target is None:
        raise UndoRefused(f"seat {seat} has made no move in this deal to take back")
    for action in history[:target]:
        start.apply(action)
    before = start.deals[-1]
    reason = sight_refusal(before, match.deals[-1].events[len(before.events) :])
    if reason is not None:
        raise UndoRefused(reason)
    return UndoPlan(seat, target, len(history) - target, start)


def _cut(record: Record, actions: int) -> Record:
    """``record`` with only the first ``actions`` actions of its last deal, stating no results."""
    last: DealEntry = record.deals[-1]
    cut = replace(last, actions=last.actions[:actions], result=None)
    return replace(record, deals=(*record.deals[:-1], cut), summary=None)
