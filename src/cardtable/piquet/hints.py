"""Piquet aids: the best discard by its expected count, and claims of the rest judged.

**The count.** What a hand would score in the declarations if each of its combinations were
good (rules 20–23 of 001_776ed664a35a376f.txt): its point, one for each card of its longest
suit (rules 20, 22); every sequence, a tierce 3, a quart 4, a quint or longer its length plus
``long_sequence_bonus`` (rule 22); every fourteen 14 and trio 3 of the ranks the rules count
(rules 23–25). The opponent's hand is not weighed: which of two combinations is good depends on
cards the seat cannot know, and the count is what the seat brings to that comparison.

**The hint.** In the exchange, for the seat to discard, each discard is followed by a draw of as
many cards from those the seat has not seen (the talon lies among them, face down, each card
as likely as another), over ``samples`` draws shared by every discard; the discards come
ranked by their mean count. A hand of twelve has up to 1,508 discards: every one is first
screened on ``screen`` draws, and the best ``keep`` of them are counted over all the draws.
Refusing the talon keeps the hand's own count.

**Claims.** A claim of the rest (docs/rules/piquet.md, "Claims of the remaining tricks") is
proved when the claimer wins every remaining trick whatever the others play (rule 35: follow
the suit led if you can; the highest card of the suit led wins), found by searching the play of
the hands as they lie: the engine knows every card.

>>> from cardtable.engine import get_game, seeded_rng
>>> game = get_game("piquet")
>>> match = game.new_match(game.rules(), ["a", "b"], None)
>>> deal = match.start_deal(seeded_rng(1))
>>> answer = discard_hint(deal, deal.to_move, seeded_rng(2), samples=40)
>>> answer.samples, len(answer.ranked) > 1, answer.ranked[0][1] >= answer.ranked[-1][1]
(40, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from cardtable.cards import Card, Suit
from cardtable.engine.aids import ClaimVerdict, Hint, HintUnavailable
from cardtable.engine.deal import Deal
from cardtable.piquet.actions import Discard, Refuse, action_text
from cardtable.piquet.deal import PiquetDeal
from cardtable.piquet.declarations import (
    PIQUET_DECK,
    best_point,
    point_value,
    sequence_value,
    sequences,
    set_value,
    sets,
)
from cardtable.piquet.phases.playing import Playing
from cardtable.piquet.play import playable, trick_winner
from cardtable.piquet.rules import PiquetRules

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

DRAWS = 200
"""Draws from the unseen cards a discard is counted over by default."""

SCREEN = 12
"""Draws every discard is screened on before the best are counted over all of them."""

KEEP = 24
"""Discards counted over all the draws, the best of the screening."""

SHOWN = 5
"""Discards a hint's sentences name."""

DECK_ORDER = tuple(sorted(PIQUET_DECK, key=lambda card: card.index))
"""The piquet cards in a fixed order, so that a draw depends on the seed alone."""


def hand_count(hand: Sequence[Card], rules: PiquetRules) -> int:
    """The points the hand would score in the declarations if all were good (rules 20–23).

    >>> from cardtable.cards import parse_cards
    >>> hand_count(parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♥ A♥ A♦ A♣ K♦ K♣ 7♥"), PiquetRules())
    37
    """
    point = best_point(hand)
    total = 0 if point is None else point_value(point.count)
    total += sum(sequence_value(run.length, rules) for run in sequences(hand))
    return total + sum(set_value(found.count) for found in sets(hand, rules))


@dataclass(frozen=True)
class DiscardHint:
    """The seat's discards ranked by their expected count after the draw (best first).

    ``ranked`` pairs each move's text with its mean count over ``samples`` draws.
    """

    seat: int
    ranked: tuple[tuple[str, float], ...]
    samples: int

    def as_hint(self) -> Hint:
        """The hint as any interface lays it out."""
        best = self.ranked[0][1]
        lines = (
            "Help: the discards by the count the hand would declare after the draw "
            f"(point, sequences, sets; rules 20–23), on average over {self.samples} draws "
            "of the cards you have not seen.",
            *(f"{text}: {value:.1f}" for text, value in self.ranked[:SHOWN]),
        )
        tops = tuple(text for text, value in self.ranked if abs(value - best) < 1e-9)
        return Hint("piquet", self.seat, "discard", tops, lines, self.samples, False)


def game_hint(deal: Deal[A, V], seat: int, rng: random.Random, samples: int | None) -> Hint:
    """The piquet hint for ``seat`` (:func:`discard_hint`) in the engine's common form."""
    return discard_hint(_piquet(deal), seat, rng, DRAWS if samples is None else samples).as_hint()


def _piquet(deal: object) -> PiquetDeal:
    if not isinstance(deal, PiquetDeal):
        raise HintUnavailable("not a piquet deal")
    return deal


