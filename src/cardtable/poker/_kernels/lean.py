"""The lean simulation loop: many deals of the plain table played without checks.

It keeps the chips as the table's betting does (poker/betting/round.py) and plays the
players of :class:`cardtable.poker.lean.LeanPolicyBot`: fold, stay or the least bet.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from cardtable.poker._kernels.lows import WORST, low_value_of_mask
from cardtable.poker._kernels.values import (
    FULL,
    STANDARD_COUNT,
    STANDARD_TOP,
    IntArray,
    standard_value,
    value_of_mask,
)

LAYOUT_HOLE = 0


LAYOUT_BOARD = 1


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
def _lean_round(
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
def _best_of(
    own: IntArray, count: int, board: IntArray, shown: int, hole: int, take: int, low: IntArray
) -> int:
    """The best value of exactly ``hole`` of the ``count`` own cards and ``take`` of the board.

    High by default; with ``low`` (the rank counts, the qualifier) the best qualifying low,
    or -1 if none qualifies.
    """
    best = -1
    for mine in range(1 << count):
        if _bits_set(mine) != hole:
            continue
        mask = 0
        for place in range(count):
            if mine >> place & 1:
                mask |= own[place]
        for common in range(1 << shown):
            if _bits_set(common) != take:
                continue
            full = mask
            for place in range(shown):
                if common >> place & 1:
                    full |= board[place]
            best = max(best, _qualified_low(full, low) if low.shape[0] else standard_value(full))
    return best


@njit(cache=True)
def _qualified_low(mask: int, low: IntArray) -> int:
    """The lowball value of the best low five in ``mask``, or -1 if it does not qualify.

    ``low`` is the rank counts with the qualifier last: five different ranks, none above it
    (the ace counts one); 0 lets any low play. With a qualifier the best low is the five
    lowest different ranks, so no five need be tried.
    """
    qualifier = low[-1]
    if qualifier == 0:
        return low_value_of_mask(mask, False, low[:-1])
    ranks = 0
    for suit in range(4):
        field = (mask >> (16 * suit)) & FULL
        ranks |= ((field << 1) & FULL) | (field >> 12)  # the ace moved below the deuce
    ranks &= (1 << qualifier) - 1
    if _bits_set(ranks) < 5:
        return -1
    five = 0
    for _ in range(5):
        bit = ranks & -ranks
        five |= bit
        ranks ^= bit
    return WORST - five


@njit(cache=True)
def _bits_set(number: int) -> int:
    count = 0
    while number:
        number &= number - 1
        count += 1
    return count


@njit(cache=True)
def _seat_values(
    values: IntArray,
    folded: npt.NDArray[np.bool_],
    hands: IntArray,
    own: IntArray,
    board: IntArray,
    shown: int,
    exactly: IntArray,
    lows: IntArray,
    low: IntArray,
    worst: IntArray,
) -> None:
    """Each seat's showdown value: all its cards and the board's, or exactly so many of each.

    With ``low`` (rank counts and the qualifier, empty for none) ``lows`` gets each seat's
    best qualifying low, -1 for none. With ``worst`` (the straights without the ace below
    the deuce: deuce to seven) the worst high hand is the best, its value negated.
    """
    players = values.shape[0]
    board_mask = 0
    for place in range(shown):
        board_mask |= board[place]
    count = own.shape[1]
    no_low = np.zeros(0, dtype=np.int64)
    for seat in range(players):
        values[seat] = -1
        lows[seat] = -1
        if folded[seat]:
            continue
        if worst.shape[0]:
            values[seat] = -value_of_mask(hands[seat, 0], worst, STANDARD_TOP, STANDARD_COUNT)
            continue
        if (exactly[0] == 0 and exactly[1] == 0) or shown == 0:
            values[seat] = standard_value(hands[seat, 0] | board_mask)
            if low.shape[0]:
                lows[seat] = _qualified_low(hands[seat, 0] | board_mask, low)
            continue
        hole = exactly[0] if exactly[0] > 0 else count
        take = exactly[1] if exactly[1] > 0 else 5 - hole
        values[seat] = _best_of(
            own[seat], count, board, shown, min(hole, count), min(take, shown), no_low
        )
        if low.shape[0]:
            lows[seat] = _best_of(
                own[seat], count, board, shown, min(hole, count), min(take, shown), low
            )


@njit(cache=True)
def _lean_pay(
    net: IntArray,
    put: IntArray,
    folded: npt.NDArray[np.bool_],
    values: IntArray,
    lows: IntArray,
    first: int,
    pot: int,
) -> None:
    """Pay the pot to the best hands still in; odd chips in showdown order from ``first``.

    Where a low qualifies (``lows``) the low half, the pot's half rounded down, goes to the
    best low and the rest to the best high.
    """
    players = put.shape[0]
    for seat in range(players):
        net[seat] -= put[seat]
    alive = players - folded.sum()
    if alive == 1:
        for seat in range(players):
            if not folded[seat]:
                net[seat] += pot
        return
    low_half = pot // 2 if lows.max() >= 0 else 0
    _pay_best(net, folded, lows, first, low_half)
    _pay_best(net, folded, values, first, pot - low_half)


@njit(cache=True)
def _pay_best(
    net: IntArray, folded: npt.NDArray[np.bool_], values: IntArray, first: int, chips: int
) -> None:
    """Share ``chips`` among the best ``values`` still in, odd chips in order from ``first``."""
    if chips == 0:
        return
    players = net.shape[0]
    best = -(1 << 62)
    winners = 0
    for seat in range(players):
        if not folded[seat]:
            if values[seat] > best:
                best, winners = values[seat], 1
            elif values[seat] == best:
                winners += 1
    share = chips // winners
    odd = chips - share * winners
    for step in range(players):
        seat = (first + step) % players
        if folded[seat] or values[seat] != best:
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
            first = _open_round(
                bets, raises_by, pending, folded, state, rounds[index], dealer, hands
            )
            if index == 0:
                first = _forced_bets(
                    bets, pending, hands, folded, dealer, forced, rules, state, first
                )
            checked = _lean_round(
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
            _seat_values(
                values, folded, hands, own, board_cards, cursor[2], exactly, lows, low, worst
            )
        _lean_pay(net, put, folded, values, lows, called, carried + put.sum())
        carried = 0
    return int(carried)


@njit(cache=True)
def _open_round(
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
def _forced_bets(
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
