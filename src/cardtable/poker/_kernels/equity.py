"""Equity by dealing out every board, or a sample of boards, against known hands or ranges."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cardtable.poker._kernels.lows import low_value_of_mask
from cardtable.poker._kernels.values import IntArray, value_of_mask

HIGH = 0


LOWBALL = 1


HIGH_LOW = 2


@njit(cache=True, inline="always")
def split_pot(values: IntArray, weight: float, share: npt.NDArray[np.float64]) -> None:
    best = values[0]
    winners = 1
    for p in range(1, values.shape[0]):
        if values[p] > best:
            best = values[p]
            winners = 1
        elif values[p] == best:
            winners += 1
    for p in range(values.shape[0]):
        if values[p] == best:
            share[p] += weight / winners


@njit(cache=True, inline="always")
def _showdown(
    partial: IntArray,
    card: int,
    mode: int,
    tables: tuple[IntArray, IntArray, IntArray],
    values: IntArray,
    lows: IntArray,
    share: npt.NDArray[np.float64],
) -> None:
    """Each hand's share of one pot: ``partial`` masks plus ``card``.

    The pot goes by HIGH, LOWBALL or HIGH_LOW (half to the best high, half to the best low).
    """
    straight, top, count = tables
    for p in range(partial.shape[0]):
        share[p] = 0.0
        if mode != LOWBALL:
            values[p] = value_of_mask(partial[p] | card, straight, top, count)
        if mode != HIGH:
            lows[p] = low_value_of_mask(partial[p] | card, mode == HIGH_LOW, count)
    if mode == HIGH:
        split_pot(values, 1.0, share)
    elif mode == LOWBALL:
        split_pot(lows, 1.0, share)
    else:
        split_pot(values, 0.5, share)
        split_pot(lows, 0.5, share)


@njit(cache=True, inline="always")
def _tally(
    share: npt.NDArray[np.float64], wins: IntArray, ties: IntArray, shares: npt.NDArray[np.float64]
) -> None:
    for p in range(share.shape[0]):
        if share[p] == 1.0:
            wins[p] += 1
        elif share[p] > 0.0:
            ties[p] += 1
        shares[p] += share[p]


@njit(cache=True, parallel=True)
def exact_equity(
    hand_masks: IntArray,
    board_mask: int,
    deck: IntArray,
    need: int,
    mode: int,
    straight: IntArray,
    top: IntArray,
    count: IntArray,
) -> tuple[IntArray, IntArray, npt.NDArray[np.float64], int]:
    """Deal every ``need``-card completion (0 to 5) of the board from ``deck`` (card bits).

    Count per hand the boards won alone, the boards tied, and the pot shares. The last card
    dealt varies in the innermost loop over masks prepared for the cards before it.
    """
    players = hand_masks.shape[0]
    size = deck.shape[0]
    firsts = size if need > 0 else 1
    wins = np.zeros((firsts, players), dtype=np.int64)
    ties = np.zeros((firsts, players), dtype=np.int64)
    shares = np.zeros((firsts, players), dtype=np.float64)
    boards = np.zeros(firsts, dtype=np.int64)
    for step in prange(firsts):
        # low first cards have far more boards after them: pair each with a high one so
        # that the contiguous blocks prange hands to the threads weigh about the same
        a = step // 2 if step % 2 == 0 else firsts - 1 - step // 2
        values = np.zeros(players, dtype=np.int64)
        lows = np.zeros(players, dtype=np.int64)
        share = np.zeros(players, dtype=np.float64)
        partial = np.zeros(players, dtype=np.int64)
        my_wins = np.zeros(players, dtype=np.int64)
        my_ties = np.zeros(players, dtype=np.int64)
        my_shares = np.zeros(players, dtype=np.float64)
        dealt = 0
        # idx holds the cards before the last, an odometer of strictly rising indices; the
        # last card runs in the innermost loop (none at all when no card is to come)
        inner = max(need - 1, 0)
        idx = np.zeros(5, dtype=np.int64)
        for j in range(inner):
            idx[j] = a + j
        while need == 0 or size - a >= need:
            prefix = board_mask
            for j in range(inner):
                prefix |= deck[idx[j]]
            for p in range(players):
                partial[p] = hand_masks[p] | prefix
            start = a if need == 1 else idx[inner - 1] + 1 if need > 1 else 0
            stop = a + 1 if need <= 1 else size
            for last in range(start, stop):
                card = deck[last] if need > 0 else 0
                _showdown(partial, card, mode, (straight, top, count), values, lows, share)
                _tally(share, my_wins, my_ties, my_shares)
                dealt += 1
            j = inner - 1
            while j >= 1 and idx[j] == size - need + j:
                j -= 1
            if j < 1:
                break
            idx[j] += 1
            for later in range(j + 1, inner):
                idx[later] = idx[later - 1] + 1
        wins[a] = my_wins
        ties[a] = my_ties
        shares[a] = my_shares
        boards[a] = dealt
    return wins.sum(axis=0), ties.sum(axis=0), shares.sum(axis=0), boards.sum()


@njit(cache=True)
def _mix(x: np.uint64) -> np.uint64:
    # splitmix64: every trial's deal depends only on (seed, trial), not on threads
    x = (x + np.uint64(0x9E3779B97F4A7C15)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    x = ((x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    x = ((x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    return x ^ (x >> np.uint64(31))


@njit(cache=True, parallel=True)
def sampled_equity(
    hand_masks: IntArray,
    board_mask: int,
    deck: IntArray,
    need: int,
    mode: int,
    seed: int,
    first: int,
    trials: int,
    straight: IntArray,
    top: IntArray,
    count: IntArray,
) -> tuple[IntArray, IntArray, npt.NDArray[np.float64]]:
    """Deal trials ``first`` … ``first + trials - 1`` of random board completions."""
    players = hand_masks.shape[0]
    size = deck.shape[0]
    chunks = 64
    wins = np.zeros((chunks, players), dtype=np.int64)
    ties = np.zeros((chunks, players), dtype=np.int64)
    shares = np.zeros((chunks, players), dtype=np.float64)
    per = (trials + chunks - 1) // chunks
    for chunk in prange(chunks):
        values = np.zeros(players, dtype=np.int64)
        lows = np.zeros(players, dtype=np.int64)
        share = np.zeros(players, dtype=np.float64)
        order = np.arange(size)
        swaps = np.zeros(5, dtype=np.int64)
        for t in range(chunk * per, min(trials, (chunk + 1) * per)):
            state = _mix(np.uint64(seed) * np.uint64(0x100000001B3) + np.uint64(first + t))
            board = board_mask
            for j in range(need):
                state = _mix(state)
                k = j + np.int64(state % np.uint64(size - j))
                swaps[j] = k
                order[j], order[k] = order[k], order[j]
                board |= deck[order[j]]
            for j in range(need - 1, -1, -1):
                k = swaps[j]
                order[j], order[k] = order[k], order[j]
            _showdown(hand_masks, board, mode, (straight, top, count), values, lows, share)
            _tally(share, wins[chunk], ties[chunk], shares[chunk])
    return wins.sum(axis=0), ties.sum(axis=0), shares.sum(axis=0)


@njit(cache=True)
def _draw(cumulative: npt.NDArray[np.float64], size: int, state: np.uint64) -> int:
    """The index of a combo drawn by weight: ``cumulative`` holds the running sums."""
    total = cumulative[size - 1]
    x = (state >> np.uint64(11)) * (1.0 / 9007199254740992.0) * total
    low, high = 0, size - 1
    while low < high:
        middle = (low + high) // 2
        if cumulative[middle] > x:
            high = middle
        else:
            low = middle + 1
    return low


@njit(cache=True, parallel=True)
def sampled_range_equity(
    combos: IntArray,
    sizes: IntArray,
    cumulative: npt.NDArray[np.float64],
    board_mask: int,
    deck: IntArray,
    need: int,
    matchups: int,
    boards: int,
    seed: int,
    straight: IntArray,
    top: IntArray,
    count: IntArray,
) -> npt.NDArray[np.float64]:
    """Draw ``matchups`` matchups of combos by weight, each over ``boards`` random boards.

    ``combos[p, i]`` is range ``p``'s ``i``-th combo as a mask (``sizes[p]`` of them);
    ``deck`` the cards neither on the board nor dead. A drawn matchup sharing a card is
    drawn again (NaN results if no draw in 1,000 succeeds). Returns each matchup's mean
    win, tie and pot share per range, ``out[m, p, 0..2]``.
    """
    players = combos.shape[0]
    out = np.zeros((matchups, players, 3), dtype=np.float64)
    for m in prange(matchups):
        state = _mix(np.uint64(seed) * np.uint64(0x100000001B3) + np.uint64(m))
        hands = np.zeros(players, dtype=np.int64)
        for _ in range(1_000):
            used = 0
            clash = False
            for p in range(players):
                state = _mix(state)
                hands[p] = combos[p, _draw(cumulative[p], sizes[p], state)]
                clash = clash or (used & hands[p]) != 0
                used |= hands[p]
            if not clash:
                break
        if clash:
            out[m] = np.nan
            continue
        left = deck[(deck & used) == 0]
        size = left.shape[0]
        values = np.zeros(players, dtype=np.int64)
        share = np.zeros(players, dtype=np.float64)
        order = np.arange(size)
        for _ in range(boards):
            board = board_mask
            for j in range(need):
                state = _mix(state)
                k = j + np.int64(state % np.uint64(size - j))
                order[j], order[k] = order[k], order[j]
                board |= left[order[j]]
            for p in range(players):
                values[p] = value_of_mask(hands[p] | board, straight, top, count)
                share[p] = 0.0
            split_pot(values, 1.0, share)
            for p in range(players):
                if share[p] == 1.0:
                    out[m, p, 0] += 1.0
                elif share[p] > 0.0:
                    out[m, p, 1] += 1.0
                out[m, p, 2] += share[p]
    return out / boards
