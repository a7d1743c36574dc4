"""The lean simulation loop: many deals of the plain table played without checks."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from cardtable.poker._kernels.values import IntArray, standard_value

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
