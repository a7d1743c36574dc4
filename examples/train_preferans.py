"""A small policy-gradient learner trained at preferans against cardtable's rule bot.

Seat 0 is the learner, seats 1 and 2 the rule bot (``rules``); an episode is one deal. The
policy is linear in the observation tensor (docs/rl.md, "Observations"), a softmax over the
legal numbers of the action space, trained by REINFORCE with a running-mean baseline on the
deal's result in whists; nothing but numpy. A few CPU minutes, then the learning curve is
drawn with matplotlib beside what a random player and the rule bot itself win in seat 0 on
the same deals. Needs the ``rl`` extra::

    python examples/train_preferans.py --episodes 30000 --plot docs/images/rl-learning-curve.png
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from cardtable.bots import make_bot
from cardtable.rl.actions import numbers_of
from cardtable.rl.table import Table

SCALE = 100.0
"""Whists to one unit of reward for the learner."""
BLOCK = 250
"""Episodes in one point of the learning curve."""


class Learner:
    """A linear softmax policy over the legal numbers, trained by REINFORCE."""

    def __init__(self, inputs: int, actions: int, rate: float, seed: int) -> None:
        self.weights = np.zeros((actions, inputs))
        self.bias = np.zeros(actions)
        self.rate = rate
        self.baseline = 0.0
        self.rng = np.random.default_rng(seed)
        self.steps: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]] = []

    def probabilities(self, seen: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The policy over ``legal`` numbers, and the inputs that are not zero."""
        where = np.flatnonzero(seen)
        logits = self.weights[np.ix_(legal, where)] @ seen[where] + self.bias[legal]
        odds = np.exp(logits - logits.max())
        return odds / odds.sum(), where

    def act(self, seen: np.ndarray, legal: np.ndarray, *, greedy: bool = False) -> int:
        """A number to play (noted for the update unless ``greedy``)."""
        policy, where = self.probabilities(seen, legal)
        if greedy:
            return int(legal[int(np.argmax(policy))])
        choice = int(self.rng.choice(len(legal), p=policy))
        self.steps.append((seen[where], where, legal, policy, choice))
        return int(legal[choice])

    def learn(self, result: float) -> None:
        """One REINFORCE step on the episode's moves, its result in whists."""
        reward = result / SCALE
        advantage = reward - self.baseline
        self.baseline += 0.01 * (reward - self.baseline)
        for values, where, legal, policy, choice in self.steps:
            push = -policy
            push[choice] += 1.0
            self.weights[np.ix_(legal, where)] += self.rate * advantage * np.outer(push, values)
            self.bias[legal] += self.rate * advantage * push
        self.steps.clear()


def episode(table: Table, seed: int, chooser: Callable[[Table], list[int]]) -> float:
    """One deal from ``seed`` with seat 0 played by ``chooser``; seat 0's result."""
    table.reset(seed)
    while not table.over:
        for number in chooser(table):
            table.step(number)
    return table.take_rewards()[0]


def legal(table: Table) -> np.ndarray:
    """The legal numbers of the seat to move."""
    return np.asarray(table.current_turn().legal)


def main() -> None:
    """Train, measure the baselines and draw the learning curve."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=30_000)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--evaluate", type=int, default=2_000, help="deals of each baseline")
    parser.add_argument("--plot", default="rl-learning-curve.png")
    args = parser.parse_args()
    table = Table("preferans", "sochi", 3, bots={1: "rules", 2: "rules"})
    learner = Learner(table.layout.size, table.space.size, args.rate, args.seed)
    started = time.process_time()
    results = []
    for number in range(args.episodes):
        result = episode(table, number, lambda t: [learner.act(t.observe(0), legal(t))])
        learner.learn(result)
        results.append(result)
    seconds = time.process_time() - started
    curve = [statistics.mean(results[n : n + BLOCK]) for n in range(0, len(results), BLOCK)]

    rng = random.Random(args.seed)
    bot = make_bot("preferans", "rules", table.rules)

    def rule_bot(t: Table) -> list[int]:
        deal = t.deal
        moves = deal.legal_actions()
        move = bot.choose(deal.view(0), moves, rng)
        return numbers_of(t.game, t.space, move, moves, deal.choices())

    tests = range(10**6, 10**6 + args.evaluate)
    greedy = [
        episode(table, s, lambda t: [learner.act(t.observe(0), legal(t), greedy=True)])
        for s in tests
    ]
    random_player = [episode(table, s, lambda t: [int(rng.choice(list(legal(t))))]) for s in tests]
    rules = [episode(table, s, rule_bot) for s in tests]
    figures = {
        "random": statistics.mean(random_player),
        "rule bot": statistics.mean(rules),
        "learner (greedy)": statistics.mean(greedy),
    }
    print(f"{args.episodes} episodes in {seconds:.0f} CPU seconds; whists a deal in seat 0:")
    print(f"  training, first {BLOCK}: {curve[0]:+.1f}; last {BLOCK}: {curve[-1]:+.1f}")
    for name, value in figures.items():
        error = (
            statistics.stdev(
                {"random": random_player, "rule bot": rules, "learner (greedy)": greedy}[name]
            )
            / len(tests) ** 0.5
        )
        print(f"  {name} on {len(tests)} other deals: {value:+.1f} ± {error:.1f}")
    draw(curve, figures, args.plot)


def draw(curve: list[float], figures: dict[str, float], path: str) -> None:
    """The learning curve with the baselines, as a PNG."""
    import matplotlib  # noqa: PLC0415 - only the plot needs it

    matplotlib.use("Agg")
    from matplotlib import pyplot  # noqa: PLC0415

    figure, axes = pyplot.subplots(figsize=(7, 4), dpi=110)
    episodes = [BLOCK * (n + 1) for n in range(len(curve))]
    axes.plot(episodes, curve, marker="o", label=f"learner, mean of each {BLOCK} deals")
    for (name, value), style in zip(figures.items(), (":", "--", "-."), strict=True):
        axes.axhline(value, linestyle=style, color="grey" if name == "random" else None, label=name)
    axes.set_xlabel("training deals")
    axes.set_ylabel("whists a deal, seat 0")
    axes.set_title("Preferans (Sochi): REINFORCE, linear policy, against two rule bots")
    axes.legend(loc="lower right", fontsize="small")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)


if __name__ == "__main__":
    main()
