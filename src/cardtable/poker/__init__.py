"""Poker by the Russian rulebook: hands, the table, and every variant.

Hands (every ranking, wild cards, low hands, fast evaluation, equity) are exported here; the
table (betting, limits, pots, sessions) lives in its own modules.
"""

from cardtable.poker.equity import EquityResult, HandEquity, equity
from cardtable.poker.hands import (
    Category,
    Evaluation,
    HandError,
    Showdown,
    category_order,
    evaluate,
    evaluate_best_of,
    evaluate_high_low,
    evaluate_low,
    first_to_bet,
    is_bobtail,
    showdown,
)
from cardtable.poker.rules import (
    HandRules,
    check_hand_rules,
    deal_wild_cards,
    hand_rules,
    hand_rules_from_toml,
    wild_cards,
)

__all__ = [
    "Category",
    "EquityResult",
    "Evaluation",
    "HandEquity",
    "HandError",
    "HandRules",
    "Showdown",
    "category_order",
    "check_hand_rules",
    "deal_wild_cards",
    "equity",
    "evaluate",
    "evaluate_best_of",
    "evaluate_high_low",
    "evaluate_low",
    "first_to_bet",
    "hand_rules",
    "hand_rules_from_toml",
    "is_bobtail",
    "showdown",
    "wild_cards",
]
