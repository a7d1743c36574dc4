"""The auction for the talon: 001_776ed664a35a376f.txt, preferans rules 16–20, 23; the Code."""

from __future__ import annotations

from typing import cast

import pytest

from cardtable.engine import seeded_rng
from cardtable.errors import IllegalAction
from cardtable.preferans.actions import Say, parse_action
from cardtable.preferans.bidding import Auction, AuctionBid, bid_text
from cardtable.preferans.rules import PreferansRules
from preferans.helpers import play, play_out, table

MODERN = PreferansRules(misere_first_bid_only=True, misere_rank="after-8nt")

HANDS = (
    "♠A K Q J 10 ♥A K Q ♦A K",
    "♠7 8 ♣A K Q J ♦Q J 10 9",
    "♠9 ♣10 9 8 7 ♥J 10 9 8 7",
    "♦8 7",
)


def test_the_first_hand_left_of_the_dealer_speaks_first() -> None:
    """Rule 16: the first word belongs to the first hand, the dealer's left neighbour."""
    _, deal = table(*HANDS)
    assert deal.to_move == 1
    assert deal.view(1).first_hand == 1


def test_a_pass_is_final_and_the_turn_skips_the_passer() -> None:
    """Rules 16–17: who passed takes no further part in the auction."""
    match, deal = table(*HANDS)
    play(match, "pass", "6♠", "6♣")
    assert deal.to_move == 2, "seat 1 passed, so seat 0's raise goes back to seat 2"


def test_any_step_of_the_ladder_may_be_jumped() -> None:
    """Rule 18: anyone may at once say, say, 8 diamonds."""
    match, deal = table(*HANDS)
    play(match, "8♦")
    assert deal.auction.high is not None
    assert bid_text(deal.auction.high) == "8♦"
    with pytest.raises(IllegalAction, match="does not beat 8♦"):
        play(match, "8♠")


def test_after_a_pass_the_next_player_may_hold_the_bid_by_saying_mine() -> None:
    """Rule 19: '7 clubs', 'pass', 'mine': the third takes the 7♣ without raising."""
    match, deal = table(*HANDS)
    play(match, "7♣", "pass", "мои")
    assert deal.auction.high_seat == 0
    assert Say.HOLD not in deal.legal_actions(), "the first bidder must raise or pass"
    play(match, "pass")
    assert deal.declarer == 0


def test_mine_is_refused_when_nobody_has_just_passed() -> None:
    """Rule 19, as read here: 'mine' follows a pass."""
    match, _ = table(*HANDS)
    play(match, "6♠")
    with pytest.raises(IllegalAction, match="right after a pass"):
        play(match, "mine")


def test_the_senior_hand_may_hold_a_junior_bid_with_here() -> None:
    """The Code, 3.3 ('здесь'): the senior hand holds a junior's bid; the junior must raise."""
    match, deal = table(*HANDS, preset="sochi")
    play(match, "6♠", "6♣", "pass", "здесь")
    assert deal.auction.high_seat == 1
    assert Say.HOLD not in deal.legal_actions()
    again, _ = table(*HANDS, preset="sochi")
    play(again, "6♠")
    with pytest.raises(IllegalAction, match="senior"):
        play(again, "здесь")


def test_two_passes_give_the_talon_to_the_third() -> None:
    """Rule 20: the talon goes to the one who bid best when the other two passed."""
    match, deal = table(*HANDS)
    play(match, "pass", "6♥", "pass")
    assert deal.declarer == 2
    assert deal.phase == "discard"


def test_three_passes_make_an_all_pass() -> None:
    """Rule 29: if all three pass, the deal is an all-pass."""
    match, deal = table(*HANDS)
    play(match, "pass", "pass", "pass")
    assert deal.kind == "all-pass"
    assert deal.phase == "play"


