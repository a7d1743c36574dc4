"""The kinds of poker hand, their order under the rules in force, and the value of five cards.

A hand is scored from its cards as (rank, suit) pips; the order of the categories follows
:class:`~cardtable.poker.rules.HandRules` (five of a kind, double-ace flush, four flush,
blaze; three- and two-card hands).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from cardtable.cards import Card, Rank, Suit, cards_text
from cardtable.errors import CardtableError
from cardtable.poker.rules import HandRules, wild_cards

ACE = 14


JOKER_RANK = 15
"""A wild card showing in stud outranks the ace ("Джокер считается старше туза")."""


Pip = tuple[int, int | None]
"""A card as (rank, suit); an ace is 14, or 1 when it plays low; suit None for a bare rank."""


class HandError(CardtableError):
    """A hand that cannot be evaluated: too few cards, a card outside the deck."""


class Category(StrEnum):
    """The kinds of poker hand, named as in the JSON of ``cardtable poker``."""

    FIVE_OF_A_KIND = "five_of_a_kind"
    ROYAL_FLUSH = "royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    DOUBLE_ACE_FLUSH = "double_ace_flush"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    FOUR_FLUSH = "four_flush"
    ONE_PAIR = "one_pair"
    HIGH_CARD = "high_card"
    BLAZE = "blaze"
    LOW = "low"


C = Category


FIVE_ORDER = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.FOUR_FLUSH,
    C.TWO_PAIR,
    C.THREE_OF_A_KIND,
    C.STRAIGHT,
    C.FLUSH,
    C.DOUBLE_ACE_FLUSH,
    C.FULL_HOUSE,
    C.FOUR_OF_A_KIND,
    C.STRAIGHT_FLUSH,
    C.ROYAL_FLUSH,
    C.FIVE_OF_A_KIND,
)


_THREE_ORDER = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.STRAIGHT,
    C.FLUSH,
    C.STRAIGHT_FLUSH,
    C.THREE_OF_A_KIND,
)


_TWO_ORDER = (C.HIGH_CARD, C.ONE_PAIR)


def category_order(rules: HandRules) -> tuple[Category, ...]:
    """The categories these rules know, lowest first ("Покерные расклады", variants).

    >>> [c.value for c in category_order(HandRules(three_card=True))][-2:]
    ['straight_flush', 'three_of_a_kind']
    """
    if rules.three_card:
        return _THREE_ORDER
    if rules.two_card:
        return _TWO_ORDER
    order = [
        c
        for c in FIVE_ORDER
        if (c is not C.FOUR_FLUSH or rules.four_flush)
        and (c is not C.FIVE_OF_A_KIND or rules.five_of_a_kind)
        and (c is not C.DOUBLE_ACE_FLUSH or rules.double_ace_flush)
    ]
    if rules.blaze:
        place = Category(rules.blaze_above)
        if place not in order:
            order.insert(order.index(C.ONE_PAIR) + 1, place)
        order.insert(order.index(place) + 1, C.BLAZE)
    return tuple(order)


@dataclass(frozen=True, order=True, slots=True)
class Evaluation:
    """One hand's value (higher is better, a total order), category, cards and wild cards.

    ``cards`` are the cards used as the player holds them; ``wild`` pairs each wild card
    used with the card it stands for.
    """

    value: int
    category: Category = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)
    wild: tuple[tuple[Card, Card], ...] = field(compare=False, default=())

    def describe(self) -> str:
        """The hand in words: category, cards, and what each wild card stands for."""
        text = f"{self.category.value.replace('_', ' ')}: {cards_text(self.cards)}"
        if self.wild:
            text += " (" + ", ".join(f"{w.text()} as {s.text()}" for w, s in self.wild) + ")"
        return text


@dataclass(frozen=True, slots=True)
class RankTable:
    """What the scorer needs from the rules, computed once per rule set."""

    codes: dict[Category, int]
    straights: dict[frozenset[int], int]
    low_straights: dict[frozenset[int], int]
    ranks: tuple[int, ...]
    wild: frozenset[Card]
    size: int
    wheel: bool
    royal: int


@lru_cache(maxsize=64)
def rank_table(rules: HandRules, wheel: bool = True) -> RankTable:
    """The scorer's tables; without ``wheel`` the ace is only high (deuce to seven)."""
    order = category_order(rules)
    size = rules.hand_size
    ranks = tuple(int(r) for r in rules.ranks)
    sequence = (1, *ranks)
    straights: dict[frozenset[int], int] = {}
    low_straights: dict[frozenset[int], int] = {}
    if size >= 3:
        for index in range(len(sequence) - size + 1):
            window = sequence[index : index + size]
            if index or wheel:
                straights[frozenset(ACE if r == 1 else r for r in window)] = index
            if ACE not in window:
                low_straights[frozenset(window)] = index
    return RankTable(
        {c: i for i, c in enumerate(order)},
        straights,
        low_straights,
        ranks,
        wild_cards(rules),
        size,
        wheel,
        len(sequence) - size,
    )


def pack(code: int, order: Sequence[int], tail: int) -> int:
    """A category ``code`` and the ranks in ``order`` packed into one comparable value."""
    packed = code
    for position in range(5):
        packed = packed * 16 + (order[position] if position < len(order) else 0)
    return packed * 16 + tail


