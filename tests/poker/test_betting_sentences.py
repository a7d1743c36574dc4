"""The betting round's own words and the turns it hands on, at the edges the suite had missed.

002_053e85955f9a4108.txt, "Принципы, по которым делаются ставки", "Круги ставок", "Пределы
ставок" (изменяемые, банк), "Настольные ставки", "«Замораживание» повышения ставок", "Начало
втемную"; the modern rules the options name (PokerKit docs, simulation: blinds and straddles,
the least raise). Every refusal is told in one sentence of its own (docs/architecture.md,
"Illegal moves"), so each test compares the whole sentence.
"""

from __future__ import annotations

import re

import pytest

from cardtable.cards import parse_cards
from cardtable.errors import IllegalAction
from cardtable.poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Discard,
    Freeze,
    NoStraddle,
    RaiseTo,
    Straddle,
)
from cardtable.poker.betting import Betting, BettingRules
from cardtable.poker.limits import FixedAmounts, Limits, LimitSystem

from .test_betting import STAKES, play, refused_unchanged, table


def exactly(sentence: str) -> str:
    """A pattern that matches ``sentence`` and nothing longer or different."""
    return f"^{re.escape(sentence)}$"


def test_before_a_round_starts_the_betting_says_no_round_is_in_progress() -> None:
    """Круги ставок: bets are made only in a betting round ("круг ставок")."""
    betting = Betting(3, [100] * 3, STAKES, BettingRules(), dealer=0)
    assert betting.why_illegal(1, Check()) == "no betting round is in progress"
    with pytest.raises(IllegalAction, match=exactly("no betting round is in progress")):
        betting.owed(1)


def test_a_call_with_nothing_to_call_is_refused_with_what_to_do_instead() -> None:
    """Принципы, а)-б): with no bet in front of him a player checks or bets; there is no call."""
    assert refused_unchanged(table(), 1, Call()) == "there is nothing to call; check or bet"


@pytest.mark.parametrize("action", [Straddle(), NoStraddle()])
def test_a_straddle_outside_its_moment_is_refused_as_such(action: Straddle | NoStraddle) -> None:
    """PokerKit docs, simulation: straddles are voluntary blinds, taken right after the blinds."""
    betting = table()
    assert refused_unchanged(betting, 1, action) == (
        "straddles are only taken right after the blinds"
    )


def test_a_move_of_another_kind_is_not_a_betting_action() -> None:
    """Принципы: in a betting round a player folds, checks, calls, bets or raises, nothing else.

    A discard is asked for by its name, and played there anyway it is refused the same way.
    """
    betting = table()
    discard = Discard(parse_cards("2♣"))
    assert betting.why_illegal(1, discard) == "discard is not a betting action"
    with pytest.raises(IllegalAction, match=exactly(f"{discard!r} is not a betting action")):
        betting.play(1, discard)


def test_a_call_of_every_chip_left_is_told_as_a_call_all_in() -> None:
    """Настольные ставки: a player short of the bet "может ... поставить все свои фишки"."""
    betting = table(stacks=[100, 100, 30], limits=STAKES)
    play(betting, (1, Bet(40)))
    assert betting.act(2, Call()) == "seat 2 calls 30 all-in"
    assert betting.act(0, Call()) == "seat 0 calls 40"


def test_an_all_in_for_exactly_the_call_is_a_call_that_reopens_nothing() -> None:
    """Настольные ставки; Круги ставок, end в): all-in for just the bet raises nothing.

    The bettor is not asked again: once the last player calls, the round is over.
    """
    betting = table(stacks=[100, 100, 50], limits=STAKES)
    play(betting, (1, Bet(50)))
    assert betting.act(2, AllIn()) == "seat 2 goes all-in for 50"
    assert betting.round is not None
    assert betting.round.raises == 0
    assert betting.to_act == 0
    play(betting, (0, Call()))
    assert betting.round_over


def test_a_player_all_in_on_his_blind_is_never_asked_to_act() -> None:
    """Начало втемную; Настольные ставки: a blind posted short puts in every chip he has.

    The big blind has one chip of his four: he still owes, but has nothing left to act with, so
    once the others have called the small blind the round is over.
    """
    betting = Betting(3, [100, 100, 1], STAKES, BettingRules(), dealer=0)
    betting.start_round(0, 0, last=False)
    betting.post_blind(1, 2)
    betting.post_blind(2, 4)
    assert betting.to_act == 0
    assert betting.act(0, Call()) == "seat 0 calls 2"
    assert betting.round_over


