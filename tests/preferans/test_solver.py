"""The double-dummy solver against an exhaustive minimax over the engine's trick rules.

Rules 30–32 of 001_776ed664a35a376f.txt (the play goes to the left; follow suit, else trump,
else any card) are what both sides implement; rule 22 makes a misère a declarer who minimises.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardtable.cards import Card, Suit, parse_cards
from cardtable.preferans.contracts import MISERE, parse_contract
from cardtable.preferans.solver import (
    Position,
    PositionError,
    analyse,
    card_values,
    paranoid,
    position_of_deal,
    replay,
    solve,
)
from cardtable.preferans.tricks import DECK
from preferans.helpers import play, table
from preferans.minimax import minimax

TRUMPS: list[Suit | None] = [None, *Suit]


def random_position(rng: random.Random, size: int) -> Position:
    """``size`` cards a hand from a shuffled deck.

    Any strain or a misère, and up to two cards already on the table (played legally at random).
    """
    cards = rng.sample(DECK, 3 * size)
    hands = (
        frozenset(cards[:size]),
        frozenset(cards[size : 2 * size]),
        frozenset(cards[2 * size :]),
    )
    misere = rng.random() < 0.3
    trump = None if misere else rng.choice(TRUMPS)
    position = Position(hands, rng.randrange(3), rng.randrange(3), trump, misere)
    for _ in range(rng.randrange(3)):
        position = position.play(rng.choice(position.legal()))
    return position


def child_value(position: Position, card: Card) -> int:
    """The declarer's tricks from ``position`` on after ``card``, by minimax."""
    after = position.play(card)
    gained = after.taken[position.declarer] - position.taken[position.declarer]
    return gained + minimax(after)


def test_solver_takes_the_minimax_number_of_tricks_in_random_endgames() -> None:
    """Rules 30–32.

    In 400 endgames of 3 to 5 cards a hand (trick in progress or not, every strain, misère) the
    solver's tricks are the exhaustive minimax's.
    """
    rng = random.Random(2026)
    for _ in range(400):
        position = random_position(rng, rng.randint(3, 5))
        assert solve(position) == minimax(position), position


def test_every_legal_card_is_valued_as_the_minimax_values_it() -> None:
    """Rules 30–32.

    The value of each legal card of the seat to move, in 120 endgames, is the minimax value
    after that card (equivalent cards included).
    """
    rng = random.Random(7)
    for _ in range(120):
        position = random_position(rng, rng.randint(3, 5))
        values = card_values(position)
        assert set(values) == set(position.legal())
        for card, tricks in values.items():
            assert tricks == child_value(position, card), (position, card)


def test_seven_card_middles_agree_with_the_minimax() -> None:
    """Rules 30–32.

    Three positions of seven cards a hand, deep enough for the transposition table and quick
    tricks to matter, agree with the minimax.
    """
    rng = random.Random(11)
    for _ in range(3):
        position = random_position(rng, 7)
        assert solve(position) == minimax(position)


KOVALEVSKAYA = (
    parse_cards("♠7 8 9 10, ♦7 8 9, ♣8, ♥8 9"),  # South, the declarer, seat 0
    parse_cards("♠K A, ♦A, ♣10 J Q, ♥10 Q K A"),  # West, seat 1, on South's left
    parse_cards("♠J Q, ♦10 J Q K, ♣7 9, ♥7 J"),  # East, seat 2, who leads
)


def test_kovalevskaya_misere_is_caught_for_one_trick() -> None:
    """Rule 22 and rule 30 (the play goes clockwise, to the left).

    With South 0, West 1, East 2 clockwise and East leading, the defenders catch the misère for
    one trick.
    """
    position = Position.start(KOVALEVSKAYA, declarer=0, leader=2, contract=MISERE)
    solution = analyse(position)
    assert solution.declarer_tricks == 1
    assert {card for card, tricks in solution.cards.items() if tricks == 1} == set(
        parse_cards("♦10 J Q K")
    )


