"""Judging hands by the clauses an audit found misread.

The double-ace flush's aces, deuce to seven with more than five cards or wild cards, and one
stand-in per wild card in high-low.
"""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from cardtable.cards import Card, Rank, Suit, cards_text, parse_cards
from cardtable.cli.main import app
from cardtable.engine.deal import DealSetup
from cardtable.poker import Category, HandRules, equity, evaluate, evaluate_low, showdown
from cardtable.poker.actions import Call, Check, Declare, Side
from cardtable.poker.deal import PokerDeal
from cardtable.poker.game import PokerGame
from cardtable.poker.hands import evaluate_deuce_to_seven, high_low_readings
from cardtable.poker.judge import HandJudge, showdown_judge

JOKERS_ANY = HandRules(wild=("jokers",), wild_mode="any")
ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)


def test_a_flush_with_two_aces_holds_two_aces_not_three() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями 2.

    "флеш с двумя тузами: флеш, включающий двух тузов". Two wild cards with A♠ 9♠ 5♠ make one
    more ace and a king, A-A-K-9-5 (docs/rules/poker.md): a third ace is no part of the hand
    the seed names, so it loses to A-A-K-Q-8.
    """
    two_wild = evaluate(parse_cards("A♠ 9♠ 5♠ Jo Jo2"), JOKERS_ANY)
    assert two_wild.category is Category.DOUBLE_ACE_FLUSH
    stands = sorted((s for _, s in two_wild.wild), key=lambda c: c.rank, reverse=True)
    assert stands == [ACE_OF_SPADES, Card(Rank.KING, Suit.SPADES)]
    one_wild = evaluate(parse_cards("A♦ K♦ Q♦ 8♦ Jo"), JOKERS_ANY)
    assert one_wild.category is Category.DOUBLE_ACE_FLUSH
    assert one_wild.value > two_wild.value


def test_in_deuce_to_seven_a_player_with_seven_cards_plays_his_lowest_five() -> None:
    """docs/rules/poker-variants.md, "Deuce to seven".

    The worst high hand wins and the ace is only high, so from seven cards the five that make
    the lowest hand count and A-5-4-3-2 is no straight.
    """
    judge = showdown_judge(HandJudge(HandRules()), "deuce-to-seven")
    nuts = parse_cards("7♠ 5♦ 4♣ 3♥ 2♠ A♦ K♣")
    eight = parse_cards("8♠ 6♦ 4♦ 3♣ 2♦ Q♥ J♥")
    assert judge.high(nuts) < judge.high(eight)
    assert judge.category(nuts) == "high card"
    best = evaluate_deuce_to_seven(nuts)
    assert sorted(card.rank for card in best.cards) == [2, 3, 4, 5, 7]


def test_in_deuce_to_seven_a_wheel_is_ace_high_even_where_wild_cards_are_played() -> None:
    """docs/rules/poker-variants.md, "Deuce to seven".

    A-5-4-3-2 is an ace-high hand, not a straight, so it beats a pair of deuces, wild cards in
    the rules or not.
    """
    rules = HandRules(wild=("jokers",))
    judge = showdown_judge(HandJudge(rules), "deuce-to-seven")
    wheel = parse_cards("A♠ 5♦ 4♣ 3♥ 2♠")
    deuces = parse_cards("2♦ 2♣ 6♥ 7♠ 8♣")
    assert judge.high(wheel) < judge.high(deuces)
    assert judge.category(wheel) == "high card"


def test_in_deuce_to_seven_a_wild_card_stands_for_the_card_that_makes_the_lowest_hand() -> None:
    """002_053e85955f9a4108.txt, Козырные карты; docs/rules/poker-variants.md, "Deuce to seven".

    A wild card stands for any card the player lacks, and at deuce to seven the player wants
    the lowest hand, so Jo 7-5-4-2 is 7-5-4-3-2 and beats 8-6-4-3-2.
    """
    rules = HandRules(wild=("jokers",))
    judge = showdown_judge(HandJudge(rules), "deuce-to-seven")
    joker = parse_cards("Jo 7♠ 5♦ 4♣ 2♠")
    eight = parse_cards("8♠ 6♦ 4♦ 3♣ 2♦")
    assert judge.high(joker) < judge.high(eight)
    best = evaluate_deuce_to_seven(joker, rules)
    assert [stands.rank for _, stands in best.wild] == [Rank.THREE]


HIGH_LOW_JOKERS = HandRules(wild=("jokers",), low="high-low")
CLASH = "A♠ 2♦ 3♣ 4♥ Jo K♠ K♦"


def test_a_joker_stands_for_one_card_in_both_the_high_and_the_low_hand() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Козыри.

    "При вскрытии карт джокер может обозначать только один номинал и масть". A♠ 2♦ 3♣ 4♥ Jo
    K♠ K♦ shows either the straight (Jo as a five) with a king-high low, or the joker as an
    ace in both halves: aces and kings with 4-3-2-A-Jo; never the straight with the joker low.
    """
    readings = high_low_readings([parse_cards(CLASH)], HIGH_LOW_JOKERS)
    for reading in readings:
        shared = set(dict(reading.high.wild)) & set(dict(reading.low.wild))
        assert all(dict(reading.high.wild)[w] == dict(reading.low.wild)[w] for w in shared)
    best_high = evaluate(parse_cards(CLASH), HIGH_LOW_JOKERS)
    best_low = evaluate_low(parse_cards(CLASH), HIGH_LOW_JOKERS)
    assert (readings[0].high.value, readings[0].low.value) == (
        best_high.value,
        evaluate_low(parse_cards("A♠ 2♦ 3♣ 4♥ K♠"), HIGH_LOW_JOKERS).value,
    )
    assert readings[-1].low.value == best_low.value
    assert readings[-1].high.category is Category.TWO_PAIR
    assert len(readings) == 2


