"""Layouts of the cards a preferans seat cannot see, consistent with the play and the bidding.

A hand that did not follow is void in the suit led, and also in trumps if it did not trump
(rules 31–32 of 001_776ed664a35a376f.txt); the bidding is followed loosely
(:func:`auction_layout`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.bots.preferans import best_strain, hand_tricks, misere_danger
from cardtable.cards import Card, Suit
from cardtable.preferans.actions import (
    Bid,
    Say,
    WithoutTalon,
    parse_action,
)
from cardtable.preferans.bidding import bid_level, is_misere
from cardtable.preferans.contracts import Strain
from cardtable.preferans.deal import PreferansView

HAND = 10
"""Cards in a hand before the first trick."""


SPARE = -1
"""The holder of the unseen cards that are out of play."""


TALON = -2
"""The holder of the talon's cards when they are dealt in a layout."""


BIDDING_TRIES = 40
"""Layouts drawn to find one whose declarer could have bought his contract."""


BIDDING_SLACK = 1.5
"""How far below his contract the declarer's counted tricks may fall in a layout."""


def shown_voids(
    history: list[tuple[tuple[int, Card], ...]],
    trick: tuple[tuple[int, Card], ...],
    trump: Suit | None,
    skip: int,
) -> dict[int, set[Suit]]:
    """The suits each seat has shown void in (rules 31–32).

    The first ``skip`` tricks, led by the talon in an all-pass, show nothing this way.
    """
    voids: dict[int, set[Suit]] = {}
    for trick_cards in [*history[skip:], trick]:
        if not trick_cards:
            continue
        led = trick_cards[0][1].suit
        for seat, card in trick_cards[1:]:
            if card.suit != led and led is not None:
                voids.setdefault(seat, set()).add(led)
                if trump is not None and card.suit != trump:
                    voids[seat].add(trump)
    return voids


def deal_unseen(
    unseen: Sequence[Card],
    hidden: dict[int, int],
    voids: dict[int, set[Suit]],
    rng: random.Random,
    *,
    tries: int = 50,
) -> dict[int, tuple[Card, ...]] | None:
    """The unseen cards dealt to the hidden hands (sizes ``hidden``), none in a shown void.

    Cards left over are out of play (a discard, an unturned talon card).
    """
    for _ in range(tries):
        order = list(unseen)
        rng.shuffle(order)
        room = dict(hidden)
        dealt: dict[int, list[Card]] = {seat: [] for seat in hidden}
        spare = len(unseen) - sum(hidden.values())
        ok = True
        for card in order:
            takers = [s for s, left in room.items() if left and card.suit not in voids.get(s, ())]
            weights = [room[s] for s in takers]
            if spare:
                takers.append(SPARE)
                weights.append(spare)
            if not takers:
                ok = False
                break
            taker = rng.choices(takers, weights)[0]
            if taker == SPARE:
                spare -= 1
            else:
                dealt[taker].append(card)
                room[taker] -= 1
        if ok:
            return {seat: tuple(cards) for seat, cards in dealt.items()}
    return None


def active_seats(view: PreferansView) -> list[int]:
    """The three seats that play the deal, first hand first (a fourth player deals and sits out)."""
    return [(view.first_hand + step) % view.players for step in range(3)]


def auction_layout(
    unseen: list[Card],
    hidden: dict[int, int],
    view: PreferansView,
    rng: random.Random,
    *,
    voids: dict[int, set[Suit]] | None = None,
    played: dict[int, list[Card]] | None = None,
    contract: tuple[int, Strain] | None = None,
) -> dict[int, tuple[Card, ...]] | None:
    """The hidden hands (and talon), drawn so that the calls so far look sensible.

    A seat that bid or held ``n`` should count (as the rule-based bot counts) at least ``n``
    less :data:`BIDDING_SLACK` tricks in its best strain; a seat that bid misère should have
    at most two cards in danger; a seat whose first call was a pass should count fewer than
    six. In the play a hand is judged with the cards it has ``played``, as at the first trick, and
    kept clear of its shown ``voids``. Given the ``contract`` (level and strain) the declarer
    bought, his dealt hand with the talon should count at least the level less the slack in
    that strain, for he could then have bought it. Of :data:`BIDDING_TRIES` draws the first
    that breaks none of these is taken, else the one that breaks fewest: the constraints are
    loose, as other players bid their own way, and a layout is always found when the voids
    allow one.
    """
    need: dict[int, int] = {}
    misere_seats: set[int] = set()
    first_passes: set[int] = set()
    spoken: set[int] = set()
    high = 0
    for seat, text in view.calls:
        call = parse_action(text)
        if isinstance(call, Bid) and is_misere(call):
            misere_seats.add(seat)
        elif isinstance(call, Bid | WithoutTalon):
            high = bid_level(call)
            need[seat] = max(need.get(seat, 0), high)
        elif call is Say.HOLD:
            need[seat] = max(need.get(seat, 0), high)
        elif call is Say.PASS and seat not in spoken:
            first_passes.add(seat)
        spoken.add(seat)
    judged = [seat for seat in hidden if seat in spoken]
    shown = played or {}

    def misses(layout: dict[int, tuple[Card, ...]]) -> int:
        count = 0
        for seat in judged:
            hand = [*layout[seat], *shown.get(seat, ())]
            tricks = best_strain(hand)[1]
            count += int(seat in need and tricks < need[seat] - BIDDING_SLACK)
            count += int(seat in misere_seats and misere_danger(hand) > 2)
            count += int(seat in first_passes and tricks >= 6)
        if contract is not None:
            assert view.declarer is not None
            level, strain = contract
            bought = layout[view.declarer] + layout.get(TALON, view.talon)
            count += int(hand_tricks(bought, strain) < level - BIDDING_SLACK)
        return count

    best: dict[int, tuple[Card, ...]] | None = None
    fewest = 0
    for _ in range(BIDDING_TRIES):
        layout = deal_unseen(unseen, hidden, voids or {}, rng)
        if layout is None:
            return None
        missed = misses(layout)
        if best is None or missed < fewest:
            best, fewest = layout, missed
        if not missed:
            break
    return best
