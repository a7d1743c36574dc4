"""The standard ranking of the rulebook: ten categories, their tie-breaks, ties, short decks."""

from __future__ import annotations

import pytest

from cardtable.cards import Rank, parse_cards
from cardtable.errors import CardParseError
from cardtable.poker import Category, HandError, HandRules, evaluate, evaluate_best_of, showdown
from cardtable.poker.hands import Evaluation

LADDER = [
    ("A♥ K♥ Q♥ J♥ 10♥", Category.ROYAL_FLUSH),
    ("9♣ 8♣ 7♣ 6♣ 5♣", Category.STRAIGHT_FLUSH),
    ("7♠ 7♥ 7♦ 7♣ 2♠", Category.FOUR_OF_A_KIND),
    ("4♠ 4♥ 4♦ 9♣ 9♠", Category.FULL_HOUSE),
    ("K♦ 10♦ 8♦ 4♦ 2♦", Category.FLUSH),
    ("6♠ 5♥ 4♦ 3♣ 2♠", Category.STRAIGHT),
    ("Q♠ Q♥ Q♦ 9♣ 2♠", Category.THREE_OF_A_KIND),
    ("J♠ J♥ 3♦ 3♣ A♠", Category.TWO_PAIR),
    ("10♠ 10♥ 8♦ 7♣ 4♠", Category.ONE_PAIR),
    ("A♠ Q♥ 9♦ 7♣ 3♠", Category.HIGH_CARD),
]


def hand(text: str, rules: HandRules | None = None) -> Evaluation:
    return evaluate(parse_cards(text), rules)


def test_each_hand_loses_to_the_one_before_and_beats_the_next() -> None:
    """002_053e85955f9a4108.txt, Покерные расклады.

    "Каждый расклад проигрывает предыдущему и бьет следующий" — royal flush, straight flush, four,
    full house, flush, straight, three, two pair, pair, high card.
    """
    values = [hand(text).value for text, _ in LADDER]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize(("text", "category"), LADDER)
def test_each_hand_is_named_as_the_rulebook_lists_it(text: str, category: Category) -> None:
    """002_053e85955f9a4108.txt, Покерные расклады 1-10."""
    assert hand(text).category is category


def test_the_ace_is_low_in_five_four_three_two_ace_so_six_high_beats_it() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 1 and 5.

    "в последовательности 5, 4, 3, 2, Т туз является младшей картой, так что ее бьет 6, 5, 4, 3, 2".
    """
    assert hand("6♠ 5♥ 4♦ 3♣ 2♠").value > hand("5♠ 4♥ 3♦ 2♣ A♠").value
    assert hand("6♥ 5♥ 4♥ 3♥ 2♥").value > hand("5♦ 4♦ 3♦ 2♦ A♦").value
    assert hand("5♦ 4♦ 3♦ 2♦ A♦").category is Category.STRAIGHT_FLUSH


def test_the_ace_does_not_wrap_around_a_straight() -> None:
    """002_053e85955f9a4108.txt, Иерархия карт: the ace is high except in 5-4-3-2-A."""
    assert hand("3♠ 2♥ A♦ K♣ Q♠").category is Category.HIGH_CARD


def test_four_of_a_kind_is_decided_by_the_rank_of_the_four() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 2."""
    assert hand("8♠ 8♥ 8♦ 8♣ 2♠").value > hand("7♠ 7♥ 7♦ 7♣ A♠").value


def test_full_house_is_decided_by_the_rank_of_the_three() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 3."""
    assert hand("5♠ 5♥ 5♦ 2♣ 2♠").value > hand("4♠ 4♥ 4♦ A♣ A♠").value


def test_flushes_compare_card_by_card_from_the_highest() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 4."""
    assert hand("K♦ J♦ 8♦ 4♦ 3♦").value > hand("K♠ J♠ 8♠ 4♠ 2♠").value
    assert hand("A♦ 5♦ 4♦ 3♦ 2♦").value > hand("K♠ Q♠ J♠ 9♠ 8♠").value


def test_straights_are_decided_by_the_highest_card() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 5."""
    assert hand("10♠ 9♥ 8♦ 7♣ 6♠").value > hand("9♠ 8♥ 7♦ 6♣ 5♠").value


def test_three_of_a_kind_is_decided_by_the_rank_of_the_three() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 6."""
    assert hand("9♠ 9♥ 9♦ 2♣ 3♠").value > hand("8♠ 8♥ 8♦ A♣ K♠").value


