"""Whist and play: 001_776ed664a35a376f.txt, preferans rules 24–32, and the Code's options."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.cards import parse_cards
from cardtable.errors import IllegalAction
from cardtable.preferans.actions import Play, Say
from cardtable.preferans.deal import PreferansDeal
from cardtable.preferans.game import PreferansMatch
from preferans.helpers import play, play_out, table

HANDS = (
    "♠A K Q J 10 ♥A K Q ♦A K",
    "♠7 8 ♣A K Q J ♦Q J 10 9",
    "♠9 ♣10 9 8 7 ♥J 10 9 8 7",
    "♦8 7",
)


def test_the_defenders_answer_in_turn_from_the_declarers_left() -> None:
    """Rule 24: the declarer waits for his partners' word, in order, left to right."""
    _, deal = table(*HANDS)
    play(_, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠")
    assert deal.phase == "whist"
    assert deal.to_move == 2
    play(_, "pass")
    assert deal.to_move == 0


def test_when_both_whist_the_play_is_closed() -> None:
    """Rule 26: if both whist the game is played closed, nobody's cards shown."""
    match, deal = table(*HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist")
    assert deal.phase == "play"
    assert deal.view(0).open_hands == ()
    play_out(match)
    assert deal.outcome().defence == "closed"
    assert deal.outcome().whist == ((2, "whist"), (0, "whist"))


def test_a_lone_whister_may_invite_the_passer_to_play_closed() -> None:
    """Rule 28: the whister may invite the passer to play with cards closed."""
    match, deal = table(*HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "pass", "whist", "втемную")
    play(match, "play A♠", "play 7♠")
    assert deal.to_move == 0, "each defender plays his own cards"
    assert deal.view(1).open_hands == ()


def test_above_seven_a_lone_whister_cannot_claim_without_play() -> None:
    """Rule 27: the shortcut exists for a six and a seven only."""
    match, deal = table(*HANDS)
    play(match, "8♠", "pass", "pass", "discard 7♦ 8♦", "8♠", "whist", "pass")
    assert Say.CLAIM not in deal.legal_actions()


def test_the_table_may_fix_open_whist_so_the_whister_has_no_choice() -> None:
    """Modern open whist (the Code, 3.8): with ``lone_whist = open`` play starts at once."""
    match, deal = table(*HANDS, lone_whist="open", claim_levels=[])
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "pass")
    assert deal.phase == "play"
    assert deal.defence == "open"


def open_whist_led_by_the_passer(**overrides: Any) -> tuple[PreferansMatch, PreferansDeal]:
    """Seat 2's six of spades, seat 0 whists open, seat 1 (first hand, the passer) leads."""
    match, deal = table(HANDS[1], HANDS[0], HANDS[2], HANDS[3], **overrides)
    play(match, "pass", "6♠", "pass", "discard 7♦ 8♦", "6♠", "whist", "pass", "open")
    assert deal.defence == "open"
    assert deal.to_move == 1
    return match, deal


def test_an_open_whist_lays_the_cards_face_up_after_the_declarers_first_card() -> None:
    """001_776ed664a35a376f.txt, preferans rule 28: open «после первого хода играющего».

    The passer's lead is not the declarer's move: he leads from his own closed hand, and the
    two hands go face up when the declarer has played to it.
    """
    match, deal = open_whist_led_by_the_passer()
    play(match, "play A♣")
    assert deal.view(2).open_hands == ()
    play(match, "play A♠")
    assert dict(deal.view(2).open_hands).keys() == {0, 1}


def test_the_codes_open_whist_lays_the_cards_face_up_after_the_first_card() -> None:
    """Modern open whist (the Code, 3.8): the hands go face up after the opening lead."""
    match, deal = open_whist_led_by_the_passer(open_whist_after="first-card")
    play(match, "play A♣")
    assert dict(deal.view(2).open_hands).keys() == {0, 1}


def test_a_half_whist_after_a_pass_lets_the_first_defender_whist_after_all() -> None:
    """The Code, 3.8 (полвиста): the first defender is asked again; a pass ends the deal."""
    match, deal = table(*HANDS, preset="sochi")
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "pass", "полвиста")
    assert deal.to_move == 2
    assert deal.legal_actions() == [Say.WHIST, Say.PASS]
    play(match, "pass")
    outcome = deal.outcome()
    assert outcome.played is False
    assert outcome.whist_choice(0) == "half-whist"
    assert outcome.whist_choice(2) == "pass"


