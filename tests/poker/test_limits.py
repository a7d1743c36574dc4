"""Every limit system of 002_053e85955f9a4108.txt, "Пределы ставок"."""

from __future__ import annotations

import pytest

from cardtable.engine.rules import describe_rules, rules_from_mapping
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


def test_freeze_out_limits_bets_by_chips_and_excludes_table_stakes() -> None:
    """«Замороженный вклад».

    Played with any limit system except table stakes; no new chips, so chips limit the bets.
    """
    assert Limits(freeze_out=True).chips_limit_bets
    assert not Limits().chips_limit_bets
    bad = Limits(system=LimitSystem.TABLE_STAKES, freeze_out=True)
    assert bad.why_invalid() == "freeze-out is played with any limit system except table stakes"


def test_limits_are_rules_data_read_strictly_with_their_sources() -> None:
    """Пределы ставок: "О том, какая система будет применяться, следует договориться"."""
    limits = rules_from_mapping(Limits, {"system": "pot", "maximum": 8})
    assert limits.system is LimitSystem.POT
    assert all(info.source for info in describe_rules(limits))
    with pytest.raises(RulesError, match="system"):
        rules_from_mapping(Limits, {"system": "whatever"})
