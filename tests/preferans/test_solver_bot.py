"""The sampling bot (the solver issue, item 3): it sees only its view and plays sound cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.bots import make_bot, preferans_sampling
from cardtable.bots.preferans import best_strain, hand_tricks
from cardtable.bots.preferans_layouts import TALON, auction_layout, deal_unseen, shown_voids
from cardtable.bots.preferans_sampling import SamplingBot
from cardtable.cards import Card, Suit, parse_cards
from cardtable.engine import seeded_rng
from cardtable.harness import simulate
from cardtable.preferans.actions import Bid, Discard, Play, Say
from cardtable.preferans.contracts import MISERE, Strain, parse_contract
from cardtable.preferans.game import PREFERANS
from cardtable.preferans.solver import card_values, position_of_deal
from cardtable.preferans.tricks import DECK
from preferans.helpers import play, table


def test_the_sampling_bot_is_registered_and_plays_deals_that_pass_every_check() -> None:
    """Rules 8–37 through the harness.

    Deals with sampling bots at three and four players pass the views, replay, determinism,
    ledger and refusal checks; where revokes are allowed (rules 33–37) the bot never revokes.
    """
    rules = PREFERANS.rules()
    assert isinstance(make_bot("preferans", "sampling", rules), SamplingBot)
    revoking = PREFERANS.rules(overrides={"renonce_allowed": True})
    for players, table_rules in ((3, rules), (4, rules), (3, revoking)):
        bots = [
            SamplingBot(layouts=3, rules=table_rules, auction_layouts=2) for _ in range(players)
        ]
        report = simulate(PREFERANS, table_rules, players=players, deals=2, seed=4, bots=bots)
        assert report.ok, report.failures
        assert "renonce" not in report.tally


def test_a_hand_that_did_not_follow_is_void_and_one_that_did_not_trump_has_no_trumps() -> None:
    """Rules 31–32.

    Failing to follow shows a void in the suit led, and in trumps if the card was not a trump.
    """
    trick = tuple(zip((0, 1, 2), parse_cards("A♠ 7♥ 8♣"), strict=True))
    voids = shown_voids([trick], (), Suit.HEARTS, skip=0)
    assert voids == {1: {Suit.SPADES}, 2: {Suit.SPADES, Suit.HEARTS}}


def test_unseen_cards_are_dealt_to_the_hidden_hands_outside_their_voids() -> None:
    """Rules 31–32.

    A layout gives each hidden hand its size and no card of a shown void; the rest is out of
    play (the discard).
    """
    unseen = parse_cards("♠7 8 9 10, ♥7 8 9 10, ♦A K")
    rng = random.Random(5)
    for _ in range(50):
        layout = deal_unseen(unseen, {1: 4, 2: 4}, {1: {Suit.SPADES}}, rng)
        assert layout is not None
        assert [len(layout[1]), len(layout[2])] == [4, 4]
        assert all(card.suit is not Suit.SPADES for card in layout[1])


def test_with_every_hand_open_the_bot_plays_a_double_dummy_best_card() -> None:
    """Rule 22 and the checked ten (every hand face up).

    With nothing hidden the bot's card is one the solver rates best from the engine's own
    position.
    """
    match, deal = table(
        "♠7 8 9 ♣7 8 9 ♦7 8 ♥7 8",
        "♠10 J Q ♣10 J ♦9 10 J ♥9 10",
        "♠K A ♣Q K A ♦Q K A ♥J Q",
        "♥K A",
    )
    play(match, "pass", "pass", "10♥", "discard Q♣ Q♦")
    play(match, "10♥")
    bot = SamplingBot(layouts=1)
    rng = seeded_rng(2)
    for _ in range(4):
        seat = deal.to_move
        assert seat is not None
        position, _ = position_of_deal(deal)
        values = card_values(position)
        best = (
            max(values.values()) if position.to_move == position.declarer else min(values.values())
        )
        choice = bot.choose(deal.view(seat), deal.legal_actions(), rng)
        assert isinstance(choice, Play)
        assert values[choice.card] == best
        match.apply(choice)


def test_holding_every_trump_and_two_aces_the_bot_names_ten_hearts() -> None:
    """Rules 17 and 21: a hand that takes every trick in hearts is named at 10♥.

    Bought at 6♠, it may name any contract from 6♠ up; in every layout all ten tricks are its.
    """
    match, deal = table(
        "♠7 8 9 10 J Q K ♣7 8 9", "♣10 J Q K ♦9 10 J Q K A", "♥7 8 9 10 J Q K A ♠A ♣A", "♦7 8"
    )
    play(match, "pass", "pass", "6♠", "discard 7♦ 8♦")
    choice = SamplingBot(layouts=2).choose(deal.view(0), deal.legal_actions(), seeded_rng(1))
    assert choice == Bid(parse_contract("10♥"))


def test_the_bot_remembers_every_finished_trick_and_forgets_them_at_the_next_deal() -> None:
    """Rule 30: the bot keeps every finished trick of the deal, and only of this deal.

    It notes them even through tricks where it had one legal card, and starts afresh at the
    next deal.
    """
    first, second = "♠7 8 9 ♣7 8 9 ♦7 8 ♥7 8", "♠10 J Q ♣10 J ♦9 10 J ♥9 10"
    third = "♠K A ♣Q K A ♦Q K A ♥J Q"
    bot = SamplingBot(layouts=1)
    rng = seeded_rng(3)
    for contract in ("10♥", "10♠"):
        match, deal = table(first, second, third, "♥K A")
        play(match, "pass", "pass", contract, "discard Q♣ Q♦", contract)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            action = bot.choose(deal.view(seat), deal.legal_actions(), rng)
            assert sorted(bot.memory[seat].tricks) == list(range(deal.trick_number))
            match.apply(action)


def test_the_bot_whists_a_hand_that_sets_the_contract() -> None:
    """Rules 24–26: against 6♠, five top hearts and five top minors whist."""
    match, deal = table(
        "♥A K Q J 10 ♦A K Q ♣A K", "♠7 8 ♣7 8 9 10 ♦7 8 9 ♥9", "♠A K Q J 10 9 ♣Q J ♦J 10", "♥7 8"
    )
    play(match, "pass", "pass", "6♠", "discard 7♥ 8♥", "6♠")
    bot = SamplingBot(layouts=4, rules=PREFERANS.rules())
    assert bot.choose(deal.view(1), deal.legal_actions(), seeded_rng(5)) is Say.WHIST


def test_on_a_misere_the_bot_lays_the_talons_aces_aside() -> None:
    """Rules 21–22: a low misère hand that buys two aces discards them and stays clean."""
    match, deal = table(
        "♠7 8 9 ♣7 8 9 ♦7 8 ♥7 8", "♠10 J Q K ♣10 J Q K ♦9 10", "♦J Q K A ♥9 10 J Q K A", "♠A ♣A"
    )
    play(match, "misère", "pass", "pass")
    bot = SamplingBot(layouts=4, rules=PREFERANS.rules())
    choice = bot.choose(deal.view(1), deal.legal_actions(), seeded_rng(2))
    assert choice == Discard(frozenset(parse_cards("A♠ A♣")))


AUCTION_HANDS = (
    ("♥7 8 9 10 J Q K A ♠A K", "♠7 8 9 10 J Q ♣7 8 9 10", "♣J Q K A ♦7 8 9 10 J Q", "♦K A"),
    ("♠7 8 ♣7 8 ♦7 8 ♥7 8 9 10", "♠9 10 J Q ♣9 10 J Q ♦9 10", "♠K A ♣K A ♦J Q K A ♥J Q", "♥K A"),
    ("♠9 J ♣9 Q ♦8 10 K ♥9 J Q", "♠7 8 10 Q ♣7 8 10 J ♦7 9", "♠K A ♣K A ♦J Q A ♥7 8 10", "♥K A"),
)


@pytest.mark.parametrize("preset", ["classic-1992", "sochi"])
def test_the_bot_bids_a_game_on_a_sure_ten_and_misere_on_a_clean_low_hand(preset: str) -> None:
    """Rules 16–17 and 22, the first hand's first call weighed over layouts of the unseen cards.

    Eight trumps and two aces bid on (the cheapest bid, 6♠); the lowest two cards of three
    suits and the four low hearts bid misère; a hand of middle cards with no long suit,
    which can neither make a game nor stay clean, passes.
    """
    rules = PREFERANS.rules(preset)
    calls = []
    for hands in AUCTION_HANDS:
        _, deal = table(*hands, preset=preset)
        bot = SamplingBot(rules=rules, auction_layouts=4)
        calls.append(bot.choose(deal.view(1), deal.legal_actions(), seeded_rng(1)))
    assert calls == [Bid(parse_contract("6♠")), Bid(MISERE), Say.PASS]


def test_the_auction_call_is_the_same_for_the_same_seed() -> None:
    """The bot uses only the injected random source, so a seeded table replays exactly."""
    _, deal = table(*AUCTION_HANDS[0])
    bot = SamplingBot(rules=PREFERANS.rules(), auction_layouts=3)
    first = bot.choose(deal.view(1), deal.legal_actions(), seeded_rng(9))
    second = bot.choose(deal.view(1), deal.legal_actions(), seeded_rng(9))
    assert first == second


def test_layouts_for_the_auction_give_a_bidder_the_tricks_his_bid_promises() -> None:
    """Rules 16–17: a bid promises tricks, a first pass denies a game.

    After the first hand bids 8♠ and the second passes, the third hand's layouts give the
    bidder at least six and a half counted tricks and the passer fewer than six in nearly
    every draw, where unconstrained draws give the bidder far fewer.
    """
    match, deal = table(
        "♠A K Q J 10 ♥A K ♦A K ♣A", "♠7 8 ♣7 8 9 ♦7 8 9 ♥7 8", "♠9 ♣10 J Q K ♦10 J Q ♥9 10", "♥J Q"
    )
    play(match, "8♠", "pass")
    view = deal.view(0)
    unseen = [card for card in DECK if card not in set(view.hand)]
    hidden = {1: 10, 2: 10, TALON: 2}
    rng = random.Random(1)
    layouts = [auction_layout(unseen, hidden, view, rng) for _ in range(40)]
    plain = [deal_unseen(unseen, hidden, {}, rng) for _ in range(40)]
    counted = [best_strain(layout[1])[1] for layout in layouts if layout is not None]
    unconstrained = [best_strain(layout[1])[1] for layout in plain if layout is not None]
    passer = [best_strain(layout[2])[1] for layout in layouts if layout is not None]
    assert sum(tricks >= 6.5 for tricks in counted) >= 36
    assert sum(tricks < 6 for tricks in passer) >= 36
    assert sum(unconstrained) / len(unconstrained) < sum(counted) / len(counted) - 1.5


def _play_time_layouts(
    monkeypatch: pytest.MonkeyPatch, hands: tuple[str, str, str, str], *moves: str
) -> list[tuple[Any, ...]]:
    """The layouts seat 2's sampling bot draws for its next card, with what each was drawn from."""
    match, deal = table(*hands)
    play(match, *moves)
    drawn: list[tuple[Any, ...]] = []

    def spy(*args: Any, **kwargs: Any) -> dict[int, tuple[Card, ...]] | None:
        layout = auction_layout(*args, **kwargs)
        drawn.append((layout, args[0], args[1], kwargs))
        return layout

    monkeypatch.setattr(preferans_sampling, "auction_layout", spy)
    assert deal.to_move == 2
    choice = SamplingBot(layouts=8).choose(deal.view(2), deal.legal_actions(), seeded_rng(3))
    assert choice in deal.legal_actions()
    assert isinstance(choice, Play)
    return drawn