def test_a_whist_after_a_half_whist_cancels_the_half_whist() -> None:
    """The Code, 3.8: if the first defender then whists, the half-whister becomes a passer."""
    match, deal = table(*HANDS, preset="sochi")
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "pass", "half-whist", "whist")
    assert deal.outcome().whist == ((2, "whist"), (0, "pass"))
    assert deal.phase == "lone"


def test_half_whist_is_not_offered_above_its_levels() -> None:
    """The Code, 3.8: half-whist only at the levels the table allows (six in the presets)."""
    match, deal = table(*HANDS, preset="sochi")
    play(match, "7♠", "pass", "pass", "discard 7♦ 8♦", "7♠", "pass")
    assert Say.HALF_WHIST not in deal.legal_actions()


def test_in_the_modern_game_a_ten_is_whisted() -> None:
    """The Code, 3.8.2: a ten is whisted like any game; ``ten_is_checked`` is off."""
    match, deal = table(*HANDS, preset="sochi")
    play(match, "10♠", "pass", "pass", "discard 7♦ 8♦", "10♠")
    assert deal.phase == "whist"


def test_a_card_that_does_not_follow_suit_is_refused() -> None:
    """Rule 31: the lead is answered in suit."""
    match, _ = table(*HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist", "play K♦")
    with pytest.raises(IllegalAction, match="does not follow"):
        play(match, "play 7♠")


def test_without_the_suit_led_a_player_must_trump() -> None:
    """Rule 31: without the suit asked, one trumps."""
    match, deal = table(*HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist", "play A♥")
    assert deal.legal_actions() == [Play(card) for card in parse_cards("7♠ 8♠")]


def test_without_suit_or_trump_any_card_may_be_played() -> None:
    """Rule 32: without the suit led and without trumps, any card."""
    match, deal = table(*HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist")
    play(match, "play A♠", "play 7♠", "play 9♠", "play A♦")
    assert deal.card_seat == 2
    play(match, "play 9♦")
    assert len(deal.legal_actions()) == 9, "seat 0 has no diamond and no trump left"


def test_the_winner_of_a_trick_leads_the_next() -> None:
    """Rule 29 (and the order of play, rule 6): the one who took the trick leads."""
    match, deal = table(*HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist")
    play(match, "play A♥", "play 7♠", "play 7♥")
    assert deal.card_seat == 2


def test_an_opened_misere_shows_the_catchers_hands_after_the_first_trick() -> None:
    """Catching a misère (the Code, 3.6): the defenders lay their cards open after trick one."""
    match, deal = table(
        "♠J Q K A ♣10 J Q ♦9 10 J",
        "♣K A ♦Q K ♥8 9 10 J Q K",
        "♠7 8 9 10 ♣7 8 9 ♦7 8 ♥7",
        "♥A ♦A",
        misere_open="defenders",
    )
    play(match, "pass", "pass", "misère", "discard A♥ A♦")
    play(match, "play A♠", "play Q♥")
    assert deal.view(0).open_hands == ()
    play(match, "play 10♠")
    assert dict(deal.view(0).open_hands).keys() == {1, 2}


def test_a_table_that_whists_a_ten_writes_the_whist_on_its_classic_sheet() -> None:
    """001_776ed664a35a376f.txt, preferans rule 26, and its option ``ten_is_checked = false``.

    The classic sheet refuses a whisted ten only where the table checks tens; a table that
    whists them writes the whister's obligation of one trick (5 a trick short on a ten).
    """
    match, deal = table(*HANDS, ten_is_checked=False)
    play(match, "10♠", "pass", "pass", "discard 7♦ 8♦", "10♠", "whist", "pass", "closed")
    play_out(match)
    assert deal.outcome().tricks[1] == 10
    assert match.sheet.pool("P1") == 50
    assert match.sheet.mountain("P2") == 25
