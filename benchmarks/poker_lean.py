"""The lean loop of every poker family beside pokerkit, in one run: deals/s and the ratio.

Six players, cards shuffled afresh every deal. Each family is played by cardtable's lean
loop (:mod:`cardtable.poker.lean`, the fast path of ``simulate --fast``) from the preset's
rules, and by pokerkit's nearest game (all its automations on, stacks of 200, blinds 1/2 or
its stud's antes and bring-in):

- check-down: every player checks or calls (stud's bring-in is posted, draws stand pat);
- random: every player picks uniformly among fold, check or call, and the least bet or
  raise (cardtable's :class:`~cardtable.poker.lean.LeanPolicyBot`, a like rule for pokerkit).

Where pokerkit has no such game the nearest one is named beside it (pot-limit hold'em
beside pokerkit's no-limit hold'em, five-card draw beside its 2-7 single draw). The load
average is printed before and after, since the machine may be shared.

    python benchmarks/poker_lean.py [--deals N] [--seconds S] [--family NAME ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import time
from collections.abc import Callable

from cardtable.engine.registry import get_game
from cardtable.poker.lean import LeanTable, Policy, simulate_lean

PLAYERS = 6

FAMILIES = {
    "fixed-limit hold'em": ("holdem", "FixedLimitTexasHoldem"),
    "no-limit hold'em": ("no-limit-holdem", "NoLimitTexasHoldem"),
    "pot-limit hold'em": ("pot-limit-holdem", "NoLimitTexasHoldem"),
    "pot-limit Omaha": ("pot-limit-omaha", "PotLimitOmahaHoldem"),
    "five-card draw": ("draw", "NoLimitDeuceToSevenLowballSingleDraw"),
}
"""Each family's preset and pokerkit's nearest game."""


def lean(preset: str, policy: Policy, deals: int) -> float:
    """The lean loop's deals per second (after a short warm-up that loads the kernels)."""
    table = LeanTable.of(get_game("poker").rules(preset))
    simulate_lean(table, players=PLAYERS, deals=200, seed=0, policy=policy)
    return simulate_lean(
        table, players=PLAYERS, deals=deals, seed=1, policy=policy
    ).deals_per_second


def pokerkit_rate(name: str, policy: Policy, seconds: float) -> float | None:
    """pokerkit's deals per second of game ``name``, or None where it is not installed."""
    if not importlib.util.find_spec("pokerkit"):
        return None
    import pokerkit  # noqa: PLC0415 - optional

    automations = tuple(pokerkit.Automation)
    game = getattr(pokerkit, name)
    stacks = (200,) * PLAYERS
    if name.startswith("FixedLimit"):

        def create() -> pokerkit.State:
            state: pokerkit.State = game.create_state(
                automations, True, 0, (1, 2), 2, 4, stacks, PLAYERS
            )
            return state
    else:

        def create() -> pokerkit.State:
            state: pokerkit.State = game.create_state(
                automations, True, 0, (1, 2), 2, stacks, PLAYERS
            )
            return state

    rng = random.Random(1)

    def one_deal() -> None:
        state = create()
        while state.status:
            if state.can_stand_pat_or_discard():
                state.stand_pat_or_discard()
                continue
            if state.can_post_bring_in():
                state.post_bring_in()
                continue
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
    """How many times a second ``step`` runs, over about ``seconds``."""
    count = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        step()
        count += 1
    return count / (time.perf_counter() - started)


def load() -> str:
    """The load average over 1, 5 and 15 minutes."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    """Measure every family (or the named ones) with both policies."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000, help="deals for the lean loop")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds for pokerkit")
    parser.add_argument("--family", action="append", choices=sorted(FAMILIES), default=None)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{PLAYERS} players; load average {load()}")
    print(f"{'family':22} {'policy':11} {'lean deals/s':>13} {'pokerkit':>9} {'ratio':>7}  anchor")
    for family in args.family or FAMILIES:
        preset, anchor = FAMILIES[family]
        for policy in ("check-down", "random"):
            ours = lean(preset, policy, args.deals)
            theirs = pokerkit_rate(anchor, policy, args.seconds)
            if theirs is None:
                print(f"{family:22} {policy:11} {ours:13,.0f}   (pokerkit not installed)")
                continue
            ratio = ours / theirs
            print(f"{family:22} {policy:11} {ours:13,.0f} {theirs:9,.1f} {ratio:7,.0f}×  {anchor}")
    print(f"load average {load()}")


if __name__ == "__main__":
    main()
