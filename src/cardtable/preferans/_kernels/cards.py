"""Cards as bits of a 32-bit mask: following, winning a trick, runs, the order of moves.

Following is rules 30–32 of 001_776ed664a35a376f.txt; a run is the cards of one hand in one
suit with no live card of another hand between them; ranks are packed to the cards still
alive (:data:`COMPRESS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

_NO_REFCOUNTS: dict[str, Any] = {"_nrt": False}

_Function = TypeVar("_Function", bound=Callable[..., Any])


def kernel(function: _Function) -> _Function:
    """Compile ``function`` with numba, cached on disk, without reference counts.

    Counting the references of the arrays handed from call to call took half of the search's
    time (numba's ``_nrt`` option, which it does not document, turns it off); the arrays all
    belong to the caller, which keeps them alive, and no kernel makes one.
    """
    return cast("_Function", njit(cache=True, **_NO_REFCOUNTS)(function))


def inlined(function: _Function) -> _Function:
    """:func:`kernel`, and written into each kernel that calls it (numba's inlining)."""
    return cast("_Function", njit(cache=True, inline="always", **_NO_REFCOUNTS)(function))


NO_CARD = -1
"""No card (an empty place of the trick on the table)."""


def _compress_table() -> Any:
    """``COMPRESS[alive << 8 | held]``: the bits of ``held`` packed to the places of ``alive``.

    One byte an entry, so that the table (and :data:`SCATTER`) stays in the processor's cache.
    """
    table = np.zeros(1 << 16, dtype=np.uint8)
    for alive in range(256):
        for held in range(256):
            packed = 0
            place = 0
            for rank in range(8):
                if alive >> rank & 1:
                    if held >> rank & 1:
                        packed |= 1 << place
                    place += 1
            table[alive << 8 | held] = packed
    return table


def _spread_table() -> Any:
    """``SPREAD[bits]``: bit ``i`` of ``bits`` moved to bit ``2 i`` (two bits per card)."""
    return np.array(
        [sum(1 << (2 * i) for i in range(8) if bits >> i & 1) for bits in range(256)],
        dtype=np.int64,
    )


def _scatter_table() -> Any:
    """``SCATTER[alive << 8 | packed]``: the inverse of :data:`COMPRESS`."""
    table = np.zeros(1 << 16, dtype=np.uint8)
    for alive in range(256):
        places = [rank for rank in range(8) if alive >> rank & 1]
        for packed in range(1 << len(places)):
            table[alive << 8 | packed] = sum(
                1 << rank for place, rank in enumerate(places) if packed >> place & 1
            )
    return table


COMPRESS = _compress_table()


SCATTER = _scatter_table()


SPREAD = _spread_table()


@kernel
def popcount(x: int) -> int:  # pragma: no cover - compiled
    """Set bits of a 32-bit mask."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@kernel
def beats(card: int, best: int, trump: int) -> bool:  # pragma: no cover - compiled
    """Whether ``card`` takes the trick from ``best``, the card winning it so far (rule 30)."""
    suit = card >> 3
    best_suit = best >> 3
    if suit == best_suit:
        return card > best
    return suit == trump


@kernel
def legal_mask(hand: int, led: int, trump: int) -> int:  # pragma: no cover - compiled
    """The cards of ``hand`` that may be played: follow ``led``, else trump, else any (31–32)."""
    if led < 0:
        return hand
    same = hand & (0xFF << (8 * led))
    if same:
        return same
    if trump >= 0:
        trumps = hand & (0xFF << (8 * trump))
        if trumps:
            return trumps
    return hand


@kernel
def representatives(legal: int, alive: int) -> int:  # pragma: no cover - compiled
    """The top card of each run of equivalent cards in ``legal``.

    Two cards of one hand in one suit are equivalent when no card in ``alive`` that is not in
    ``legal`` lies between them (cards already played do not separate them). Packed to the
    places of the live cards, a run's top is a card whose next place up is not ``legal``.
    """
    reps = 0
    for suit in range(4):
        shift = 8 * suit
        mine = (legal >> shift) & 0xFF
        if mine == 0:
            continue
        base = ((alive >> shift) & 0xFF) << 8
        packed = int(COMPRESS[base | mine])
        reps |= int(SCATTER[base | (packed & ~(packed >> 1))]) << shift
    return reps


@kernel
def winner_offset(c0: int, c1: int, c2: int, trump: int) -> int:  # pragma: no cover
    best = c0
    offset = 0
    if beats(c1, best, trump):
        best = c1
        offset = 1
    if beats(c2, best, trump):
        offset = 2
    return offset


@inlined
def ordered_moves(
    moves: Any,
    d: int,
    count: int,
    hands: Any,
    leader: int,
    n: int,
    c0: int,
    c1: int,
    trump: int,
    declarer: int,
    max_is_declarer: bool,
    scores: Any,
    first: int,
) -> None:  # pragma: no cover - compiled
    """Sort ``moves[d, :count]`` so the likely best card comes first (cutoffs come sooner).

    ``first``, the best lead the transposition table remembers here (or -1), goes first.
    """
    mover = (leader + n) % 3
    alive = hands[0] | hands[1] | hands[2]
    best = -1
    best_seat = -1
    if n >= 1:
        best = c0
        best_seat = leader
        if n == 2 and beats(c1, c0, trump):
            best = c1
            best_seat = (leader + 1) % 3
    for i in range(count):
        card = moves[d, i]
        rank = card & 7
        if n == 0:
            above = alive & (0xFF << (8 * (card >> 3))) & ~((2 << card) - 1)
            top = (above & ~hands[mover]) == 0
            if max_is_declarer:
                score = 100 + rank if top else 20 - rank
                if card >> 3 == trump and mover == declarer:
                    score += 30
            elif mover != declarer:
                # Catching a misère: lead under the declarer's lowest card of a suit he holds.
                theirs = (hands[declarer] >> (8 * (card >> 3))) & 0xFF
                score = 20 - rank
                if theirs and (theirs & -theirs) > (1 << rank):
                    score += 40
            else:
                # A misère declarer leads a sure loser first: no lower card out, a higher one.
                suit_mask = 0xFF << (8 * (card >> 3))
                others = alive & suit_mask & ~hands[mover]
                score = 20 - rank
                if others and (others & ((1 << card) - 1)) == 0:
                    score += 40
        else:
            wins = beats(card, best, trump)
            partner_has_it = ((best_seat == declarer) == (mover == declarer)) and n == 2
            if max_is_declarer:
                if partner_has_it:
                    score = -rank
                elif wins:
                    score = 50 - rank
                else:
                    score = -rank
            elif mover == declarer:
                score = 50 + rank if not wins else -rank
            else:
                declarer_winning = best_seat == declarer
                score = 50 + rank if (declarer_winning and not wins) else 20 - rank
        if card == first:
            score = 1000
        scores[d, i] = score
    for i in range(1, count):
        card = moves[d, i]
        score = scores[d, i]
        j = i - 1
        while j >= 0 and scores[d, j] < score:
            moves[d, j + 1] = moves[d, j]
            scores[d, j + 1] = scores[d, j]
            j -= 1
        moves[d, j + 1] = card
        scores[d, j + 1] = score


@kernel
def top_bit(x: int) -> int:  # pragma: no cover - compiled
    """The highest set bit of a nonzero mask, as a mask."""
    return 1 << high_index(x)


@kernel
def kth_lowest(cards: int, k: int) -> int:  # pragma: no cover - compiled
    """The ``k``-th lowest card of a nonempty mask (the highest if it holds fewer), as a mask."""
    for _ in range(k - 1):
        if cards & (cards - 1) == 0:
            break
        cards &= cards - 1
    return cards & -cards


@kernel
def high_index(x: int) -> int:  # pragma: no cover - compiled
    """The index of the highest set bit of a nonzero 32-bit mask."""
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    return popcount(x >> 1)
