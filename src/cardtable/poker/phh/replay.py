"""A PHH hand played at the table, and a table's deal exported as PHH and read back.

Unknown cards (``??``) are any cards the history does not name; a hand shown as unknown
(``p2 sm ????``) can win nothing, as in PokerKit. The finishing stacks are the table's; a
file whose ``finishing_stacks`` disagree is refused, naming the seat and both amounts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from cardtable.cards import Card
from cardtable.engine.deal import DealSetup
from cardtable.errors import CardtableError, IllegalAction, RecordError
from cardtable.poker.actions import AllIn, Bet, Call, Check, Discard, Fold, RaiseTo, TableAction
from cardtable.poker.deal import PokerDeal
from cardtable.poker.judge import CardJudge, HandJudge, showdown_judge
from cardtable.poker.phh.hand import PhhAction, PhhHand
from cardtable.poker.phh.reading import parse_phh
from cardtable.poker.phh.stock import CardQueue, play_stacked, stacked
from cardtable.poker.phh.variants import phh_rules
from cardtable.poker.phh.writing import phh_text
from cardtable.poker.pots import HandOrder, Pot, Share


@dataclass(frozen=True)
class PhhReplay:
    """A PHH hand played at the table: its deal, and the stacks it ends with (in chips)."""

    hand: PhhHand
    deal: PokerDeal
    finishing_stacks: tuple[int, ...]

    def export(self) -> str:
        """The hand written again as PHH from the table's play (amounts in chips)."""
        return export_phh(self.deal, bring_in=self.hand.bring_in or None)

    @property
    def finishing_amounts(self) -> tuple[Decimal, ...]:
        """The finishing stacks in the file's currency."""
        return tuple(self.hand.amount(chips) for chips in self.finishing_stacks)


