"""Local hands, low hands, three- and two-card poker, showing hands in stud, rule files."""

from __future__ import annotations

import pytest

from cardtable.cards import parse_cards
from cardtable.errors import RulesError
from cardtable.poker import (
    Category,
    HandRules,
    category_order,
    evaluate,
    evaluate_high_low,
    evaluate_low,
    first_to_bet,
    hand_rules_from_toml,
    is_bobtail,
    showdown,
)
from cardtable.poker.hands import Evaluation

FOUR_FLUSH = HandRules(four_flush=True)
LOWBALL = HandRules(low="lowball", wild=("jokers",))
HIGH_LOW = HandRules(low="high-low", wild=("jokers",))
THREE = HandRules(three_card=True)
TWO = HandRules(two_card=True, wild=("deuces",))


def hand(text: str, rules: HandRules) -> Evaluation:
    return evaluate(parse_cards(text), rules)


def low(text: str, rules: HandRules) -> int:
    return evaluate_low(parse_cards(text), rules).value


def test_a_four_flush_beats_a_pair_and_loses_to_two_pair() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь, Дополнительные правила 4.

    "Он старше пары, но слабее двух пар."
    """
    four = hand("A♠ 9♠ 7♠ 3♠ 8♦", FOUR_FLUSH)
    assert four.category is Category.FOUR_FLUSH
    assert four.value > hand("A♦ A♣ K♦ Q♣ J♥", FOUR_FLUSH).value
    assert four.value < hand("2♦ 2♣ 3♦ 3♣ 4♥", FOUR_FLUSH).value
    assert hand("A♠ 9♠ 7♠ 3♠ 8♦", HandRules()).category is Category.HIGH_CARD


def test_a_four_flush_also_decides_who_bets_first_in_stud() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь 4: also "при определении начала круга ставок"."""
    showing = [parse_cards("K♠ K♦ 3♣ 2♥"), parse_cards("9♥ 7♥ 5♥ 2♥")]
    assert first_to_bet(showing, FOUR_FLUSH) == 1
    assert first_to_bet(showing, HandRules()) == 0


def test_a_blaze_of_five_court_cards_ranks_where_the_players_place_it() -> None:
    """002_053e85955f9a4108.txt, Покерные расклады.

    Local hands such as the blaze; their place in the ranking is agreed before play.
    """
    blaze = HandRules(blaze=True)
    court = hand("K♠ K♦ Q♣ J♥ J♠", blaze)
    assert court.category is Category.BLAZE
    assert court.value > hand("A♠ A♦ K♣ K♥ 2♠", blaze).value
    assert court.value < hand("2♠ 2♦ 2♣ 9♥ 3♠", blaze).value
    above_straight = HandRules(blaze=True, blaze_above="straight")
    assert (
        hand("K♠ K♦ Q♣ J♥ J♠", above_straight).value > hand("9♠ 8♦ 7♣ 6♥ 5♠", above_straight).value
    )
    assert hand("K♠ K♦ K♣ J♥ J♠", blaze).category is Category.FULL_HOUSE


def test_a_blaze_placed_above_an_unplayed_four_flush_ranks_between_pair_and_two_pair() -> None:
    """002_053e85955f9a4108.txt, Покерные расклады; docs/rules/poker.md, "local hands (blaze)".

    The place agreed is the four flush's, just above one pair, even where the four flush
    itself counts for nothing: the blaze then ranks below two pair, so a two pair of court
    cards plays as two pair and loses to aces up.
    """
    rules = HandRules(blaze=True, blaze_above="four_flush")
    order = category_order(rules)
    assert order[: order.index(Category.TWO_PAIR) + 1] == (
        Category.HIGH_CARD,
        Category.ONE_PAIR,
        Category.FOUR_FLUSH,
        Category.BLAZE,
        Category.TWO_PAIR,
    )
    assert showdown(
        [parse_cards("K♠ K♦ Q♣ Q♥ J♠"), parse_cards("A♠ A♦ 9♣ 9♥ 2♠")], rules
    ).winners == (1,)


