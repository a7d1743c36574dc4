"""What one seat of a poker deal may know, as the deal shows it to him."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import Card


@dataclass(frozen=True)
class PokerView:
    """All that one seat may know: its cards, the face-up cards, the chips and the turn."""

    seat: int
    variant: str
    win: str
    """How the deal is won (the variant's ``win``; lowball once an unopened jacks deal turns)."""
    phase: str
    down: tuple[Card, ...]
    up: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    board_down: int
    shown: tuple[tuple[Card, ...], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    in_hand: tuple[int, ...]
    to_move: int | None
    round_index: int
    declarations: tuple[tuple[int, str], ...]
    seating: tuple[int, ...]
    """The seats in the deal's seating order, clockwise: each sits left of the one before."""


@dataclass(frozen=True)
class PokerPublicView:
    """What a spectator may know: :class:`PokerView` without ``seat`` and ``down``."""

    variant: str
    win: str
    phase: str
    up: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    board_down: int
    shown: tuple[tuple[Card, ...], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    in_hand: tuple[int, ...]
    to_move: int | None
    round_index: int
    declarations: tuple[tuple[int, str], ...]
    seating: tuple[int, ...]
