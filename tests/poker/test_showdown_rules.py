"""The showdown under the rules in force: wild cards, lowball, high-low, who bets first."""

from __future__ import annotations

import pytest

from cardtable.cards import parse_cards
from cardtable.poker import HandError, HandRules, evaluate, evaluate_best_of, showdown
from cardtable.poker.hands import (
    choose_readings,
    evaluate_high_low,
    evaluate_low,
    first_to_bet,
    halves,
    high_low_readings,
)
from cardtable.poker.hands.words import spoken

FOUR_FLUSH = HandRules(four_flush=True)
LOWBALL = HandRules(low="lowball")
HIGH_LOW = HandRules(low="high-low")


def test_a_showdown_needs_two_hands_and_the_first_bet_a_showing_hand() -> None:
    """002_053e85955f9a4108.txt, Вскрытие карт: hands are compared, so there must be two.

    Each refusal says what is missing in one sentence.
    """
    with pytest.raises(HandError, match=r"^a showdown needs at least two hands$"):
        showdown([parse_cards("A♠ K♠ Q♠ J♠ 10♠")])
    with pytest.raises(HandError, match=r"^no showing hands to compare$"):
        first_to_bet([])
    with pytest.raises(HandError, match=r"^no pools of cards to choose from$"):
        evaluate_best_of([])
    with pytest.raises(HandError, match=r"^no hand can be made of these cards under these rules$"):
        high_low_readings([], HIGH_LOW)


def test_the_best_of_several_pools_is_judged_by_the_rules_in_force() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь 4 and Перекрестье.

    Under the four-flush rule four suited cards beat a high card in every pool, and a card
    named wild for the deal is wild in every pool.
    """
    pool = parse_cards("A♠ K♠ Q♠ J♠ 2♦")
    assert evaluate_best_of([pool], FOUR_FLUSH).category.value == "four_flush"
    assert evaluate_best_of([pool]).category.value == "high_card"
    aces = parse_cards("A♠ A♦ 7♣ 2♥ K♦")
    assert evaluate_best_of([aces], wild=parse_cards("2♥")).category.value == "three_of_a_kind"


def test_the_showdown_ranks_hands_by_the_rules_in_force_with_each_hands_wild_cards() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь 4 (four flush), Покер-мизер (low-hole wild).

    A four flush beats a pair where the rule is agreed; a card wild for one hand only (its
    lowest hole card) makes that hand and no other.
    """
    flush_four, nines = parse_cards("A♠ K♠ Q♠ J♠ 2♦"), parse_cards("9♣ 9♦ 5♣ 4♥ 3♦")
    assert showdown([flush_four, nines], FOUR_FLUSH).winners == (0,)
    assert showdown([flush_four, nines]).winners == (1,)
    aces, queens = parse_cards("A♠ A♦ 7♣ 2♥ K♦"), parse_cards("Q♠ Q♦ 9♣ 3♥ 4♦")
    assert showdown([aces, queens]).winners == (0,)
    assert showdown([aces, queens], wild=[[], parse_cards("3♥")]).winners == (1,)


def test_a_wild_card_of_one_hand_counts_in_lowball_and_in_both_halves_of_high_low() -> None:
    """002_053e85955f9a4108.txt, Лоуболл 5 and Покер «Больше-меньше».

    In lowball the wild king stands for the lowest card the hand lacks, so K-7-5-3-2 becomes
    7-5-3-2-A and beats 8-6-5-4-3; in high-low it makes that hand's low too.
    """
    eight, king = parse_cards("8♠ 6♦ 5♣ 4♥ 3♦"), parse_cards("K♣ 7♦ 5♥ 3♠ 2♣")
    wild = [[], parse_cards("K♣")]
    assert showdown([eight, king], LOWBALL).winners == (0,)
    assert showdown([eight, king], LOWBALL, wild=wild).winners == (1,)
    assert showdown([eight, king], HIGH_LOW).low_winners == (0,)
    assert showdown([eight, king], HIGH_LOW, wild=wild).low_winners == (1,)


@pytest.mark.parametrize("rules", [HandRules(), LOWBALL, HIGH_LOW])
def test_wild_cards_are_named_for_every_hand_at_the_showdown(rules: HandRules) -> None:
    """002_053e85955f9a4108.txt, Вскрытие карт: every hand shown is judged.

    A list of wild cards that leaves a hand out is refused rather than leaving that hand out
    of the showdown.
    """
    hands = [parse_cards("8♠ 6♦ 5♣ 4♥ 3♦"), parse_cards("K♣ 7♦ 5♥ 3♠ 2♣")]
    with pytest.raises(ValueError, match="zip"):
        showdown(hands, rules, wild=[[]])


