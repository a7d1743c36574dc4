"""The poker table's bots: check-down, strength (by category) and equity (the default)."""

from __future__ import annotations

from cardtable.bots import register_bot
from cardtable.poker.judge import HandJudge
from cardtable.poker.table_bots import EquityBot, PassiveBot, StrengthBot
from cardtable.poker.table_rules import PokerRules


def _check_down(rules: PokerRules) -> PassiveBot:
    return PassiveBot()


def _strength(rules: PokerRules) -> StrengthBot:
    return StrengthBot(HandJudge(rules.variant.hands, rules.variant.low_qualifier))


def _equity(rules: PokerRules) -> EquityBot:
    return EquityBot(rules.variant)


register_bot("poker", "check-down", _check_down)
register_bot("poker", "strength", _strength)
register_bot("poker", "equity", _equity)
register_bot("poker", "default", _equity)
