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
    dealer: int
    """The seat that deals (the button)."""
    pots: tuple[int, ...]
    """The main pot, then each side pot, as they stand (one pot until a player is all-in)."""
    wild: tuple[Card, ...]
    """The cards this seat sees that are wild for him: the rules' wild cards and the deal's."""
    down_counts: tuple[int, ...]
    """How many cards each seat holds face down: what everyone at the table sees of them."""


@dataclass(frozen=True)
class PokerPublicView:
    """What a spectator may know: :class:`PokerView` without ``seat`` and ``down``.

    Of the wild cards, only those every player knows to be wild.
    """

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
    dealer: int
    """The seat that deals (the button)."""
    pots: tuple[int, ...]
    """The main pot, then each side pot, as they stand (one pot until a player is all-in)."""
    down_counts: tuple[int, ...]
    """How many cards each seat holds face down: what everyone at the table sees of them."""
    wild: tuple[Card, ...]
    """The cards face up that are wild for everyone: the rules' wild cards and those the board
    fixes (a wild card fixed by a player's hole card is his alone, and would tell it)."""
