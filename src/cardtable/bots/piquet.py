"""The default piquet bot: keeps its long suit, sequences and sets, calls in full, takes tricks.

It sees only its seat's view and the legal actions. In the exchange it discards the cards
least useful for the point, sequences and sets (exchanging as many as it may); it calls its
best combination in every category, answers truthfully at best, looks at every card it may
see and demands to see every declaration counted against it; in play it cashes its
master cards, wins a trick as cheaply as it can, and otherwise throws its least useful card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardtable.bots import register_bot
from cardtable.cards import Card, DeckSpec
from cardtable.piquet.actions import (
    AnnounceCapot,
    Answer,
    DealCards,
    Declare,
    Demand,
    Discard,
    Look,
    PiquetAction,
    Play,
    Redeal,
    Refuse,
    Sink,
    discard,
)
from cardtable.piquet.deal import PiquetView
from cardtable.piquet.declarations import sequences
from cardtable.piquet.play import trick_winner
from cardtable.piquet.rules import PiquetRules

DECK = DeckSpec.named("32").cards()


def keep_value(card: Card, hand: Sequence[Card], rules: PiquetRules) -> int:
    """How much a card is worth keeping: its rank, its suit's length, its runs and sets."""
    suit_length = sum(1 for c in hand if c.suit == card.suit)
    value = int(card.rank) - 7 + 2 * suit_length
    if any(card in run.cards() for run in sequences(hand)):
        value += 6
    same_rank = sum(1 for c in hand if c.rank == card.rank)
    if int(card.rank) >= rules.min_set_rank and same_rank >= 2:
        value += 3 * same_rank
    return value


def masters(hand: Sequence[Card], gone: set[Card]) -> list[Card]:
    """The cards of ``hand`` that no unseen card of their suit can beat."""
    unseen = [c for c in DECK if c not in gone and c not in hand]
    return [
        card for card in hand if not any(c.suit == card.suit and c.rank > card.rank for c in unseen)
    ]


class PiquetBot:
    """The default piquet bot."""

    def __init__(self, rules: PiquetRules) -> None:
        self.rules = rules

    def choose(
        self, view: PiquetView, legal: Sequence[PiquetAction], rng: random.Random
    ) -> PiquetAction:
        """A sensible legal action for the seat whose view this is."""
        choice = self._choose(view, list(legal))
        return choice if choice is not None else legal[0]

    def _choose(self, view: PiquetView, legal: list[PiquetAction]) -> PiquetAction | None:
        first = legal[0]
        if isinstance(first, Look | Demand | DealCards | Redeal):
            # Looking and demanding cost nothing and tell something (rules 11, 23); the bot
            # deals properly and accepts a deal reported irregular.
            return first
        if isinstance(first, Discard | Refuse):
            return self._exchange(view, legal)
        if isinstance(first, Declare | Sink):
            return next((a for a in legal if isinstance(a, Declare)), first)
        if isinstance(first, Answer):
            words = {a.word: a for a in legal if isinstance(a, Answer)}
            return words.get("not good") or words.get("equal") or words.get("good")
        return self._play(view, legal)

    def _exchange(self, view: PiquetView, legal: list[PiquetAction]) -> PiquetAction:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        count = max(len(a.cards) for a in discards)
        hand = list(view.hand)
        ranked = sorted(hand, key=lambda c: (keep_value(c, hand, self.rules), c.index))
        wanted = discard(ranked[:count])
        return wanted if wanted in set(discards) else discards[0]

    def _play(self, view: PiquetView, legal: list[PiquetAction]) -> PiquetAction:
        plays = [a for a in legal if isinstance(a, Play)]
        hand = [a.card for a in plays]
        gone = set(view.played) | set(view.discarded)
        # Only the first leader, holding nothing but masters, is sure of every trick.
        sure = len(masters(view.hand, gone)) == len(view.hand)
        if AnnounceCapot() in legal and not view.trick and sure:
            return AnnounceCapot()
        if not view.trick:
            return Play(self._lead(view, hand, gone))
        led = view.trick[0].suit
        best = view.trick[trick_winner(view.trick)]
        winners = [c for c in hand if c.suit == led and c.rank > best.rank]
        if winners:
            return Play(min(winners, key=lambda c: c.rank))
        full = list(view.hand)
        return Play(min(hand, key=lambda c: (keep_value(c, full, self.rules), c.index)))

    def _lead(self, view: PiquetView, hand: list[Card], gone: set[Card]) -> Card:
        sure = masters(view.hand, gone)
        lengths = Counter(c.suit for c in view.hand)
        if sure:
            return max(sure, key=lambda c: (lengths[c.suit], c.rank))
        longest = max(hand, key=lambda c: (lengths[c.suit], -c.index))
        return min((c for c in hand if c.suit == longest.suit), key=lambda c: c.rank)


register_bot("piquet", "default", PiquetBot)
