"""Moves between deals are typed actions with one text, refused with the reason before play.

docs/rules/poker-table.md, "The deal, the judge and the game": the moves between deals
(``buy``, ``sell``, ``hour``, ``time-up``, ``join``, ``leave``, ``first-dealer``, ``seat``,
``choose``, ``choose-own``), recorded and replayed by their text.
"""

from __future__ import annotations

import pickle

import pytest

from cardtable.cards import parse_cards
from cardtable.engine.registry import get_game
from cardtable.errors import IllegalAction
from cardtable.poker.actions import (
    BetweenMove,
    Buy,
    ChooseOwn,
    DealerChoice,
    FirstDealer,
    Hour,
    Join,
    Leave,
    SeatByCards,
    Sell,
    TimeUp,
    between_text,
    parse_between,
)
from cardtable.poker.match import PokerMatch

GAME = get_game("poker")

MOVES: list[BetweenMove] = [
    Buy("А", 40),
    Sell("Б", 10),
    Hour(),
    TimeUp(),
    Join("Г"),
    Join("Г", tuple(parse_cards("2h 9c Ks"))),
    Leave("В"),
    SeatByCards(tuple(parse_cards("3d 4d"))),
    FirstDealer(tuple(parse_cards("2c 5s Jh"))),
    DealerChoice("seven-card-stud"),
    DealerChoice("draw", "2♠ 2♣"),
    ChooseOwn('{"name": "mine"}'),
]


@pytest.mark.parametrize("move", MOVES, ids=between_text)
def test_every_move_between_deals_reads_back_from_its_text(move: BetweenMove) -> None:
    """docs/rules/poker-table.md, "The deal, the judge and the game": moves between deals.

    Each move has one canonical text, and reading that text gives the move back.
    """
    assert parse_between(between_text(move)) == move


@pytest.mark.parametrize(
    "text", ["", "buy А", "buy А lots", "leave", "leave А Б", "hours", "time-up now", "join"]
)
def test_a_text_that_is_no_move_between_deals_is_refused_by_name(text: str) -> None:
    """docs/rules/poker-table.md, "The deal, the judge and the game": moves between deals."""
    with pytest.raises(IllegalAction, match="not a move between deals"):
        parse_between(text)


def test_a_refused_move_between_deals_names_why_and_changes_nothing() -> None:
    """docs/rules/poker-table.md, "Seats and seating" and "Session match".

    A player with no chair cannot join, a table seated at random deals no seating cards, and
    an untimed table has no end time to call: each is refused with its reason by
    ``why_not_between``, and ``apply_between`` then leaves the match as it was.
    """
    match = GAME.new_match(GAME.rules(), ["А", "Б", "В"])
    assert isinstance(match, PokerMatch)
    refused: dict[BetweenMove, str] = {
        Join("Я"): "Я has no chair at this table",
        SeatByCards(tuple(parse_cards("2c 3c"))): "this table agreed to take its seats at random",
        TimeUp(): "no end time was agreed at this table",
        Leave("Я"): "Я is not playing",
    }
    before = pickle.dumps(match)
    for move, reason in refused.items():
        assert match.why_not_between(move) == reason
        with pytest.raises(IllegalAction, match=reason):
            match.apply_between(between_text(move))
    assert pickle.dumps(match) == before
    assert match.why_not_between(Buy("А", 40)) is None
    match.apply_between("buy А 40")
    assert match.between[-1] == ["buy А 40"]
