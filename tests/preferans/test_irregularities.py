"""Misdeals and the seating: 001_776ed664a35a376f.txt, preferans rules 4, 6–7, 11–12 and 14.

Rule 12: "Если во время сдачи случайно откроется какая-либо карта, или у кого-либо окажется
лишняя карта, или сама сдача произведена не в очередь, - следует пересдача." A program's deal has
none of these accidents, so they are claims allowed only under the ``irregularities`` option.
"""

from __future__ import annotations

import pytest

from cardtable.bots import RandomBot
from cardtable.cards import parse_cards
from cardtable.engine import DealSetup, seeded_rng
from cardtable.engine.replay import replay
from cardtable.errors import ActionParseError, IllegalAction
from cardtable.harness import simulate
from cardtable.preferans.actions import Misdeal, MisdealKind, action_text, parse_action
from cardtable.preferans.deal import PreferansDeal
from cardtable.preferans.game import PREFERANS, PreferansMatch, draw_seats, seating_by_draw
from cardtable.preferans.tricks import DECK, card_order
from preferans.helpers import play, play_out, table

HANDS = (
    "♠J Q K A ♣10 J Q ♦9 10 J",
    "♣K A ♦Q K ♥8 9 10 J Q K",
    "♠7 8 9 10 ♣7 8 9 ♦7 8 ♥7",
    "♥A ♦A",
)


def _finish(match: PreferansMatch) -> None:
    deal = match.start_deal(seeded_rng(len(match.deals)))
    assert isinstance(deal, PreferansDeal)
    play_out(match)


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("misdeal exposed", "exposed"),
        ("пересдача: открыта карта", "exposed"),
        ("misdeal count", "count"),
        ("Пересдача, лишняя карта", "count"),
        ("misdeal turn", "turn"),
        ("пересдача не в очередь", "turn"),
    ],
)
def test_the_three_misdeals_of_rule_twelve_are_read_and_written_back(
    typed: str, kind: MisdealKind
) -> None:
    """Rule 12 names three irregularities: an exposed card, a wrong count, a deal out of turn."""
    action = parse_action(typed)
    assert action == Misdeal(kind)
    assert action_text(action) == f"misdeal {kind}"
    assert parse_action(action_text(action)) == action


def test_an_unknown_misdeal_is_refused_by_name() -> None:
    """Rule 12 knows only three grounds for a redeal."""
    with pytest.raises(ActionParseError, match="'exposed', 'count' or 'turn'"):
        parse_action("misdeal boredom")


@pytest.mark.parametrize("kind", ["exposed", "count", "turn"])
def test_a_misdeal_claimed_before_the_first_call_is_dealt_again_by_the_same_dealer(
    kind: MisdealKind,
) -> None:
    """Rule 12: "следует пересдача"; the seed names no penalty, so the sheet writes nothing.

    A program deals in turn, so the dealer of the void deal is the one whose turn it was, and he
    deals again (for a deal out of turn, the right dealer deals).
    """
    match, deal = table(*HANDS, irregularities=True)
    assert Misdeal(kind) in deal.legal_actions()
    play(match, f"misdeal {kind}")
    outcome = deal.outcome()
    assert deal.is_over
    assert (outcome.kind, outcome.misdeal) == ("redeal", kind)
    assert outcome.declarer is None
    assert sum(outcome.tricks) == 0
    assert match.sheet.entries == [], "a void deal writes nothing (rule 12 names no penalty)"
    assert [e.kind for e in deal.events[-3:]] == ["misdeal", "end", "redeal"]
    assert match.next_dealer() == 0, "the same seat deals again"
    assert PREFERANS.deal_tags(outcome) == ["redeal", f"misdeal {kind}"]
    _finish(match)
    assert match.deals[1].setup.dealer == 0
    assert all(entry.deal == 2 for entry in match.sheet.entries), "entries name deal 2"
    assert match.next_dealer() == 1, "then the deal passes clockwise as before (rule 6)"


def test_a_misdeal_may_not_be_claimed_once_the_auction_has_begun() -> None:
    """Rule 12 speaks of the deal ("во время сдачи"): after the first call the deal stands.

    The Code (3.2.13) likewise redeals an error noticed before the auction.
    """
    match, deal = table(*HANDS, irregularities=True)
    play(match, "pass")
    assert not any(isinstance(action, Misdeal) for action in deal.legal_actions())
    with pytest.raises(IllegalAction, match="before the first call"):
        play(match, "misdeal exposed")


def test_without_the_option_a_misdeal_is_refused() -> None:
    """Rule 12 cannot arise in a program's deal: by default no misdeal may be claimed."""
    match, deal = table(*HANDS)
    assert not any(isinstance(action, Misdeal) for action in deal.legal_actions())
    with pytest.raises(IllegalAction, match="'irregularities' option is off"):
        play(match, "misdeal count")


