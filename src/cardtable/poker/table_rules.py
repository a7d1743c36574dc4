"""What a poker table agrees before the first deal: variant, limits, forced bets, house, session.

"О каких правилах следует договориться" (002_053e85955f9a4108.txt). The lean loop
(:mod:`cardtable.poker.lean`) and the full table both read these rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.rules import option
from cardtable.poker.betting import BettingRules, ForcedBets
from cardtable.poker.ledger import HouseRules
from cardtable.poker.limits import Limits
from cardtable.poker.session import SessionRules
from cardtable.poker.variants import VariantSpec

SEED = "002_053e85955f9a4108.txt"
"""The long poker rulebook."""


@dataclass(frozen=True)
class PokerRules:
    """Everything a table agrees before the first deal ("О каких правилах следует договориться")."""

    variant: VariantSpec = option(
        VariantSpec(), "The form of poker, as data (see `cardtable poker variants`).", SEED
    )
    limits: Limits = option(Limits(), "The limit system and its numbers.", f"{SEED}, Пределы")
    betting: BettingRules = option(BettingRules(), "Checking, raise caps, freeze.", SEED)
    forced: ForcedBets = option(ForcedBets(), "Antes, blinds, straddles, bring-in.", SEED)
    house: HouseRules = option(HouseRules(), "Chips, bonuses, kitty and rake.", SEED)
    session: SessionRules = option(SessionRules(), "Seating, time, dealer's choice.", SEED)
    stake: int = option(100, "The chips each player buys at the start.", f"{SEED}, Ставочные")
    deals: int = option(10, "Deals in a session (0: until a freeze-out ends).", SEED)
