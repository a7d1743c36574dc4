"""Exact equity, ranges and per-call evaluation speed, each beside an anchor of the same run.

Run with ``make bench-equity`` (installs the ``bench`` extra). The anchors: the kernel's own
board-by-board loop (a native loop evaluating both hands on every board), the issue's
anchor — a C loop over every heads-up board calling phevaluator's C evaluator
(``evaluate_7cards`` in its extension module; issue 19 found 42 ms on this machine), built
here with the system's C compiler and skipped with the reason when there is none — eval7,
phevaluator and treys per call, numpy for building masks. Each line prints our figure,
the anchor's and the ratio.

    python benchmarks/poker_equity.py [--repeat N]
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import importlib.util
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from poker_hands import machine

from cardtable.cards import Card, parse_cards
from cardtable.engine import get_game
from cardtable.poker import HandRules, equity
from cardtable.poker.fast import (
    card_mask,
    hand_masks,
    hand_value,
    kernels,
    mask_values,
    tables,
)
from cardtable.poker.ranges import parse_range, range_equity

equity_module = importlib.import_module("cardtable.poker.equity")

C_LOOP = r"""
typedef int (*evaluate7)(int, int, int, int, int, int, int);

/* Every five-card board of deck[0..size): wins of hand 0, of hand 1, and ties. */
void count(evaluate7 evaluate, const int *hands, const int *deck, int size, long long *out) {
    for (int a = 0; a < size; a++)
    for (int b = a + 1; b < size; b++)
    for (int c = b + 1; c < size; c++)
    for (int d = c + 1; d < size; d++)
    for (int e = d + 1; e < size; e++) {
        int v = evaluate(hands[0], hands[1], deck[a], deck[b], deck[c], deck[d], deck[e]);
        int w = evaluate(hands[2], hands[3], deck[a], deck[b], deck[c], deck[d], deck[e]);
        out[v < w ? 0 : v > w ? 1 : 2]++;  /* phevaluator: the lower value wins */
    }
}
"""
"""The issue's anchor, a plain C loop over every heads-up board."""

C_LOOP_ISSUE_SECONDS = 0.042
"""What issue 19 found for that loop on this machine."""


def phevaluator_id(card: Card) -> int:
    """phevaluator's number of ``card``: four times its rank from the deuce, plus its suit."""
    return 4 * (card.index % 13) + card.index // 13


def c_loop(hands: list[tuple[Card, ...]], repeat: int) -> tuple[float, float] | str:
    """Seconds of the C loop and the first hand's equity, or why it could not run."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    spec = importlib.util.find_spec("phevaluator._pheval")
    if compiler is None or spec is None or spec.origin is None:
        return "no C compiler" if compiler is None else "no phevaluator C extension"
    evaluator = ctypes.CDLL(spec.origin)
    with tempfile.TemporaryDirectory() as folder:
        source, built = Path(folder) / "loop.c", Path(folder) / "loop.so"
        source.write_text(C_LOOP, encoding="utf-8")
        subprocess.run(
            [compiler, "-O3", "-shared", "-fPIC", str(source), "-o", str(built)], check=True
        )
        loop = ctypes.CDLL(str(built))
    known = [c for h in hands for c in h]
    deck = [phevaluator_id(c) for c in HandRules().deck().cards() if c not in known]
    held = (ctypes.c_int * 4)(*map(phevaluator_id, known))
    rest = (ctypes.c_int * len(deck))(*deck)
    out = (ctypes.c_longlong * 3)()
    address = ctypes.cast(evaluator.evaluate_7cards, ctypes.c_void_p)

    def run() -> None:
        ctypes.memset(out, 0, ctypes.sizeof(out))
        loop.count(address, held, rest, len(deck), out)

    seconds = best(run, repeat)
    return seconds, (out[0] + out[2] / 2) / sum(out)


def best(work: Callable[[], Any], repeat: int) -> float:
    """The least seconds of ``repeat`` runs of ``work``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def line(what: str, ours: float, anchor: str, theirs: float, unit: str, *, higher: bool) -> None:
    ratio = ours / theirs if higher else theirs / ours
    print(
        f"  {what:<44} cardtable {ours:>12,.4g} {unit:<8} {anchor:<26} {theirs:>12,.4g} "
        f"{unit:<8} ratio {ratio:7.2f}x"
    )


