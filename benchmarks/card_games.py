"""Deals per second of preferans and piquet, bot against bot, with the harness's checks off.

    .venv/bin/python benchmarks/card_games.py [--deals 2000] [--bot random] [--profile GAME]

Each game plays ``--deals`` deals through :func:`cardtable.harness.simulate` (the engine of
``cardtable simulate GAME --no-checks``: every rule enforced, the events, views and record
kept, the checks of the harness off) and then again with the checks on, for the ratio. Speed
is deals per CPU second of this process (``time.process_time``): other work on a shared
machine swings wall times by 2-4x. The anchor is issue 19's figure at its start (preferans 318
deals/s and piquet 91 with the checks off, 55 and 19 with them; same machine kind, wall clock).
``--profile GAME`` prints the twenty costliest functions of a checks-off run instead.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import time

from cardtable.bots import make_bot
from cardtable.engine import get_game
from cardtable.harness import simulate

ANCHORS = {"preferans": (318, 55), "piquet": (91, 19)}
"""Issue 19's deals/s at its start: checks off, checks on."""

PLAYERS = {"preferans": 3, "piquet": 2}


def deals_per_second(name: str, deals: int, bot: str, checks: bool) -> float:
    """Deals per CPU second of ``deals`` deals of game ``name``."""
    game = get_game(name)
    rules = game.rules()
    players = PLAYERS[name]
    bots = [make_bot(game.name, bot, rules) for _ in range(players)]
    started = time.process_time()
    report = simulate(game, rules, players=players, deals=deals, seed=1, bots=bots, checks=checks)
    return report.deals / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--profile", choices=sorted(ANCHORS))
    args = parser.parse_args()
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(deals_per_second, args.profile, args.deals, args.bot, False)
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
        return
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}; "
        f"{args.deals} deals, {args.bot} bots, deals per CPU second"
    )
    print(
        f"{'game':10} {'checks off':>11} {'anchor':>7} {'ratio':>6} {'checks on':>10} {'anchor':>7}"
    )
    for name, (anchor_off, anchor_on) in ANCHORS.items():
        off = deals_per_second(name, args.deals, args.bot, checks=False)
        on = deals_per_second(name, max(args.deals // 5, 1), args.bot, checks=True)
        print(
            f"{name:10} {off:11.0f} {anchor_off:7} {off / anchor_off:5.1f}x "
            f"{on:10.0f} {anchor_on:7}"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
