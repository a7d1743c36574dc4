"""The table's sentences as a person writes them, for "you" and for a name (issue 14, item 25)."""

from __future__ import annotations

import re

import pytest

from cardtable.tui.adapter import names_in
from tui.pilot import Person, play

NAMES = ["you", "bot 2", "bot 3"]


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("seat 0 is dealt 10 cards", "you are dealt 10 cards"),
        ("seat 1 is dealt 10 cards", "bot 2 is dealt 10 cards"),
        ("seat 0 says pass", "you say pass"),
        ("seat 2 says whist", "bot 3 says whist"),
        ("seat 0 has no false declaration", "you have no false declaration"),
        ("seat 0 passes", "you pass"),
        ("seat 0 goes all-in for 5", "you go all-in for 5"),
        ("seat 0 freezes the raising at 4", "you freeze the raising at 4"),
        ("seat 0 names his wild card", "you name your wild card"),
        ("seat 1 names his wild card", "bot 2 names his wild card"),
        ("seat 0 discards before he touches the talon", "you discard before you touch the talon"),
        ("seat 1 deals seat 0 a card too many", "bot 2 deals you a card too many"),
        ("seat 2 demands the point: seat 0 shows", "bot 3 demands the point: you show"),
        ("seat 0 shows the talon to seat 0", "you show the talon to yourself"),
        ("seat 1 shows the talon to seat 1", "bot 2 shows the talon to himself"),
        ("seat 1 shows the talon to seat 0", "bot 2 shows the talon to you"),
        ("seat 0's point", "your point"),
        ("seat 0 discarded 2 and took 3", "you discarded 2 and took 3"),
        ("the deal is over (seat 0 9, seat 1 3)", "the deal is over (you 9, bot 2 3)"),
    ],
)
def test_a_sentence_about_you_is_written_in_the_second_person(text: str, written: str) -> None:
    """The games write "seat N" in the third person; the table writes "you" as "you"."""
    assert names_in(text, NAMES) == written


def _lines(run_frames: list[str]) -> list[str]:
    return [line for text in run_frames for line in text.splitlines()]


def test_no_screen_of_a_preferans_deal_says_you_is_or_you_says() -> None:
    """A whole deal at the table: every sentence about "you" in the second person.

    Naming the contract and playing a card are told apart (001_776ed664a35a376f.txt,
    preferans rule 21: the declarer «сносит две ненужные ему карты … и заказывает игру»;
    then the cards are played): "bot 2 names 7♣", "bot 2 plays A♣".
    """
    run = play("preferans", Person(), seats="you,bot,bot", seed=4)
    lines = _lines([frame.text for frame in run.frames])
    wrong = re.compile(r"\byou (is|has|says|shows|plays|names|takes|wins|discards|leads)\b")
    assert not [line for line in lines if wrong.search(line)]
    played = [line for line in lines if re.search(r"\b(you|bot \d) plays? [0-9JQKA]", line)]
    assert played
    assert not [line for line in lines if "plays:" in line]
    named = [line for line in lines if re.search(r"\b(you|bot \d) names? ", line)]
    assert named


def test_no_screen_of_a_poker_deal_says_you_calls() -> None:
    """A poker deal: "you call", "you are dealt", "you win" (issue 14, item 25)."""
    run = play("poker", Person(), seats="you,bot,bot", seed=2)
    lines = _lines([frame.text for frame in run.frames])
    wrong = re.compile(r"\byou (is|calls|checks|bets|folds|raises|shows|wins|antes|stands)\b")
    assert not [line for line in lines if wrong.search(line)]
    assert any(re.search(r"\byou (are dealt|call|check|bet|fold|ante)\b", line) for line in lines)
