"""Wild cards: what they may stand for, the hands they make, and ties between them."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import Card, Rank, Suit, parse_cards
from cardtable.poker import Category, HandError, HandRules, evaluate, showdown
from cardtable.poker.hands import Evaluation
from cardtable.poker.rules import deal_wild_cards, wild_cards
from poker.reference import assert_same_order, brute_best_wild_key, brute_wild_key

JOKERS = HandRules(wild=("jokers",))
JOKERS_ANY = HandRules(wild=("jokers",), wild_mode="any")


def hand(text: str, rules: HandRules) -> Evaluation:
    return evaluate(parse_cards(text), rules)


def random_wild_hands(seed: int, count: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    deck = [Card.from_index(i) for i in range(52)]
    hands = []
    for index in range(count):
        wilds = 1 + index % 2
        natural = rng.sample(deck, 5 - wilds)
        hands.append((*natural, *(Card.joker(n) for n in range(1, wilds + 1))))
    # natural hands too, so that fewer wild cards must win ties against them
    hands.extend(tuple(rng.sample(deck, 5)) for _ in range(count // 2))
    return hands


@pytest.mark.parametrize("rules", [JOKERS, JOKERS_ANY], ids=["missing", "any"])
def test_wild_hands_rank_like_every_substitution_tried_by_brute_force(rules: HandRules) -> None:
    """002_053e85955f9a4108.txt, Козырные карты and Расклады с козырями.

    A wild card stands for the best card it may be (rule а: one the player lacks; rule б: any
    card), and equal hands are parted by fewer wild cards.
    """
    hands = random_wild_hands(5 if rules.wild_mode == "any" else 6, 70)
    ours = [evaluate(h, rules).value for h in hands]
    theirs = [
        brute_wild_key(
            [(int(c.rank), int(c.suit)) for c in h if c.suit is not None],
            sum(c.is_joker for c in h),
            any_card=rules.wild_mode == "any",
        )
        for h in hands
    ]
    assert_same_order(theirs, ours)


@pytest.mark.parametrize("rules", [JOKERS, JOKERS_ANY], ids=["missing", "any"])
def test_best_five_of_seven_with_wild_cards_match_brute_force(rules: HandRules) -> None:
    """002_053e85955f9a4108.txt, Козырные карты; Семикарточный гвоздь.

    With seven cards the best five are chosen, and under rule а the wild card may not be any
    card the player holds, even one left out of his five.
    """
    rng = random.Random(21)
    deck = [Card.from_index(i) for i in range(52)]
    hands = [
        (*rng.sample(deck, 7 - w), *(Card.joker(n) for n in range(1, w + 1)))
        for w in [1] * 24 + [2] * 4
    ]
    ours = [evaluate(h, rules).value for h in hands]
    theirs = [
        brute_best_wild_key(
            [None if c.suit is None else (int(c.rank), int(c.suit)) for c in h],
            any_card=rules.wild_mode == "any",
        )
        for h in hands
    ]
    assert_same_order(theirs, ours)


def test_a_wild_card_stands_only_for_a_card_the_player_lacks_under_rule_a() -> None:
    """002_053e85955f9a4108.txt, Козырные карты (а): only a card he does not hold."""
    result = hand("Jo K♠ K♥ K♦ K♣", JOKERS)
    assert result.category is Category.FOUR_OF_A_KIND
    assert result.wild[0][1].rank is Rank.ACE


def test_under_rule_b_a_wild_card_may_repeat_a_held_card_to_make_five_of_a_kind() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями 1: five of a kind beats a straight flush."""
    five = hand("Jo K♠ K♥ K♦ K♣", JOKERS_ANY)
    assert five.category is Category.FIVE_OF_A_KIND
    assert five.value > hand("A♠ K♠ Q♠ J♠ 10♠", JOKERS_ANY).value


def test_the_double_ace_flush_beats_a_flush_and_loses_to_a_full_house() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями 2.

    "Он выше обычного флеша и ниже фул-хауса".
    """
    double = hand("Jo A♠ 9♠ 7♠ 2♠", JOKERS_ANY)
    assert double.category is Category.DOUBLE_ACE_FLUSH
    assert double.wild[0][1] == Card(Rank.ACE, Suit.SPADES)
    assert double.value > hand("A♦ K♦ Q♦ J♦ 9♦", JOKERS_ANY).value
    assert double.value < hand("2♠ 2♥ 2♦ 3♣ 3♠", JOKERS_ANY).value


def test_wild_cards_may_make_five_of_a_kind_but_not_a_double_ace_flush_by_agreement() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями.

    "козырь можно использовать для составления пятерки, но не большого флеша с двумя тузами".
    """
    rules = HandRules(wild=("jokers",), wild_mode="any", double_ace_flush=False)
    assert hand("Jo K♠ K♥ K♦ K♣", rules).category is Category.FIVE_OF_A_KIND
    flush = hand("Jo A♠ 9♠ 7♠ 2♠", rules)
    assert flush.category is Category.FLUSH
    assert flush.wild[0][1] == Card(Rank.KING, Suit.SPADES)


