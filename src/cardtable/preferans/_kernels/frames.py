"""The search's stack of frames, and a position entered at one depth of it.

A frame is one position searched below the root, with the state of its loop over the moves;
:func:`enter` decides a position at once where it can (the bounds, the transposition table,
quick tricks, the last trick), else generates and orders its moves into the frame.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.preferans._kernels.bounds import (
    misere_is_caught,
    misere_is_clean,
    misere_lead_wins,
    misere_takes_all,
    quick_tricks,
    sure_trumps,
)
from cardtable.preferans._kernels.cards import (
    high_index,
    inlined,
    legal_mask,
    ordered_moves,
    popcount,
    representatives,
    winner_offset,
)
from cardtable.preferans._kernels.table import position_key, tt_slot, tt_store

# Columns of a search frame (one per card played below the root): the position searched at
# that depth and the state of its loop over the moves.
F_LEADER = 0


F_N = 1


F_C0 = 2


F_C1 = 3


F_NEED = 4


F_MOVER = 5


F_COUNT = 6


F_NEXT = 7


F_MAX = 8


F_SLOT = 9


F_KEY = 10


F_BEST = 11


F_LOWER = 12


F_UPPER = 13


F_CARD = 14


FRAME = 15


EXPAND = 2


MAX_DEPTH = 32


MOVES = 10
"""Room for the moves of one position: at most one card of each run in a hand of ten."""


def new_stack() -> tuple[Any, Any, Any]:
    """The search's own stack, made once by the caller: frames, and the moves and scores.

    The kernels are compiled without numba's reference counting (``_nrt=False``): counting
    the arrays passed from frame to frame took half of the search's time, and a kernel so
    compiled cannot make arrays, so the caller makes them.
    """
    return (
        np.zeros((MAX_DEPTH, FRAME), dtype=np.int64),
        np.zeros((MAX_DEPTH, MOVES), dtype=np.int64),
        np.zeros((MAX_DEPTH, MOVES), dtype=np.int64),
    )


@inlined
def enter(
    frames: Any,
    moves: Any,
    scores: Any,
    d: int,
    hands: Any,
    leader: int,
    n: int,
    c0: int,
    c1: int,
    need: int,
    trump: int,
    declarer: int,
    max_is_declarer: bool,
    table: Any,
    generation: int,
    nodes: Any,
) -> int:  # pragma: no cover - compiled
    """Start searching a position at depth ``d``.

    0 or 1 if it is decided at once (the bounds, the transposition table, quick tricks, the last
    trick), else :data:`EXPAND` with its moves generated and ordered in ``moves[d]``.
    """
    nodes[0] += 1
    mover = (leader + n) % 3
    remaining = popcount(hands[mover])
    if need <= 0:
        return 1
    if need > remaining:
        return 0
    slot = 0
    key = 0
    lower = 0
    upper = remaining
    best = -1
    if n == 0:
        if remaining == 1:
            c_a = high_index(hands[leader])
            c_b = high_index(hands[(leader + 1) % 3])
            c_c = high_index(hands[(leader + 2) % 3])
            winner = (leader + winner_offset(c_a, c_b, c_c, trump)) % 3
            return 1 if winner == declarer else 0
        key = position_key(hands)
        slot = tt_slot(key, leader)
        meta = table[slot, 1]
        if table[slot, 0] == key and (meta >> 16) == ((generation << 8) | leader):
            lower = (meta >> 4) & 0xF
            upper = meta & 0xF
            best = ((meta >> 8) & 0xFF) - 1
            if lower >= need:
                return 1
            if upper < need:
                return 0
        known_lower = lower
        known_upper = upper
        mine = hands[declarer]
        defenders = hands[(declarer + 1) % 3] | hands[(declarer + 2) % 3]
        if max_is_declarer:
            quick = quick_tricks(hands, leader, trump)
            if leader == declarer:
                lower = max(lower, quick)
            else:
                upper = min(upper, remaining - quick)
            if trump >= 0:
                ours, theirs = sure_trumps(hands, trump, declarer)
                lower = max(lower, ours)
                upper = min(upper, remaining - theirs)
        elif leader == declarer:
            if misere_takes_all(mine, defenders):
                lower = remaining
            elif misere_lead_wins(mine, hands[(declarer + 1) % 3], hands[(declarer + 2) % 3]):
                lower = max(lower, 1)
        elif misere_is_clean(mine, hands[(declarer + 1) % 3], hands[(declarer + 2) % 3]):
            upper = 0
        elif misere_is_caught(mine, defenders, hands[leader]):
            lower = max(lower, 1)
        if lower >= need or upper < need:
            if lower != known_lower or upper != known_upper:
                tt_store(table, slot, key, leader, lower, upper, best, generation)
            return 1 if lower >= need else 0
    hand = hands[mover]
    led = -1 if n == 0 else c0 >> 3
    legal = legal_mask(hand, led, trump)
    alive = hands[0] | hands[1] | hands[2]
    if n >= 1:
        alive |= 1 << c0
    if n == 2:
        alive |= 1 << c1
    rest = representatives(legal, alive)
    count = popcount(rest)
    place = count
    while rest:
        place -= 1
        low = rest & -rest
        moves[d, place] = popcount(low - 1)
        rest ^= low
    ordered_moves(
        moves,
        d,
        count,
        hands,
        leader,
        n,
        c0,
        c1,
        trump,
        declarer,
        max_is_declarer,
        scores,
        best,
    )
    frames[d, F_LEADER] = leader
    frames[d, F_N] = n
    frames[d, F_C0] = c0
    frames[d, F_C1] = c1
    frames[d, F_NEED] = need
    frames[d, F_MOVER] = mover
    frames[d, F_COUNT] = count
    frames[d, F_NEXT] = 0
    frames[d, F_MAX] = 1 if (mover == declarer) == max_is_declarer else 0
    frames[d, F_SLOT] = slot
    frames[d, F_KEY] = key
    frames[d, F_BEST] = best
    frames[d, F_LOWER] = lower
    frames[d, F_UPPER] = upper
    return EXPAND