def test_a_hand_of_all_trumps_and_top_spades_takes_every_trick() -> None:
    """Rules 30–32.

    The declarer holding all eight trumps and the ace and king of spades takes all ten tricks
    whoever leads, and a misère of the lowest cards takes none.
    """
    top = parse_cards("♥7 8 9 10 J Q K A, ♠A K")
    rest = [card for card in DECK if card not in top]
    for leader in range(3):
        hands: tuple[Sequence[Card], ...] = (top, rest[:10], rest[10:20])
        assert solve(Position.start(hands, 0, leader, parse_contract("10♥"))) == 10
    low = parse_cards("♠7 8, ♣7 8, ♦7 8, ♥7 8 9 10")
    others = [card for card in DECK if card not in low]
    hands = (others[:10], low, others[10:20])
    assert solve(Position.start(hands, 1, 0, MISERE)) == 0


def test_tricks_already_taken_count_in_the_whole_deal_answer() -> None:
    """Rule 30: after a played trick the answer adds the tricks taken to the best from here."""
    played = parse_cards("J♠ 7♠ A♠")  # East leads, South follows low, West wins
    position = replay(KOVALEVSKAYA, 0, 2, MISERE, played)
    assert position.leader == 1
    assert position.taken == (0, 1, 0)
    assert analyse(position).declarer_tricks == solve(position)


def test_a_revoke_is_refused_when_replaying() -> None:
    """Rule 31: a card that does not follow suit when the hand can is refused."""
    with pytest.raises(PositionError, match="does not follow"):
        replay(KOVALEVSKAYA, 0, 2, MISERE, parse_cards("J♠ 8♣"))


def test_all_pass_paranoid_values_are_each_seats_misere_value() -> None:
    """Rule 29 (all-pass, no trumps, each for himself).

    A seat's paranoid tricks are what the other two can force on him, the no-trump misère
    minimax with him as declarer.
    """
    rng = random.Random(3)
    for _ in range(30):
        cards = rng.sample(DECK, 12)
        hands = (cards[:4], cards[4:8], cards[8:])
        leader = rng.randrange(3)
        answers = paranoid(hands, leader)
        for seat in range(3):
            expected = minimax(Position.start(hands, seat, leader, MISERE))
            assert answers[seat] == expected


def test_a_four_handed_deal_is_solved_among_the_three_active_seats() -> None:
    """Rule 14: with four players the dealer sits out of the solver's three seats.

    Seats 0, 1, 2 are the first, second and third hands, and the engine's deal gives the same
    answer as its hands written out.
    """
    first, second = "♠7 8 9 ♣7 8 9 ♦7 8 ♥7 8", "♠10 J Q ♣10 J ♦9 10 J ♥9 10"
    third = "♠K A ♣Q K A ♦Q K A ♥J Q"
    match, deal = table(first, second, third, "♥K A", players=4)
    play(match, "pass", "pass", "8♥", "discard Q♣ Q♦", "8♥", "whist", "whist")
    position, seats = position_of_deal(deal)
    assert seats == (1, 2, 3)
    assert (position.declarer, position.leader) == (2, 0)
    declarer = [c for c in parse_cards(third + " ♥K A") if c not in parse_cards("Q♣ Q♦")]
    hands = (parse_cards(first), parse_cards(second), declarer)
    assert solve(position) == solve(Position.start(hands, 2, 0, parse_contract("8♥")))


def test_a_deal_played_to_the_end_answers_with_the_tricks_taken() -> None:
    """Rule 30: the tricks taken stay counted mid-trick, and at the end they are the answer."""
    hands = (parse_cards("A♠ 7♥"), parse_cards("K♠ 8♥"), parse_cards("Q♠ 9♥"))
    position = replay(hands, 0, 1, parse_contract("6NT"), parse_cards("K♠ Q♠ A♠ 7♥ 8♥ 9♥"))
    solution = analyse(position)
    assert (solution.declarer_tricks, dict(solution.cards)) == (1, {})
    halfway = replay(hands, 0, 1, parse_contract("6NT"), parse_cards("K♠ Q♠ A♠ 7♥"))
    assert halfway.taken == (1, 0, 0)
    assert analyse(halfway).declarer_tricks == 1
