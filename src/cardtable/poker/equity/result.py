"""What an equity comes to: each hand's wins, ties and share of the pot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.cards import Card

Progress = Callable[[int, int], None]
"""Called with (boards done, boards in all) as the work goes on."""


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's results: ``win`` alone, ``tie`` (a share of the pot) and ``equity``."""

    cards: tuple[Card, ...]
    win: float
    tie: float
    equity: float


@dataclass(frozen=True, slots=True)
class EquityResult:
    """Every hand's equity, the boards dealt, and whether they were all of them."""

    hands: tuple[HandEquity, ...]
    boards: int
    exact: bool


def tallied(
    hands: Sequence[Sequence[Card]],
    *,
    wins: Sequence[float],
    ties: Sequence[float],
    shares: Sequence[float],
    boards: int,
    exact: bool,
) -> EquityResult:
    """The equity of ``hands`` from their tallies over ``boards`` boards."""
    return EquityResult(
        tuple(
            HandEquity(tuple(hand), wins[i] / boards, ties[i] / boards, shares[i] / boards)
            for i, hand in enumerate(hands)
        ),
        boards,
        exact,
    )
