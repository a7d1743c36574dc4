"""What every phase of a preferans deal shares: the seats, the cards, the calls and the tricks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from cardtable.cards import Card, Suit
from cardtable.engine import Event
from cardtable.preferans.actions import MisdealKind, Say
from cardtable.preferans.bidding import Auction, AuctionBid
from cardtable.preferans.contracts import Contract
from cardtable.preferans.outcome import DealKind, Defence, Renonce
from cardtable.preferans.phrases import told
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.tricks import following, sorted_cards

if TYPE_CHECKING:
    from cardtable.preferans.phases.base import Phase

PhaseName = Literal["auction", "discard", "contract", "whist", "lone", "answer", "play", "over"]
"""What views call the phases."""


@dataclass
class DealState:
    """The state one deal's phases share; the phase in progress is :attr:`phase`.

    ``active`` are the three seats that play, first hand first; ``controller`` says who plays
    each seat's cards (an open whister plays his partner's too).
    """

    rules: PreferansRules
    seats: int
    dealer: int
    active: tuple[int, ...]
    previous_allpasses: int
    hands: dict[int, list[Card]]
    talon: tuple[Card, Card]
    auction: Auction
    kind: DealKind | None = None
    declarer: int | None = None
    bid: AuctionBid | None = None
    contract: Contract | None = None
    discarded: tuple[Card, ...] = ()
    talon_shown: bool = False
    defenders: tuple[int, ...] = ()
    whist_calls: list[tuple[int, Say]] = field(default_factory=list)
    whister: int | None = None
    claimed: bool = False
    claim: int | None = None
    """The seat whose claim of the remaining tricks lies face up, awaiting its grant."""
    defence: Defence = "none"
    controller: dict[int, int] = field(default_factory=dict)
    opened: set[int] = field(default_factory=set)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    talon_lead: Card | None = None
    leader: int = 0
    tricks: list[int] = field(default_factory=list)
    trick_number: int = 0
    last_trick: tuple[tuple[int, Card], ...] = ()
    renonces: list[Renonce] = field(default_factory=list)
    misdeal: MisdealKind | None = None
    phase: Phase = field(init=False)

    @property
    def card_seat(self) -> int:
        """The seat whose card is due in the play."""
        if not self.trick:
            return self.active[0] if self.talon_lead is not None else self.leader
        return self.next_active(self.trick[-1][0])

    def next_active(self, seat: int) -> int:
        """The active seat after ``seat``."""
        return self.active[(self.active.index(seat) + 1) % 3]

    def strict_follow(self, hand: Sequence[Card]) -> list[Card]:
        """The cards of ``hand`` that follow without a revoke (rules 31–32)."""
        trump = None if self.contract is None else self.contract.trump
        return following(hand, self.led_suit(), trump)

    def led_suit(self) -> Suit | None:
        """The suit the trick asks for: the talon card's in all-pass, else the lead's."""
        if self.talon_lead is not None:
            return self.talon_lead.suit
        return self.trick[0][1].suit if self.trick else None

    def open_hand(self, seat: int, why: str) -> list[Event]:
        """Lay ``seat``'s cards face up, saying ``why`` (a key of the phrase book)."""
        self.opened.add(seat)
        return [told("open", seat, why, sorted_cards(self.hands[seat]), seat=seat)]

    def shown_talon(self) -> tuple[Card, ...]:
        """The talon cards that have been shown."""
        if not self.talon_shown:
            return ()
        if self.kind == "all-pass":
            return self.talon[: min(self.trick_number + 1, len(self.talon))]
        return self.talon

    def series(self) -> int:
        """The all-passes in a row, this deal's among them."""
        return self.previous_allpasses + 1 if self.kind == "all-pass" else 0


def seat_name(seat: int | None) -> str:
    """A seat as the events name it."""
    return f"seat {seat}"
