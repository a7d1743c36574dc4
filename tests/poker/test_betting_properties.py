"""Random legal betting under every limit system conserves chips and always ends."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.poker.betting import Betting, BettingRules
from cardtable.poker.limits import Limits, LimitSystem

SYSTEMS = st.sampled_from(list(LimitSystem))


@settings(max_examples=60, deadline=None)
@given(
    system=SYSTEMS,
    freeze_out=st.booleans(),
    stacks=st.lists(st.integers(0, 60), min_size=2, max_size=6),
    choices=st.lists(st.integers(0, 1000), min_size=200, max_size=200),
    freeze=st.sampled_from([0, 12]),
)
def test_random_legal_betting_conserves_chips_in_every_limit_system(
    system: LimitSystem, freeze_out: bool, stacks: list[int], choices: list[int], freeze: int
) -> None:
    """Принципы, по которым делаются ставки.

    All bets gather in the pot; under every system of "Пределы ставок" the chips before the
    players and in the pot always add up to what they started with, every legal action is
    accepted, and every round ends.
    """
    limits = Limits(
        system=system, minimum=2, maximum=6, freeze_out=freeze_out and system != "table-stakes"
    )
    rules = BettingRules(freeze_amount=freeze, raises_per_player=2)
    betting = Betting(len(stacks), stacks, limits, rules, dealer=0)
    total = sum(stacks)
    moves = iter(choices)
    for index in range(3):
        betting.start_round(index, 1 % len(stacks), last=index == 2)
        for _ in range(60):
            seat = betting.to_act
            if seat is None:
                break
            legal = betting.legal_actions()
            assert legal, "the seat to act has a legal action"
            betting.act(seat, legal[next(moves) % len(legal)])
            assert sum(betting.stacks) + betting.pot == total
        assert betting.round_over
        if not betting.more_betting_possible:
            break
    if limits.chips_limit_bets:
        assert min(betting.stacks) >= 0
