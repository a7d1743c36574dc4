"""High-low declarations: before the showdown each player says high, low or both.

In turn from the dealer's left, or all at once by chips held in the hand
(:class:`cardtable.poker.pots.Declarations`; 002_053e85955f9a4108.txt, "Заявка").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.deal import Event, public_event
from cardtable.poker.actions import Declare, Side, TableAction
from cardtable.poker.phases.phase import Phase, PhaseRules
from cardtable.poker.pots import DeclarationMode, Declarations

if TYPE_CHECKING:
    from cardtable.poker.deal import PokerDeal

SIDES = (Side.HIGH, Side.LOW, Side.BOTH)


class DeclarePhase(PhaseRules):
    """The declarations: the next player says (or holds in his hand) high, low or both."""

    def to_move(self, deal: PokerDeal) -> int | None:
        """The next player to declare."""
        return deal.declarations.to_declare if deal.declarations is not None else None

    def legal_actions(self, deal: PokerDeal, seat: int) -> list[TableAction]:
        """The sides he may declare."""
        return [
            Declare(side) for side in SIDES if self.why_illegal(deal, seat, Declare(side)) is None
        ]

    def why_illegal(self, deal: PokerDeal, seat: int, action: TableAction) -> str | None:
        """Not a declaration, or a side the declarations refuse."""
        if not isinstance(action, Declare) or deal.declarations is None:
            return "it is time to declare high, low or both"
        return deal.declarations.why_illegal(seat, action.side)

    def do(self, deal: PokerDeal, seat: int, action: TableAction) -> list[Event]:
        """Declare; once all have, the chips are shown and the deal runs on to the showdown."""
        assert isinstance(action, Declare)
        declarations = deal.declarations
        assert declarations is not None
        side = action.side
        declarations.declare(seat, side)
        if declarations.mode is DeclarationMode.IN_TURN:
            text = f"seat {seat} declares {side.value}"
            values = {"seat": seat, "side": side.value}
            events = [public_event("declare", seat, text, key="declare", values=values)]
        else:
            text = f"seat {seat} holds a chip in his hand"
            events = [
                public_event("declare", seat, text, key="declare-chip", values={"seat": seat})
            ]
        if declarations.done:
            said = ", ".join(f"seat {s} {d.value}" for s, d in declarations.made.items())
            if declarations.mode is DeclarationMode.CHIPS:
                text = f"the chips are shown: {said}"
                events.append(
                    public_event("declare", None, text, key="chips-shown", values={"sides": said})
                )
            events += deal.run_steps()
        return events


def start_declarations(deal: PokerDeal) -> list[Event]:
    """Open the declarations, unless the cards speak for themselves."""
    mode = deal.spec.declarations
    if mode is DeclarationMode.CARDS_SPEAK:
        return []
    both = deal.spec.cards_each() + deal.spec.board_size() > 5
    deal.declarations = Declarations(mode, deal.dealing_order(), both_allowed=both)
    deal.phase = Phase.DECLARE
    return [
        public_event("declare", None, "declarations, from the dealer's left", key="declarations")
    ]
