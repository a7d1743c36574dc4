"""What a finished poker deal did to the chips, and what the session needs to know of it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PokerOutcome:
    """What a deal did to the chips, and what the session needs to know of it."""

    changes: tuple[int, ...]
    rake: int
    kitty: int
    carried: int
    void: bool
    best_category: str | None
    won_unopposed_by: int | None
    bonus_seats: tuple[int, ...]
