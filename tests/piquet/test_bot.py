"""The default piquet bot exchanges and plays sensibly (issue 5, item 8)."""

from __future__ import annotations

from cardtable.bots import RandomBot, make_bot
from cardtable.cards import parse_cards
from cardtable.engine import seeded_rng
from cardtable.piquet.actions import AnnounceCapot, Answer, DealCards, Discard, Redeal
from cardtable.piquet.deal import PiquetDeal, PiquetOutcome
from cardtable.piquet.game import PIQUET
from cardtable.piquet.rules import PiquetRules
from piquet.tables import ELDER, act, two_hand_deal

ELDER_HAND = "A♠ K♠ Q♠ J♠ 9♠ A♥ A♦ 7♦ 8♣ 9♣ 7♥ 8♥"
YOUNGER_HAND = "10♠ 8♠ 7♠ K♥ Q♥ J♥ 10♥ 9♥ K♦ Q♦ J♦ 10♦"


def bot_action(deal: PiquetDeal) -> object:
    seat = deal.to_move
    assert seat is not None
    bot = make_bot("piquet", "default", deal.rules)
    return bot.choose(deal.view(seat), deal.legal_actions(), seeded_rng(0))


def test_the_bot_keeps_its_long_suit_and_aces_when_it_exchanges() -> None:
    """001, rules 7–8, 18: keep the long suit and the cards that make sets; discard the rest."""
    action = bot_action(two_hand_deal(ELDER_HAND, YOUNGER_HAND))
    assert isinstance(action, Discard)
    assert len(action.cards) == 5
    kept = set(parse_cards(ELDER_HAND)) - set(action.cards)
    assert set(parse_cards("A♠ K♠ Q♠ J♠ A♥ A♦")) <= kept


def test_the_bot_says_not_good_when_it_holds_the_better_point() -> None:
    """001, rule 20: a bot sinks nothing worth declaring."""
    deal = two_hand_deal(ELDER_HAND, YOUNGER_HAND)
    # The elder sinks one card of his five spades; the bot's five hearts are more.
    act(deal, "refuse talon", "refuse talon", "look", "look", "declare point 4")
    assert bot_action(deal) == Answer("not good")


def test_the_bot_announces_a_capot_it_cannot_lose() -> None:
    """001, rule 38: with nothing but master cards the first leader announces the capot."""
    deal = two_hand_deal(
        "A♠ K♠ Q♠ A♥ K♥ Q♥ A♦ K♦ Q♦ A♣ K♣ Q♣", "J♠ 10♠ 9♠ J♥ 10♥ 9♥ J♦ 10♦ 9♦ J♣ 10♣ 9♣"
    )
    act(deal, "refuse talon", "refuse talon", "look", "look")
    act(deal, "sink", "sink", "sink", "sink", "sink", "sink")
    assert deal.to_move == ELDER
    assert bot_action(deal) == AnnounceCapot()


def test_the_bot_outscores_random_play() -> None:
    """Issue 5, item 8: the default bot must beat the random baseline over many deals."""
    game = PIQUET
    rules = game.rules()
    bots = [make_bot("piquet", "default", rules), RandomBot()]
    deals_rng, bots_rng = seeded_rng(3), seeded_rng(4)
    margin = deals = 0
    match = game.new_match(rules, ["bot", "random"])
    while deals < 24 and not match.is_over:
        deal = match.start_deal(deals_rng)
        while deal.to_move is not None:
            seat = deal.to_move
            match.apply(bots[seat].choose(deal.view(seat), deal.legal_actions(), bots_rng))
        outcome = deal.outcome()
        assert isinstance(outcome, PiquetOutcome)
        counts = outcome.counts
        margin += counts[0] - counts[1]
        deals += 1
    assert margin / deals > 10


def test_the_bot_deals_properly_and_accepts_a_deal_reported_irregular() -> None:
    """001, rules 6, 12 (the irregularities option): a redeal is a right, not a duty."""
    deal = two_hand_deal(ELDER_HAND, YOUNGER_HAND, rules=PiquetRules(irregularities=True))
    assert bot_action(deal) == DealCards()
    act(deal, "misdeal extra seat 0")
    assert deal.to_move == ELDER
    assert bot_action(deal) == Redeal(False)
