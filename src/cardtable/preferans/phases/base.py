"""What a phase of a preferans deal is: whose turn, its legal actions, refusals and moves."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from cardtable.engine import CardChoice, Event
from cardtable.preferans.actions import Action, Misdeal, Say
from cardtable.preferans.phases.state import DealState, PhaseName, seat_name


class Phase(ABC):
    """One phase of a deal; ``name`` is what views call it."""

    name: ClassVar[PhaseName]

    def __init__(self, state: DealState) -> None:
        self.state = state

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None`` when the deal is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move."""

    @abstractmethod
    def refusal(self, action: Action) -> str | None:
        """Why the phase does not allow ``action`` now, or ``None``."""

    @abstractmethod
    def do(self, action: Action) -> list[Event]:
        """Play a legal ``action``: change the state and return the events."""

    def choices(self) -> list[CardChoice]:
        """The phase's moves that are sets of cards, as structure (none in most phases)."""
        return []

    def may_claim_misdeal(self) -> bool:
        """Whether a misdeal may be claimed now (rule 12, under ``irregularities``)."""
        return False

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` may not be played now, in one sentence, or ``None``."""
        if isinstance(action, Misdeal):
            if not self.state.rules.irregularities:
                return "a program's deal has no misdeal (the 'irregularities' option is off)"
            if not self.may_claim_misdeal():
                return "a misdeal is claimed during the deal, before the first call (rule 12)"
            return None
        return self.refusal(action)


class Saying(Phase):
    """A phase in which the seat to move says one of a few words (``options``)."""

    what: ClassVar[str]
    """What the seat to move must do, for the refusal."""

    @abstractmethod
    def options(self) -> tuple[Say, ...]:
        """The words the seat to move may say."""

    def legal_actions(self) -> list[Action]:
        """The words."""
        return list(self.options())

    def refusal(self, action: Action) -> str | None:
        """Anything but the words."""
        options = self.options()
        if action in options:
            return None
        words = ", ".join(repr(option.value) for option in options)
        return f"now {seat_name(self.to_move)} must {self.what}: {words}"