def test_a_player_declaring_both_cannot_count_his_joker_twice() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Козыри and Заявка.

    "джокер может обозначать только один номинал и масть"; "Если игрок заявил как наибольший,
    так и наименьший расклады, он должен при вскрытии иметь по меньшей мере ничью в обоих
    случаях". Against three queens (high) and 7-5-3-2-A (low), the joker as a five wins the
    high but not the low, and as an ace the low but not the high: the declarer of both gets
    nothing, and the other two take a half each.
    """
    game = PokerGame()
    rules = game.rules("seven-card-stud-high-low", {"variant": {"hands": {"wild": ["jokers"]}}})
    deal = PokerDeal(
        3,
        DealSetup(0, tuple(rules.variant.hands.deck().cards()), 1),
        rules,
        HandJudge(rules.variant.hands),
        stacks=[50] * 3,
        in_deal=[True] * 3,
    )
    while deal.phase != "declare":
        deal.apply(Check() if deal.why_illegal(Check()) is None else Call())
    held = {0: CLASH, 1: "Q♣ Q♥ Q♦ 9♠ 8♠ 6♦ 5♣", 2: "A♦ 2♣ 3♦ 5♥ 7♣ J♣ 10♥"}
    for seat, text in held.items():
        hand = deal.hands[seat]
        cards = list(parse_cards(text))
        down = len(hand.down)
        hand.down[:], hand.up[:] = cards[:down], cards[down:]
    sides = {0: Side.BOTH, 1: Side.HIGH, 2: Side.LOW}
    while deal.phase == "declare":
        turn = deal.to_move
        assert turn is not None
        deal.apply(Declare(sides[turn]))
    wins = [event.text for event in deal.events if event.kind == "win"]
    assert wins == [
        "seat 1 wins 2 (main pot, high) with three of a kind, queens",
        "seat 2 wins 1 (main pot, low) with 7-5-3-2-A low",
    ]
    assert deal.outcome().changes[0] < 0


def test_where_the_cards_speak_one_card_for_the_joker_wins_one_half_only() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Козыри; docs/rules/poker.md.

    "джокер может обозначать только один номинал и масть". With the cards speaking, the
    joker as a five wins the high half against three queens and leaves the low to 7-5-3-2-A;
    as an ace it would win the low and lose the high: either way half, and on equal
    winnings the better high is shown.
    """
    hands = [parse_cards(text) for text in (CLASH, "Q♣ Q♥ Q♦ 9♠ 8♠ 6♦ 5♣", "A♦ 2♣ 3♦ 5♥ 7♣")]
    result = showdown(hands, HIGH_LOW_JOKERS)
    assert result.winners == (0,)
    assert result.low_winners == (2,)
    assert result.hands[0].category is Category.STRAIGHT
    assert [stands.rank for _, stands in result.lows[0].wild] == []


