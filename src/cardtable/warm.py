"""Compile every numba kernel into the on-disk cache once, so that no command waits on it later.

``make``'s set-up runs ``python -m cardtable.warm`` (also ``cardtable warm``): each step calls
the public functions that reach a group of ``@njit(cache=True)`` kernels, which compiles them
on a cold cache and only loads them on a warm one. Commands that are about to use kernels whose
cache is cold say so on standard error first (:func:`notice_if_cold`), instead of freezing.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

KERNEL_MODULES = {"poker": "cardtable.poker._kernels", "preferans": "cardtable.preferans._kernels"}
"""The module of each group of kernels."""

NOTICES = {
    "poker": "compiling the hand evaluator once (about 20 s)…",
    "preferans": "compiling the double-dummy solver once (about 20 s)…",
}
"""The one line a command prints before it compiles a cold group of kernels."""


def _poker_hands() -> None:
    import numpy as np  # noqa: PLC0415

    from cardtable.cards import parse_cards  # noqa: PLC0415
    from cardtable.poker import fast  # noqa: PLC0415
    from cardtable.poker.rules import HandRules  # noqa: PLC0415

    cards = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 2♦ 3♣")
    fast.hand_value(cards)
    fast.hand_value(cards[:5])
    hands = np.array([[card.index for card in cards]], dtype=np.uint8)
    fast.hand_values(hands)
    fast.mask_values(fast.hand_masks(hands))
    fast.low_values(hands, HandRules(low="lowball"))
    fast.low_values(hands, HandRules(low="high-low"))


def _poker_equity() -> None:
    from cardtable.cards import parse_cards  # noqa: PLC0415
    from cardtable.poker.equity import equity  # noqa: PLC0415
    from cardtable.poker.rules import HandRules  # noqa: PLC0415

    hands = [parse_cards("A♥ K♥"), parse_cards("Q♠ Q♦")]
    equity(hands, exact=True)
    flop = parse_cards("2♣ 7♦ 9♠")
    equity(hands, board=flop, exact=True, rules=HandRules(low="high-low"))
    equity([*hands, parse_cards("7♣ 2♦")], trials=1000, exact=False)


def _poker_lean() -> None:
    from cardtable.poker.lean import simulate_lean  # noqa: PLC0415
    from cardtable.poker.lean_table import LeanTable  # noqa: PLC0415
    from cardtable.poker.table import PokerRules  # noqa: PLC0415

    simulate_lean(LeanTable.of(PokerRules()), players=3, deals=10, seed=1)


def _preferans_solver() -> None:
    from cardtable.cards import parse_cards  # noqa: PLC0415
    from cardtable.preferans.contracts import parse_contract  # noqa: PLC0415
    from cardtable.preferans.solver import Position, card_values, solve  # noqa: PLC0415

    hands = (parse_cards("A♠ K♠"), parse_cards("Q♠ J♠"), parse_cards("10♠ 9♠"))
    for contract in ("6NT", "misère"):
        position = Position.start(hands, declarer=0, leader=0, contract=parse_contract(contract))
        solve(position)
        card_values(position)


def _poker_ahead_of_time() -> None:
    from cardtable.poker import aot  # noqa: PLC0415

    if aot.counter() is not None:
        return
    try:
        aot.build()
    except Exception as error:  # no C compiler, a read-only install: numba counts instead
        print(f"not compiled ahead of time ({error}); poker equity loads numba", file=sys.stderr)


STEPS: tuple[tuple[str, tuple[str, ...], str, Callable[[], None]], ...] = (
    (
        "poker",
        (
            "standard_value",
            "seven_value",
            "five_value",
            "values_of_hands",
            "values_of_masks",
            "low_values_of_hands",
        ),
        "poker hand values",
        _poker_hands,
    ),
    (
        "poker",
        ("exact_equity_by_ranks", "exact_equity", "sampled_equity"),
        "poker equity",
        _poker_equity,
    ),
    ("poker", ("lean_deals",), "poker lean simulation", _poker_lean),
    ("preferans", ("solve_position", "card_values"), "double-dummy solver", _preferans_solver),
    ("poker", (), "exact hold'em counter ahead of time", _poker_ahead_of_time),
)
"""The warm-up: group, its entry kernels, what they do, and the calls that reach them.

The last step's kernel is compiled ahead of time into an extension module
(:mod:`cardtable.poker.aot`), not into numba's cache; the server's start skips it.
"""


def _step_is_cold(group: str, entries: tuple[str, ...]) -> bool:
    if not entries:
        from cardtable.poker import aot  # noqa: PLC0415

        return aot.counter() is None
    return is_cold(group, entries)


def _dispatchers(group: str, entries: tuple[str, ...] | None = None) -> list[Any]:
    import importlib  # noqa: PLC0415

    module = importlib.import_module(KERNEL_MODULES[group])
    if entries is None:
        entries = tuple(name for step in STEPS if step[0] == group for name in step[1])
    return [getattr(module, name) for name in entries]


def is_cold(group: str, entries: tuple[str, ...] | None = None) -> bool:
    """Whether a kernel of ``group`` (or just ``entries``) has no cache as new as its code."""
    for dispatcher in _dispatchers(group, entries):
        index = Path(dispatcher._cache._cache_file._index_path)  # no public name in numba
        source = Path(dispatcher.py_func.__code__.co_filename)
        if not index.exists() or index.stat().st_mtime < source.stat().st_mtime:
            return True
    return False


def notice_if_cold(group: str, stream: IO[str] | None = None) -> bool:
    """Say on ``stream`` (standard error) that ``group``'s kernels compile now, if they will."""
    if not is_cold(group):
        return False
    print(NOTICES[group], file=stream or sys.stderr, flush=True)
    return True


def warm(stream: IO[str] | None = None, *, quiet: bool = False) -> float:
    """Run every step, one progress line each on ``stream``; the seconds it took in all.

    ``quiet`` (the server's start) prints only the one-line notice of each cold group, so a
    start on a warm cache prints nothing.
    """
    out = stream or sys.stderr
    started = time.perf_counter()
    if quiet:
        for group in NOTICES:
            notice_if_cold(group, out)
    for number, (group, entries, label, step) in enumerate(STEPS, start=1):
        if quiet and not entries:
            continue
        if not quiet:
            state = "compiling" if _step_is_cold(group, entries) else "loading"
            print(f"[{number}/{len(STEPS)}] {state} {label}…", file=out, flush=True)
        step()
    seconds = time.perf_counter() - started
    if not quiet:
        print(f"kernels ready in {seconds:.1f} s", file=out, flush=True)
    return seconds


def main() -> None:
    """``python -m cardtable.warm``: compile (or load) every kernel now."""
    warm()


if __name__ == "__main__":
    main()
