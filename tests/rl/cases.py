"""The games, presets and seat counts the learning faces are tested on, and random play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardtable.engine.registry import get_game
from cardtable.rl.table import Table


def cases() -> list[tuple[str, str, int]]:
    """Every preset of every game at each seat count (poker: heads-up, and six at hold'em)."""
    found = []
    for name in ("preferans", "piquet", "poker"):
        game = get_game(name)
        counts = (2,) if name == "poker" else game.players
        found += [(name, preset, players) for preset in game.presets for players in counts]
    return [*found, ("poker", "holdem", 6)]


CASES = cases()
IDS = [f"{game}-{preset}-{players}p" for game, preset, players in CASES]


def decisions(table: Table, seed: int, deals: int = 2) -> Iterator[Table]:
    """Play ``table`` by random legal numbers from ``seed``, stopping at every decision."""
    rng = random.Random(seed)
    for episode in range(deals):
        table.reset(seed * 100 + episode)
        while not table.over:
            yield table
            table.step(rng.choice(table.current_turn().legal))