def test_layouts_in_the_play_give_the_declarer_the_tricks_his_bid_promised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The solver issue, item 3; docs/solver.md, "The sampling bot".

    The issue asks to deal the unseen cards "consistently with what the bidding, the play and
    the voids shown". The declarer bid 8♠ and has played A♠ and A♥: every layout a defender
    draws in the play gives the declarer's dealt hand (hidden cards and cards played) at least
    six and a half counted tricks, and the other defender, who passed first, fewer than six,
    where plain draws of the same unseen cards often give the declarer less.
    """
    hands = (
        "♠A K Q J 10 ♥A K ♦A K ♣A",
        "♠7 8 ♣7 8 9 ♦7 8 9 ♥7 8",
        "♠9 ♣10 J Q K ♦10 J Q ♥9 10",
        "♥J Q",
    )
    auction = ("8♠", "pass", "pass", "discard J♥ Q♥", "8♠", "whist", "pass", "closed")
    drawn = _play_time_layouts(monkeypatch, hands, *auction, "A♠", "play 7♠", "play 9♠", "A♥")
    assert len(drawn) == 8
    for layout, _, _, kwargs in drawn:
        played = kwargs["played"]
        assert tuple(played[1]) == parse_cards("A♠ A♥")
        assert best_strain([*layout[1], *played[1]])[1] >= 6.5
        assert best_strain([*layout[0], *played[0]])[1] < 6
    _, unseen, hidden, _ = drawn[0]
    rng = random.Random(1)
    plain = [deal_unseen(unseen, hidden, {}, rng) for _ in range(100)]
    counts = [best_strain([*hand[1], *parse_cards("A♠ A♥")])[1] for hand in plain if hand]
    assert sum(count < 6.5 for count in counts) > 30


def test_when_no_layout_fits_the_bidding_the_play_samples_by_the_voids_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The solver issue, item 3; docs/solver.md, "The sampling bot".

    The bidding is a loose guide to the layouts, the voids shown are not. The declarer bid 8♠
    on a hand of small cards, and the defender to move holds every high card: no layout can
    count six and a half tricks for the declarer, so after a bounded number of draws the bot
    takes one that only keeps the voids (the third hand, void in spades, gets no spade), and
    still plays a card.
    """
    hands = (
        "♠7 8 9 ♣7 8 9 10 ♦7 8 9",
        "♠A K Q J ♣A K ♦A K ♥A K",
        "♣J ♦10 J Q ♥7 8 9 10 J Q",
        "♠10 ♣Q",
    )
    auction = ("8♠", "pass", "pass", "discard 10♠ Q♣", "8♠", "whist", "pass", "closed")
    drawn = _play_time_layouts(monkeypatch, hands, *auction, "play 7♠", "A♠", "J♣")
    assert len(drawn) == 8
    for layout, _, hidden, kwargs in drawn:
        assert layout is not None
        assert kwargs["voids"] == {0: {Suit.SPADES}}
        assert {seat: len(cards) for seat, cards in layout.items()} == hidden
        assert all(card.suit is not Suit.SPADES for card in layout[0])
        assert best_strain([*layout[1], *kwargs["played"][1]])[1] < 6.5


