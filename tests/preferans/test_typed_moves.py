"""Typed preferans moves that cannot be read are refused with what is wrong, in one line.

README ("A tour"): bad input prints one line naming what is wrong; docs/architecture.md, protocol:
an illegal action raises ``IllegalAction`` with a sentence that says why. A move that reads goes on
to the rules of 001_776ed664a35a376f.txt; one that does not read raises ``ActionParseError``.
"""

from __future__ import annotations

import pytest

from cardtable.errors import ActionParseError, IllegalAction
from cardtable.preferans.actions import Bid, action_text, parse_action
from cardtable.preferans.contracts import parse_contract
from preferans.helpers import play, table
from typed_moves import unreadable_by

HANDS = (
    "♠A K Q J 10 ♥A K Q ♦A K",
    "♠7 8 ♣A K Q J ♦Q J 10 9",
    "♠9 ♣10 9 8 7 ♥J 10 9 8 7",
    "♦8 7",
)


def unreadable(text: str) -> str:
    """The one-line message that refuses ``text`` as a preferans move."""
    return unreadable_by(parse_action, text)


@pytest.mark.parametrize("text", ["play Z♠", "Z♠", "ход Z♠", "discard 7♥ Z♠"])
def test_a_card_that_is_no_card_is_named_in_the_cards_own_words(text: str) -> None:
    """Rules 21–23: cards are discarded and played; 'Z♠' is named as no card."""
    assert unreadable(text).endswith("not a card: 'Z♠'")


def test_a_discard_naming_one_card_twice_says_which() -> None:
    """Rule 21: the declarer lays aside two cards; '7♥ 7♥' names one card twice."""
    assert unreadable("discard 7♥ 7♥").endswith("7♥ is named twice")


@pytest.mark.parametrize(
    ("text", "expects"),
    [
        ("bid 11♠", "'11♠' is not a contract: its level is 6 to 10, not 11"),
        ("bid 6X", "'6X' is not a contract: 'X' is not a suit or NT"),
        ("bid 7", "a suit or NT follows the level, as in '7♠'"),
        ("bid", "bid is followed by a contract, as in 'bid 6♠'"),
        ("11♠", "its level is 6 to 10, not 11"),
        ("11 without talon", "without talon follows a level from 6 to 10"),
        ("discard 7♥", "a discard is two cards, not 1"),
        ("play", "play is followed by a card"),
        ("play K♥ Q♥", "play names one card, as in 'play K♥', not 2"),
        ("misdeal boredom", "a misdeal is 'exposed', 'count' or 'turn'"),
        ("pass now", "pass is said alone"),
    ],
)
def test_a_known_verb_with_wrong_words_names_the_verb_and_what_it_takes(
    text: str, expects: str
) -> None:
    """Rules 17 (levels 6 to 10, без прикупа), 21 (discard two), 12 (misdeals), 16 (pass)."""
    assert expects in unreadable(text)


def test_an_unknown_word_lists_the_moves_preferans_understands() -> None:
    """Rules 16–23 name the calls; an unknown word is answered with them, in one short line."""
    message = unreadable("surrender")
    assert "'surrender' is not a preferans move; moves: a bid (6♠, 7NT, misère" in message
    assert len(message) < 300


def test_a_bid_may_be_written_with_the_word_bid() -> None:
    """Rule 17: a bid names a level and a suit; 'bid 7♥' is the bid 7♥."""
    assert parse_action("bid 7♥") == Bid(parse_contract("7♥"))


def test_a_readable_bid_that_does_not_beat_the_last_keeps_the_rules_reason() -> None:
    """Rule 18: each bid must beat the one before; the refusal names the rule."""
    match, _ = table(*HANDS)
    play(match, "8♦")
    with pytest.raises(IllegalAction) as caught:
        play(match, "bid 8♠")
    assert not isinstance(caught.value, ActionParseError)
    assert "does not beat 8♦" in str(caught.value)


@pytest.mark.parametrize(
    "text", ["Раз", "9 без прикупа", "9wt", "снос 8♣ 7♥", "ход К♥", "Трефы мои", "мизер", "Q♠"]
)
def test_every_spelling_that_read_before_still_reads(text: str) -> None:
    """Rules 16–19 name bids 'Раз', 'Пики', 'Мои'; each spelling reads back exactly."""
    assert parse_action(action_text(parse_action(text))) == parse_action(text)
