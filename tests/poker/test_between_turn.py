"""The dealer's choice offered between deals: who names the game, and what he may name.

002_053e85955f9a4108.txt, "Выбор сдающего": "Если все согласны играть по «выбору сдающего»,
последний выбирает вид игры ... Однако он не может изменить пределы ставок добавить карты к
колоде или убрать их из нее".
"""

from __future__ import annotations

import json
import random

from cardtable.engine import get_game
from cardtable.poker.deal import PokerDeal
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


OWN = {
    "name": "my-spit",
    "title": "My spit in the ocean",
    "players_max": 8,
    "board_exactly": 1,
    "steps": [
        {"do": "deal", "down": 4},
        {"do": "board", "up": 1},
        {"do": "bet", "opens": "left"},
    ],
}


def test_the_dealer_is_offered_the_common_wild_cards_with_every_game() -> None:
    """«Он назначает любые козыри»: each game is offered with the seed's common wild cards.

    002_053e85955f9a4108.txt, "Козырные карты" names the common ones (jokers, the deuce of
    spades, deuces, deuces and treys, red tens); jokers only where the table's deck has them.
    """
    match = _match("deal")
    moves = match.between_moves(match.next_dealer())
    assert moves[0] == "choose holdem"
    for wild in ("deuce-of-spades", "deuces", "deuces-treys", "red-tens"):
        assert f"choose holdem wild {wild}" in moves
        assert f"choose draw wild {wild}" in moves
    assert not any(move.endswith("wild jokers") for move in moves), "no joker in this deck"
    match.apply_between("choose holdem wild red-tens")
    deal = match.start_deal(random.Random(2))
    assert isinstance(deal, PokerDeal)
    assert deal.rules.variant.hands.wild == ("red-tens",)


def test_a_dealers_own_variant_may_be_sent_and_is_offered_again_once_named() -> None:
    """Выбор сдающего: «любой новый и легко объяснимый вариант, который разработал он сам».

    The awaited dealer may send his own variant (``choose-own JSON``; nobody else may), and
    once it has been dealt at the table it is offered by name like a shipped game.
    """
    match = _match("deal")
    rng = random.Random(3)
    own = "choose-own " + json.dumps(OWN)
    dealer = match.next_dealer()
    assert match.offers_between(dealer, own)
    assert not any(match.offers_between(seat, own) for seat in range(3) if seat != dealer)
    assert not match.offers_between(dealer, "buy Anna 10"), "the banker's moves are not his"
    match.apply_between(own)
    match.start_deal(rng)
    _play_out(match, rng)
    again = match.between_moves(match.next_dealer())
    assert "choose my-spit" in again
    assert match.offers_between(match.next_dealer(), "choose my-spit")
