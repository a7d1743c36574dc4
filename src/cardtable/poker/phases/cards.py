"""The cards of one deal: each seat's down and up cards, the board, the stock and the discards.

The state every phase shares. "Нижняя карта колоды не используется. Если требуются
дополнительные карты, нижняя карта и карты сноса тасуются вместе" (досдача,
002_053e85955f9a4108.txt): the stock's bottom card is never dealt, and when only it is left
it is shuffled with the discards and the folded hands, by the deal's seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.cards import Card
from cardtable.engine.deal import Event, public_event
from cardtable.errors import IllegalAction


@dataclass
class SeatCards:
    """One seat's cards: face down and face up."""

    down: list[Card] = field(default_factory=list)
    up: list[Card] = field(default_factory=list)

    @property
    def cards(self) -> list[Card]:
        """All the seat's cards, the down ones first."""
        return [*self.down, *self.up]


@dataclass
class TableCards:
    """Where every card of the deal is."""

    hands: list[SeatCards]
    stock: list[Card]
    seed: int
    """The deal's recorded seed, of the chance inside it (the reshuffle)."""
    board: list[Card] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)
    """The board's places turned up, in the order they were."""
    discards: list[Card] = field(default_factory=list)
    set_aside: list[Card] = field(default_factory=list)
    """The opener's discards, kept out of a reshuffle for the proof of his openers."""
    reshuffles: int = 0
    """How many times the bottom card has been shuffled with the discards."""
    _rng: random.Random | None = field(default=None, repr=False, compare=False)

    @property
    def rng(self) -> random.Random:
        """The generator of the chance inside the deal, made from the seed when first asked.

        Seeding a generator costs more than dealing a hand, and few deals ever reshuffle.
        """
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def take(self, count: int, folded: Sequence[bool]) -> list[Card]:
        """Deal ``count`` cards from the top of the stock, never its bottom card.

        When only the bottom card is left it is shuffled with the discards and the hands of
        the ``folded`` seats, and dealing goes on from the new stock, whose bottom card
        again stays.
        """
        taken: list[Card] = []
        for _ in range(count):
            if len(self.stock) <= 1:
                self.reshuffle(folded)
            if len(self.stock) <= 1:
                raise IllegalAction("the deck has run out of cards")
            taken.append(self.stock.pop(0))
        return taken

    def reshuffle(self, folded: Sequence[bool]) -> None:
        """Shuffle the bottom card with the discards and the folded hands: the new stock."""
        pool = self.stock + self.discards
        for seat, out in enumerate(folded):
            if out:
                pool += self.hands[seat].cards
                self.hands[seat] = SeatCards()
        self.rng.shuffle(pool)
        self.stock, self.discards = pool, []
        self.reshuffles += 1

    def cards_left(self, folded: Sequence[bool]) -> int:
        """The cards still to be dealt: the stock, the discards and the folded hands, less one."""
        out = sum(len(self.hands[seat].cards) for seat, gone in enumerate(folded) if gone)
        return max(len(self.stock) + len(self.discards) + out - 1, 0)

    def hidden(self) -> list[int]:
        """The board's places still face down."""
        return [place for place in range(len(self.board)) if place not in self.revealed]

    def shown_board(self) -> list[Card]:
        """The board cards turned up, in the order they were."""
        return [self.board[place] for place in self.revealed]

    def reshuffle_news(self, before: int) -> list[Event]:
        """Tell the table the discards were shuffled in, if they were since ``before``."""
        if self.reshuffles == before:
            return []
        text = "the dealer shuffles the bottom card with the discards and deals on"
        return [public_event("reshuffle", None, text, key="reshuffle")]
