"""Deals laid out card by card for the piquet tests."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import Card, DeckSpec, parse_cards
from cardtable.engine import DealSetup
from cardtable.piquet.actions import parse_action
from cardtable.piquet.deal import PiquetDeal
from cardtable.piquet.rules import PiquetRules

DEALER = 0
ELDER = 1


def two_hand_deal(
    elder: str, younger: str, talon: str | None = None, rules: PiquetRules | None = None
) -> PiquetDeal:
    """A deal for two, seat 0 dealing: the elder's twelve, the younger's, then the talon.

    The talon is the elder's five on top of the dealer's three; by default the rest of the
    deck in its fixed order.
    """
    hands = list(parse_cards(elder)) + list(parse_cards(younger))
    rest = _rest(hands) if talon is None else list(parse_cards(talon))
    deck = tuple(hands + rest)
    return PiquetDeal(2, DealSetup(DEALER, deck, 0), rules or PiquetRules(), (0, 1))


def three_hand_deal(
    first: str, second: str, dealer: str, talon: str, rules: PiquetRules | None = None
) -> PiquetDeal:
    """A deal for three, seat 0 dealing: seat 1 (the first leader), seat 2, the dealer, talon."""
    cards = [*parse_cards(first), *parse_cards(second), *parse_cards(dealer), *parse_cards(talon)]
    return PiquetDeal(3, DealSetup(DEALER, tuple(cards), 0), rules or PiquetRules(), (0, 1, 2))


def _rest(used: Iterable[Card]) -> list[Card]:
    taken = set(used)
    return [card for card in DeckSpec.named("32").cards() if card not in taken]


def act(deal: PiquetDeal, *texts: str) -> None:
    """Play actions given as text."""
    for text in texts:
        deal.apply(parse_action(text))


def play_out(deal: PiquetDeal) -> None:
    """Finish the deal, every seat playing its first legal action (its lowest card)."""
    while deal.to_move is not None:
        deal.apply(deal.legal_actions()[0])