def test_a_round_with_one_player_who_can_still_bet_ends_at_once() -> None:
    """Круги ставок, end б): nobody is left to bet against, so the round has no turn."""
    betting = table(stacks=[100, 10, 10], limits=STAKES)
    play(betting, (1, AllIn()), (2, AllIn()), (0, Call()))
    betting.start_round(1, 1, last=True)
    assert betting.round_over
    assert betting.legal_actions() == []


def test_after_a_straddle_kept_open_by_the_blinds_option_the_next_player_acts() -> None:
    """PokerKit docs, simulation: a straddle is a blind, and the turn passes to his left.

    With the blinds' option agreed the straddler keeps his right to act last.
    """
    betting = Betting(4, [100] * 4, STAKES, BettingRules(), dealer=0, blind_option=True)
    betting.start_round(0, 3, last=False, straddles=1)
    betting.post_blind(1, 1)
    betting.post_blind(2, 2)
    assert betting.act(3, Straddle()) == "seat 3 straddles 4 blind"
    assert betting.to_act == 0
    assert betting.why_illegal(3, Check()) == "it is seat 0's turn, not seat 3's"


def test_rising_limits_multiply_the_last_rounds_bounds() -> None:
    """Установленные пределы: изменяемые — the last round's limits are raised (×2 agreed)."""
    rising = Limits(system=LimitSystem.RISING, minimum=2, maximum=4)
    last = Betting(3, [100] * 3, rising, BettingRules(), dealer=0)
    last.start_round(2, 1, last=True)
    assert last.why_illegal(1, Bet(8)) is None
    assert last.why_illegal(1, Bet(9)) == "a bet or raise of 9 is above the limit of 8"
    assert last.why_illegal(1, Bet(3)) == "a bet or raise of 3 is below the minimum of 4"
    earlier = Betting(3, [100] * 3, rising, BettingRules(), dealer=0)
    earlier.start_round(1, 1, last=False)
    assert earlier.why_illegal(1, Bet(5)) == "a bet or raise of 5 is above the limit of 4"


def test_the_modern_least_raise_keeps_the_pot_limit() -> None:
    """Банк: a raise may not exceed the pot; the least raise (PokerKit) changes only the floor."""
    pot = Limits(system=LimitSystem.POT, minimum=1, raise_at_least_last=True)
    betting = table(limits=pot)
    play(betting, (1, Bet(4)))
    assert betting.why_illegal(2, RaiseTo(12)) is None
    assert betting.why_illegal(2, RaiseTo(13)) == "a bet or raise of 9 is above the limit of 8"
    assert betting.why_illegal(2, RaiseTo(7)) == "a bet or raise of 3 is below the minimum of 4"


def test_the_modern_least_raise_keeps_the_agreed_amounts() -> None:
    """Пределы, фиксированные б): only the listed amounts, whatever floor the least raise sets."""
    listed = Limits(
        minimum=2, maximum=4, amounts=FixedAmounts.LISTED, listed=(2, 4), raise_at_least_last=True
    )
    betting = table(limits=listed)
    play(betting, (1, Bet(2)))
    assert betting.why_illegal(2, RaiseTo(6)) is None
    assert betting.why_illegal(2, RaiseTo(5)) == (
        "a bet or raise of 3 is not one of the agreed amounts (2, 4)"
    )


def test_a_freeze_of_one_chip_is_offered_once_it_may_be_played() -> None:
    """«Замораживание» повышения ставок: a freeze at the agreed price, however small.

    After two raises a player who has not raised may freeze, here for one chip.
    """
    betting = table(limits=Limits(minimum=1, maximum=5), rules=BettingRules(freeze_amount=1))
    play(betting, (1, Bet(1)), (2, RaiseTo(2)), (0, RaiseTo(3)))
    assert betting.why_illegal(1, Freeze()) is None
    assert Freeze() in betting.legal_actions()


def test_a_raise_by_the_least_amount_of_one_chip_is_offered() -> None:
    """Принципы, в): a raise of one chip more is a raise where the agreed minimum is one."""
    betting = table(limits=STAKES)
    play(betting, (1, Bet(1)))
    legal = betting.legal_actions()
    assert betting.why_illegal(2, RaiseTo(2)) is None
    assert RaiseTo(2) in legal
