"""Piquet for three: ten cards each, the dealer's two-card talon, twenty for repique and pique.

Clauses cite the seed 001_776ed664a35a376f.txt, the section for three players after rule 50.
Seat 0 deals; seat 1 sits on his left and leads first.
"""

from __future__ import annotations

import pytest

from cardtable.cards import parse_cards
from cardtable.errors import IllegalAction
from cardtable.piquet.actions import parse_action
from piquet.tables import act, play_out, three_hand_deal

DEALER_HAND = "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♥ 7♥ 8♦ 7♦"
FIRST_HAND = "8♠ 7♠ A♥ K♥ Q♥ A♦ K♦ Q♦ 9♣ 8♣"
SECOND_HAND = "J♥ 10♥ 9♥ J♦ 10♦ 9♦ A♣ K♣ Q♣ J♣"
TALON = "10♣ 7♣"


def test_the_dealer_alone_has_the_talon_and_takes_both_cards_or_none() -> None:
    """001, piquet for three: 'Прикупать необходимо две карты, прикупать только одну нельзя'."""
    deal = three_hand_deal(FIRST_HAND, SECOND_HAND, DEALER_HAND, TALON)
    assert deal.to_move == 0
    with pytest.raises(IllegalAction, match="must discard 2 cards, not 1"):
        deal.apply(parse_action("discard 7♦"))
    act(deal, "discard 8♦ 7♦")
    assert set(deal.hands[0]) == set(parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♥ 7♥ 10♣ 7♣"))


def test_twenty_in_hand_is_a_repique_of_ninety_and_the_dealer_declares_first() -> None:
    """001, piquet for three: the dealer begins; twenty before a lead becomes ninety."""
    deal = three_hand_deal(FIRST_HAND, SECOND_HAND, DEALER_HAND, TALON)
    act(deal, "refuse talon", "look", "look", "look")
    assert deal.to_move == 0
    act(deal, "declare point 6", "good", "good", "trust", "trust")
    act(deal, "declare sequence 6", "good", "good", "trust", "trust")
    # point 6 and sixième 16: 22, past twenty with nobody else counted: 92.
    assert deal.counts == {0: 92, 1: 0, 2: 0}
    act(deal, "sink", "sink", "declare trio J", "trust", "trust")
    assert deal.counts == {0: 92, 1: 0, 2: 3}
    assert deal.phase == "play"
    assert deal.to_move == 1


def test_a_capot_for_three_scores_twenty() -> None:
    """001, piquet for three: 'за него пишут только 20 очков'; the left of the dealer leads."""
    deal = three_hand_deal(
        "A♠ K♠ Q♠ A♥ K♥ Q♥ A♦ K♦ Q♦ A♣",
        "J♠ 10♠ 9♠ J♥ 10♥ 9♥ J♦ 10♦ 9♦ K♣",
        "8♠ 7♠ 8♥ 7♥ 8♦ 7♦ Q♣ J♣ 10♣ 9♣",
        "8♣ 7♣",
    )
    act(deal, "refuse talon", "look", "look", "look", "declare point 4", "good", "good")
    act(deal, "trust", "trust", "declare sequence 4", "good", "good", "trust", "trust")
    act(deal, "sink", "declare fourteen A", "good", "trust", "trust")
    # The dealer's point 4 and quart 4; seat 1's fourteen aces and trios of kings and queens,
    # which take in all ten of his cards: a carte rouge (rule 41).
    assert deal.counts == {0: 8, 1: 14 + 3 + 3 + 20, 2: 0}
    assert deal.to_move == 1
    play_out(deal)
    outcome = deal.outcome()
    assert outcome.tricks == {0: 0, 1: 10, 2: 0}
    assert outcome.counts == {0: 8, 1: 40 + 10 + 20, 2: 0}
    assert "capot" in outcome.tags


def test_twenty_by_hand_and_leads_is_a_pique_of_sixty_and_the_most_tricks_take_the_lesa() -> None:
    """001, piquet for three: 'сосчитавший до двадцати при ходах, говорит шестьдесят'.

    And 'Игрок, взявший наибольшее количество взяток, присчитывает десять за лезу'.
    """
    deal = three_hand_deal(
        "A♠ K♠ Q♠ J♠ 9♠ A♥ K♥ A♦ K♦ 7♦",
        "A♣ K♣ Q♣ 9♣ 10♠ 8♠ 7♠ Q♥ J♥ 10♥",
        "J♣ 10♣ 7♣ 9♥ 8♥ 7♥ Q♦ J♦ 10♦ 9♦",
        "8♣ 8♦",
    )
    act(deal, "refuse talon", "look", "look", "look")
    # Point 5 (50 pips) over the dealer's 4; quart major over his quart to the queen; trios
    # of aces and kings: 15 in hand, one card (7♦) in nothing, the others nothing.
    act(deal, "declare point 4", "not good", "good", "trust", "trust")
    act(deal, "declare sequence 4", "equal", "good", "trust", "trust")
    act(deal, "sink", "declare trio A", "good", "trust", "trust")
    assert deal.counts == {0: 0, 1: 15, 2: 0}
    act(deal, "play A♠", "play 7♠", "play 7♣", "play K♠", "play 8♠", "play 10♣")
    act(deal, "play Q♠", "play 10♠", "play J♣", "play J♠", "play 9♣", "play 7♥")
    assert deal.counts[1] == 19
    act(deal, "play 9♠")
    assert deal.counts[1] == 60
    act(deal, "play Q♣", "play 8♥", "play A♥", "play 10♥", "play 9♥", "play K♥", "play J♥")
    act(deal, "play 9♦", "play A♦", "play Q♥", "play 10♦", "play K♦", "play K♣", "play J♦")
    act(deal, "play 7♦", "play A♣", "play Q♦")
    outcome = deal.outcome()
    # Ten leads in all (65); the dealer takes the last trick on another's lead (1 + 3).
    assert outcome.tricks == {0: 1, 1: 9, 2: 0}
    assert outcome.counts == {0: 4, 1: 65 + 10, 2: 0}
    assert sorted(outcome.tags) == ["lesa", "pique"]


def test_the_capot_for_three_does_not_make_a_pique() -> None:
    """001, piquet for three: a pique is «сосчитавший до двадцати при ходах»; the capot is not.

    Nobody declares; ten leads are 10 and the capot's 20 after the last trick makes 30, not
    the 70 of a pique.
    """
    deal = three_hand_deal(
        "A♠ K♠ Q♠ A♥ K♥ Q♥ A♦ K♦ Q♦ A♣",
        "J♠ 10♠ 9♠ J♥ 10♥ 9♥ J♦ 10♦ 9♦ K♣",
        "8♠ 7♠ 8♥ 7♥ 8♦ 7♦ Q♣ J♣ 10♣ 9♣",
        "8♣ 7♣",
    )
    act(deal, "refuse talon", "look", "look", "look", *["sink"] * 9)
    assert deal.phase == "play"
    play_out(deal)
    outcome = deal.outcome()
    assert outcome.counts == {0: 0, 1: 10 + 20, 2: 0}
    assert outcome.tags == ("capot",)
