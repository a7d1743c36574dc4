"""Whole-deal simulation speed: cardtable's poker table beside pokerkit, in one run.

Every workload is six-handed, cards shuffled afresh every deal, the showdown ranking every
hand still in, the pot paid out. Each is played by both engines under the same policy:

- check-down: every player checks or calls (posts the bring-in, stands pat); nobody bets
  beyond the forced bets;
- random: every player picks uniformly among the kinds of action open to him: fold, check
  or call, the least bet or raise (or completion), the bring-in; at a draw he discards a
  number of cards picked uniformly from those allowed, the cards at random.

The games, ours beside pokerkit's:

- no-limit hold'em: our hold'em preset with unlimited bets, blinds 1/2, against pokerkit's
  ``NoLimitTexasHoldem`` (stacks 200);
- fixed-limit hold'em: the hold'em preset (2/4, three raises) against ``FixedLimitTexasHoldem``;
- fixed-limit seven-card stud: the preset with ante 1, bring-in 1 and limits 2/4 against
  ``FixedLimitSevenCardStud`` (ante 1, bring-in 1, 2/4);
- a draw game: the deuce-to-seven triple draw preset (blinds 1/2, 2/4) against
  ``FixedLimitDeuceToSevenLowballTripleDraw``.

pokerkit runs with all its automations on (it burns cards and deals from its own deck).
cardtable is measured through :func:`cardtable.harness.simulate`, the engine of ``cardtable
simulate``: every rule enforced, events, views and the record kept, once with the harness's
checks off and once with its default checks (a seeded sample of the deals), for their cost;
``--all`` adds a run checking every deal. The lean loop (:mod:`cardtable.poker.lean`, the
fast path of ``simulate --fast``) is timed on fixed-limit hold'em after the table. Rates are
deals per CPU second of this process (``time.process_time``; the lean loop's are its own
wall-clock rate), so other work on a shared machine weighs less; the load average is printed
beside them.

    python benchmarks/poker_table.py [--seconds S] [--only NAME] [--policy P] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import importlib.util
import os
import pstats
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from common import machine_line, pokerkit_random_bet

from cardtable.bots import make_bot
from cardtable.engine.registry import get_game
from cardtable.harness import CheckMode, simulate
from cardtable.poker.actions import Bet, Discard, RaiseTo
from cardtable.poker.lean import simulate_lean
from cardtable.poker.lean_policy import Policy
from cardtable.poker.lean_table import LeanTable
from cardtable.poker.limits import LimitSystem
from cardtable.poker.table_rules import PokerRules

PLAYERS = 6


class KindsBot:
    """Picks uniformly among the kinds of action open: pokerkit's random policy, ours."""

    def choose(self, view: object, legal: Sequence[Any], rng: random.Random) -> Any:
        """A kind of action at random; of bets and raises the least; of discards a count."""
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            count = rng.choice(sorted({len(action.cards) for action in discards}))
            return rng.choice([action for action in discards if len(action.cards) == count])
        kinds: dict[type, Any] = {}
        for action in legal:
            least = kinds.get(type(action))
            if least is None or _size(action) < _size(least):
                kinds[type(action)] = action
        return rng.choice(list(kinds.values()))


def _size(action: object) -> int:
    if isinstance(action, Bet):
        return action.amount
    if isinstance(action, RaiseTo):
        return action.total
    return 0


def no_limit(rules: PokerRules) -> PokerRules:
    """``rules`` with unlimited bets."""
    return dataclasses.replace(
        rules, limits=dataclasses.replace(rules.limits, system=LimitSystem.UNLIMITED)
    )


def stud_limits(rules: PokerRules) -> PokerRules:
    """``rules`` with pokerkit's fixed-limit stud: ante 1, bring-in 1, limits 2/4."""
    rounds = 5
    limits = dataclasses.replace(
        rules.limits,
        minimum=2,
        maximum=4,
        round_minimum=(2, 2, 4, 4, 4)[:rounds],
        round_maximum=(2, 2, 4, 4, 4)[:rounds],
    )
    forced = dataclasses.replace(rules.forced, bring_in=1)
    return dataclasses.replace(rules, limits=limits, forced=forced)


@dataclass(frozen=True)
class Workload:
    """One game as both engines play it."""

    name: str
    preset: str
    adapt: Callable[[PokerRules], PokerRules]
    pokerkit: Callable[[], Any]


def _pokerkit_states() -> dict[str, Callable[[], Any]]:
    if not importlib.util.find_spec("pokerkit"):
        return {}
    import pokerkit as pk

    automations = tuple(pk.Automation)
    stacks = (200,) * PLAYERS
    return {
        "no-limit hold'em": lambda: pk.NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, stacks, PLAYERS
        ),
        "fixed-limit hold'em": lambda: pk.FixedLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, 4, stacks, PLAYERS
        ),
        "seven-card stud": lambda: pk.FixedLimitSevenCardStud.create_state(
            automations, True, 1, 1, 2, 4, stacks, PLAYERS
        ),
        "2-7 triple draw": lambda: pk.FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            automations, True, 0, (1, 2), 2, 4, stacks, PLAYERS
        ),
    }


def workloads() -> list[Workload]:
    """The four games, with pokerkit's state maker where pokerkit is installed."""
    theirs = _pokerkit_states()
    missing: Callable[[], Any] = lambda: None  # noqa: E731
    games = [
        ("no-limit hold'em", "holdem", no_limit),
        ("fixed-limit hold'em", "holdem", lambda rules: rules),
        ("seven-card stud", "seven-card-stud", stud_limits),
        ("2-7 triple draw", "deuce-to-seven-triple-draw", lambda rules: rules),
    ]
    return [
        Workload(name, preset, adapt, theirs.get(name, missing)) for name, preset, adapt in games
    ]


