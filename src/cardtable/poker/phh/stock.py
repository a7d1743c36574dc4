"""The stock stacked so that the table deals exactly the cards a history shows.

Before each action the stock is stacked with the cards the history deals next, so a
reshuffle of the discards in a long draw replays as it was.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from itertools import count
from typing import Any

from cardtable.cards import Card, cards_text
from cardtable.engine.deal import Event
from cardtable.errors import RecordError
from cardtable.poker.actions import Discard, TableAction
from cardtable.poker.deal import PokerDeal
from cardtable.poker.phh.hand import PhhAction, PhhHand, phh_cards

Target = int | str
"""Where the table puts a card it takes from the stock: a seat, ``"board"`` or ``"burn"``."""


class CardQueue:
    """The cards of the history, queued for the table to take in its own order.

    Each card the history deals is queued for its seat (or the board). An unknown card is a
    token until a ``sm`` shows it; tokens never shown are given cards the history never names.
    """

    def __init__(self, deck: Sequence[Card]) -> None:
        self.deck = tuple(deck)
        self.queues: dict[Target, list[Card | int]] = {}
        self.resolved: dict[int, Card] = {}
        self.unknown: set[Card] = set()
        self.discards: dict[int, list[Card | int]] = {}
        self.spare: list[Card] = []
        self.brought_in = False
        """Whether the history's bring-in (``pb``, or the completion) has been read."""

    @classmethod
    def of_events(cls, events: Sequence[Event], deck: Sequence[Card]) -> CardQueue:
        """The cards a deal at the table dealt, queued as its events show them."""
        dealing = cls(deck)
        for event in events:
            target = target_of(event)
            if target is not None and target != "burn":
                dealing.queues.setdefault(target, []).extend(event.cards)
        return dealing

    @classmethod
    def of_hand(cls, hand: PhhHand, deck: Sequence[Card]) -> CardQueue:
        """The cards a PHH hand deals, unknown ones as tokens."""
        dealing = cls(deck)
        dealing.read(hand)
        return dealing

    def read(self, hand: PhhHand) -> None:
        """Queue the cards of ``hand``; note its discards; resolve what ``sm`` shows."""
        held: dict[int, list[Card | int]] = {}
        tokens = count()
        for number, action in enumerate(hand.actions):
            if action.verb in ("dh", "db"):
                dealt = [card if card is not None else next(tokens) for card in action.cards]
                target: Target = "board" if action.to is None else action.to
                self.queues.setdefault(target, []).extend(dealt)
                if action.to is not None:
                    held.setdefault(action.to, []).extend(dealt)
            elif action.verb == "sd" and action.seat is not None:
                self.discards[number] = self._discard(held.setdefault(action.seat, []), action)
            elif action.verb == "sm" and action.seat is not None:
                self._show(held.get(action.seat, []), action.cards)
        named = {card for queue in self.queues.values() for card in queue if isinstance(card, Card)}
        named |= set(self.resolved.values())
        self.spare = [card for card in self.deck if card not in named]

    def _discard(self, hand: list[Card | int], action: PhhAction) -> list[Card | int]:
        thrown: list[Card | int] = []
        for card in action.cards:
            if card is not None and card in hand:
                hand.remove(card)
                thrown.append(card)
                continue
            token = next((held for held in hand if isinstance(held, int)), None)
            if token is None:
                raise RecordError(f"PHH action {action.text!r}: the player holds no such card")
            hand.remove(token)
            if card is not None:
                self.resolved[token] = card
            thrown.append(card if card is not None else token)
        return thrown

    def _show(self, hand: list[Card | int], shown: Sequence[Card | None]) -> None:
        for card in shown:
            if card is None or card in hand:
                continue
            token = next((held for held in hand if isinstance(held, int)), None)
            if token is not None and card not in self.resolved.values():
                self.resolved[token] = card
                hand[hand.index(token)] = card

    def card(self, item: Card | int) -> Card:
        """The card of a queued card or token (a token never shown gets a spare card)."""
        if isinstance(item, Card):
            return item
        if item not in self.resolved:
            if not self.spare:
                raise RecordError("the history's unknown cards need more cards than the deck has")
            self.resolved[item] = self.spare.pop(0)
            self.unknown.add(self.resolved[item])
        return self.resolved[item]

    def next_for(self, target: Target) -> Card | None:
        """The next card the history deals to ``target`` (``None``: any card will do)."""
        if target == "burn":
            return None
        queue = self.queues.get(target, [])
        if not queue:
            who = "the board" if target == "board" else f"p{int(target) + 1}"
            raise RecordError(f"the table deals {who} more cards than the history shows")
        return self.card(queue.pop(0))

    def left_over(self) -> str | None:
        """The first target the history deals cards the table never dealt, or ``None``."""
        for target, queue in self.queues.items():
            if queue:
                return "the board" if target == "board" else f"p{int(target) + 1}"
        return None


