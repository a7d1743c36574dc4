"""Poker hands as the rulebook ranks them: best five of any number, wild cards, low hands.

This is the complete evaluator, written for clarity over speed: every rule option of
:class:`~cardtable.poker.rules.HandRules` is honoured here. The compiled kernel in
``_kernels.py`` is the fast path for the standard game and is checked against this package.

The rooms: ``categories`` (the kinds of hand, their order, the value of five cards),
``best_hand`` (the best hand of any cards, wild cards solved), ``lows`` (lowball and
high-low), ``words`` (hands named as players say them) and ``showdown`` (who wins, who bets
first).

>>> from cardtable.cards import cards_text, parse_cards
>>> hand = evaluate(parse_cards("A♥ K♥ Q♥ J♥ 10♥ 2♣ 2♦"))
>>> hand.category.value, cards_text(hand.cards)
('royal_flush', 'A♥ K♥ Q♥ J♥ 10♥')
>>> from cardtable.poker.rules import HandRules
>>> jokers = HandRules(wild=("jokers",))
>>> hand = evaluate(parse_cards("Jo K♠ K♥ 7♦ 2♣"), jokers)
>>> hand.category.value, [(w.text(), s.text()) for w, s in hand.wild]
('three_of_a_kind', [('Jo', 'K♣')])
"""

from cardtable.poker.hands.best_hand import evaluate, evaluate_best_of, evaluate_deuce_to_seven
from cardtable.poker.hands.categories import (
    ACE,
    JOKER_RANK,
    Category,
    Evaluation,
    HandError,
    Pip,
    category_order,
    is_bobtail,
)
from cardtable.poker.hands.lows import (
    HighLow,
    Reading,
    choose_readings,
    evaluate_high_low,
    evaluate_low,
    halves,
    high_low_readings,
)
from cardtable.poker.hands.showdown import Showdown, consistent_high_low, first_to_bet, showdown
from cardtable.poker.hands.words import hand_words, low_text, played_cards, spoken

__all__ = [
    "ACE",
    "JOKER_RANK",
    "Category",
    "Evaluation",
    "HandError",
    "HighLow",
    "Pip",
    "Reading",
    "Showdown",
    "category_order",
    "choose_readings",
    "consistent_high_low",
    "evaluate",
    "evaluate_best_of",
    "evaluate_deuce_to_seven",
    "evaluate_high_low",
    "evaluate_low",
    "first_to_bet",
    "halves",
    "hand_words",
    "high_low_readings",
    "is_bobtail",
    "low_text",
    "played_cards",
    "showdown",
    "spoken",
]
