"""The lean simulation path plays check-down deals exactly as the table does."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.poker.game import POKER
from cardtable.poker.lean import simulate_lean
from cardtable.poker.lean_policy import Policy
from cardtable.poker.lean_table import LeanTable

GAME = POKER


def test_random_lean_deals_conserve_chips() -> None:
    """Пределы ставок: fixed limits; every chip put in is won by someone or carried."""
    for variant in ("holdem", "draw"):
        report = simulate_lean(
            LeanTable.of(GAME.rules(variant)), players=6, deals=300, seed=2, policy="random"
        )
        assert sum(report.net) + report.carried == 0


@pytest.mark.parametrize("policy", ["check-down", "random"])
def test_the_compiled_deal_loop_plays_the_same_deals_as_the_python_loop(policy: Policy) -> None:
    """Круги ставок; Пределы ставок (fixed): the compiled loop is only a faster Python loop.

    From the same decks and the same random choices both loops leave every seat the same
    chips and carry the same pot.
    """
    for variant in ("holdem", "draw"):
        table = LeanTable.of(GAME.rules(variant))
        assert table.compiled
        fast = simulate_lean(table, players=5, deals=500, seed=4, policy=policy)
        slow = simulate_lean(
            replace(table, interpreted=True), players=5, deals=500, seed=4, policy=policy
        )
        assert (fast.net, fast.carried) == (slow.net, slow.carried)
