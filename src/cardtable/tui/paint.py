"""Cards drawn as players see them: coloured by suit, and every card drawn is remembered.

Every card that reaches the screen passes through :class:`Painter`, so a test can check
that a frame named no card its seat was not shown (docs/architecture.md, hiding).

>>> from cardtable.cards import parse_cards
>>> painter = Painter()
>>> painter.cards(parse_cards("10♥ A♠")).plain
'10♥ A♠'
>>> sorted(card.text() for card in painter.drawn)
['10♥', 'A♠']
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from cardtable.cards import Card, Suit

RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})
RED_STYLE = "bold red on grey93"
BLACK_STYLE = "bold black on grey93"


class Painter:
    """Turns cards into styled text and keeps the set of cards it drew for one frame."""

    def __init__(self) -> None:
        self.drawn: set[Card] = set()

    def card(self, card: Card) -> Text:
        """One card, red or black on a light face."""
        self.drawn.add(card)
        return Text(card.text(), style=RED_STYLE if card.suit in RED else BLACK_STYLE)

    def cards(self, cards: Iterable[Card], gap: str = " ") -> Text:
        """Several cards separated by ``gap``; a dash when there are none."""
        listed = list(cards)
        if not listed:
            return Text("—", style="dim")
        return Text(gap).join(self.card(card) for card in listed)

    def grouped(self, cards: Iterable[Card]) -> Text:
        """A hand as it is held: runs of one suit together, a wider gap between suits."""
        text = Text()
        previous: Suit | None = None
        for number, card in enumerate(cards):
            if number:
                text.append("   " if card.suit != previous else " ")
            text.append_text(self.card(card))
            previous = card.suit
        return text if text.plain else Text("—", style="dim")