def test_whist_layouts_give_the_partner_the_tricks_his_bid_promised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The solver issue, item 3; docs/solver.md, "The sampling bot".

    The issue asks to deal the unseen cards "consistently with what the bidding, the play and
    the voids shown", whisting included. The first hand bid 7♠ and then passed; the second
    bought 7♣ and the talon J♥ Q♥. Every layout the third hand draws for its whist gives the
    partner at least five and a half counted tricks and the declarer, with the talon, at least
    five and a half in clubs, where plain draws of the same cards often give the partner less;
    and the same seed draws the same layouts and makes the same call.
    """
    match, deal = table(
        "♠A K Q J 10 ♦A K ♣7 8 ♥7", "♣A K Q J 10 9 ♥A K ♦Q J", "♠7 8 9 ♦7 8 9 10 ♥8 9 10", "♥J Q"
    )
    play(match, "7♠", "7♣", "pass", "pass", "discard J♥ Q♥", "7♣")
    view = deal.view(0)
    drawn: list[dict[int, tuple[Card, ...]] | None] = []

    def spy(*args: Any, **kwargs: Any) -> dict[int, tuple[Card, ...]] | None:
        layout = auction_layout(*args, **kwargs)
        drawn.append(layout)
        return layout

    monkeypatch.setattr(preferans_sampling, "auction_layout", spy)
    bot = SamplingBot(layouts=4, rules=PREFERANS.rules())
    calls = [bot.choose(view, deal.legal_actions(), seeded_rng(5)) for _ in range(2)]
    assert calls[0] == calls[1]
    assert calls[0] in deal.legal_actions()
    assert len(drawn) == 8
    assert drawn[:4] == drawn[4:]
    for layout in drawn:
        assert layout is not None
        assert best_strain(layout[1])[1] >= 5.5
        assert hand_tricks(layout[2] + view.talon, Strain.CLUBS) >= 5.5
    unseen = [card for card in DECK if card not in set(view.hand) | set(view.talon)]
    rng = random.Random(1)
    plain = [deal_unseen(unseen, {1: 10, 2: 10}, {}, rng) for _ in range(100)]
    assert sum(best_strain(hand[1])[1] < 5.5 for hand in plain if hand) > 30