def test_two_pair_compare_high_pair_then_low_pair_then_the_fifth_card() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 7."""
    assert hand("K♠ K♥ 2♦ 2♣ 3♠").value > hand("Q♠ Q♥ J♦ J♣ A♠").value
    assert hand("K♠ K♥ 5♦ 5♣ 3♠").value > hand("K♦ K♣ 4♦ 4♣ A♠").value
    assert hand("K♠ K♥ 5♦ 5♣ 4♠").value > hand("K♦ K♣ 5♠ 5♥ 3♠").value


def test_pairs_compare_the_pair_then_each_odd_card_down_to_the_lowest() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 8."""
    assert hand("J♠ J♥ 3♦ 4♣ 2♠").value > hand("10♠ 10♥ A♦ K♣ Q♠").value
    assert hand("J♠ J♥ A♦ 4♣ 3♠").value > hand("J♦ J♣ A♠ 4♥ 2♦").value


def test_high_card_hands_compare_like_flushes() -> None:
    """002_053e85955f9a4108.txt, Расклады одного достоинства 9."""
    assert hand("A♠ J♥ 8♦ 4♣ 3♠").value > hand("A♦ J♣ 8♠ 4♥ 2♦").value


def test_suits_never_break_a_tie_and_equal_hands_split_the_pot() -> None:
    """002_053e85955f9a4108.txt, Иерархия карт ("Иерархия мастей отсутствует") and Ничья.

    Equal hands split the pot.
    """
    result = showdown([parse_cards("A♠ K♠ 9♦ 7♣ 3♠"), parse_cards("A♦ K♦ 9♣ 7♥ 3♦")])
    assert result.winners == (0, 1)
    assert hand("9♥ 8♥ 7♥ 6♥ 5♥").value == hand("9♣ 8♣ 7♣ 6♣ 5♣").value


def test_the_best_five_of_seven_cards_are_chosen() -> None:
    """002_053e85955f9a4108.txt, Семикарточный гвоздь.

    Each player forms a five-card hand from his seven cards.
    """
    best = hand("2♣ 9♥ 9♠ K♦ 9♦ 3♥ K♥")
    assert best.category is Category.FULL_HOUSE
    assert sorted(c.text() for c in best.cards) == ["9♠", "9♥", "9♦", "K♥", "K♦"]


def test_a_stripped_deck_makes_ace_six_seven_eight_nine_the_lowest_straight() -> None:
    """002_053e85955f9a4108.txt, Иерархия карт.

    The low cards (2, 3, even 4 and 5) may be taken out; the ace then plays below the lowest rank
    left.
    """
    rules = HandRules(stripped=(2, 3, 4, 5))
    wheel = hand("A♠ 6♥ 7♦ 8♣ 9♠", rules)
    assert wheel.category is Category.STRAIGHT
    assert hand("10♠ 6♥ 7♦ 8♣ 9♠", rules).value > wheel.value
    assert wheel.value > hand("A♠ A♥ K♦ K♣ Q♠", rules).value


def test_a_card_outside_a_stripped_deck_is_refused() -> None:
    """002_053e85955f9a4108.txt, Иерархия карт: the stripped cards are not in play."""
    with pytest.raises(HandError, match="stripped"):
        hand("2♠ 6♥ 7♦ 8♣ 9♠", HandRules(stripped=(2,)))


def test_a_card_given_twice_is_refused() -> None:
    """002_053e85955f9a4108.txt, Иерархия карт: one deck holds each card once."""
    with pytest.raises(CardParseError, match="twice"):
        showdown([parse_cards("A♠ K♠"), parse_cards("A♠ Q♦")])


def test_a_variant_may_restrict_which_cards_go_together() -> None:
    """002_053e85955f9a4108.txt, Перекрестье.

    Sometimes only the three board cards of one straight line of the cross may be used.
    """
    held = parse_cards("A♠ A♦ 7♣ 2♥")
    across, down = parse_cards("A♣ 9♥ K♦"), parse_cards("7♦ 9♥ 7♠")
    assert evaluate_best_of([held + across]).category is Category.THREE_OF_A_KIND
    restricted = evaluate_best_of([held + across, held + down])
    assert restricted.category is Category.FULL_HOUSE
    assert [c.rank for c in restricted.cards].count(Rank.SEVEN) == 3
    everything = evaluate(held + parse_cards("A♣ 9♥ K♦ 7♦ 7♠"))
    assert everything.value > restricted.value