class _UnknownCards:
    """A judge for which a hand holding a card nobody saw is no hand: it wins nothing.

    PokerKit reads ``p2 sm ????`` so; the table deals such a player some card the history
    does not name, and this judge ranks any hand holding one below every real hand.
    """

    def __init__(self, judge: CardJudge, unknown: set[Card], *, worst_wins: bool) -> None:
        self.judge = judge
        self.unknown = unknown
        self.worst_wins = worst_wins

    def high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int:
        """The judge's value; for a hand with an unknown card, the least (or, 2-7, the most)."""
        if self.unknown.intersection(cards):
            return 1 << 62 if self.worst_wins else -(1 << 62)
        return self.judge.high(cards, wild)

    def low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int | None:
        """The judge's low value; a hand with an unknown card has none."""
        if self.unknown.intersection(cards):
            return None
        return self.judge.low(cards, wild)

    def category(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        """The judge's category of the hand."""
        return self.judge.category(cards, wild)


class _PhhDeal(PokerDeal):
    """A deal read from PHH, whose odd chips go as PokerKit gives them.

    The seed splits each pot alone, odd chips in showdown order from the called player.
    PokerKit splits the chips that the same players win together, and gives the odd chips to
    the winner nearest the dealer's left (the lowest ``pN``).
    """

    def award(
        self, pots: Sequence[Pot], hands: HandOrder, in_hand: list[int], order: list[int]
    ) -> list[Share]:
        """The table's award in the order of the seats, odd chips split as PokerKit does."""
        shares = super().award(pots, hands, in_hand, sorted(order))
        if self.spec.win == "high-low":
            return shares
        winners: dict[int, frozenset[int]] = {}
        for share in shares:
            winners[share.pot] = winners.get(share.pot, frozenset()) | {share.seat}
        totals: dict[frozenset[int], list[Share]] = {}
        for share in shares:
            totals.setdefault(winners[share.pot], []).append(share)
        merged = []
        for seats, won in totals.items():
            base, odd = divmod(sum(share.amount for share in won), len(seats))
            merged += [
                Share(won[0].pot, won[0].side, seat, base + (odd if seat == min(seats) else 0))
                for seat in sorted(seats)
            ]
        return merged


def replay_phh(hand: PhhHand) -> PhhReplay:
    """Play ``hand`` at the table and return the stacks it ends with.

    A file with ``finishing_stacks`` that disagree with the play is refused.
    """
    rules = phh_rules(hand)
    players = len(hand.starting_stacks)
    dealing = CardQueue.of_hand(hand, tuple(rules.variant.hands.deck().cards()))
    win = rules.variant.win
    base = showdown_judge(HandJudge(rules.variant.hands, rules.variant.low_qualifier), win)
    judge = _UnknownCards(base, dealing.unknown, worst_wins=win == "deuce-to-seven")

    def new_deal(deck: Sequence[Card]) -> PokerDeal:
        setup = DealSetup(players - 1, tuple(deck), 0)
        stacks = list(hand.starting_stacks)
        return _PhhDeal(players, setup, rules, judge, stacks=stacks, in_deal=[True] * players)

    try:
        probe = new_deal(dealing.deck)
        deal = new_deal(stacked(dealing, list(dealing.deck), probe.events)[0])
    except IllegalAction as error:
        raise RecordError(f"the hand cannot be dealt at the table: {error}") from None
    for number, action in enumerate(hand.actions):
        _play(deal, dealing, number, action)
    if not deal.is_over:
        raise RecordError("the hand history ends before the deal does")
    extra = dealing.left_over()
    if extra is not None:
        raise RecordError(f"the history deals {extra} cards the table never deals")
    finishing = tuple(
        start + change
        for start, change in zip(hand.starting_stacks, deal.outcome().changes, strict=True)
    )
    _check_finishing(hand, finishing)
    return PhhReplay(hand, deal, finishing)


def export_phh(
    deal: PokerDeal,
    stacks: Sequence[int] | None = None,
    names: Sequence[str] = (),
    *,
    bring_in: int | None = None,
) -> str:
    """A finished deal as a PHH hand (:func:`phh_text`), read back before it is returned.

    A deal PHH cannot express as played (a variant without a code, blinds that were not
    given their option) is refused in one line.
    """
    text = phh_text(deal, stacks, names, bring_in=bring_in)
    try:
        replay_phh(parse_phh(text))
    except CardtableError as error:
        raise IllegalAction(f"PHH cannot express this deal as it was played: {error}") from None
    return text


def _check_finishing(hand: PhhHand, finishing: Sequence[int]) -> None:
    if hand.finishing_stacks is None:
        return
    for seat, (played, stated) in enumerate(zip(finishing, hand.finishing_stacks, strict=True)):
        if played != stated:
            raise RecordError(
                f"finishing_stacks: p{seat + 1} ends with {hand.amount_text(played)} at the "
                f"table, the file says {hand.amount_text(stated)}"
            )


def _play(deal: PokerDeal, dealing: CardQueue, number: int, action: PhhAction) -> None:
    """Play the history's action ``number`` at the table (dealer's actions are queued)."""
    if action.seat is None or action.verb == "sm":
        return
    where = f"PHH action {number + 1} ({action.text[:60]!r})"
    if deal.is_over:
        raise RecordError(f"{where}: the deal is already over")
    if action.verb == "pb" or (action.verb == "cbr" and _is_bring_in(deal, action)):
        if not deal.rules.forced.bring_in or dealing.brought_in or deal.history:
            raise RecordError(f"{where}: there is no bring-in to post now")
        if deal.first_bettor != action.seat:
            raise RecordError(f"{where}: p{(deal.first_bettor or 0) + 1} brings in at the table")
        dealing.brought_in = True
        return
    if deal.to_move != action.seat:
        mover = "nobody" if deal.to_move is None else f"p{deal.to_move + 1}"
        raise RecordError(f"{where}: it is {mover}'s turn, not p{action.seat + 1}'s")
    move = _table_action(deal, dealing, number, action)
    reason = deal.why_illegal(move)
    if reason is not None:
        raise RecordError(f"{where}: {reason}")
    try:
        play_stacked(deal, dealing, move)
    except IllegalAction as error:
        raise RecordError(f"{where}: {error}") from None


def _is_bring_in(deal: PokerDeal, action: PhhAction) -> bool:
    """Whether a ``cbr`` is the bring-in player's completion, which the table posted."""
    return bool(deal.rules.forced.bring_in) and not deal.history and deal.to_move != action.seat


def _table_action(
    deal: PokerDeal, dealing: CardQueue, number: int, action: PhhAction
) -> TableAction:
    """The table action of one PHH player action."""
    seat = action.seat
    assert seat is not None
    if action.verb == "f":
        return Fold()
    if action.verb == "cc":
        return Check() if deal.phase == "bet" and deal.betting.owed(seat) == 0 else Call()
    if action.verb == "sd":
        thrown = [dealing.card(item) for item in dealing.discards.get(number, [])]
        return Discard(tuple(thrown))
    current = deal.betting.round
    if current is None:
        return Bet(action.amount)
    put = action.amount - current.bets[seat]
    if put >= deal.betting.stacks[seat]:
        return AllIn()
    return Bet(action.amount) if current.high == 0 else RaiseTo(action.amount)