def play_stacked(deal: PokerDeal, dealing: CardQueue, move: TableAction) -> tuple[Event, ...]:
    """Play ``move``, the stock stacked so that the table deals the history's next cards.

    A copy of the deal plays ``move`` first, to see which cards the table takes and where
    they go. The discards join the stock; so do the folded hands when the history deals
    one of their cards, as the seed's reshuffle (and PokerKit's) puts them back.
    """
    if not _may_deal(deal, move):
        return deal.apply(move)
    probe = _scratch_copy(deal)
    folded = [seat for seat in range(deal.seats) if deal.betting.folded[seat]]
    mucked = [card for seat in folded for card in deal.hands[seat].cards]
    # PokerKit deals a draw's cards after every discard of it, so a player may be dealt back
    # his own discards once the stock is out; the table draws each player at once.
    own = list(move.cards) if isinstance(move, Discard) else []
    pool = [*deal.table.stock, *deal.table.discards, *mucked, *own]
    probe.table.stock, probe.table.discards = list(pool), []
    for seat in folded:
        probe.hands[seat] = type(probe.hands[seat])()
    stock, taken = stacked(dealing, pool, probe.apply(move))
    dealt = set(stock[:taken])
    if dealt.isdisjoint(mucked):
        stock = [card for card in stock if card not in set(mucked)]
    else:
        for seat in folded:
            deal.hands[seat] = type(deal.hands[seat])()
    stock = [card for card in stock if card not in own or card in dealt]
    deal.table.stock, deal.table.discards = stock, []
    events = deal.apply(move)
    if own:
        deal.table.discards = [card for card in deal.table.discards if card not in dealt]
    return events


def _may_deal(deal: PokerDeal, move: TableAction) -> bool:
    """Whether ``move`` may make the table deal: a draw, or a bet that ends its round."""
    seat = deal.to_move
    if deal.phase != "bet" or seat is None:
        return True
    limits, rules = deal.betting.limits, deal.betting.rules
    betting = copy.deepcopy(deal.betting, {id(limits): limits, id(rules): rules})
    betting.act(seat, move)
    return betting.round_over


def _scratch_copy(deal: PokerDeal) -> PokerDeal:
    """A copy of ``deal`` to try a move on, sharing what a move never changes.

    The rules, the judge and the cards are shared, which makes it many times cheaper.
    """
    shared: list[Any] = [deal.rules, deal.judge, deal.spec, deal.setup, *deal.setup.deck]
    shared += [value for value in vars(deal.rules).values()]
    memo: dict[int, Any] = {id(value): value for value in shared}
    memo[id(deal.events)] = []
    memo[id(deal.history)] = list(deal.history)
    memo[id(deal.table.rng)] = random.Random(0)  # a generator's state is the dearest part to copy
    probe: PokerDeal = copy.deepcopy(deal, memo)
    return probe


def stacked(
    dealing: CardQueue, pool: list[Card], events: Sequence[Event]
) -> tuple[list[Card], int]:
    """``pool`` stacked for the table to take the history's cards, and how many it takes.

    ``events`` are what the table did with ``pool`` as its stock: the place in ``pool`` of
    each card it dealt says when it was taken, and the event says where it went.
    """
    place = {card: index for index, card in enumerate(pool)}
    taken: dict[int, Target] = {}
    for event in events:
        target = target_of(event)
        if target is None:
            continue
        for card in event.cards:
            if card in place:
                taken[place[card]] = target
    stock: list[Card | None] = [None] * (max(taken) + 1 if taken else 0)
    for index in sorted(taken):
        stock[index] = dealing.next_for(taken[index])
    placed = [card for card in stock if card is not None]
    wanted = set(placed)
    if len(wanted) != len(placed):
        twice = next(card for card in placed if placed.count(card) > 1)
        raise RecordError(f"the history deals {phh_cards([twice])} twice")
    missing = wanted - set(pool)
    if missing:
        named = cards_text(sorted(missing, key=lambda c: (c.rank, c.suit)), "ascii")
        raise RecordError(
            f"the history deals {named}, which is not in the deck at that point (a player "
            "holds it; PokerKit deals a draw after every discard, the table player by player)"
        )
    rest = iter(card for card in pool if card not in wanted)
    return [card if card is not None else next(rest) for card in stock] + list(rest), len(stock)


def target_of(event: Event) -> Target | None:
    """Where ``event`` put the cards it took from the stock, or ``None``."""
    if event.kind in ("deal", "draw") and event.seat is not None and event.cards:
        return event.seat
    if event.kind == "board" and event.cards:
        return "board"
    if event.kind == "burn":
        return "burn"
    return None
