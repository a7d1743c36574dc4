"""The session between deals: 002_053e85955f9a4108.txt, "Места за столом" and after."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import parse_cards
from cardtable.errors import IllegalAction
from cardtable.poker.actions import DealerChoice
from cardtable.poker.ledger import HouseRules
from cardtable.poker.limits import Limits, WangdoodleSpan
from cardtable.poker.session import (
    ChoiceScope,
    Session,
    SessionRules,
    first_dealer_by_jack,
    seat_at_random,
    seat_by_cards,
    seat_newcomer,
)

NAMES = ["А", "Б", "В", "Г"]


def session(limits: Limits | None = None, rules: SessionRules | None = None) -> Session:
    table = Session(NAMES, 0, rules or SessionRules(), limits or Limits(), HouseRules())
    for name in NAMES:
        table.ledger.buy(name, limits.freeze_out_stake if limits and limits.freeze_out else 50)
    return table


def test_random_seating_uses_only_the_injected_generator() -> None:
    """Места за столом: "В начале игровой сессии занимаются наугад"."""
    first = seat_at_random(NAMES, random.Random(7))
    assert first == seat_at_random(NAMES, random.Random(7))
    assert sorted(first) == sorted(NAMES)


def test_the_first_dealer_is_who_receives_the_first_jack() -> None:
    """Схема построения игры.

    "Выбор первого сдающего определяется сдачей: до выпадения первого валета".
    """
    deck = parse_cards("9♠ 2♥ A♣ K♦ J♠ J♦")
    assert first_dealer_by_jack(deck, players=4, start=1) == (1 + 4) % 4
    with pytest.raises(IllegalAction, match="no jack"):
        first_dealer_by_jack(parse_cards("2♠ 3♠"), players=2, start=0)


def test_seating_by_cards_puts_the_lowest_card_left_of_the_dealer() -> None:
    """Места за столом.

    "Игрок с самой младшей картой садится слева от сдающего ... При наличии двух карт одного
    достоинства сданная первой считается старше".
    """
    seating = seat_by_cards("А", ["Б", "В", "Г", "Д"], parse_cards("K♠ 7♥ K♦ 2♣"))
    assert seating == ["А", "Д", "В", "Г", "Б"]


def test_a_newcomer_sits_left_of_the_player_dealt_the_lowest_card() -> None:
    """Места за столом: "новый игрок занимает место слева от игрока с самой младшей картой"."""
    assert seat_newcomer(NAMES, "Д", parse_cards("9♠ 4♥ 4♦ A♣")) == ["А", "Б", "В", "Д", "Г"]


def test_the_deal_passes_to_the_left_after_every_deal() -> None:
    """Смена сдающего: "право сдавать переходит игроку, сидящему слева от предыдущего"."""
    table = session()
    dealers = []
    for _ in range(5):
        dealers.append(table.dealer_name)
        table.finish_deal(best_category=None)
    assert dealers == ["А", "Б", "В", "Г", "А"]


def test_players_join_and_leave_between_deals_and_the_deal_still_passes_left() -> None:
    """Места за столом; Банкомет.

    A newcomer is seated by a dealt card; a leaver sells back his chips and the deal goes on
    to the left. Б deals next, so the cards go from his left (Схема построения игры): В 9♠,
    Г 4♥, А 4♦, Б A♣. Of the two fours the one dealt first is higher, so А holds the lowest
    card and Д sits on his left.
    """
    table = session()
    table.finish_deal(best_category=None)
    table.join("Д", parse_cards("9♠ 4♥ 4♦ A♣"))
    assert table.players == ["А", "Д", "Б", "В", "Г"]
    assert table.dealer_name == "Б"
    assert table.leave("Б") == 50
    assert table.dealer_name == "В"
    assert table.ledger.balance()["Б"] == 0


def test_freeze_out_eliminates_a_broke_player_until_one_has_everything() -> None:
    """«Замороженный вклад».

    "Как только игрок израсходовал все свои фишки, он выбывает из игры. Игроки играют до тех
    пор, пока один игрок не выиграет все фишки".
    """
    table = session(Limits(freeze_out=True, freeze_out_stake=20))
    table.ledger.move({"А": 20, "Б": -20})
    table.finish_deal(best_category=None)
    assert table.players == ["А", "В", "Г"]
    assert table.dealer_name == "В"
    table.ledger.move({"А": 40, "В": -20, "Г": -20})
    table.finish_deal(best_category=None)
    assert table.is_over
    assert table.ledger.stacks["А"] == 80


def test_jackpot_after_all_fold_to_the_opener_the_others_ante_and_the_maximum_is_the_pot() -> None:
    """Джекпот.

    When all fold after one player opened, "В следующей игре перед сдачей другие игроки должны
    каждый внести «предварительную ставку» в банк в размере единичной ставки предыдущей игры".
    """
    table = session(Limits(minimum=2, maximum=5, jackpot=True))
    table.finish_deal(best_category=None, won_unopposed_by="В")
    terms = table.terms()
    assert terms.jackpot_antes == {"А": 2, "Б": 2, "Г": 2}
    assert terms.jackpot_maximum == 6
    table.finish_deal(best_category=None)
    assert table.terms().jackpot_antes == {}


@pytest.mark.parametrize(("span", "doubled"), [(WangdoodleSpan.DEAL, 1), (WangdoodleSpan.ROUND, 4)])
def test_wangdoodle_doubles_the_next_deal_or_round_after_a_flush_or_better(
    span: WangdoodleSpan, doubled: int
) -> None:
    """Вангдудл.

    "После появления любого очень хорошего расклада (например, флеша и выше) обычные или
    начальные пределы удваиваются на следующую игру", sometimes for the next round.
    """
    table = session(Limits(wangdoodle=True, wangdoodle_span=span))
    table.finish_deal(best_category="straight")
    assert table.terms().factor == 1
    table.finish_deal(best_category="flush")
    factors = []
    for _ in range(5):
        factors.append(table.terms().factor)
        table.finish_deal(best_category="pair")
    assert factors == [2] * doubled + [1] * (5 - doubled)


def test_dealers_choice_names_the_game_for_his_deal_or_a_round_but_not_limits_or_deck() -> None:
    """Выбор сдающего.

    The dealer names the game and wild cards; "он не может изменить пределы ставок добавить
    карты к колоде или убрать их из нее"; by agreement for his deal or a whole round.
    """
    with pytest.raises(IllegalAction, match="limits or the deck"):
        DealerChoice.parse("choose draw deck 36")
    choice = DealerChoice.parse("choose seven-card-stud wild 2♠")
    assert DealerChoice.parse(choice.text()) == choice
    table = session(rules=SessionRules(dealers_choice=ChoiceScope.ROUND))
    table.choose(choice)
    table.finish_deal(best_category=None)
    assert table.why_not_choose(DealerChoice("draw")) == (
        "the game of this round was already named by an earlier dealer"
    )
    for _ in range(3):
        table.finish_deal(best_category=None)
    assert table.choice is None
    assert session().why_not_choose(choice) == "dealer's choice was not agreed at this table"
