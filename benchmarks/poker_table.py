"""Whole-deal simulation speed: cardtable's poker table beside pokerkit, in one run.

Workload: six-handed Texas hold'em, blinds 1 and 2, cards shuffled afresh every deal, four
betting rounds, the showdown ranking every hand still in, the pot paid out.

- check-down: every player checks or calls; nobody bets beyond the blinds, so the limit
  system does not matter and cardtable's fixed-limit hold'em preset plays exactly the
  workload of pokerkit's no-limit hold'em (stacks 200, all automations on, which also burns
  cards and deals from its own shuffled deck).
- random: every player picks uniformly among the kinds of action open to him (fold,
  check or call, the least bet or raise). Ours is fixed-limit (raise cap 3 per player), theirs
  no-limit with min-raises, so the deals are alike in length but not identical.

cardtable is measured twice: the full table (events, views, records kept; the harness's
checks off) and the lean loop (:mod:`cardtable.poker.lean`), the fast path for simulation.

    python benchmarks/poker_table.py [--deals N] [--seconds S]
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import time
from collections.abc import Callable

from cardtable.bots import make_bot
from cardtable.engine.registry import get_game
from cardtable.harness import simulate
from cardtable.poker.lean import LeanTable, Policy, simulate_lean

PLAYERS = 6


def full_table(policy: str, deals: int) -> float:
    game = get_game("poker")
    rules = game.rules("holdem")
    bots = [make_bot("poker", policy, rules) for _ in range(PLAYERS)]
    report = simulate(game, rules, players=PLAYERS, deals=deals, seed=1, bots=bots, checks=False)
    return report.deals_per_second


def lean(policy: Policy, deals: int) -> float:
    table = LeanTable.of(get_game("poker").rules("holdem"))
    simulate_lean(table, players=PLAYERS, deals=100, seed=0, policy=policy)
    return simulate_lean(
        table, players=PLAYERS, deals=deals, seed=1, policy=policy
    ).deals_per_second


def pokerkit_rate(policy: str, seconds: float) -> float | None:
    if not importlib.util.find_spec("pokerkit"):
        return None
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = tuple(Automation)
    rng = random.Random(1)

    def one_deal() -> None:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, (200,) * PLAYERS, PLAYERS
        )
        while state.status:
            if policy == "check-down":
                state.check_or_call()
                continue
            choices: list[Callable[[], object]] = [state.check_or_call]
            if state.can_fold():
                choices.append(state.fold)
            if state.can_complete_bet_or_raise_to():
                amount = state.min_completion_betting_or_raising_to_amount
                choices.append(lambda amount=amount: state.complete_bet_or_raise_to(amount))
            rng.choice(choices)()

    return rate(one_deal, seconds)


def rate(step: Callable[[], None], seconds: float) -> float:
    count = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        step()
        count += 1
    return count / (time.perf_counter() - started)


def show(label: str, ours: float, theirs: float | None) -> None:
    if theirs is None:
        print(f"{label:42} {ours:12,.0f} deals/s   (pokerkit not installed)")
        return
    print(f"{label:42} {ours:12,.0f} deals/s   pokerkit {theirs:8,.1f}   × {ours / theirs:8,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals for the lean loop")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds for pokerkit")
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"six-handed Texas hold'em, blinds 1/2, {PLAYERS} players")
    for policy in ("check-down", "random"):
        theirs = pokerkit_rate(policy, args.seconds)
        show(f"{policy}: full table (no checks)", full_table(policy, 600), theirs)
        lean_policy: Policy = "check-down" if policy == "check-down" else "random"
        show(f"{policy}: lean loop", lean(lean_policy, args.deals), theirs)


if __name__ == "__main__":
    main()