def test_in_stud_lowball_the_lowest_showing_hand_bets_first_a_wild_card_lowest_of_all() -> None:
    """002_053e85955f9a4108.txt, Гвоздь-мизер; Лоуболл 5.

    "Джокер может выступать в роли любой карты, отсутствующей у игрока". The deuce bets
    before the king and the five; a showing joker is the ace the hand lacks, so it bets before
    the deuce; a showing card wild for the deal plays lowest.
    """
    assert first_to_bet([parse_cards("K♠"), parse_cards("2♦"), parse_cards("5♣")], LOWBALL) == 1
    jokers = HandRules(low="lowball", wild=("jokers",))
    assert first_to_bet([parse_cards("2♦"), parse_cards("Jo")], jokers) == 1
    showing = [parse_cards("3♦ 4♣"), parse_cards("K♠ 2♥")]
    assert first_to_bet(showing, LOWBALL) == 0
    assert first_to_bet(showing, LOWBALL, wild=parse_cards("K♠")) == 1


def test_a_wild_card_showing_in_stud_bets_first_as_above_the_ace() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь, Первый круг ставок.

    "Джокер считается старше туза".
    """
    showing = [parse_cards("A♦"), parse_cards("2♠")]
    assert first_to_bet(showing) == 0
    assert first_to_bet(showing, wild=parse_cards("2♠")) == 1


def test_high_low_judges_each_half_alone_by_the_rules_and_the_wild_cards() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше»; Лоуболл.

    Under lowball straights and flushes do not count, so the steel wheel is a better low
    than 6-4-3-2-A; under the high-low low it is a straight flush and a worse one. The four
    flush counts for the high where agreed. A wild king makes a pair high and an ace low.
    """
    wheel, six = parse_cards("5♠ 4♠ 3♠ 2♠ A♠"), parse_cards("6♦ 4♣ 3♥ 2♠ A♦")
    assert evaluate_high_low(wheel, LOWBALL)[1].value > evaluate_low(six, LOWBALL).value
    assert evaluate_high_low(wheel)[1].value < evaluate_low(six, LOWBALL).value
    flush_four = parse_cards("A♠ K♠ Q♠ J♠ 2♦")
    assert evaluate_high_low(flush_four, FOUR_FLUSH)[0].category.value == "four_flush"
    king = parse_cards("K♠ 9♦ 5♣ 4♥ 3♦")
    high, low = evaluate_high_low(king, wild=parse_cards("K♠"))
    assert high.category.value == "one_pair"
    assert low.value > evaluate_high_low(king)[1].value


def test_equal_hands_share_the_half_they_tie_for() -> None:
    """002_053e85955f9a4108.txt, Ничья and Покер «Больше-меньше».

    Two equal lows share the low half; two equal highs with no low share the pot.
    """
    assert halves([(9, 1), (5, 1), (3, None)]) == [0.75, 0.25, 0.0]
    assert halves([(9, None), (9, None)]) == [0.5, 0.5]


def test_readings_are_fixed_in_showing_order_against_those_already_shown() -> None:
    """docs/rules/poker.md, "Больше-меньше, which reading is shown".

    The third player, showing first, keeps his better low against the others' strongest; in
    the usual order he answers the readings already shown and takes his better high.
    """
    options = [[(9, 1)], [(7, 1), (4, 4)], [(8, 4), (4, 6)]]
    assert choose_readings(options, halves) == [0, 0, 0]
    assert choose_readings(options, halves, [2, 1, 0]) == [0, 0, 1]


def test_on_equal_winnings_the_better_low_is_shown_and_a_hand_without_lows_shows_its_high() -> None:
    """docs/rules/poker.md, "Больше-меньше, which reading is shown".

    "on equal winnings the better high is shown, then the better low".
    """
    assert choose_readings([[(5, 1), (5, 3)], [(4, 2)]], halves) == [1, 0]
    assert choose_readings([[(5, 1), (5, 3)], [(9, 9)]], halves) == [1, 0]
    assert choose_readings([[(9, None), (5, None)], [(4, 2)]], halves) == [0, 0]


