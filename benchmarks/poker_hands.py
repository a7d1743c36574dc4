"""Poker hand evaluation speed: cardtable beside phevaluator, eval7, treys and pokerkit.

Run with ``make bench`` (installs the ``bench`` extra). Everything is measured in this one
run on the same random hands; each line prints our figure, the anchor's, and the ratio.
Libraries that are not installed are skipped.

    python benchmarks/poker_hands.py [--hands N] [--batch N]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import time
from collections.abc import Callable
from itertools import combinations
from typing import Any

import numpy as np

from cardtable.cards import Card, parse_cards
from cardtable.poker import equity
from cardtable.poker.fast import (
    card_mask,
    hand_masks,
    hand_value,
    hand_values,
    mask_values,
    standard_value,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def rate(work: Callable[[], Any], count: int, repeat: int = 3) -> float:
    """Best items per second of ``repeat`` runs of ``work`` over ``count`` items."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return count / best


def show(what: str, ours: float, anchor_name: str, anchor: float, unit: str) -> None:
    ratio = ours / anchor if anchor else float("nan")
    print(
        f"  {what:<34} cardtable {ours:>14,.0f} {unit}   {anchor_name:<12} {anchor:>14,.0f} "
        f"{unit}   ratio {ratio:8.2f}x"
    )


def machine() -> str:
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"nproc {os.cpu_count()}, {model}, Python {platform.python_version()}, "
        f"load average {load:.2f}"
    )


def one_hand_anchors(hands: list[list[int]]) -> dict[str, Callable[[], Any]]:
    """A loop of one-hand calls per installed library, cards prepared in its own form."""
    loops: dict[str, Callable[[], Any]] = {}
    if importlib.util.find_spec("phevaluator"):
        from phevaluator import evaluate_cards

        ph = [[4 * (i % 13) + i // 13 for i in hand] for hand in hands]
        loops["phevaluator"] = lambda: [evaluate_cards(*h) for h in ph]
    if importlib.util.find_spec("eval7"):
        import eval7

        e7 = [[eval7.Card(RANKS[i % 13] + SUITS[i // 13]) for i in hand] for hand in hands]
        evaluate7 = eval7.evaluate
        loops["eval7"] = lambda: [evaluate7(h) for h in e7]
    if importlib.util.find_spec("treys"):
        from treys import Card as TreysCard
        from treys import Evaluator

        evaluator = Evaluator()
        tr = [[TreysCard.new(RANKS[i % 13] + SUITS[i // 13]) for i in hand] for hand in hands]
        loops["treys"] = lambda: [evaluator.evaluate(h[:2], h[2:]) for h in tr]
    return loops


def pokerkit_loop(hands: list[list[int]]) -> Callable[[], Any] | None:
    if not importlib.util.find_spec("pokerkit"):
        return None
    from pokerkit import StandardHighHand

    texts = ["".join(RANKS[i % 13] + SUITS[i // 13] for i in hand) for hand in hands]
    return lambda: [StandardHighHand.from_game(t[:4], t[4:]) for t in texts]


def speed_of_hands(size: int, count: int, batch: int) -> None:
    rng = np.random.default_rng(size)
    array = rng.random((batch, 52)).argpartition(size, axis=1)[:, :size].astype(np.uint8)
    hands = array[:count].tolist()
    masks = [card_mask(Card.from_index(i) for i in hand) for hand in hands]
    one = standard_value()
    one(masks[0])
    hand_values(array[:10])
    ours_one = rate(lambda: [one(m) for m in masks], count)
    card_lists = [[Card.from_index(i) for i in hand] for hand in hands]
    hand_value(card_lists[0])
    ours_cards = rate(lambda: [hand_value(cards) for cards in card_lists], count)
    ours_batch = rate(lambda: hand_values(array), batch)
    masks_array = hand_masks(array)
    mask_values(masks_array[:10])
    ours_masks = rate(lambda: mask_values(masks_array), batch)
    print(f"{size}-card hands ({count:,} one at a time, {batch:,} in a batch)")
    anchors = one_hand_anchors(hands)
    slow = pokerkit_loop(hands[: max(1, count // 50)])
    for name, loop in anchors.items():
        theirs = rate(loop, count, repeat=2)
        show("one-hand calls", ours_one, name, theirs, "hands/s")
        show("hand_value(cards) calls", ours_cards, name, theirs, "hands/s")
    if slow is not None:
        show("one-hand calls", ours_one, "pokerkit", rate(slow, max(1, count // 50), 1), "hands/s")
    for name, loop in anchors.items():
        theirs = rate(loop, count, repeat=1)
        show("batch of card indices (theirs: loop)", ours_batch, name, theirs, "hands/s")
        show("batch of card masks (theirs: loop)", ours_masks, name, theirs, "hands/s")


def exact_equity() -> None:
    hero, villain = parse_cards("A♥ K♥"), parse_cards("Q♠ Q♦")
    equity([hero, villain], board=parse_cards("2♣ 3♣ 4♣ 5♦"))
    started = time.perf_counter()
    result = equity([hero, villain])
    ours = time.perf_counter() - started
    print(
        f"exact all-boards equity A♥K♥ vs Q♠Q♦: {result.hands[0].equity:.6f} over "
        f"{result.boards:,} boards"
    )
    known = {c.index for c in hero + villain}
    deck = [i for i in range(52) if i not in known]
    boards = list(combinations(deck, 5))
    h, v = [c.index for c in hero], [c.index for c in villain]
    if importlib.util.find_spec("phevaluator"):
        from phevaluator import evaluate_cards

        def ph(i: int) -> int:
            return 4 * (i % 13) + i // 13

        ph_h, ph_v = [ph(i) for i in h], [ph(i) for i in v]
        ph_boards = [[ph(i) for i in b] for b in boards]

        def loop() -> float:
            share = 0.0
            for b in ph_boards:
                a, c = evaluate_cards(*ph_h, *b), evaluate_cards(*ph_v, *b)
                share += 1.0 if a < c else 0.5 if a == c else 0.0
            return share / len(ph_boards)

        started = time.perf_counter()
        theirs_equity = loop()
        theirs = time.perf_counter() - started
        print(
            f"  seconds (lower is better)          cardtable {ours:>14.3f} s        "
            f"phevaluator  {theirs:>14.3f} s        speed-up {theirs / ours:7.1f}x "
            f"(phevaluator's equity {theirs_equity:.6f})"
        )
    else:
        print(f"  cardtable {ours:.3f} s (phevaluator not installed)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000, help="hands for one-hand calls")
    parser.add_argument("--batch", type=int, default=4_000_000, help="hands in a batch")
    args = parser.parse_args()
    print(machine())
    from numba import get_num_threads

    print(f"numba threads {get_num_threads()}")
    for size in (5, 7):
        speed_of_hands(size, args.hands, args.batch)
    exact_equity()


if __name__ == "__main__":
    main()
