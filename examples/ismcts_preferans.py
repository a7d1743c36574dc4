"""OpenSpiel's information-set MCTS playing preferans against cardtable's rule bot.

Each deal is played twice on the same deck (duplicate): once with IS-MCTS in seat 0 and the
rule bot in seats 1 and 2, once with the rule bot in all three. The margin is what IS-MCTS
won in seat 0 less what the rule bot won there on the same cards, in whists, with its
standard error over the deals. Needs the ``openspiel`` extra::

    python examples/ismcts_preferans.py --deals 100 --simulations 100

docs/rl.md, "OpenSpiel", gives the figure measured.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.bots import make_bot
from cardtable.rl import openspiel  # noqa: F401 - registers the games
from cardtable.rl.actions import numbers_of


def deal_deck(state: Any, rng: random.Random) -> None:
    """Let chance deal the deck in a shuffled order drawn from ``rng``."""
    while state.is_chance_node():
        state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))


def play(game: Any, deck_seed: int, searcher: Any | None, bot_seed: int) -> float:
    """One deal; seat 0 is ``searcher`` (IS-MCTS) or, if ``None``, the rule bot. Seat 0's result."""
    setting = game.setting
    bots = {seat: make_bot("preferans", "default", setting.rules) for seat in range(3)}
    rng = random.Random(bot_seed)
    state = game.new_initial_state()
    deal_deck(state, random.Random(deck_seed))
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0 and searcher is not None:
            state.apply_action(searcher.step(state))
            continue
        deal = state.deal
        legal = deal.legal_actions()
        move = bots[seat].choose(deal.view(seat), legal, rng)
        for number in numbers_of(setting.game, setting.space, move, legal, deal.choices()):
            state.apply_action(number)
    return float(state.returns()[0])


def summary(margins: list[float]) -> str:
    """The mean margin and its standard error."""
    error = statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    return f"{statistics.mean(margins):+.1f} ± {error:.1f}"


def main() -> None:
    """Play the deals and print the margin with its standard error."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=20, help="deals resampled per move")
    parser.add_argument("--preset", default="sochi")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game(f"cardtable_preferans(preset={args.preset},players=3)")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed))
    searcher = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=args.simulations,
        max_world_samples=args.worlds,
        random_state=np.random.RandomState(args.seed),
    )
    margins, theirs, ours = [], [], []
    started = time.process_time()
    for number in range(args.deals):
        deck_seed, bot_seed = args.seed * 1_000_003 + number, args.seed + 7 * number
        searched = play(game, deck_seed, searcher, bot_seed)
        baseline = play(game, deck_seed, None, bot_seed)
        ours.append(searched)
        theirs.append(baseline)
        margins.append(searched - baseline)
        if len(margins) % 10 == 0:
            print(f"  after {len(margins)} deals: margin {summary(margins)}", flush=True)
    seconds = time.process_time() - started
    print(f"preferans ({args.preset}), {args.deals} deals on the same decks, seat 0:")
    print(
        f"  IS-MCTS ({args.simulations} simulations, {args.worlds} worlds) "
        f"{statistics.mean(ours):+.1f} whists a deal"
    )
    print(f"  rule bot {statistics.mean(theirs):+.1f} whists a deal")
    print(f"  margin {summary(margins)} (standard error)")
    print(f"  {seconds:.0f} CPU seconds")


if __name__ == "__main__":
    main()
