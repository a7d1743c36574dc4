"""Typed poker moves that cannot be read are refused with what is wrong, in one line.

README ("A tour"): bad input prints one line naming what is wrong; docs/architecture.md, protocol:
an illegal action raises ``IllegalAction`` with a sentence that says why. A move that reads goes on
to the betting rules; one that does not read raises ``ActionParseError`` naming the word or card.
"""

from __future__ import annotations

import pytest

from cardtable.engine.deal import DealSetup
from cardtable.engine.registry import get_game
from cardtable.errors import ActionParseError, IllegalAction
from cardtable.poker.actions import action_text, parse_action
from typed_moves import unreadable_by

GAME = get_game("poker")


def unreadable(text: str) -> str:
    """The one-line message that refuses ``text`` as a poker move."""
    return unreadable_by(parse_action, text)


@pytest.mark.parametrize("text", ["expose Z♠", "wild Z♠", "discard 7♥ Z♠"])
def test_a_card_that_is_no_card_is_named_in_the_cards_own_words(text: str) -> None:
    """Досдача (discard) and the exposed and wild cards name cards: 'Z♠' is named as none."""
    assert unreadable(text).endswith("not a card: 'Z♠'")


def test_a_discard_naming_one_card_twice_says_which() -> None:
    """002, Дро-покер: the cards thrown away are distinct; '7♥' given twice is named."""
    assert unreadable("discard 7h 8c 7♥").endswith("7♥ is named twice")


@pytest.mark.parametrize(
    ("text", "expects"),
    [
        ("raise", "raise is followed by a whole number of chips, as in 'raise to 40'"),
        ("raise abc", "raise is followed by a whole number of chips, as in 'raise to 40'"),
        ("raise to", "raise is followed by a whole number of chips"),
        ("bet forty", "bet is followed by a whole number of chips, as in 'bet 20'"),
        ("ставлю", "ставлю is followed by a whole number of chips"),
        ("declare everything", "declare is followed by high, low or both"),
        ("discard", "discard is followed by cards"),
        ("expose 7♥ 8♥", "expose names one card, as in 'expose K♥', not 2"),
        ("wild", "wild is followed by a card"),
        ("fold now", "fold is said alone"),
        ("stand", "stand begins only 'stand pat'"),
    ],
)
def test_a_known_verb_with_wrong_words_names_the_verb_and_what_it_takes(
    text: str, expects: str
) -> None:
    """002, Круги ставок (bet, raise), Заявка (declare), досдача (discard): the verb's form."""
    assert expects in unreadable(text)


def test_an_unknown_word_lists_the_moves_poker_understands() -> None:
    """002, Круги ставок: the table's moves are named when a word is none of them."""
    message = unreadable("surrender")
    assert "'surrender' is not a poker move; moves: fold, check, call, bet N" in message
    assert len(message) < 300


def test_a_readable_bet_the_limits_forbid_keeps_the_rules_reason() -> None:
    """002, Пределы ставок а): a bet below the minimum is refused by the rule, not the reader."""
    match = GAME.new_match(GAME.rules("draw", {"limits": {"minimum": 2}}), ["А", "Б", "В"])
    match.start_deal_from(DealSetup(0, match.deck(), 1))
    with pytest.raises(IllegalAction) as caught:
        match.apply(parse_action("bet 1"))
    assert not isinstance(caught.value, ActionParseError)
    assert "below the minimum of 2" in str(caught.value)


@pytest.mark.parametrize(
    "text", ["Raise 40", "поднимаю до 50", "ставлю 5", "declare red", "stand pat", "пас и вышел"]
)
def test_every_spelling_that_read_before_still_reads(text: str) -> None:
    """002, Круги ставок: the Russian and English spellings read back to one canonical text."""
    assert parse_action(action_text(parse_action(text))) == parse_action(text)
