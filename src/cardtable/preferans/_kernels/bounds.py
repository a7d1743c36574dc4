"""Bounds that end the search early: quick tricks, sure trump tricks, and the misère bounds."""

from __future__ import annotations

from typing import Any

from cardtable.preferans._kernels.cards import inlined, kernel, kth_lowest, popcount, top_bit


@inlined
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
        run = popcount(held & ~(2 * top_bit(against) - 1)) if against else popcount(held)
        if run and trump >= 0 and suit != trump:
            trump_mask = 0xFF << (8 * trump)
            for other in (first, second):
                length = popcount((other >> (8 * suit)) & 0xFF)
                if length < run and other & trump_mask:
                    run = length
        total += run
    return total


@inlined
def sure_trumps(hands: Any, trump: int, declarer: int) -> tuple[int, int]:  # pragma: no cover
    """Tricks each side is sure of with trumps above every trump of the other side.

    Such a trump wins whenever it is played (rule 30); the declarer's are all his, while the
    two defenders may have to spend two on one trick, so theirs count as the better hand's.
    """
    trumps = 0xFF << (8 * trump)
    mine = hands[declarer] & trumps
    first = hands[(declarer + 1) % 3] & trumps
    second = hands[(declarer + 2) % 3] & trumps
    theirs = first | second
    ours = popcount(mine) if theirs == 0 else popcount(mine & ~(2 * top_bit(theirs) - 1))
    if theirs == 0:
        return ours, 0
    above = 0 if mine == 0 else ~(2 * top_bit(mine) - 1)
    return ours, max(popcount(first & above), popcount(second & above))


@kernel
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
            if theirs and kth_lowest(mine, popcount(theirs)) > (theirs & -theirs):
                return False
    return True


@kernel
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


@kernel
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


@kernel
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
