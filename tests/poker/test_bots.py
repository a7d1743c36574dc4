"""The table's bots value hands by the variant's own rules."""

from __future__ import annotations

from dataclasses import replace

from cardtable.bots import make_bot
from cardtable.cards import parse_cards
from cardtable.engine.deal import DealSetup
from cardtable.engine.registry import get_game
from cardtable.engine.rng import seeded_rng
from cardtable.poker.actions import Bet, Check, Discard, Fold
from cardtable.poker.dealing import stacked_deck
from cardtable.poker.table_bots import EquityBot
from cardtable.poker.view import PokerView

GAME = get_game("poker")


def final_round_view(cards: str, *, phase: str = "bet") -> PokerView:
    """Seat 0 of two, holding ``cards`` with nothing bet yet."""
    return PokerView(
        seat=0,
        variant="deuce-to-seven-triple-draw",
        win="deuce-to-seven",
        phase=phase,
        down=parse_cards(cards),
        up=((), ()),
        board=(),
        board_down=0,
        shown=((), ()),
        stacks=(100, 100),
        bets=(0, 0),
        pot=10,
        in_hand=(0, 1),
        to_move=0,
        round_index=3,
        declarations=(),
        seating=(0, 1),
        dealer=1,
        pots=(10,),
        wild=(),
        down_counts=(5, 5),
    )


def test_the_equity_bot_counts_a_wheel_as_ace_high_at_deuce_to_seven() -> None:
    """2-7 triple draw (PokerKit docs, deuce-to-seven lowball; outside the seed).

    The ace is only high, so A-5-4-3-2 is an ace-high hand, which beats every paired hand,
    not a straight, which loses to nearly every hand. The bot's chance with it against one
    unknown hand must be about the share of paired hands (about half), far from the
    straight's chance of under one in a hundred.
    """
    spec = GAME.rules("deuce-to-seven-triple-draw").variant
    bot = EquityBot(spec, samples=400)
    wheel = bot.chance(final_round_view("A♠ 5♦ 4♣ 3♥ 2♠"), seeded_rng(1))
    straight = bot.chance(final_round_view("6♠ 5♦ 4♣ 3♥ 2♠"), seeded_rng(1))
    best = bot.chance(final_round_view("7♠ 5♦ 4♣ 3♥ 2♠"), seeded_rng(1))
    assert 0.35 < wheel < best
    assert straight < 0.05


def test_the_equity_bot_draws_to_low_cards_at_deuce_to_seven() -> None:
    """2-7 triple draw (outside the seed): the worst high hand wins.

    So at the draw the bot throws its ace (high there), the cards above a seven and the
    second card of a pair.
    """
    spec = GAME.rules("deuce-to-seven-triple-draw").variant
    bot = EquityBot(spec)
    view = final_round_view("A♠ 7♦ 7♣ 3♥ 2♠", phase="draw")
    cards = view.down
    legal = [Discard(tuple(c for c in cards if c in chosen)) for chosen in _subsets(cards)]
    choice = bot.choose(view, legal, seeded_rng(2))
    assert isinstance(choice, Discard)
    assert {card.rank for card in choice.cards} == {14, 7}
    assert len(choice.cards) == 2


def _subsets(cards: tuple[object, ...]) -> list[set[object]]:
    return [{c for bit, c in enumerate(cards) if mask >> bit & 1} for mask in range(32)]


def test_after_an_unopened_jacks_deal_the_bots_bet_by_the_low_hand() -> None:
    """«Лоуболл»: a jacks deal nobody opens is played as lowball, the lowest hand winning.

    Once the deal turns, the default bot reads its hand as lowball does: 7-5-4-3-2 bets
    (checking is not allowed, Лоуболл 2), and a pair of tens, good at high, folds.
    """
    rules = GAME.rules("jacks-or-lowball")
    match = GAME.new_match(rules, ["А", "Б", "В"])
    hands = {1: "2c 3d 4h 5s 7c", 2: "Tc Td 9h 8s 6d", 0: "2d 2h 9c 8d 6c"}
    own = {seat: parse_cards(text) for seat, text in hands.items()}
    deck = stacked_deck(rules.variant, (1, 2, 0), own, match.deck())
    deal = match.start_deal_from(DealSetup(0, deck, 1))
    for _ in range(3):
        match.apply(Check())
    bot = make_bot("poker", "default", rules)
    rng = seeded_rng(3)
    first = bot.choose(deal.view(1), deal.legal_actions(), rng)
    assert isinstance(first, Bet)
    match.apply(first)
    assert bot.choose(deal.view(2), deal.legal_actions(), rng) == Fold()


def test_the_strength_bot_draws_to_a_low_hand_at_lowball() -> None:
    """«Лоуболл» 5): aces low, pairs and high cards are what a low hand throws away."""
    rules = GAME.rules("lowball")
    bot = make_bot("poker", "strength", rules)
    view = replace(final_round_view("K♠ K♦ 3♣ 2♥ A♠", phase="draw"), variant="lowball", win="low")
    legal = [Discard(tuple(c for c in view.down if c in chosen)) for chosen in _subsets(view.down)]
    choice = bot.choose(view, legal, seeded_rng(4))
    assert isinstance(choice, Discard)
    assert sorted(card.text() for card in choice.cards) == ["K♠", "K♦"]
