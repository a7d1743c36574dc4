"""Exact equity over every board counted by ranks and suits rather than dealt card by card.

Boards that differ only in suits that make no flush score alike, so the rank pass counts
them together and the flush pass adds the boards a flush changes; hands split into hole
parts (Omaha's two of four) share the boards' work.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from cardtable.poker._kernels.equity import split_pot
from cardtable.poker._kernels.values import (
    FULL,
    IntArray,
    rank_value,
    rank_value_of_mask,
    suit_value,
    value_of_mask,
)
from cardtable.poker.rank_tables import RANK_BITS

COMBS = np.array([[math.comb(n, k) for k in range(6)] for n in range(5)], dtype=np.int64)
"""``COMBS[n, k]``: the ways to pick ``k`` of the ``n`` cards left of one rank."""


@njit(cache=True, inline="always")
def _settle(
    values: IntArray,
    weight: int,
    share: npt.NDArray[np.float64],
    wins: IntArray,
    ties: IntArray,
    shares: npt.NDArray[np.float64],
) -> None:
    """Add ``weight`` boards on which the hands are worth ``values`` to the tallies."""
    for p in range(share.shape[0]):
        share[p] = 0.0
    split_pot(values, 1.0, share)
    for p in range(share.shape[0]):
        if share[p] == 1.0:
            wins[p] += weight
        elif share[p] > 0.0:
            ties[p] += weight
        shares[p] += weight * share[p]


@njit(cache=True, inline="always")
def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    total = 1
    for i in range(k):
        total = total * (n - i) // (i + 1)
    return total


@njit(cache=True)
def _flush_boards(
    taken: IntArray, suits_left: IntArray, left: IntArray, suit: int, at_least: int
) -> int:
    """How many suitings of the ranks ``taken`` put ``at_least`` cards or more in ``suit``.

    ``suits_left[r]`` has bit ``s`` for each card of rank ``r`` and suit ``s`` in the deck;
    the ways are counted by multiplying, rank by rank, the polynomials in x (x per card
    of ``suit``).
    """
    ways = np.zeros(6, dtype=np.int64)
    ways[0] = 1
    for r in range(RANK_BITS):
        k = taken[r]
        if k == 0:
            continue
        there = (suits_left[r] >> suit) & 1
        without = COMBS[left[r] - there, k]
        with_it = COMBS[left[r] - 1, k - 1] if there else 0
        for d in range(5, 0, -1):
            ways[d] = ways[d] * without + ways[d - 1] * with_it
        ways[0] *= without
    return int(ways[at_least:].sum())


@njit(cache=True)
def _rank_pass(
    held: IntArray,
    suits_left: IntArray,
    need: int,
    thresholds: IntArray,
    straight: IntArray,
    top: IntArray,
    count: IntArray,
    wins: IntArray,
    ties: IntArray,
    shares: npt.NDArray[np.float64],
) -> None:
    """Settle every board without a flush by its ranks: one showdown per multiset of ranks.

    ``held[p, r]`` counts rank ``r`` among hand ``p``'s cards and the known board. A
    multiset of ``need`` ranks stands for every choice of suits (the product, rank by rank,
    of the ways to pick its cards from those left) less the suitings on which some hand
    makes a flush: ``thresholds[s]`` or more new cards of suit ``s`` (more than ``need``:
    none). Those boards are :func:`_flush_pass`'s.
    """
    players = held.shape[0]
    values = np.zeros(players, dtype=np.int64)
    share = np.zeros(players, dtype=np.float64)
    picks = np.zeros(max(need, 1), dtype=np.int64)
    taken = np.zeros(RANK_BITS, dtype=np.int64)
    left = np.zeros(RANK_BITS, dtype=np.int64)
    for r in range(RANK_BITS):
        left[r] = count[suits_left[r]]
    while True:
        taken[:] = 0
        for j in range(need):
            taken[picks[j]] += 1
        weight = 1
        for r in range(RANK_BITS):
            weight *= COMBS[left[r], taken[r]]
        if weight:
            for suit in range(4):
                if thresholds[suit] <= need:
                    weight -= _flush_boards(taken, suits_left, left, suit, thresholds[suit])
        if weight:
            for p in range(players):
                r1 = r2 = r3 = r4 = 0
                for r in range(RANK_BITS):
                    n = held[p, r] + taken[r]
                    bit = 1 << r
                    if n >= 1:
                        r1 |= bit
                    if n >= 2:
                        r2 |= bit
                    if n >= 3:
                        r3 |= bit
                    if n >= 4:
                        r4 |= bit
                values[p] = rank_value(r1, r2, r3, r4, straight, top, count)
            _settle(values, weight, share, wins, ties, shares)
        # the next non-decreasing sequence of ranks
        j = need - 1
        while j >= 0 and picks[j] == RANK_BITS - 1:
            j -= 1
        if j < 0:
            break
        picks[j] += 1
        for later in range(j + 1, need):
            picks[later] = picks[j]


@njit(cache=True)
def _combination_masks(cards: IntArray, k: int) -> IntArray:
    """The mask of every ``k`` of ``cards`` (one mask per combination)."""
    n = cards.shape[0]
    total = _choose(n, k)
    out = np.zeros(total, dtype=np.int64)
    idx = np.arange(k)
    for row in range(total):
        mask = 0
        for j in range(k):
            mask |= cards[idx[j]]
        out[row] = mask
        j = k - 1
        while j >= 0 and idx[j] == n - k + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for later in range(j + 1, k):
            idx[later] = idx[later - 1] + 1
    return out


@njit(cache=True)
def _by_ranks(masks: IntArray) -> tuple[IntArray, IntArray]:
    """One mask per multiset of ranks among ``masks`` (at most four cards each) and how many.

    The cards off the flush suit matter to a hand without the flush by their ranks alone.
    """
    signatures = np.zeros(masks.shape[0], dtype=np.int64)
    for i in range(masks.shape[0]):
        m = masks[i]
        for suit in range(4):
            field = (m >> (16 * suit)) & FULL
            while field:
                bit = field & -field
                signatures[i] += bit * bit * bit  # rank r adds 8**r: counts up to 7 kept apart
                field ^= bit
    order = np.argsort(signatures)
    kept = np.zeros(masks.shape[0], dtype=np.int64)
    ways = np.zeros(masks.shape[0], dtype=np.int64)
    n = 0
    for i in range(order.shape[0]):
        if n and signatures[order[i]] == signatures[order[i - 1]]:
            ways[n - 1] += 1
        else:
            kept[n] = masks[order[i]]
            ways[n] = 1
            n += 1
    return kept[:n], ways[:n]


@njit(cache=True)
def _flush_pass(
    hand_masks: IntArray,
    board_mask: int,
    deck: IntArray,
    need: int,
    thresholds: IntArray,
    straight: IntArray,
    top: IntArray,
    wins: IntArray,
    ties: IntArray,
    shares: npt.NDArray[np.float64],
    count: IntArray,
) -> None:
    """Settle the boards on which some hand makes a flush.

    With at most two cards of its own and five on the board, a hand makes a flush only
    when three board cards or more share its suit, so in one suit per board; a flush in
    seven cards beats anything else those cards hold (a full house or four of a kind
    would need three cards of other suits). So the flushes are valued once per choice of
    the board's cards of that suit, and the other cards only matter to the hands without
    a flush, which beat it with a full house or four of a kind or not at all.
    """
    players = hand_masks.shape[0]
    values = np.zeros(players, dtype=np.int64)
    share = np.zeros(players, dtype=np.float64)
    flushed = np.zeros(players, dtype=np.bool_)
    partial = np.zeros(players, dtype=np.int64)
    for suit in range(4):
        shift = 16 * suit
        suited = deck[((deck >> shift) & FULL) != 0]
        others = deck[((deck >> shift) & FULL) == 0]
        for j in range(thresholds[suit], min(need, suited.shape[0]) + 1):
            rest, ways = _by_ranks(_combination_masks(others, need - j))
            if rest.shape[0] == 0:
                continue
            total = ways.sum()
            for part in _combination_masks(suited, j):
                best = 0
                for p in range(players):
                    partial[p] = hand_masks[p] | board_mask | part
                    field = (partial[p] >> shift) & FULL
                    flushed[p] = count[field] >= 5
                    values[p] = suit_value(field, straight, top) if flushed[p] else 0
                    best = max(best, values[p])
                beaten = 0
                for k in range(rest.shape[0]):
                    high = 0
                    for p in range(players):
                        if not flushed[p]:
                            full = partial[p] | rest[k]
                            values[p] = rank_value_of_mask(full, straight, top, count)
                            high = max(high, values[p])
                    if high >= best:
                        _settle(values, ways[k], share, wins, ties, shares)
                        beaten += ways[k]
                for p in range(players):
                    if not flushed[p]:
                        values[p] = 0
                _settle(values, total - beaten, share, wins, ties, shares)


@njit(cache=True)
def exact_equity_by_ranks(
    hand_masks: IntArray,
    board_mask: int,
    deck: IntArray,
    need: int,
    straight: IntArray,
    top: IntArray,
    count: IntArray,
) -> tuple[IntArray, IntArray, npt.NDArray[np.float64]]:
    """:func:`exact_equity` for high hands of at most two cards each and a board of five.

    Boards without a flush are settled once per multiset of their ranks; those with one
    once per choice of their cards of the flush suit (see :func:`_flush_pass`).
    """
    players = hand_masks.shape[0]
    held = np.zeros((players, RANK_BITS), dtype=np.int64)
    suits_left = np.zeros(RANK_BITS, dtype=np.int64)
    for r in range(RANK_BITS):
        for suit in range(4):
            bit = 1 << (16 * suit + r)
            for p in range(players):
                if (hand_masks[p] | board_mask) & bit:
                    held[p, r] += 1
            for card in deck:
                if card == bit:
                    suits_left[r] |= 1 << suit
    thresholds = np.zeros(4, dtype=np.int64)
    for suit in range(4):
        most = 0
        for p in range(players):
            most = max(most, count[(hand_masks[p] >> (16 * suit)) & FULL])
        thresholds[suit] = max(0, 5 - count[(board_mask >> (16 * suit)) & FULL] - most)
    wins = np.zeros(players, dtype=np.int64)
    ties = np.zeros(players, dtype=np.int64)
    shares = np.zeros(players, dtype=np.float64)
    _rank_pass(held, suits_left, need, thresholds, straight, top, count, wins, ties, shares)
    _flush_pass(
        hand_masks, board_mask, deck, need, thresholds, straight, top, wins, ties, shares, count
    )
    return wins, ties, shares


@njit(cache=True)
def _hole_parts(holes: IntArray, own: int) -> tuple[IntArray, IntArray]:
    """Each hand's every ``own`` of its cards (rows padded), and how many each has."""
    players = holes.shape[0]
    counts = np.zeros(players, dtype=np.int64)
    for p in range(players):
        counts[p] = _choose(int((holes[p] != 0).sum()), own)
    parts = np.zeros((players, max(counts.max(), 1)), dtype=np.int64)
    for p in range(players):
        parts[p, : counts[p]] = _combination_masks(holes[p][holes[p] != 0], own)
    return parts, counts


