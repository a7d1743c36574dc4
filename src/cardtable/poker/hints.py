"""The poker hint: the seat's equity against the hands the other players still in may hold.

**The model.** The other players' hands are random hands consistent with every card the seat
has seen: their face-down cards are dealt at random from the cards the seat has not been shown
(its own, every up card, the board shown, whatever it saw discarded or exposed are out of
that stock), and every card still to come — the rest of the board, the streets of a stud
game — is dealt at random too. No range is read from the betting: a bet is not evidence here.
A draw still to come is not modelled; hands are judged as they stand. Each layout of the others'
cards is settled by :func:`cardtable.poker.equity.equity` over ``boards`` boards (every board
when there are no more than that), with the variant's own showdown (its cards used, its hand
rules, high, low, high-low or deuce to seven), and the seat's share of the pot is averaged
over ``layouts`` layouts.

>>> from cardtable.engine import get_game, seeded_rng
>>> game = get_game("poker")
>>> match = game.new_match(game.rules("holdem"), ["a", "b"], None)
>>> deal = match.start_deal(seeded_rng(1))
>>> answer = equity_hint(deal, deal.to_move, seeded_rng(2), layouts=20, boards=20)
>>> answer.opponents, answer.samples, 0 < answer.equity < 1
(1, 20, True)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from math import comb
from typing import TypeVar

from cardtable.cards import Card, cards_text
from cardtable.engine.aids import Hint, HintUnavailable
from cardtable.engine.deal import Deal
from cardtable.poker.deal import PokerDeal
from cardtable.poker.equity import equity
from cardtable.poker.equity.compiled import kernel_mode, own_cards
from cardtable.poker.equity.evaluated import plain_showdown
from cardtable.poker.variants import VariantSpec

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

LAYOUTS = 100
"""Layouts of the other players' unseen cards a hint averages over by default."""

BOARDS = 50
"""Boards dealt for each layout by default."""

SLOW_LAYOUTS = 10
"""Layouts by default where only the rule-by-rule evaluator settles the showdown (Omaha high-low,
crisscross, wild cards): each board costs it milliseconds a hand, the kernels microseconds."""

SLOW_BOARDS = 10
"""Boards for each layout by default where only the rule-by-rule evaluator settles the showdown."""


@dataclass(frozen=True)
class EquityHint:
    """The seat's share of the pot at the showdown on average, and how often it wins or splits.

    ``opponents`` is the number of other players still in; ``samples`` the layouts of their
    cards, each over ``boards`` boards (``exact``: nothing the seat cannot see is left to deal).
    """

    seat: int
    cards: tuple[Card, ...]
    opponents: int
    equity: float
    win: float
    tie: float
    samples: int
    boards: int
    exact: bool

    def as_hint(self) -> Hint:
        """The hint as any interface lays it out."""
        how = (
            "exact: every card is known"
            if self.exact
            else f"{self.samples} layouts of their cards, {self.boards} boards each"
        )
        lines = (
            f"Help: your equity against {self.opponents} random hands consistent with the cards "
            f"you have seen ({how}).",
            f"{cards_text(self.cards)}: {self.equity:.1%} of the pot "
            f"(wins {self.win:.1%}, splits {self.tie:.1%}).",
        )
        return Hint("poker", self.seat, "equity", (), lines, self.samples, self.exact)


def game_hint(deal: Deal[A, V], seat: int, rng: random.Random, samples: int | None) -> Hint:
    """The poker hint for ``seat`` (:func:`equity_hint`) in the engine's common form."""
    if not isinstance(deal, PokerDeal):
        raise HintUnavailable("not a poker deal")
    return equity_hint(deal, seat, rng, layouts=samples).as_hint()


