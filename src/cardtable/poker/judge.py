"""The hand evaluator at the table: a :class:`CardJudge` built from a variant's hand rules.

High hands of five or more cards under the standard rules go through the compiled kernel
(:mod:`cardtable.poker.fast`); everything else (wild cards, wild cards fixed by the deal,
local hands, three- and two-card poker, low hands, a stud player's showing cards) through
the rule-by-rule evaluator (:mod:`cardtable.poker.hands`). Values are only compared with
values of the same judge and the same number of cards, so the two never meet.

>>> from cardtable.cards import parse_cards
>>> judge = HandJudge(HandRules())
>>> judge.category(parse_cards("A♠ K♠ Q♠ J♠ 10♠ 2♦ 2♣"))
'royal flush'
>>> judge.high(parse_cards("2♠ 2♦ 7♣ 8♥ 9♠")) > judge.high(parse_cards("A♠ K♦ 7♣ 8♥ 9♠"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Protocol, runtime_checkable

from cardtable.cards import Card, Rank, Suit, by_index
from cardtable.poker.actions import Side
from cardtable.poker.hands import (
    Category,
    Evaluation,
    HighLow,
    Reading,
    choose_readings,
    evaluate,
    evaluate_deuce_to_seven,
    evaluate_low,
    hand_words,
    high_low_readings,
    spoken,
)
from cardtable.poker.pots import Pot, award_high_low
from cardtable.poker.rules import HandRules, wild_cards
from cardtable.poker.variants import VariantSpec

NAMES = {
    Category.HIGH_CARD: "high card",
    Category.ONE_PAIR: "pair",
    Category.FOUR_FLUSH: "four flush",
    Category.TWO_PAIR: "two pairs",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.DOUBLE_ACE_FLUSH: "double-ace flush",
    Category.FULL_HOUSE: "full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "straight flush",
    Category.ROYAL_FLUSH: "royal flush",
    Category.FIVE_OF_A_KIND: "five of a kind",
    Category.BLAZE: "blaze",
    Category.LOW: "low",
}
"""The evaluator's categories by the table's names (``pots.CATEGORIES``)."""


class CardJudge(Protocol):
    """Judges any set of cards: the hand evaluator's side of the table.

    ``wild`` adds the wild cards the deal fixed for this player ("младшая забивная карта",
    the centre card of crisscross and the like).
    """

    def high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int:
        """The best high hand in ``cards`` (any number of them); bigger is better."""
        ...

    def low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int | None:
        """The best low hand in ``cards``, bigger is better; ``None`` if there is none."""
        ...

    def category(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        """The category of the best high hand in ``cards`` (one of ``pots.CATEGORIES``)."""
        ...


@dataclass(frozen=True, slots=True)
class Shown:
    """One way a player shows his hand for high-low.

    The values and, with wild cards, the hands themselves (each wild card one card in both).
    """

    high: int
    low: int | None
    hands: HighLow | None = None


def _low_or_least(low: int | None) -> float:
    return float("-inf") if low is None else low


@runtime_checkable
class ReadingJudge(Protocol):
    """A judge that knows every consistent way to show a hand for high and low."""

    def readings(self, pools: Sequence[Sequence[Card]], wild: Iterable[Card] = ()) -> list[Shown]:
        """The readings worth showing, the best high first (see :meth:`HandJudge.readings`)."""
        ...


@dataclass(frozen=True, slots=True)
class _Values:
    """A :class:`~cardtable.poker.pots.HandOrder` of fixed readings, for trying choices."""

    shown: Mapping[int, Reading]

    def high(self, seat: int) -> int:
        return self.shown[seat][0]

    def low(self, seat: int) -> int | None:
        return self.shown[seat][1]

    def category(self, seat: int) -> str:
        return "high card"


def choose_shown(
    readings: Mapping[int, Sequence[Shown]],
    order: Sequence[int],
    pots: Sequence[Pot],
    declarations: Mapping[int, Side] | None,
) -> dict[int, Shown]:
    """The reading each seat shows at a high-low showdown: the one that wins him most.

    Seats fix their wild cards in showing ``order``, each against the readings already
    shown and the best the others could still show on either half
    (:func:`~cardtable.poker.hands.choose_readings`), the chips counted as
    :func:`~cardtable.poker.pots.award_high_low` pays them out of ``pots``.
    """
    seats = sorted(readings)
    place = {seat: index for index, seat in enumerate(seats)}
    options = [[(r.high, r.low) for r in readings[seat]] for seat in seats]

    def payoff(trial: Sequence[Reading]) -> list[float]:
        won = [0.0] * len(seats)
        values = _Values({seat: trial[place[seat]] for seat in seats})
        for share in award_high_low(pots, values, order, declarations):
            won[place[share.seat]] += share.amount
        return won

    showing = [place[seat] for seat in order if seat in place]
    chosen = choose_readings(options, payoff, showing)
    return {seat: readings[seat][chosen[place[seat]]] for seat in seats}


@runtime_checkable
class DescribingJudge(Protocol):
    """A judge that can also say a hand in words, as players do at the showdown."""

    def describe_high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        """The best high hand in ``cards`` in words ("full house, kings over sevens")."""
        ...

    def describe_low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str | None:
        """The best low hand in words ("8-6-4-3-2 low"); ``None`` if there is none."""
        ...


class HandJudge:
    """A :class:`CardJudge` for ``rules``; ``qualifier`` is the highest card a low may hold.

    A low hand with a pair or a card above the qualifier (ace counts 1) does not qualify
    (eight or better); ``0`` lets any low hand play.
    """

    def __init__(self, rules: HandRules, qualifier: int = 0) -> None:
        from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numba loads lazily

        self.rules = rules
        self.qualifier = qualifier
        self.kernel = kernel_supports(rules)

    def _fast(self) -> Callable[[Sequence[Card]], int]:
        return _kernel_value(self.rules.stripped)

    def high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int:
        """The best high hand's value."""
        extra = frozenset(wild)
        if not extra and len(cards) < 5:
            return _showing_high(self.rules, tuple(sorted(cards, key=by_index)))
        if self.kernel and not extra:
            return self._fast()(cards)
        return evaluate(cards, self.rules, wild=extra).value

    def low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int | None:
        """The best low hand's value, or ``None`` without low rules or a qualifying low."""
        if self.rules.low == "none":
            return None
        return self._qualified(evaluate_low(cards, self.rules, wild=wild))

    def _qualified(self, found: Evaluation) -> int | None:
        if self.qualifier:
            ranks = [1 if stands.rank == Rank.ACE else int(stands.rank) for stands in _as(found)]
            if len(set(ranks)) < len(ranks) or max(ranks) > self.qualifier:
                return None
        return found.value

    def readings(self, pools: Sequence[Sequence[Card]], wild: Iterable[Card] = ()) -> list[Shown]:
        """The ways worth showing a hand made of one of ``pools`` for high and low at once.

        Without wild cards there is one: the best high and the best low. With them, each
        wild card stands for one card in both halves (:func:`~cardtable.poker.hands.
        high_low_readings`), and the readings run from the best high to the best low.
        """
        extra = frozenset(wild)
        wilds = wild_cards(self.rules) | extra
        if not any(card in wilds for pool in pools for card in pool):
            lows = [low for pool in pools if (low := self.low(pool, extra)) is not None]
            high = max(self.high(pool, extra) for pool in pools)
            return [Shown(high, max(lows) if lows else None)]
        shown: list[Shown] = []
        for reading in high_low_readings(pools, self.rules, wild=extra):
            low = self._qualified(reading.low)
            if not shown or _low_or_least(low) > _low_or_least(shown[-1].low):
                shown.append(Shown(reading.high.value, low, reading))
        return shown

    def category(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        """The best high hand's category, by the table's names."""
        extra = frozenset(wild)
        if self.kernel and not extra and len(cards) >= 5:
            return _kernel_category(self.rules.stripped, self._fast()(cards))
        return NAMES[evaluate(cards, self.rules, wild=extra).category]

    def describe_high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        """The best high hand in words, with what each wild card stands for."""
        extra = frozenset(wild)
        if self.kernel and not extra and len(cards) >= 5:
            return _kernel_words(self.rules, self._fast()(cards))
        return spoken(evaluate(cards, self.rules, wild=extra))

    def describe_low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str | None:
        """The best low hand in words, or ``None`` without a (qualifying) low."""
        if self.low(cards, wild) is None:
            return None
        return spoken(evaluate_low(cards, self.rules, wild=wild))


def _as(found: Evaluation) -> list[Card]:
    """The cards a low hand plays as, wild cards replaced by what they stand for."""
    stands = dict(found.wild)
    return [stands.get(card, card) for card in found.cards]


@lru_cache(maxsize=1 << 15)
def _showing_high(rules: HandRules, cards: tuple[Card, ...]) -> int:
    """The high value of fewer cards than a hand (a stud player's showing), kept once found.

    Stud asks it of every player's up cards at every round; they are few enough to keep.
    """
    return evaluate(cards, rules).value


@lru_cache(maxsize=8)
def _kernel_value(stripped: tuple[int, ...]) -> Callable[[Sequence[Card]], int]:
    from cardtable.poker import fast  # noqa: PLC0415 - numba loads lazily

    if not stripped:
        value = fast.standard_value()
        return lambda cards: int(value(fast.card_mask(cards)))
    rules = HandRules(stripped=stripped)
    return lambda cards: fast.hand_value(cards, rules)


@lru_cache(maxsize=8)
def _royal(stripped: tuple[int, ...]) -> int:
    royal = [Card(Rank(rank), Suit.SPADES) for rank in (14, 13, 12, 11, 10)]
    return _kernel_value(stripped)(royal)


def _kernel_category(stripped: tuple[int, ...], value: int) -> str:
    from cardtable.poker.fast import kernel_category  # noqa: PLC0415 - numba loads lazily

    if value == _royal(stripped):
        return "royal flush"
    return NAMES[kernel_category(value)]


@lru_cache(maxsize=8192)
def _kernel_words(rules: HandRules, value: int) -> str:
    """A kernel value in words, without evaluating the hand again.

    The value is ``category << 26 | primary << 13 | kickers`` (rank masks); a straight's
    low bits are 1 + the index of its lowest card among the ranks, the ace first.
    """
    from cardtable.poker.fast import kernel_category  # noqa: PLC0415 - numba loads lazily

    category = kernel_category(value)
    primary, kickers = _bits(value >> 13), _bits(value)
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        sequence = (14, *(int(rank) for rank in rules.ranks))
        ranks = list(sequence[(value & 0x1FFF) - 1 :][:5])
        if value == _royal(rules.stripped):
            category = Category.ROYAL_FLUSH
    else:
        counts = {
            Category.ONE_PAIR: 2,
            Category.TWO_PAIR: 2,
            Category.THREE_OF_A_KIND: 3,
            Category.FULL_HOUSE: 3,
            Category.FOUR_OF_A_KIND: 4,
        }
        times = counts.get(category, 1)
        ranks = [rank for rank in primary for _ in range(times)] + kickers
        if category is Category.FULL_HOUSE:
            ranks = [*ranks[:3], kickers[0], kickers[0]]
    return hand_words(category, ranks)


def _bits(value: int) -> list[int]:
    """The ranks of a 13-bit rank mask (bit rank − 2), highest first."""
    return [bit + 2 for bit in range(12, -1, -1) if value >> bit & 1]


WHEEL = frozenset({Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE})
"""A-5-4-3-2: a straight in high poker, ace-high nothing in deuce to seven."""


class AceHighOnly:
    """The judge for deuce to seven, where the ace is only high and the lowest five play.

    A-5-4-3-2 is no straight there but an ace-high hand (a flush if suited). Without wild
    cards the kernel values every five of the cards (the lowest counts); kernel values put
    the category above bit 26 and, for five unpaired cards, the rank mask (bit rank − 2)
    below it. With wild cards, or rules the kernel lacks, the rule-by-rule evaluator's
    :func:`~cardtable.poker.hands.evaluate_deuce_to_seven` ranks the hand. ``high`` stays a
    high-hand value (the worst wins), as the table's deuce-to-seven order expects.

    >>> from cardtable.cards import parse_cards
    >>> judge = AceHighOnly(HandJudge(HandRules()))
    >>> judge.category(parse_cards("A♠ 5♦ 4♣ 3♥ 2♠"))
    'high card'
    >>> judge.high(parse_cards("A♠ 5♦ 4♣ 3♥ 2♠")) > judge.high(parse_cards("K♠ Q♦ J♣ 9♥ 8♠"))
    True
    """

    def __init__(self, judge: HandJudge) -> None:
        self.judge = judge

    def _kernel_five(self, cards: Sequence[Card]) -> int:
        if {card.rank for card in cards} == WHEEL:
            flush = len({card.suit for card in cards}) == 1
            mask = sum(1 << (int(rank) - 2) for rank in WHEEL)
            return (5 << 26 if flush else 0) | mask
        return self.judge.high(cards)

    def _lowest_five(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        return min(combinations(cards, 5), key=self._kernel_five)

    def _kernel(self, cards: Sequence[Card], wild: Iterable[Card]) -> bool:
        return self.judge.kernel and not frozenset(wild) and len(cards) >= 5

    def high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int:
        """The value of the lowest five as a high hand, the wheel counted as ace-high."""
        if self._kernel(cards, wild):
            return self._kernel_five(self._lowest_five(cards))
        return -evaluate_deuce_to_seven(cards, self.judge.rules, wild=wild).value

    def low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int | None:
        """The low hand, as the wrapped judge ranks it."""
        return self.judge.low(cards, wild)

    def category(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        """The category of the lowest five, the wheel counted as high card (or a flush)."""
        if self._kernel(cards, wild):
            five = self._lowest_five(cards)
            if {card.rank for card in five} == WHEEL:
                return "flush" if len({card.suit for card in five}) == 1 else "high card"
            return self.judge.category(five)
        return NAMES[evaluate_deuce_to_seven(cards, self.judge.rules, wild=wild).category]

    def describe_high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        """The lowest five in words: ``7-5-4-3-2``, ``pair of deuces``."""
        found = evaluate_deuce_to_seven(cards, self.judge.rules, wild=wild)
        return spoken(found, ace_high_only=True)

    def describe_low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str | None:
        """The low hand in words, as the wrapped judge says it."""
        return self.judge.describe_low(cards, wild)


def showdown_judge(judge: CardJudge, win: str) -> CardJudge:
    """The judge the showdown of a variant that wins by ``win`` ranks hands with.

    That is ``judge`` itself, except for deuce to seven, where the ace is only high and the
    lowest five of the cards play (:class:`AceHighOnly`). The table and its bots both use
    it, so that a bot never values a hand otherwise than the showdown will.
    """
    if win == "deuce-to-seven" and isinstance(judge, HandJudge):
        return AceHighOnly(judge)
    return judge


def hand_pools(spec: VariantSpec, own: Sequence[Card], board: Sequence[Card]) -> list[list[Card]]:
    """The sets of cards a final hand may be made from, as ``spec`` says.

    All of a player's cards and the board; or his cards and one line of the board
    (crisscross); or exactly ``hole_exactly`` of his and ``board_exactly`` of the board
    (Omaha: two and three).

    >>> from cardtable.cards import parse_cards
    >>> omaha = VariantSpec(hole_exactly=2, board_exactly=3)
    >>> len(hand_pools(omaha, parse_cards("A♥ K♥ Q♥ J♥"), parse_cards("2♥ 3♥ 9♣ 8♦ 4♠")))
    60
    """
    own = list(own)
    board = list(board)
    if spec.board_lines:
        return [own + [board[place] for place in line] for line in spec.board_lines]
    if not (spec.hole_exactly or spec.board_exactly) or not board:
        return [own + board]
    size = spec.hands.hand_size
    hole_size = spec.hole_exactly or len(own)
    board_take = spec.board_exactly or size - hole_size
    return [
        list(hole) + list(shared)
        for hole in combinations(own, min(hole_size, len(own)))
        for shared in combinations(board, min(board_take, len(board)))
    ]
