"""Golden deals written out move by move (issue 3, "Done means").

Seed: 001_776ed664a35a376f.txt, preferans rules. With three players and seat 0 dealing, the
first hand is seat 1, the second seat 2 and the third seat 0.
"""

from __future__ import annotations

import pytest

from cardtable.cards import parse_cards
from cardtable.errors import IllegalAction
from cardtable.preferans.actions import Say
from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.outcome import DealOutcome
from preferans.helpers import play, play_out, table

MISERE_HANDS = (
    "♠J Q K A ♣10 J Q ♦9 10 J",
    "♣K A ♦Q K ♥8 9 10 J Q K",
    "♠7 8 9 10 ♣7 8 9 ♦7 8 ♥7",
    "♥A ♦A",
)


def test_a_misere_bid_over_two_sixes_is_played_out_without_a_trick() -> None:
    """Rules 17, 20–23: misère tops the ladder, is bid before the talon and takes no trick."""
    match, deal = table(*MISERE_HANDS)
    play(match, "раз", "6♣", "мизер", "пас", "pass")
    assert deal.view(1).talon == parse_cards("♥A ♦A"), "the talon is shown to all (rule 20)"
    play(match, "discard A♥ A♦")
    assert deal.view(0).discard == parse_cards("♦A ♥A")
    assert deal.view(1).discard == (), "nobody else may see the discard (rule 21)"
    play(
        match,
        *("play A♠", "play Q♥", "play 10♠"),
        *("play K♠", "play K♥", "play 9♠"),
        *("play Q♠", "play J♥", "play 8♠"),
        *("play J♠", "play 10♥", "play 7♠"),
        *("play Q♣", "play A♣", "play 9♣"),
        *("play 8♥", "play 7♥", "play 10♦"),
        *("play 9♥", "play 8♣", "play J♣"),
        *("play K♣", "play 7♣", "play 10♣"),
        *("play Q♦", "play 8♦", "play J♦"),
        *("play K♦", "play 7♦", "play 9♦"),
    )
    outcome = deal.outcome()
    assert deal.is_over
    assert outcome.kind == "misère"
    assert outcome.declarer == 0
    assert outcome.tricks == (0, 4, 6)
    assert outcome.made is True
    assert outcome.bids == ((1, "6♠"), (2, "6♣"), (0, "misère"), (1, "pass"), (2, "pass"))


def test_bought_at_seven_diamonds_the_declarer_may_not_play_seven_spades() -> None:
    """Rule 21: bought at 7♦ one may play 7♦, 7♥, 7NT, 8♠…, never 7♠ or a six."""
    match, deal = table(*MISERE_HANDS)
    play(match, "7♦", "pass", "pass", "discard A♥ A♦")
    with pytest.raises(IllegalAction, match="bought at 7♦, one may not play 7♠"):
        play(match, "7♠")
    with pytest.raises(IllegalAction, match="rule 21"):
        play(match, "6NT")
    with pytest.raises(IllegalAction, match="rule 23"):
        play(match, "misère")
    play(match, "7♥")
    assert deal.contract == parse_contract("7♥")
    play(match, "pass", "pass")
    outcome = deal.outcome()
    assert outcome.played is False, "both defenders passed: scored without play (rule 25)"
    assert outcome.whist == ((2, "pass"), (0, "pass"))
    assert outcome.made is True


