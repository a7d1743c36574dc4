"""The compiled double-dummy search for preferans (numba; called through :mod:`.solver`).

Cards are bits of a 32-bit mask: bit ``8 * suit + rank``, with ``suit`` the number of
:class:`cardtable.cards.Suit` (♣ 0, ♦ 1, ♥ 2, ♠ 3) and ``rank`` 0 for the seven up to 7 for the
ace (rule 2 of 001_776ed664a35a376f.txt orders 7 8 9 10 J Q K A). Three hands, the player who
led the trick in progress and the cards already on it make a position. The value searched is
the number of tricks the declarer takes from here on; the two defenders cooperate. In a
misère the declarer minimises that number and the defenders maximise it; in a game the other
way round.

The techniques are the bridge solvers' ones, described by Bo Haglund in "Search Algorithms for
a Bridge Double Dummy Solver" (the DDS documentation, rev. E4, 2010), re-derived for three
hands and written anew:

* a zero-window search (Pearl 1980, as DDS uses it): ``_search`` only answers "does the
  declarer take at least ``need`` more tricks?", and :func:`solve_position` finds the value by
  a binary search over ``need``;
* only one card of each run of equivalent cards is tried (the cards of one hand in one suit
  with no live card of another hand between them), the runs re-derived at every move since
  they merge as cards fall;
* a transposition table at trick boundaries keyed by relative ranks: in each suit only the
  order of the remaining cards matters, so the key records, suit by suit and from the lowest
  remaining card up, whose card each one is, and holds a lower and an upper bound;
* quick tricks at the start of a trick: the top cards the leader may cash in a row, bounded
  where another hand could ruff (a bound for the leader's side in a game);
* sure trump tricks: a trump above every trump of the other side wins whenever it is played;
* misère bounds: the declarer is clean (:func:`misere_is_clean`), caught for one more trick
  (:func:`misere_is_caught`, :func:`misere_lead_wins`) or takes all (:func:`misere_takes_all`);
* move ordering: cheap winners and low losers first, the reverse for a misère declarer, and
  the lead that last refuted a position first when it comes back.

Following follows rules 30–32: follow suit, else trump, else any card.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

TT_BITS = 16
"""Log2 of the transposition table's entries."""

TT_SIZE = 1 << TT_BITS
"""Entries of the transposition table."""

NO_CARD = -1
"""No card (an empty place of the trick on the table)."""


def new_table() -> Any:
    """A fresh transposition table: two words an entry, the key and what is known of it.

    The first word is the position's relative-rank key; the second packs the generation (bits
    24 up), the leader (16–23), the best lead found plus one (8–15) and the lower and upper
    bounds (4–7 and 0–3). An entry counts only when its generation is the current one, so a
    new search context (another declarer, trump or kind of contract) clears the table by taking
    a new generation.
    """
    return np.zeros((TT_SIZE, 2), dtype=np.int64)


def _compress_table() -> Any:
    """``COMPRESS[alive << 8 | held]``: the bits of ``held`` packed to the places of ``alive``."""
    table = np.zeros(1 << 16, dtype=np.int64)
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
    """``EXPAND[alive << 8 | packed]``: the inverse of :data:`COMPRESS`."""
    table = np.zeros(1 << 16, dtype=np.int64)
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


