"""How many cards a player may draw, by the number at the table.

002_053e85955f9a4108.txt, «Покер с досдачей», the draw: «При наличии четырех и менее игроков
иногда разрешается добрать четыре или пять карт» — the pass-and-out preset lets four players or
fewer draw five; with five players the usual three is the most.
"""

from __future__ import annotations

import pytest

from cardtable.cards import Card
from cardtable.engine import get_game, seeded_rng
from cardtable.poker.actions import Bet, Call, Check, Discard
from cardtable.poker.deal import PokerDeal


def _at_the_draw(players: int) -> PokerDeal:
    """A pass-and-out deal for ``players`` brought to its draw: the first bets, the rest call."""
    game = get_game("poker")
    match = game.new_match(
        game.rules("pass-and-out"), [f"P{n}" for n in range(players)], "pass-and-out"
    )
    deal = match.start_deal(seeded_rng(1))
    assert isinstance(deal, PokerDeal)
    while not any(isinstance(action, Discard) for action in deal.legal_actions()):
        match.apply(next(a for a in deal.legal_actions() if isinstance(a, Call | Check | Bet)))
    return deal


def _hand(deal: PokerDeal) -> tuple[Card, ...]:
    seat = deal.to_move
    assert seat is not None
    return tuple(deal.view(seat).down)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_players_or_fewer_may_draw_five_cards(players: int) -> None:
    """«При наличии четырех и менее игроков иногда разрешается добрать … пять карт»."""
    deal = _at_the_draw(players)
    assert deal.why_illegal(Discard(_hand(deal))) is None


def test_five_players_draw_three_cards_at_most() -> None:
    """With five players the exception for four or fewer does not hold: three at most."""
    deal = _at_the_draw(5)
    hand = _hand(deal)
    assert deal.why_illegal(Discard(hand[:3])) is None
    assert deal.why_illegal(Discard(hand[:4])) is not None
    assert max(len(a.cards) for a in deal.legal_actions() if isinstance(a, Discard)) == 3
