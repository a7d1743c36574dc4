"""Forced moves: when the seat to move has no real choice, so that a table may play for him.

A move is forced when it is the only legal one (a move made of a set of cards is listed among
the legal moves too, so a choice of cards is never hidden from this test), or
when every legal move leaves the deal the same to everyone: each seat's view and the public
view come out equal whichever is played. A screen with auto-play set plays it at once.

>>> from cardtable.engine import get_game, seeded_rng
>>> game = get_game("piquet")
>>> match = game.new_match(game.rules(), ["a", "b"], None)
>>> deal = match.start_deal(seeded_rng(1))
>>> forced_move(deal) is None  # the elder chooses his exchange
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from cardtable.engine.deal import Deal

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

MOST_COMPARED = 8
"""Most legal moves played out to see whether they all come to the same."""


def forced_move(deal: Deal[A, V], *, most: int = MOST_COMPARED) -> A | None:
    """The move the seat to move cannot avoid, or ``None`` when he has a choice.

    Up to ``most`` legal moves are each played on a copy and compared by every view they
    leave; more than that are taken to be a choice.
    """
    if deal.is_over:
        return None
    legal = deal.legal_actions()  # a piquet exchange lists its 1,508 discards lazily
    if len(legal) == 1:
        return legal[0]
    if not legal or len(legal) > most:
        return None
    outcomes = {_views_after(deal, action) for action in legal}
    return legal[0] if len(outcomes) == 1 else None


def _views_after(deal: Deal[A, V], action: A) -> tuple[object, ...]:
    after = deal.copy()
    after.apply(action)
    views: list[object] = [after.view(seat) for seat in range(after.seats)]
    views.append(after.public_view())
    return tuple(repr(view) for view in views)
