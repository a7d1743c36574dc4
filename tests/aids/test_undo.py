"""The undo rule the server and the terminal table share (cardtable.engine.undo)."""

from __future__ import annotations

import pytest

from cardtable.engine import SomeMatch, get_game, seeded_rng
from cardtable.engine.undo import UndoRefused, first_new_sight, plan_undo


def started(game_name: str, seats: list[str], seed: int) -> SomeMatch:
    """A match of ``game_name`` with its first deal dealt from ``seed``."""
    game = get_game(game_name)
    match = game.new_match(game.rules(), seats, None)
    match.start_deal(seeded_rng(seed))
    return match


def play(match: SomeMatch, *texts: str) -> None:
    """Play the moves ``texts`` in the current deal."""
    game = get_game(match.game.name)
    for text in texts:
        match.apply(game.parse_action(text))


def test_a_call_is_taken_back_with_every_move_after_it_when_no_card_was_shown() -> None:
    """Undo takes back the seat's last move and every move after it when nothing was seen.

    docs/tui.md, "Aids"; docs/server.md, "Offers".
    """
    match = started("preferans", ["a", "b", "c"], 3)
    deal = match.current
    assert deal is not None
    first = deal.to_move
    assert first is not None
    play(match, "6♠", "pass")
    plan = plan_undo(match, first)
    assert (plan.seat, plan.kept, plan.taken_back) == (first, 0, 2)
    again = plan.match.current
    assert again is not None
    assert again.history == []
    assert again.to_move == first
    assert again.setup == deal.setup
    assert len(deal.history) == 2, "the plan leaves the match it was made from alone"


def test_the_last_of_two_calls_of_a_seat_is_the_one_taken_back() -> None:
    """The seat's last move of the deal goes, with the moves after it (docs/tui.md, "Aids")."""
    match = started("preferans", ["a", "b", "c"], 3)
    deal = match.current
    assert deal is not None
    first = deal.to_move
    assert first is not None
    play(match, "6♠", "6♣", "6♦", "6♥")
    plan = plan_undo(match, first)
    assert (plan.kept, plan.taken_back) == (3, 1)


def test_an_exchange_stands_once_its_taker_has_seen_the_talon_cards() -> None:
    """The talon cards the elder took were cards he had not seen, so the exchange stands.

    001_776ed664a35a376f.txt, piquet rule 15 («Два раза сносить нельзя»); docs/tui.md, "Aids".
    """
    match = started("piquet", ["a", "b"], 3)
    play(match, "discard 8♣ 10♣ J♣")
    with pytest.raises(UndoRefused, match="seat 0 has seen a card since that move: it stands"):
        plan_undo(match, 0)


def test_a_refusal_of_the_talon_shows_nothing_and_may_be_taken_back() -> None:
    """Refusing the talon shows no card (001_776ed664a35a376f.txt, piquet rule 10)."""
    match = started("piquet", ["a", "b"], 3)
    play(match, "refuse talon")
    plan = plan_undo(match, 0)
    assert (plan.kept, plan.taken_back) == (0, 1)


def test_a_seat_that_has_made_no_move_in_the_deal_has_nothing_to_take_back() -> None:
    """Only the seat's own move of this deal is taken back (docs/tui.md, "Aids")."""
    match = started("piquet", ["a", "b"], 3)
    play(match, "refuse talon")
    with pytest.raises(UndoRefused, match="seat 1 has made no move in this deal"):
        plan_undo(match, 1)


def test_cards_shown_again_to_those_who_saw_them_are_no_new_sight() -> None:
    """The take of the talon is a new sight for its taker; dealt cards shown again are not.

    docs/server.md, "Offers": what was seen is read from the events against what each seat
    had been shown before.
    """
    match = started("piquet", ["a", "b"], 3)
    deal = match.current
    assert deal is not None
    before = deal.copy()
    assert first_new_sight(deal, deal.events) is None
    events = match.apply(get_game("piquet").parse_action("discard 8♣ 10♣ J♣"))
    assert first_new_sight(deal, events) is None
    assert first_new_sight(before, events) == 0
