"""One tournament on one core, on a process pool and on Ray, side by side in one run.

    .venv/bin/python benchmarks/scale.py [--game preferans] [--bots default,random,random]
        [--decks 2400] [--seed 1] [--workers 2] [--chunk N] [--skip-ray]

Each backend plays the same duplicate tournament (docs/scale.md) from the same seed; the
script prints each one's deals per second, the ratios the issue sets targets for (the pool
on two cores ≥ 1.9× one core; Ray ≥ 0.9× the pool), and the summary each printed, which must
be the same. The pool's time includes starting its processes. Ray is timed twice: starting a
local Ray of ``--workers`` CPUs inside the timing (as ``--backend ray`` does on its own), and
on that Ray once it is up (as ``--address auto`` finds a running cluster).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import time
from collections.abc import Callable

from cardtable.engine import get_game
from cardtable.scale.tournament import TournamentSummary, play_tournament


def timed(play: Callable[[], TournamentSummary]) -> tuple[TournamentSummary, float]:
    started = time.perf_counter()
    summary = play()
    return summary, time.perf_counter() - started


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

    runs: dict[str, tuple[TournamentSummary, float]] = {}
    runs["one core"] = timed(play())
    runs[f"process ×{options.workers}"] = timed(play(backend="process", workers=options.workers))
    if not options.skip_ray:
        import ray

        started = time.perf_counter()
        ray.init(num_cpus=options.workers, include_dashboard=False, logging_level=logging.WARNING)
        up = time.perf_counter() - started
        summary, seconds = timed(play(backend="ray"))
        runs[f"ray ×{options.workers}, started in the timing"] = (summary, seconds + up)
        runs[f"ray ×{options.workers}, already up"] = timed(play(backend="ray"))
        ray.shutdown()
    one = runs["one core"]
    deals = one[0].deals
    print(
        f"{options.game}, bots {options.bots}: {options.decks} decks × {one[0].seatings} "
        f"seatings = {deals} deals, chunks of {one[0].chunk_decks} decks"
    )
    pool = runs[f"process ×{options.workers}"][1]
    for name, (_, seconds) in runs.items():
        print(
            f"{name:>32}: {seconds:8.2f} s {deals / seconds:9.1f} deals/s "
            f"{one[1] / seconds:5.2f}× one core {pool / seconds:5.2f}× the pool"
        )
    texts = {name: json.dumps(summary.to_data()) for name, (summary, _) in runs.items()}
    for name, text in texts.items():
        print(f"{name}: {text}")
    same = len(set(texts.values())) == 1 and all(s == one[0] for s, _ in runs.values())
    print(f"the same summary on every backend: {'yes' if same else 'NO'}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
