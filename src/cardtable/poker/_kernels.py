"""Compiled hot paths: standard high-hand values from bitmasks, in batches, and equity.

A hand is a 64-bit mask with bit ``16 * suit + rank - 2`` per card, so each suit's ranks
are a 13-bit field. The value is ``category << 26 | primary << 13 | kickers`` where
``primary`` and ``kickers`` are rank masks; comparing two masks of the same number of bits
compares their ranks highest first, which is exactly the rulebook's tie-break
("Расклады одного достоинства"). Categories: 0 high card … 8 straight flush.

Only the tables depend on the rules (a stripped deck changes which rank masks are
straights), so they are passed in as arrays built by :func:`tables`.

Import this module lazily: importing numba takes a moment.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from numba import njit, prange

RANK_BITS = 13
FULL = (1 << RANK_BITS) - 1
STRAIGHT_FLUSH = 8
FLUSH = 5
STRAIGHT = 4
CATEGORY_SHIFT = 26

IntArray = npt.NDArray[np.int64]
Table = npt.NDArray[np.integer]
CARD_BITS = np.array([1 << (16 * (i // 13) + i % 13) for i in range(52)], dtype=np.int64)
"""The mask bit of each card by its dense index (13 × suit + rank − 2)."""


def tables(ranks: Sequence[int]) -> tuple[IntArray, IntArray, IntArray]:
    """The lookup tables for a deck of ``ranks`` (2..14): straights, top bits, popcounts.

    ``straight[m]`` is 1 + the index of the highest straight whose ranks are all in the rank
    mask ``m`` (the ace also plays below the lowest rank of the deck), 0 if none;
    ``top[k, m]`` keeps the ``k`` highest bits of ``m``; ``count[m]`` is its bit count.
    """
    masks = np.arange(1 << RANK_BITS, dtype=np.int64)
    count = np.zeros(1 << RANK_BITS, dtype=np.int64)
    for bit in range(RANK_BITS):
        count += (masks >> bit) & 1
    top = np.zeros((6, 1 << RANK_BITS), dtype=np.int64)
    remaining = masks.copy()
    for k in range(1, 6):
        highest = np.zeros_like(remaining)
        for bit in range(RANK_BITS):
            highest = np.where(remaining & (1 << bit), 1 << bit, highest)
        top[k] = top[k - 1] | highest
        remaining &= ~highest
    bits = [rank - 2 for rank in sorted(ranks)]
    sequence = [bits[-1], *bits]
    straight = np.zeros(1 << RANK_BITS, dtype=np.int64)
    for index in range(len(sequence) - 4):
        window = 0
        for bit in sequence[index : index + 5]:
            window |= 1 << bit
        straight = np.where((masks & window) == window, index + 1, straight)
    # small tables stay in the first-level cache
    return straight.astype(np.uint8), top.astype(np.uint16), count.astype(np.uint8)


@njit(cache=True, inline="always")
def _suit_value(mask: int, straight: IntArray, top: IntArray) -> int:
    run: int = straight[mask]
    if run:
        return (STRAIGHT_FLUSH << CATEGORY_SHIFT) | run
    kickers: int = top[5, mask]
    return (FLUSH << CATEGORY_SHIFT) | kickers


@njit(cache=True, inline="always")
def _has_five_of_a_suit(mask: int) -> bool:
    # count the bits of each 16-bit suit field at once, then test every field for >= 5
    x = mask - ((mask >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = (x + (x >> 8)) & 0x001F001F001F001F
    return ((x + 0x000B000B000B000B) & 0x0010001000100010) != 0


@njit(cache=True)
def value_of_mask(mask: int, straight: IntArray, top: IntArray, count: IntArray) -> int:
    """The value of the best five cards in the card mask ``mask`` (any number of cards)."""
    c = mask & FULL
    d = (mask >> 16) & FULL
    h = (mask >> 32) & FULL
    s = (mask >> 48) & FULL
    r1 = c | d | h | s
    r2 = (c & d) | (h & s) | ((c | d) & (h | s))
    r3 = (c & d & (h | s)) | (h & s & (c | d))
    r4 = c & d & h & s
    best = 0
    if r4:
        quad = top[1, r4]
        best = (7 << CATEGORY_SHIFT) | (quad << 13) | top[1, r1 ^ quad]
    elif r3 and count[r2] >= 2:
        trip = top[1, r3]
        best = (6 << CATEGORY_SHIFT) | (trip << 13) | top[1, r2 ^ trip]
    elif straight[r1]:
        best = (STRAIGHT << CATEGORY_SHIFT) | straight[r1]
    elif r3:
        best = (3 << CATEGORY_SHIFT) | (r3 << 13) | top[2, r1 ^ r3]
    elif r2:
        if count[r2] >= 2:
            pairs = top[2, r2]
            best = (2 << CATEGORY_SHIFT) | (pairs << 13) | top[1, r1 ^ pairs]
        else:
            best = (1 << CATEGORY_SHIFT) | (r2 << 13) | top[3, r1 ^ r2]
    else:
        best = top[5, r1]
    if _has_five_of_a_suit(mask):
        for suit_mask in (c, d, h, s):
            if count[suit_mask] >= 5:
                best = max(best, _suit_value(suit_mask, straight, top))
    return int(best)


LOW_SHIFT = 26
WORST = (1 << 31) - 1


@njit(cache=True, inline="always")
def _low_order(field: int) -> int:
    # a 13-bit suit field with the ace moved from the top bit to the bottom
    return ((field << 1) & FULL) | (field >> 12)


@njit(cache=True)
def _low_five(cards: IntArray, suits: IntArray, highlow: bool, count: IntArray) -> int:
    """How bad five cards are as a low hand (smaller is lower).

    ``cards`` are rank bits in ace-low order. Lowball ignores straights and flushes;
    high-low counts them.
    """
    r1 = 0
    r2 = 0
    r3 = 0
    r4 = 0
    for i in range(5):
        bit = cards[i]
        r4 |= r3 & bit
        r3 |= r2 & bit
        r2 |= r1 & bit
        r1 |= bit
    distinct = count[r1]
    if distinct == 5:
        if highlow:
            straight = r1 // (r1 & -r1) == 31
            flush = suits[0] == suits[1] == suits[2] == suits[3] == suits[4]
            if straight and flush:
                return (8 << LOW_SHIFT) | r1
            if flush:
                return (5 << LOW_SHIFT) | r1
            if straight:
                return (4 << LOW_SHIFT) | r1
        return r1
    if r4:
        return (7 << LOW_SHIFT) | (r4 << 13) | (r1 ^ r4)
    if r3:
        if count[r2] >= 2:
            return (6 << LOW_SHIFT) | (r3 << 13) | (r2 ^ r3)
        return (3 << LOW_SHIFT) | (r3 << 13) | (r1 ^ r3)
    if count[r2] >= 2:
        return (2 << LOW_SHIFT) | (r2 << 13) | (r1 ^ r2)
    return (1 << LOW_SHIFT) | (r2 << 13) | (r1 ^ r2)


@njit(cache=True)
def low_value_of_mask(mask: int, highlow: bool, count: IntArray) -> int:
    """The best low hand of five of the cards in ``mask`` (at least five), larger is lower.

    Every five are tried: with straights and flushes counting, the lowest five ranks are not
    always the lowest hand.
    """
    cards = np.zeros(16, dtype=np.int64)
    suits = np.zeros(16, dtype=np.int64)
    n = 0
    for suit in range(4):
        field = _low_order((mask >> (16 * suit)) & FULL)
        while field and n < 16:
            bit = field & -field
            cards[n] = bit
            suits[n] = suit
            n += 1
            field ^= bit
    five = np.zeros(5, dtype=np.int64)
    five_suits = np.zeros(5, dtype=np.int64)
    best = WORST
    for a in range(n - 4):
        for b in range(a + 1, n - 3):
            for c in range(b + 1, n - 2):
                for d in range(c + 1, n - 1):
                    for e in range(d + 1, n):
                        five[0], five[1], five[2], five[3], five[4] = (
                            cards[a],
                            cards[b],
                            cards[c],
                            cards[d],
                            cards[e],
                        )
                        five_suits[0], five_suits[1], five_suits[2] = suits[a], suits[b], suits[c]
                        five_suits[3], five_suits[4] = suits[d], suits[e]
                        best = min(best, _low_five(five, five_suits, highlow, count))
    return WORST - best


@njit(cache=True, parallel=True)
def low_values_of_hands(
    hands: npt.NDArray[np.uint8], highlow: bool, count: IntArray
) -> npt.NDArray[np.int64]:
    """The low value of every row of ``hands`` (card indices), larger is lower."""
    rows, width = hands.shape
    out = np.empty(rows, dtype=np.int64)
    bits = CARD_BITS
    for row in prange(rows):
        mask = 0
        for j in range(width):
            mask |= bits[hands[row, j]]
        out[row] = low_value_of_mask(mask, highlow, count)
    return out


@njit(cache=True, parallel=True)
def values_of_hands(
    hands: npt.NDArray[np.uint8], straight: IntArray, top: IntArray, count: IntArray
) -> npt.NDArray[np.int32]:
    """The value of every row of ``hands`` (card indices 0..51, one hand per row)."""
    rows, width = hands.shape
    out = np.empty(rows, dtype=np.int32)
    bits = CARD_BITS
    for row in prange(rows):
        mask = 0
        for j in range(width):
            mask |= bits[hands[row, j]]
        out[row] = value_of_mask(mask, straight, top, count)
    return out


@njit(cache=True, parallel=True)
def values_of_masks(
    masks: IntArray, straight: IntArray, top: IntArray, count: IntArray
) -> npt.NDArray[np.int32]:
    """The value of every card mask in ``masks``."""
    out = np.empty(masks.shape[0], dtype=np.int32)
    for row in prange(masks.shape[0]):
        out[row] = value_of_mask(masks[row], straight, top, count)
    return out


HIGH = 0
LOWBALL = 1
HIGH_LOW = 2


@njit(cache=True, inline="always")
def _split(values: IntArray, weight: float, share: npt.NDArray[np.float64]) -> None:
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
        _split(values, 1.0, share)
    elif mode == LOWBALL:
        _split(lows, 1.0, share)
    else:
        _split(values, 0.5, share)
        _split(lows, 0.5, share)


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


STANDARD_STRAIGHT, STANDARD_TOP, STANDARD_COUNT = tables(range(2, 15))


@njit(cache=True)
def standard_value(mask: int) -> int:
    """:func:`value_of_mask` for the full 52-card deck, its tables compiled in."""
    return value_of_mask(mask, STANDARD_STRAIGHT, STANDARD_TOP, STANDARD_COUNT)


LAYOUT_HOLE = 0
LAYOUT_BOARD = 1


@njit(cache=True)
def _lean_round(
    bets: IntArray,
    folded: npt.NDArray[np.bool_],
    raises: IntArray,
    pending: IntArray,
    start: int,
    unit: int,
    cap: int,
    random_play: bool,
    row: IntArray,
    picked: int,
) -> tuple[int, bool]:
    """One betting round; returns the choices used so far and whether anyone raised."""
    players = bets.shape[0]
    high = bets.max()
    alive = players - folded.sum()
    count = 0
    for step in range(players):
        seat = (start + step) % players
        if not folded[seat]:
            pending[count] = seat
            count += 1
    head = 0
    raised = False
    while head < count and alive > 1:
        seat = pending[head]
        head += 1
        options = 3 if raises[seat] < cap else 2
        pick = 1
        if random_play:
            pick = row[picked % row.shape[0]] % options
            picked += 1
        if pick == 0:
            folded[seat] = True
            alive -= 1
        elif pick == 1:
            bets[seat] = high
        else:
            high += unit
            bets[seat] = high
            raises[seat] += 1
            raised = True
            count = 0
            head = 0
            for step in range(1, players):
                other = (seat + step) % players
                if not folded[other]:
                    pending[count] = other
                    count += 1
    return picked, raised


@njit(cache=True)
def _lean_pay(
    net: IntArray,
    put: IntArray,
    folded: npt.NDArray[np.bool_],
    masks: IntArray,
    board: int,
    dealer: int,
    pot: int,
) -> None:
    """Pay the pot to the best hands still in; odd chips from the dealer's left."""
    players = put.shape[0]
    for seat in range(players):
        net[seat] -= put[seat]
    alive = players - folded.sum()
    best = -1
    winners = 0
    for seat in range(players):
        if not folded[seat]:
            value = standard_value(masks[seat] | board) if alive > 1 else 0
            if value > best:
                best, winners = value, 1
            elif value == best:
                winners += 1
    share = pot // winners
    odd = pot - share * winners
    for step in range(players):
        seat = (dealer + 1 + step) % players
        if folded[seat] or (alive > 1 and standard_value(masks[seat] | board) != best):
            continue
        net[seat] += share + (1 if odd > 0 else 0)
        odd -= 1