def test_equity_counts_the_joker_as_one_card_in_both_halves() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Козыри; docs/rules/poker.md, "Equity".

    "джокер может обозначать только один номинал и масть": with every card known, the hand
    that would scoop by counting its joker twice takes only the high half.
    """
    hands = [parse_cards(text) for text in (CLASH, "Q♣ Q♥ Q♦ 9♠ 8♠ 6♦ 5♣", "A♦ 2♣ 3♦ 5♥ 7♣")]
    result = equity(hands, board_size=0, rules=HIGH_LOW_JOKERS)
    assert [h.equity for h in result.hands] == [0.5, 0.0, 0.5]


def test_the_hand_command_lists_the_ways_to_show_both_halves_with_one_card_per_joker() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Козыри.

    "джокер может обозначать только один номинал и масть": `poker hand` names each way.
    """
    result = CliRunner().invoke(
        app, ["poker", "hand", *CLASH.split(), "--wild", "jokers", "--low", "high-low", "--json"]
    )
    assert result.exit_code == 0, result.output
    readings = json.loads(result.stdout)["readings"]
    assert [(r["high"]["wild"], r["low"]["wild"]) for r in readings] == [
        ({"Jo": "5♣"}, {}),
        ({"Jo": "A♣"}, {"Jo": "A♣"}),
    ]


def _one_card_each_way(cards: list[Card]) -> list[tuple[int, int]]:
    """The best high and low for each card the joker may be, by brute force, unbeaten only."""
    joker = next(card for card in cards if card.is_joker)
    held = [card for card in cards if not card.is_joker]
    plain = HandRules(low="high-low")
    pairs = set()
    for card in (Card.from_index(i) for i in range(52)):
        if card in held:
            continue
        high = evaluate([*held, card], plain).value >> 4
        if card.rank == Rank.ACE:  # the low ace that pairs nothing
            low = evaluate_low([*held, joker], HIGH_LOW_JOKERS).value
        else:
            low = evaluate_low([*held, card], plain).value
        pairs.add((high, (-low) >> 4))
    unbeaten: list[tuple[int, int]] = []
    for high, badness in sorted(pairs, key=lambda p: (-p[0], p[1])):
        if not unbeaten or badness < unbeaten[-1][1]:
            unbeaten.append((high, badness))
    return unbeaten


def test_the_readings_of_a_joker_hand_are_every_unbeaten_choice_of_one_card() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше», Козыри.

    "джокер может обозначать только один номинал и масть": trying the joker as each of the
    52 cards (values without the wild-card count) gives the same unbeaten pairs of high and
    low as the evaluator's readings, on seven-card hands rich in low cards.
    """
    rng = random.Random(3)
    deck = [Card.from_index(i) for i in range(52)]
    low_cards = [card for card in deck if card.rank in (2, 3, 4, 5, 14)]
    for _ in range(40):
        chosen = rng.sample(low_cards, 4)
        rest = rng.sample([card for card in deck if card not in chosen], 2)
        cards = [*chosen, *rest, Card.joker(1)]
        ours = [
            (r.high.value >> 4, (-r.low.value) >> 4)
            for r in high_low_readings([cards], HIGH_LOW_JOKERS)
        ]
        assert ours == _one_card_each_way(cards), cards_text(cards)


def test_in_deuce_to_seven_equal_hands_are_told_apart_by_fewer_wild_cards() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями; docs/rules/poker-variants.md, deuce to seven.

    A natural 7-5-4-3-2 beats 7-5-4-3 with a joker for the deuce, and from six cards holding
    both the deuce and a joker the natural five play.
    """
    rules = HandRules(wild=("jokers",))
    natural = evaluate_deuce_to_seven(parse_cards("7♠ 5♦ 4♣ 3♥ 2♠"), rules)
    joker = evaluate_deuce_to_seven(parse_cards("7♦ 5♣ 4♥ 3♠ Jo"), rules)
    assert natural.value > joker.value
    six = evaluate_deuce_to_seven(parse_cards("7♠ 5♦ 4♣ 3♥ 2♠ Jo"), rules)
    assert cards_text(six.cards) == "7♠ 5♦ 4♣ 3♥ 2♠"
    assert six.wild == ()


def test_in_deuce_to_seven_of_two_equal_fives_the_first_held_is_shown() -> None:
    """docs/rules/poker.md, "Вскрытие карт, showdown sentences": each hand shown is named.

    Where two fives of the hand are equal (either seven makes 7-5-4-3-2), the one of the
    cards as first held is shown, so the same hand is always named alike.
    """
    best = evaluate_deuce_to_seven(parse_cards("7♠ 7♦ 5♦ 4♣ 3♥ 2♠"))
    assert cards_text(best.cards) == "7♠ 5♦ 4♣ 3♥ 2♠"
