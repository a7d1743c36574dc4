"""The phases of a poker deal as types: who moves in each, what he may do, and what it does.

A :class:`~cardtable.poker.deal.PokerDeal` is always in one :class:`Phase`; the phase's
:class:`PhaseRules` answer for it. The values are the words a seat's view shows.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from enum import StrEnum
from typing import TYPE_CHECKING

from cardtable.engine.choices import CardChoice
from cardtable.engine.deal import Event
from cardtable.poker.actions import TableAction

if TYPE_CHECKING:
    from cardtable.poker.deal import PokerDeal


class Phase(StrEnum):
    """Where a deal stands."""

    DEALING = "steps"
    """The dealer runs the variant's steps (deals, board cards, reveals): nobody is asked."""
    BET = "bet"
    DRAW = "draw"
    EXPOSE = "expose"
    NAME_WILD = "name-wild"
    DECLARE = "declare"
    OVER = "over"
    """The showdown is done and the pots are paid, or the deal is void."""


class PhaseRules(ABC):
    """One phase's rules: the seat to move, its legal actions, refusals and what a move does.

    The rules hold no state (the deal does), so a copied deal shares them.
    """

    def __deepcopy__(self, memo: dict[int, object]) -> PhaseRules:
        return self

    @abstractmethod
    def to_move(self, deal: PokerDeal) -> int | None:
        """The seat asked to move in this phase, or ``None``."""

    @abstractmethod
    def legal_actions(self, deal: PokerDeal, seat: int) -> list[TableAction]:
        """What ``seat``, the seat to move, may do."""

    @abstractmethod
    def why_illegal(self, deal: PokerDeal, seat: int, action: TableAction) -> str | None:
        """Why ``seat``, the seat to move, may not play ``action``, in one sentence."""

    @abstractmethod
    def do(self, deal: PokerDeal, seat: int, action: TableAction) -> list[Event]:
        """Play ``seat``'s legal ``action`` and run the deal on until someone must move."""

    def choices(self, deal: PokerDeal, seat: int) -> list[CardChoice]:
        """The moves of ``seat`` that are sets of cards, as structure (none in most phases)."""
        return []


class NobodyMoves(PhaseRules):
    """A phase nobody acts in: the dealer's steps, or the deal over."""

    def to_move(self, deal: PokerDeal) -> int | None:
        """Nobody."""
        return None

    def legal_actions(self, deal: PokerDeal, seat: int) -> list[TableAction]:
        """Nothing."""
        return []

    def why_illegal(self, deal: PokerDeal, seat: int, action: TableAction) -> str | None:
        """Nobody is asked to move."""
        return "the deal is over"

    def do(self, deal: PokerDeal, seat: int, action: TableAction) -> list[Event]:
        """Never called: nothing is legal."""
        raise AssertionError("nobody moves in this phase")
