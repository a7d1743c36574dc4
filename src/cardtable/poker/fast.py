"""The typed face of the compiled kernel: standard high hands, one at a time or in batches.

The kernel ranks hands exactly as :func:`cardtable.poker.hands.evaluate` does for rules
without wild cards, special hands or low hands (a stripped deck is fine); its values are
plain integers, larger is better, comparable only with one another.

>>> from cardtable.cards import parse_cards
>>> hand_value(parse_cards("A♠ A♦ K♣ 7♥ 2♠")) > hand_value(parse_cards("K♠ K♦ A♣ 7♥ 2♠"))
True
>>> kernel_category(hand_value(parse_cards("5♠ 4♦ 3♣ 2♥ A♠ K♦ 9♦"))).value
'straight'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from operator import attrgetter
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.cards import Card
from cardtable.poker import rank_tables
from cardtable.poker.hands import Category, HandError
from cardtable.poker.rules import HandRules

_CATEGORIES = (
    Category.HIGH_CARD,
    Category.ONE_PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)


def kernels() -> ModuleType:
    """The compiled kernel module, imported (and compiled or loaded from cache) on first use."""
    from cardtable.poker import _kernels  # noqa: PLC0415 - numba is slow to import

    return _kernels


PARALLEL_WORK = 200_000
"""Fewest hand valuations worth waking a second thread for (waking one can cost more)."""


@contextmanager
def threads_for(work: int) -> Iterator[None]:
    """Run the kernels inside on one thread when ``work`` valuations are too few to share."""
    if work >= PARALLEL_WORK:
        yield
        return
    from numba import get_num_threads, set_num_threads  # noqa: PLC0415 - numba on demand

    before = get_num_threads()
    set_num_threads(1)
    try:
        yield
    finally:
        set_num_threads(before)


def kernel_supports(rules: HandRules) -> bool:
    """Whether the kernel ranks hands as ``rules`` do.

    That is high hands of five without wild cards, four flush or blaze; a stripped deck is
    supported.
    """
    return (
        not rules.wild
        and rules.deal_wild == "none"
        and rules.low == "none"
        and rules.hand_size == 5
        and not rules.four_flush
        and not rules.blaze
    )


@lru_cache(maxsize=16)
def tables(ranks: tuple[int, ...]) -> tuple[Any, Any, Any]:
    """The kernel's lookup tables for a deck of ``ranks``."""
    return rank_tables.tables(ranks)


_BIT = attrgetter("bit")


def _bits(cards: Iterable[Card]) -> int:
    """The sum of the cards' bits: their mask, as the cards differ (adding is faster)."""
    if type(cards) is tuple or type(cards) is list:
        # unpacked, the common sizes skip the loop: a third of a one-hand call
        if len(cards) == 7:
            a, b, c, d, e, f, g = cards
            return a.bit + b.bit + c.bit + d.bit + e.bit + f.bit + g.bit
        if len(cards) == 5:
            a, b, c, d, e = cards
            return a.bit + b.bit + c.bit + d.bit + e.bit
    mask: int = sum(map(_BIT, cards))
    return mask


_NO_WILD = "the fast evaluator has no wild cards; use evaluate() with rules"


def card_mask(cards: Iterable[Card]) -> int:
    """The kernel's bitmask of ``cards`` (which must differ): bit ``16 × suit + rank − 2`` each."""
    mask = _bits(cards)
    if mask >> 64:
        raise HandError(_NO_WILD)
    return mask


def hand_value(cards: Iterable[Card] | int, rules: HandRules | None = None) -> int:
    """The value of the best five of ``cards`` (or of a :func:`card_mask`)."""
    if rules is None or not rules.stripped:
        kind = type(cards)
        # The common calls, unpacked in place: seven or five small numbers cross from Python to
        # the kernel more cheaply than one 64-bit mask built in Python (a call more costs more).
        if kind is list or kind is tuple:
            count = len(cards)  # type: ignore[arg-type]
            if count == 7:
                a, b, c, d, e, f, g = cards  # type: ignore[misc]
                value = (_seven or _seven_value())(
                    a.index, b.index, c.index, d.index, e.index, f.index, g.index
                )
                if value >= 0:
                    return value
                raise HandError(_NO_WILD)
            if count == 5:
                a, b, c, d, e = cards  # type: ignore[misc]
                value = (_five or _five_value())(a.index, b.index, c.index, d.index, e.index)
                if value >= 0:
                    return value
                raise HandError(_NO_WILD)
        one = _standard or standard_value()
        if isinstance(cards, int):
            return one(cards)
        else:
            mask = _bits(cards)
        if mask >> 64:
            raise HandError(_NO_WILD)
        return one(mask)
    _require(rules)
    mask = cards if isinstance(cards, int) else card_mask(cards)
    return int(kernels().value_of_mask(mask, *tables(_ranks(rules))))