def test_misere_tops_the_seed_ladder_and_nothing_beats_it() -> None:
    """Rule 17: the ladder ends 10 without talon, misère."""
    match, deal = table(*HANDS)
    play(match, "10 без прикупа", "misère")
    assert deal.legal_actions() == [Say.PASS]


def test_modern_misere_stands_between_eight_no_trumps_and_nine_spades() -> None:
    """The Code, 3.3 and 3.6: misère beats 8NT and is beaten by 9♠."""
    match, deal = table(*HANDS, preset="sochi")
    play(match, "8NT", "misère")
    assert parse_action("9♠") in deal.legal_actions()
    assert parse_action("8NT") not in deal.legal_actions()


def test_modern_misere_is_only_a_first_bid() -> None:
    """The Code, 3.6: a player who has bid on the ladder may no longer say misère."""
    match, _ = table(*HANDS, preset="sochi")
    play(match, "6♠", "6♣", "6♦")
    with pytest.raises(IllegalAction, match="only as a first call"):
        play(match, "misère")


def test_the_misere_bidder_may_only_pass_once_outbid_in_the_modern_game() -> None:
    """The Code, 3.6: misère is a bid of its own; its bidder does not climb the ladder."""
    match, deal = table(*HANDS, preset="sochi")
    play(match, "misère", "9♠", "pass")
    assert deal.legal_actions() == [Say.PASS]


def test_nine_without_talon_is_played_without_showing_the_talon() -> None:
    """Rule 17: 9 without talon; the declarer names his trumps and the talon stays hidden."""
    match, deal = table(*HANDS)
    play(match, "9 without talon", "pass", "pass")
    assert deal.phase == "contract"
    assert deal.view(1).talon == ()
    with pytest.raises(IllegalAction, match="rule 21"):
        play(match, "8NT")
    play(match, "9♠", "pass", "pass")
    outcome = deal.outcome()
    assert outcome.without_talon
    assert outcome.talon == ()
    assert outcome.good_talon_tricks == 0


def test_after_an_all_pass_the_leningrad_exit_asks_for_seven() -> None:
    """Leningrad's hard exit from all-pass: the next deal is bid from seven."""
    match, _ = table(*HANDS, preset="leningrad")
    play(match, "pass", "pass", "pass")
    play_out(match)
    assert match.allpass_series() == 1
    second = match.start_deal(seeded_rng(3))
    with pytest.raises(IllegalAction, match="lowest bid is 7"):
        second.apply(parse_action("6NT"))
    second.apply(parse_action("7♠"))


def _auction(rules: PreferansRules, *calls: str) -> Auction:
    auction = Auction(rules, (1, 2, 0))
    for call in calls:
        auction.apply(cast(Say | AuctionBid, parse_action(call)))
    return auction


@pytest.mark.parametrize(
    ("rules", "calls", "call", "reason"),
    [
        (PreferansRules(), [], "mine", "there is no bid to hold"),
        (PreferansRules(), ["pass", "pass", "pass"], "pass", "the auction is over"),
        (PreferansRules(), ["6♠"], "whist", "in the auction say a bid, 'pass' or 'mine'"),
        (
            PreferansRules(),
            ["10 without talon", "misère"],
            "misère",
            "misère does not beat the standing bid",
        ),
        (
            PreferansRules(without_talon_levels=(10,)),
            [],
            "9 without talon",
            "these rules allow no 9 without talon",
        ),
        (
            PreferansRules(hold="none"),
            ["6♠", "pass"],
            "mine",
            "these rules do not let a bid be held without raising",
        ),
        (MODERN, ["misère", "9♠", "pass"], "mine", "the misère bidder may only pass"),
        (MODERN, ["misère", "9♠", "pass"], "10♠", "the misère bidder may only pass"),
        (PreferansRules(), ["8NT"], "7NT", "7NT does not beat 8NT"),
    ],
)
def test_a_call_the_auction_does_not_allow_is_refused_with_its_reason(
    rules: PreferansRules, calls: list[str], call: str, reason: str
) -> None:
    """001, preferans rules 16–20: each refusal names the rule that forbids the call.

    Rule 16 (a pass is final, three passes end it), rule 17 (the ladder, 9 and 10 without
    talon), rule 19 ('mine'); the Code, 3.6 (the misère bidder only passes after).
    """
    auction = _auction(rules, *calls)
    assert auction.why_illegal(parse_action(call)) == reason


