"""Equity through the compiled kernels: standard high, lowball and high-low, and split hands.

A split hand must use exactly some of its own cards (Omaha's two), each board settled by
the best way to use them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from math import comb

from cardtable.cards import Card
from cardtable.poker.aot import counter as ahead_of_time_counter
from cardtable.poker.equity.result import EquityResult, Progress, tallied
from cardtable.poker.rules import HandRules
from cardtable.poker.variants import VariantSpec

_CHUNK = 250_000


SPLIT_COST = 30
"""How many times dearer a board is when each hand has many ways to use its cards (Omaha)."""


def kernel_mode(rules: HandRules, known: Sequence[Card]) -> int | None:
    """How the kernel settles a pot under ``rules``: high, lowball, high-low.

    None when only the rule-by-rule evaluator knows these rules.
    """
    from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numpy on demand

    if any(card.is_joker for card in known):
        return None
    if kernel_supports(rules):
        return 0
    high = replace(rules, low="none")
    if rules.low != "none" and not rules.stripped and kernel_supports(high):
        return 1 if rules.low == "lowball" else 2
    return None


def counts_by_ranks(
    mode: int, hands: Sequence[Sequence[Card]], board: Sequence[Card], need: int
) -> bool:
    """Whether an exact count goes by ranks and suits: high hands of two cards, five on board."""
    return mode == 0 and max(map(len, hands)) <= 2 and len(board) + need <= 5


def compiled_without_numba(
    mode: int | None, hands: Sequence[Sequence[Card]], board: Sequence[Card], need: int
) -> bool:
    """Whether an exact count of these runs on the counter compiled ahead of time alone."""
    return (
        mode is not None
        and counts_by_ranks(mode, hands, board, need)
        and ahead_of_time_counter() is not None
    )


def compiled_equity(
    hands: Sequence[Sequence[Card]],
    *,
    mode: int,
    board: Sequence[Card],
    deck: Sequence[Card],
    need: int,
    rules: HandRules,
    exact: bool,
    trials: int,
    seed: int,
    progress: Progress | None,
) -> EquityResult:
    """Equity through the compiled kernels: every board, or ``trials`` boards with ``seed``."""
    import numpy as np  # noqa: PLC0415 - numpy on demand

    from cardtable.poker.fast import card_mask, kernels, tables, threads_for  # noqa: PLC0415

    table = tables(tuple(int(rank) for rank in rules.ranks))
    masks = np.array([card_mask(hand) for hand in hands], dtype=np.int64)
    board_mask = card_mask(board)
    bits = np.array([card_mask([card]) for card in deck], dtype=np.int64)
    if exact:
        total = comb(len(deck), need)
        if counts_by_ranks(mode, hands, board, need):
            count = ahead_of_time_counter() or kernels().exact_equity_by_ranks
            wins, ties, shares = count(masks, board_mask, bits, need, *table)
            dealt = total
        else:
            with threads_for(total * len(hands)):
                wins, ties, shares, dealt = kernels().exact_equity(
                    masks, board_mask, bits, need, mode, *table
                )
        if progress is not None:
            progress(total, total)
        return tallied(
            hands,
            wins=wins.tolist(),
            ties=ties.tolist(),
            shares=shares.tolist(),
            boards=int(dealt),
            exact=True,
        )
    wins_sum = np.zeros(len(hands), dtype=np.int64)
    ties_sum = np.zeros(len(hands), dtype=np.int64)
    shares_sum = np.zeros(len(hands), dtype=np.float64)
    module = kernels()
    for first in range(0, trials, _CHUNK):
        count = min(_CHUNK, trials - first)
        with threads_for(count * len(hands)):
            wins, ties, shares = module.sampled_equity(
                masks, board_mask, bits, need, mode, seed, first, count, *table
            )
        wins_sum += wins
        ties_sum += ties
        shares_sum += shares
        if progress is not None:
            progress(first + count, trials)
    return tallied(
        hands,
        wins=wins_sum.tolist(),
        ties=ties_sum.tolist(),
        shares=shares_sum.tolist(),
        boards=trials,
        exact=False,
    )


def split_hand_equity(
    hands: Sequence[Sequence[Card]],
    *,
    own: int,
    board: Sequence[Card],
    deck: Sequence[Card],
    need: int,
    rules: HandRules,
    trials: int | None,
    seed: int,
) -> EquityResult:
    """High equity when a hand is exactly ``own`` of its cards and the rest board cards.

    Every board (``trials`` None) or ``trials`` boards drawn with ``seed``.
    """
    import numpy as np  # noqa: PLC0415 - numpy on demand

    from cardtable.poker.fast import card_mask, kernels, tables, threads_for  # noqa: PLC0415

    width = max(len(hand) for hand in hands)
    holes = np.zeros((len(hands), width), dtype=np.int64)
    for row, hand in enumerate(hands):
        holes[row, : len(hand)] = [card_mask([card]) for card in hand]
    known = np.array([card_mask([card]) for card in board], dtype=np.int64)
    bits = np.array([card_mask([card]) for card in deck], dtype=np.int64)
    table = tables(tuple(int(rank) for rank in rules.ranks))
    ways = comb(width, own) * comb(len(board) + need, 5 - own) * len(hands)
    work = ways * (comb(len(deck), need) if trials is None else trials)
    with threads_for(work):
        if trials is None:
            wins, ties, shares, dealt = kernels().exact_equity_split_hands(
                holes, known, bits, need, own, *table
            )
        else:
            rng = np.random.default_rng(seed)
            drawn = rng.random((trials, len(deck))).argpartition(need, axis=1)[:, :need]
            boards = np.concatenate(
                [np.broadcast_to(known, (trials, len(board))), bits[drawn]], axis=1
            )
            wins, ties, shares = kernels().split_hands_on_boards(
                holes, np.ascontiguousarray(boards), own, *table
            )
            dealt = trials
    return tallied(
        hands,
        wins=wins.tolist(),
        ties=ties.tolist(),
        shares=shares.tolist(),
        boards=int(dealt),
        exact=trials is None,
    )


def own_cards(
    variant: VariantSpec | None,
    rules: HandRules,
    known: Sequence[Card],
    hands: Sequence[Sequence[Card]],
    board_size: int,
) -> int | None:
    """How many of its own cards a hand must use, when the kernel can settle ``variant``.

    That is a high showdown of five cards, exactly so many of a hand's and the rest from
    the board (Omaha: two and three), under rules the kernel knows; None otherwise.
    """
    from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numpy on demand

    if variant is None or variant.board_lines or variant.win != "high":
        return None
    if not (variant.hole_exactly or variant.board_exactly) or variant.low_qualifier:
        return None
    own = variant.hole_exactly or 5 - variant.board_exactly
    shared = variant.board_exactly or 5 - own
    plain = kernel_supports(rules) and not any(card.is_joker for card in known)
    if not plain or own + shared != 5 or board_size < shared:
        return None
    return own if all(len(hand) >= own for hand in hands) else None
