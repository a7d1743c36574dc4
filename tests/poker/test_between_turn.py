"""The dealer's choice offered between deals: who names the game, and what he may name.

002_053e85955f9a4108.txt, "Выбор сдающего": "Если все согласны играть по «выбору сдающего»,
последний выбирает вид игры ... Однако он не может изменить пределы ставок добавить карты к
колоде или убрать их из нее".
"""

from __future__ import annotations

import random

from cardtable.engine import get_game
from cardtable.poker.game import POKER
from cardtable.poker.match import PokerMatch
from cardtable.poker.variants import VariantSpec


def _variant(preset: str) -> VariantSpec:
    return POKER.rules(preset).variant


def _match(scope: str) -> PokerMatch:
    game = get_game("poker")
    rules = game.rules("holdem", {"session": {"dealers_choice": scope}})
    match = game.new_match(rules, ["Anna", "Boris", "Vera"], "holdem")
    assert isinstance(match, PokerMatch)
    return match


def _play_out(match: PokerMatch, rng: random.Random) -> None:
    while match.current is not None:
        match.apply(rng.choice(match.legal_actions()))


def test_the_dealer_names_the_game_of_his_deal_before_he_deals() -> None:
    """Dealer's choice for his deal (а): each dealer in turn is offered the choice."""
    match = _match("deal")
    rng = random.Random(4)
    for _ in range(3):
        dealer = match.next_dealer()
        assert match.between_turn() == dealer
        assert all(match.between_moves(seat) == [] for seat in range(3) if seat != dealer)
        moves = match.between_moves(dealer)
        assert moves[0] == "choose holdem", "the table's own game is offered first"
        match.apply_between("choose seven-card-stud")
        assert match.between_turn() is None
        deal = match.start_deal(rng)
        assert deal.view(0).variant == "seven-card-stud"
        _play_out(match, rng)


def test_the_dealer_is_offered_no_game_of_another_deck() -> None:
    """«Он не может ... добавить карты к колоде или убрать их»: no variant of another deck."""
    match = _match("deal")
    offered = {move.removeprefix("choose ") for move in match.between_moves(match.next_dealer())}
    deck = _variant("holdem").hands.deck()
    others = {name for name in POKER.presets if _variant(name).hands.deck() != deck}
    assert others, "some shipped variant uses another deck"
    assert offered
    assert not offered & others


def test_without_dealers_choice_nothing_is_awaited_between_deals() -> None:
    """A table that did not agree dealer's choice deals on: no seat is awaited."""
    match = _match("none")
    assert match.between_turn() is None
    assert match.between_moves(match.next_dealer()) == []