@pytest.mark.parametrize("rules", [PreferansRules(), MODERN], ids=["seed", "modern"])
def test_a_six_under_a_standing_seven_is_refused_as_not_beating_it(rules: PreferansRules) -> None:
    """001, preferans rule 17: a bid must climb the ladder above the standing one.

    A six is the lowest bid outside an all-pass exit, so it is not refused as too low for the
    deal but as not beating 7♠; in the modern game, where only the misère bidder is held to
    passing (the Code, 3.6), a player who bid no misère is told the same.
    """
    auction = _auction(rules, "7♠")
    assert auction.why_illegal(parse_action("6NT")) == "6NT does not beat 7♠"


def test_in_the_modern_game_misere_outranks_an_eight_without_the_talon() -> None:
    """The Code, 3.3 and 3.6: misère stands just above the eights, below 9♠.

    PreferansRules.without_talon_levels: a game without the talon ranks just above the same
    level in NT, so an eight without the talon is still an eight, and misère beats it.
    """
    rules = PreferansRules(misere_rank="after-8nt", without_talon_levels=(8, 9, 10))
    auction = _auction(rules, "8 without talon")
    assert auction.why_illegal(parse_action("misère")) is None
    assert auction.why_illegal(parse_action("8NT")) == "8NT does not beat 8 without talon"


def test_in_the_modern_game_a_player_who_has_bid_may_still_climb_past_misere() -> None:
    """The Code, 3.3 and 3.6: misère between 8NT and 9♠ is closed to a player who has bid.

    The ladder above it is not: after 6♠ and 7♠ the first hand may go on to 9♠.
    """
    auction = Auction(MODERN, (0, 1, 2))
    for call in ("6♠", "7♠"):
        auction.apply(cast(AuctionBid, parse_action(call)))
    raises = [bid_text(bid) for bid in auction.raises(2)]
    assert "misère" in raises
    auction.apply(Say.PASS)
    raises = [bid_text(bid) for bid in auction.raises(0)]
    assert "misère" not in raises
    assert "9♠" in raises


def test_a_misere_below_the_standing_bid_does_not_beat_it() -> None:
    """The Code, 3.3: with misère between 8NT and 9♠, a standing 9♠ is above it.

    The refusal says so even where misère is not reserved for a first call.
    """
    auction = Auction(PreferansRules(misere_rank="after-8nt"), (0, 1, 2))
    for call in ("6♠", "9♠"):
        auction.apply(cast(AuctionBid, parse_action(call)))
    auction.apply(Say.PASS)
    assert auction.why_illegal(parse_action("misère")) == "misère does not beat the standing bid"


def test_a_hold_refused_says_which_rule_of_holding_forbids_it() -> None:
    """Rule 19 ('здесь': a senior hand holds) and the Code's 'mine' (only after a pass, once).

    A refused hold names the rule in force; a misère offered after a bid, where misère is
    only a first call, says so.
    """
    senior = _auction(PreferansRules(hold="senior"), "6♠")
    assert senior.why_illegal(Say.HOLD) == (
        "only a hand senior to the bidder may hold his bid ('здесь')"
    )
    after_pass = _auction(PreferansRules(hold="after-pass"), "6♠")
    assert after_pass.why_illegal(Say.HOLD) == (
        "a bid may be held ('mine') only right after a pass, and only once"
    )
    modern = _auction(MODERN, "6♠", "6♣", "pass")
    assert modern.why_illegal(parse_action("misère")) == "misère may be bid only as a first call"
