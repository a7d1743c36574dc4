"""A poker deal's phases, one module each: their rules, and the table of which rules hold when.

:mod:`~cardtable.poker.phases.phase` names the phases; :mod:`~.dealing` (the dealer's
steps), :mod:`~.betting`, :mod:`~.draw`, :mod:`~.exposure` (exposing, naming wild cards),
:mod:`~.declaration` (high-low) and :mod:`~.showdown` hold each one's rules;
:mod:`~.cards` holds the cards they all share.
"""

from __future__ import annotations

from cardtable.poker.phases.betting import BettingPhase
from cardtable.poker.phases.dealing import Dealing
from cardtable.poker.phases.declaration import DeclarePhase
from cardtable.poker.phases.draw import DrawPhase
from cardtable.poker.phases.exposure import ExposePhase, NameWildPhase
from cardtable.poker.phases.phase import Phase, PhaseRules
from cardtable.poker.phases.showdown import Over

PHASES: dict[Phase, PhaseRules] = {
    Phase.DEALING: Dealing(),
    Phase.BET: BettingPhase(),
    Phase.DRAW: DrawPhase(),
    Phase.EXPOSE: ExposePhase(),
    Phase.NAME_WILD: NameWildPhase(),
    Phase.DECLARE: DeclarePhase(),
    Phase.OVER: Over(),
}
"""The rules that hold in each phase."""

__all__ = ["PHASES", "Phase", "PhaseRules"]
