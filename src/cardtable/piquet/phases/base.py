"""What a phase of a piquet deal is: its own legal actions, refusals and moves.

Two moves belong to no single phase: a false declaration is corrected (rule 33) and a capot
announced (rule 38) at a player's turn between the exchange and the first lead.
:class:`BeforeTheLead` lets the declarations and the play offer them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from cardtable.cards import Card
from cardtable.engine import CardChoice, Event
from cardtable.piquet.actions import AnnounceCapot, Correct, PiquetAction
from cardtable.piquet.exchange import Exchanges
from cardtable.piquet.phases.state import DealState
from cardtable.piquet.phrases import told


class Phase(ABC):
    """One phase of a deal; ``name`` is what views call it."""

    name: ClassVar[str]

    def __init__(self, state: DealState) -> None:
        self.state = state

    @abstractmethod
    def actions(self, seat: int) -> Sequence[PiquetAction]:
        """The phase's own legal actions for ``seat``, the seat to move."""

    @abstractmethod
    def refusal(self, seat: int, action: PiquetAction) -> str | None:
        """Why the phase does not allow ``action`` of ``seat`` now, or ``None``."""

    @abstractmethod
    def do(self, seat: int, action: PiquetAction) -> list[Event]:
        """Play ``seat``'s legal ``action``: change the state and return the events."""

    def choices(self, seat: int) -> list[CardChoice]:
        """The moves of ``seat`` that are sets of cards, as structure (none in most phases)."""
        return []

    def may_correct(self, seat: int) -> bool:
        """Whether ``seat`` may correct a false declaration now (rule 33)."""
        return False

    def may_announce_capot(self, seat: int) -> bool:
        """Whether ``seat`` may announce a capot now (rule 38)."""
        return False

    def legal_actions(self, seat: int) -> Sequence[PiquetAction]:
        """Every legal action of ``seat``, the seat to move."""
        actions = self.actions(seat)
        more: list[PiquetAction] = []
        if self.may_correct(seat):
            more.append(Correct())
        if self.may_announce_capot(seat):
            more.append(AnnounceCapot())
        if not more:
            return actions
        if isinstance(actions, Exchanges):
            return actions.followed_by(more)
        return [*actions, *more]

    def why_illegal(self, seat: int, action: PiquetAction) -> str | None:
        """Why ``action`` of ``seat`` may not be played now, in one sentence, or ``None``."""
        if isinstance(action, Correct):
            if not self.may_correct(seat):
                return f"seat {seat} has no false declaration to correct before the first lead"
            return None
        if isinstance(action, AnnounceCapot):
            if not self.may_announce_capot(seat):
                return "a capot is announced once, after the exchange and before the first lead"
            return None
        return self.refusal(seat, action)

    # What the table shows of the phase, for the views.

    @property
    def category(self) -> str | None:
        """The category being declared, if one is."""
        return None

    @property
    def standing(self) -> str | None:
        """The best call so far in that category, as players call it."""
        return None

    @property
    def offer(self) -> str | None:
        """The counted declaration the opponents are deciding whether to demand."""
        return None

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress."""
        return ()


class BeforeTheLead(Phase):
    """A phase in which a player may correct a false call or announce a capot, until the lead."""

    def before_the_lead(self) -> bool:
        """Whether the first card is yet to be led."""
        return True

    def choices(self, seat: int) -> list[CardChoice]:
        """The moves of ``seat`` that are sets of cards, as structure (none in most phases)."""
        return []

    def may_correct(self, seat: int) -> bool:
        """Whether ``seat`` called what he does not hold and the first card is yet to come."""
        return seat in self.state.false_callers and self.before_the_lead()

    def may_announce_capot(self, seat: int) -> bool:
        """Any player, at a turn of his between the exchange and the first lead (rule 38)."""
        state = self.state
        return (
            self.before_the_lead() and state.capot_announced is None and seat not in state.silenced
        )

    def do(self, seat: int, action: PiquetAction) -> list[Event]:
        """Correct, announce a capot, or play the phase's own move."""
        if isinstance(action, Correct):
            return self.state.correct(seat)
        if isinstance(action, AnnounceCapot):
            self.state.capot_announced = seat
            return [told("capot", seat, "capot", seat=seat)]
        return self.move(seat, action)

    @abstractmethod
    def move(self, seat: int, action: PiquetAction) -> list[Event]:
        """Play the phase's own legal ``action`` of ``seat``."""
