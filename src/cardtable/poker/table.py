"""The poker table's former single module: its names now live in modules named after them.

:mod:`~cardtable.poker.table_rules` (the rules a table agrees), :mod:`~cardtable.poker.deal`
(one deal), :mod:`~cardtable.poker.hand_orders` (the showdown's orders),
:mod:`~cardtable.poker.match` (the session), :mod:`~cardtable.poker.dealers_choice` (the
dealer's choice) and :mod:`~cardtable.poker.game` (the game).
"""

from __future__ import annotations

from cardtable.poker.deal import PokerDeal
from cardtable.poker.dealers_choice import chosen_variant
from cardtable.poker.game import PokerGame
from cardtable.poker.match import PokerMatch
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.view import PokerView

__all__ = [
    "PokerDeal",
    "PokerGame",
    "PokerMatch",
    "PokerOutcome",
    "PokerRules",
    "PokerView",
    "chosen_variant",
]
