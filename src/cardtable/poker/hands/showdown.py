"""Comparing hands: who wins a showdown, and whose showing cards bet first in stud."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardtable.cards import Card
from cardtable.errors import CardParseError
from cardtable.poker.hands.best_hand import evaluate
from cardtable.poker.hands.categories import Evaluation, HandError
from cardtable.poker.hands.lows import (
    HighLow,
    choose_readings,
    evaluate_low,
    halves,
    high_low_readings,
)
from cardtable.poker.rules import HandRules


@dataclass(frozen=True, slots=True)
class Showdown:
    """The hands at a showdown and who wins.

    ``winners`` take the pot (the high half in high-low, where ``low_winners`` take the low
    half); several indices mean a split.
    """

    hands: tuple[Evaluation, ...]
    lows: tuple[Evaluation, ...]
    winners: tuple[int, ...]
    low_winners: tuple[int, ...]


def _best(values: Sequence[int]) -> tuple[int, ...]:
    top = max(values)
    return tuple(i for i, v in enumerate(values) if v == top)


def showdown(
    hands: Sequence[Sequence[Card]],
    rules: HandRules | None = None,
    *,
    wild: Sequence[Iterable[Card]] | None = None,
) -> Showdown:
    """Rank several hands and name the winners ("Ничья": equal hands split the pot).

    Under lowball the lowest hands win; under high-low the high and the low hands split.
    """
    rules = rules or HandRules()
    if len(hands) < 2:
        raise HandError("a showdown needs at least two hands")
    _refuse_shared_cards(hands)
    extra = [frozenset(w) for w in wild] if wild is not None else [frozenset()] * len(hands)
    if rules.low == "lowball":
        lows = tuple(evaluate_low(h, rules, wild=w) for h, w in zip(hands, extra, strict=True))
        winners = _best([e.value for e in lows])
        return Showdown(lows, lows, winners, winners)
    if rules.low == "high-low":
        shown = consistent_high_low([[h] for h in hands], rules, wild=extra)
        highs = tuple(r.high for r in shown)
        lows = tuple(r.low for r in shown)
        return Showdown(
            highs, lows, _best([e.value for e in highs]), _best([e.value for e in lows])
        )
    highs = tuple(evaluate(h, rules, wild=w) for h, w in zip(hands, extra, strict=True))
    return Showdown(highs, (), _best([e.value for e in highs]), ())


def consistent_high_low(
    pools: Sequence[Sequence[Sequence[Card]]],
    rules: HandRules,
    *,
    wild: Sequence[Iterable[Card]] | None = None,
) -> list[HighLow]:
    """The reading each player shows at a high-low showdown where the cards speak.

    ``pools[i]`` are the sets of cards player ``i``'s hands may be made of. Each wild card
    is one card for both halves (:func:`high_low_readings`), and each player shows the
    reading that wins him the most (:func:`choose_readings`), in the order listed.
    """
    extra = [frozenset(w) for w in wild] if wild is not None else [frozenset()] * len(pools)
    options = [high_low_readings(own, rules, wild=w) for own, w in zip(pools, extra, strict=True)]
    values = [[(r.high.value, r.low.value) for r in own] for own in options]
    chosen = choose_readings(values, halves)
    return [own[index] for own, index in zip(options, chosen, strict=True)]


def _refuse_shared_cards(hands: Sequence[Sequence[Card]]) -> None:
    seen: set[Card] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise CardParseError(f"card given twice: {card.text()}")
            seen.add(card)


def first_to_bet(
    showing: Sequence[Sequence[Card]],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> int:
    """The seat (counted from the dealer's left) whose showing cards bet first in stud.

    The highest showing hand bets first, a wild card showing ranks above the ace, and a tie
    goes to the player nearest the dealer's left ("Покер-гвоздь", Первый круг ставок). In
    stud lowball the lowest showing hand bets first ("Гвоздь-мизер").

    >>> from cardtable.cards import parse_cards
    >>> first_to_bet([parse_cards("K♠"), parse_cards("A♦"), parse_cards("A♣")])
    1
    """
    rules = rules or HandRules()
    if not showing:
        raise HandError("no showing hands to compare")
    if rules.low != "none":
        values = [evaluate_low(cards, rules, wild=wild).value for cards in showing]
    else:
        values = [evaluate(cards, rules, wild=wild).value for cards in showing]
    return _best(values)[0]
