"""The lesa: for two, more than six tricks; for three, the most tricks alone.

The seed (001_776ed664a35a376f.txt) says for two, rule 40, «Лезой называется то, когда игрок
взял более шести взяток. За это он присчитывает себе десять»; for three, «Игрок, взявший
наибольшее количество взяток, присчитывает десять за лезу». Deals are played out at random from
fixed seeds and the outcome of each is checked against the sentence, so the tests tell "the
most" from "a majority".
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardtable.engine import Event, seeded_rng
from cardtable.piquet.deal import PiquetDeal, PiquetOutcome
from cardtable.piquet.game import PIQUET


def _random_deals(players: int, count: int) -> list[tuple[PiquetOutcome, tuple[Event, ...]]]:
    """``count`` deals for ``players``, each played by random legal moves from its own seed."""
    played = []
    for seed in range(count):
        match = PIQUET.new_match(PIQUET.rules(), [f"P{n}" for n in range(players)])
        deal = match.start_deal(seeded_rng(seed))
        assert isinstance(deal, PiquetDeal)
        moves = random.Random(seed)
        while not deal.is_over:
            match.apply(moves.choice(deal.legal_actions()))
        played.append((deal.outcome(), tuple(deal.events)))
    return played


def _lesa_counted(events: tuple[Event, ...]) -> list[int | None]:
    return [event.seat for event in events if event.kind == "count" and "the lesa" in event.text]


def _first(
    deals: list[tuple[PiquetOutcome, tuple[Event, ...]]],
    shape: Callable[[list[int]], bool],
) -> tuple[PiquetOutcome, tuple[Event, ...]]:
    """The first deal, played without a molchanka, whose tricks (high to low) have ``shape``."""
    for outcome, events in deals:
        tricks = sorted(outcome.tricks.values(), reverse=True)
        if "molchanka" not in " ".join(outcome.tags) and shape(tricks):
            return outcome, events
    raise AssertionError("no deal of that shape among the seeds tried")


THREE = _random_deals(3, 120)
TWO = _random_deals(2, 120)


def test_for_three_the_most_tricks_take_the_lesa_without_a_majority() -> None:
    """001, piquet for three: the most tricks count ten, though they are not more than half."""
    outcome, events = _first(THREE, lambda t: t[0] > t[1] and 2 * t[0] <= sum(t))
    leader = max(outcome.tricks, key=outcome.tricks.__getitem__)
    assert _lesa_counted(events) == [leader]


def test_for_three_a_tie_for_the_most_tricks_takes_no_lesa() -> None:
    """001, piquet for three: «наибольшее количество» belongs to one player or to nobody."""
    _, events = _first(THREE, lambda t: t[0] == t[1])
    assert _lesa_counted(events) == []


def test_for_two_six_tricks_each_take_no_lesa() -> None:
    """001, piquet rule 40: the lesa is «более шести взяток»; six of twelve is not."""
    _, events = _first(TWO, lambda t: t[0] == t[1])
    assert _lesa_counted(events) == []


def test_for_two_seven_tricks_take_the_lesa() -> None:
    """001, piquet rule 40: seven tricks are «более шести» and count ten."""
    outcome, events = _first(TWO, lambda t: t[0] == 7)
    leader = max(outcome.tricks, key=outcome.tricks.__getitem__)
    assert _lesa_counted(events) == [leader]
