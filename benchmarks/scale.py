"""One tournament on one core, on a process pool and on Ray, side by side in one run.

    .venv/bin/python benchmarks/scale.py [--game preferans] [--bots default,random,random]
        [--decks 2400] [--seed 1] [--workers 2] [--chunk N] [--skip-ray]

Each backend plays the same duplicate tournament (docs/scale.md) from the same seed; the
script prints each one's deals per second, the ratios the issue sets targets for (the pool
on two cores ≥ 1.9× one core; Ray ≥ 0.9× the pool), and the summary each printed, which must
be the same, and the CPU seconds of one core and of the pool (on a machine shared with other
work the wall clock says little; the CPU seconds say what the pool costs over one core). The
pool's time includes starting its processes. Ray is timed twice: starting a
local Ray of ``--workers`` CPUs inside the timing (as ``--backend ray`` does on its own), and
on that Ray once it is up (as ``--address auto`` finds a running cluster).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import resource
import time
from collections.abc import Callable

from cardtable.engine import get_game
from cardtable.scale.tournament import TournamentSummary, play_tournament

NAN = float("nan")


def cpu_seconds() -> float:
    """CPU time of this process, its finished children (a pool's workers once it is shut) and
    its live descendants (Ray's workers and daemons)."""
    mine, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    finished = mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime
    return finished + live_descendants_seconds()


def live_descendants_seconds() -> float:
    """CPU seconds of the processes below this one that are still running (0 without /proc).

    A process's own time only, not its reaped children's: those are counted by the process
    still running above them only once it has waited for them, which Ray's do as they go.
    """
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.scandir("/proc") if os.path.isdir("/proc") else ():
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while we looked
            continue
        pid = int(entry.name)
        parents[pid] = int(fields[1])  # ppid, the 4th field; utime and stime the 14th and 15th
        ticks[pid] = int(fields[11]) + int(fields[12])
    below: set[int] = set()
    frontier = {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - below
        below |= frontier
    return sum(ticks[pid] for pid in below) / os.sysconf("SC_CLK_TCK")


def timed(play: Callable[[], TournamentSummary]) -> tuple[TournamentSummary, float, float]:
    started, cpu = time.perf_counter(), cpu_seconds()
    summary = play()
    return summary, time.perf_counter() - started, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="preferans")
    parser.add_argument("--bots", default="default,random,random")
    parser.add_argument("--decks", type=int, default=2400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=None)
    parser.add_argument("--skip-ray", action="store_true")
    options = parser.parse_args()
    game = get_game(options.game)
    rules = game.rules()
    bots = options.bots.split(",")
    print(f"load before: {os.getloadavg()}")

    def play(**backend: object) -> Callable[[], TournamentSummary]:
        return lambda: play_tournament(
            game,
            rules,
            bots,
            decks=options.decks,
            seed=options.seed,
            chunk=options.chunk,
            **backend,  # type: ignore[arg-type]
        )

    runs: dict[str, tuple[TournamentSummary, float, float]] = {}
    runs["one core"] = timed(play())
    runs[f"process ×{options.workers}"] = timed(play(backend="process", workers=options.workers))
    if not options.skip_ray:
        import ray

        started = time.perf_counter()
        ray.init(num_cpus=options.workers, include_dashboard=False, logging_level=logging.WARNING)
        up = time.perf_counter() - started
        # Started before the timing, Ray's start-up CPU is not this row's (nan).
        summary, seconds, _ = timed(play(backend="ray"))
        runs[f"ray ×{options.workers}, started in the timing"] = (summary, seconds + up, NAN)
        runs[f"ray ×{options.workers}, already up"] = timed(play(backend="ray"))
        ray.shutdown()
    one = runs["one core"]
    deals = one[0].deals
    print(
        f"{options.game}, bots {options.bots}: {options.decks} decks × {one[0].seatings} "
        f"seatings = {deals} deals, chunks of {one[0].chunk_decks} decks"
    )
    pool = runs[f"process ×{options.workers}"][1]
    for name, (_, seconds, cpu) in runs.items():
        print(
            f"{name:>32}: {seconds:8.2f} s {deals / seconds:9.1f} deals/s "
            f"{one[1] / seconds:5.2f}× one core {pool / seconds:5.2f}× the pool"
            + ("" if math.isnan(cpu) else f", {cpu:.2f} CPU s, {deals / cpu:.1f} deals per CPU s")
        )
    texts = {name: json.dumps(summary.to_data()) for name, (summary, _, _) in runs.items()}
    for name, text in texts.items():
        print(f"{name}: {text}")
    same = len(set(texts.values())) == 1 and all(s == one[0] for s, _, _ in runs.values())
    print(f"the same summary on every backend: {'yes' if same else 'NO'}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
