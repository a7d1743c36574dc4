"""Hands named as players say them: "a full house, kings over sevens", "an eight-six low"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from cardtable.cards import Card, Rank
from cardtable.poker.hands.categories import ACE, JOKER_RANK, C, Category, Evaluation

_RANK_WORDS = {
    2: ("deuce", "deuces"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
    JOKER_RANK: ("joker", "jokers"),
}


def _one(rank: int) -> str:
    return _RANK_WORDS[rank][0]


def _many(rank: int) -> str:
    return _RANK_WORDS[rank][1]


def played_cards(hand: Evaluation) -> tuple[Card, ...]:
    """The cards ``hand`` plays as: each wild card replaced by the card it stands for."""
    stands = dict(hand.wild)
    return tuple(stands.get(card, card) for card in hand.cards)


def low_text(cards: Iterable[Card]) -> str:
    """Cards read as a low hand, highest first and the ace lowest: ``8-6-4-3-2``, ``5-4-3-2-A``.

    >>> from cardtable.cards import parse_cards
    >>> low_text(parse_cards("A♠ 2♦ 3♣ 4♥ 5♠"))
    '5-4-3-2-A'
    """
    ranks = sorted((card.rank for card in cards), key=lambda r: 1 if r == ACE else int(r))
    return "-".join(Rank(rank).text() for rank in reversed(ranks))


def spoken(hand: Evaluation, *, ace_high_only: bool = False) -> str:
    """The hand as players say it at the showdown, with what each wild card stands for.

    ``ace_high_only`` reads a deuce-to-seven hand: an unpaired hand is named by its cards
    (``7-5-4-3-2``), the ace then highest.

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.poker.hands import evaluate, evaluate_low
    >>> from cardtable.poker.rules import HandRules
    >>> spoken(evaluate(parse_cards("K♠ K♦ K♣ 7♥ 7♠ 2♦ 3♣")))
    'full house, kings over sevens'
    >>> spoken(evaluate(parse_cards("J♠ J♦ 4♣ 4♥ 9♠")))
    'two pair, jacks and fours'
    >>> spoken(evaluate(parse_cards("Jo A♠ 2♦ 3♣ 4♥"), HandRules(wild=("jokers",))))
    'straight, five high (Jo as 5♣)'
    >>> spoken(evaluate_low(parse_cards("8♠ 6♦ 4♣ 3♥ 2♠"), HandRules(low="lowball")))
    '8-6-4-3-2 low'
    """
    played = played_cards(hand)
    if hand.category is C.LOW:
        text = f"{low_text(played)} low"
    else:
        ranks = [int(card.rank) for card in _deciding(hand.category, played)]
        text = hand_words(hand.category, ranks, ace_high_only=ace_high_only)
    if hand.wild:
        text += " (" + ", ".join(f"{w.text()} as {s.text()}" for w, s in hand.wild) + ")"
    return text


def _deciding(category: Category, played: Sequence[Card]) -> Sequence[Card]:
    """The cards a hand is named by: a four flush by its four suited cards."""
    if category is not C.FOUR_FLUSH:
        return played
    suit = Counter(card.suit for card in played).most_common(1)[0][0]
    return [card for card in played if card.suit == suit]


def hand_words(category: Category, ranks: Sequence[int], *, ace_high_only: bool = False) -> str:
    """A high hand of ``category`` with these ranks (2 to 14) in words, as :func:`spoken`.

    >>> hand_words(Category.FULL_HOUSE, [7, 13, 7, 13, 13])
    'full house, kings over sevens'

    A high card is named by its highest card, or, with ``ace_high_only`` (a deuce-to-seven
    hand, as :func:`spoken` reads it), by all its cards:

    >>> hand_words(Category.HIGH_CARD, [14, 11, 7, 4, 2])
    'ace high'
    >>> hand_words(Category.HIGH_CARD, [14, 11, 7, 4, 2], ace_high_only=True)
    'A-J-7-4-2'
    """
    counts = Counter(ranks)
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    top = max(ranks)
    if category in (C.STRAIGHT, C.STRAIGHT_FLUSH) and ACE in ranks and 13 not in ranks:
        top = max(r for r in ranks if r != ACE)
    template = _WORDS[category]
    if ace_high_only and category is C.HIGH_CARD:
        template = "{cards}"
    return template.format(
        first=_many(grouped[0]),
        second=_many(grouped[1 % len(grouped)]),
        last=_many(grouped[-1]),
        top=_one(top),
        cards="-".join(Rank(r).text() for r in sorted(ranks, reverse=True)),
    )


_WORDS = {
    C.FIVE_OF_A_KIND: "five of a kind, {first}",
    C.ROYAL_FLUSH: "royal flush",
    C.STRAIGHT_FLUSH: "straight flush, {top} high",
    C.FOUR_OF_A_KIND: "four of a kind, {first}",
    C.FULL_HOUSE: "full house, {first} over {last}",
    C.DOUBLE_ACE_FLUSH: "double-ace flush, {cards}",
    C.FLUSH: "flush, {top} high",
    C.STRAIGHT: "straight, {top} high",
    C.THREE_OF_A_KIND: "three of a kind, {first}",
    C.TWO_PAIR: "two pair, {first} and {second}",
    C.FOUR_FLUSH: "four flush, {top} high",
    C.ONE_PAIR: "pair of {first}",
    C.HIGH_CARD: "{top} high",
    C.BLAZE: "blaze",
}
"""How players say each kind of high hand; ``first`` is the rank of the biggest group."""
