"""Every limit system of 002_053e85955f9a4108.txt, "Пределы ставок"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine import get_game
from cardtable.engine.rules import describe_rules, parse_preset, rules_from_mapping
from cardtable.errors import IllegalAction, RulesError
from cardtable.poker.actions import Bet, Call, RaiseTo
from cardtable.poker.betting import Betting, BettingRules
from cardtable.poker.limits import (
    BetContext,
    FixedAmounts,
    Limits,
    LimitSystem,
    increment_bounds,
)
from cardtable.poker.table_rules import PokerRules


def open_round(limits: Limits, *, players: int = 3, last: bool = False) -> Betting:
    betting = Betting(players, [1000] * players, limits, BettingRules(), dealer=0)
    betting.start_round(0, 1, last=last)
    return betting


def test_fixed_limit_accepts_any_amount_between_minimum_and_maximum() -> None:
    """Установленные пределы: фиксированные, а).

    Any bet or raise between the minimum and the maximum is accepted.
    """
    bounds = increment_bounds(Limits(minimum=2, maximum=10), BetContext())
    assert [bounds.why_illegal(n) is None for n in (1, 2, 7, 10, 11)] == [
        False,
        True,
        True,
        True,
        False,
    ]


def test_fixed_limit_may_accept_only_the_listed_amounts() -> None:
    """Установленные пределы: фиксированные, б).

    Only certain amounts between the minimum and the maximum are accepted.
    """
    limits = Limits(minimum=1, maximum=10, amounts=FixedAmounts.LISTED, listed=(1, 5, 10))
    bounds = increment_bounds(limits, BetContext())
    assert bounds.why_illegal(3) == "3 is not one of the agreed amounts (1, 5, 10)"
    assert bounds.why_illegal(5) is None
    assert bounds.landmarks() == (1, 5, 10)


def test_fixed_limit_may_accept_only_the_minimum_or_the_maximum() -> None:
    """Установленные пределы: фиксированные, в).

    No amount between the minimum and the maximum is accepted.
    """
    limits = Limits(minimum=2, maximum=10, amounts=FixedAmounts.ENDS)
    betting = open_round(limits)
    assert (
        betting.why_illegal(1, Bet(5))
        == "a bet or raise of 5 is not one of the agreed amounts (2, 10)"
    )
    betting.act(1, Bet(10))
    assert betting.why_illegal(2, RaiseTo(12)) is None


def test_rising_limits_double_in_the_last_round() -> None:
    """Установленные пределы: изменяемые.

    "пределы для последнего круга ставок всегда вдвое превышают первоначальные пределы".
    """
    limits = Limits(system=LimitSystem.RISING, minimum=2, maximum=5)
    first = increment_bounds(limits, BetContext(round_index=0))
    last = increment_bounds(limits, BetContext(round_index=1, last_round=True))
    assert (first.minimum, first.maximum) == (2, 5)
    assert (last.minimum, last.maximum) == (4, 10)


def test_previous_bet_limit_allows_up_to_what_the_previous_player_put_in() -> None:
    """Предел последней ставки.

    The opening bet is by the agreed limits; after it the most is the sum the previous player
    put in the pot.
    """
    limits = Limits(system=LimitSystem.PREVIOUS_BET, minimum=1, maximum=5)
    betting = open_round(limits, players=4)
    assert betting.why_illegal(1, Bet(6)) == "a bet or raise of 6 is above the limit of 5"
    betting.act(1, Bet(5))
    assert betting.why_illegal(2, RaiseTo(11)) == "a bet or raise of 6 is above the limit of 5"
    betting.act(2, RaiseTo(10))
    assert betting.why_illegal(3, RaiseTo(20)) is None
    assert betting.why_illegal(3, RaiseTo(21)) == "a bet or raise of 11 is above the limit of 10"


@pytest.mark.parametrize(("resets", "opening_maximum"), [(True, 5), (False, 10)])
def test_previous_bet_limit_resets_each_round_or_keeps_growing(
    resets: bool, opening_maximum: int
) -> None:
    """Предел последней ставки, а)/б).

    The initial limit returns in each betting round, or the bets keep growing through the deal.
    """
    limits = Limits(
        system=LimitSystem.PREVIOUS_BET, minimum=1, maximum=5, previous_bet_resets=resets
    )
    betting = open_round(limits, players=2)
    betting.act(1, Bet(5))
    betting.act(0, RaiseTo(10))
    betting.act(1, RaiseTo(20))
    betting.act(0, Call())
    betting.start_round(1, 1, last=True)
    assert betting.bounds(1).maximum == opening_maximum


def test_pot_limit_counts_the_raisers_call_into_the_pot_first() -> None:
    """Банковский лимит.

    The most is the pot at the moment; "игрок, желающий поднять ставку, может включить в банк
    сумму, необходимую ему, чтобы остаться в игре".
    """
    limits = Limits(system=LimitSystem.POT, minimum=1, maximum=5)
    betting = open_round(limits, players=3)
    betting.act(1, Bet(5))
    betting.act(2, Call())
    assert betting.bounds(0).maximum == 5 + 5 + 5
    betting.act(0, RaiseTo(20))
    assert betting.pot == 30
    assert betting.bounds(1).maximum == 30 + 15
    with pytest.raises(IllegalAction, match="46 is above the limit of 45"):
        betting.act(1, RaiseTo(66))


def test_table_stakes_allow_a_player_his_whole_table_stake() -> None:
    """Настольные ставки.

    "Максимальным пределом ставок игрока является его настольная сумма на данный момент".
    """
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=5)
    betting = Betting(2, [70, 300], limits, BettingRules(), dealer=0)
    betting.start_round(0, 0, last=False)
    assert betting.why_illegal(0, Bet(71)) == "that needs 71 chips and you have 70"
    assert betting.why_illegal(0, Bet(70)) is None


def test_unlimited_play_has_only_a_minimum() -> None:
    """Неограниченные ставки: "Игрок может делать или поднимать ставку на любую сумму"."""
    bounds = increment_bounds(Limits(system=LimitSystem.UNLIMITED, minimum=1), BetContext())
    assert bounds.maximum is None
    assert bounds.why_illegal(10**9) is None


def test_jackpot_deal_maximum_is_the_pot_when_it_exceeds_the_usual_maximum() -> None:
    """Джекпот.

    "Новым максимумом (только для этой игры) является общая сумма, находящаяся теперь в банке
    перед началом игры (при условии, что она превышает обычный максимум)".
    """
    limits = Limits(minimum=1, maximum=5, jackpot=True)
    assert increment_bounds(limits, BetContext(jackpot_maximum=24)).maximum == 24
    assert increment_bounds(limits, BetContext(jackpot_maximum=3)).maximum == 5


def test_wangdoodle_doubles_the_limits() -> None:
    """Вангдудл: "обычные или начальные пределы удваиваются на следующую игру"."""
    limits = Limits(minimum=2, maximum=5, wangdoodle=True)
    bounds = increment_bounds(limits, BetContext(factor=limits.wangdoodle_factor))
    assert (bounds.minimum, bounds.maximum) == (4, 10)


def test_wangdoodle_doubles_the_listed_amounts_and_drops_those_under_the_doubled_minimum() -> None:
    """Вангдудл doubles «обычные или начальные пределы»: the agreed amounts double with them.

    Of the amounts 1, 2 and 5 under a minimum of 2 and a maximum of 10, doubled: 4 and 10 (the
    doubled 1 falls under the doubled minimum of 4).
    """
    limits = Limits(
        system=LimitSystem.FIXED,
        amounts=FixedAmounts.LISTED,
        listed=(1, 2, 5),
        minimum=2,
        maximum=10,
        wangdoodle=True,
    )
    assert increment_bounds(limits, BetContext(factor=2)).listed == (4, 10)
    assert increment_bounds(limits, BetContext()).listed == (2, 5)


def test_freeze_out_limits_bets_by_chips() -> None:
    """«Замороженный вклад»: no player may add new chips, so the chips before him limit his bets."""
    assert Limits(freeze_out=True).chips_limit_bets
    assert not Limits().chips_limit_bets


FREEZE_OUT_AT_TABLE_STAKES = "freeze-out is played with any limit system except table stakes"


@pytest.mark.parametrize("system", [s for s in LimitSystem if s is not LimitSystem.TABLE_STAKES])
def test_freeze_out_is_played_with_any_limit_system_except_table_stakes(
    system: LimitSystem,
) -> None:
    """«Замороженный вклад».

    "Этот вариант можно разыгрывать с любой системой пределов ставок, кроме настольной."
    """
    assert Limits(system=system, freeze_out=True).freeze_out
    assert Limits(system=LimitSystem.TABLE_STAKES, freeze_out=False).why_invalid() is None
    with pytest.raises(RulesError) as refused:
        Limits(system=LimitSystem.TABLE_STAKES, freeze_out=True)
    assert str(refused.value) == FREEZE_OUT_AT_TABLE_STAKES


@pytest.mark.parametrize(
    "system", [LimitSystem.FIXED, LimitSystem.RISING, LimitSystem.PREVIOUS_BET, LimitSystem.POT]
)
def test_the_maximum_is_not_below_the_minimum_where_the_system_has_a_maximum(
    system: LimitSystem,
) -> None:
    """Установленные пределы: a bet between the minimum and the maximum.

    The previous-bet and pot limits open by the same two numbers.
    """
    assert Limits(system=system, minimum=4, maximum=4).maximum == 4
    with pytest.raises(RulesError) as refused:
        Limits(system=system, minimum=5, maximum=4)
    assert str(refused.value) == "the maximum 4 is below the minimum 5"


@pytest.mark.parametrize("system", [LimitSystem.TABLE_STAKES, LimitSystem.UNLIMITED])
def test_table_stakes_and_unlimited_bets_have_no_agreed_maximum(system: LimitSystem) -> None:
    """Настольные ставки, Неограниченные ставки: the most is the chips, or nothing.

    The unused ``maximum`` is never compared with the minimum.
    """
    assert Limits(system=system, minimum=5, maximum=4).why_invalid() is None


def test_listed_amounts_need_a_list() -> None:
    """Установленные пределы: фиксированные, б): only the amounts agreed on are accepted."""
    assert Limits(amounts=FixedAmounts.LISTED, listed=(2,)).listed == (2,)
    with pytest.raises(RulesError) as refused:
        Limits(amounts=FixedAmounts.LISTED)
    assert str(refused.value) == "listed amounts need a list"


def test_a_buy_in_maximum_is_not_below_its_minimum() -> None:
    """Настольные ставки: a player puts between the least and the most agreed on the table.

    A maximum of 0 means none.
    """
    assert Limits(buy_in_minimum=50, buy_in_maximum=50).buy_in_maximum == 50
    assert Limits(buy_in_minimum=50, buy_in_maximum=0).why_invalid() is None
    with pytest.raises(RulesError) as refused:
        Limits(buy_in_minimum=50, buy_in_maximum=49)
    assert str(refused.value) == "the buy-in maximum is below its minimum"


def test_limits_are_rules_data_read_strictly_with_their_sources() -> None:
    """Пределы ставок: "О том, какая система будет применяться, следует договориться"."""
    limits = rules_from_mapping(Limits, {"system": "pot", "maximum": 8})
    assert limits.system is LimitSystem.POT
    assert all(info.source for info in describe_rules(limits))
    with pytest.raises(RulesError, match="system"):
        rules_from_mapping(Limits, {"system": "whatever"})


FREEZE_OUT_TOML = '[rules.limits]\nsystem = "table-stakes"\nfreeze_out = true\n'
FREEZE_OUT_OVERRIDES = {"limits": {"system": "table-stakes", "freeze_out": True}}
READERS: dict[str, Callable[[], object]] = {
    "rules file": lambda: get_game("poker").rules_from_toml(FREEZE_OUT_TOML, "rules.toml"),
    "preset overrides": lambda: get_game("poker").rules("holdem", FREEZE_OUT_OVERRIDES),
    "preset text": lambda: parse_preset("mine", FREEZE_OUT_TOML, PokerRules),
}


@pytest.mark.parametrize("reader", READERS)
def test_every_reader_of_poker_rules_refuses_a_freeze_out_at_table_stakes(reader: str) -> None:
    """«Замороженный вклад» "кроме настольной", docs/rules/poker.md ("PHH limits").

    A rules file, a preset's overrides and a preset's own text are each refused with it.
    """
    with pytest.raises(RulesError, match=FREEZE_OUT_AT_TABLE_STAKES):
        READERS[reader]()


def test_a_variant_file_with_a_freeze_out_at_table_stakes_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    """«Замороженный вклад» "кроме настольной": `poker variant FILE` prints the sentence, exit 2."""
    variant = tmp_path / "mine.toml"
    steps = '[{do = "deal", down = 5}, {do = "bet"}, {do = "showdown"}]'
    variant.write_text(f'{FREEZE_OUT_TOML}[rules.variant]\nname = "mine"\nsteps = {steps}\n')
    result = CliRunner().invoke(app, ["poker", "variant", str(variant)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert FREEZE_OUT_AT_TABLE_STAKES in result.stderr
