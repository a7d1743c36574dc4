"""Differential tests: the compiled kernel and the rule-by-rule evaluator against references."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from cardtable.cards import Card
from cardtable.poker import HandRules, evaluate, evaluate_low
from cardtable.poker.fast import hand_masks, hand_value, hand_values, low_values, mask_values
from poker.reference import assert_same_order, best_keys, random_hands

SEED = "002_053e85955f9a4108.txt"


@pytest.mark.parametrize(("size", "count"), [(5, 300_000), (6, 100_000), (7, 200_000)])
def test_kernel_orders_random_hands_exactly_like_the_reference(size: int, count: int) -> None:
    """002_053e85955f9a4108.txt, Покерные расклады and Расклады одного достоинства.

    The kernel's best five of 5, 6 and 7 cards order hundreds of thousands of random hands exactly
    as an independent slow ranker does, ties included.
    """
    rng = np.random.default_rng(size)
    hands = random_hands(rng, count, size)
    assert_same_order(best_keys(hands), hand_values(hands))


@pytest.mark.parametrize("size", [5, 7])
def test_rule_evaluator_orders_random_hands_exactly_like_the_reference(size: int) -> None:
    """002_053e85955f9a4108.txt, Покерные расклады.

    The full evaluator (every option off) ranks a sample of random hands as the reference does.
    """
    rng = np.random.default_rng(100 + size)
    hands = random_hands(rng, 1500, size)
    ours = [evaluate([Card.from_index(int(i)) for i in row]).value for row in hands]
    assert_same_order(best_keys(hands), ours)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_one_hand_call_and_the_mask_batch_agree_with_the_batch(size: int) -> None:
    """002_053e85955f9a4108.txt, Покерные расклады: one hand at a time gives the batch's values.

    Five and seven cards go to the kernel by their indices, six by their mask; a list and a
    tuple of the same cards are worth the same.
    """
    hands = random_hands(np.random.default_rng(7), 500, size)
    rows = [[Card.from_index(int(i)) for i in row] for row in hands]
    single = [hand_value(row) for row in rows]
    assert single == hand_values(hands).tolist()
    assert [hand_value(tuple(row)) for row in rows] == single
    assert mask_values(hand_masks(hands)).tolist() == single


def test_kernel_on_a_stripped_deck_orders_hands_like_the_rule_evaluator() -> None:
    """002_053e85955f9a4108.txt, Иерархия карт.

    Without 2s to 5s, A-6-7-8-9 is the lowest straight, and the kernel agrees with the full
    evaluator on random hands of that deck.
    """
    rules = HandRules(stripped=(2, 3, 4, 5))
    deck = np.array([c.index for c in rules.deck().cards()], dtype=np.uint8)
    rng = np.random.default_rng(3)
    hands = deck[random_hands(rng, 1500, 7) % len(deck)]
    hands = hands[[len(set(row.tolist())) == 7 for row in hands]]
    ours = [evaluate([Card.from_index(int(i)) for i in row], rules).value for row in hands]
    assert_same_order(ours, hand_values(hands, rules))


@pytest.mark.skipif(importlib.util.find_spec("phevaluator") is None, reason="bench extra")
def test_kernel_orders_random_hands_like_phevaluator() -> None:
    """002_053e85955f9a4108.txt, Покерные расклады.

    The kernel agrees with phevaluator (an outside evaluator, smaller rank is better) on random
    7-card hands.
    """
    from phevaluator import evaluate_cards  # noqa: PLC0415 - optional

    hands = random_hands(np.random.default_rng(11), 20_000, 7)
    # phevaluator numbers cards 4 × rank + suit with suits c, d, h, s
    theirs = [-evaluate_cards(*[4 * (i % 13) + i // 13 for i in row.tolist()]) for row in hands]
    assert_same_order(theirs, hand_values(hands))


@pytest.mark.parametrize("low", ["lowball", "high-low"])
@pytest.mark.parametrize("size", [5, 7])
def test_kernel_orders_low_hands_exactly_like_the_rule_evaluator(low: str, size: int) -> None:
    """002_053e85955f9a4108.txt, Лоуболл 5 and Покер «Больше-меньше».

    The kernel's low hands (aces low; straights and flushes ignored in lowball, counted in
    high-low) order random hands as the rule-by-rule evaluator does.
    """
    rules = HandRules(low=low)  # type: ignore[arg-type]
    hands = random_hands(np.random.default_rng(40 + size), 1500, size)
    ours = [evaluate_low([Card.from_index(int(i)) for i in row], rules).value for row in hands]
    assert_same_order(ours, low_values(hands, rules))
