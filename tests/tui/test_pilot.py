"""The test person of the Textual table (tests/tui/pilot.py) gives the answer a test decided."""

from __future__ import annotations

from cardtable.cards import parse_card
from cardtable.errors import CardParseError
from tui.pilot import Frame, Person, play


def _a_bid_named_like_a_card_of_the_hand(frame: Frame) -> str | None:
    for move in frame.moves:
        try:
            card = parse_card(move)
        except CardParseError:
            continue
        if card in frame.hand:
            return move
    return None


def test_a_bid_written_as_a_card_of_the_hand_is_made_as_the_bid() -> None:
    """docs/tui.md, "The screen" and "Tests": a bid is pressed on the ladder, a card chosen.

    Preferans writes a contract and a card alike (the bid ``7♠``, the card ``7♠``; the
    ladder climbs as rule 17). A test person told to bid one while holding the card of the
    same name presses the bid, as a person would, rather than choosing the card.
    """
    chosen: list[str] = []

    def typed(frame: Frame, turn: int) -> str | None:
        if chosen or frame.kind != "move":
            return "q" if chosen else None
        bid = _a_bid_named_like_a_card_of_the_hand(frame)
        assert bid is not None, "the seed deals the seat a card named like an open bid"
        chosen.append(bid)
        return bid

    run = play("preferans", Person(typed=typed), seats="you,bot,bot", seed=3)

    actions = run.table.match.record().deals[0].actions
    assert chosen
    assert chosen[0] in actions, f"the bid {chosen[0]} was not made: {actions}"
