"""Every illegal bet at the table is refused with a reason and changes nothing.

002_053e85955f9a4108.txt, "Пределы ставок" (every limit system), "Ограничение на повышение
ставок", "«Замораживание» повышения ставок", "Пас с последующим ходом", "Лоуболл" 4). Each
case plays a draw-poker deal of three (seat 0 deals, so seat 1 speaks first, each having
anted one chip) up to a point and then tries a bet the rule forbids, through the session
(``Match.apply``): the refusal names the rule in one sentence and the pickled session is
the same before and after.
"""

from __future__ import annotations

import pickle
from typing import Any, NamedTuple

import pytest

from cardtable.engine.deal import DealSetup
from cardtable.engine.registry import get_game
from cardtable.errors import IllegalAction
from cardtable.poker.actions import AllIn, Bet, Call, Check, Freeze, RaiseTo, TableAction
from cardtable.poker.deal import PokerDeal

GAME = get_game("poker")


class Case(NamedTuple):
    """One forbidden bet: the rule, its clause, the table, the play before it, the reason."""

    rule: str
    clause: str
    overrides: dict[str, Any]
    before: list[TableAction]
    illegal: TableAction
    reason: str


CASES: list[Case] = [
    Case(
        "fixed, below the minimum",
        "фиксированные а)",
        {"limits": {"minimum": 2, "maximum": 5}},
        [],
        Bet(1),
        "a bet or raise of 1 is below the minimum of 2",
    ),
    Case(
        "fixed, above the maximum",
        "фиксированные а)",
        {"limits": {"minimum": 2, "maximum": 5}},
        [Bet(5)],
        RaiseTo(11),
        "a bet or raise of 6 is above the limit of 5",
    ),
    Case(
        "fixed, not a listed amount",
        "фиксированные б)",
        {"limits": {"amounts": "listed", "listed": [1, 3, 5]}},
        [],
        Bet(2),
        "a bet or raise of 2 is not one of the agreed amounts (1, 3, 5)",
    ),
    Case(
        "fixed, neither the minimum nor the maximum",
        "фиксированные в)",
        {"limits": {"amounts": "ends"}},
        [],
        Bet(3),
        "a bet or raise of 3 is not one of the agreed amounts (1, 5)",
    ),
    Case(
        "rising, above the first round's limit",
        "изменяемые",
        {"limits": {"system": "rising"}},
        [],
        Bet(6),
        "a bet or raise of 6 is above the limit of 5",
    ),
    Case(
        "previous bet, more than the previous player put in",
        "Предел последней ставки",
        {"limits": {"system": "previous-bet"}},
        [Bet(3)],
        RaiseTo(7),
        "a bet or raise of 4 is above the limit of 3",
    ),
    Case(
        "pot limit, more than the pot after the raiser's call",
        "Банковский лимит",
        {"limits": {"system": "pot"}},
        [Bet(5)],
        # The pot: three antes and the bet of 5, and 5 more for the raiser's call: 13.
        RaiseTo(5 + 14),
        "a bet or raise of 14 is above the limit of 13",
    ),
    Case(
        "table stakes, more than the chips on the table",
        "Настольные ставки",
        {"limits": {"system": "table-stakes", "minimum": 1, "buy_in_minimum": 20}, "stake": 20},
        [],
        Bet(20),
        "that needs 20 chips and you have 19",
    ),
    Case(
        "unlimited, below the minimum",
        "Неограниченные ставки",
        {"limits": {"system": "unlimited", "minimum": 2}},
        [],
        Bet(1),
        "a bet or raise of 1 is below the minimum of 2",
    ),
    Case(
        "unlimited, no all-in: a player borrows instead",
        "Неограниченные ставки",
        {"limits": {"system": "unlimited"}},
        [],
        AllIn(),
        "chips do not limit bets under these limits, so there is no all-in",
    ),
    Case(
        "freeze-out, more chips than the player has",
        "«Замороженный вклад»",
        {"limits": {"freeze_out": True, "freeze_out_stake": 10, "maximum": 20}},
        [],
        Bet(10),
        "that needs 10 chips and you have 9",
    ),
    Case(
        "a raise past the players' cap for the round",
        "Ограничение на повышение ставок б)",
        {"betting": {"raises_per_round": 1}},
        [Bet(1), RaiseTo(2)],
        RaiseTo(3),
        "this round has had the 1 raises allowed",
    ),
    Case(
        "a raise past one player's cap for the round",
        "Ограничение на повышение ставок а)",
        {"betting": {"raises_per_player": 1}},
        [Bet(1), RaiseTo(2), RaiseTo(3), RaiseTo(4)],
        RaiseTo(5),
        "you have made the 1 raises one player may make in a round",
    ),
    Case(
        "a raise after a freeze",
        "«Замораживание» повышения ставок",
        {"betting": {"freeze_amount": 10}, "stake": 100},
        # Б, who has not raised, freezes: he calls 3 and adds the agreed 10.
        [Bet(1), RaiseTo(2), RaiseTo(3), Freeze()],
        RaiseTo(20),
        "the raising is frozen for this round: call or fold",
    ),
    Case(
        "a freeze nobody agreed to",
        "«Замораживание» повышения ставок",
        {},
        [Bet(1), RaiseTo(2), RaiseTo(3)],
        Freeze(),
        "freezing was not agreed at this table",
    ),
    Case(
        "a check with a bet to call",
        "Пас с последующим ходом",
        {},
        [Bet(2)],
        Check(),
        "there is a bet of 2 to call",
    ),
    Case(
        "a raise that does not go above the bet",
        "Принципы, по которым делаются ставки в)",
        {},
        [Bet(2)],
        RaiseTo(2),
        "a raise must go above the bet of 2",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.rule for case in CASES])
def test_an_illegal_bet_is_refused_with_its_reason_and_changes_nothing(case: Case) -> None:
    """002_053e85955f9a4108.txt, Пределы ставок; the clause of each case is named beside it.

    Whatever the limit system or the cap, a bet the rules forbid is refused with the rule in
    one sentence, and the session (the deal, the chips, the ledger) is exactly as before.
    """
    match = GAME.new_match(GAME.rules("draw", case.overrides), ["А", "Б", "В"])
    deal = match.start_deal_from(DealSetup(0, match.deck(), 1))
    for action in case.before:
        match.apply(action)
    assert deal.why_illegal(case.illegal) == case.reason, case.clause
    state = pickle.dumps(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(case.illegal)
    assert str(refused.value) == case.reason
    assert pickle.dumps(match) == state


def test_a_lowball_player_who_checked_may_not_raise_and_nothing_changes() -> None:
    """«Лоуболл» 4): "пропустивший ход игрок больше не может в этой игре поднимать ставку"."""
    match = GAME.new_match(GAME.rules("lowball"), ["А", "Б", "В"])
    deal = match.start_deal_from(DealSetup(0, match.deck(), 1))
    assert isinstance(deal, PokerDeal)
    while deal.phase != "bet" or deal.round_index == 0:
        legal = deal.legal_actions()
        wanted = next(a for a in (Call(), Check()) if a in legal) if deal.phase == "bet" else None
        match.apply(wanted if wanted is not None else legal[0])
    match.apply(Check())
    match.apply(Bet(5))
    match.apply(Call())
    state = pickle.dumps(match)
    reason = "a player who checked may not raise in this round"
    with pytest.raises(IllegalAction, match=reason):
        match.apply(RaiseTo(10))
    assert pickle.dumps(match) == state