def equity_hint(
    deal: PokerDeal,
    seat: int,
    rng: random.Random,
    *,
    layouts: int | None = None,
    boards: int | None = None,
) -> EquityHint:
    """The equity of ``seat``'s cards against the others still in, from what ``seat`` knows.

    ``layouts`` and ``boards`` bound the work (by default :data:`LAYOUTS` × :data:`BOARDS`
    where the compiled kernels settle the variant's showdown, else :data:`SLOW_LAYOUTS` ×
    :data:`SLOW_BOARDS`). Raises :class:`HintUnavailable` when the deal is over, the seat is
    out of it, or alone in it.
    """
    if deal.is_over:
        raise HintUnavailable("the deal is over")
    view = deal.view(seat)
    own = (*view.down, *view.up[seat])
    fast = compiled_showdown(deal.spec, own)
    layouts = (LAYOUTS if fast else SLOW_LAYOUTS) if layouts is None else layouts
    boards = (BOARDS if fast else SLOW_BOARDS) if boards is None else boards
    if layouts < 1 or boards < 1:
        raise HintUnavailable("a hint needs at least one layout and one board")
    if seat not in view.in_hand:
        raise HintUnavailable(f"seat {seat} is not in the hand")
    others = [other for other in view.in_hand if other != seat]
    if not others:
        raise HintUnavailable(f"seat {seat} is alone in the hand")
    if len(view.in_hand) > 10:
        raise HintUnavailable("equity is worked out for ten hands at most")
    spec = deal.spec
    deck = spec.hands.deck().cards()
    seen = deal.cards_known_to(seat)
    stock = [card for card in deck if card not in seen]
    each = spec.cards_each()
    to_deal = {
        other: max(0, each - len(view.up[other]) - view.down_counts[other])
        for other in view.in_hand
    }
    hidden = {other: view.down_counts[other] for other in others}
    board_left = spec.board_size() - len(view.board)
    dealt_left = sum(to_deal.values()) + sum(hidden.values())
    exact = dealt_left == 0 and board_left == 0
    count = 1 if exact else layouts
    shares = wins = ties = 0.0
    for _ in range(count):
        order = list(stock)
        rng.shuffle(order)
        hands = _hands(
            view.in_hand, seat, own=own, up=view.up, hidden=hidden, to_deal=to_deal, order=order
        )
        rest = order[dealt_left:]
        # The board comes from ``rest`` alone: every other card is in a hand or out of play.
        live = {*rest, *view.board, *(card for hand in hands for card in hand)}
        result = equity(
            hands,
            board=view.board,
            dead=[card for card in deck if card not in live],
            variant=spec,
            trials=boards,
            seed=rng.getrandbits(31) + 1,
            exact=comb(len(rest), board_left) <= boards,
        )
        mine = result.hands[0]
        shares += mine.equity
        wins += mine.win
        ties += mine.tie
    return EquityHint(
        seat, own, len(others), shares / count, wins / count, ties / count, count, boards, exact
    )


def compiled_showdown(spec: VariantSpec, hand: Sequence[Card]) -> bool:
    """Whether the compiled kernels settle ``spec``'s showdown of hands like ``hand``.

    Jokers aside: a joker in play sends a board to the rule-by-rule evaluator.
    """
    if plain_showdown(spec):
        return kernel_mode(spec.hands, ()) is not None
    return own_cards(spec, spec.hands, (), [hand, hand], spec.board_size()) is not None


def _hands(
    live: Sequence[int],
    seat: int,
    *,
    own: tuple[Card, ...],
    up: Sequence[tuple[Card, ...]],
    hidden: dict[int, int],
    to_deal: dict[int, int],
    order: list[Card],
) -> list[tuple[Card, ...]]:
    """Each live hand, ``seat``'s first: its known cards and its share of ``order`` dealt."""
    cards = iter(order)
    hands = [(*own, *(next(cards) for _ in range(to_deal[seat])))]
    for other in live:
        if other != seat:
            more = hidden[other] + to_deal[other]
            hands.append((*up[other], *(next(cards) for _ in range(more))))
    return hands
