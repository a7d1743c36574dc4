"""The zero-window search and what calls it: the value of a position and of each card.

``_search`` only answers "does the declarer take at least ``need`` more tricks?", and
:func:`solve_position` finds the value by a binary search over ``need``.
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
    NO_CARD,
    high_index,
    inlined,
    kernel,
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
def _enter(
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


@kernel
def _search(
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
    frames: Any,
    moves: Any,
    scores: Any,
) -> bool:  # pragma: no cover - compiled
    """Whether the declarer takes at least ``need`` more tricks (the trick on the table counts).

    ``n`` cards are on the table (``c0`` led by ``leader``, then ``c1``). The search keeps
    its own stack of frames: numba's cache cannot reload a recursive function.
    """
    status = _enter(
        frames,
        moves,
        scores,
        0,
        hands,
        leader,
        n,
        c0,
        c1,
        need,
        trump,
        declarer,
        max_is_declarer,
        table,
        generation,
        nodes,
    )
    if status != EXPAND:
        return status == 1
    d = 0
    have_value = False
    value = 0
    while True:
        done = False
        result = 0
        if have_value:
            hands[frames[d, F_MOVER]] |= 1 << frames[d, F_CARD]
            have_value = False
            if value == frames[d, F_MAX]:
                done = True
                result = value
                frames[d, F_BEST] = frames[d, F_CARD]
        if not done:
            i = frames[d, F_NEXT]
            if i < frames[d, F_COUNT]:
                card = moves[d, i]
                frames[d, F_NEXT] = i + 1
                frames[d, F_CARD] = card
                hands[frames[d, F_MOVER]] &= ~(1 << card)
                here = frames[d, F_N]
                if here == 0:
                    status = _enter(
                        frames,
                        moves,
                        scores,
                        d + 1,
                        hands,
                        frames[d, F_LEADER],
                        1,
                        card,
                        NO_CARD,
                        frames[d, F_NEED],
                        trump,
                        declarer,
                        max_is_declarer,
                        table,
                        generation,
                        nodes,
                    )
                elif here == 1:
                    status = _enter(
                        frames,
                        moves,
                        scores,
                        d + 1,
                        hands,
                        frames[d, F_LEADER],
                        2,
                        frames[d, F_C0],
                        card,
                        frames[d, F_NEED],
                        trump,
                        declarer,
                        max_is_declarer,
                        table,
                        generation,
                        nodes,
                    )
                else:
                    offset = winner_offset(frames[d, F_C0], frames[d, F_C1], card, trump)
                    winner = (frames[d, F_LEADER] + offset) % 3
                    taken = 1 if winner == declarer else 0
                    status = _enter(
                        frames,
                        moves,
                        scores,
                        d + 1,
                        hands,
                        winner,
                        0,
                        NO_CARD,
                        NO_CARD,
                        frames[d, F_NEED] - taken,
                        trump,
                        declarer,
                        max_is_declarer,
                        table,
                        generation,
                        nodes,
                    )
                if status == EXPAND:
                    d += 1
                else:
                    value = status
                    have_value = True
                continue
            result = 1 - frames[d, F_MAX]
        if frames[d, F_N] == 0:
            lower = frames[d, F_LOWER]
            upper = frames[d, F_UPPER]
            if result:
                lower = max(lower, frames[d, F_NEED])
            else:
                upper = min(upper, frames[d, F_NEED] - 1)
            tt_store(
                table,
                frames[d, F_SLOT],
                frames[d, F_KEY],
                frames[d, F_LEADER],
                lower,
                upper,
                frames[d, F_BEST],
                generation,
            )
        if d == 0:
            return result == 1
        d -= 1
        value = result
        have_value = True


@kernel
def solve_position(
    hands: Any,
    leader: int,
    n: int,
    c0: int,
    c1: int,
    trump: int,
    declarer: int,
    max_is_declarer: bool,
    table: Any,
    generation: int,
    nodes: Any,
    frames: Any,
    moves: Any,
    scores: Any,
) -> int:  # pragma: no cover - compiled
    """The declarer's tricks from here on under best play (the trick on the table counts)."""
    mover = (leader + n) % 3
    low = 0
    high = popcount(hands[mover])
    if not max_is_declarer:
        # A misère is mostly caught for few tricks: probe upwards, where probes are cheap.
        while low < high and _search(
            hands,
            leader,
            n,
            c0,
            c1,
            low + 1,
            trump,
            declarer,
            max_is_declarer,
            table,
            generation,
            nodes,
            frames,
            moves,
            scores,
        ):
            low += 1
        return low
    while low < high:
        middle = (low + high + 1) // 2
        if _search(
            hands,
            leader,
            n,
            c0,
            c1,
            middle,
            trump,
            declarer,
            max_is_declarer,
            table,
            generation,
            nodes,
            frames,
            moves,
            scores,
        ):
            low = middle
        else:
            high = middle - 1
    return low


@kernel
def card_values(
    hands: Any,
    leader: int,
    n: int,
    c0: int,
    c1: int,
    trump: int,
    declarer: int,
    max_is_declarer: bool,
    table: Any,
    generation: int,
    nodes: Any,
    frames: Any,
    moves: Any,
    scores: Any,
    out: Any,
) -> None:  # pragma: no cover - compiled
    """Fill ``out[card]`` with the declarer's tricks from here on after each legal card.

    Illegal cards get -1. Equivalent cards share the value of their run's top card.
    """
    for card in range(32):
        out[card] = -1
    mover = (leader + n) % 3
    hand = hands[mover]
    led = -1 if n == 0 else c0 >> 3
    legal = legal_mask(hand, led, trump)
    alive = hands[0] | hands[1] | hands[2]
    if n >= 1:
        alive |= 1 << c0
    if n == 2:
        alive |= 1 << c1
    reps = representatives(legal, alive)
    for card in range(31, -1, -1):
        if not (reps >> card) & 1:
            continue
        hands[mover] &= ~(1 << card)
        if n == 0:
            value = solve_position(
                hands,
                leader,
                1,
                card,
                NO_CARD,
                trump,
                declarer,
                max_is_declarer,
                table,
                generation,
                nodes,
                frames,
                moves,
                scores,
            )
        elif n == 1:
            value = solve_position(
                hands,
                leader,
                2,
                c0,
                card,
                trump,
                declarer,
                max_is_declarer,
                table,
                generation,
                nodes,
                frames,
                moves,
                scores,
            )
        else:
            winner = (leader + winner_offset(c0, c1, card, trump)) % 3
            taken = 1 if winner == declarer else 0
            value = taken + solve_position(
                hands,
                winner,
                0,
                NO_CARD,
                NO_CARD,
                trump,
                declarer,
                max_is_declarer,
                table,
                generation,
                nodes,
                frames,
                moves,
                scores,
            )
        hands[mover] |= 1 << card
        out[card] = value
        suit = card >> 3
        below = card - 1
        while below >= 8 * suit and not (alive >> below) & 1:
            below -= 1
        while below >= 8 * suit and (legal >> below) & 1:
            out[below] = value
            below -= 1
            while below >= 8 * suit and not (alive >> below) & 1:
                below -= 1