def test_a_ten_is_not_whisted_but_checked_with_every_hand_open() -> None:
    """Rule 26: on a game of ten there is no whist; all cards are laid open and it is checked."""
    match, deal = table(
        "♠A K Q J 10 ♥A K Q J 10",
        "♠7 8 9 ♣7 8 9 10 J Q K",
        "♥7 8 9 ♦7 8 9 10 J Q K",
        "♣A ♦A",
    )
    play(match, "10NT", "pass", "pass", "discard A♣ A♦", "10NT")
    assert deal.phase == "play"
    assert set(dict(deal.view(2).open_hands)[0]) == set(parse_cards("♥7 8 9 ♦7 8 9 10 J Q K"))
    assert 1 in dict(deal.view(0).open_hands)
    play(
        match,
        *("play A♠", "play 7♠", "play 7♦"),
        *("play K♠", "play 8♠", "play 8♦"),
        *("play Q♠", "play 9♠", "play 9♦"),
        *("play J♠", "play 7♣", "play 10♦"),
        *("play 10♠", "play 8♣", "play J♦"),
        *("play A♥", "play 9♣", "play 7♥"),
        *("play K♥", "play 10♣", "play 8♥"),
        *("play Q♥", "play J♣", "play 9♥"),
        *("play J♥", "play Q♣", "play Q♦"),
        *("play 10♥", "play K♣", "play K♦"),
    )
    outcome = deal.outcome()
    assert outcome.defence == "checked"
    assert outcome.whist == ((2, "checked"), (0, "checked"))
    assert outcome.tricks == (0, 10, 0)
    assert outcome.made is True


SIX_HANDS = (
    "♠A K Q J 10 ♥A K Q ♦A K",
    "♠7 8 ♣A K Q J ♦Q J 10 9",
    "♠9 ♣10 9 8 7 ♥J 10 9 8 7",
    "♦8 7",
)


def test_a_lone_whister_may_score_without_play_when_the_declarer_agrees() -> None:
    """Rule 27: with one whister the play may be skipped with the declarer's consent."""
    match, deal = table(*SIX_HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "pass")
    assert deal.legal_actions() == [Say.OPEN, Say.CLOSED, Say.CLAIM]
    play(match, "без игры")
    assert deal.to_move == 1, "the declarer answers the claim"
    play(match, "agree")
    outcome = deal.outcome()
    assert outcome.claimed is True
    assert outcome.played is False
    assert outcome.whist == ((2, "whist"), (0, "pass"))


def test_a_refused_claim_leaves_the_whister_to_play_open_for_both_defenders() -> None:
    """Rule 28: the whister opens both defenders' cards after the first lead and plays them."""
    match, deal = table(*SIX_HANDS)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "вист", "пас", "claim", "refuse")
    assert deal.legal_actions() == [Say.OPEN, Say.CLOSED]
    play(match, "в светлую", "play A♠")
    assert dict(deal.view(1).open_hands).keys() == {0, 2}
    play(match, "play 7♠")
    assert deal.card_seat == 0
    assert deal.to_move == 2, "the whister plays the passer's card"
    assert deal.view(2).playing_for == 0
    play(match, "play 9♠")
    play_out(match)
    outcome = deal.outcome()
    assert outcome.defence == "open"
    assert sum(outcome.tricks) == 10


def test_an_all_pass_plays_the_talon_cards_as_the_first_two_leads() -> None:
    """Rule 29: the dealer turns the talon cards one after the other; then the first hand leads."""
    match, deal = table(
        "♠7 8 9 10 J Q K A ♣7 8",
        "♣9 10 J Q K A ♦7 8 9 10",
        "♦J Q K A ♥7 8 9 10 J Q",
        "♥K ♥A",
    )
    play(match, "pass", "pass", "pass")
    assert deal.talon_lead == parse_cards("K♥")[0]
    assert deal.view(2).talon == parse_cards("K♥"), "only the turned card is shown"
    play(match, "play 7♣", "play 7♦", "play 7♥")
    assert deal.tricks[0] == 1, "the highest heart takes the talon's trick"
    assert deal.talon_lead == parse_cards("A♥")[0]
    play(match, "play 8♣", "play 8♦", "play 8♥")
    assert deal.card_seat == 1, "after the talon the first hand leads"
    play(
        match,
        *("play 7♠", "play 9♦", "play A♦"),
        *("play 8♠", "play 10♦", "play K♦"),
        *("play 9♠", "play 9♣", "play J♦"),
        *("play 10♠", "play 10♣", "play Q♦"),
        *("play J♠", "play J♣", "play 9♥"),
        *("play Q♠", "play Q♣", "play 10♥"),
        *("play K♠", "play K♣", "play J♥"),
        *("play A♠", "play A♣", "play Q♥"),
    )
    outcome = deal.outcome()
    assert outcome.kind == "all-pass"
    assert outcome.tricks == (2, 8, 0)
    assert outcome.allpass_series == 1
    assert outcome.talon == parse_cards("K♥ A♥")


