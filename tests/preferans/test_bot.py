"""The rule-based bot (issue 3 item 8): bids by its tricks, whists by the obligations."""

from __future__ import annotations

from cardtable.bots import RandomBot, make_bot
from cardtable.bots.preferans import PreferansBot, misere_danger
from cardtable.cards import parse_cards
from cardtable.engine import seeded_rng
from cardtable.harness import simulate
from cardtable.preferans.actions import Say
from cardtable.preferans.game import PREFERANS
from preferans.helpers import play, table


def test_the_default_bot_is_the_rule_based_one() -> None:
    """Issue 3 item 8: a rule-based bot is registered as the game's default."""
    assert isinstance(make_bot("preferans", "default", PREFERANS.rules()), PreferansBot)


def test_a_clean_misere_hand_has_no_danger_and_a_high_card_has_some() -> None:
    """Rule 22: a misère takes no trick; sevens and low cards can always be ducked."""
    assert misere_danger(parse_cards("♠7 9 J ♣7 8 ♦7 9 ♥7 8 9")) == 0
    assert misere_danger(parse_cards("♠A ♣7 8 ♦7 9 ♥7 8 9 10 J")) >= 1


def test_the_bot_bids_misere_on_a_clean_hand_and_passes_a_weak_one() -> None:
    """Rules 16 and 23: pass with poor cards; announce a misère before the talon."""
    match, deal = table(
        "♠8 10 ♣9 10 J ♦8 10 J ♥10 J",
        "♠Q K A ♣Q K A ♦Q K ♥Q K",
        "♠7 9 J ♣7 8 ♦7 9 ♥7 8 9",
        "♦A ♥A",
    )
    bot = PreferansBot()
    assert bot.choose(deal.view(1), deal.legal_actions(), seeded_rng(1)) is Say.PASS
    play(match, "pass", "6♠")
    chosen = bot.choose(deal.view(0), deal.legal_actions(), seeded_rng(1))
    assert chosen == PREFERANS.parse_action("misère")


def test_the_bot_whists_a_six_with_two_sure_tricks_and_passes_an_eight_with_none() -> None:
    """Rule 26: the whisters' obligations (6: four together, 8: one)."""
    hands = (
        "♠A K Q J 10 ♥A K Q ♦K Q",
        "♠7 8 ♣A K Q J ♦J 10 9 8",
        "♠9 ♣10 9 8 7 ♥J 10 9 8 7",
        "♦A 7",
    )
    match, deal = table(*hands)
    play(match, "6♠", "pass", "pass", "discard 7♦ Q♦", "6♠")
    bot = PreferansBot()
    assert bot.choose(deal.view(2), deal.legal_actions(), seeded_rng(1)) is Say.WHIST
    match, deal = table(*hands)
    play(match, "8♠", "pass", "pass", "discard 7♦ Q♦", "8♠", "pass")
    assert bot.choose(deal.view(0), deal.legal_actions(), seeded_rng(1)) is Say.PASS


def test_the_bot_never_revokes_even_when_the_rules_allow_it() -> None:
    """Rules 33–37: a revoke is punished, so a sensible player follows suit."""
    rules = PREFERANS.rules(overrides={"renonce_allowed": True})
    report = simulate(PREFERANS, rules, players=3, deals=15, seed=2)
    assert report.ok, report.failures
    assert "renonce" not in report.tally


def test_random_play_holds_the_harness_in_the_classic_and_modern_rules() -> None:
    """Random moves reach every branch: claims, half-whists, misères, open whist."""
    for preset in ("classic-1992", "sochi"):
        report = simulate(
            PREFERANS,
            PREFERANS.rules(preset),
            players=3,
            deals=25,
            seed=11,
            preset=preset,
            bots=[RandomBot()] * 3,
        )
        assert report.ok, report.failures
