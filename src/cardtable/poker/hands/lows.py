"""Low hands: lowball and the low half of high-low, and the readings that show both halves.

A wild card may stand for different cards in the two halves of a high-low hand when each is
judged alone (:func:`evaluate_high_low`); :func:`high_low_readings` gives the ways to show
both with one card for each wild card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from cardtable.cards import Card
from cardtable.poker.hands.best_hand import check_hand, evaluate, evaluation_of, hand_readings
from cardtable.poker.hands.categories import (
    ACE,
    FIVE_ORDER,
    C,
    Category,
    Evaluation,
    HandError,
    Pip,
    RankTable,
    card_of,
    grouped,
    pack,
    pips_of,
    rank_table,
)
from cardtable.poker.rules import HandRules


def evaluate_low(
    cards: Sequence[Card],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> Evaluation:
    """The best low hand of ``cards``: the higher its value, the lower (better) the hand.

    Under ``low = "lowball"`` aces are always low and straights and flushes do not count; a
    wild card is the lowest card the hand lacks ("Лоуболл" 5). Otherwise the high-low rule
    applies: the ace plays low, straights and flushes count, and a wild card is a low ace
    that pairs nothing, so 4-3-2-A-joker is the lowest hand (Покер «Больше-меньше»).
    """
    return _best_low(cards, rules or HandRules(), wild)


def _best_low(
    cards: Sequence[Card],
    rules: HandRules,
    wild: Iterable[Card],
    pins: Mapping[Card, Card] | None = None,
) -> Evaluation:
    """The best low of ``cards``, each wild card in ``pins`` standing for the card given."""
    table = rank_table(rules)
    wild_set = table.wild | frozenset(wild)
    cards = tuple(cards)
    check_hand(cards, rules, wild_set)
    if not cards:
        raise HandError("a hand needs at least one card")
    held = frozenset(pips_of(c for c in cards if c not in wild_set))
    best: Evaluation | None = None
    for used in combinations(cards, min(5, len(cards))):
        natural = [c for c in used if c not in wild_set]
        wilds = [c for c in used if c in wild_set]
        badness, stands = _low_badness(
            natural, wilds, held=held, rules=rules, table=table, pins=pins
        )
        value = -badness
        if best is None or value > best.value:
            best = Evaluation(value, C.LOW, tuple(natural) + tuple(wilds), stands)
    if best is None:
        raise HandError("a hand needs at least one card")
    return best


def evaluate_high_low(
    cards: Sequence[Card],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> tuple[Evaluation, Evaluation]:
    """The best high and the best low hand of ``cards`` at once, each judged alone.

    With more than five cards each may use a different five (Покер «Больше-меньше»:
    "составлять два разных расклада"). A wild card may stand for different cards in the
    two; :func:`high_low_readings` gives the ways to show both with one card for each.
    """
    return evaluate(cards, rules, wild=wild), evaluate_low(cards, rules, wild=wild)


@dataclass(frozen=True, slots=True)
class HighLow:
    """One way to show a hand for both halves of a high-low pot.

    "При вскрытии карт джокер может обозначать только один номинал и масть" (Покер
    «Больше-меньше», Козыри): a wild card used in both the high and the low hand stands for
    the same card in both.
    """

    high: Evaluation
    low: Evaluation


def high_low_readings(
    pools: Sequence[Sequence[Card]],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> tuple[HighLow, ...]:
    """Every reading of a hand for high-low worth showing, the best high first.

    Each of ``pools`` is a set of cards a hand may be made of (one pool for draw and stud).
    For each high hand the best low that gives every wild card it shares with the high the
    same card is found; only readings that no other betters on both halves are kept, so
    the list runs from the best high down to the best low. Without a clash there is one.

    >>> from cardtable.cards import parse_cards
    >>> from cardtable.poker.hands.words import spoken
    >>> rules = HandRules(wild=("jokers",), low="high-low")
    >>> for r in high_low_readings([parse_cards("A♠ 2♦ 3♣ 4♥ Jo K♠ K♦")], rules):
    ...     print(spoken(r.high), "|", spoken(r.low))
    straight, five high (Jo as 5♣) | K-4-3-2-A low
    two pair, aces and kings (Jo as A♣) | 4-3-2-A-A low (Jo as A♣)
    """
    rules = rules or HandRules()
    table = rank_table(rules)
    extra = frozenset(wild)
    by_stand_ins: dict[frozenset[tuple[Card, Card]], Evaluation] = {}
    for pool in pools:
        for reading in hand_readings(pool, rules, extra, table):
            found = evaluation_of(reading[0] + 15 - len(reading[3]), reading)
            key = frozenset(found.wild)
            if key not in by_stand_ins or found.value > by_stand_ins[key].value:
                by_stand_ins[key] = found
    if not by_stand_ins:
        raise HandError("no hand can be made of these cards under these rules")
    best_low = max(_best_low(pool, rules, extra) for pool in pools)
    readings: list[HighLow] = []
    for high in sorted(by_stand_ins.values(), reverse=True):
        pins = dict(high.wild)
        low = max(_best_low(pool, rules, extra, pins) for pool in pools)
        if not readings or low.value > readings[-1].low.value:
            if readings and readings[-1].high.value == high.value:
                readings.pop()
            readings.append(HighLow(high, low))
        if low.value >= best_low.value:
            break
    return tuple(readings)


Reading = tuple[int, int | None]
"""A hand's high value and low value (``None``: no low) as one player shows them."""


