"""The lean loop's players: check-down or random, the same choice from the same numbers.

:class:`LeanPolicyBot` says the choice rule; the full table can seat it, so that the lean
loop (:mod:`cardtable.poker.lean`) and the table play the same policy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, TypeVar

from cardtable.errors import IllegalAction
from cardtable.poker.actions import Bet, Call, Check, Discard, Fold, RaiseTo

Policy = Literal["check-down", "random"]
A = TypeVar("A")


class LeanPolicyBot:
    """The lean loop's players, for the full table: the same choice from the same numbers.

    At each betting turn the menu is fold, stay (check, else call) and, where a bet or raise
    is legal, the least amount the table offers (the largest would grow a pot-limit pot
    threefold at each raise); a random player takes the next of the
    deal's ``numbers`` (from the start again when used up) and picks ``number % len(menu)``;
    a check-down player always stays. At a draw both stand pat.
    """

    def __init__(self, policy: Policy, numbers: Sequence[int] = (0,)) -> None:
        self.policy = policy
        self.numbers = numbers
        self.taken = 0

    def new_deal(self, numbers: Sequence[int]) -> None:
        """Take this deal's numbers, from the first."""
        self.numbers = numbers
        self.taken = 0

    def choose(self, view: object, legal: Sequence[A], rng: random.Random) -> A:
        """The menu's pick among ``legal``: fold, stay or the least bet; stand pat."""
        if Discard(()) in legal:
            return next(action for action in legal if action == Discard(()))
        stay = _first_of(legal, Check()) or _first_of(legal, Call())
        if stay is None:
            raise IllegalAction("the lean players only bet, check, call, fold or stand pat")
        if self.policy == "check-down":
            return stay
        menu = [action for action in (_first_of(legal, Fold()), stay) if action is not None]
        raises = [action for action in legal if isinstance(action, Bet | RaiseTo)]
        if raises:
            menu.append(min(raises, key=_amount))
        number = self.numbers[self.taken % len(self.numbers)]
        self.taken += 1
        return menu[number % len(menu)]


def _first_of(legal: Sequence[A], wanted: object) -> A | None:
    return next((action for action in legal if action == wanted), None)


def _amount(action: object) -> int:
    if isinstance(action, Bet):
        return action.amount
    return action.total if isinstance(action, RaiseTo) else 0
