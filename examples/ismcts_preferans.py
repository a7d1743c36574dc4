"""OpenSpiel's information-set MCTS playing preferans against cardtable's rule bot.

Each deal is played twice on the same deck (duplicate): once with IS-MCTS in seat 0 and the
rule bot in seats 1 and 2, once with the rule bot in all three. The margin is what IS-MCTS
won in seat 0 less what the rule bot won there on the same cards, in whists, with its
standard error over the deals. Needs the ``openspiel`` extra::

    python examples/ismcts_preferans.py --deals 400

The search evaluates a leaf by playing the deal out with the rule bot in every seat (on the
world sampled for that simulation), or with random moves (``--rollouts random``); each
simulation samples a new world unless ``--worlds`` bounds them. ``--uct-c`` is in whists: the
default is about the spread of seat 0's result when the rule bot plays every seat.

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

from cardtable.bots import SomeBot, make_bot
from cardtable.rl import openspiel  # noqa: F401 - registers the games
from cardtable.rl.actions import numbers_of


def deal_deck(state: Any, rng: random.Random) -> None:
    """Let chance deal the deck in a shuffled order drawn from ``rng``."""
    while state.is_chance_node():
        state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))


def rule_bots(game: Any) -> list[SomeBot]:
    """A rule bot for each seat of ``game``."""
    setting = game.setting
    return [make_bot("preferans", "default", setting.rules) for _ in range(setting.players)]


def bot_move(state: Any, bot: SomeBot, rng: random.Random) -> None:
    """Let ``bot`` make the move of the seat to move, as the numbers that spell it."""
    setting, deal = state.setting, state.deal
    legal = deal.legal_actions()
    move = bot.choose(deal.view(state.current_player()), legal, rng)
    for number in numbers_of(setting.game, setting.space, move, legal, deal.choices()):
        state.apply_action(number)


class RuleBotRollouts(mcts.Evaluator):  # type: ignore[misc]
    """A leaf's value: the deal played out with the rule bot in every seat."""

    def __init__(self, game: Any, seed: int) -> None:
        self.bots = rule_bots(game)
        self.rng = random.Random(seed)

    def evaluate(self, state: Any) -> np.ndarray:
        """Every seat's result once the rule bots have played the deal out from ``state``."""
        while state.picked:  # a run of picks the search began is finished by number
            state.apply_action(self.rng.choice(state.legal_actions()))
        match = state.match
        deal = state.deal
        while (seat := deal.to_move) is not None:
            # The throwaway state's engine is driven directly: no numbers to spell.
            match.apply(self.bots[seat].choose(deal.view(seat), deal.legal_actions(), self.rng))
        return np.array(state.returns())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Every legal number alike."""
        legal = state.legal_actions()
        return [(number, 1.0 / len(legal)) for number in legal]


def play(game: Any, deck_seed: int, searcher: Any | None, bot_seed: int) -> float:
    """One deal; seat 0 is ``searcher`` (IS-MCTS) or, if ``None``, the rule bot. Seat 0's result."""
    bots = rule_bots(game)
    rng = random.Random(bot_seed)
    state = game.new_initial_state()
    deal_deck(state, random.Random(deck_seed))
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0 and searcher is not None:
            state.apply_action(searcher.step(state))
        else:
            bot_move(state, bots[seat], rng)
    return float(state.returns()[0])


def summary(margins: list[float]) -> str:
    """The mean margin and its standard error."""
    error = statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    return f"{statistics.mean(margins):+.1f} ± {error:.1f}"


def main() -> None:
    """Play the deals and print the margin with its standard error."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument(
        "--worlds", type=int, default=-1, help="deals resampled per move (-1: one a simulation)"
    )
    parser.add_argument("--rollouts", choices=("rules", "random"), default="rules")
    parser.add_argument("--uct-c", type=float, default=30.0, help="exploration, in whists")
    parser.add_argument("--preset", default="sochi")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game(f"cardtable_preferans(preset={args.preset},players=3)")
    evaluator = (
        RuleBotRollouts(game, args.seed)
        if args.rollouts == "rules"
        else mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed))
    )
    searcher = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=args.uct_c,
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
            spent = time.process_time() - started
            print(
                f"  after {len(margins)} deals: margin {summary(margins)}, {spent:.0f} CPU s",
                flush=True,
            )
    seconds = time.process_time() - started
    print(f"preferans ({args.preset}), {args.deals} deals on the same decks, seat 0:")
    worlds = "a world each" if args.worlds < 0 else f"{args.worlds} worlds"
    print(
        f"  IS-MCTS ({args.simulations} simulations, {worlds}, {args.rollouts} rollouts, "
        f"c {args.uct_c:g}) {statistics.mean(ours):+.1f} whists a deal"
    )
    print(f"  rule bot {statistics.mean(theirs):+.1f} whists a deal")
    print(f"  margin {summary(margins)} (standard error)")
    print(f"  {seconds:.0f} CPU seconds")


if __name__ == "__main__":
    main()
