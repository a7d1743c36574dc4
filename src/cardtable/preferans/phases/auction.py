"""The auction (rules 16–20, 23) and, under ``irregularities``, a misdeal claimed (rule 12).

The calls are :class:`cardtable.preferans.bidding.Auction`'s; when it ends the winner takes the
talon (or plays without it), or all pass and the deal is played as an all-pass (rule 29).
"""

from __future__ import annotations

from cardtable.engine import Event
from cardtable.preferans.actions import (
    MISDEAL_KINDS,
    Action,
    Bid,
    Misdeal,
    MisdealKind,
    Say,
    WithoutTalon,
    action_text,
)
from cardtable.preferans.phases.base import Phase
from cardtable.preferans.phases.playing import finish, start_play, turn_talon_card
from cardtable.preferans.phases.talon import Naming, show_talon
from cardtable.preferans.phrases import told

MISDEALS: dict[MisdealKind, str] = {
    "exposed": "a card was exposed in the deal",
    "count": "a hand has the wrong number of cards",
    "turn": "the cards were dealt out of turn",
}
"""What each misdeal a player may claim is (rule 12)."""


class Bidding(Phase):
    """The players call in turn until one wins the talon or all pass."""

    name = "auction"

    @property
    def to_move(self) -> int | None:
        """The seat whose call it is."""
        return self.state.auction.turn

    def may_claim_misdeal(self) -> bool:
        """Rule 12 under the option: a misdeal is claimed during the deal, before any call."""
        return self.state.rules.irregularities and not self.state.auction.calls

    def legal_actions(self) -> list[Action]:
        """The calls, and the misdeal claims while they may be made."""
        claims = [Misdeal(kind) for kind in MISDEAL_KINDS] if self.may_claim_misdeal() else []
        return [*self.state.auction.legal(), *claims]

    def refusal(self, action: Action) -> str | None:
        """The auction's reason."""
        return self.state.auction.why_illegal(action)

    def do(self, action: Action) -> list[Event]:
        """A misdeal claimed, or a call; the auction's end."""
        if isinstance(action, Misdeal):
            return self._misdeal(action.kind)
        state = self.state
        seat = state.auction.turn
        assert seat is not None
        assert isinstance(action, Say | Bid | WithoutTalon)
        state.auction.apply(action)
        events = [told("call", seat, "says", seat=seat, call=action_text(action))]
        if not state.auction.is_over:
            return events
        if state.auction.winner is None:
            return events + self._allpass()
        state.declarer = declarer = state.auction.winner
        state.bid = bid = state.auction.high
        assert bid is not None
        state.defenders = (state.next_active(declarer),)
        state.defenders += (state.next_active(state.defenders[0]),)
        events.append(told("won", declarer, "wins-talon", seat=declarer, bid=action_text(bid)))
        if isinstance(bid, WithoutTalon):
            state.phase = Naming(state)
            return events
        return events + show_talon(state)

    def _misdeal(self, kind: MisdealKind) -> list[Event]:
        """Rule 12: the deal is void; the match deals again, by the seat whose turn it is."""
        state = self.state
        seat = state.auction.turn
        state.misdeal = kind
        state.kind = "redeal"
        assert seat is not None
        claim = told("misdeal", seat, "misdeal", seat=seat, why=MISDEALS[kind])
        return [claim, *finish(state, "void: the cards are dealt again")]

    def _allpass(self) -> list[Event]:
        state = self.state
        state.kind = "all-pass"
        events = [told("all-pass", None, "all-pass")]
        events += start_play(state, "none")
        if state.rules.allpass_talon == "lead":
            events += turn_talon_card(state)
        return events