def test_a_defender_who_revokes_loses_the_trick_and_the_declarer_is_paid_in_full() -> None:
    """Rules 33, 35: the trick wrongly taken goes to the declarer, who scores as if he made it."""
    match, deal = table(*SIX_HANDS, renonce_allowed=True)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist")
    play(match, "play A♥", "play A♣", "play 7♥")
    assert deal.renonces[-1].seat == 2, "seat 2 has no heart but holds trumps: a revoke"
    assert deal.tricks == [0, 1, 0]
    play(match, "play K♥", "play 7♠", "play 9♠")
    assert deal.renonces[-1].seat == 0, "seat 0 trumps though he holds hearts: a revoke"
    assert deal.tricks == [0, 2, 0], "the trick the revoker took is taken from him"
    play_out(match)
    outcome = deal.outcome()
    assert outcome.declarer_credited is True
    assert outcome.made is True
    assert [r.seat for r in outcome.renonces] == [2, 0]


def test_a_declarer_who_revokes_gives_the_trick_to_the_best_card_of_the_suit_led() -> None:
    """Rule 34: the trick goes to the whister whose card in the suit led is the highest."""
    match, deal = table(*SIX_HANDS, renonce_allowed=True)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist")
    play(match, "play A♥", "play 7♠", "play 7♥")
    assert deal.tricks == [0, 0, 1], "seat 2 trumps the ace"
    play(match, "play Q♦", "play 9♠", "play 10♠")
    assert deal.renonces[-1].seat == 1, "the declarer trumps though he holds diamonds"
    assert deal.tricks == [0, 0, 2], "the trick goes to the whister's queen of diamonds"
    play_out(match)
    outcome = deal.outcome()
    assert outcome.declarer_revoked is True
    assert outcome.declarer_credited is False


def test_when_declarer_and_whister_both_revoke_the_higher_offending_card_takes_it() -> None:
    """Rule 36: both answer; the trick is written to the one whose card is higher."""
    match, deal = table(*SIX_HANDS, renonce_allowed=True)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist")
    play(match, "play A♥", "play 7♠", "play 7♥")
    play(match, "play Q♦", "play 10♣", "play K♥")
    assert {r.seat for r in deal.renonces} == {0, 1}
    assert deal.tricks == [0, 1, 1], "the declarer's king outranks the whister's ten"
    play_out(match)
    outcome = deal.outcome()
    assert outcome.declarer_revoked is True
    assert outcome.declarer_credited is False, "rule 35's credit is for a whister's error alone"


def test_the_four_handed_dealer_sits_out_and_his_consolations_are_in_the_outcome() -> None:
    """Rules 14 and 47: the dealer plays no card; two aces in the talon count three tricks."""
    match, deal = table(
        "♠A K Q J 10 ♥A K Q ♦K Q",
        "♠7 8 ♣K Q J 10 ♦J 10 9 8",
        "♠9 ♣9 8 7 ♥J 10 9 8 7 ♦7",
        "♣A ♦A",
        players=4,
    )
    assert deal.view(0).hand == ()
    play(match, "6♠", "pass", "pass")
    assert deal.view(0).talon == parse_cards("♣A ♦A"), "the dealer shows the talon (rule 20)"
    play(match, "discard K♦ Q♦", "6♠", "whist", "whist")
    assert deal.defenders == (2, 3)
    seen = set()
    while not deal.is_over:
        seen.add(deal.to_move)
        match.apply(match.legal_actions()[0])
    assert 0 not in seen
    outcome: DealOutcome = deal.outcome()
    assert outcome.players == 4
    assert outcome.dealer == 0
    assert outcome.tricks[0] == 0
    assert outcome.good_talon_tricks == 3
    assert outcome.talon_aces == 2
