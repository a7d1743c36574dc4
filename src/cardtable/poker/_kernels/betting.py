"""The lean loop's betting: a round's opener, the blinds or bring-in, and the round itself.

The chips are kept as the table's betting keeps them (poker/betting/round.py); each player
folds, stays or makes the least bet (:class:`cardtable.poker.lean.LeanPolicyBot`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from cardtable.poker._kernels.values import IntArray, standard_value

POT_LIMIT = 1


UNLIMITED = 2


OPENS_SHOWING = 2


@njit(cache=True)
def _next_pending(pending: npt.NDArray[np.bool_], start: int) -> int:
    """The first seat still to act clockwise from ``start``, or -1."""
    players: int = pending.shape[0]
    for step in range(players):
        seat = (start + step) % players
        if pending[seat]:
            return seat
    return -1


@njit(cache=True)
def _raise_total(
    bets: IntArray,
    seat: int,
    high: int,
    raises: int,
    raises_by: IntArray,
    low: int,
    top: int,
    rules: IntArray,
    opened: bool,
    pot: int,
    last_full: int,
) -> int:
    """The total of the least bet or raise offered to ``seat``, or -1 if none is."""
    if high > 0:
        if rules[1] > 0 and raises_by[seat] >= rules[1]:
            return -1
        if rules[2] > 0 and raises >= rules[2]:
            return -1
    if rules[4] == 1 and high > 0 and last_full > low:
        low = last_full
    if rules[0] == POT_LIMIT and opened:
        top = max(pot + high - bets[seat], low)
    elif rules[0] == UNLIMITED:
        top = low
    if low > top:
        return -1
    return high + low


@njit(cache=True)
def lean_round(
    bets: IntArray,
    folded: npt.NDArray[np.bool_],
    raises_by: IntArray,
    pending: npt.NDArray[np.bool_],
    first: int,
    limits: IntArray,
    rules: IntArray,
    random_play: bool,
    row: IntArray,
    state: IntArray,
    pot: int,
) -> bool:
    """One betting round after its blinds; whether everybody checked.

    ``state`` is (choices taken, opened, first bettor or -1, last aggressor or -1, high,
    last full raise), read and left for the next round.
    """
    players: int = bets.shape[0]
    low = limits[0]
    top = limits[1]
    alive = players - folded.sum()
    high = state[4]
    last_full = state[5]
    raises = 0
    acted = False
    seat = _next_pending(pending, first)
    while seat >= 0:
        total = _raise_total(
            bets, seat, high, raises, raises_by, low, top, rules, state[1] == 1, pot, last_full
        )
        options = 2 if total < 0 else 3
        pick = 1
        if random_play:
            pick = row[state[0] % row.shape[0]] % options
            state[0] += 1
        acted = True
        pending[seat] = False
        if pick == 0:
            folded[seat] = True
            alive -= 1
        elif pick == 1:
            pot += high - bets[seat]
            bets[seat] = high
        else:
            if high > 0:
                raises += 1
                raises_by[seat] += 1
            last_full = max(total - high, 1)
            pot += total - bets[seat]
            bets[seat] = total
            high = total
            state[1] = 1
            state[3] = seat
            for other in range(players):
                pending[other] = not folded[other] and other != seat
        if pick > 0 and state[2] < 0 and high > 0:
            state[2] = seat
        if alive == 1:
            break
        seat = _next_pending(pending, (seat + 1) % players)
    state[4] = high
    state[5] = last_full
    return acted and high == 0


@njit(cache=True)
def open_round(
    bets: IntArray,
    raises_by: IntArray,
    pending: npt.NDArray[np.bool_],
    folded: npt.NDArray[np.bool_],
    state: IntArray,
    round_row: IntArray,
    dealer: int,
    hands: IntArray,
) -> int:
    """Start a betting round: nothing bet, everyone in to act; returns its first bettor."""
    players: int = bets.shape[0]
    bets[:] = 0
    raises_by[:] = 0
    state[3] = -1
    state[4] = 0
    state[5] = 0
    for seat in range(players):
        pending[seat] = not folded[seat]
    if round_row[2] == 1 and state[2] >= 0:
        return int(state[2])
    if round_row[2] == OPENS_SHOWING:
        return _best_showing(hands, folded, dealer)
    return (dealer + 1) % players


@njit(cache=True)
def _best_showing(hands: IntArray, folded: npt.NDArray[np.bool_], dealer: int) -> int:
    """The player still in with the best up cards, the first from the dealer's left on a tie."""
    players: int = hands.shape[0]
    best = -1
    seat_found = (dealer + 1) % players
    for step in range(players):
        seat = (dealer + 1 + step) % players
        if not folded[seat] and hands[seat, 1]:
            value = standard_value(hands[seat, 1])
            if value > best:
                best, seat_found = value, seat
    return seat_found


