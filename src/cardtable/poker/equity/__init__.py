"""Equity: how often each hand wins, ties, and what share of the pot it takes on average.

Known hands, a partial board and dead cards are given; the rest of the board is dealt every
possible way when that is few enough boards (exact), or at random with a seed otherwise
(Monte Carlo). Standard high rules go through the compiled kernel; any other rules (wild
cards, low, high-low, three-card) through :mod:`cardtable.poker.hands`. A ``variant`` brings
its own showdown: the cards a hand may use (Omaha's two and three, crisscross's lines), its
hand rules, who wins (high, low, high-low halves, deuce to seven) and a low's qualifier.

The rooms: ``result`` (:class:`EquityResult`), ``compiled`` (the kernels' way) and
``evaluated`` (the rule-by-rule way); :func:`equity` chooses between them.

>>> from cardtable.cards import parse_cards
>>> result = equity([parse_cards("A♥ K♥"), parse_cards("Q♠ Q♦")],
...                 board=parse_cards("2♣ 7♦ 9♥ J♥"))
>>> result.exact, result.boards, round(result.hands[0].equity, 4)
(True, 44, 0.3409)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb

from cardtable.cards import Card
from cardtable.errors import CardParseError
from cardtable.poker.equity.compiled import (
    SPLIT_COST,
    compiled_equity,
    compiled_without_numba,
    kernel_mode,
    own_cards,
    split_hand_equity,
)
from cardtable.poker.equity.evaluated import evaluated_equity, plain_showdown, pot_shares_by
from cardtable.poker.equity.result import EquityResult, HandEquity, Progress
from cardtable.poker.hands import HandError
from cardtable.poker.rules import HandRules
from cardtable.poker.variants import VariantSpec

FAST_EXACT_LIMIT = 3_000_000
"""Most boards the kernel enumerates rather than samples (a few tenths of a second)."""


SLOW_EXACT_LIMIT = 5_000
"""Most boards the rule-by-rule evaluator enumerates."""


MOST_EXACT_BOARDS = 1_000_000_000
"""Most boards ``exact=True`` may enumerate (C(48, 8) is 377 million): more would never end."""


FAST_TRIALS = 200_000
"""Boards sampled by default with the kernel."""


SLOW_TRIALS = 5_000
"""Boards sampled by default with the rule-by-rule evaluator (about a millisecond a hand)."""


def equity(
    hands: Sequence[Sequence[Card]],
    *,
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    rules: HandRules | None = None,
    board_size: int | None = None,
    trials: int | None = None,
    seed: int = 1,
    exact: bool | None = None,
    progress: Progress | None = None,
    variant: VariantSpec | None = None,
    starting: Callable[[], object] | None = None,
) -> EquityResult:
    """The equity of two to ten ``hands`` with ``board_size`` shared cards to come.

    ``exact`` forces enumeration (True) or sampling (False); by default the boards are
    enumerated when they are few enough, and otherwise ``trials`` boards are sampled with
    ``seed`` (by default 200,000 with the kernel, 5,000 when the rules need the rule-by-rule
    evaluator), so the same arguments always give the same answer.

    With a ``variant`` its hand rules replace ``rules``, its board size is the default, and
    each board is settled as its showdown settles a pot, the cards speaking in high-low: a
    half pot is a share of one half (``tie``), the whole pot a ``win``.

    ``starting`` is called once the arguments are found good, before any kernel runs (so a
    command can say that a cold cache compiles now, and bad input stays one line); not when
    the count runs on the counter compiled ahead of time (:mod:`cardtable.poker.aot`).
    """
    if variant is not None:
        _refuse_short_hands(hands, variant)
        rules = variant.hands
        board_size = variant.board_size() if board_size is None else board_size
    rules = rules or HandRules()
    board_size = 5 if board_size is None else board_size
    if not 2 <= len(hands) <= 10:
        raise HandError(f"equity needs two to ten hands, not {len(hands)}")
    if len(board) > board_size:
        raise HandError(f"the board has {len(board)} cards, more than {board_size}")
    if trials is not None and trials < 1:
        raise HandError("trials must be at least 1")
    known = [card for hand in hands for card in hand] + list(board) + list(dead)
    _refuse_twice(known)
    deck = [card for card in rules.deck().cards() if card not in set(known)]
    need = board_size - len(board)
    if need > len(deck):
        raise HandError(f"{need} board cards are needed but only {len(deck)} remain")
    boards = comb(len(deck), need)
    if exact and boards > MOST_EXACT_BOARDS:
        raise HandError(f"{boards:,} boards are too many to enumerate; sample them instead")
    own = own_cards(variant, rules, known, hands, board_size)
    mode = kernel_mode(rules, known) if plain_showdown(variant) else None
    fast = mode is not None or own is not None
    limit = FAST_EXACT_LIMIT if fast else SLOW_EXACT_LIMIT
    if own is not None:
        limit //= SPLIT_COST * len(hands) // 2
    enumerate_all = exact if exact is not None else boards <= limit
    if starting is not None and not (
        own is None and enumerate_all and compiled_without_numba(mode, hands, board, need)
    ):
        starting()
    if trials is None:
        trials = FAST_TRIALS if fast else SLOW_TRIALS
    if own is not None:
        return split_hand_equity(
            hands,
            own=own,
            board=board,
            deck=deck,
            need=need,
            rules=rules,
            trials=None if enumerate_all else trials,
            seed=seed,
        )
    if mode is not None:
        return compiled_equity(
            hands,
            mode=mode,
            board=board,
            deck=deck,
            need=need,
            rules=rules,
            exact=enumerate_all,
            trials=trials,
            seed=seed,
            progress=progress,
        )
    return evaluated_equity(
        hands,
        shares_of=pot_shares_by(rules, variant),
        board=board,
        deck=deck,
        need=need,
        rules=rules,
        exact=enumerate_all,
        trials=trials,
        seed=seed,
        progress=progress,
    )


def _refuse_short_hands(hands: Sequence[Sequence[Card]], variant: VariantSpec) -> None:
    """Refuse a hand with fewer cards of its own than ``variant``'s final hand must use."""
    need = variant.hole_exactly
    if need and any(len(hand) < need for hand in hands):
        raise HandError(f"{variant.name}: each hand must have {need} cards of its own at least")


def _refuse_twice(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardParseError(f"card given twice: {card.text()}")
        seen.add(card)


__all__ = [
    "FAST_EXACT_LIMIT",
    "FAST_TRIALS",
    "MOST_EXACT_BOARDS",
    "SLOW_EXACT_LIMIT",
    "SLOW_TRIALS",
    "EquityResult",
    "HandEquity",
    "Progress",
    "equity",
]
