"""Trick play as pure functions: following suit and who wins a trick (rules 35–36).

There are no trumps: the highest card of the suit led takes the trick.

>>> from cardtable.cards import parse_cards
>>> trick_winner(parse_cards("10♥ A♠ 9♥"))
0
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card


def playable(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """The cards ``hand`` may play to ``trick``: the suit led if held, else any (rule 35)."""
    if not trick:
        return list(hand)
    led = [card for card in hand if card.suit == trick[0].suit]
    return led or list(hand)


def trick_winner(trick: Sequence[Card]) -> int:
    """The position in ``trick`` of the highest card of the suit led."""
    led = trick[0].suit
    return max(range(len(trick)), key=lambda i: (trick[i].suit == led, int(trick[i].rank)))
