"""Simple bots for the poker table: a passive caller and a bettor by hand strength.

They see only a seat's :class:`~cardtable.poker.table.PokerView` and the legal actions. The
strength bot judges its own cards with the injected judge (the hand evaluator at
integration) and bets by the category of its best hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from cardtable.poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Declare,
    Discard,
    Fold,
    RaiseTo,
    Side,
)
from cardtable.poker.pots import CATEGORIES
from cardtable.poker.table import CardJudge, PokerView

A = TypeVar("A")


def _first(legal: Sequence[A], *kinds: type) -> A | None:
    for kind in kinds:
        for action in legal:
            if isinstance(action, kind):
                return action
    return None


class PassiveBot:
    """Checks or calls everything, stands pat, declares high: the table's calling station."""

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """Check, else call, else stand pat, else declare high, else the first legal action."""
        for wanted in (Check(), Call(), Discard(()), Declare(Side.HIGH)):
            if wanted in legal:
                return next(action for action in legal if action == wanted)
        return legal[0]


class StrengthBot:
    """Bets and raises with good hands, calls with fair ones, folds the rest.

    A hand's strength is its category's place in ``pots.CATEGORIES`` (pair = 1); three of a
    kind or better raises, a pair calls, less checks or folds. At the draw it keeps the cards
    of its pairs; at a high-low declaration it goes high with a pair or better, else low.
    """

    def __init__(self, judge: CardJudge) -> None:
        self.judge = judge

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """The action for ``view`` (a :class:`PokerView`) among ``legal``."""
        assert isinstance(view, PokerView)
        cards = [*view.down, *view.up[view.seat]]
        strength = CATEGORIES.index(self.judge.category(cards)) if cards else 0
        if any(isinstance(action, Discard) for action in legal):
            return self._discard(view, legal)
        if any(isinstance(action, Declare) for action in legal):
            side = Side.HIGH if strength >= 1 else Side.LOW
            return _first([a for a in legal if a == Declare(side)], Declare) or legal[0]
        if strength >= 4:
            choice = _first(legal, RaiseTo, Bet, Call, AllIn, Check)
        elif strength >= 1:
            choice = _first(legal, Check, Call, AllIn)
        else:
            choice = _first(legal, Check, Fold)
        return choice if choice is not None else legal[0]

    def _discard(self, view: PokerView, legal: Sequence[A]) -> A:
        ranks = [card.rank for card in view.down]
        singles = tuple(card for card in view.down if ranks.count(card.rank) == 1)
        wanted = Discard(singles[:3])
        return next((action for action in legal if action == wanted), legal[0])