@njit(cache=True, parallel=True)
def exact_equity_split_hands(
    holes: IntArray,
    board: IntArray,
    deck: IntArray,
    need: int,
    own: int,
    straight: IntArray,
    top: IntArray,
    count: IntArray,
) -> tuple[IntArray, IntArray, npt.NDArray[np.float64], int]:
    """Exact high equity when a hand is exactly ``own`` of its cards and the rest of the board.

    ``holes[p]`` are hand ``p``'s cards (bits; 0 pads a short hand), ``board`` the board
    cards known. Omaha is ``own`` = 2: two of four and three of five. Every board's
    combinations of ``5 - own`` cards are formed once and shared by all the hands.
    """
    players = holes.shape[0]
    size = deck.shape[0]
    shared = 5 - own
    firsts = size if need > 0 else 1
    wins = np.zeros((firsts, players), dtype=np.int64)
    ties = np.zeros((firsts, players), dtype=np.int64)
    shares = np.zeros((firsts, players), dtype=np.float64)
    boards = np.zeros(firsts, dtype=np.int64)
    known = board.shape[0]
    hole_parts, part_counts = _hole_parts(holes, own)
    for step in prange(firsts):
        a = step // 2 if step % 2 == 0 else firsts - 1 - step // 2
        values = np.zeros(players, dtype=np.int64)
        share = np.zeros(players, dtype=np.float64)
        cards = np.zeros(known + need, dtype=np.int64)
        cards[:known] = board
        idx = np.zeros(max(need, 1), dtype=np.int64)
        for j in range(need):
            idx[j] = a + j
        dealt = 0
        while need == 0 or (size - a >= need and idx[0] == a):
            for j in range(need):
                cards[known + j] = deck[idx[j]]
            triples = _combination_masks(cards, shared)
            for p in range(players):
                best = 0
                for part in hole_parts[p, : part_counts[p]]:
                    for triple in triples:
                        best = max(best, value_of_mask(part | triple, straight, top, count))
                values[p] = best
            _settle(values, 1, share, wins[a], ties[a], shares[a])
            dealt += 1
            if need == 0:
                break
            j = need - 1
            while j >= 1 and idx[j] == size - need + j:
                j -= 1
            if j < 1:
                break
            idx[j] += 1
            for later in range(j + 1, need):
                idx[later] = idx[later - 1] + 1
        boards[a] = dealt
    return wins.sum(axis=0), ties.sum(axis=0), shares.sum(axis=0), boards.sum()


