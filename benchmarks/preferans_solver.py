"""Time the preferans double-dummy solver on random full deals beside a memoised minimax.

    .venv/bin/python benchmarks/preferans_solver.py [--deals 1000] [--minimax-deals 3]

Deals are ten cards to each of three hands from a shuffled 32-card deck; three quarters are
played in a random strain (four suits or no trumps), one quarter as a misère. The declarer and
the leader are random. Each deal is solved from its first card (the declarer's tricks under
best play). The anchor is a plain memoised minimax over the same masks in Python (every legal
card tried, a cache on the whole position, no pruning). On a full deal it runs for many minutes
and gigabytes, so it is timed on the first deal with a time limit, and compared with the solver
on endings of the first deals (seven cards a hand after three tricks of lowest legal cards),
where both answers must agree.

Times are this process's CPU seconds (``time.process_time``), so that other work on a shared
machine does not count; ``--clock wall`` times by the wall clock instead.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import cache

from cardtable.preferans.contracts import MISERE, Contract, Strain
from cardtable.preferans.solver import Position, solve
from cardtable.preferans.tricks import DECK


def random_deal(rng: random.Random) -> Position:
    cards = rng.sample(DECK, 30)
    hands = (cards[:10], cards[10:20], cards[20:])
    contract = MISERE if rng.random() < 0.25 else Contract(6, rng.choice(list(Strain)))
    return Position.start(hands, rng.randrange(3), rng.randrange(3), contract)


class OutOfTime(Exception):
    """The anchor ran past its time limit."""


def minimax(position: Position, limit: float = float("inf")) -> int:
    """The anchor: every legal card at every turn, memoised on the whole position."""
    from cardtable.preferans.solver import mask

    trump = -1 if position.trump is None else int(position.trump)
    declarer = position.declarer
    misere = position.misere
    deadline = time.perf_counter() + limit

    def legal(hand: int, led: int) -> int:
        if led < 0:
            return hand
        same = hand & (0xFF << (8 * led))
        if same:
            return same
        trumps = hand & (0xFF << (8 * trump)) if trump >= 0 else 0
        return trumps or hand

    def beats(card: int, best: int) -> bool:
        if card >> 3 == best >> 3:
            return card > best
        return card >> 3 == trump

    @cache
    def value(h0: int, h1: int, h2: int, leader: int, c0: int, c1: int) -> int:  # noqa: PLR0917
        hands = [h0, h1, h2]
        n = (c0 >= 0) + (c1 >= 0)
        mover = (leader + n) % 3
        if not hands[mover]:
            return 0
        if n == 0 and time.perf_counter() > deadline:
            raise OutOfTime
        options = legal(hands[mover], -1 if c0 < 0 else c0 >> 3)
        results = []
        for card in range(32):
            if not (options >> card) & 1:
                continue
            hands[mover] &= ~(1 << card)
            if n == 0:
                results.append(value(*hands, leader, card, -1))
            elif n == 1:
                results.append(value(*hands, leader, c0, card))
            else:
                best, offset = c0, 0
                if beats(c1, best):
                    best, offset = c1, 1
                if beats(card, best):
                    offset = 2
                winner = (leader + offset) % 3
                results.append(int(winner == declarer) + value(*hands, winner, -1, -1))
            hands[mover] |= 1 << card
        maximising = (mover == declarer) != misere
        return max(results) if maximising else min(results)

    h = [mask(hand) for hand in position.hands]
    try:
        return value(h[0], h[1], h[2], position.leader, -1, -1)
    finally:
        value.cache_clear()


def after_tricks(position: Position, tricks: int) -> Position:
    """``position`` after ``tricks`` tricks played with the lowest legal card each time."""
    for _ in range(3 * tricks):
        position = position.play(position.legal()[0])
    return Position(
        position.hands, position.declarer, position.leader, position.trump, position.misere
    )


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"mean {1000 * statistics.fmean(ordered):8.2f} ms  "
        f"median {1000 * statistics.median(ordered):8.2f} ms  "
        f"p90 {1000 * p90:8.2f} ms  worst {1000 * ordered[-1]:8.2f} ms"
    )


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def compare_endings(deals: list[Position], cards: int, clock: Callable[[], float]) -> None:
    """The solver beside the memoised minimax on endings of ``cards`` cards a hand."""
    endings = [after_tricks(p, 10 - cards) for p in deals]
    anchor: list[float] = []
    ours: list[float] = []
    for position in endings:
        start = clock()
        answer = solve(position)
        ours.append(clock() - start)
        start = clock()
        expected = minimax(position)
        anchor.append(clock() - start)
        if expected != answer:
            raise SystemExit(f"disagreement: solver {answer}, minimax {expected} on {position}")
    if anchor:
        print(f"{len(anchor)} endings of {cards} cards a hand (the first deals after the")
        print(f"  first {10 - cards} tricks), both agree on every one:")
        print(f"  memoised minimax:  {summary(anchor)}")
        print(f"  solver:            {summary(ours)}")
        ratio = statistics.fmean(anchor) / statistics.fmean(ours)
        print(f"  ratio (minimax / solver, mean): {ratio:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--minimax-deals", type=int, default=20)
    parser.add_argument("--minimax-cards", type=int, default=7)
    parser.add_argument("--full-limit", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    rng = random.Random(args.seed)
    deals = [random_deal(rng) for _ in range(args.deals)]
    solve(deals[0])  # compile or load the cached kernels outside the timing
    print(f"machine: {os.cpu_count()} cores, {cpu_model()}, Python {sys.version.split()[0]}")
    print(f"clock: {'CPU time of this process' if args.clock == 'cpu' else 'wall clock'}")
    times: list[float] = []
    misere_times: list[float] = []
    for position in deals:
        start = clock()
        solve(position)
        elapsed = clock() - start
        times.append(elapsed)
        if position.misere:
            misere_times.append(elapsed)
    print(f"solver, {len(times)} deals:          {summary(times)}")
    print(f"  of which {len(misere_times)} misères:   {summary(misere_times)}")
    first = deals[0]
    start = clock()
    try:
        minimax(first, args.full_limit)
        full = f"{clock() - start:.1f} s"
    except OutOfTime:
        full = f"not finished in {args.full_limit:.0f} s"
    print(f"memoised minimax on deal 1 (full, solver {1000 * times[0]:.2f} ms): {full}")
    compare_endings(deals[: args.minimax_deals], args.minimax_cards, clock)


if __name__ == "__main__":
    main()