@njit(cache=True)
def popcount(x: int) -> int:  # pragma: no cover - compiled
    """Set bits of a 32-bit mask."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True)
def beats(card: int, best: int, trump: int) -> bool:  # pragma: no cover - compiled
    """Whether ``card`` takes the trick from ``best``, the card winning it so far (rule 30)."""
    suit = card >> 3
    best_suit = best >> 3
    if suit == best_suit:
        return card > best
    return suit == trump


@njit(cache=True)
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


@njit(cache=True)
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
        packed = COMPRESS[base | mine]
        reps |= SCATTER[base | (packed & ~(packed >> 1))] << shift
    return reps


@njit(cache=True)
def quick_tricks(hands: Any, leader: int, trump: int) -> int:  # pragma: no cover - compiled
    """Tricks the leader can cash at once with top cards, whatever the others do.

    In each suit, the leader's cards above every card of the other two hands; in a side suit
    of a trump contract, only as many as a hand that holds trumps can follow (it must trump
    when void, rule 32). The leader keeps the lead throughout, so the suits add up.
    """
    mine = hands[leader]
    first = hands[(leader + 1) % 3]
    second = hands[(leader + 2) % 3]
    others = first | second
    total = 0
    for suit in range(4):
        held = (mine >> (8 * suit)) & 0xFF
        if held == 0:
            continue
        against = (others >> (8 * suit)) & 0xFF
        run = 0
        for rank in range(7, -1, -1):
            bit = 1 << rank
            if held & bit:
                run += 1
            elif against & bit:
                break
        if run and trump >= 0 and suit != trump:
            trump_mask = 0xFF << (8 * trump)
            for other in (first, second):
                length = popcount((other >> (8 * suit)) & 0xFF)
                if length < run and other & trump_mask:
                    run = length
        total += run
    return total


@njit(cache=True)
def position_key(hands: Any) -> int:  # pragma: no cover - compiled
    """The relative-rank key of a trick boundary: 2 bits per live card in one 64-bit word.

    Suit by suit (16 bits each), from the lowest remaining card up, the owner of each card (1,
    2 or 3); the remaining cards of a suit are packed together, so positions that differ only
    by cards already played share a key.
    """
    h0 = hands[0]
    h1 = hands[1]
    h2 = hands[2]
    alive = h0 | h1 | h2
    key = 0
    for suit in range(4):
        shift = 8 * suit
        base = ((alive >> shift) & 0xFF) << 8
        code = (
            SPREAD[COMPRESS[base | ((h0 >> shift) & 0xFF)]]
            | (SPREAD[COMPRESS[base | ((h1 >> shift) & 0xFF)]] << 1)
            | (SPREAD[COMPRESS[base | ((h2 >> shift) & 0xFF)]] * 3)
        )
        key |= code << (16 * suit)
    return key


@njit(cache=True)
def _slot(key: int, leader: int) -> int:  # pragma: no cover - compiled
    mixed = (key ^ (leader << 62)) * -7046029254386353131
    return (mixed >> (64 - TT_BITS)) & (TT_SIZE - 1)


@njit(cache=True)
def _winner_offset(c0: int, c1: int, c2: int, trump: int) -> int:  # pragma: no cover
    best = c0
    offset = 0
    if beats(c1, best, trump):
        best = c1
        offset = 1
    if beats(c2, best, trump):
        offset = 2
    return offset


@njit(cache=True)
def _order(
    moves: Any,
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
    """Sort ``moves[:count]`` so the likely best card comes first (cutoffs come sooner).

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
        card = moves[i]
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
        scores[i] = score
    for i in range(1, count):
        card = moves[i]
        score = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < score:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = card
        scores[j + 1] = score


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


@njit(cache=True)
def _top_bit(x: int) -> int:  # pragma: no cover - compiled
    """The highest set bit of a nonzero mask, as a mask."""
    return 1 << _high_index(x)


@njit(cache=True)
def _sure_trumps(hands: Any, trump: int, declarer: int) -> tuple[int, int]:  # pragma: no cover
    """Tricks each side is sure of with trumps above every trump of the other side.

    Such a trump wins whenever it is played (rule 30); the declarer's are all his, while the
    two defenders may have to spend two on one trick, so theirs count as the better hand's.
    """
    trumps = 0xFF << (8 * trump)
    mine = hands[declarer] & trumps
    first = hands[(declarer + 1) % 3] & trumps
    second = hands[(declarer + 2) % 3] & trumps
    theirs = first | second
    ours = popcount(mine) if theirs == 0 else popcount(mine & ~(2 * _top_bit(theirs) - 1))
    if theirs == 0:
        return ours, 0
    above = 0 if mine == 0 else ~(2 * _top_bit(mine) - 1)
    return ours, max(popcount(first & above), popcount(second & above))


