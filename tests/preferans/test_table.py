"""The table, the deal, the notation and hidden cards: 001_776ed664a35a376f.txt, rules 1–14."""

from __future__ import annotations

import pytest

from cardtable.bots import RandomBot
from cardtable.cards import parse_cards
from cardtable.engine import DealSetup, get_game, seeded_rng
from cardtable.errors import ActionParseError, IllegalAction
from cardtable.harness import simulate
from cardtable.preferans.actions import action_text, parse_action
from cardtable.preferans.deal import deal_cards
from cardtable.preferans.game import PREFERANS, seating_by_draw
from cardtable.preferans.tricks import DECK
from preferans.helpers import play, table


def test_the_game_is_found_by_its_russian_name_and_seats_three_or_four() -> None:
    """Rule 4: played by four, each for himself, or by three."""
    game = get_game("Преферанс")
    assert game is PREFERANS
    assert game.players == (3, 4)
    assert len(game.new_match(game.rules(), ["A", "B", "C"]).deck()) == 32


def test_the_lowest_drawn_card_chooses_his_seat_and_deals_first() -> None:
    """Rule 7: the lowest card deals first; the next card by rank sits on his left."""
    drawn = parse_cards("K♥ 7♣ A♠ 7♠")
    assert seating_by_draw(drawn) == [3, 1, 0, 2]
    with pytest.raises(IllegalAction, match="draw again"):
        seating_by_draw(parse_cards("8♦ 8♦", allow_duplicates=True))


def test_cards_go_by_twos_from_the_first_hand_with_the_talon_after_the_second_round() -> None:
    """Rules 9–10: by twos from the dealer's left; the talon after the first or second round."""
    hands, talon = deal_cards(DECK, (1, 2, 0), talon_after_round=2)
    assert tuple(hands[1][:4]) == DECK[0:2] + DECK[6:8]
    assert talon == DECK[12:14]
    assert all(len(hand) == 10 for hand in hands.values())


def test_the_deal_passes_clockwise_and_a_deal_out_of_turn_is_refused() -> None:
    """Rules 6 and 12: the deal goes round clockwise; a deal out of turn is not allowed."""
    match = PREFERANS.new_match(PREFERANS.rules(), ["A", "B", "C", "D"])
    assert match.next_dealer() == 0
    with pytest.raises(IllegalAction, match="seat 0 deals next"):
        match.start_deal_from(DealSetup(1, DECK, 0))
    deal = match.start_deal(seeded_rng(1))
    while not deal.is_over:
        match.apply(deal.legal_actions()[0])
    assert match.next_dealer() == 1


def test_a_pulka_stopped_after_the_agreed_deals_carries_each_open_pool_to_the_mountain() -> None:
    """003_b655b01c110fd414.txt 4.2.3: an agreed end writes each pool's lack on the mountain."""
    rules = PREFERANS.rules(overrides={"deals": 2})
    match = PREFERANS.new_match(rules, ["A", "B", "C"])
    rng = seeded_rng(5)
    while not match.is_over:
        deal = match.start_deal(rng)
        while not deal.is_over:
            match.apply(deal.legal_actions()[0])
    assert len(match.deals) == 2
    assert match.sheet.ended
    assert all(match.sheet.pool(name) == 100 for name in match.seats)
    assert all(match.sheet.mountain(name) > 0 for name in match.seats)
    assert sum(match.ledger().values()) == 0
    assert any(match.ledger().values())


def test_a_pulka_ends_by_itself_when_every_pool_is_closed() -> None:
    """001_776ed664a35a376f.txt rule 40: the game ends when the pools reach the agreed figure."""
    rules = PREFERANS.rules("sochi", overrides={"pool": 4})
    match = PREFERANS.new_match(rules, ["A", "B", "C"], "sochi")
    rng = seeded_rng(11)
    while not match.is_over:
        deal = match.start_deal(rng)
        while not deal.is_over:
            match.apply(rng.choice(deal.legal_actions()))
        assert len(match.deals) < 500
    assert match.sheet.closed
    assert match.deals[-1].events[-1].text == "the pulka is closed"


def test_a_dealt_hand_is_seen_by_its_holder_alone_and_the_talon_by_nobody() -> None:
    """Rule 11: no one touches his cards before the deal ends; the dealer may not see the talon."""
    _, deal = table(
        "♠A K Q J 10 ♥A K Q ♦A K",
        "♠7 8 ♣A K Q J ♦Q J 10 9",
        "♠9 ♣10 9 8 7 ♥J 10 9 8 7",
        "♦8 7",
    )
    for seat in range(3):
        assert deal.cards_known_to(seat) == frozenset(deal.view(seat).hand)
        assert deal.view(seat).talon == ()


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Пики", "6♠"),
        ("два", "6♣"),
        ("7 бубен", "7♦"),
        ("пас", "pass"),
        ("Семь треф мои", "mine"),
        ("здесь", "mine"),
        ("вист", "whist"),
        ("полвиста", "half-whist"),
        ("в светлую", "open"),
        ("втемную", "closed"),
        ("мизер", "misère"),
        ("10 без прикупа", "10 without talon"),
        ("discard 8♣ 7♥", "discard 8♣ 7♥"),
        ("снос 7♥ 8♣", "discard 8♣ 7♥"),
        ("ход Т♠", "play A♠"),
        ("play 10h", "play 10♥"),
    ],
)
def test_actions_read_in_the_players_spellings_and_write_one_canonical_text(
    typed: str, canonical: str | None
) -> None:
    """Rules 16–19 name bids 'Раз', 'Пики', 'Первые', 'Два', 'Мои'; each reads back exactly."""
    if canonical is None:
        with pytest.raises(ActionParseError, match=f"cannot read '{typed}'"):
            parse_action(typed)
        return
    action = parse_action(typed)
    assert action_text(action) == canonical
    assert parse_action(action_text(action)) == action


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", ["classic-1992", "sochi", "leningrad", "rostov"])
def test_the_harness_holds_in_every_preset(preset: str, players: int) -> None:
    """Issue 3, 'Done means': records replay, views hide unseen cards, illegal moves refused."""
    report = simulate(
        PREFERANS, PREFERANS.rules(preset), players=players, deals=12, seed=7, preset=preset
    )
    assert report.ok, report.failures


def test_the_harness_holds_when_players_may_revoke() -> None:
    """Rules 33–37: with renonces allowed, revoked deals still replay and hide nothing."""
    rules = PREFERANS.rules(overrides={"renonce_allowed": True})
    report = simulate(PREFERANS, rules, players=3, deals=10, seed=3, bots=[RandomBot()] * 3)
    assert report.ok, report.failures


def test_a_deal_is_tagged_with_its_contract_for_the_simulation_tally() -> None:
    """Issue 3: simulate reports the count of each contract, all-passes and misères."""
    match, deal = table(
        "♠J Q K A ♣10 J Q ♦9 10 J",
        "♣K A ♦Q K ♥8 9 10 J Q K",
        "♠7 8 9 10 ♣7 8 9 ♦7 8 ♥7",
        "♥A ♦A",
    )
    play(match, "7♦", "pass", "pass", "discard A♥ A♦", "7♦", "pass", "pass")
    assert PREFERANS.deal_tags(deal.outcome()) == ["contract 7♦", "no whist", "made"]