def test_a_bobtail_opens_but_an_ace_or_four_ended_straight_does_not() -> None:
    """002_053e85955f9a4108.txt, Валет или бобтейл.

    Four of a suit, or four in sequence but not A-K-Q-J or 4-3-2-A; these hands have no value at the
    showdown.
    """
    assert is_bobtail(parse_cards("A♠ 9♠ 7♠ 3♠ 8♦"))
    assert is_bobtail(parse_cards("9♠ 8♦ 7♣ 6♥ 2♦"))
    assert not is_bobtail(parse_cards("A♠ K♦ Q♣ J♥ 2♦"))
    assert not is_bobtail(parse_cards("4♠ 3♦ 2♣ A♥ 9♦"))
    assert is_bobtail(parse_cards("5♠ 4♦ 3♣ 2♥ 9♦"))
    assert is_bobtail(parse_cards("K♠ Q♦ J♣ 10♥ 2♦"))
    assert not is_bobtail(parse_cards("A♠ 3♦ 4♣ 5♥ 9♠"))
    assert not is_bobtail(parse_cards("Jo"))
    assert hand("9♠ 8♦ 7♣ 6♥ 2♦", HandRules(bobtail=True)).category is Category.HIGH_CARD


def test_in_lowball_aces_are_low_straights_and_flushes_do_not_count_and_the_wheel_is_lowest() -> (
    None
):
    """002_053e85955f9a4108.txt, Лоуболл 5.

    Aces always lowest, straights and flushes ignored, 5-4-3-2-A is the lowest hand whatever its
    suits.
    """
    wheel = low("5♠ 4♠ 3♠ 2♠ A♠", LOWBALL)
    assert wheel > low("6♦ 4♣ 3♥ 2♠ A♦", LOWBALL)
    assert low("6♦ 4♣ 3♥ 2♠ A♦", LOWBALL) > low("6♠ 5♣ 3♦ 2♥ A♠", LOWBALL)
    assert low("K♦ Q♣ 9♥ 7♠ 3♦", LOWBALL) > low("2♦ 2♣ 3♥ 4♠ 5♦", LOWBALL)
    result = showdown([parse_cards("5♠ 4♠ 3♠ 2♠ A♠"), parse_cards("6♦ 4♣ 3♥ 2♦ A♦")], LOWBALL)
    assert result.winners == (0,)


def test_in_lowball_a_joker_is_the_lowest_card_the_hand_lacks() -> None:
    """002_053e85955f9a4108.txt, Лоуболл.

    "Джокер может выступать в роли любой карты, отсутствующей у игрока".
    """
    result = evaluate_low(parse_cards("Jo 5♠ 4♦ 3♣ 2♥"), LOWBALL)
    assert result.wild[0][1].text().startswith("A")
    assert result.value == low("A♦ 5♠ 4♦ 3♣ 2♥", LOWBALL) - 1  # one wild card: just worse


def test_in_high_low_six_four_three_two_ace_is_the_lowest_natural_hand() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Иерархия раскладов.

    The ace is low, straights and flushes count, so 6-4-3-2-A of mixed suits is the lowest
    hand; 9-7-6-5-4 is lower than 9-8-4-3-2.
    """
    rules = HandRules(low="high-low")
    assert low("6♦ 4♣ 3♥ 2♠ A♦", rules) > low("5♦ 4♣ 3♥ 2♠ A♦", rules)
    assert low("6♦ 4♣ 3♥ 2♠ A♦", rules) > low("6♦ 4♦ 3♦ 2♦ A♦", rules)
    assert low("9♦ 7♣ 6♥ 5♠ 4♦", rules) > low("9♠ 8♣ 4♥ 3♠ 2♦", rules)


def test_in_high_low_a_joker_is_an_unpaired_low_ace_so_four_three_two_ace_joker_is_lowest() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Козыри.

    "джокер котируется наравне с младшим тузом, не будучи парным к нему… 4, 3, 2, Т, козырь
    становится низшим".
    """
    assert low("4♦ 3♣ 2♥ A♠ Jo", HIGH_LOW) > low("6♦ 4♣ 3♥ 2♠ A♦", HIGH_LOW)


def test_high_low_names_the_high_and_the_low_winners() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше»: the highest and lowest hands split."""
    hands = [
        parse_cards("K♠ K♦ K♣ 9♥ 2♠"),
        parse_cards("6♦ 4♣ 3♥ 2♦ A♦"),
        parse_cards("Q♠ Q♦ 8♣ 7♥ 5♠"),
    ]
    result = showdown(hands, HandRules(low="high-low"))
    assert result.winners == (0,)
    assert result.low_winners == (1,)


def test_the_ace_counts_high_or_low_at_the_players_choice_for_high() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Иерархия карт.

    For high the ace is the highest or the lowest card as the player wishes.
    """
    both = evaluate(parse_cards("5♦ 4♣ 3♥ 2♠ A♦"), HandRules(low="high-low"))
    assert both.category is Category.STRAIGHT


