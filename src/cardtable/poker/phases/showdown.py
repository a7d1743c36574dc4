"""The showdown: hands shown in order, the pots cut and awarded, the deal's outcome written.

The players still in show "начиная с игрока, чью ставку поддержали, и далее по часовой стрелке"
(002_053e85955f9a4108.txt, "Вскрытие карт"); a folded hand is never shown, and a player left
alone wins without showing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.deal import Event, Value, public_event
from cardtable.poker.hand_orders import Alone, LowWins, SeatHands, WorstWins
from cardtable.poker.judge import showdown_judge
from cardtable.poker.ledger import cut_pots
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.phases.phase import NobodyMoves, Phase
from cardtable.poker.pots import (
    HandOrder,
    Pot,
    Share,
    award_high,
    award_high_low,
    build_pots,
    showdown_order,
)

if TYPE_CHECKING:
    from cardtable.poker.deal import PokerDeal


class Over(NobodyMoves):
    """The deal is over: shown down and paid, or void."""


def finish(deal: PokerDeal, *, void: bool = False) -> list[Event]:
    """Show down the hands still in, pay the pots, and end the deal (void: carry the pot)."""
    betting = deal.betting
    deal.phase = Phase.OVER
    events: list[Event] = []
    final = list(betting.stacks)
    if void:
        carried = betting.pot
        events.append(public_event("void", None, "everyone checked: the deal is void", key="void"))
        deal.result = _result(deal, final, 0, 0, carried, void=True, best=None)
        return events
    pots, returned = build_pots(betting.contributed, betting.folded)
    for seat, back in enumerate(returned):
        final[seat] += back
    in_hand = betting.in_hand
    if pots:
        pots[0] = Pot(pots[0].amount + betting.dead, pots[0].eligible)
    elif betting.dead:
        pots = [Pot(betting.dead, tuple(in_hand))]
    called = betting.last_aggressor if betting.last_aggressor in in_hand else None
    first = deal.round_first if called is None else called
    places = showdown_order(
        [deal.place[seat] for seat in in_hand], deal.place[first], len(deal.ring)
    )
    order = [deal.ring[place] for place in places]
    best: str | None = None
    bonus: list[int] = []
    hands = SeatHands(deal.judge, {}, {})
    if len(in_hand) > 1:
        hidden = deal.table.hidden()
        if hidden:
            deal.table.revealed += hidden
            cards = [deal.table.board[place] for place in hidden]
            events.append(
                public_event("reveal", None, "the board is turned up", cards, key="board-turned")
            )
        hands = SeatHands(
            showdown_judge(deal.judge, deal.spec.win),
            {seat: deal.pools(seat) for seat in in_hand},
            {seat: deal.wild_for(seat) for seat in in_hand},
        )
        if deal.spec.win == "high-low":
            said_sides = deal.declarations.made if deal.declarations is not None else None
            hands.choose(pots, order, said_sides)
        for seat in order:
            deal.shown[seat] = tuple(deal.hands[seat].cards)
            said = hands.said(seat, deal.spec.win)
            events.append(
                public_event(
                    "show",
                    seat,
                    f"seat {seat} shows {said}",
                    deal.hands[seat].cards,
                    key="shows",
                    values={"seat": seat, "hand": said},
                )
            )
            if hands.category(seat) in deal.rules.house.bonus_hands and deal.rules.house.bonus:
                bonus.append(seat)
        best = hands.category(max(in_hand, key=hands.high))
    if deal.openers is not None and deal.first_bettor is not None:
        opener = deal.first_bettor
        events.append(
            public_event(
                "openers",
                opener,
                f"seat {opener} proves his openers",
                deal.openers_shown,
                key="openers",
                values={"seat": opener},
            )
        )
    cut = cut_pots(pots, deal.rules.house, raises=betting.raises_in_deal, winner_category=best)
    shares = deal.award(cut.pots, hands, in_hand, order)
    names = ["main pot", *(f"side pot {n}" for n in range(1, len(cut.pots)))]
    for share in shares:
        final[share.seat] += share.amount
        events.append(_win_event(deal, share, names[share.pot], hands))
    winner = in_hand[0] if len(in_hand) == 1 else None
    unopposed = winner if winner is not None and winner == deal.first_bettor else None
    deal.result = _result(
        deal, final, cut.rake, cut.kitty, 0, void=False, best=best, unopposed=unopposed, bonus=bonus
    )
    return events


def _win_event(deal: PokerDeal, share: Share, pot: str, hands: SeatHands) -> Event:
    """Who wins how much of which pot, and with what (nothing said by one left alone)."""
    seat = share.seat
    text = f"seat {seat} wins {share.amount} ({pot}"
    said: dict[str, Value] = {"seat": seat, "amount": share.amount, "pot": pot}
    if not hands.pools:
        return public_event("win", seat, text + ")", key="wins", values=said)
    if deal.spec.win == "high-low":
        side = "low" if share.side == "low" else "high"
        said |= {"side": side, "hand": hands.said(seat, side)}
        text = f"{text}, {side}) with {said['hand']}"
        return public_event("win", seat, text, key="wins-side-with", values=said)
    said["hand"] = hands.said(seat, deal.spec.win)
    return public_event("win", seat, f"{text}) with {said['hand']}", key="wins-with", values=said)


def award_pots(
    deal: PokerDeal, pots: Sequence[Pot], hands: HandOrder, in_hand: list[int], order: list[int]
) -> list[Share]:
    """Who takes each pot: the variant says high, low, high-low or deuce to seven."""
    if len(in_hand) == 1:
        return award_high(pots, Alone(in_hand[0]), order)
    if deal.spec.win == "high-low":
        said = deal.declarations.made if deal.declarations is not None else None
        return award_high_low(pots, hands, order, said)
    if deal.spec.win == "low":
        return award_high(pots, LowWins(hands), order)
    if deal.spec.win == "deuce-to-seven":
        return award_high(pots, WorstWins(hands), order)
    return award_high(pots, hands, order)


def _result(
    deal: PokerDeal,
    final: list[int],
    rake: int,
    kitty: int,
    carried: int,
    *,
    void: bool,
    best: str | None,
    unopposed: int | None = None,
    bonus: Sequence[int] = (),
) -> PokerOutcome:
    changes = tuple(after - before for after, before in zip(final, deal.start_stacks, strict=True))
    return PokerOutcome(changes, rake, kitty, carried, void, best, unopposed, tuple(bonus))
