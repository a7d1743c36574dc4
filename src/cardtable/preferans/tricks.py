"""Tricks: which cards may follow (rules 31–32) and who takes a trick.

Ranks go 7 8 9 10 J Q K A (rule 2), suits ♠ ♣ ♦ ♥ (rule 3).

>>> from cardtable.cards import parse_cards
>>> winner_index(parse_cards("K♥ A♥ 7♠"), trump=None)
1
>>> winner_index(parse_cards("K♥ A♥ 7♠"), trump=parse_cards("7♠")[0].suit)
2
>>> [str(c) for c in following(parse_cards("A♠ 7♥ 8♣"), led=parse_cards("K♦")[0].suit, trump=None)]
['A♠', '7♥', '8♣']
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card, DeckSpec, Suit
from cardtable.preferans.contracts import Strain

DECK: tuple[Card, ...] = DeckSpec.named("32").cards()
"""The 32-card preferans deck (rule 1), in the engine's fixed order."""


def card_order(card: Card) -> tuple[int, int]:
    """Sort key: suits ♠ ♣ ♦ ♥, then ranks upwards, as players arrange a hand."""
    order = _ORDERS.get(card.bit)
    if order is None:
        assert card.suit is not None
        order = int(Strain.of_suit(card.suit)), int(card.rank)
    return order


_ORDERS: dict[int, tuple[int, int]] = {}
_ORDERS.update((card.bit, card_order(card)) for card in DeckSpec.named("52").cards())
"""Each card's sort key by its bit: every view sorts the hands it shows."""


def sorted_cards(cards: Sequence[Card] | frozenset[Card]) -> tuple[Card, ...]:
    """``cards`` arranged by suit (♠ ♣ ♦ ♥) and rank."""
    return tuple(sorted(cards, key=card_order))


def following(hand: Sequence[Card], led: Suit | None, trump: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick led in ``led`` (rules 31–32).

    Follow suit; without it, trump; without trumps either, any card. Nothing led: any card.
    """
    if led is None:
        return list(hand)
    same = [card for card in hand if card.suit == led]
    if same:
        return same
    if trump is not None:
        trumps = [card for card in hand if card.suit == trump]
        if trumps:
            return trumps
    return list(hand)


def winner_index(cards: Sequence[Card], trump: Suit | None, led: Suit | None = None) -> int:
    """The position in ``cards`` of the card that takes the trick.

    The highest trump, else the highest card of the suit led (``led`` defaults to the suit of
    the first card; an all-pass trick led by a talon card passes that card's suit).
    """
    suit = cards[0].suit if led is None else led

    def strength(card: Card) -> tuple[int, int]:
        if trump is not None and card.suit == trump:
            return 2, int(card.rank)
        if card.suit == suit:
            return 1, int(card.rank)
        return 0, 0

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return best
