"""The banker, bonuses, the kitty and the rake: 002_053e85955f9a4108.txt."""

from __future__ import annotations

import pytest

from cardtable.errors import IllegalAction
from cardtable.poker.ledger import HOUSE, KITTY, POT, HouseRules, KittyTrigger, Ledger, cut_pots
from cardtable.poker.limits import Limits, LimitSystem
from cardtable.poker.pots import Pot

NAMES = ["А", "Б", "В"]
STAKES = Limits(system=LimitSystem.TABLE_STAKES, buy_in_minimum=50, buy_in_maximum=200)


def test_players_buy_chips_from_the_banker_and_sell_the_surplus_back() -> None:
    """Банкомет.

    "Игрок, которому нужны дополнительные фишки, должен приобретать их у банкомета, а игрок,
    у которого избыток фишек, может продать их обратно банкомету".
    """
    ledger = Ledger(NAMES, HouseRules())
    for name in NAMES:
        ledger.buy(name, 50)
    ledger.move({"А": 30, "Б": -10, "В": -20})
    ledger.sell("А", 60)
    ledger.buy("В", 25)
    assert ledger.balance() == {"А": 30, "Б": -10, "В": -20, KITTY: 0, HOUSE: 0, POT: 0}
    assert ledger.stacks == {"А": 20, "Б": 40, "В": 55}


def test_table_stakes_have_a_minimum_and_maximum_buy_in_and_top_ups_only_between_deals() -> None:
    """Настольные ставки.

    The minimum is agreed and sometimes the maximum; a player may add from his pocket "но не
    во время игры и только на по меньшей мере обговоренный минимум"; he may not reduce his
    table stake or sell chips back until he leaves.
    """
    ledger = Ledger(NAMES, HouseRules(), STAKES)
    assert ledger.why_not_buy("А", 40) == "the least a player may put on the table is 50"
    assert ledger.why_not_buy("А", 250) == "the most a player may put on the table is 200"
    ledger.buy("А", 100)
    assert ledger.why_not_buy("А", 50, in_deal=True) == (
        "a table stake may be raised only between deals"
    )
    assert ledger.why_not_buy("А", 20) == "the least a player may put on the table is 50"
    ledger.buy("А", 300)
    with pytest.raises(IllegalAction, match="may not be reduced"):
        ledger.sell("А", 10)
    ledger.sell("А", 400, leaving=True)
    assert ledger.balance()["А"] == 0


def test_freeze_out_starts_everyone_equal_and_sells_no_new_chips() -> None:
    """«Замороженный вклад».

    "Перед игрой каждый игрок кладет на стол перед собой одинаковое количество фишек ... ни
    один игрок не может добавлять новые фишки".
    """
    ledger = Ledger(NAMES, HouseRules(), Limits(freeze_out=True, freeze_out_stake=40))
    assert ledger.why_not_buy("А", 50) == "in a freeze-out everyone starts with 40 chips"
    for name in NAMES:
        ledger.buy(name, 40)
    ledger.move({"А": 40, "Б": -40})
    assert ledger.why_not_buy("Б", 40) == "in a freeze-out nobody may add new chips"


def test_a_bonus_hand_collects_from_every_player_in_the_deal_or_not() -> None:
    """Бонусы, или премиальные.

    The player showing «покер», a straight flush or four of a kind gets the agreed sum from
    every player, "как активного, так и не участвующего в игре".
    """
    ledger = Ledger(["А", "Б", "В", "Г"], HouseRules(bonus=15))
    for name in ledger.stacks:
        ledger.buy(name, 50)
    paid = ledger.pay_bonus("В", list(ledger.stacks))
    assert paid == {"А": 15, "Б": 15, "Г": 15}
    assert ledger.balance()["В"] == 45


def test_under_table_stakes_a_player_pays_a_bonus_only_with_the_chips_he_has() -> None:
    """Бонусы; Настольные ставки: a player may not borrow at the table (our reading)."""
    ledger = Ledger(NAMES, HouseRules(bonus=30), Limits(system=LimitSystem.TABLE_STAKES))
    for name in NAMES:
        ledger.buy(name, 50)
    ledger.move({"А": -40, "Б": 40})
    assert ledger.pay_bonus("В", NAMES) == {"А": 10, "Б": 30}


def test_the_kitty_takes_a_unit_from_pots_with_more_than_one_raise() -> None:
    """«Банк»: "одна ставочная единица из всех банков, в которых было более одного поднятия"."""
    rules = HouseRules(kitty=KittyTrigger.RAISES, kitty_unit=2)
    assert cut_pots([Pot(30, (0, 1))], rules, raises=1, winner_category=None).kitty == 0
    cut = cut_pots([Pot(30, (0, 1)), Pot(10, (0,))], rules, raises=2, winner_category=None)
    assert cut.kitty == 2
    assert cut.pots == (Pot(28, (0, 1)), Pot(10, (0,)))


def test_the_kitty_may_instead_take_from_pots_won_with_a_named_hand_or_better() -> None:
    """«Банк»: "как вариант, в которых победитель имел определенный расклад и выше"."""
    rules = HouseRules(kitty=KittyTrigger.HAND, kitty_hand="flush")
    assert cut_pots([Pot(30, (0,))], rules, raises=0, winner_category="straight").kitty == 0
    assert cut_pots([Pot(30, (0,))], rules, raises=0, winner_category="full house").kitty == 1


def test_the_kitty_is_shared_equally_among_those_still_playing_at_the_end() -> None:
    """«Банк».

    "Все фишки «банка» по окончании игры поровну делятся между всеми оставшимися в игре
    (игрок, вышедший из игры до ее окончания, утрачивает право на какую-либо часть)".
    """
    ledger = Ledger(NAMES, HouseRules())
    for name in NAMES:
        ledger.buy(name, 20)
    ledger.move({"А": -4, "Б": -3}, kitty=7)
    shares = ledger.share_kitty(["Б", "В"])
    assert shares == {"Б": 4, "В": 3}
    assert ledger.kitty == 0
    assert sum(ledger.balance().values()) == 0


def test_the_house_takes_a_percentage_of_each_pot_or_an_hourly_charge() -> None:
    """«Покер» в клубах и казино.

    The management "взимает сбор — обычно непосредственный процент с каждого выигранного
    банка, но иногда это может быть почасовой тариф".
    """
    cut = cut_pots(
        [Pot(205, (0, 1)), Pot(40, (1,))],
        HouseRules(rake_percent=10),
        raises=0,
        winner_category=None,
    )
    assert cut.rake == 20 + 4
    capped = cut_pots(
        [Pot(205, (0, 1))], HouseRules(rake_percent=10, rake_cap=5), raises=0, winner_category=None
    )
    assert capped.rake == 5
    ledger = Ledger(NAMES, HouseRules(hourly_charge=3))
    for name in NAMES:
        ledger.buy(name, 20)
    assert ledger.charge_hour(NAMES) == 9
    assert ledger.balance()[HOUSE] == 9
    assert sum(ledger.balance().values()) == 0


def test_a_deal_that_makes_or_loses_a_chip_is_refused() -> None:
    """Банкомет: the banker's book balances; a deal's changes must sum to zero."""
    ledger = Ledger(NAMES, HouseRules())
    with pytest.raises(IllegalAction, match="balance"):
        ledger.move({"А": 5, "Б": -4})
