"""The betting's list of legal actions is exactly what its refusals allow, in a fixed order.

002_053e85955f9a4108.txt, "Принципы, по которым делаются ставки", "Пределы ставок",
"Ограничение на повышение ставок", "«Замораживание» повышения ставок", "Начало втемную"
(straddles). :meth:`Betting.why_illegal` is the authority; the list is made without asking it
once per candidate, so these tests hold the two together over random betting under every
limit system, with and without freezes, caps, straddles and short stacks.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Freeze,
    NoStraddle,
    RaiseTo,
    Straddle,
    TableAction,
)
from cardtable.poker.betting import Betting, BettingRules
from cardtable.poker.limits import Limits, LimitSystem


def allowed_candidates(betting: Betting) -> list[TableAction]:
    """Every candidate of the documented order that :meth:`Betting.why_illegal` allows."""
    seat = betting.to_act
    assert seat is not None
    assert betting.round is not None
    current = betting.round
    candidates: list[TableAction]
    if current.straddle_window:
        candidates = [Straddle(), NoStraddle()]
    else:
        candidates = [Fold(), Check(), Call(), AllIn(), Freeze()]
        for increment in dict.fromkeys(betting.bounds(seat).landmarks()):
            high = current.high
            candidates.append(Bet(increment) if high == 0 else RaiseTo(high + increment))
    return [action for action in candidates if betting.why_illegal(seat, action) is None]


def limits_of(system: LimitSystem, freeze_out: bool) -> Limits:
    """Limits of 2 to 6 under ``system`` (freeze-out where the system allows it)."""
    return Limits(
        system=system, minimum=2, maximum=6, freeze_out=freeze_out and system != "table-stakes"
    )


@settings(max_examples=150, deadline=None)
@given(
    limits=st.builds(limits_of, st.sampled_from(list(LimitSystem)), st.booleans()),
    rules=st.builds(
        BettingRules,
        freeze_amount=st.sampled_from([0, 12]),
        raises_per_player=st.sampled_from([0, 1, 3]),
        raises_per_round=st.sampled_from([0, 2]),
        checking=st.booleans(),
    ),
    stacks=st.lists(st.integers(0, 60), min_size=2, max_size=6),
    choices=st.lists(st.integers(0, 1000), min_size=200, max_size=200),
    straddles=st.sampled_from([0, 2]),
)
def test_the_listed_actions_are_exactly_those_the_refusals_allow(
    limits: Limits, rules: BettingRules, stacks: list[int], choices: list[int], straddles: int
) -> None:
    """Принципы, по которым делаются ставки; Ограничение на повышение ставок.

    At every turn of random betting the legal list holds fold, check, call, all-in, freeze and
    the bets or raises by each landmark increment, in that order, each exactly when the
    refusals allow it (straddle and no straddle while the straddle window is open).
    """
    betting = Betting(len(stacks), stacks, limits, rules, dealer=0)
    moves = iter(choices)
    for index in range(3):
        betting.start_round(index, 1 % len(stacks), last=index == 2, straddles=straddles)
        if index == 0 and betting.to_act is not None:
            betting.post_blind(betting.to_act, 10)
        for _ in range(60):
            if betting.to_act is None:
                break
            legal = betting.legal_actions()
            assert legal == allowed_candidates(betting)
            betting.act(betting.to_act, legal[next(moves) % len(legal)])
        if not betting.more_betting_possible:
            break