def test_three_card_poker_ranks_trips_above_straight_flush_flush_straight_pair() -> None:
    """002_053e85955f9a4108.txt, Трехкарточный покер.

    Тройки, стрит-флеш, флеш, стрит, пара, старшая карта.
    """
    ladder = ["2♠ 2♦ 2♣", "A♥ K♥ Q♥", "A♣ 9♣ 4♣", "Q♠ J♦ 10♣", "A♠ A♦ K♣", "A♦ K♣ 9♥"]
    values = [hand(text, THREE).value for text in ladder]
    assert values == sorted(values, reverse=True)
    assert [hand(t, THREE).category for t in ladder] == [
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
        Category.FLUSH,
        Category.STRAIGHT,
        Category.ONE_PAIR,
        Category.HIGH_CARD,
    ]


def test_two_card_poker_has_only_pairs_and_high_cards_usually_with_wild_cards() -> None:
    """002_053e85955f9a4108.txt, Двухкарточный покер: the only hands are pairs and high cards."""
    assert hand("A♠ 2♦", TWO).category is Category.ONE_PAIR
    assert hand("K♠ K♦", TWO).value < hand("A♠ A♦", TWO).value
    assert hand("A♠ A♦", TWO).value > hand("A♣ 2♦", TWO).value
    assert hand("9♥ 8♥", TWO).category is Category.HIGH_CARD


def test_the_highest_showing_card_bets_first_and_the_joker_is_above_the_ace() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь, Первый круг ставок.

    Highest up card; the joker is above the ace; equal cards, the player nearer the dealer's left.
    """
    rules = HandRules(wild=("jokers",))
    assert first_to_bet([parse_cards("A♠"), parse_cards("Jo"), parse_cards("A♦")], rules) == 1
    assert first_to_bet([parse_cards("Q♠"), parse_cards("A♦"), parse_cards("A♣")]) == 1


def test_showing_pairs_and_trips_beat_high_cards_in_stud() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь: the highest showing hand bets each round."""
    showing = [parse_cards("A♠ K♦ Q♣"), parse_cards("3♠ 3♦ 7♣"), parse_cards("2♥ 2♣ 2♦")]
    assert first_to_bet(showing) == 2
    assert first_to_bet(showing[:2]) == 1


def test_in_stud_lowball_the_lowest_showing_hand_bets_first() -> None:
    """002_053e85955f9a4108.txt, Гвоздь-мизер: the lowest showing hand begins each round."""
    showing = [parse_cards("K♠ 9♦"), parse_cards("3♠ 2♦"), parse_cards("4♥ 4♣")]
    assert first_to_bet(showing, HandRules(low="lowball")) == 1


def test_rules_read_from_toml_and_contradictions_are_refused() -> None:
    """002_053e85955f9a4108.txt, Козырные карты: the wild cards are agreed before play."""
    rules = hand_rules_from_toml('[rules]\nwild = ["deuces"]\nfour_flush = true\n')
    assert rules.wild == ("deuces",)
    assert rules.four_flush
    with pytest.raises(RulesError, match="cannot both"):
        hand_rules_from_toml("three_card = true\ntwo_card = true\n")
    with pytest.raises(RulesError, match="unknown option"):
        hand_rules_from_toml("wilds = 1\n")
    with pytest.raises(RulesError, match="unknown wild card"):
        hand_rules_from_toml('wild = ["purple"]\n')
    with pytest.raises(RulesError, match="stripped"):
        hand_rules_from_toml("stripped = [9]\n")


def test_a_high_low_player_with_seven_cards_may_make_two_different_hands() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше».

    With more than five cards a player going both ways makes two different five-card hands.
    """
    high, lowest = evaluate_high_low(parse_cards("9♠ 9♦ 9♣ 6♥ 4♦ 2♣ A♥"), HandRules(low="high-low"))
    assert high.category is Category.THREE_OF_A_KIND
    assert sorted(int(c.rank) for c in lowest.cards) == [2, 4, 6, 9, 14]
