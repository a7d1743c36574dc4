"""The compiled solver against an independent reference on stored full ten-trick deals.

tests/vectors/preferans-solver/full_deals.jsonl holds random whole deals solved by
:mod:`preferans.reference`, a pure-Python search that shares no code with the solver (see the
README beside the file). Rules 30–32 of 001_776ed664a35a376f.txt (the play goes to the left;
follow suit, else trump, else any card) and rule 22 (a misère declarer takes as few tricks as
he can) are what both implement.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cardtable.cards import Suit, parse_cards
from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.solver import Position, solve
from cardtable.preferans.tricks import DECK
from preferans.minimax import minimax
from preferans.reference import declarer_tricks

FULL_DEALS = Path(__file__).parent.parent / "vectors" / "preferans-solver" / "full_deals.jsonl"


def stored_deals() -> list[dict[str, Any]]:
    """Every line of the data file."""
    lines = FULL_DEALS.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_the_reference_search_takes_the_exhaustive_minimax_number_of_tricks() -> None:
    """Rules 22 and 30–32.

    Before it is trusted on whole deals, the reference agrees with the plain minimax (every
    legal card tried everywhere, nothing pruned) in 150 random endgames of two to four cards
    a hand, every strain and misère.
    """
    rng = random.Random(44)
    for _ in range(150):
        size = rng.randint(2, 4)
        cards = rng.sample(DECK, 3 * size)
        hands = (cards[:size], cards[size : 2 * size], cards[2 * size :])
        misere = rng.random() < 0.3
        trump = None if misere else rng.choice([None, *Suit])
        declarer, leader = rng.randrange(3), rng.randrange(3)
        held = (frozenset(hands[0]), frozenset(hands[1]), frozenset(hands[2]))
        position = Position(held, declarer, leader, trump, misere)
        assert declarer_tricks(hands, declarer, leader, trump, misere) == minimax(position)


def test_every_stored_full_deal_is_a_legal_deal_after_the_talon_and_discard() -> None:
    """Rules 8 and 21: three hands of ten, the talon taken by the declarer and two discarded.

    The thirty cards in play and the discard are thirty-two different cards, and the talon
    is in the declarer's hand or his discard.
    """
    deals = stored_deals()
    assert len(deals) >= 100
    for deal in deals:
        hands = [parse_cards(hand) for hand in deal["hands"]]
        discard, talon = parse_cards(deal["discard"]), parse_cards(deal["talon"])
        assert [len(hand) for hand in hands] == [10, 10, 10]
        assert len({*hands[0], *hands[1], *hands[2], *discard}) == 32
        assert set(talon) <= set(hands[deal["declarer"]]) | set(discard)


def test_the_solver_takes_the_reference_number_of_tricks_in_every_stored_full_deal() -> None:
    """Rules 22 and 30–32.

    For every stored deal (hands, declarer, leader, contract: any strain or misère) the
    compiled solver's tricks for the declarer are the reference search's.
    """
    wrong = []
    for deal in stored_deals():
        hands = [parse_cards(hand) for hand in deal["hands"]]
        contract = parse_contract(deal["contract"])
        position = Position.start(hands, deal["declarer"], deal["leader"], contract)
        if solve(position) != deal["declarer_tricks"]:
            wrong.append(deal["deal"])
    assert not wrong, f"deals where the solver differs: {wrong}"
