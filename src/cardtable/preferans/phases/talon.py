"""The talon and the contract (rules 20–23): the declarer's discard and his contract named.

The declarer takes the talon, discards two face down and names his contract; a misère is
named in the auction, a game without the talon at once.

A ten is checked (everyone's cards face up, no whist) under ``ten_is_checked``.
"""

from __future__ import annotations

from itertools import combinations

from cardtable.cards import Card, cards_text
from cardtable.engine import CardChoice, Event
from cardtable.preferans.actions import (
    Action,
    Bid,
    Discard,
    WithoutTalon,
    action_text,
    discard_of,
)
from cardtable.preferans.bidding import contract_choices, is_misere
from cardtable.preferans.contracts import MISERE, Contract, contract_text
from cardtable.preferans.phases.base import Phase
from cardtable.preferans.phases.playing import start_play
from cardtable.preferans.phases.state import DealState, seat_name
from cardtable.preferans.phases.whist import Whisting
from cardtable.preferans.phrases import told, told_to
from cardtable.preferans.tricks import card_order, sorted_cards


def show_talon(state: DealState) -> list[Event]:
    """The dealer shows the talon to the declarer, who takes it (rule 20)."""
    assert state.declarer is not None
    state.talon_shown = True
    state.hands[state.declarer].extend(state.talon)
    state.phase = Discarding(state)
    dealer, declarer = state.dealer, state.declarer
    return [told("talon", dealer, "shows-talon", state.talon, seat=dealer, to=declarer)]


def name_contract(state: DealState, contract: Contract) -> list[Event]:
    """The contract is named: misère and a checked ten are played at once, else the whist."""
    assert state.declarer is not None
    state.contract = contract
    state.kind = "misère" if contract.is_misere else "game"
    key = "names-without-talon" if isinstance(state.bid, WithoutTalon) else "names"
    declarer = state.declarer
    events = [told("contract", declarer, key, seat=declarer, contract=contract_text(contract))]
    if contract.is_misere:
        return events + start_play(state, "closed")
    if contract.level == 10 and state.rules.ten_is_checked:
        events += start_play(state, "checked")
        for seat in state.active:
            events += state.open_hand(seat, "open-ten")
        return events
    state.phase = Whisting(state)
    return events


class Discarding(Phase):
    """The declarer discards two cards face down (rule 21)."""

    name = "discard"

    @property
    def to_move(self) -> int | None:
        """The declarer."""
        return self.state.declarer

    def _hand(self) -> list[Card]:
        assert self.state.declarer is not None
        return self.state.hands[self.state.declarer]

    def legal_actions(self) -> list[Action]:
        """Every pair of his twelve cards."""
        hand = sorted_cards(self._hand())
        return [discard_of(pair) for pair in combinations(hand, 2)]

    def choices(self) -> list[CardChoice]:
        """Two of his twelve cards, in the order the discard is written (rule 21)."""
        hand = tuple(sorted(self._hand(), key=card_order))
        note = "lay two cards aside face down (rule 21)"
        return [CardChoice("discard", hand, (2,), note)]

    def refusal(self, action: Action) -> str | None:
        """Anything but two cards he holds."""
        declarer = seat_name(self.state.declarer)
        if not isinstance(action, Discard):
            return f"{declarer} must first discard two cards face down (rule 21)"
        if len(action.cards) != 2:
            return "the discard is exactly two cards"
        missing = [card for card in action.cards if card not in self._hand()]
        if missing:
            return f"{declarer} does not hold {cards_text(missing)}"
        return None

    def do(self, action: Action) -> list[Event]:
        """Discard; a misère bought in the auction is named at once."""
        assert isinstance(action, Discard)
        state = self.state
        assert state.declarer is not None
        cards = sorted_cards(action.cards)
        for card in cards:
            state.hands[state.declarer].remove(card)
        state.discarded = cards
        event = told_to("discard", state.declarer, "discards", cards, seat=state.declarer)
        if is_misere(state.bid):
            return [event, *name_contract(state, MISERE)]
        state.phase = Naming(state)
        return [event]


class Naming(Phase):
    """The declarer names his contract, at least what he bought (rule 21)."""

    name = "contract"

    @property
    def to_move(self) -> int | None:
        """The declarer."""
        return self.state.declarer

    def legal_actions(self) -> list[Action]:
        """The contracts his bid allows."""
        assert self.state.bid is not None
        return [Bid(contract) for contract in contract_choices(self.state.bid)]

    def refusal(self, action: Action) -> str | None:
        """Anything but a contract his bid allows."""
        bid = self.state.bid
        assert bid is not None
        if not isinstance(action, Bid):
            return f"{seat_name(self.state.declarer)} must name his contract"
        if action.contract.is_misere:
            return "misère is announced in the auction, before the talon is opened (rule 23)"
        if action.contract in contract_choices(bid):
            return None
        bought = action_text(bid)
        return f"bought at {bought}, one may not play {contract_text(action.contract)} (rule 21)"

    def do(self, action: Action) -> list[Event]:
        """Name it."""
        assert isinstance(action, Bid)
        return name_contract(self.state, action.contract)