def discard_hint(
    deal: PiquetDeal,
    seat: int,
    rng: random.Random,
    samples: int = DRAWS,
    *,
    screen: int = SCREEN,
    keep: int = KEEP,
) -> DiscardHint:
    """``seat``'s discards ranked by expected count, from what ``seat`` knows of ``deal``.

    Raises :class:`HintUnavailable` unless ``seat`` is to discard now.
    """
    if samples < 1 or screen < 1 or keep < 1:
        raise HintUnavailable("a hint needs at least one draw and one discard to count")
    view = deal.view(seat)
    if view.phase != "exchange" or view.to_move != seat:
        raise HintUnavailable(f"seat {seat} is not to discard now")
    moves = [a for a in deal.legal_actions() if isinstance(a, Discard | Refuse)]
    discards = [a for a in moves if isinstance(a, Discard)]
    if not discards:
        raise HintUnavailable(f"seat {seat} has no discard to choose")
    seen = deal.cards_known_to(seat)
    unseen = [card for card in DECK_ORDER if card not in seen]
    hand = view.hand
    rules = deal.rules
    draws = []
    for _ in range(samples):
        order = unseen[:]
        rng.shuffle(order)
        draws.append(tuple(order))
    screened = sorted(discards, key=lambda move: -_mean(hand, move.cards, draws[:screen], rules))[
        :keep
    ]
    ranked = [(action_text(move), _mean(hand, move.cards, draws, rules)) for move in screened]
    if Refuse() in moves:
        ranked.append((action_text(Refuse()), float(hand_count(hand, rules))))
    ranked.sort(key=lambda item: -item[1])
    return DiscardHint(seat, tuple(ranked), samples)


def _mean(
    hand: Sequence[Card],
    discard: Sequence[Card],
    draws: Sequence[tuple[Card, ...]],
    rules: PiquetRules,
) -> float:
    kept = tuple(card for card in hand if card not in discard)
    total = sum(_count(frozenset((*kept, *draw[: len(discard)])), rules) for draw in draws)
    return total / len(draws)


@lru_cache(maxsize=1 << 16)
def _count(hand: frozenset[Card], rules: PiquetRules) -> int:
    return hand_count(sorted(hand, key=lambda card: card.index), rules)


def judge(deal: Deal[A, V], seat: int) -> ClaimVerdict:
    """Whether the cards prove ``seat``'s claim of every trick still to be played.

    The engine knows every hand; the claim is proved when ``seat`` wins every remaining trick
    however the others play.
    """
    game = _piquet(deal)
    state = game.state
    phase = state.phase
    if not isinstance(phase, Playing) or phase.before_the_lead():
        raise HintUnavailable("the remaining tricks are claimed once the first card is led")
    if seat not in state.players:
        raise HintUnavailable(f"seat {seat} plays no cards in this deal")
    hands = {player: frozenset(state.hands[player]) for player in state.players}
    left = min(len(hands[p]) + (p in phase.seats) for p in state.players)
    turn = state.turn
    assert turn is not None
    play = _Play(state.order, seat)
    proved = play.takes_all(_key(hands), turn, phase.trick, tuple(phase.seats))
    if proved:
        return ClaimVerdict(seat, left, True, f"seat {seat} takes the remaining {left} tricks")
    return ClaimVerdict(seat, left, False, f"the others can take a trick of the remaining {left}")


Hands = tuple[tuple[int, frozenset[Card]], ...]


def _key(hands: Mapping[int, frozenset[Card]]) -> Hands:
    return tuple(sorted(hands.items()))


class _Play:
    """The play of known hands searched for whether one player can win every trick."""

    def __init__(self, order: Sequence[int], claimer: int) -> None:
        self.order = tuple(order)
        self.claimer = claimer
        self.memo: dict[tuple[Hands, int, tuple[Card, ...]], bool] = {}

    def takes_all(
        self, hands: Hands, turn: int, trick: tuple[Card, ...], seats: tuple[int, ...]
    ) -> bool:
        """Whether the claimer wins this trick and every later one, from ``turn`` to play."""
        if not trick and any(not held for _, held in hands):
            return True
        key = (hands, turn, trick)
        if key not in self.memo:
            self.memo[key] = self._search(hands, turn, trick, seats)
        return self.memo[key]

    def _search(
        self, hands: Hands, turn: int, trick: tuple[Card, ...], seats: tuple[int, ...]
    ) -> bool:
        held = dict(hands)
        if not trick and turn == self.claimer and self._masters(held):
            return True
        outcomes = (
            self._after(held, turn, trick, seats, card)
            for card in sorted(playable(list(held[turn]), trick), key=lambda c: -c.index)
        )
        return any(outcomes) if turn == self.claimer else all(outcomes)

    def _after(
        self,
        held: dict[int, frozenset[Card]],
        turn: int,
        trick: tuple[Card, ...],
        seats: tuple[int, ...],
        card: Card,
    ) -> bool:
        hands = _key({**held, turn: held[turn] - {card}})
        cards, players = (*trick, card), (*seats, turn)
        if len(cards) < len(self.order):
            following = self.order[(self.order.index(turn) + 1) % len(self.order)]
            return self.takes_all(hands, following, cards, players)
        if players[trick_winner(cards)] != self.claimer:
            return False
        return self.takes_all(hands, self.claimer, (), ())

    def _masters(self, held: Mapping[int, frozenset[Card]]) -> bool:
        """On lead, whether every card the claimer leads, top cards first, must win.

        In each suit he holds, each other hand keeps its highest card for as long as it has
        others of the suit to follow with; so his first leads of the suit, as many as that hand
        holds of it, must all beat that card. Sufficient, not necessary (squeezes aside).
        """
        mine = held[self.claimer]
        for suit in Suit:
            own = sorted((c.rank for c in mine if c.suit == suit), reverse=True)
            if not own:
                continue
            for player, cards in held.items():
                theirs = [c.rank for c in cards if c.suit == suit]
                if (
                    player != self.claimer
                    and theirs
                    and own[min(len(own), len(theirs)) - 1] < max(theirs)
                ):
                    return False
        return True
