"""Judging hands by the clauses an audit found misread.

The double-ace flush's aces, deuce to seven with more than five cards or wild cards, and one
stand-in per wild card in high-low.
"""

from __future__ import annotations

from cardtable.cards import Card, Rank, Suit, parse_cards
from cardtable.poker import Category, HandRules, evaluate
from cardtable.poker.hands import evaluate_deuce_to_seven
from cardtable.poker.judge import HandJudge, showdown_judge

JOKERS_ANY = HandRules(wild=("jokers",), wild_mode="any")
ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)


def test_a_flush_with_two_aces_holds_two_aces_not_three() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями 2.

    "флеш с двумя тузами: флеш, включающий двух тузов". Two wild cards with A♠ 9♠ 5♠ make one
    more ace and a king, A-A-K-9-5 (docs/rules/poker.md): a third ace is no part of the hand
    the seed names, so it loses to A-A-K-Q-8.
    """
    two_wild = evaluate(parse_cards("A♠ 9♠ 5♠ Jo Jo2"), JOKERS_ANY)
    assert two_wild.category is Category.DOUBLE_ACE_FLUSH
    stands = sorted((s for _, s in two_wild.wild), key=lambda c: c.rank, reverse=True)
    assert stands == [ACE_OF_SPADES, Card(Rank.KING, Suit.SPADES)]
    one_wild = evaluate(parse_cards("A♦ K♦ Q♦ 8♦ Jo"), JOKERS_ANY)
    assert one_wild.category is Category.DOUBLE_ACE_FLUSH
    assert one_wild.value > two_wild.value


def test_in_deuce_to_seven_a_player_with_seven_cards_plays_his_lowest_five() -> None:
    """docs/rules/poker-variants.md, "Deuce to seven".

    The worst high hand wins and the ace is only high, so from seven cards the five that make
    the lowest hand count and A-5-4-3-2 is no straight.
    """
    judge = showdown_judge(HandJudge(HandRules()), "deuce-to-seven")
    nuts = parse_cards("7♠ 5♦ 4♣ 3♥ 2♠ A♦ K♣")
    eight = parse_cards("8♠ 6♦ 4♦ 3♣ 2♦ Q♥ J♥")
    assert judge.high(nuts) < judge.high(eight)
    assert judge.category(nuts) == "high card"
    best = evaluate_deuce_to_seven(nuts)
    assert sorted(card.rank for card in best.cards) == [2, 3, 4, 5, 7]


def test_in_deuce_to_seven_a_wheel_is_ace_high_even_where_wild_cards_are_played() -> None:
    """docs/rules/poker-variants.md, "Deuce to seven".

    A-5-4-3-2 is an ace-high hand, not a straight, so it beats a pair of deuces, wild cards in
    the rules or not.
    """
    rules = HandRules(wild=("jokers",))
    judge = showdown_judge(HandJudge(rules), "deuce-to-seven")
    wheel = parse_cards("A♠ 5♦ 4♣ 3♥ 2♠")
    deuces = parse_cards("2♦ 2♣ 6♥ 7♠ 8♣")
    assert judge.high(wheel) < judge.high(deuces)
    assert judge.category(wheel) == "high card"


def test_in_deuce_to_seven_a_wild_card_stands_for_the_card_that_makes_the_lowest_hand() -> None:
    """002_053e85955f9a4108.txt, Козырные карты; docs/rules/poker-variants.md, "Deuce to seven".

    A wild card stands for any card the player lacks, and at deuce to seven the player wants
    the lowest hand, so Jo 7-5-4-2 is 7-5-4-3-2 and beats 8-6-4-3-2.
    """
    rules = HandRules(wild=("jokers",))
    judge = showdown_judge(HandJudge(rules), "deuce-to-seven")
    joker = parse_cards("Jo 7♠ 5♦ 4♣ 2♠")
    eight = parse_cards("8♠ 6♦ 4♦ 3♣ 2♦")
    assert judge.high(joker) < judge.high(eight)
    best = evaluate_deuce_to_seven(joker, rules)
    assert [stands.rank for _, stands in best.wild] == [Rank.THREE]
