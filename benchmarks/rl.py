"""Turns a second of cardtable's PettingZoo environments beside PettingZoo's texas_holdem_v4.

Every environment is driven by the same loop on one core, in one run: ``env.last()``, a
uniformly random legal number from the action mask, ``env.step``; a turn is a step that plays
a number (the closing steps of finished agents are not counted). Time is the process's CPU
time, so that a machine shared with other work still gives one core's figure, and the
environments take turns in ``--rounds`` slices, so that the load of each moment falls on all
alike. The issue's target is
9,000 turns a second for preferans and hold'em, twice texas_holdem_v4 (about 4,600 here).
Needs the ``rl`` extra (PettingZoo, and RLCard for texas_holdem_v4)::

    python benchmarks/rl.py [--seconds 5] [--rounds 10]
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


class Environment:
    """An environment played by random legal numbers, a slice of CPU time at a time."""

    def __init__(self, make: Any) -> None:
        self.env = make()
        self.rng = random.Random(1)
        self.episode = 0

    def play(self, seconds: float) -> tuple[int, float]:
        """Play episodes for ``seconds`` of CPU time; the turns played and the seconds."""
        env, rng, turns = self.env, self.rng, 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            env.reset(seed=self.episode)
            self.episode += 1
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                turns += 1
        return turns, time.process_time() - started


class EngineAlone:
    """The bare engine on the same deals: what an environment cannot beat.

    Each turn asks the deal what the environment asks (the legal moves, the choices, the
    view of the seat to move) and applies a random legal move; a new match every deal.
    """

    def __init__(self, game: str, preset: str) -> None:
        self.game = get_game(game)
        self.rules = self.game.rules(preset)
        self.preset = preset
        self.players = min(self.game.players)
        self.rng = random.Random(1)

    def play(self, seconds: float) -> tuple[int, float]:
        """Play deals for ``seconds`` of CPU time; the turns played and the seconds."""
        rng, turns = self.rng, 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            seats = [f"s{seat}" for seat in range(self.players)]
            match = self.game.new_match(self.rules, seats, self.preset)
            deal = match.start_deal(rng)
            while (seat := deal.to_move) is not None:
                legal = deal.legal_actions()
                deal.choices()
                deal.view(seat)
                match.apply(rng.choice(legal))
                turns += 1
        return turns, time.process_time() - started


def interleaved(players: dict[str, Any], seconds: float, rounds: int) -> dict[str, float]:
    """Turns a second of each player, timed in ``rounds`` turns of an equal slice each.

    Taking turns, every one of them meets the machine's load of each moment alike, so the
    ratios stay fair on a machine shared with other work. A first half second each is not
    counted: it loads what the first deals load (compiled kernels from numba's cache).
    """
    for player in players.values():
        player.play(0.5)
    totals = dict.fromkeys(players, (0, 0.0))
    for _ in range(rounds):
        for name, player in players.items():
            turns, elapsed = player.play(seconds / rounds)
            totals[name] = (totals[name][0] + turns, totals[name][1] + elapsed)
    return {name: turns / elapsed for name, (turns, elapsed) in totals.items()}


def main() -> None:
    """Measure each environment and print the figures with their ratios to the anchor."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    from pettingzoo.classic import texas_holdem_v4

    print(machine())
    ours = [
        ("cardtable preferans (sochi, 3)", "preferans", "sochi"),
        ("cardtable hold'em (2)", "poker", "holdem"),
    ]
    players: dict[str, Any] = {"anchor": Environment(texas_holdem_v4.env)}
    for title, game, preset in ours:
        players[title] = Environment(lambda game=game, preset=preset: rl.env(game, preset))
        players[f"{title} engine"] = EngineAlone(game, preset)
    speed = interleaved(players, args.seconds, args.rounds)
    anchor = speed["anchor"]
    print(f"  {'PettingZoo texas_holdem_v4':<36} {anchor:>9,.0f} turns/s")
    for title, _, _ in ours:
        mine, bare = speed[title], speed[f"{title} engine"]
        verdict = "meets" if mine >= TARGET else "misses"
        print(
            f"  {title:<36} {mine:>9,.0f} turns/s  {mine / anchor:5.2f}x texas_holdem_v4, "
            f"{verdict} the target of {TARGET:,}"
        )
        print(
            f"    {'its engine alone':<34} {bare:>9,.0f} turns/s  "
            f"{bare / anchor:5.2f}x texas_holdem_v4 (the environment: {mine / bare:.0%} of it)"
        )


if __name__ == "__main__":
    main()
