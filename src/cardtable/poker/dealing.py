"""How the cards leave the deck: one at a time, in rotation from the dealer's left.

"СДАЧА. В любой форме покера карты сдаются по одной" (000_75e337bfe099b695.txt): a deal
step goes round the table once for each card it gives, every player still in taking one
card a pass, down cards' passes first ("две «забивные» карты, затем одна в открытую",
002_053e85955f9a4108.txt, «Семикарточный гвоздь»). So a deck order typed from a real deal
gives the table the same hands, and :func:`stacked_deck` writes the deck that deals the
hands a test or a hand history names.

>>> [(seat, "up" if up else "down") for seat, up in rotation({1: (1, 1), 0: (1, 1)}, [1, 0])]
[(1, 'down'), (0, 'down'), (1, 'up'), (0, 'up')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.cards import Card
from cardtable.errors import IllegalAction
from cardtable.poker.variants import VariantSpec


def rotation(counts: Mapping[int, tuple[int, int]], order: Sequence[int]) -> list[tuple[int, bool]]:
    """The cards of one deal step in the order they are dealt: ``(seat, face_up)``.

    ``counts`` gives each seat its ``(down, up)`` cards; ``order`` is the dealing order
    (clockwise from the dealer's left). Pass ``n`` gives each player his ``n``-th card,
    down while he still has down cards to receive, then up.
    """
    passes = max((down + up for down, up in counts.values()), default=0)
    return [
        (seat, index >= counts[seat][0])
        for index in range(passes)
        for seat in order
        if index < sum(counts[seat])
    ]


def stacked_deck(
    spec: VariantSpec,
    order: Sequence[int],
    hands: Mapping[int, Sequence[Card]],
    deck: Sequence[Card],
    board: Sequence[Card] = (),
) -> tuple[Card, ...]:
    """The deck order that deals ``hands`` and ``board`` when nobody folds before the end.

    ``order`` is the dealing order of the players; each seat's cards are written in the
    order he receives them (each deal step's down cards, then its up cards); the board's in
    the order it is dealt. The cards of ``deck`` not named follow, for the draws.

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.poker.variants import Step
    >>> spec = VariantSpec(steps=(Step("deal", down=2),))
    >>> hands = {1: parse_cards("A♠ K♠"), 0: parse_cards("2♦ 3♦")}
    >>> " ".join(card.text() for card in stacked_deck(spec, [1, 0], hands, parse_cards("4♣")))
    'A♠ 2♦ K♠ 3♦ 4♣'
    """
    own = {seat: list(cards) for seat, cards in hands.items()}
    shared = list(board)
    dealt: list[Card] = []
    for step in spec.steps:
        if step.do == "deal":
            counts = {seat: (step.down, step.up) for seat in order}
            dealt += [_next(own, seat) for seat, _ in rotation(counts, order)]
        elif step.do == "board":
            dealt += [_next({-1: shared}, -1) for _ in range(step.down + step.up)]
    named = set(dealt)
    return (*dealt, *(card for card in deck if card not in named))


def _next(cards: dict[int, list[Card]], seat: int) -> Card:
    if not cards.get(seat):
        place = "the board" if seat < 0 else f"seat {seat}"
        raise IllegalAction(f"too few cards written for {place}")
    return cards[seat].pop(0)