def board_by_board(hands: list[tuple[Card, ...]], repeat: int) -> float:
    """Seconds of the kernel's naive loop: every board, every hand evaluated."""
    module = kernels()
    table = tables(tuple(range(2, 15)))
    masks = np.array([card_mask(h) for h in hands], dtype=np.int64)
    known = {c for h in hands for c in h}
    bits = np.array([c.bit for c in HandRules().deck().cards() if c not in known])
    module.exact_equity(masks, 0, bits.astype(np.int64), 5, 0, *table)
    return best(lambda: module.exact_equity(masks, 0, bits.astype(np.int64), 5, 0, *table), repeat)


def exact_equities(repeat: int) -> None:
    print("exact equity over every board, in process (seconds, lower is better)")
    cases = {
        "A♥K♥ vs Q♠Q♦, 1,712,304 boards": ["A♥ K♥", "Q♠ Q♦"],
        "A♠K♠ vs A♦K♦ (flushes both ways)": ["A♠ K♠", "A♦ K♦"],
        "three hands 7♣2♦ 8♥9♥ T♠J♠": ["7♣ 2♦", "8♥ 9♥", "T♠ J♠"],
        "six hands": ["A♠ K♠", "Q♦ Q♣", "J♥ T♥", "9♠ 9♣", "7♦ 6♦", "A♣ 5♥"],
    }
    # ours first: the anchor's threads may still be spinning on the other core after it
    ours_of = {}
    for name, texts in cases.items():
        hands = [parse_cards(t) for t in texts]
        equity(hands)
        ours_of[name] = best(lambda hands=hands: equity(hands), repeat)
    for name, texts in cases.items():
        hands = [parse_cards(t) for t in texts]
        result = equity(hands)
        ours = ours_of[name]
        naive = board_by_board(hands, max(1, repeat // 3))
        line(name, ours, "kernel board by board", naive, "s", higher=False)
        if len(hands) == 2 and name.startswith("A♥"):
            native = c_loop(hands, repeat)
            if isinstance(native, str):
                print(f"    C loop with phevaluator not run: {native}")
            else:
                line(name, ours, "C loop, phevaluator", native[0], "s", higher=False)
                print(f"    (issue 19 found {C_LOOP_ISSUE_SECONDS * 1000:.0f} ms for that loop)")
                print(f"    C loop's equity {native[1]:.6f}")
            print(f"    equity {result.hands[0].equity:.6f} over {result.boards:,} boards")


def omaha(repeat: int) -> None:
    print("Omaha (two and three), exact in the kernel beside the rule-by-rule evaluator")
    spec = get_game("poker").rules("omaha").variant
    hands = [parse_cards("A♥ K♥ Q♠ J♠"), parse_cards("T♦ 9♦ 8♣ 7♠")]
    for board in ("2♥ 7♣ 3♦ 5♠", "2♥ 7♣ 3♦"):
        known = parse_cards(board)
        result = equity(hands, board=known, variant=spec)
        ours = best(lambda known=known: equity(hands, board=known, variant=spec), repeat)
        started = time.perf_counter()
        kernel_path = equity_module.own_cards
        equity_module.own_cards = lambda *_: None  # the rule-by-rule evaluator's path
        try:
            equity(hands, board=known, variant=spec, exact=True)
        finally:
            equity_module.own_cards = kernel_path
        slow = time.perf_counter() - started
        what = f"board {board}, {result.boards:,} boards"
        line(what, ours, "rule by rule", slow, "s", higher=False)


def ranges(repeat: int) -> None:
    print("range against range (seconds)")
    cases = [("QQ+", "AKs"), ("QQ+, AKs", "T9s-65s"), ("22+, A2s+", "QQ+, AKs:0.5")]
    for a, b in cases:
        pair = [parse_range(a), parse_range(b)]
        result = range_equity(pair)
        ours = best(lambda pair=pair: range_equity(pair), max(1, repeat // 3))
        sampled = best(lambda pair=pair: range_equity(pair, exact=False), max(1, repeat // 3))
        guess = range_equity(pair, exact=False)
        print(
            f"  {a} vs {b}: exact {result.ranges[0].equity:.4%} over {result.matchups:,} "
            f"matchups in {ours:.3f} s; sampled {guess.ranges[0].equity:.4%} "
            f"± {guess.ranges[0].standard_error:.4%} in {sampled:.3f} s"
        )


def best_in_turn(works: dict[str, Callable[[], Any]], rounds: int) -> dict[str, float]:
    """The least seconds of each of ``works``, run in turn ``rounds`` times.

    Taking turns puts every contender through the same moments of a shared machine's load,
    so a burst of other work does not land on one of them alone.
    """
    least = dict.fromkeys(works, float("inf"))
    for _ in range(rounds):
        for name, work in works.items():
            least[name] = min(least[name], best(work, 1))
    return least


def one_call_each(rows: np.ndarray, rounds: int) -> None:
    """``hand_value`` one hand a call on ``rows`` of card indices, beside eval7 and phevaluator."""
    count = len(rows)
    hands = [[Card.from_index(int(i)) for i in row] for row in rows]
    hand_value(hands[0])
    ranks, suits = "23456789TJQKA", "cdhs"
    works: dict[str, Callable[[], Any]] = {"ours": lambda: [hand_value(h) for h in hands]}
    if importlib.util.find_spec("eval7"):
        import eval7

        e7 = [[eval7.Card(ranks[i % 13] + suits[i // 13]) for i in row] for row in rows.tolist()]
        evaluate = eval7.evaluate
        works["eval7.evaluate(cards)"] = lambda: [evaluate(h) for h in e7]
    if importlib.util.find_spec("phevaluator"):
        from phevaluator import evaluate_cards

        ph = [[4 * (i % 13) + i // 13 for i in row] for row in rows.tolist()]
        works["phevaluator"] = lambda: [evaluate_cards(*h) for h in ph]
    least = best_in_turn(works, rounds)
    ours = count / least.pop("ours")
    for anchor, seconds in least.items():
        line("hand_value(cards)", ours, anchor, count / seconds, "hands/s", higher=True)


def per_call(count: int, rounds: int = 15) -> None:
    rng = np.random.default_rng(7)
    for size in (7, 5):
        print(f"per call ({count:,} random {size}-card hands, best of {rounds} rounds in turn)")
        rows = rng.random((count, 52)).argpartition(size, axis=1)[:, :size].astype(np.uint8)
        one_call_each(rows, rounds)
    print(f"masks ({rounds // 3} rounds in turn)")
    batch = rng.random((4_000_000, 52)).argpartition(7, axis=1)[:, :7].astype(np.uint8)
    masks = hand_masks(batch)
    mask_values(masks[:10])
    bits = kernels().CARD_BITS
    least = best_in_turn(
        {
            "ours": lambda: hand_masks(batch),
            "numpy bitwise_or.reduce": lambda: np.bitwise_or.reduce(bits[batch], axis=1),
            "the kernel, mask_values": lambda: mask_values(masks),
        },
        max(rounds // 3, 1),
    )
    ours = len(batch) / least.pop("ours")
    for anchor, seconds in least.items():
        line("hand_masks(rows)", ours, anchor, len(batch) / seconds, "hands/s", higher=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7, help="runs of each timing (best kept)")
    parser.add_argument("--hands", type=int, default=200_000, help="hands for per-call timing")
    args = parser.parse_args()
    print(machine())
    from numba import get_num_threads

    print(f"numba threads {get_num_threads()}")
    exact_equities(args.repeat)
    per_call(args.hands)
    omaha(args.repeat)
    ranges(args.repeat)


if __name__ == "__main__":
    main()
