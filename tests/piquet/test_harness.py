"""The generic harness on piquet: both presets, two and three hands (issue 5, Done means)."""

from __future__ import annotations

import pytest

from cardtable.engine import get_game
from cardtable.harness import simulate


@pytest.mark.parametrize(
    ("preset", "players"), [("seed", 2), ("cavendish", 2), ("seed", 3), ("cavendish", 3)]
)
def test_every_harness_check_holds_for_random_playouts(preset: str, players: int) -> None:
    """Legal moves to the end, refusals, replays, seeds, hidden cards, zero-sum ledger."""
    game = get_game("piquet")
    report = simulate(game, game.rules(preset), players=players, deals=14, seed=5, preset=preset)
    assert report.ok, report.failures
    assert report.deals == 14