@njit(cache=True)
def _kth_lowest(cards: int, k: int) -> int:  # pragma: no cover - compiled
    """The ``k``-th lowest card of a nonempty mask (the highest if it holds fewer), as a mask."""
    for _ in range(k - 1):
        if cards & (cards - 1) == 0:
            break
        cards &= cards - 1
    return cards & -cards


@njit(cache=True)
def misere_is_clean(declarer: int, first: int, second: int) -> bool:  # pragma: no cover
    """Whether a misère declarer not on lead can take no trick whatever the defenders do.

    He plays his lowest card of the suit led, and discards a top card of some suit when void,
    so he never wins a trick and never leads. A defender holding ``c`` cards of a suit can keep
    his lowest one to lead it in any of the first ``c`` rounds of the suit, so that is safe when,
    suit by suit, the declarer's ``c``-th lowest card (or his highest, if he holds fewer) is
    below that defender's lowest, for each defender who holds the suit.
    """
    for suit in range(4):
        shift = 8 * suit
        mine = (declarer >> shift) & 0xFF
        if mine == 0:
            continue
        for other in (first, second):
            theirs = (other >> shift) & 0xFF
            if theirs and _kth_lowest(mine, popcount(theirs)) > (theirs & -theirs):
                return False
    return True


@njit(cache=True)
def misere_is_caught(declarer: int, defenders: int, leader: int) -> bool:  # pragma: no cover
    """Whether a defender on lead can make the misère declarer take the next trick.

    He leads a suit in which the declarer's lowest card is above every card of the defenders:
    the declarer must follow (rule 31) and wins.
    """
    for suit in range(4):
        shift = 8 * suit
        mine = (declarer >> shift) & 0xFF
        if mine and (leader >> shift) & 0xFF and ((defenders >> shift) & 0xFF) < (mine & -mine):
            return True
    return False


@njit(cache=True)
def misere_lead_wins(declarer: int, first: int, second: int) -> bool:  # pragma: no cover
    """Whether a misère declarer on lead takes the trick whatever he leads.

    So it is when, in every suit he holds, each defender who holds it can play under his lowest
    card: no defender is made to overtake (rule 31), and with no trumps nothing else wins.
    """
    for suit in range(4):
        shift = 8 * suit
        mine = (declarer >> shift) & 0xFF
        if mine == 0:
            continue
        lowest = mine & -mine
        for other in (first, second):
            theirs = (other >> shift) & 0xFF
            if theirs and (theirs & -theirs) > lowest:
                return False
    return True


@njit(cache=True)
def misere_takes_all(declarer: int, defenders: int) -> bool:  # pragma: no cover - compiled
    """Whether every card of a misère declarer on lead is above the defenders' in its suit.

    Whatever he leads then wins, and he keeps the lead with the same said of the rest.
    """
    for suit in range(4):
        shift = 8 * suit
        mine = (declarer >> shift) & 0xFF
        if mine and ((defenders >> shift) & 0xFF) > (mine & -mine):
            return False
    return True


