"""Typed piquet moves that cannot be read are refused with what is wrong, in one line.

README ("A tour"): bad input prints one line naming what is wrong; docs/architecture.md, protocol:
an illegal action raises ``IllegalAction`` with a sentence that says why. A move that reads goes on
to the rules; one that does not read raises ``ActionParseError`` saying which word or card is wrong.
"""

from __future__ import annotations

import pytest

from cardtable.errors import ActionParseError, IllegalAction
from cardtable.piquet.actions import action_text, parse_action
from piquet.tables import two_hand_deal
from typed_moves import unreadable_by

ELDER_HAND = "A♠ K♠ Q♠ A♥ K♥ Q♥ A♦ K♦ Q♦ A♣ K♣ Q♣"
YOUNGER_HAND = "J♠ 10♠ 9♠ J♥ 10♥ 9♥ J♦ 10♦ 9♦ J♣ 10♣ 9♣"


def unreadable(text: str) -> str:
    """The one-line message that refuses ``text`` as a piquet move."""
    return unreadable_by(parse_action, text)


@pytest.mark.parametrize("text", ["play Z♠", "Z♠", "хожу Z♠", "discard 7♥ Z♠"])
def test_a_card_that_is_no_card_is_named_in_the_cards_own_words(text: str) -> None:
    """Rules 30–35 play cards, rules 7–9 discard them: 'Z♠' is named as no card."""
    assert unreadable(text).endswith("not a card: 'Z♠'")


@pytest.mark.parametrize("text", ["discard ♠", "discard 7♥ ♠", "сношу ♠ ♥ 7"])
def test_a_discard_of_a_suit_without_its_ranks_names_the_suit(text: str) -> None:
    """001, rules 7–9: a discard lays aside cards; '♠' alone is a suit, not an empty discard."""
    assert unreadable(text).endswith("'♠' names a suit but no card: write its ranks, as in '♠ 7 8'")


def test_a_discard_naming_one_card_twice_says_which() -> None:
    """Rules 7–9: a discard lays aside distinct cards; '7♥ 7♥' is named twice."""
    assert unreadable("discard 7♥ 8♣ 7♥").endswith("7♥ is named twice")


@pytest.mark.parametrize(
    ("text", "expects"),
    [
        ("take", "take is followed by a number of cards, as in 'take 3'"),
        ("take two", "take is followed by a number of cards, as in 'take 3'"),
        ("беру много", "беру is followed by a number of cards"),
        ("discard", "discard is followed by cards"),
        ("play", "play is followed by a card"),
        ("play K♥ Q♥", "play names one card, as in 'play K♥', not 2"),
        ("point five", "point is followed by a number of cards"),
        ("declare", "declare is followed by point N, sequence N, fourteen RANK or trio RANK"),
        ("declare quartet", "'quartet' is not a declaration"),
        ("fourteen Z", "'Z' is not a rank"),
        ("quint 5", "quint is said alone"),
        ("sink now", "sink is said alone"),
        ("not bad", "not begins only 'not good'"),
        ("misdeal extra seat one", "a misdeal is called as misdeal exposed|extra|short seat N"),
    ],
)
def test_a_known_verb_with_wrong_words_names_the_verb_and_what_it_takes(
    text: str, expects: str
) -> None:
    """Rules 15–17 (take N), 7–9 (discard), 18–29 (declarations), 6 and 12 (misdeals)."""
    assert expects in unreadable(text)


def test_an_unknown_word_lists_the_moves_piquet_understands() -> None:
    """Rules 7–45 name the moves; an unknown word is answered with them, in one short line."""
    message = unreadable("surrender")
    assert "'surrender' is not a piquet move; moves: discard CARDS, refuse" in message
    assert "play CARD" in message
    assert len(message) < 300


def test_a_readable_move_the_rules_forbid_keeps_the_rules_reason() -> None:
    """Rule 9: the elder discards three to five cards; the refusal names the rule, not the text."""
    deal = two_hand_deal(ELDER_HAND, YOUNGER_HAND)
    with pytest.raises(IllegalAction) as caught:
        deal.apply(parse_action("discard A♠ K♠"))
    assert not isinstance(caught.value, ActionParseError)
    assert "must discard 3 or 4 or 5 cards, not 2" in str(caught.value)


@pytest.mark.parametrize(
    "text",
    ["take 3", "misdeal thirteen seat 1", "declare fourteen A", "trio К", "квинта", "K♥"],
)
def test_every_spelling_that_read_before_still_reads(text: str) -> None:
    """Rules 15–17, 6, 18–29 and 30: the spellings in the module's docstring read back."""
    assert parse_action(action_text(parse_action(text))) == parse_action(text)
