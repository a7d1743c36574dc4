"""Measure the sampling bot against the rule-based bot in whists per deal.

    .venv/bin/python benchmarks/preferans_bots.py [--decks 400] [--preset classic-1992]
        [--auction-layouts N] [--progress N]

Duplicate style: every shuffled deck is played three times as a one-deal pulka (the sheet
closed after it and settled in whists), the sampling bot sitting in each seat in turn with the
rule-based bot in the other two. By symmetry three rule-based bots would average exactly zero
over the three seatings (the settlement is zero-sum), so the sampling bot's mean result over
the seatings of a deck is its margin on that deck. The script prints the mean margin per deal
with its standard error over decks, and the time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.bots import make_bot
from cardtable.bots.preferans_sampling import SamplingBot
from cardtable.engine import DealSetup
from cardtable.preferans.game import PREFERANS
from cardtable.preferans.tricks import DECK

SEATS = ("A", "B", "C")


def play_once(
    rules: object,
    deck: tuple,  # type: ignore[type-arg]
    sampler: int,
    seed: int,
    auction_layouts: int | None = None,
) -> float:
    bots = [
        make_bot("preferans", "sampling" if seat == sampler else "rules", rules)
        for seat in range(3)
    ]
    sampling = bots[sampler]
    if auction_layouts is not None and isinstance(sampling, SamplingBot):
        sampling.auction_layouts = auction_layouts
    match = PREFERANS.new_match(rules, SEATS, None)  # type: ignore[arg-type]
    deal = match.start_deal_from(DealSetup(0, deck, seed))
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        match.apply(bots[seat].choose(deal.view(seat), deal.legal_actions(), rng))
    return float(match.ledger()[SEATS[sampler]])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=400)
    parser.add_argument("--preset", default="classic-1992")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument(
        "--auction-layouts",
        type=int,
        default=None,
        help="layouts per auction call (0: bid as the rule-based bot, as before issue 10's end)",
    )
    parser.add_argument(
        "--progress", type=int, default=0, help="print the running figure every N decks"
    )
    args = parser.parse_args()
    rules = PREFERANS.rules(args.preset, {"deals": 1})
    rng = random.Random(args.seed)
    margins: list[float] = []
    started = time.perf_counter()
    for number in range(args.decks):
        deck = list(DECK)
        rng.shuffle(deck)
        results = [
            play_once(rules, tuple(deck), seat, number, args.auction_layouts) for seat in range(3)
        ]
        margins.append(statistics.fmean(results))
        if args.progress and len(margins) % args.progress == 0 and len(margins) > 1:
            report(args.preset, margins, time.perf_counter() - started)
    report(args.preset, margins, time.perf_counter() - started)


def report(preset: str, margins: list[float], seconds: float) -> None:
    """Print the margin so far with its standard error over decks."""
    mean = statistics.fmean(margins)
    error = statistics.stdev(margins) / len(margins) ** 0.5
    share = sum(1 for m in margins if m != 0) / len(margins)
    print(
        f"{preset}: {len(margins)} decks x 3 seatings = {3 * len(margins)} deals, "
        f"{seconds:.0f} s ({seconds / (3 * len(margins)):.2f} s a deal)"
    )
    print(f"sampling bot minus rule-based bot: {mean:+.2f} ± {error:.2f} whists per deal")
    print(f"decks where the sampling bot did not break even: {100 * share:.0f}%", flush=True)


if __name__ == "__main__":
    main()
