"""A slow exact minimax over the engine's own trick rules, to check the compiled solver by."""

from __future__ import annotations

from functools import cache

from cardtable.cards import Card, Suit
from cardtable.preferans.solver import Position
from cardtable.preferans.tricks import following, sorted_cards, winner_index

Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card]]


def minimax(position: Position) -> int:
    """The declarer's tricks from ``position`` on, by trying every legal card everywhere."""
    trump: Suit | None = position.trump
    declarer = position.declarer
    misere = position.misere

    @cache
    def value(hands: Hands, leader: int, trick: tuple[Card, ...]) -> int:
        mover = (leader + len(trick)) % 3
        if not hands[mover]:
            return 0
        led = trick[0].suit if trick else None
        results = []
        for card in following(sorted_cards(hands[mover]), led, trump):
            after = list(hands)
            after[mover] = after[mover] - {card}
            held: Hands = (after[0], after[1], after[2])
            played = (*trick, card)
            if len(played) == 3:
                winner = (leader + winner_index(played, trump)) % 3
                results.append(int(winner == declarer) + value(held, winner, ()))
            else:
                results.append(value(held, leader, played))
        maximising = (mover == declarer) != misere
        return max(results) if maximising else min(results)

    return value(position.hands, position.leader, position.trick)
