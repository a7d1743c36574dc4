"""The exchange with the talon as pure functions: who may take how many (rules 7–16).

For two, the talon is eight cards: five for the elder hand, three for the dealer. The elder
takes at least three of his five (or refuses), and what he leaves passes to the dealer, who
takes all he is entitled to or only three, the elder's leftovers among them (rule 9). For
three, the dealer alone has the two-card talon and takes both or none.

>>> from cardtable.piquet.rules import PiquetRules
>>> elder_counts(PiquetRules())
[3, 4, 5]
>>> dealer_counts(PiquetRules(), leftover=2)
[3, 5]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, pairwise
from math import comb
from typing import overload

from cardtable.cards import Card, by_index
from cardtable.piquet.actions import Discard, PiquetAction, Refuse
from cardtable.piquet.rules import PiquetRules

ELDER_TALON = 5
DEALER_TALON = 3
THREE_TALON = 2


def elder_counts(rules: PiquetRules) -> list[int]:
    """How many cards the elder hand may exchange (rule 9)."""
    return list(range(rules.elder_min_exchange, ELDER_TALON + 1))


def dealer_counts(rules: PiquetRules, leftover: int) -> list[int]:
    """How many the dealer may exchange when the elder left ``leftover`` cards (rule 9)."""
    available = leftover + DEALER_TALON
    if rules.dealer_takes == "any":
        return list(range(1, available + 1))
    return sorted({DEALER_TALON, available})


def three_counts(rules: PiquetRules) -> list[int]:
    """How many the dealer for three may exchange: both talon cards, or one if allowed."""
    return [THREE_TALON] if rules.three_talon_all_or_none else [1, THREE_TALON]


def exchanges(hand: Sequence[Card], counts: Sequence[int], may_refuse: bool) -> Exchanges:
    """Every discard of one of ``counts`` cards from ``hand``, and the refusal if allowed."""
    return Exchanges((Refuse(),) if may_refuse else (), hand, counts)


class Exchanges(Sequence[PiquetAction]):
    """Some moves (a refusal, takes), every discard of each of ``counts`` cards, some more moves.

    The discards come count by count, each count's in the order of
    :func:`itertools.combinations` over the hand sorted by card index; a discard is made only
    when it is asked for, since a hand of twelve has up to 1,508 of them and a bot picks one.

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.piquet.actions import action_text
    >>> offered = Exchanges((Refuse(),), parse_cards("7♠ 8♠ 9♠ 10♠"), [2, 3])
    >>> len(offered), action_text(offered[1]), action_text(offered[-1])
    (11, 'discard 7♠ 8♠', 'discard 8♠ 9♠ 10♠')
    >>> list(offered) == [offered[i] for i in range(len(offered))]
    True
    """

    def __init__(
        self,
        first: Sequence[PiquetAction],
        hand: Sequence[Card],
        counts: Sequence[int],
        last: Sequence[PiquetAction] = (),
    ) -> None:
        self._first = tuple(first)
        self._hand = tuple(sorted(hand, key=by_index))
        self._counts = tuple(counts)
        self._last = tuple(last)
        self._sizes = tuple(comb(len(self._hand), count) for count in self._counts)
        self._length = len(self._first) + sum(self._sizes) + len(self._last)

    def followed_by(self, more: Sequence[PiquetAction]) -> Exchanges:
        """These moves with ``more`` listed after them."""
        return Exchanges(self._first, self._hand, self._counts, (*self._last, *more))

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> PiquetAction: ...

    @overload
    def __getitem__(self, index: slice) -> list[PiquetAction]: ...

    def __getitem__(self, index: int | slice) -> PiquetAction | list[PiquetAction]:
        if isinstance(index, slice):
            return [self[number] for number in range(*index.indices(self._length))]
        number = index + self._length if index < 0 else index
        if not 0 <= number < self._length:
            raise IndexError("exchange index out of range")
        if number < len(self._first):
            return self._first[number]
        number -= len(self._first)
        for count, size in zip(self._counts, self._sizes, strict=True):
            if number < size:
                return Discard(_combination(self._hand, count, number))
            number -= size
        return self._last[number]

    def __iter__(self) -> Iterator[PiquetAction]:
        yield from self._first
        for count in self._counts:
            for cards in combinations(self._hand, count):
                yield Discard(cards)
        yield from self._last

    def __contains__(self, action: object) -> bool:
        if action in self._first or action in self._last:
            return True
        if not isinstance(action, Discard) or len(action.cards) not in self._counts:
            return False
        places = [self._hand.index(card) for card in action.cards if card in self._hand]
        return len(places) == len(action.cards) and all(
            first < second for first, second in pairwise(places)
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._length and all(
            mine == theirs for mine, theirs in zip(self, other, strict=True)
        )

    __hash__ = None  # type: ignore[assignment]  # a list of moves, compared as one

    def __repr__(self) -> str:
        return f"Exchanges({list(self)!r})"


def _combination(pool: Sequence[Card], count: int, number: int) -> tuple[Card, ...]:
    """The ``number``-th (from 0) ``count``-card combination of ``pool``.

    In the order :func:`itertools.combinations` makes them.
    """
    chosen: list[Card] = []
    start = 0
    for left in range(count, 0, -1):
        for place in range(start, len(pool)):
            size = comb(len(pool) - place - 1, left - 1)
            if number < size:
                chosen.append(pool[place])
                start = place + 1
                break
            number -= size
    return tuple(chosen)
