"""Bots for the poker table: a passive caller, a bettor by category, a bettor by equity.

They see only a seat's :class:`~cardtable.poker.view.PokerView` and the legal actions. The
strength bot judges its own cards by the category of its best hand; the equity bot estimates
its chance of winning by dealing the unseen cards at random many times and ranking the hands
with the hand evaluator, and bets, calls or folds by that chance against the pot odds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TypeVar

from cardtable.cards import Card, Rank
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
from cardtable.poker.variants import VariantSpec
from cardtable.poker.view import PokerView

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

    def choose(self, view: PokerView, legal: Sequence[A], rng: random.Random) -> A:
        """Check, else call, else the least bet, else stand pat, declare high, expose."""
        # A check or a call equals any other of its kind, so its kind finds it.
        for kind in (Check, Call):
            for action in legal:
                if type(action) is kind:
                    return action
        bets = [action for action in legal if isinstance(action, Bet)]
        if bets:
            return min(bets, key=lambda action: action.amount)
        for later in (Discard(()), Declare(Side.HIGH)):
            for action in legal:
                if type(action) is type(later) and action == later:
                    return action
        exposed = _first(legal, Expose)
        return exposed if exposed is not None else legal[0]


class StrengthBot:
    """Bets and raises with good hands, calls with fair ones, folds the rest.

    A hand's strength is its category's place in ``pots.CATEGORIES`` (pair = 1); three of a
    kind or better raises, a pair calls, less checks or folds. At the draw it keeps the cards
    of its pairs; at a high-low declaration it goes high with a pair or better, else low.
    Where the lowest hand wins (``view.win``: lowball, deuce to seven) it judges its low hand
    instead (:func:`low_strength`) and draws to low cards.
    """

    def __init__(self, judge: CardJudge) -> None:
        self.judge = judge

    def choose(self, view: PokerView, legal: Sequence[A], rng: random.Random) -> A:
        """The action for ``view`` (a :class:`PokerView`) among ``legal``."""
        cards = [*view.down, *view.up[view.seat]]
        low_game = view.win in LOW_KEEP
        ace_low = view.win == "low"
        if low_game:
            strength = low_strength(cards, ace_low=ace_low)
        else:
            category = self.judge.category(cards) if cards else "high card"
            strength = CATEGORIES.index(category) if category in CATEGORIES else 0
        if any(isinstance(action, Discard) for action in legal):
            if low_game:
                return _discard_low(view, legal, ace_low=ace_low)
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


LOW_KEEP = {"low": 8, "deuce-to-seven": 7}
"""The highest card a low hand keeps at the draw: eights at lowball, sevens at deuce to seven."""


def _low_rank(card: Card, *, ace_low: bool) -> int:
    """A card's place in a low hand: the ace 1 where it is low."""
    return 1 if ace_low and card.rank == Rank.ACE else int(card.rank)


def low_strength(cards: Sequence[Card], *, ace_low: bool) -> int:
    """A low hand's strength on the scale of ``pots.CATEGORIES`` (0 weak, 1 fair, 4 strong).

    The five lowest different ranks decide (a joker fills the lowest rank missing): no five
    different ranks is weak, a seven or lower at the top strong, a nine or lower fair.

    >>> from cardtable.cards import parse_cards
    >>> low_strength(parse_cards("A♠ 2♦ 4♣ 6♥ 7♠"), ace_low=True)
    4
    >>> low_strength(parse_cards("A♠ 2♦ 4♣ 6♥ 7♠"), ace_low=False)
    0
    >>> low_strength(parse_cards("2♠ 2♦ 4♣ 6♥ 7♠"), ace_low=True)
    0
    """
    ranks = {_low_rank(card, ace_low=ace_low) for card in cards if not card.is_joker}
    for _ in range(sum(card.is_joker for card in cards)):
        ranks.add(min(set(range(1 if ace_low else 2, 15)) - ranks))
    if len(ranks) < 5:
        return 0
    top = sorted(ranks)[4]
    return 4 if top <= 7 else 1 if top <= 9 else 0


def _discard_low(view: PokerView, legal: Sequence[A], *, ace_low: bool) -> A:
    """A low game's draw: throw the high cards and the second of a pair, highest first.

    A joker is always kept; the ace goes at deuce to seven, where it is only high.
    """
    keep_to = LOW_KEEP.get(view.win, 8)
    kept: set[int] = set()
    throw = []
    natural = [card for card in view.down if not card.is_joker]
    for card in sorted(natural, key=lambda card: _low_rank(card, ace_low=ace_low)):
        rank = _low_rank(card, ace_low=ace_low)
        if rank > keep_to or rank in kept:
            throw.append(card)
        kept.add(rank)
    throw.sort(key=lambda card: _low_rank(card, ace_low=ace_low), reverse=True)
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

    def choose(self, view: PokerView, legal: Sequence[A], rng: random.Random) -> A:
        """The action for ``view`` (a :class:`PokerView`) among ``legal``."""
        if self.fallback is not None:
            return self.fallback.choose(view, legal, rng)
        if view.win != self.spec.win:
            # The deal changed how it is won (a jacks deal nobody opened, played as lowball).
            return StrengthBot(self.judge).choose(view, legal, rng)
        if any(isinstance(action, Discard) for action in legal):
            if self.spec.win == "deuce-to-seven":
                return _discard_low(view, legal, ace_low=False)
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
        opponents = [seat for seat in view.in_hand if seat != view.seat]
        if not opponents:
            return 1.0
        known = [[*view.down, *view.up[view.seat]], *(list(view.up[seat]) for seat in opponents)]

        def wanted(own: int, board: int) -> int:
            return sum(max(own - len(cards), 0) for cards in known) + board - len(view.board)

        board_total = max(self.spec.board_size(), len(view.board))
        own_total = self.spec.cards_each() - (board_total - self.spec.board_size())
        # Eight at seven-card stud need more cards than the deck holds: as at the table, the
        # last card is then one shared in the centre.
        while own_total > len(known[0]) and wanted(own_total, board_total) > len(unseen):
            own_total -= 1
            board_total += 1
        if wanted(own_total, board_total) > len(unseen):
            return 1 / (1 + len(opponents))
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

    def _complete(self, cards: list[Card], total: int, pool: Iterator[Card]) -> list[Card]:
        return cards + [next(pool) for _ in range(max(total - len(cards), 0))]

    def _value(self, cards: list[Card]) -> int:
        if self.spec.win == "deuce-to-seven":
            return -self.showdown.high(cards)
        return self.showdown.high(cards)
