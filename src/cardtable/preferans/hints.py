"""Preferans aids: the double-dummy value of each card for the seat to play, and claims judged.

**The hint.** In the play, for each card the hand due may play (rules 31–32 of
001_776ed664a35a376f.txt: follow suit, else trump, else any card), the declarer's tricks in the
whole deal after it, as the double-dummy solver (:mod:`cardtable.preferans.solver`) counts them,
averaged over layouts of the cards the seat cannot see. A layout deals those cards to the hands
the seat cannot see, as the seat knows the deal: each hand's number of cards, no card of a suit a
hand has shown void in (a hand that did not follow is void in the suit led, and in trumps too if
it did not trump; not read where the rules let a player revoke), the talon's cards, once shown,
in the declarer's hand or his discard (or out of play when no one took them). When the seat sees
every hand in play the answer is exact, over the one layout there is. An all-pass is valued
paranoid: the hand due as a no-trump misère declarer, the other two against him.

**Claims.** A claim of the remaining tricks (docs/rules/preferans.md, "Claims of the remaining
tricks") is proved when the claimer takes every one of them whatever the other two hands play,
his partner's included: the solver's value with him as the one side and both others as the other.

>>> from cardtable.engine import get_game, seeded_rng
>>> game = get_game("preferans")
>>> match = game.new_match(game.rules(), ["a", "b", "c"], None)
>>> deal = match.start_deal(seeded_rng(1))
>>> card_hint(deal, 0, seeded_rng(2))
Traceback (most recent call last):
...
cardtable.engine.aids.HintUnavailable: the hint values the cards of the play; this is the auction
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from cardtable.cards import Card, Suit, cards_text
from cardtable.engine.aids import ClaimVerdict, Hint, HintUnavailable
from cardtable.engine.deal import Deal, Event
from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.deal import PreferansDeal, PreferansView
from cardtable.preferans.solver import (
    Position,
    PositionError,
    card_values,
    position_of_deal,
    solve,
)
from cardtable.preferans.tricks import DECK, sorted_cards

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

HAND = 10
"""Cards in each hand before the first trick."""

LAYOUTS = 16
"""Layouts of the unseen cards a hint averages over by default (the sampling bot's number)."""

SPARE = -1
"""The holder of unseen cards out of play: the talon left face down, the declarer's discard."""

DEALING_TRIES = 200
"""Attempts at dealing one layout before the voids are taken to allow none."""


@dataclass(frozen=True)
class CardHint:
    """The value of each card the hand due may play, for the seat that plays it.

    ``values`` are the declarer's tricks in the whole deal after each card, on average over
    ``samples`` layouts (``exact``: one layout, every hand in play being known); ``hand`` is the
    seat whose card is due (an open whister plays his partner's); ``best`` the cards best for the
    side of that hand.
    """

    seat: int
    hand: int
    declarer: int
    paranoid: bool
    values: Mapping[Card, float]
    best: tuple[Card, ...]
    samples: int
    exact: bool

    def as_hint(self) -> Hint:
        """The hint as any interface lays it out."""
        whose = "your" if self.hand == self.seat else f"seat {self.hand}'s"
        side = (
            f"seat {self.declarer}'s tricks if the other two play against him (all-pass)"
            if self.paranoid
            else f"the declarer's (seat {self.declarer}) tricks in the deal"
        )
        how = "exact: every hand is known" if self.exact else f"average of {self.samples} layouts"
        values = ", ".join(f"{card} {value:.1f}" for card, value in self.values.items())
        lines = (
            f"Help: double-dummy value of {whose} cards, as {side} ({how}).",
            values,
            f"Best: {cards_text(self.best)}.",
        )
        best = tuple(f"play {card}" for card in self.best)
        return Hint("preferans", self.seat, "card values", best, lines, self.samples, self.exact)


def game_hint(deal: Deal[A, V], seat: int, rng: random.Random, samples: int | None) -> Hint:
    """The preferans hint for ``seat`` (:func:`card_hint`) in the engine's common form."""
    return card_hint(_preferans(deal), seat, rng, LAYOUTS if samples is None else samples).as_hint()


def _preferans(deal: object) -> PreferansDeal:
    if not isinstance(deal, PreferansDeal):
        raise HintUnavailable("not a preferans deal")
    return deal


def card_hint(
    deal: PreferansDeal, seat: int, rng: random.Random, samples: int = LAYOUTS
) -> CardHint:
    """The value of each card ``seat`` may play now, from what ``seat`` knows of ``deal``.

    Raises :class:`HintUnavailable` outside the play, when ``seat`` is not to play, or at a
    trick the talon leads (it is nobody's lead, and the solver does not value it).
    """
    if samples < 1:
        raise HintUnavailable("a hint needs at least one layout")
    view = deal.view(seat)
    if view.phase != "play":
        raise HintUnavailable(f"the hint values the cards of the play; this is the {view.phase}")
    if view.to_move != seat:
        raise HintUnavailable(f"seat {seat} is not to play")
    if view.talon_lead is not None:
        raise HintUnavailable(
            "a trick led by the talon is nobody's lead: the solver does not value it"
        )
    known = SeatKnowledge(deal, seat, view)
    due = seat if view.playing_for is None else view.playing_for
    exact = not known.hidden
    layouts = 1 if exact else samples
    totals: dict[Card, float] = {}
    for _ in range(layouts):
        position = known.position(known.layout(rng), due)
        taken = position.taken[position.declarer]
        for card, tricks in card_values(position).items():
            totals[card] = totals.get(card, 0.0) + taken + tricks
    values = {card: totals[card] / layouts for card in sorted_cards(list(totals))}
    maximising = (due == known.declarer) != known.misere
    best_value = max(values.values()) if maximising else min(values.values())
    best = tuple(card for card, value in values.items() if abs(value - best_value) < 1e-9)
    return CardHint(seat, due, known.declarer, view.contract is None, values, best, layouts, exact)


class SeatKnowledge:
    """What one seat knows of the play: the hands it sees, the rest's sizes, voids, the talon."""

    def __init__(self, deal: PreferansDeal, seat: int, view: PreferansView) -> None:
        self.view = view
        self.active = tuple((view.first_hand + step) % view.players for step in range(3))
        contract = None if view.contract is None else parse_contract(view.contract)
        self.trump: Suit | None = None if contract is None else contract.trump
        self.misere = contract is None or contract.is_misere
        due = seat if view.playing_for is None else view.playing_for
        self.declarer = due if view.declarer is None or contract is None else view.declarer
        events = deal.events_seen_by(seat)
        self.hands: dict[int, frozenset[Card]] = {seat: frozenset(view.hand)}
        self.hands.update((other, frozenset(cards)) for other, cards in view.open_hands)
        played = [(event.seat, event.cards[0]) for event in events if event.kind == "play"]
        gone = {card for _, card in played}
        self.hidden = {
            other: HAND - sum(1 for who, _ in played if who == other)
            for other in self.active
            if other not in self.hands
        }
        self.voids: dict[int, set[Suit]] = (
            {} if deal.rules.renonce_allowed else _voids(events, self.trump)
        )
        located = gone | {card for hand in self.hands.values() for card in hand}
        talon = [card for card in view.talon if card not in located]
        taken_in = any(event.kind == "discard" for event in events)
        self.holders: list[tuple[Card, tuple[int, ...]]] = []
        for card in talon:
            into = (self.declarer, SPARE) if taken_in and self.declarer in self.hidden else (SPARE,)
            self.holders.append((card, into))
        everyone = (*self.hidden, SPARE)
        seen = deal.cards_known_to(seat)
        self.holders += [(card, everyone) for card in DECK if card not in seen]

    def layout(self, rng: random.Random) -> dict[int, frozenset[Card]]:
        """The hidden hands dealt once at random as the seat's knowledge allows."""
        for _ in range(DEALING_TRIES):
            dealt = _deal_once(self.holders, self.hidden, self.voids, rng)
            if dealt is not None:
                return dealt
        raise HintUnavailable("no layout of the unseen cards fits the voids shown")

    def position(self, layout: Mapping[int, frozenset[Card]], due: int) -> Position:
        """The solver's position with ``layout`` for the hands the seat cannot see."""
        hands = {**self.hands, **layout}
        index = {other: place for place, other in enumerate(self.active)}
        trick = tuple(card for _, card in self.view.trick)
        leader = self.view.trick[0][0] if self.view.trick else due
        held = tuple(hands[other] for other in self.active)
        taken = tuple(self.view.tricks[other] for other in self.active)
        return Position(
            (held[0], held[1], held[2]),
            index[self.declarer],
            index[leader],
            self.trump,
            self.misere,
            trick,
            (taken[0], taken[1], taken[2]),
        )


def _voids(events: Sequence[Event], trump: Suit | None) -> dict[int, set[Suit]]:
    """The suits each seat has shown void in by not following (rules 31–32)."""
    voids: dict[int, set[Suit]] = {}
    led: Suit | None = None
    for event in events:
        if event.kind == "talon-lead":
            led = event.cards[0].suit
        elif event.kind == "trick":
            led = None
        elif event.kind == "play" and event.seat is not None:
            card = event.cards[0]
            if led is None:
                led = card.suit
            elif card.suit != led:
                voids.setdefault(event.seat, set()).add(led)
                if trump is not None and card.suit != trump:
                    voids[event.seat].add(trump)
    return voids


def _deal_once(
    holders: Sequence[tuple[Card, tuple[int, ...]]],
    sizes: Mapping[int, int],
    voids: Mapping[int, set[Suit]],
    rng: random.Random,
) -> dict[int, frozenset[Card]] | None:
    """One random deal of each card to one of its possible holders, or ``None`` at a dead end.

    The cards with fewest possible holders go first, each to a holder drawn in proportion to
    the room left; a hand takes no card of a suit it has shown void in.
    """
    room = dict(sizes)
    room[SPARE] = len(holders) - sum(sizes.values())
    order = list(holders)
    rng.shuffle(order)
    order.sort(key=lambda item: len(item[1]))
    dealt: dict[int, list[Card]] = {other: [] for other in sizes}
    for card, possible in order:
        takers = [
            other for other in possible if room[other] > 0 and card.suit not in voids.get(other, ())
        ]
        if not takers:
            return None
        taker = rng.choices(takers, [room[other] for other in takers])[0]
        room[taker] -= 1
        if taker != SPARE:
            dealt[taker].append(card)
    return {other: frozenset(cards) for other, cards in dealt.items()}


def judge(deal: Deal[A, V], seat: int) -> ClaimVerdict:
    """Whether the cards prove ``seat``'s claim of every trick still to be played.

    The engine knows every hand; the claim is proved when ``seat`` takes all the remaining
    tricks under the solver's best play with both other hands against him.
    """
    game = _preferans(deal)
    if game.phase != "play" or game.contract is None or game.contract.is_misere:
        raise HintUnavailable("the remaining tricks are claimed in the play of a game on tricks")
    if seat not in game.active:
        raise HintUnavailable(f"seat {seat} plays no cards in this deal")
    try:
        position, seats = position_of_deal(game)
    except PositionError as error:
        raise HintUnavailable(str(error)) from None
    against = Position(
        position.hands,
        seats.index(seat),
        position.leader,
        position.trump,
        False,
        position.trick,
        position.taken,
    )
    left = against.tricks_left
    took = solve(against)
    if took == left:
        return ClaimVerdict(seat, left, True, f"seat {seat} takes the remaining {left} tricks")
    short = left - took
    return ClaimVerdict(
        seat, left, False, f"the others can take {short} of the remaining {left} tricks"
    )
