"""Time the preferans double-dummy solver on random full deals beside a memoised minimax.

    .venv/bin/python benchmarks/preferans_solver.py [--deals 1000] [--minimax-deals 3]

Deals are ten cards to each of three hands from a shuffled 32-card deck; three quarters are
played in a random strain (four suits or no trumps), one quarter as a misère. The declarer and
the leader are random. Each deal is solved from its first card (the declarer's tricks under
best play). The anchor is a plain memoised minimax over the same masks in Python (every legal
card tried, a cache on the whole position, no pruning), run on the first few deals only because
it takes seconds to minutes a deal; both answers must agree.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from functools import cache

from cardtable.preferans.contracts import MISERE, Contract, Strain
from cardtable.preferans.solver import Position, solve
from cardtable.preferans.tricks import DECK


def random_deal(rng: random.Random) -> Position:
    cards = rng.sample(DECK, 30)
    hands = (cards[:10], cards[10:20], cards[20:])
    contract = MISERE if rng.random() < 0.25 else Contract(6, rng.choice(list(Strain)))
    return Position.start(hands, rng.randrange(3), rng.randrange(3), contract)


def minimax(position: Position) -> int:
    """The anchor: every legal card at every turn, memoised on the whole position."""
    from cardtable.preferans.solver import mask  # noqa: PLC0415

    trump = -1 if position.trump is None else int(position.trump)
    declarer = position.declarer
    misere = position.misere

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
    return value(h[0], h[1], h[2], position.leader, -1, -1)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--minimax-deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deals = [random_deal(rng) for _ in range(args.deals)]
    solve(deals[0])  # compile or load the cached kernels outside the timing
    print(f"machine: {os.cpu_count()} cores, {cpu_model()}, Python {sys.version.split()[0]}")
    times: list[float] = []
    misere_times: list[float] = []
    answers = []
    for position in deals:
        start = time.perf_counter()
        answers.append(solve(position))
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        if position.misere:
            misere_times.append(elapsed)
    print(f"solver, {len(times)} deals:          {summary(times)}")
    print(f"  of which {len(misere_times)} misères:   {summary(misere_times)}")
    anchor: list[float] = []
    for position, answer in zip(deals[: args.minimax_deals], answers, strict=False):
        start = time.perf_counter()
        expected = minimax(position)
        anchor.append(time.perf_counter() - start)
        if expected != answer:
            raise SystemExit(f"disagreement: solver {answer}, minimax {expected} on {position}")
    if anchor:
        ours = times[: len(anchor)]
        print(f"memoised minimax, first {len(anchor)} deals: {summary(anchor)}")
        print(f"solver on the same deals:     {summary(ours)}")
        ratio = statistics.fmean(anchor) / statistics.fmean(ours)
        print(f"ratio (minimax / solver, mean): {ratio:.0f}")


if __name__ == "__main__":
    main()