@njit(cache=True)
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
            c_a = _high_index(hands[leader])
            c_b = _high_index(hands[(leader + 1) % 3])
            c_c = _high_index(hands[(leader + 2) % 3])
            winner = (leader + _winner_offset(c_a, c_b, c_c, trump)) % 3
            return 1 if winner == declarer else 0
        key = position_key(hands)
        slot = _slot(key, leader)
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
                ours, theirs = _sure_trumps(hands, trump, declarer)
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
                _store(table, slot, key, leader, lower, upper, best, generation)
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
    _order(
        moves[d],
        count,
        hands,
        leader,
        n,
        c0,
        c1,
        trump,
        declarer,
        max_is_declarer,
        scores[d],
        best,
    )
    frame = frames[d]
    frame[F_LEADER] = leader
    frame[F_N] = n
    frame[F_C0] = c0
    frame[F_C1] = c1
    frame[F_NEED] = need
    frame[F_MOVER] = mover
    frame[F_COUNT] = count
    frame[F_NEXT] = 0
    frame[F_MAX] = 1 if (mover == declarer) == max_is_declarer else 0
    frame[F_SLOT] = slot
    frame[F_KEY] = key
    frame[F_BEST] = best
    frame[F_LOWER] = lower
    frame[F_UPPER] = upper
    return EXPAND


@njit(cache=True)
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
) -> bool:  # pragma: no cover - compiled
    """Whether the declarer takes at least ``need`` more tricks (the trick on the table counts).

    ``n`` cards are on the table (``c0`` led by ``leader``, then ``c1``). The search keeps
    its own stack of frames: numba's cache cannot reload a recursive function.
    """
    frames = np.zeros((MAX_DEPTH, FRAME), dtype=np.int64)
    moves = np.zeros((MAX_DEPTH, 10), dtype=np.int64)
    scores = np.zeros((MAX_DEPTH, 10), dtype=np.int64)
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
        frame = frames[d]
        done = False
        result = 0
        if have_value:
            hands[frame[F_MOVER]] |= 1 << frame[F_CARD]
            have_value = False
            if value == frame[F_MAX]:
                done = True
                result = value
                frame[F_BEST] = frame[F_CARD]
        if not done:
            i = frame[F_NEXT]
            if i < frame[F_COUNT]:
                card = moves[d, i]
                frame[F_NEXT] = i + 1
                frame[F_CARD] = card
                hands[frame[F_MOVER]] &= ~(1 << card)
                here = frame[F_N]
                if here == 0:
                    status = _enter(
                        frames,
                        moves,
                        scores,
                        d + 1,
                        hands,
                        frame[F_LEADER],
                        1,
                        card,
                        NO_CARD,
                        frame[F_NEED],
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
                        frame[F_LEADER],
                        2,
                        frame[F_C0],
                        card,
                        frame[F_NEED],
                        trump,
                        declarer,
                        max_is_declarer,
                        table,
                        generation,
                        nodes,
                    )
                else:
                    offset = _winner_offset(frame[F_C0], frame[F_C1], card, trump)
                    winner = (frame[F_LEADER] + offset) % 3
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
                        frame[F_NEED] - taken,
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
            result = 1 - frame[F_MAX]
        if frame[F_N] == 0:
            lower = frame[F_LOWER]
            upper = frame[F_UPPER]
            if result:
                lower = max(lower, frame[F_NEED])
            else:
                upper = min(upper, frame[F_NEED] - 1)
            _store(
                table,
                frame[F_SLOT],
                frame[F_KEY],
                frame[F_LEADER],
                lower,
                upper,
                frame[F_BEST],
                generation,
            )
        if d == 0:
            return result == 1
        d -= 1
        value = result
        have_value = True


@njit(cache=True)
def _store(
    table: Any,
    slot: int,
    key: int,
    leader: int,
    lower: int,
    upper: int,
    best: int,
    generation: int,
) -> None:  # pragma: no cover - compiled
    table[slot, 0] = key
    table[slot, 1] = (generation << 24) | (leader << 16) | ((best + 1) << 8) | (lower << 4) | upper


@njit(cache=True)
def _high_index(x: int) -> int:  # pragma: no cover - compiled
    """The index of the highest set bit of a nonzero 32-bit mask."""
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    return popcount(x >> 1)


@njit(cache=True)
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
        ):
            low = middle
        else:
            high = middle - 1
    return low


@njit(cache=True)
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
            )
        else:
            winner = (leader + _winner_offset(c0, c1, card, trump)) % 3
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