def choose_readings(
    options: Sequence[Sequence[Reading]],
    payoff: Callable[[Sequence[Reading]], Sequence[float]],
    order: Sequence[int] | None = None,
) -> list[int]:
    """Which of his readings each player shows: the one that wins him most.

    ``options[i]`` are player ``i``'s readings (see :func:`high_low_readings`) and
    ``payoff`` gives every player's winnings for one reading each. Players fix their wild
    cards in showing ``order``: each takes the reading that wins him the most against the
    readings already shown and, for those still to show, the best each could show on
    either half; on equal winnings the better high, then the better low.

    The first player's better high would leave the low to the second; his better low
    scoops the pot:

    >>> choose_readings([[(9, 1), (5, 8)], [(4, 2)]], halves)
    [1, 0]
    """
    order = list(range(len(options))) if order is None else list(order)
    chosen = {seat: 0 for seat in range(len(options)) if len(options[seat]) == 1}
    strongest = [_strongest(option) for option in options]
    for seat in order:
        if seat in chosen:
            continue
        trial = [
            options[s][chosen[s]] if s in chosen else strongest[s] for s in range(len(options))
        ]

        def gain(
            index: int, seat: int = seat, trial: list[Reading] = trial
        ) -> tuple[float, int, float]:
            trial[seat] = options[seat][index]
            high, low = options[seat][index]
            # A low's value is its badness negated (below zero): no low comes after them all.
            return float(payoff(trial)[seat]), high, -math.inf if low is None else low

        chosen[seat] = max(range(len(options[seat])), key=gain)
    return [chosen[seat] for seat in range(len(options))]


def _strongest(options: Sequence[Reading]) -> Reading:
    lows = [low for _, low in options if low is not None]
    return max(high for high, _ in options), (max(lows) if lows else None)


def halves(readings: Sequence[Reading]) -> list[float]:
    """Each hand's share of a high-low pot as the cards speak.

    The best high takes half and the best low half, equal hands sharing a half; if no hand
    has a low (none qualifies) the best high takes it all.

    >>> halves([(9, 1), (5, 8), (5, None)])
    [0.5, 0.5, 0.0]
    """
    high = _shares([h for h, _ in readings])
    lows = [low for _, low in readings]
    if all(low is None for low in lows):
        return high
    best = max(low for low in lows if low is not None)
    winners = sum(1 for low in lows if low == best)
    return [
        (h + (1.0 / winners if low == best else 0.0)) / 2 for h, low in zip(high, lows, strict=True)
    ]


def _shares(values: Sequence[int]) -> list[float]:
    best = max(values)
    winners = sum(1 for v in values if v == best)
    return [1.0 / winners if v == best else 0.0 for v in values]


_LOW_CODES = {c: i for i, c in enumerate(FIVE_ORDER)}


def _low_badness(
    natural: Sequence[Card],
    wilds: Sequence[Card],
    *,
    held: frozenset[Pip],
    rules: HandRules,
    table: RankTable,
    pins: Mapping[Card, Card] | None = None,
) -> tuple[int, tuple[tuple[Card, Card], ...]]:
    """How bad a low is (packed, fewer wild cards better) and what its wild cards stand for.

    A wild card in ``pins`` stands for the card given there, as the same card does in the
    high hand; under the high-low rule a wild card pinned to an ace is still the low ace
    that pairs nothing.
    """
    pins = pins or {}
    low_ace = rules.low != "lowball"
    stands = [(w, pins[w]) for w in wilds if w in pins and (pins[w].rank != ACE or not low_ace)]
    free = [w for w in wilds if w not in pins or (pins[w].rank == ACE and low_ace)]
    natural = [*natural, *(stand for _, stand in stands)]
    ranks = [1 if c.rank == ACE else int(c.rank) for c in natural]
    if not low_ace:
        taken = set(ranks)
        for w in free:
            rank = next(r for r in (1, *table.ranks) if r not in taken and r != ACE)
            taken.add(rank)
            ranks.append(rank)
            suit = next((s for s in range(4) if (_as_high(rank), s) not in held), 0)
            stands.append((w, card_of((rank, suit), w)))
        shape, order = grouped(ranks)
        category = _low_category(shape, False, None)
        return pack(_LOW_CODES[category], order, len(wilds)), tuple(stands)
    shape, order = grouped(ranks)
    for w in free:
        shape.append(1)
        order.append(1)
        suit = next((s for s in range(4) if (ACE, s) not in held), 0)
        stands.append((w, pins.get(w, card_of((ACE, suit), w))))
    full = len(natural) == 5
    flush = full and len({c.suit for c in natural}) == 1
    window = table.low_straights.get(frozenset(ranks)) if full and len(set(ranks)) == 5 else None
    category = _low_category(shape, flush, window)
    if window is not None:
        order = [window]
    return pack(_LOW_CODES[category], order, len(wilds)), tuple(stands)


def _as_high(rank: int) -> int:
    return ACE if rank == 1 else rank


def _low_category(shape: list[int], flush: bool, window: int | None) -> Category:
    if flush and window is not None:
        return C.STRAIGHT_FLUSH
    if shape[0] == 5:
        return C.FIVE_OF_A_KIND
    if shape[0] == 4:
        return C.FOUR_OF_A_KIND
    if shape[:2] == [3, 2]:
        return C.FULL_HOUSE
    if flush:
        return C.FLUSH
    if window is not None:
        return C.STRAIGHT
    if shape[0] == 3:
        return C.THREE_OF_A_KIND
    if shape[:2] == [2, 2]:
        return C.TWO_PAIR
    return C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD
