"""Turns a second of cardtable's PettingZoo environments beside PettingZoo's texas_holdem_v4.

Every environment is driven by the same loop on one core, in one run: ``env.last()``, a
uniformly random legal number from the action mask, ``env.step``; a turn is a step that plays
a number (the closing steps of finished agents are not counted). Time is the process's CPU
time, so that a machine shared with other work still gives one core's figure. The issue's target is
9,000 turns a second for preferans and hold'em, twice texas_holdem_v4 (about 4,600 here).
Needs the ``rl`` extra (PettingZoo, and RLCard for texas_holdem_v4)::

    python benchmarks/rl.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
from poker_hands import machine

from cardtable import rl
from cardtable.engine.registry import get_game

TARGET = 9_000
"""The issue's target, turns a second."""


def turns_per_second(make: Any, seconds: float) -> float:
    """Turns a second of the environment ``make()`` builds, played for about ``seconds``.

    A first half second is not counted: it loads what the first deals load (compiled
    kernels from numba's cache).
    """
    env = make()
    play(env, random.Random(0), 0.5)
    turns, elapsed = play(env, random.Random(1), seconds)
    return turns / elapsed


def play(env: Any, rng: random.Random, seconds: float) -> tuple[int, float]:
    """Play episodes of ``env`` for ``seconds`` of CPU time; the turns played, the seconds."""
    turns, episode = 0, 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        env.reset(seed=episode)
        episode += 1
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            turns += 1
    return turns, time.process_time() - started


def engine_alone(game: str, preset: str, seconds: float) -> float:
    """Turns a second of the bare engine on the same deals: what an environment cannot beat.

    Each turn asks the deal what the environment asks (the legal moves, the choices, the
    view of the seat to move) and applies a random legal move; a new match every deal.
    """
    table_game = get_game(game)
    rules = table_game.rules(preset)
    players = min(table_game.players)
    rng = random.Random(1)
    turns = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        match = table_game.new_match(rules, [f"s{seat}" for seat in range(players)], preset)
        deal = match.start_deal(rng)
        while (seat := deal.to_move) is not None:
            legal = deal.legal_actions()
            deal.choices()
            deal.view(seat)
            match.apply(rng.choice(legal))
            turns += 1
    return turns / (time.process_time() - started)


def main() -> None:
    """Measure each environment and print the figures with their ratios to the anchor."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    from pettingzoo.classic import texas_holdem_v4

    print(machine())
    anchor = turns_per_second(texas_holdem_v4.env, args.seconds)
    print(f"  {'PettingZoo texas_holdem_v4':<36} {anchor:>9,.0f} turns/s")
    for title, game, preset in [
        ("cardtable preferans (sochi, 3)", "preferans", "sochi"),
        ("cardtable hold'em (2)", "poker", "holdem"),
    ]:
        ours = turns_per_second(lambda game=game, preset=preset: rl.env(game, preset), args.seconds)
        verdict = "meets" if ours >= TARGET else "misses"
        print(
            f"  {title:<36} {ours:>9,.0f} turns/s  {ours / anchor:5.2f}x texas_holdem_v4, "
            f"{verdict} the target of {TARGET:,}"
        )
        bare = engine_alone(game, preset, args.seconds)
        print(
            f"    {'its engine alone':<34} {bare:>9,.0f} turns/s  "
            f"(the environment: {ours / bare:.0%} of it)"
        )


if __name__ == "__main__":
    main()