@njit(cache=True)
def lean_deals(
    decks: IntArray,
    choices: IntArray,
    players: int,
    first_dealer: int,
    layout: IntArray,
    forced: IntArray,
    units: IntArray,
    rules: IntArray,
    net: IntArray,
) -> int:
    """Whole deals of a board or draw game, for simulation speed; returns the pot carried.

    ``decks`` holds one deck per deal as card bits; ``choices`` one row of random numbers
    per deal (random play picks ``choice % options`` among fold, stay, raise). ``layout``
    rows are (kind, count): hole cards, board cards or a betting round. ``forced`` is
    (ante each, blind count, blind 1, blind 2, ...), blinds from the dealer's left;
    ``units`` the bet of each round; ``rules`` (raise cap per player, random play, void if
    the first round is all checks, carried pot in). ``net`` gains each seat's chips.
    """
    cap = rules[0]
    random_play = rules[1] == 1
    carried = rules[3]
    blinds = forced[1]
    put = np.zeros(players, dtype=np.int64)
    bets = np.zeros(players, dtype=np.int64)
    folded = np.zeros(players, dtype=np.bool_)
    raises = np.zeros(players, dtype=np.int64)
    pending = np.zeros(players * (cap + 2) + 2, dtype=np.int64)
    masks = np.zeros(players, dtype=np.int64)
    for deal in range(decks.shape[0]):
        dealer = (first_dealer + deal) % players
        put[:] = forced[0]
        folded[:] = False
        masks[:] = 0
        board = 0
        top = 0
        picked = 0
        opened = blinds > 0
        void = False
        for row in range(layout.shape[0]):
            if layout[row, 0] == LAYOUT_HOLE:
                for _ in range(layout[row, 1]):
                    for step in range(players):
                        seat = (dealer + 1 + step) % players
                        masks[seat] |= decks[deal, top]
                        top += 1
            elif layout[row, 0] == LAYOUT_BOARD:
                for _ in range(layout[row, 1]):
                    board |= decks[deal, top]
                    top += 1
            else:  # a betting round, numbered
                index = layout[row, 1]
                bets[:] = 0
                raises[:] = 0
                start = (dealer + 1) % players
                if index == 0 and blinds > 0:
                    for b in range(blinds):
                        bets[(dealer + 1 + b) % players] = forced[2 + b]
                    start = (dealer + 1 + blinds) % players
                picked, raised = _lean_round(
                    bets,
                    folded,
                    raises,
                    pending,
                    start,
                    units[index],
                    cap,
                    random_play,
                    choices[deal],
                    picked,
                )
                opened = opened or raised
                put += bets
                if index == 0 and rules[2] == 1 and not opened:
                    void = True
                    break
                if players - folded.sum() == 1:
                    break
        if void:
            net -= put
            carried += put.sum()
            continue
        _lean_pay(net, put, folded, masks, board, dealer, carried + put.sum())
        carried = 0
    return int(carried)
