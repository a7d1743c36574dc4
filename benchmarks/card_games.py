"""Deals per second of preferans and piquet, bot against bot, with the harness's checks off.

    .venv/bin/python benchmarks/card_games.py [--deals 2000] [--bot random] [--profile GAME]
    .venv/bin/python benchmarks/card_games.py --before /tmp/old/src [--turns 3]

Each game plays ``--deals`` deals through :func:`cardtable.harness.simulate` (the engine of
``cardtable simulate GAME --no-checks``: every rule enforced, the events, views and record
kept, the checks of the harness off), then again with ``simulate``'s default checks (a seeded
sample of the deals checked fully) for their cost, and a fifth as many with every deal
checked (``--checks all``). Speed
is deals per CPU second of this process (``time.process_time``): other work on a shared
machine swings wall times by 2-4x. The anchor is issue 19's figure at its start (preferans 318
deals/s and piquet 91 with the checks off, 55 and 19 with them; same machine kind, wall clock).
``--profile GAME`` prints the twenty costliest functions of a checks-off run instead.
``--before SRC`` times, checks off, this code and the code of another checkout's ``src``
folder (``git archive COMMIT | tar -x -C /tmp/old``) in turn, ``--turns`` times each, every
run in a process of its own.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import time
from pathlib import Path

from common import machine_line

from cardtable.bots import make_bot
from cardtable.engine import get_game
from cardtable.harness import CheckMode, simulate

ANCHORS = {"preferans": (318, 55), "piquet": (91, 19)}
"""Issue 19's deals/s at its start: checks off, checks on."""

PLAYERS = {"preferans": 3, "piquet": 2}


def deals_per_second(name: str, deals: int, bot: str, checks: bool | CheckMode) -> float:
    """Deals per CPU second of ``deals`` deals of game ``name``."""
    game = get_game(name)
    rules = game.rules()
    players = PLAYERS[name]
    bots = [make_bot(game.name, bot, rules) for _ in range(players)]
    started = time.process_time()
    report = simulate(game, rules, players=players, deals=deals, seed=1, bots=bots, checks=checks)
    return report.deals / (time.process_time() - started)


HERE = str(Path(__file__).parent)
"""This folder, from which the other process imports this script."""


def run_in_process(source: Path, name: str, deals: int, bot: str) -> float:
    """:func:`deals_per_second` with checks off, in a process importing ``source``'s code."""
    code = (
        f"import sys; sys.path.insert(0, {str(source)!r}); sys.path.insert(1, {HERE!r});"
        "import cardtable, card_games;"
        f"assert cardtable.__file__.startswith({str(source)!r}), cardtable.__file__;"
        f"print(card_games.deals_per_second({name!r}, {deals}, {bot!r}, False))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout)


def compare(before: Path, deals: int, bot: str, turns: int) -> None:
    """This code and ``before``'s in turn, ``turns`` runs each, checks off."""
    ours = Path(__file__).parents[1] / "src"
    print(f"{'game':10} {'this code':>10} {'before':>8} {'load':>5}")
    for name in ANCHORS:
        for _ in range(turns):
            old = run_in_process(before, name, deals, bot)
            new = run_in_process(ours, name, deals, bot)
            print(f"{name:10} {new:10.0f} {old:8.0f} {os.getloadavg()[0]:5.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--profile", choices=sorted(ANCHORS))
    parser.add_argument("--before", type=Path, help="another checkout's src folder")
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args()
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(deals_per_second, args.profile, args.deals, args.bot, False)
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
        return
    print(f"{machine_line()}; {args.deals} deals, {args.bot} bots, deals per CPU second")
    if args.before:
        compare(args.before.resolve(), args.deals, args.bot, args.turns)
        return
    print(
        f"{'game':10} {'checks off':>11} {'anchor':>7} {'ratio':>6} {'sampled':>8} {'cost':>5} "
        f"{'all':>6} {'anchor':>7}"
    )
    for name, (anchor_off, anchor_on) in ANCHORS.items():
        off = deals_per_second(name, args.deals, args.bot, checks=False)
        sampled = deals_per_second(name, args.deals, args.bot, checks="sample")
        every = deals_per_second(name, max(args.deals // 5, 1), args.bot, checks="all")
        print(
            f"{name:10} {off:11.0f} {anchor_off:7} {off / anchor_off:5.1f}x "
            f"{sampled:8.0f} {off / sampled:4.2f}x {every:6.0f} {anchor_on:7}"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