@njit(cache=True)
def _bring_in_seat(hands: IntArray, folded: npt.NDArray[np.bool_], dealer: int) -> int:
    """The seat of the lowest up card (rank, then suit from clubs); each by his highest."""
    players: int = hands.shape[0]
    lowest = 1 << 62
    found = -1
    for step in range(players):
        seat = (dealer + 1 + step) % players
        up = hands[seat, 1]
        if folded[seat] or not up:
            continue
        key = -1
        for place in range(64):
            if up >> place & 1:
                key = max(key, (place % 16) * 4 + place // 16)
        if key < lowest:
            lowest, found = key, seat
    return found


@njit(cache=True)
def forced_bets(
    bets: IntArray,
    pending: npt.NDArray[np.bool_],
    hands: IntArray,
    folded: npt.NDArray[np.bool_],
    dealer: int,
    forced: IntArray,
    rules: IntArray,
    state: IntArray,
    first: int,
) -> int:
    """The first round's blinds or bring-in; returns who acts first after them."""
    if forced[1] > 0:
        _post_blinds(bets, pending, forced, dealer, rules[3] == 1, state)
        return int((dealer + 1 + forced[1]) % bets.shape[0])
    if rules[5] > 0:
        return _post_bring_in(bets, pending, hands, folded, dealer, rules, state)
    return first


@njit(cache=True)
def _post_bring_in(
    bets: IntArray,
    pending: npt.NDArray[np.bool_],
    hands: IntArray,
    folded: npt.NDArray[np.bool_],
    dealer: int,
    rules: IntArray,
    state: IntArray,
) -> int:
    """The lowest up card brings it in, as a blind; returns the seat on his left, who acts."""
    players: int = bets.shape[0]
    low = _bring_in_seat(hands, folded, dealer)
    bets[low] = rules[5]
    state[1] = 1
    state[2] = low
    state[3] = low
    state[4] = rules[5]
    state[5] = rules[5]
    for other in range(players):
        if not folded[other] and other != low:
            pending[other] = True
    if rules[3] == 0:
        pending[low] = False
    return (low + 1) % players


@njit(cache=True)
def _post_blinds(
    bets: IntArray,
    pending: npt.NDArray[np.bool_],
    forced: IntArray,
    dealer: int,
    option: bool,
    state: IntArray,
) -> None:
    """Post the live blinds from the dealer's left; who owes must act, the last may check."""
    players: int = bets.shape[0]
    high = 0
    last_full = 0
    for b in range(forced[1]):
        seat = (dealer + 1 + b) % players
        bets[seat] += forced[2 + b]
        previous = high
        high = max(high, bets[seat])
        last_full = max(last_full, high - previous, forced[2 + b])
        if high > previous:
            state[3] = seat
        for other in range(players):
            if bets[other] < high:
                pending[other] = True
        if not option and bets[seat] == high:
            pending[seat] = False
    state[1] = 1
    state[4] = high
    state[5] = last_full
