"""Moves made of a set of cards, as structure: what to choose from and how many.

A preferans discard is 2 of 12 cards (66 moves), a piquet exchange 3 to 5 of 12 (1,508), a
poker draw up to 5 of 5. Listing every such set is a poor way to offer it: a player picks the
cards one by one. So a deal also offers each such move as a :class:`CardChoice` — the move's
verb, the cards it is chosen from and the numbers of cards allowed — and a client builds the
move card by card. The move built is the verb followed by the cards
(:meth:`CardChoice.text`), which the game reads and validates whole like any typed move.

The legal list still holds every move; :func:`outside_choices` gives the moves no choice
builds, which a client shows as they are.

>>> from cardtable.cards import parse_cards
>>> discard = CardChoice("discard", tuple(parse_cards("7♠ 8♠ 9♠")), (2,), "two cards")
>>> discard.text(parse_cards("9♠ 7♠"))
'discard 7♠ 9♠'
>>> discard.builds("discard 9♠ 8♠"), discard.builds("discard 7♠"), discard.builds("play 7♠")
(True, False, False)
>>> outside_choices(["discard 7♠ 8♠", "pass"], [discard])
['pass']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from cardtable.cards import Card
from cardtable.errors import IllegalAction


@dataclass(frozen=True)
class CardChoice:
    """One move made of a set of cards: ``verb`` and ``counts`` of the ``cards`` offered.

    ``cards`` are in the order the game writes them, so that :meth:`text` gives the move's
    canonical text; ``counts`` are the numbers of cards allowed, ascending (a piquet dealer
    may exchange 3 or 5, not 4); ``note`` says in words what the rules ask, with the clause.
    """

    verb: str
    cards: tuple[Card, ...]
    counts: tuple[int, ...]
    note: str

    @property
    def least(self) -> int:
        """The fewest cards the move may name."""
        return self.counts[0]

    @property
    def most(self) -> int:
        """The most cards the move may name."""
        return self.counts[-1]

    def why_not(self, chosen: Sequence[Card]) -> str | None:
        """Why ``chosen`` is not a set this choice allows (a card not offered, a wrong count)."""
        if len(set(chosen)) != len(chosen):
            return "a card is chosen twice"
        strangers = [card for card in chosen if card not in self.cards]
        if strangers:
            return f"{strangers[0]} is not one of the cards to {self.verb}"
        if len(chosen) not in self.counts:
            allowed = " or ".join(str(count) for count in self.counts)
            return f"{self.verb} {allowed} cards, not {len(chosen)}"
        return None

    def text(self, chosen: Iterable[Card]) -> str:
        """The move of the ``chosen`` cards: the verb and the cards in the choice's order.

        Raises :class:`~cardtable.errors.IllegalAction` when the set is not one it allows.
        """
        picked = set(chosen)
        ordered = [card for card in self.cards if card in picked]
        reason = self.why_not(ordered if len(ordered) == len(picked) else list(picked))
        if reason is not None:
            raise IllegalAction(reason)
        return " ".join([self.verb, *(card.text() for card in ordered)])

    @cached_property
    def _by_text(self) -> dict[str, Card]:
        return {card.text(): card for card in self.cards}

    def builds(self, move: str) -> bool:
        """Whether the move text ``move`` is one this choice builds (its cards in any order).

        The cards are read as :meth:`text` writes them (``10♥``, not ``Th``): this sorts a
        legal list, whose texts are canonical, and a piquet exchange's 1,507 of them quickly.
        """
        verb, _, rest = move.partition(" ")
        if verb != self.verb or not rest:
            return False
        words = rest.split()
        if len(words) not in self.counts or len(set(words)) != len(words):
            return False
        return all(word in self._by_text for word in words)


def outside_choices(moves: Iterable[str], choices: Sequence[CardChoice]) -> list[str]:
    """The move texts of ``moves`` that none of ``choices`` builds, in their order."""
    return [move for move in moves if not any(choice.builds(move) for choice in choices)]
