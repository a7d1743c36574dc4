"""The draw: in turn from the dealer's left each player discards cards and is dealt as many.

A player "сбрасывает данное число карт втемную у всех на глазах — затем сдающий выдает ему
это количество" (002_053e85955f9a4108.txt); how many he may draw the variant's step says.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from cardtable.cards import Card, cards_text
from cardtable.engine.choices import CardChoice
from cardtable.engine.deal import Event, private_event, public_event
from cardtable.poker.actions import Discard, TableAction
from cardtable.poker.phases.phase import PhaseRules
from cardtable.poker.variants import Step

if TYPE_CHECKING:
    from cardtable.poker.deal import PokerDeal


class DrawPhase(PhaseRules):
    """The draw: the next player in turn discards some down cards, or stands pat."""

    def to_move(self, deal: PokerDeal) -> int | None:
        """The next player in turn who has not drawn."""
        return deal.next_in_turn()

    def legal_actions(self, deal: PokerDeal, seat: int) -> list[TableAction]:
        """Every set of down cards he may discard, standing pat first."""
        cards = deal.hands[seat].down
        most = draw_most(deal)
        # draw_room(deal, seat, n) is the cards left (never fewer than none) and his n
        # discards, so any n fits unless his discards are set aside.
        if not _sets_aside(deal, seat):
            return [Discard(combo) for n in range(most + 1) for combo in combinations(cards, n)]
        left = deal.table.cards_left(deal.betting.folded)
        return [
            Discard(combo) for n in range(min(most, left) + 1) for combo in combinations(cards, n)
        ]

    def choices(self, deal: PokerDeal, seat: int) -> list[CardChoice]:
        """The cards to discard, one up to as many as he may draw and holds face down.

        Standing pat is listed.
        """
        cards = tuple(deal.hands[seat].down)
        largest = min(draw_most(deal), len(cards))
        counts = tuple(n for n in range(1, largest + 1) if n <= draw_room(deal, seat, n))
        if not counts:
            return []
        most = "1 down card" if counts[-1] == 1 else f"1 to {counts[-1]} down cards"
        note = f"discard {most} and be dealt as many, or stand pat (the variant's draw)"
        return [CardChoice("discard", cards, counts, note)]

    def why_illegal(self, deal: PokerDeal, seat: int, action: TableAction) -> str | None:
        """Not a discard, cards he does not hold face down, or more than he may draw."""
        if not isinstance(action, Discard):
            return "it is the draw: discard cards or stand pat"
        hand = deal.hands[seat].down
        if any(card not in hand for card in action.cards):
            return f"seat {seat} does not hold {cards_text(action.cards)} face down"
        if len(set(action.cards)) != len(action.cards):
            return "a card is named twice"
        if len(action.cards) > draw_most(deal):
            return f"a player may draw at most {draw_most(deal)} cards"
        room = draw_room(deal, seat, len(action.cards))
        if len(action.cards) > room:
            return (
                "only 1 card is left to draw"
                if room == 1
                else f"only {room} cards are left to draw"
            )
        return None

    def do(self, deal: PokerDeal, seat: int, action: TableAction) -> list[Event]:
        """Discard and draw; after the last player, the deal runs on."""
        assert isinstance(action, Discard)
        return deal.turn_taken(_draw(deal, seat, action.cards))


def start_draw(deal: PokerDeal, step: Step) -> list[Event]:
    """Announce the draw; the dealer burns a card first if the variant says so."""
    events = [public_event("draw", None, "the draw", key="draw")]
    if step.burn:
        # Лоуболл 3): "перед обменом сдающий «сжигает» (вскрывает и убирает в сброс)
        # верхнюю карту колоды".
        burned = deal.table.take(1, deal.betting.folded)
        deal.table.discards += burned
        events.append(public_event("burn", None, "the dealer burns a card", burned, key="burn"))
    return events


def draw_room(deal: PokerDeal, seat: int, count: int) -> int:
    """The most cards ``seat`` can be given if he discards ``count``.

    His discards go to the discard pile before he is served (он "сбрасывает данное число
    карт ... затем сдающий выдает ему"), so they may come back in a reshuffle, except the
    opener's, which are set aside.
    """
    left = deal.table.cards_left(deal.betting.folded)
    return left + (0 if _sets_aside(deal, seat) else count)


def _sets_aside(deal: PokerDeal, seat: int) -> bool:
    """Whether ``seat`` opened a deal that needed openers: his discards are kept apart."""
    return deal.openers is not None and seat == deal.first_bettor


def draw_most(deal: PokerDeal) -> int:
    """The most cards a player may draw at this step (five at most, fewer as the step says)."""
    step = deal.current
    assert step is not None
    if step.most_few and deal.players_at_start <= 4:
        return min(step.most_few, 5)
    return min(step.most, 5)


def _draw(deal: PokerDeal, seat: int, cards: tuple[Card, ...]) -> list[Event]:
    deal.acted.add(seat)
    hand = deal.hands[seat]
    if not cards:
        return [
            public_event(
                "draw", seat, f"seat {seat} stands pat", key="stands-pat", values={"seat": seat}
            )
        ]
    for card in cards:
        hand.down.remove(card)
    table = deal.table
    if _sets_aside(deal, seat):
        table.set_aside += cards
    else:
        table.discards += cards
    before = table.reshuffles
    new = table.take(len(cards), deal.betting.folded)
    hand.down += new
    count = len(cards)
    said = {"seat": seat, "count": count}
    return [
        private_event(
            "discard", seat, f"seat {seat} discards {count}", cards, key="discards", values=said
        ),
        *table.reshuffle_news(before),
        private_event("draw", seat, f"seat {seat} draws {count}", new, key="draws", values=said),
    ]
