"""The zero-window search and what calls it: the value of a position and of each card.

``_search`` only answers "does the declarer take at least ``need`` more tricks?", and
:func:`solve_position` finds the value by a binary search over ``need``. It walks its own
stack of frames (:mod:`.frames`), entering each position with :func:`.frames.enter`.
"""

from __future__ import annotations

from typing import Any

from cardtable.preferans._kernels.cards import (
    NO_CARD,
    kernel,
    legal_mask,
    popcount,
    representatives,
    winner_offset,
)
from cardtable.preferans._kernels.frames import (
    EXPAND,
    F_BEST,
    F_C0,
    F_C1,
    F_CARD,
    F_COUNT,
    F_KEY,
    F_LEADER,
    F_LOWER,
    F_MAX,
    F_MOVER,
    F_N,
    F_NEED,
    F_NEXT,
    F_SLOT,
    F_UPPER,
    enter,
)
from cardtable.preferans._kernels.table import tt_store


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
    status = enter(
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
                    status = enter(
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
                    status = enter(
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
                    status = enter(
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
