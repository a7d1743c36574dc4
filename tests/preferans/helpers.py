"""A table with known hands, for the golden deals written out move by move."""

from __future__ import annotations

from typing import Any

from cardtable.cards import parse_cards
from cardtable.engine import DealSetup
from cardtable.preferans.deal import PreferansDeal, stack_deck
from cardtable.preferans.game import PREFERANS, PreferansMatch
from cardtable.preferans.rules import PreferansRules


def table(
    first: str,
    second: str,
    third: str,
    talon: str,
    *,
    players: int = 3,
    preset: str = "classic-1992",
    **overrides: Any,
) -> tuple[PreferansMatch, PreferansDeal]:
    """A match whose first deal (dealer seat 0) gives these hands to the first, second, third hand.

    With three players the first hand is seat 1, the second seat 2, the third seat 0 (the
    dealer); with four, seats 1, 2 and 3 while the dealer sits out.
    """
    rules: PreferansRules = PREFERANS.rules(preset, overrides)
    match = PREFERANS.new_match(rules, [f"P{n}" for n in range(players)], preset)
    hands = [parse_cards(text) for text in (first, second, third)]
    deck = stack_deck(hands, parse_cards(talon), rules.talon_after_round)
    deal = match.start_deal_from(DealSetup(0, deck, 0))
    assert isinstance(deal, PreferansDeal)
    return match, deal


def play(match: PreferansMatch, *moves: str) -> None:
    """Apply each move, written as a player would type it."""
    for move in moves:
        match.apply(PREFERANS.parse_action(move))


def play_out(match: PreferansMatch) -> None:
    """Finish the deal, each seat taking its first legal action without a revoke."""
    deal = match.current
    while isinstance(deal, PreferansDeal) and not deal.is_over:
        if deal.phase == "play":
            match.apply(deal.following()[0])
        else:
            match.apply(deal.legal_actions()[0])
