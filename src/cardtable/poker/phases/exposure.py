"""Exposing and naming wild cards: in turn each player turns up a down card, or names one wild.

Steps of some variants of the seed's catalogue (002_053e85955f9a4108.txt, "Виды «Покера»"):
each player turns up one of his down cards (optionally, where the variant says so), or
names one of his hole cards wild.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.cards import Card
from cardtable.engine.deal import Event, private_event, public_event
from cardtable.poker.actions import Discard, Expose, NameWild, TableAction
from cardtable.poker.phases.phase import PhaseRules
from cardtable.poker.variants import Step

if TYPE_CHECKING:
    from cardtable.poker.deal import PokerDeal


class ExposePhase(PhaseRules):
    """Every player in turn turns up one of his down cards (or keeps them, if optional)."""

    def to_move(self, deal: PokerDeal) -> int | None:
        """The next player in turn who has not exposed."""
        return deal.next_in_turn()

    def legal_actions(self, deal: PokerDeal, seat: int) -> list[TableAction]:
        """Each of his down cards, and keeping them down where the step allows."""
        keep = [Discard(())] if _optional(deal) else []
        return [*keep, *(Expose(card) for card in deal.hands[seat].down)]

    def why_illegal(self, deal: PokerDeal, seat: int, action: TableAction) -> str | None:
        """Not a card of his turned up (nor standing pat where that is allowed)."""
        optional = _optional(deal)
        if optional and action == Discard(()):
            return None
        if not isinstance(action, Expose):
            if optional:
                return "turn up one of your down cards, or stand pat"
            return "every player now turns up one of his down cards"
        if action.card not in deal.hands[seat].down:
            return f"seat {seat} holds no {action.card.text()} face down"
        return None

    def do(self, deal: PokerDeal, seat: int, action: TableAction) -> list[Event]:
        """Turn the card up (or keep the cards down); after the last player, run on."""
        deal.acted.add(seat)
        if isinstance(action, Expose):
            return deal.turn_taken(_expose(deal, seat, action.card))
        text = f"seat {seat} keeps his cards down"
        return deal.turn_taken(
            [public_event("expose", seat, text, key="keeps-down", values={"seat": seat})]
        )


def _optional(deal: PokerDeal) -> bool:
    return deal.current is not None and deal.current.optional


def start_expose(deal: PokerDeal, step: Step) -> list[Event]:
    """Announce the expose; who has no more than ``keep_down`` cards down passes it."""
    deal.exposed = set()
    for seat in deal.dealing_order():
        if len(deal.hands[seat].down) <= step.keep_down:
            deal.acted.add(seat)
    return [public_event("expose", None, "every player turns up a card", key="expose")]


def _expose(deal: PokerDeal, seat: int, card: Card) -> list[Event]:
    deal.exposed.add(seat)
    hand = deal.hands[seat]
    hand.down.remove(card)
    hand.up.append(card)
    text = f"seat {seat} turns up a card"
    return [public_event("expose", seat, text, [card], key="turns-up", values={"seat": seat})]


class NameWildPhase(PhaseRules):
    """Every player in turn names one of his hole cards wild (its rank is wild for him)."""

    def to_move(self, deal: PokerDeal) -> int | None:
        """The next player in turn who has not named his card."""
        return deal.next_in_turn()

    def legal_actions(self, deal: PokerDeal, seat: int) -> list[TableAction]:
        """Each of his down cards."""
        return [NameWild(card) for card in deal.hands[seat].down]

    def why_illegal(self, deal: PokerDeal, seat: int, action: TableAction) -> str | None:
        """Not one of his down cards named."""
        if not isinstance(action, NameWild):
            return "every player now names one of his hole cards wild"
        if action.card not in deal.hands[seat].down:
            return f"seat {seat} holds no {action.card.text()} face down"
        return None

    def do(self, deal: PokerDeal, seat: int, action: TableAction) -> list[Event]:
        """Note his wild card, told only to him; after the last player, run on."""
        assert isinstance(action, NameWild)
        deal.acted.add(seat)
        deal.chosen_wild[seat] = action.card
        text = f"seat {seat} names his wild card"
        event = private_event(
            "wild", seat, text, [action.card], key="names-wild", values={"seat": seat}
        )
        return deal.turn_taken([event])


def start_name_wild(deal: PokerDeal, step: Step) -> list[Event]:
    """Announce the naming of wild cards."""
    return [public_event("wild", None, "every player names a hole card wild", key="wild")]
