"""The poker table's rules as the seeds write them (issue 14, poker items 2 and 4–9)."""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.engine.deal import DealSetup
from cardtable.engine.registry import get_game
from cardtable.poker.table import PokerDeal, PokerMatch

GAME = get_game("poker")


def start(preset: str, players: int, deck: tuple[Card, ...] | None = None) -> PokerDeal:
    """A deal of ``preset`` for ``players``, seat 0 dealing, from ``deck`` (or as it comes)."""
    match = GAME.new_match(GAME.rules(preset), [f"P{seat}" for seat in range(players)])
    assert isinstance(match, PokerMatch)
    deal = match.start_deal_from(DealSetup(0, deck or match.deck(), 1))
    assert isinstance(deal, PokerDeal)
    return deal


def test_the_cards_are_dealt_one_at_a_time_in_rotation() -> None:
    """000_75e337bfe099b695.txt, СДАЧА: "В любой форме покера карты сдаются по одной".

    Draw poker, three players, seat 0 deals: seat 1 gets the deck's 1st, 4th, 7th … card,
    seat 2 the 2nd, 5th …, the dealer the 3rd, 6th …
    """
    deal = start("draw", 3)
    deck = deal.setup.deck
    for place, seat in enumerate((1, 2, 0)):
        assert deal.hands[seat].down == list(deck[place:15:3])


def test_stud_deals_each_pass_round_the_table_down_cards_first() -> None:
    """002_053e85955f9a4108.txt, «Семикарточный гвоздь».

    "Начальная сдача состоит из трех карт: две «забивные» карты, затем одна в открытую",
    one at a time (000_75e337bfe099b695.txt, СДАЧА): two passes of down cards, then a pass of
    up cards.
    """
    deal = start("seven-card-stud", 3)
    deck = deal.setup.deck
    for place, seat in enumerate((1, 2, 0)):
        assert deal.hands[seat].down == [deck[place], deck[place + 3]]
        assert deal.hands[seat].up == [deck[place + 6]]
