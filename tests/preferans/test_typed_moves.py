"""Typed preferans moves that cannot be read are refused with what is wrong, in one line.

README ("A tour"): bad input prints one line naming what is wrong; docs/architecture.md, protocol:
an illegal action raises ``IllegalAction`` with a sentence that says why. A move that reads goes on
to the rules of 001_776ed664a35a376f.txt; one that does not read raises ``ActionParseError``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cards import parse_card
from cardtable.cli.main import app
from cardtable.engine import parse_record, record_text
from cardtable.engine.sealing import unseal_deal_in_progress
from cardtable.errors import ActionParseError, IllegalAction
from cardtable.keys import seal_key
from cardtable.preferans.actions import Bid, Play, action_text, parse_action
from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.game import PREFERANS
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


@pytest.mark.parametrize("text", ["discard K♠ Jo", "play Jo", "Jo", "снос 7♥ Jo2"])
def test_a_joker_is_no_preferans_card(text: str) -> None:
    """001_776ed664a35a376f.txt, rule 1: «Колода употребляется в 32 карты»: no joker.

    Found by the million-case fuzz run: `discard K♠ Jo` was read, and writing it back failed.
    """
    assert unreadable(text).endswith("a joker is no preferans card (the deck is 32 cards)")


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


def test_a_bare_seven_to_ten_typed_in_the_play_is_the_card_not_a_bid() -> None:
    """001_776ed664a35a376f.txt, preferans rules 31–32: in the play the cards are played.

    At the table's prompt ``8♠`` is read in the light of the deal's phase: in the play it is
    the eight of spades, as ``A♠`` is the ace; in the auction it is the bid of eight spades.
    """
    match, deal = table(*HANDS)
    assert PREFERANS.parse_typed("9♠", deal.view(1)) == Bid(parse_contract("9♠"))
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist", "play A♠")
    assert deal.to_move == 2
    for text in ("8♠", "9♠", "10♥"):
        assert PREFERANS.parse_typed(text, deal.view(2)) == Play(parse_card(text))
    match.apply(PREFERANS.parse_typed("8♠", deal.view(2)))
    assert deal.trick[-1] == (2, parse_card("8♠"))


def test_a_record_reads_a_bare_contract_as_the_bid_and_writes_a_card_as_play() -> None:
    """Rule 17's ladder names 10♥ a bid; a record writes every card it plays as 'play 10♥'.

    So the context-free reading stays unambiguous (docs/rules/preferans.md, "Typed moves").
    """
    assert parse_action("10♥") == Bid(parse_contract("10♥"))
    assert action_text(Play(parse_card("10♥"))) == "play 10♥"
    assert parse_action("play 10♥") == Play(parse_card("10♥"))


def test_the_tables_prompt_plays_a_bare_eight_of_spades_as_the_card(tmp_path: Path) -> None:
    """001_776ed664a35a376f.txt, preferans rule 31: «На заход отвечают в масть».

    Resumed at the play with seat 2 to follow the ace of spades, the person types ``8♠`` and
    the card is played (it was refused as a bid: "the cards are being played").
    """
    match, _ = table(*HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist", "play A♠")
    path = tmp_path / "pulka.json"
    path.write_text(record_text(match.record()), encoding="utf-8")
    result = CliRunner().invoke(
        app, ["play", "preferans", "--load", str(path), "--seats", "bot,bot,you"], input="8♠\nq\n"
    )
    assert result.exit_code == 0, result.output
    assert "refused" not in result.output
    saved = unseal_deal_in_progress(parse_record(path.read_text(encoding="utf-8")), seal_key())
    actions = saved.deals[0].actions
    assert actions[actions.index("play A♠") + 1] == "play 8♠"


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("семь бубен", "7♦"),
        ("шесть пик", "6♠"),
        ("восемь червей", "8♥"),
        ("девять без козыря", "9NT"),
        ("7 бубен", "7♦"),
        ("6 пик", "6♠"),
        ("десять треф", "10♣"),
        ("шесть трефы", "6♣"),
        ("семь крестей", "7♣"),
        ("8 крести", "8♣"),
        ("девять бубны", "9♦"),
        ("шесть буби", "6♦"),
        ("семь червы", "7♥"),
        ("восемь черви", "8♥"),
        ("десять пики", "10♠"),
        ("шесть без козырей", "6NT"),
        ("семь бескозырка", "7NT"),
        ("Восемь Бубен", "8♦"),
        ("мизер", "misère"),
        ("девять без прикупа", "9 without talon"),
        ("десять без прикупа", "10 without talon"),
        ("крести", "6♣"),
        ("буби", "6♦"),
        ("черви", "6♥"),
        ("вист", "whist"),
        ("вистую", "whist"),
        ("полвиста", "half-whist"),
        ("пас", "pass"),
        ("пасую", "pass"),
        ("играю открыто", "open"),
        ("играю в светлую", "open"),
        ("играю втемную", "closed"),
        ("семь бубен мои", "mine"),
    ],
)
def test_bids_are_read_as_russian_players_say_them(said: str, meant: str) -> None:
    """001_776ed664a35a376f.txt, preferans rules 17–19, 24, 28: «8 бубен», «Семь треф».

    The seed's own words: «Любой может сразу объявить, скажем, "8 бубен"» (rule 18), «"Семь
    треф", второй: "Пас"» (rule 19), «"Вист"… либо "Пас"» (rule 24); and the other forms
    players use for the same suit (крести, буби, черви) and for no trumps (бескозырка).
    """
    assert action_text(parse_action(said)) == meant


def test_a_russian_level_without_its_suit_names_what_follows() -> None:
    """Rule 17: a bid is a level and a suit or no trumps; «семь» alone names neither."""
    assert unreadable("семь").endswith("a suit or NT follows the level, as in '7♠'")
    assert unreadable("семь козырей").endswith("'козырей' is not a suit or NT")
