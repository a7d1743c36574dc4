"""Openers: the least hand that may open a deal played "jacks or better", and the progression.

From 002_053e85955f9a4108.txt, "Прогрессивная система приема начальной ставки".

>>> from cardtable.cards import cards_text
>>> cards_text(opening_pair(Rank.JACK))
'J♣ J♦ 4♥ 3♠ 2♣'
"""

from __future__ import annotations

from cardtable.cards import Card, Rank, Suit

PROGRESSION = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.KING, Rank.QUEEN)
"""The progressive openers after deals nobody opened: jacks, queens, kings, aces, kings,
queens, and back to jacks ("Прогрессивная система приема начальной ставки")."""


PAIR_NAMES = {Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings", Rank.ACE: "aces"}
"""How players name the opening pairs."""


def opening_pair(rank: Rank) -> tuple[Card, ...]:
    """The least hand that opens at ``rank``: a pair of that rank with 4, 3, 2.

    Any judge ranks every qualifying hand at least as high, so no evaluator needs to know
    about openers.
    """
    others = [r for r in (Rank.FOUR, Rank.THREE, Rank.TWO, Rank.FIVE) if r != rank][:3]
    suits = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS)
    ranks = (rank, rank, *others)
    return tuple(Card(r, suit) for r, suit in zip(ranks, suits, strict=True))