def pokerkit_deal(state: Any, policy: str, rng: random.Random) -> None:
    """Play pokerkit's ``state`` to its end under ``policy``."""
    while state.status:
        if state.can_stand_pat_or_discard():
            if policy == "check-down":
                state.stand_pat_or_discard()
                continue
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
            continue
        if policy == "check-down":
            if state.can_post_bring_in():
                state.post_bring_in()
            else:
                state.check_or_call()
            continue
        pokerkit_random_bet(state, rng)


def pokerkit_rate(workload: Workload, policy: str, seconds: float) -> float | None:
    """pokerkit's deals per CPU second of ``workload`` under ``policy``, ``seconds`` long."""
    if workload.pokerkit() is None:
        return None
    rng = random.Random(1)
    count = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        pokerkit_deal(workload.pokerkit(), policy, rng)
        count += 1
    return count / (time.process_time() - started)


def ours_rate(workload: Workload, policy: str, seconds: float, checks: CheckMode) -> float:
    """Our table's deals per CPU second of ``workload`` under ``policy``, about ``seconds``."""
    game = get_game("poker")
    rules = workload.adapt(cast(PokerRules, game.rules(workload.preset)))
    bots: list[Any] = [
        make_bot("poker", "check-down", rules) if policy == "check-down" else KindsBot()
        for _ in range(PLAYERS)
    ]
    # Check-down deals reach the showdown, so its evaluator is loaded before the clock runs.
    callers: list[Any] = [make_bot("poker", "check-down", rules) for _ in range(PLAYERS)]
    simulate(game, rules, players=PLAYERS, deals=5, seed=0, preset=workload.preset, bots=callers)
    deals = 50
    while True:
        started = time.process_time()
        report = simulate(
            game,
            rules,
            players=PLAYERS,
            deals=deals,
            seed=1,
            preset=workload.preset,
            bots=bots,
            checks=checks,
        )
        spent = time.process_time() - started
        if spent >= seconds or deals >= 1_000_000:
            assert report.ok, report.failures
            return report.deals / spent
        deals = int(deals * min(10.0, 1.2 * seconds / max(spent, 1e-3)))


def lean_rate(policy: Policy, deals: int) -> float:
    """The lean loop's deals per second of fixed-limit hold'em under ``policy``."""
    table = LeanTable.of(cast(PokerRules, get_game("poker").rules("holdem")))
    simulate_lean(table, players=PLAYERS, deals=100, seed=0, policy=policy)
    found = simulate_lean(table, players=PLAYERS, deals=deals, seed=1, policy=policy)
    return found.deals_per_second


def show(label: str, off: float, on: float, theirs: float | None, every: float | None) -> None:
    """One line: checks off, sampled, pokerkit, the ratios, and every deal checked."""
    cost = f"checks cost {off / on:4.2f}x"
    if every is not None:
        cost += f" (all: {every:5,.0f}, {off / every:4.1f}x)"
    if theirs is None:
        print(f"{label:34} {off:8,.0f} {on:8,.0f}   {cost}   (pokerkit not installed)")
        return
    print(
        f"{label:34} {off:8,.0f} {on:8,.0f} {theirs:9,.1f}   off {off / theirs:5.1f}x  "
        f"on {on / theirs:5.1f}x   {cost}"
    )


def main() -> None:
    """Measure every workload under both policies and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure")
    parser.add_argument("--only", help='one game\'s name (e.g. "seven-card stud")')
    parser.add_argument("--policy", choices=("check-down", "random"), help="one policy only")
    parser.add_argument("--profile", action="store_true", help="profile ours, checks off")
    parser.add_argument("--all", action="store_true", help="time every deal checked too")
    parser.add_argument("--lean-deals", type=int, default=100_000, help="deals of the lean loop")
    args = parser.parse_args()
    known = workloads()
    chosen = [w for w in known if args.only in (None, w.name)]
    if not chosen:
        names = ", ".join(f'"{w.name}"' for w in known)
        raise SystemExit(f'poker_table.py: no game named "{args.only}"; the games are {names}')
    policies = [args.policy] if args.policy else ["check-down", "random"]
    if args.profile:
        profile = cProfile.Profile()
        for workload in chosen:
            for policy in policies:
                ours_rate(workload, policy, 0.5, "none")  # imports and kernels, unprofiled
                profile.runcall(ours_rate, workload, policy, args.seconds, "none")
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(30)
        stats.sort_stats("cumulative").print_stats(40)
        return
    print(f"{machine_line()}; {PLAYERS} players, deals per CPU second")
    print(f"{'':34} {'off':>8} {'sampled':>8} {'pokerkit':>9}")
    for workload in chosen:
        for policy in policies:
            theirs = pokerkit_rate(workload, policy, args.seconds)
            off = ours_rate(workload, policy, args.seconds, "none")
            on = ours_rate(workload, policy, args.seconds, "sample")
            every = ours_rate(workload, policy, args.seconds, "all") if args.all else None
            show(f"{workload.name}, {policy}", off, on, theirs, every)
    if args.only in (None, "fixed-limit hold'em"):
        for policy in policies:
            lean: Policy = "check-down" if policy == "check-down" else "random"
            print(
                f"fixed-limit hold'em, {policy}, lean loop: {lean_rate(lean, args.lean_deals):,.0f}"
            )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
