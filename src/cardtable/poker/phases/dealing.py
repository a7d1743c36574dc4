"""The dealer's steps: cards dealt down and up, board cards, reveals; nobody is asked to move.

"СДАЧА. В любой форме покера карты сдаются по одной" (000_75e337bfe099b695.txt); the order
of the cards is :func:`cardtable.poker.dealing.rotation`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.deal import Event, private_event, public_event
from cardtable.poker.dealing import rotation
from cardtable.poker.phases.cards import SeatCards
from cardtable.poker.phases.phase import NobodyMoves
from cardtable.poker.variants import Step

if TYPE_CHECKING:
    from cardtable.poker.deal import PokerDeal


class Dealing(NobodyMoves):
    """The dealer runs the variant's steps until a player must act."""


def deal_round(deal: PokerDeal, *, down: int, up: int, swap: bool = False) -> list[Event]:
    """Give every player still in ``down`` cards face down and ``up`` face up, one at a time."""
    order = deal.dealing_order()
    table = deal.table
    folded = deal.betting.folded
    if down + up == 1 and len(order) > table.cards_left(folded):
        # Seven-card stud seats eight ("рассчитана на двух — восемь игроков"), but 8 × 7
        # is 56 cards: when even the reshuffled discards cannot give every player his
        # last card, one card goes face up to the centre for everyone (the common rule;
        # see docs/rules/poker-variants.md, "Seven-card stud with eight players").
        cards = table.take(1, folded)
        table.board += cards
        table.revealed.append(len(table.board) - 1)
        text = "too few cards for everyone: one card face up to the centre, for all"
        return [public_event("board", None, text, cards, key="too-few")]
    counts = {seat: _faces(deal, seat, down, up, swap=swap) for seat in order}
    received = {seat: SeatCards() for seat in order}
    before = table.reshuffles
    for seat, face_up in rotation(counts, order):
        got = received[seat]
        (got.up if face_up else got.down).extend(table.take(1, folded))
    events = table.reshuffle_news(before)
    for seat in order:
        cards = received[seat].down
        if cards:
            table.hands[seat].down += cards
            text = f"seat {seat} is dealt {len(cards)}"
            said = {"seat": seat, "count": len(cards)}
            events.append(private_event("deal", seat, text, cards, key="dealt", values=said))
    for seat in order:
        cards = received[seat].up
        if cards:
            table.hands[seat].up += cards
            text = f"seat {seat} is dealt face up"
            events.append(
                public_event("deal", seat, text, cards, key="dealt-up", values={"seat": seat})
            )
    return events


def _faces(deal: PokerDeal, seat: int, down: int, up: int, *, swap: bool) -> tuple[int, int]:
    """The down and up cards ``seat`` gets at this deal step."""
    if swap and seat in deal.exposed:
        # "Последняя карта втемную по желанию": who turned up his hole card gets
        # this one down.
        return down + up, 0
    return down, up


def deal_board(deal: PokerDeal, step: Step) -> list[Event]:
    """Deal the step's board cards to the centre, down ones first."""
    table = deal.table
    events = []
    if step.down:
        table.board += table.take(step.down, deal.betting.folded)
        text = f"{step.down} cards to the centre, down"
        events.append(
            public_event("board", None, text, key="board-down", values={"count": step.down})
        )
    if step.up:
        first = len(table.board)
        cards = table.take(step.up, deal.betting.folded)
        table.board += cards
        table.revealed += range(first, len(table.board))
        events.append(
            public_event("board", None, "cards to the centre, face up", cards, key="board-up")
        )
    return events


def reveal(deal: PokerDeal, step: Step) -> list[Event]:
    """Turn up the board cards the step names (or the next ``count`` face-down ones)."""
    table = deal.table
    hidden = table.hidden()
    places = [place for place in step.cards if place in hidden] or hidden[: step.count]
    table.revealed += places
    cards = [table.board[place] for place in places]
    return (
        [public_event("reveal", None, "the dealer turns up", cards, key="dealer-turns")]
        if cards
        else []
    )