def test_five_of_a_kind_can_be_switched_off() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями: the new hands are agreed before play."""
    rules = HandRules(wild=("jokers",), wild_mode="any", five_of_a_kind=False)
    assert hand("Jo K♠ K♥ K♦ K♣", rules).category is Category.FOUR_OF_A_KIND


def test_wild_cards_take_the_rank_they_complete_so_equal_fours_can_tie() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями.

    Wild cards take exactly the rank of the cards they complete; the other cards then decide.
    """
    assert hand("Jo 9♠ 9♥ 9♦ 3♣", JOKERS).value > hand("9♣ 9♠ 9♥ Jo2 2♣", JOKERS).value


def test_equal_hands_are_parted_by_fewer_wild_cards_and_equal_counts_split() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями.

    "побеждает расклад с меньшим количеством козырей… Если количество козырей одинаково,
    значит получается ничья".
    """
    rules = HandRules(wild=("deuces",))
    result = showdown([parse_cards("A♠ 2♦ 9♣ 7♠ 4♥"), parse_cards("A♦ A♣ 9♦ 7♥ 4♠")], rules)
    assert result.winners == (1,)
    split = showdown([parse_cards("A♠ 2♥ K♦ 9♣ 7♠"), parse_cards("A♦ 2♣ K♥ 9♦ 7♥")], rules)
    assert split.winners == (0, 1)


@pytest.mark.parametrize(
    ("name", "cards"),
    [
        ("jokers", "Jo Jo2"),
        ("deuce-of-spades", "2♠"),
        ("deuces", "2♣ 2♦ 2♥ 2♠"),
        ("deuces-treys", "2♣ 2♦ 2♥ 2♠ 3♣ 3♦ 3♥ 3♠"),
        ("red-tens", "10♦ 10♥"),
        ("K♠", "K♠"),
        ("Q", "Q♣ Q♦ Q♥ Q♠"),
    ],
)
def test_the_common_wild_cards_or_any_card_or_rank_may_be_chosen(name: str, cards: str) -> None:
    """002_053e85955f9a4108.txt, Козырные карты.

    A joker or two, the deuce of spades, all deuces, deuces and treys, red tens, or any card or
    group of cards.
    """
    assert wild_cards(HandRules(wild=(name,))) == frozenset(parse_cards(cards))


def test_deuces_and_treys_wild_can_fill_a_royal_flush() -> None:
    """002_053e85955f9a4108.txt, Козырные карты: all deuces and treys wild."""
    result = hand("K♦ 2♠ 2♦ 3♣ 3♥ 9♠ 7♣", HandRules(wild=("deuces-treys",)))
    assert result.category is Category.ROYAL_FLUSH  # rule а: no fifth king can be had


def test_the_exposed_board_card_and_its_rank_are_wild_in_pig_in_a_poke() -> None:
    """002_053e85955f9a4108.txt, Свинья в мешке.

    The exposed card and every card of its rank are wild (or sometimes only the others of its rank).
    """
    board = parse_cards("7♦")
    both = HandRules(deal_wild="board-card-and-rank")
    assert deal_wild_cards(both, board=board) == frozenset(parse_cards("7♣ 7♦ 7♥ 7♠"))
    others = HandRules(deal_wild="board-rank")
    assert deal_wild_cards(others, board=board) == frozenset(parse_cards("7♣ 7♥ 7♠"))
    cards = parse_cards("A♠ A♥ 7♣ K♦ 7♦")
    wild = deal_wild_cards(both, board=board)
    assert evaluate(cards, both, wild=wild).category is Category.FOUR_OF_A_KIND


def test_the_lowest_hole_card_is_wild_in_low_hole_stud() -> None:
    """002_053e85955f9a4108.txt, Семикарточный гвоздь: козырь — младшая «забивная» карта."""
    rules = HandRules(deal_wild="lowest-hole")
    hole = parse_cards("9♠ 4♦ K♥")
    wild = deal_wild_cards(rules, hole=hole)
    assert wild == frozenset(parse_cards("4♦"))
    result = evaluate([*hole, *parse_cards("K♣ 9♥ 2♣ 8♦")], rules, wild=wild)
    assert result.category is Category.FULL_HOUSE


def test_a_joker_in_a_hand_where_jokers_are_not_wild_is_refused() -> None:
    """002_053e85955f9a4108.txt, Игровые принадлежности 2: jokers are used only by agreement."""
    with pytest.raises(HandError, match="not wild"):
        hand("Jo A♠ K♠ Q♠ J♠", HandRules())


def test_the_lowest_board_card_and_its_rank_are_wild_in_lame_brain_pete() -> None:
    """002_053e85955f9a4108.txt, Пит-простак.

    The lowest board card is wild, and so is every card of its rank.
    """
    rules = HandRules(deal_wild="lowest-board-and-rank")
    board = parse_cards("9♠ 4♦ K♥ J♣ 6♦")
    assert deal_wild_cards(rules, board=board) == frozenset(parse_cards("4♣ 4♦ 4♥ 4♠"))


def test_the_last_hole_card_and_its_rank_are_wild_in_mexican_stud() -> None:
    """002_053e85955f9a4108.txt, Мексиканский гвоздь.

    Sometimes the last hole card is wild together with every card of that rank in the hand.
    """
    rules = HandRules(deal_wild="last-hole-and-rank")
    wild = deal_wild_cards(rules, hole=parse_cards("Q♠ 8♦"))
    assert wild == frozenset(parse_cards("8♣ 8♦ 8♥ 8♠"))
    hand = parse_cards("8♦ 8♣ A♠ A♥ 3♦")
    assert evaluate(hand, rules, wild=wild).category is Category.FOUR_OF_A_KIND