def test_a_void_deal_neither_counts_towards_the_agreed_deals_nor_breaks_an_allpass_run() -> None:
    """Rule 12: a redeal replaces the void deal, which counts for nothing.

    The pulka's count of deals (rule 15, 003 4.2.3) and a run of all-passes (rule 29) go on as
    if it had not been dealt.
    """
    rules = PREFERANS.rules(overrides={"irregularities": True, "deals": 2})
    match = PREFERANS.new_match(rules, ["A", "B", "C"])
    match.start_deal(seeded_rng(1))
    play(match, "pass", "pass", "pass")
    play_out(match)
    match.start_deal(seeded_rng(2))
    play(match, "misdeal exposed")
    assert match.allpass_series() == 1
    assert not match.is_over
    deal = match.start_deal(seeded_rng(3))
    assert deal.setup.dealer == 1, "seat 1 deals the second deal, again after the void one"
    assert isinstance(deal, PreferansDeal)
    assert deal.previous_allpasses == 1
    play_out(match)
    assert match.is_over, "the void deal did not count: two deals were played"


def test_four_players_redeal_with_the_same_seat_sitting_out() -> None:
    """Rules 12 and 14: with four, the dealer sits out; his redeal leaves him sitting out."""
    rules = PREFERANS.rules(overrides={"irregularities": True})
    match = PREFERANS.new_match(rules, ["A", "B", "C", "D"])
    first = match.start_deal(seeded_rng(4))
    play(match, "misdeal turn")
    second = match.start_deal(seeded_rng(5))
    assert isinstance(first, PreferansDeal)
    assert isinstance(second, PreferansDeal)
    assert second.dealer == first.dealer == 0
    assert second.view(0).hand == ()
    assert second.setup.deck != first.setup.deck, "new cards come from the table's generator"


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", ["classic-1992", "sochi", "leningrad", "rostov"])
def test_the_harness_holds_when_misdeals_and_revokes_may_be_claimed(
    preset: str, players: int
) -> None:
    """Rules 12 and 33–37 as options: random players claim misdeals and revoke.

    Every deal still replays exactly from its record, hides unseen cards and keeps the ledger
    at zero.
    """
    rules = PREFERANS.rules(preset, {"irregularities": True, "renonce_allowed": True})
    report = simulate(
        PREFERANS,
        rules,
        players=players,
        deals=16,
        seed=2,
        preset=preset,
        bots=[RandomBot()] * players,
    )
    assert report.ok, report.failures
    assert report.tally.get("redeal", 0) > 0, "random players claim a misdeal now and then"


def test_the_cards_drawn_for_seats_put_the_lowest_first_and_the_next_on_his_left() -> None:
    """Rule 7: the lowest drawn card chooses his seat and deals first; the next sits on his left.

    Each draws a card from the spread deck; the seating follows the cards by rank.
    """
    names = ["Ann", "Bob", "Cy", "Dan"]
    for seed in range(20):
        order, drawn = draw_seats(names, seeded_rng(seed))
        held = dict(zip(names, drawn, strict=True))
        assert sorted(order) == sorted(names)
        ranks = [(card_order(held[name])[1], card_order(held[name])[0]) for name in order]
        assert ranks == sorted(ranks), f"seed {seed}: {order} drew {drawn}"
        assert len(set(drawn)) == 4
        assert set(drawn) <= set(DECK)
    assert draw_seats(names, seeded_rng(3)) == draw_seats(names, seeded_rng(3))


def test_with_four_each_seat_deals_and_sits_out_in_turn() -> None:
    """Rules 4, 6, 9 and 14: with four the deal goes clockwise and the dealer gets no cards.

    The three on his left are first, second and third hand.
    """
    match = PREFERANS.new_match(PREFERANS.rules(), ["A", "B", "C", "D"])
    for number in range(4):
        deal = match.start_deal(seeded_rng(number))
        assert isinstance(deal, PreferansDeal)
        assert deal.dealer == number
        assert deal.view(number).hand == ()
        assert deal.active == tuple((number + step) % 4 for step in (1, 2, 3))
        assert all(len(deal.view(seat).hand) == 10 for seat in deal.active)
        play_out(match)


def test_a_record_with_a_void_deal_replays_exactly() -> None:
    """Rule 12: the void deal and its redeal are both in the record, with their own cards."""
    match, _ = table(*HANDS, irregularities=True)
    play(match, "misdeal exposed")
    _finish(match)
    record = match.record()
    assert record.deals[0].actions == ("misdeal exposed",)
    again = replay(record)
    assert isinstance(again, PreferansMatch)
    assert [d.events for d in again.deals] == [d.events for d in match.deals]
    assert again.sheet.entries == match.sheet.entries


def test_a_misdeal_after_a_stacked_deck_keeps_the_given_dealer_check() -> None:
    """Rule 12 with rule 6: the redeal is by the seat whose turn it is, never by another."""
    match, _ = table(*HANDS, irregularities=True)
    play(match, "misdeal count")
    with pytest.raises(IllegalAction, match="seat 0 deals next"):
        match.start_deal_from(DealSetup(1, DECK, 0))


def test_by_the_codes_tradition_the_ace_is_the_lowest_card_of_the_draw() -> None:
    """Rule 7 with the Code 3.1.1: the ace is drawn as the lowest card, by rule 2 the highest.

    The Code: "Туз при тираже, по традиции, считается самой младшей картой".
    """
    drawn = parse_cards("A♥ 7♣ K♠")
    assert seating_by_draw(drawn) == [1, 2, 0]
    assert seating_by_draw(drawn, ace_low=True) == [0, 1, 2]
