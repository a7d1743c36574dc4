"""Tricks as pure functions: the order of a hand, which cards may follow, who takes the trick.

Clauses cite the seed 001_776ed664a35a376f.txt, preferans rules 2–3 and 31–32.
"""

from __future__ import annotations

from cardtable.cards import Suit, parse_cards
from cardtable.preferans.tricks import following, sorted_cards, winner_index


def test_a_hand_is_arranged_by_suit_spades_clubs_diamonds_hearts_then_by_rank() -> None:
    """001, preferans rules 2–3: ranks 7 to ace; suits «пики, трефы, бубны, червы»."""
    hand = parse_cards("A♥ 7♠ K♣ 10♦ 8♠ J♣")
    assert [card.text() for card in sorted_cards(hand)] == ["7♠", "8♠", "J♣", "K♣", "10♦", "A♥"]


def test_suit_must_be_followed_else_trumped_else_any_card() -> None:
    """001, preferans rules 31–32: «На заход отвечают в масть … перекрывают козырем»; else any."""
    hand = list(parse_cards("A♠ 7♥ 8♣ 9♣"))
    assert following(hand, led=Suit.CLUBS, trump=Suit.HEARTS) == list(parse_cards("8♣ 9♣"))
    assert following(hand, led=Suit.DIAMONDS, trump=Suit.HEARTS) == list(parse_cards("7♥"))
    assert following(hand, led=Suit.DIAMONDS, trump=Suit.SPADES) == list(parse_cards("A♠"))
    assert following(hand, led=Suit.DIAMONDS, trump=None) == hand
    assert following(hand, led=None, trump=Suit.HEARTS) == hand


def test_the_lowest_trump_beats_the_ace_of_the_suit_led() -> None:
    """001, preferans rule 31: a trump «перекрывает» the suit led; among trumps the higher wins."""
    assert winner_index(parse_cards("A♦ 7♥ K♦"), trump=Suit.HEARTS) == 1
    assert winner_index(parse_cards("A♦ 7♥ 8♥"), trump=Suit.HEARTS) == 2
    assert winner_index(parse_cards("10♦ A♣ J♦"), trump=Suit.HEARTS) == 2


def test_a_trick_led_by_a_talon_card_is_won_in_the_talons_suit() -> None:
    """001, preferans rule 29: in an all-pass the talon card is led and «сбрасывают карты в масть».

    The suit led is the talon card's, not that of the first card a player put on it.
    """
    played = parse_cards("8♠ A♥ 9♠")
    assert winner_index(played, trump=None, led=Suit.SPADES) == 2
    assert winner_index(played, trump=None, led=Suit.HEARTS) == 1