def standard_value() -> Callable[[int], int]:
    """The compiled one-hand call for the full deck: card mask in, value out.

    The fastest way to rank one hand from Python: ``standard_value()(card_mask(cards))``.
    It is the compiled code's own entry, past numba's choice among signatures.
    """
    global _standard  # noqa: PLW0603 - the compiled call, found once
    if _standard is None:
        _standard = _entry_point(kernels().standard_value, 0)
    return _standard


def _seven_value() -> Callable[..., int]:
    """The compiled call that ranks seven cards given by their indices."""
    global _seven  # noqa: PLW0603 - the compiled call, found once
    if _seven is None:
        _seven = _entry_point(kernels().seven_value, *range(7))
    return _seven


def _five_value() -> Callable[..., int]:
    """The compiled call that ranks five cards given by their indices."""
    global _five  # noqa: PLW0603 - the compiled call, found once
    if _five is None:
        _five = _entry_point(kernels().five_value, *range(5))
    return _five


def _entry_point(dispatcher: Any, *example: int) -> Any:
    """The compiled code's own entry of ``dispatcher`` (past numba's choice among signatures)."""
    dispatcher(*example)
    compiled = dispatcher.overloads.get(dispatcher.signatures[0])
    return getattr(compiled, "entry_point", dispatcher)


_standard: Callable[[int], int] | None = None
_seven: Callable[..., int] | None = None
_five: Callable[..., int] | None = None


def hand_values(
    hands: npt.NDArray[np.uint8], rules: HandRules | None = None
) -> npt.NDArray[np.int32]:
    """The value of every row of ``hands``: five or more card indices (``Card.index``).

    The cards of a row must differ; they are not checked, for speed.
    """
    rules = rules or HandRules()
    _require(rules)
    if np.ndim(hands) == 2 and np.shape(hands)[1] < 5:
        raise HandError("a hand needs five cards")
    values: npt.NDArray[np.int32] = kernels().values_of_hands(
        _indices(hands), *tables(_ranks(rules))
    )
    return values


def _indices(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    array = np.ascontiguousarray(hands, dtype=np.uint8)
    if array.ndim != 2 or (array.size and int(array.max()) > 51):
        raise HandError("hands must be a 2-D array of card indices 0..51")
    return array


def hand_masks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """The :func:`card_mask` of every row of card indices, for :func:`mask_values`."""
    masks: npt.NDArray[np.int64] = kernels().masks_of_hands(_indices(hands))
    return masks


def mask_values(
    masks: npt.NDArray[np.int64], rules: HandRules | None = None
) -> npt.NDArray[np.int32]:
    """The value of every card mask of ``masks`` (see :func:`hand_masks`)."""
    rules = rules or HandRules()
    _require(rules)
    array = np.ascontiguousarray(masks, dtype=np.int64)
    values: npt.NDArray[np.int32] = kernels().values_of_masks(array, *tables(_ranks(rules)))
    return values


def low_values(hands: npt.NDArray[np.uint8], rules: HandRules) -> npt.NDArray[np.int64]:
    """The low value (larger is lower) of every row of card indices, five cards or more.

    ``rules.low`` chooses lowball or the high-low low; no wild cards or stripped deck.
    """
    if rules.low == "none" or rules.wild or rules.deal_wild != "none" or rules.stripped:
        raise HandError("the fast low evaluator needs low rules without wild cards")
    array = _indices(hands)
    if array.shape[1] < 5:
        raise HandError("a low hand needs five cards")
    _, _, count = tables(_ranks(rules))
    values: npt.NDArray[np.int64] = kernels().low_values_of_hands(
        array, rules.low == "high-low", count
    )
    return values


def kernel_category(value: int) -> Category:
    """The category of a kernel value (a royal flush is reported as a straight flush)."""
    return _CATEGORIES[value >> 26]


def _ranks(rules: HandRules) -> tuple[int, ...]:
    return tuple(int(rank) for rank in rules.ranks)


def _require(rules: HandRules) -> None:
    if not kernel_supports(rules):
        raise HandError("the fast evaluator ranks standard high hands only; use evaluate()")