def grouped(ranks: Sequence[int]) -> tuple[list[int], list[int]]:
    """Counts largest first and ranks in comparing order (bigger groups, then higher ranks)."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return [c for _, c in groups], [r for r, c in groups for _ in range(c)]


def score(pips: Sequence[Pip], rules: HandRules, table: RankTable) -> tuple[Category, int]:
    """The category and packed value (without the wild-card count) of a hand.

    The cards may be real or substituted; the work is cached on what matters: the ranks, a
    flush, a four flush's ranks.
    """
    ranks = tuple(sorted((r for r, _ in pips), reverse=True))
    suits = [s for _, s in pips]
    full = len(pips) == table.size
    flush = full and table.size >= 3 and None not in suits and len(set(suits)) == 1
    suited: tuple[int, ...] = ()
    if rules.four_flush and len(pips) >= 4 and not flush:
        suit, count = Counter(suits).most_common(1)[0]
        if count >= 4 and suit is not None:
            suited = tuple(sorted((r for r, s in pips if s == suit), reverse=True))
    return _scored(ranks, flush, suited, full, rules, wheel=table.wheel)


@lru_cache(maxsize=1 << 16)
def _scored(
    ranks: tuple[int, ...],
    flush: bool,
    suited: tuple[int, ...],
    full: bool,
    rules: HandRules,
    *,
    wheel: bool,
) -> tuple[Category, int]:
    table = rank_table(rules, wheel)
    category, order = _categorise(ranks, flush=flush, suited=suited, full=full, table=table)
    code = table.codes.get(category, -1)
    return category, (pack(code, order, 0) if code >= 0 else -1)


def _categorise(
    ranks: tuple[int, ...], *, flush: bool, suited: tuple[int, ...], full: bool, table: RankTable
) -> tuple[Category, list[int]]:
    shape, order = grouped(ranks)
    window = table.straights.get(frozenset(ranks)) if full and len(shape) == table.size else None
    descending = list(ranks)
    if table.size == 2:
        return (C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD), order
    if table.size == 3:
        if shape[0] == 3:
            return C.THREE_OF_A_KIND, order
        if flush and window is not None:
            return C.STRAIGHT_FLUSH, [window]
        if flush:
            return C.FLUSH, descending
        if window is not None:
            return C.STRAIGHT, [window]
        return (C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD), order
    category, order = _score_five(
        shape,
        order,
        flush=flush,
        window=window,
        descending=descending,
        suited=suited,
        table=table,
    )
    court = full and all(r in (11, 12, 13) for r in ranks)
    if C.BLAZE in table.codes and court and table.codes[C.BLAZE] > table.codes[category]:
        return C.BLAZE, order
    return category, order


def _score_five(
    shape: list[int],
    order: list[int],
    *,
    flush: bool,
    window: int | None,
    descending: list[int],
    suited: tuple[int, ...],
    table: RankTable,
) -> tuple[Category, list[int]]:
    if shape[0] == 5:
        return C.FIVE_OF_A_KIND, order
    if flush and window is not None:
        return (C.ROYAL_FLUSH if window == table.royal else C.STRAIGHT_FLUSH), [window]
    if shape[0] == 4:
        return C.FOUR_OF_A_KIND, order
    if shape[:2] == [3, 2]:
        return C.FULL_HOUSE, order
    if flush:
        double = descending[1] == ACE and descending[2] != ACE
        return (C.DOUBLE_ACE_FLUSH if double else C.FLUSH), descending
    if window is not None:
        return C.STRAIGHT, [window]
    if shape[0] == 3:
        return C.THREE_OF_A_KIND, order
    if shape[:2] == [2, 2]:
        return C.TWO_PAIR, order
    if suited:
        rest = list(descending)
        for rank in suited:
            rest.remove(rank)
        return C.FOUR_FLUSH, list(suited) + rest
    return (C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD), order


def pips_of(cards: Iterable[Card]) -> list[Pip]:
    """The cards as (rank, suit) pips, a joker with no suit."""
    return [(int(c.rank), None if c.suit is None else int(c.suit)) for c in cards]


def card_of(pip: Pip, wild: Card) -> Card:
    """The card a wild card ``wild`` stands for as ``pip`` (itself where the pip has no suit)."""
    rank, suit = pip
    if rank == JOKER_RANK or suit is None:
        return wild
    return Card(Rank(ACE if rank == 1 else rank), Suit(suit))


def is_bobtail(cards: Sequence[Card], rules: HandRules | None = None) -> bool:
    """Whether ``cards`` hold a bobtail: a four flush or an open-ended four straight.

    Not A-K-Q-J nor 4-3-2-A; it may open the betting and is worth nothing at the showdown
    ("Валет или бобтейл").

    >>> from cardtable.cards import parse_cards
    >>> is_bobtail(parse_cards("9♠ 8♦ 7♣ 6♥ 2♦")), is_bobtail(parse_cards("A♠ K♦ Q♣ J♥ 2♦"))
    (True, False)
    """
    rules = rules or HandRules()
    natural = [c for c in cards if not c.is_joker]
    if max(Counter(c.suit for c in natural).values(), default=0) >= 4:
        return True
    present = {int(c.rank) for c in natural}
    ranks = [int(r) for r in rules.ranks]
    # Open at both ends: the ace ends A-K-Q-J and 4-3-2-A, so no window holds it.
    windows = [ranks[i : i + 4] for i in range(len(ranks) - 4)]
    return any(all(r in present for r in window) for window in windows)
