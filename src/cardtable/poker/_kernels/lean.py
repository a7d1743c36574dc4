"""The lean simulation loop: many deals of the plain table played without checks.

It deals each layout row (hole cards, the board) and calls the betting (:mod:`.betting`: the
chips kept as the table's betting keeps them, poker/betting/round.py, by the players of
:class:`cardtable.poker.lean.LeanPolicyBot`: fold, stay or the least bet) and the showdown
(:mod:`.showdown`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from cardtable.poker._kernels.betting import forced_bets, lean_round, open_round
from cardtable.poker._kernels.showdown import lean_pay, seat_values
from cardtable.poker._kernels.values import IntArray

LAYOUT_HOLE = 0


LAYOUT_BOARD = 1


@njit(cache=True)
def lean_deals(
    decks: IntArray,
    choices: IntArray,
    players: int,
    first_dealer: int,
    layout: IntArray,
    forced: IntArray,
    rounds: IntArray,
    rules: IntArray,
    play: IntArray,
    exactly: IntArray,
    low: IntArray,
    worst: IntArray,
    net: IntArray,
) -> int:
    """Whole deals of a board or draw game, for simulation speed; returns the pot carried.

    ``decks`` holds one deck per deal as card bits; ``choices`` one row of random numbers
    per deal (random play picks ``choice % options`` among fold, stay, the least bet).
    ``layout`` rows are (kind, count): hole cards, board cards or a betting round (its
    index). ``forced`` is (ante each, blind count, blind 1, blind 2, ...), blinds from the
    dealer's left; ``rounds`` each round's (least bet, most bet, opened by the first
    bettor, void if all check); ``rules`` (system: 0 fixed, 1 pot, 2 unlimited; raises per
    player, per round, 0 for no cap; the blind's option; a raise at least the last);
    ``play`` (random play, carried pot in); ``exactly`` (own cards, board cards a hand
    must use, 0 for any: Omaha's 2 and 3; own cards each); ``low`` the rank counts and
    the low qualifier where a qualifying low takes half the pot, empty for high only;
    ``worst`` the straight table of deuce to seven (five cards, the worst hand wins), empty
    where the best wins.
    ``net`` gains each seat's chips.
    """
    random_play = play[0] == 1
    carried = play[1]
    blinds = forced[1]
    put = np.zeros(players, dtype=np.int64)
    bets = np.zeros(players, dtype=np.int64)
    folded = np.zeros(players, dtype=np.bool_)
    pending = np.zeros(players, dtype=np.bool_)
    raises_by = np.zeros(players, dtype=np.int64)
    hands = np.zeros((players, 2), dtype=np.int64)
    state = np.zeros(6, dtype=np.int64)
    own = np.zeros((players, exactly[2]), dtype=np.int64)
    board_cards = np.zeros(decks.shape[1], dtype=np.int64)
    values = np.zeros(players, dtype=np.int64)
    lows = np.full(players, -1, dtype=np.int64)
    cursor = np.zeros(3, dtype=np.int64)
    for deal in range(decks.shape[0]):
        dealer = (first_dealer + deal) % players
        put[:] = forced[0]
        folded[:] = False
        hands[:] = 0
        cursor[:] = 0
        state[:] = 0
        state[2] = (dealer + 1) % players if blinds > 0 else -1
        first = (dealer + 1) % players
        void = False
        for row in range(layout.shape[0]):
            if layout[row, 0] == LAYOUT_HOLE or layout[row, 0] == LAYOUT_BOARD:
                _deal_cards(
                    decks[deal], layout[row], hands, own, board_cards, cursor, dealer, folded
                )
                continue
            index = layout[row, 1]  # a betting round, numbered
            first = open_round(
                bets, raises_by, pending, folded, state, rounds[index], dealer, hands
            )
            if index == 0:
                first = forced_bets(
                    bets, pending, hands, folded, dealer, forced, rules, state, first
                )
            checked = lean_round(
                bets,
                folded,
                raises_by,
                pending,
                first,
                rounds[index],
                rules,
                random_play,
                choices[deal],
                state,
                put.sum() + bets.sum() + carried,
            )
            put += bets
            if players - folded.sum() == 1:
                break
            if rounds[index, 3] == 1 and checked:
                void = True
                break
        if void:
            net -= put
            carried += put.sum()
            continue
        called = state[3]
        if called < 0 or folded[called]:
            called = first
        if players - folded.sum() > 1:
            seat_values(
                values, folded, hands, own, board_cards, cursor[2], exactly, lows, low, worst
            )
        lean_pay(net, put, folded, values, lows, called, carried + put.sum())
        carried = 0
    return int(carried)


@njit(cache=True)
def _deal_cards(
    deck: IntArray,
    row: IntArray,
    hands: IntArray,
    own: IntArray,
    board: IntArray,
    cursor: IntArray,
    dealer: int,
    folded: npt.NDArray[np.bool_],
) -> None:
    """Deal one layout row: to the board, or a card a pass to each player still in.

    The passes go from the dealer's left, the down cards' first.

    ``hands`` is each seat's (all cards, up cards) as masks; ``cursor`` is (the next card's
    place in the deck, own cards dealt, board cards dealt).
    """
    players: int = hands.shape[0]
    for card in range(row[1]):
        if row[0] == LAYOUT_BOARD:
            board[cursor[2]] = deck[cursor[0]]
            cursor[0] += 1
            cursor[2] += 1
            continue
        for step in range(players):
            seat = (dealer + 1 + step) % players
            if folded[seat]:
                continue
            hands[seat, 0] |= deck[cursor[0]]
            if card >= row[1] - row[2]:
                hands[seat, 1] |= deck[cursor[0]]
            own[seat, cursor[1]] = deck[cursor[0]]
            cursor[0] += 1
        cursor[1] += 1
