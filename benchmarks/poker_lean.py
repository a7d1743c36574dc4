"""The lean loop of every poker family beside pokerkit, in one run: deals/s and the ratio.

Six players, cards shuffled afresh every deal. Each family is played by cardtable's lean
loop (:mod:`cardtable.poker.lean`, the fast path of ``simulate --fast``) from the preset's
rules, and by pokerkit's nearest game (all its automations on, stacks of 200, blinds 1/2 or
its stud's antes and bring-in):

- check-down: every player checks or calls (stud's bring-in is posted, draws stand pat);
- random: every player picks uniformly among fold, check or call, and the least bet or
  raise (cardtable's :class:`~cardtable.poker.lean.LeanPolicyBot`, a like rule for pokerkit,
  which offers no fold where a check is free; the limits are each game's own, so the deals
  are alike in length, not identical).

Where pokerkit has no such game the nearest one is named beside it (pot-limit hold'em
beside pokerkit's no-limit hold'em, five-card draw beside its 2-7 single draw, a wild-card
stud beside its stud). A family the compiled loop does not cover is played by the lean
loop's Python part, marked "(Python)". The load average is printed before and after, since
the machine may be shared; the lean loop's deals per CPU-second are printed too, nearer a
core's rate when the machine is busy (the ratio is of wall-clock rates, both measured alike).

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
from dataclasses import replace

from common import pokerkit_random_bet

from cardtable.poker.game import POKER
from cardtable.poker.lean import simulate_lean
from cardtable.poker.lean_policy import Policy
from cardtable.poker.lean_table import LeanTable
from cardtable.poker.pots import DeclarationMode
from cardtable.poker.table_rules import PokerRules

PLAYERS = 6


def preset(name: str) -> Callable[[], PokerRules]:
    """The rules of preset ``name``."""
    return lambda: POKER.rules(name)


def with_bring_in() -> PokerRules:
    """Seven-card stud with antes of one and a bring-in of one, as pokerkit's."""
    rules = POKER.rules("seven-card-stud")
    return replace(rules, forced=replace(rules.forced, bring_in=1))


def stud_high_low() -> PokerRules:
    """Seven-card stud high-low where the cards speak, eight or better, as pokerkit's."""
    rules = with_bring_in()
    spec = POKER.rules("seven-card-stud-high-low").variant
    variant = replace(
        spec,
        declarations=DeclarationMode.CARDS_SPEAK,
        low_qualifier=8,
        hands=replace(spec.hands, low="lowball"),
        steps=tuple(step for step in spec.steps if step.do != "declare"),
    )
    return replace(rules, variant=variant)


FAMILIES: dict[str, tuple[Callable[[], PokerRules], str]] = {
    "fixed-limit hold'em": (preset("holdem"), "FixedLimitTexasHoldem"),
    "no-limit hold'em": (preset("no-limit-holdem"), "NoLimitTexasHoldem"),
    "pot-limit hold'em": (preset("pot-limit-holdem"), "NoLimitTexasHoldem"),
    "pot-limit Omaha": (preset("pot-limit-omaha"), "PotLimitOmahaHoldem"),
    "Omaha high-low": (preset("omaha-hi-lo"), "FixedLimitOmahaHoldemHighLowSplitEightOrBetter"),
    "seven-card stud": (with_bring_in, "FixedLimitSevenCardStud"),
    "stud high-low": (stud_high_low, "FixedLimitSevenCardStudHighLowSplitEightOrBetter"),
    "razz": (preset("razz"), "FixedLimitRazz"),
    "five-card draw": (preset("draw"), "NoLimitDeuceToSevenLowballSingleDraw"),
    "2-7 triple draw": (
        preset("deuce-to-seven-triple-draw"),
        "FixedLimitDeuceToSevenLowballTripleDraw",
    ),
    "stud, low hole card wild": (
        preset("seven-card-stud-low-hole-wild"),
        "FixedLimitSevenCardStud",
    ),
}
"""Each family's rules and pokerkit's nearest game."""

INTERPRETED_DEALS = 1000
"""Deals for a family the lean loop plays in Python (its compiled loop does not cover it)."""


def lean(rules: PokerRules, policy: Policy, deals: int) -> tuple[float, float, bool]:
    """The lean loop's deals per second and per CPU-second (after a short warm-up), and
    whether the compiled loop played them."""
    table = LeanTable.of(rules)
    simulate_lean(table, players=PLAYERS, deals=200, seed=0, policy=policy)
    deals = deals if table.compiled else min(deals, INTERPRETED_DEALS)
    cpu = time.process_time()
    report = simulate_lean(table, players=PLAYERS, deals=deals, seed=1, policy=policy)
    cpu = time.process_time() - cpu
    return report.deals_per_second, deals / cpu if cpu > 0 else 0.0, table.compiled


def pokerkit_rate(name: str, policy: Policy, seconds: float) -> float | None:
    """pokerkit's deals per second of game ``name``, or None where it is not installed."""
    if not importlib.util.find_spec("pokerkit"):
        return None
    import pokerkit

    automations = tuple(pokerkit.Automation)
    game = getattr(pokerkit, name)
    stacks = (200,) * PLAYERS
    if "Stud" in name or "Razz" in name:

        def create() -> pokerkit.State:
            state: pokerkit.State = game.create_state(
                automations, True, 1, 1, 2, 4, stacks, PLAYERS
            )
            return state
    elif name.startswith("FixedLimit"):

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
            pokerkit_random_bet(state, rng)

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
    head = f"{'family':25} {'policy':10} {'lean deals/s':>13} {'per CPU-s':>10}"
    print(f"{head} {'pokerkit':>9} {'ratio':>7}  anchor")
    for family in args.family or FAMILIES:
        rules, anchor = FAMILIES[family]
        for policy in ("check-down", "random"):
            ours, per_cpu, compiled = lean(rules(), policy, args.deals)
            label = f"{family}{'' if compiled else ' (Python)'}"
            line = f"{label:25} {policy:10} {ours:13,.0f} {per_cpu:10,.0f}"
            theirs = pokerkit_rate(anchor, policy, args.seconds)
            if theirs is None:
                print(f"{line}   (pokerkit not installed)")
                continue
            print(f"{line} {theirs:9,.1f} {ours / theirs:7,.0f}×  {anchor}")
    print(f"load average {load()}")


if __name__ == "__main__":
    main()