@njit(cache=True, parallel=True)
def split_hands_on_boards(
    holes: IntArray,
    boards: IntArray,
    own: int,
    straight: IntArray,
    top: IntArray,
    count: IntArray,
) -> tuple[IntArray, IntArray, npt.NDArray[np.float64]]:
    """:func:`exact_equity_split_hands` over the given ``boards`` (one row of card bits each)."""
    players = holes.shape[0]
    chunks = 64
    wins = np.zeros((chunks, players), dtype=np.int64)
    ties = np.zeros((chunks, players), dtype=np.int64)
    shares = np.zeros((chunks, players), dtype=np.float64)
    hole_parts, part_counts = _hole_parts(holes, own)
    rows = boards.shape[0]
    per = (rows + chunks - 1) // chunks
    for chunk in prange(chunks):
        values = np.zeros(players, dtype=np.int64)
        share = np.zeros(players, dtype=np.float64)
        for row in range(chunk * per, min(rows, (chunk + 1) * per)):
            triples = _combination_masks(boards[row], 5 - own)
            for p in range(players):
                best = 0
                for part in hole_parts[p, : part_counts[p]]:
                    for triple in triples:
                        best = max(best, value_of_mask(part | triple, straight, top, count))
                values[p] = best
            _settle(values, 1, share, wins[chunk], ties[chunk], shares[chunk])
    return wins.sum(axis=0), ties.sum(axis=0), shares.sum(axis=0)
