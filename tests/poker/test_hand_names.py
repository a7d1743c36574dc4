"""Hands named as players say them, and a showdown that says what each player showed."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import DeckSpec, parse_cards
from cardtable.engine.deal import DealSetup
from cardtable.poker import HandRules, evaluate, evaluate_low
from cardtable.poker.actions import Call, Check, TableAction
from cardtable.poker.deal import PokerDeal
from cardtable.poker.game import PokerGame
from cardtable.poker.hands import evaluate_deuce_to_seven, spoken
from cardtable.poker.judge import HandJudge

JOKERS = HandRules(wild=("jokers",))
JOKERS_ANY = HandRules(wild=("jokers",), wild_mode="any")


@pytest.mark.parametrize(
    ("cards", "rules", "words"),
    [
        ("K♠ K♦ K♣ 7♥ 7♠ 2♦ 3♣", HandRules(), "full house, kings over sevens"),
        ("A♦ J♦ 9♦ 6♦ 3♦", HandRules(), "flush, ace high"),
        ("J♠ J♦ 4♣ 4♥ 9♠", HandRules(), "two pair, jacks and fours"),
        ("10♠ 10♦ 4♣ 8♥ 9♠", HandRules(), "pair of tens"),
        ("A♠ 2♦ 3♣ 4♥ 5♠", HandRules(), "straight, five high"),
        ("A♠ K♠ Q♠ J♠ 10♠", HandRules(), "royal flush"),
        ("9♥ 8♥ 7♥ 6♥ 5♥", HandRules(), "straight flush, nine high"),
        ("Q♠ Q♦ Q♣ Q♥ 5♠", HandRules(), "four of a kind, queens"),
        ("6♠ 6♦ 6♣ K♥ 5♠", HandRules(), "three of a kind, sixes"),
        ("A♠ Q♦ 9♣ 6♥ 4♠", HandRules(), "ace high"),
        ("Jo K♠ K♥ K♦ K♣", JOKERS_ANY, "five of a kind, kings (Jo as K♣)"),
        ("Jo A♠ 2♦ 3♣ 4♥", JOKERS, "straight, five high (Jo as 5♣)"),
    ],
)
def test_a_hand_is_named_as_players_say_it(cards: str, rules: HandRules, words: str) -> None:
    """002_053e85955f9a4108.txt, Покерные расклады and Расклады с козырями.

    The hand's kind and the ranks that decide it, and what a wild card stands for.
    """
    assert spoken(evaluate(parse_cards(cards), rules)) == words


def test_a_low_hand_is_named_by_its_cards_from_the_highest() -> None:
    """002_053e85955f9a4108.txt, «Лоуболл» 5 and Покер «Больше-меньше».

    The lowest hand is read from its highest card down, the ace lowest: "8-6-4-3-2 low", and
    a wild card's stand-in is said.
    """
    lowball = HandRules(low="lowball", wild=("jokers",))
    assert spoken(evaluate_low(parse_cards("8♠ 6♦ 4♣ 3♥ 2♠"), lowball)) == "8-6-4-3-2 low"
    assert spoken(evaluate_low(parse_cards("Jo 6♦ 4♣ 3♥ 2♠"), lowball)) == (
        "6-4-3-2-A low (Jo as A♣)"
    )
    deuce = evaluate_deuce_to_seven(parse_cards("7♠ 5♦ 4♣ 3♥ 2♠ A♦"))
    assert spoken(deuce, ace_high_only=True) == "7-5-4-3-2"


def _checked_down(preset: str, deck: str, players: int) -> PokerDeal:
    """A deal of ``preset`` from ``deck`` on top, everyone calling and checking to the end."""
    game = PokerGame()
    rules = game.rules(preset)
    top = list(parse_cards(deck))
    cards = (*top, *(card for card in DeckSpec.named("52").cards() if card not in top))
    deal = PokerDeal(
        players,
        DealSetup(0, cards, 1),
        rules,
        HandJudge(rules.variant.hands),
        stacks=[50] * players,
        in_deal=[True] * players,
    )
    while not deal.is_over:
        action: TableAction = Check() if deal.why_illegal(Check()) is None else Call()
        deal.apply(action)
    return deal


def test_the_showdown_says_what_each_player_showed_and_what_won_the_pot() -> None:
    """002_053e85955f9a4108.txt, Вскрытие карт; docs/rules/poker.md, "Showdown sentences".

    Each hand shown is named, and the winner's line says the pot and the hand that took it.
    All four aces in the hole make both hands the same whatever order the cards are dealt in.
    """
    deal = _checked_down("holdem", "A♠ A♦ A♣ A♥ K♠ K♦ K♣ 4♥ 2♦", 2)
    shows = [event.text for event in deal.events if event.kind == "show"]
    assert shows == [f"seat {s} shows full house, kings over aces" for s in (1, 0)] or shows == [
        f"seat {s} shows full house, kings over aces" for s in (0, 1)
    ]
    wins = sorted(event.text for event in deal.events if event.kind == "win")
    assert wins == [f"seat {s} wins 2 (main pot) with full house, kings over aces" for s in (0, 1)]


@pytest.mark.parametrize("stripped", [(), (2, 3, 4, 5)], ids=["full", "stripped"])
def test_the_compiled_judge_names_a_hand_as_the_rule_by_rule_evaluator_does(
    stripped: tuple[int, ...],
) -> None:
    """002_053e85955f9a4108.txt, Покерные расклады; Иерархия карт (stripped decks).

    The showdown names a standard hand from the kernel's value; it must say what the
    evaluator says of the same cards, every kind of hand included.
    """
    rules = HandRules(stripped=stripped)
    judge = HandJudge(rules)
    deck = list(rules.deck().cards())
    rng = random.Random(14)
    hands = [rng.sample(deck, 7) for _ in range(400)]
    hands += [list(parse_cards(text)) for text in NAMED if _in_deck(text, rules)]
    for cards in hands:
        assert judge.describe_high(cards) == spoken(evaluate(cards, rules)), cards


NAMED = (
    "A♠ 2♦ 3♣ 4♥ 5♠ K♦ K♣",
    "A♠ K♠ Q♠ J♠ 10♠ 2♦ 2♣",
    "9♥ 8♥ 7♥ 6♥ 5♥ 5♦ 5♣",
    "Q♠ Q♦ Q♣ Q♥ 5♠ 5♦ 7♣",
    "A♠ 6♦ 7♣ 8♥ 9♠ K♦ K♣",
    "A♥ 6♥ 7♥ 8♥ 9♥ K♦ K♣",
)


def _in_deck(text: str, rules: HandRules) -> bool:
    return all(card.rank in rules.ranks for card in parse_cards(text))


def test_a_four_flush_is_named_by_its_four_suited_cards() -> None:
    """002_053e85955f9a4108.txt, Покер-гвоздь, Дополнительные правила 4 (the four flush)."""
    rules = HandRules(four_flush=True)
    assert spoken(evaluate(parse_cards("9♠ 7♠ 5♠ 2♠ A♦"), rules)) == "four flush, nine high"
