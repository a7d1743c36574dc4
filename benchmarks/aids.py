"""Seconds per hint of each game, and per judged claim, at the default sample sizes.

    .venv/bin/python benchmarks/aids.py [--deals 6] [--seed 1]

Deals are played by the default bots; at each decision where a hint is offered (preferans:
the play; piquet: the exchange; poker: every move of a player in the hand, for the presets
below) the hint is asked for its seat, and where a claim may be made (the play of preferans
games, of piquet) it is judged for every seat. Times are CPU seconds of this process
(``time.process_time``), mean and worst; the first hint of each game, which loads the compiled
kernels, is left out of the mean and reported apart. No anchor: these aids are new in issue 21.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Hashable
from functools import partial
from statistics import fmean

from cardtable.bots import make_bot
from cardtable.engine import Deal, get_game, seeded_rng
from cardtable.engine.aids import HintUnavailable, hint, judge_claim

POKER_PRESETS = ("holdem", "seven-card-stud", "draw", "omaha-hi-lo")
"""Poker presets timed: the kernels' fast showdowns and one the rule-by-rule evaluator settles."""


def timed(action: Callable[[], object]) -> float | None:
    """CPU seconds ``action`` took, or ``None`` when it was not available."""
    started = time.process_time()
    try:
        action()
    except HintUnavailable:
        return None
    return time.process_time() - started


def run(name: str, preset: str | None, players: int, deals: int, seed: int) -> None:
    """Time the hints and claims of ``deals`` deals of ``name`` and print one line each."""
    game = get_game(name)
    rules = game.rules(preset)
    hints: list[float] = []
    claims: list[float] = []
    first: float | None = None
    rng = seeded_rng(seed)
    for number in range(deals):
        match = game.new_match(rules, [f"p{n}" for n in range(players)], preset)
        deal: Deal[Hashable, object] = match.start_deal(rng)
        bots = [make_bot(name, "default", rules) for _ in range(players)]
        while deal.to_move is not None:
            seat = deal.to_move
            spent = timed(partial(hint, name, deal, seat, seeded_rng(number)))
            if spent is not None:
                if first is None:
                    first = spent
                else:
                    hints.append(spent)
            if name != "poker":
                for claimer in range(players):
                    judged = timed(partial(judge_claim, name, deal, claimer))
                    if judged is not None:
                        claims.append(judged)
            match.apply(bots[seat].choose(deal.view(seat), deal.legal_actions(), rng))
    label = name if preset is None else f"{name} {preset}"
    line = f"{label:28} hints {len(hints):4}  mean {fmean(hints or [0]):.3f}s"
    line += f"  worst {max(hints or [0]):.3f}s  first {first or 0:.2f}s"
    if claims:
        line += f"  | claims {len(claims):4} mean {fmean(claims) * 1000:.2f}ms"
        line += f" worst {max(claims) * 1000:.1f}ms"
    print(line, flush=True)


def main() -> None:
    """Time every game's aids and print the figures with the load average."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    run("preferans", None, 3, arguments.deals, arguments.seed)
    run("piquet", None, 2, arguments.deals, arguments.seed)
    for preset in POKER_PRESETS:
        run("poker", preset, 3, arguments.deals, arguments.seed)


if __name__ == "__main__":
    main()