def test_on_equal_winnings_and_highs_any_low_is_shown_before_none() -> None:
    """docs/rules/poker.md, "Больше-меньше, which reading is shown": the better low, then.

    A low's value is its badness negated, below zero: the reading without a low must still
    come after every reading with one, however bad.
    """
    level = [0.0]
    assert choose_readings([[(5, None), (5, -300)]], lambda _trial: level) == [1]
    assert choose_readings([[(5, -300), (5, None)]], lambda _trial: level) == [0]


def test_a_hand_with_wild_cards_is_described_with_what_each_stands_for() -> None:
    """docs/rules/poker.md, "Вскрытие карт, showdown sentences": each wild card's stand-in."""
    deuces = evaluate(parse_cards("2♠ 2♥ K♦ K♣ 7♠"), HandRules(wild=("deuces",)))
    assert deuces.describe() == "four of a kind: K♦ K♣ 2♠ 2♥ 7♠ (2♠ as K♥, 2♥ as K♠)"
    assert spoken(deuces) == "four of a kind, kings (2♠ as K♥, 2♥ as K♠)"


def test_a_lowball_wild_card_is_shown_as_the_club_of_the_lowest_rank_the_hand_lacks() -> None:
    """002_053e85955f9a4108.txt, Лоуболл 5; docs/rules/poker.md, "Лоуболл 5".

    The wild card is the lowest rank the five lack, a rank the player holds no card of, so
    it is shown as the club of that rank; an ace of clubs held does not move it to another
    suit.
    """
    jokers = HandRules(low="lowball", wild=("jokers",))
    deuce = evaluate_low(parse_cards("A♣ 3♦ 4♥ 5♠ Jo"), jokers)
    assert deuce.wild == ((parse_cards("Jo")[0], parse_cards("2♣")[0]),)
    three = evaluate_low(parse_cards("A♣ 2♣ 4♥ 5♠ Jo"), jokers)
    assert three.describe().endswith("(Jo as 3♣)")


def test_a_high_low_hand_of_two_equal_fives_shows_the_first_held() -> None:
    """docs/rules/poker.md, "Вскрытие карт, showdown sentences": each hand shown is named.

    K-Q-J-10 with two nines is the same straight with either nine; the one of the cards as
    first held is shown, so the same hand is always named alike.
    """
    (reading,) = high_low_readings([parse_cards("K♠ Q♦ J♣ 10♥ 9♠ 9♦")], HIGH_LOW)
    assert reading.high.cards == tuple(parse_cards("K♠ Q♦ J♣ 10♥ 9♠"))


def test_a_hand_of_no_cards_is_refused_in_one_sentence() -> None:
    """docs/rules/poker.md, "Вскрытие карт, showdown sentences": a hand is some cards.

    The high and the low evaluators refuse an empty hand saying what is missing.
    """
    for judge in (evaluate, evaluate_low):
        with pytest.raises(HandError, match=r"^a hand needs at least one card$"):
            judge([], HIGH_LOW)


def test_under_any_a_repeated_card_makes_only_the_hands_the_seed_names() -> None:
    """002_053e85955f9a4108.txt, Козырные карты (б); docs/rules/poker.md, "Козырные карты (б)".

    A wild card may stand for a card the player holds, but a repeated card is used only in
    five of a kind and the double-ace flush: without the double-ace flush A♠ K♠ Q♠ 9♠ and a
    joker are a flush with the joker as J♠, not A-K-K.
    """
    rules = HandRules(wild=("jokers",), wild_mode="any", double_ace_flush=False)
    flush = evaluate(parse_cards("A♠ K♠ Q♠ 9♠ Jo"), rules)
    assert spoken(flush) == "flush, ace high (Jo as J♠)"


def test_of_two_four_flushes_the_higher_suited_cards_win_from_the_highest_down() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь 4: "четверной флеш", four of a suit and any card.

    Two four flushes compare by their suited cards from the highest down, as flushes do: an
    ace-high four flush beats a king-high one whatever their lower cards.
    """
    ace_high, king_high = parse_cards("A♠ 5♠ 4♠ 3♠ 9♦"), parse_cards("K♥ Q♥ J♥ 9♥ 2♦")
    assert showdown([ace_high, king_high], FOUR_FLUSH).winners == (0,)
    assert showdown([king_high, ace_high], FOUR_FLUSH).winners == (1,)
