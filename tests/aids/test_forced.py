"""Forced moves (cardtable.engine.forced): what a table may auto-play."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine import Deal, DealSetup, Event, SomeMatch, get_game, public_event, seeded_rng
from cardtable.engine.forced import forced_move


class Gate(Deal[str, tuple[int, str]]):
    """A one-move deal: seat 0 goes ``left`` or ``right``; ``same`` makes the two alike."""

    def __init__(self, same: bool) -> None:
        super().__init__(1, DealSetup(0, ()))
        self.same = same
        self.went = ""

    @property
    def to_move(self) -> int | None:
        """Seat 0 until he has moved."""
        return None if self.went else 0

    def legal_actions(self) -> Sequence[str]:
        """Both ways."""
        return ["left", "right"]

    def why_illegal(self, action: str) -> str | None:
        """Only the two ways."""
        return None if action in ("left", "right") else "go left or right"

    def _do(self, action: str) -> list[Event]:
        self.went = "out" if self.same else action
        return [public_event("go", 0, "seat 0 goes out" if self.same else f"seat 0 goes {action}")]

    def view(self, seat: int) -> tuple[int, str]:
        """Where seat 0 went."""
        return (seat, self.went)

    def public_view(self) -> object:
        """Where seat 0 went."""
        return self.went

    def outcome(self) -> object:
        """Where seat 0 went."""
        return self.went


def test_moves_that_leave_every_view_the_same_are_one_forced_move() -> None:
    """Every legal move equivalent (each view alike after it) is forced (docs/tui.md, "Aids")."""
    assert forced_move(Gate(same=True)) == "left"


def test_moves_that_anyone_could_tell_apart_are_a_choice() -> None:
    """Moves leaving some view different are a choice, never auto-played (docs/tui.md, "Aids")."""
    assert forced_move(Gate(same=False)) is None


def _decisions(match: SomeMatch, rng: random.Random, moves: int) -> list[tuple[int, bool]]:
    """Play ``moves`` random moves; at each, the number of legal moves and whether forced."""
    seen = []
    for _ in range(moves):
        deal = match.current
        if deal is None:
            break
        legal = list(deal.legal_actions())
        forced = forced_move(deal)
        seen.append((len(legal), forced is not None))
        if forced is not None:
            assert forced in legal
        match.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
    return seen


def test_a_lone_legal_card_is_forced_and_a_real_choice_is_not() -> None:
    """Rule 35 of the piquet text (follow suit) often leaves one card: that card is forced.

    001_776ed664a35a376f.txt, piquet rule 35; docs/tui.md, "Aids".
    """
    game = get_game("piquet")
    rng = seeded_rng(5)
    seen: list[tuple[int, bool]] = []
    for _ in range(3):
        match = game.new_match(game.rules(), ["a", "b"], None)
        match.start_deal(rng)
        seen += _decisions(match, rng, 80)
    assert any(count == 1 for count, _ in seen)
    assert all(forced for count, forced in seen if count == 1)
    assert not any(forced for count, forced in seen if count > 1)
