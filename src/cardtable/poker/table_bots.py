"""Bots for the poker table: a passive caller, a bettor by category, a bettor by equity.

They see only a seat's :class:`~cardtable.poker.table.PokerView` and the legal actions. The
strength bot judges its own cards by the category of its best hand; the equity bot estimates
its chance of winning by dealing the unseen cards at random many times and ranking the hands
with the hand evaluator, and bets, calls or folds by that chance against the pot odds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from cardtable.cards import Card
from cardtable.poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Declare,
    Discard,
    Expose,
    Fold,
    RaiseTo,
    Side,
)
from cardtable.poker.judge import CardJudge, HandJudge, showdown_judge
from cardtable.poker.pots import CATEGORIES
from cardtable.poker.table import PokerView
from cardtable.poker.variants import VariantSpec

A = TypeVar("A")


def _first(legal: Sequence[A], *kinds: type) -> A | None:
    for kind in kinds:
        for action in legal:
            if isinstance(action, kind):
                return action
    return None


class PassiveBot:
    """Checks or calls everything, stands pat, declares high: the table's calling station.

    Where checking is barred and nothing is bet ("Пропуск хода не разрешен") it bets the
    least it may rather than fold.
    """

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """Check, else call, else the least bet, else stand pat, declare high, expose."""
        for wanted in (Check(), Call()):
            if wanted in legal:
                return next(action for action in legal if action == wanted)
        bets = [action for action in legal if isinstance(action, Bet)]
        if bets:
            return min(bets, key=lambda action: action.amount)
        for later in (Discard(()), Declare(Side.HIGH)):
            if later in legal:
                return next(action for action in legal if action == later)
        exposed = _first(legal, Expose)
        return exposed if exposed is not None else legal[0]


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
        category = self.judge.category(cards) if cards else "high card"
        strength = CATEGORIES.index(category) if category in CATEGORIES else 0
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


def _discard_high(view: PokerView, legal: Sequence[A]) -> A:
    """Deuce to seven's draw: throw the cards above a seven and the second of a pair.

    The ace counts high there, so it goes too; the highest cards go first when the draw
    allows fewer.
    """
    kept: set[int] = set()
    throw = []
    for card in sorted(view.down, key=lambda card: card.rank):
        if card.rank > 7 or card.rank in kept:
            throw.append(card)
        kept.add(card.rank)
    throw.sort(key=lambda card: card.rank, reverse=True)
    discards = [action for action in legal if isinstance(action, Discard)]
    most = max(len(action.cards) for action in discards)
    wanted = set(throw[:most])
    return next(action for action in discards if set(action.cards) == wanted)


class EquityBot:
    """Bets by its chance of winning, estimated from the cards it can see.

    Each decision deals the unseen cards at random ``samples`` times: the opponents' hidden
    cards, the cards still to come to each hand and to the board. Hands are ranked by the
    variant's judge (the compiled kernel for standard hands). With a chance above twice the
    fair share it bets or raises; above the pot odds it calls; otherwise it checks or folds.
    It draws to keep its pairs (in deuce to seven, its low cards), exposes its lowest card,
    and declares the side its low or high chance favours. Hands are valued as the showdown
    values them (:func:`~cardtable.poker.judge.showdown_judge`).
    """

    def __init__(self, spec: VariantSpec, samples: int = 24) -> None:
        self.spec = spec
        self.samples = samples
        self.judge = HandJudge(spec.hands, spec.low_qualifier)
        # The showdown's own ranking: in deuce to seven A-5-4-3-2 is ace-high, no straight.
        self.showdown = showdown_judge(self.judge, spec.win)
        self.deck = spec.hands.deck().cards()
        # Sampling is affordable only where the compiled kernel ranks the hands; elsewhere
        # (wild cards, low hands, short hands) the bot bets by its hand's category.
        self.fallback = (
            None
            if self.judge.kernel and spec.win in ("high", "deuce-to-seven")
            else StrengthBot(self.judge)
        )

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """The action for ``view`` (a :class:`PokerView`) among ``legal``."""
        assert isinstance(view, PokerView)
        if self.fallback is not None:
            return self.fallback.choose(view, legal, rng)
        if any(isinstance(action, Discard) for action in legal):
            if self.spec.win == "deuce-to-seven":
                return _discard_high(view, legal)
            return StrengthBot(self.judge)._discard(view, legal)
        exposed = [a for a in legal if isinstance(a, Expose)]
        if exposed:
            return min(exposed, key=lambda a: (a.card.rank, a.card.index))
        chance = self.chance(view, rng)
        if any(isinstance(action, Declare) for action in legal):
            side = Side.LOW if self.spec.win == "high-low" and chance < 0.5 else Side.HIGH
            return _first([a for a in legal if a == Declare(side)], Declare) or legal[0]
        players = max(len(view.in_hand), 2)
        owed = max(view.bets) - view.bets[view.seat]
        if chance > 2 / players:
            choice = _first(legal, RaiseTo, Bet, Call, Check)
        elif owed == 0 or chance >= owed / (view.pot + owed):
            choice = _first(legal, Check, Call, AllIn)
        else:
            choice = _first(legal, Check, Fold)
        return choice if choice is not None else legal[0]

    def chance(self, view: PokerView, rng: random.Random) -> float:
        """The share of random completions in which this seat's hand wins."""
        seen = {*view.down, *view.board, *(card for up in view.up for card in up)}
        unseen = [card for card in self.deck if card not in seen]
        board_total = self.spec.board_size()
        # A stud deal short of cards gives its last card to the centre, for everyone.
        own_total = self.spec.cards_each() - max(len(view.board) - board_total, 0)
        opponents = [seat for seat in view.in_hand if seat != view.seat]
        if not opponents:
            return 1.0
        wins = 0.0
        for _ in range(self.samples):
            rng.shuffle(unseen)
            pool = iter(unseen)
            board = [*view.board, *(next(pool) for _ in range(board_total - len(view.board)))]
            mine = self._complete([*view.down, *view.up[view.seat]], own_total, pool)
            best = self._value([*mine, *board])
            others = [
                self._value([*self._complete(list(view.up[seat]), own_total, pool), *board])
                for seat in opponents
            ]
            top = max(others)
            if best > top:
                wins += 1
            elif best == top:
                wins += 1 / (1 + others.count(top))
        return wins / self.samples

    def _complete(self, cards: list[Card], total: int, pool: Any) -> list[Card]:
        return cards + [next(pool) for _ in range(max(total - len(cards), 0))]

    def _value(self, cards: list[Card]) -> int:
        if self.spec.win == "deuce-to-seven":
            return -self.showdown.high(cards)
        return self.showdown.high(cards)
