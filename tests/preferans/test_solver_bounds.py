"""The solver's shortcuts at a trick boundary hold wherever they claim, checked by the minimax.

Each test draws random endgames, keeps those where a bound of the compiled search
(cardtable/preferans/_kernels/bounds.py) applies, and checks its claim against the exhaustive
minimax.
Rules 30–32 of 001_776ed664a35a376f.txt (the play goes to the left; follow suit, else trump,
else any card) and rule 22 (a misère declarer takes as few tricks as he can) are what both
follow.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from cardtable.cards import Suit
from cardtable.preferans import _kernels
from cardtable.preferans._kernels import bounds
from cardtable.preferans.solver import Position, mask
from cardtable.preferans.tricks import DECK
from preferans.minimax import minimax


def positions_where(
    applies: Callable[[Position, list[int]], bool],
    *,
    misere: bool,
    seed: int,
    wanted: int = 40,
) -> list[Position]:
    """Random endgames of two to five cards a hand in which ``applies`` holds."""
    rng = random.Random(seed)
    found: list[Position] = []
    for _ in range(20_000):
        size = rng.randint(2, 5)
        cards = rng.sample(DECK, 3 * size)
        hands = (frozenset(cards[:size]), frozenset(cards[size : 2 * size]))
        held = (*hands, frozenset(cards[2 * size :]))
        trump = None if misere else rng.choice(list(Suit))
        position = Position(held, rng.randrange(3), rng.randrange(3), trump, misere)
        if applies(position, [mask(hand) for hand in position.hands]):
            found.append(position)
            if len(found) == wanted:
                break
    assert len(found) == wanted
    return found


def seats(position: Position, masks: list[int]) -> tuple[int, int, int]:
    """The declarer's mask and each defender's, in the order of play after him."""
    declarer = position.declarer
    return masks[declarer], masks[(declarer + 1) % 3], masks[(declarer + 2) % 3]


def test_a_clean_misere_declarer_not_on_lead_takes_no_more_tricks() -> None:
    """Rules 22 and 31: playing his lowest card and discarding top cards, he never wins a trick."""

    def clean(position: Position, masks: list[int]) -> bool:
        return position.leader != position.declarer and _kernels.misere_is_clean(
            *seats(position, masks)
        )

    for position in positions_where(clean, misere=True, seed=1):
        assert minimax(position) == 0, position


def test_a_misere_declarer_is_caught_when_a_defender_leads_a_suit_he_must_win() -> None:
    """Rule 31: he must follow with a card above every defender's card of the suit."""

    def caught(position: Position, masks: list[int]) -> bool:
        mine, first, second = seats(position, masks)
        leader = masks[position.leader]
        return position.leader != position.declarer and _kernels.misere_is_caught(
            mine, first | second, leader
        )

    for position in positions_where(caught, misere=True, seed=2):
        assert minimax(position) >= 1, position


def test_a_misere_declarer_on_lead_takes_the_trick_when_both_defenders_can_play_under() -> None:
    """Rules 30–31: with no trumps, a card led that nobody must overtake wins the trick."""

    def wins(position: Position, masks: list[int]) -> bool:
        return position.leader == position.declarer and _kernels.misere_lead_wins(
            *seats(position, masks)
        )

    for position in positions_where(wins, misere=True, seed=3):
        assert minimax(position) >= 1, position


def test_a_misere_declarer_on_lead_with_every_card_on_top_takes_every_trick() -> None:
    """Rules 30–31: each card he leads wins and he leads again."""

    def on_top(position: Position, masks: list[int]) -> bool:
        mine, first, second = seats(position, masks)
        return position.leader == position.declarer and _kernels.misere_takes_all(
            mine, first | second
        )

    for position in positions_where(on_top, misere=True, seed=4, wanted=20):
        assert minimax(position) == position.tricks_left, position


def test_a_trump_above_every_trump_of_the_other_side_is_a_trick_for_its_side() -> None:
    """Rule 30: the highest trump of a trick takes it, so such a trump wins whenever played.

    The declarer's count in full; the defenders' as many as the better defender holds.
    """

    def sure(position: Position, masks: list[int]) -> bool:
        assert position.trump is not None
        held = np.array(masks, dtype=np.int64)
        ours, theirs = bounds.sure_trumps(held, int(position.trump), position.declarer)
        return ours + theirs > 0

    for position in positions_where(sure, misere=False, seed=5):
        masks = [mask(hand) for hand in position.hands]
        assert position.trump is not None
        held = np.array(masks, dtype=np.int64)
        ours, theirs = bounds.sure_trumps(held, int(position.trump), position.declarer)
        assert ours <= minimax(position) <= position.tricks_left - theirs, position
