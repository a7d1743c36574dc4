"""A whole evening: a scripted ten-deal session of draw poker under a freeze-out.

Seed 002_053e85955f9a4108.txt: "Места за столом" (seats by cards dealt face up, a newcomer
seated by a dealt card), "Смена сдающего" (the first dealer by dealing until the first jack,
the deal passing to the left), "«Замороженный вклад»" (no new chips, a broke player leaves),
"Джекпот" and "Вангдудл".
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.cards import Card, parse_cards
from cardtable.engine.deal import DealSetup
from cardtable.engine.record import parse_record, record_text
from cardtable.engine.replay import replay
from cardtable.engine.rng import seeded_rng
from cardtable.errors import IllegalAction
from cardtable.harness import simulate
from cardtable.poker.actions import AllIn, Bet, Call, Check, Discard, Fold, TableAction
from cardtable.poker.deal import PokerDeal
from cardtable.poker.dealing import stacked_deck
from cardtable.poker.game import POKER
from cardtable.poker.match import PokerMatch
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.variants import VariantSpec

GAME = POKER
CHAIRS = ["А", "Б", "В", "Г", "Д"]


def stacked(
    deck: tuple[Card, ...], dealer: int, hands: dict[int, str], seats: int
) -> tuple[Card, ...]:
    """The deck order that deals each seat in the deal its five written cards, one at a time."""
    order = [(dealer + 1 + step) % seats for step in range(seats)]
    order = [seat for seat in order if seat in hands]
    own = {seat: parse_cards(text) for seat, text in hands.items()}
    return stacked_deck(VariantSpec(), order, own, deck)


def play(match: PokerMatch, *actions: TableAction) -> None:
    for action in actions:
        match.apply(action)


def play_void_deals(match: PokerMatch, dealers: list[str]) -> None:
    """Deal until the session ends, everyone checking (each deal is void)."""
    while not match.is_over:
        dealers.append(match.session.dealer_name)
        deal = match.start_deal_from(DealSetup(match.next_dealer(), match.deck(), len(dealers)))
        while not deal.is_over:
            match.apply(Check())
        assert sum(match.ledger().values()) == 0


def sit_down(match: PokerMatch) -> None:
    """The first jack makes В the dealer; Г joins; the seats are taken by cards."""
    match.apply_between("first-dealer 9♠ 2♥ J♣")
    assert match.session.dealer_name == "В"
    match.apply_between("join Г")
    assert match.session.players == ["А", "Б", "В", "Г"]
    match.apply_between("seat 2♣ 5♦ K♥")
    assert match.session.players == ["В", "Г", "А", "Б"]
    assert match.session.dealer_name == "В"


def test_a_ten_deal_freeze_out_session_with_seating_rotation_joining_jackpot_and_wangdoodle() -> (
    None
):
    """Места за столом; Смена сдающего; «Замороженный вклад»; Джекпот; Вангдудл.

    Three players sit down; the first dealer is found by dealing until the first jack; a
    fourth joins before the first deal, and the table takes its seats by cards: В, the first
    dealer, deals Г 2♣, А 5♦, Б K♥ face up, so Г (lowest) sits on his left, then А, then Б
    (the seats happen to stay in the chairs' order). A fifth is refused once the freeze-out
    has begun. In
    deal 1 all fold to the opener, so in deal 2 the others ante a unit more and the maximum
    is the pot. Deal 2 shows three kings: deal 3 is played at doubled limits, and В, all in,
    loses his last chips and leaves; Б's last chips go in antes of void deals and he leaves
    too. The deal passes to the left every time, skipping those who left, for ten deals in
    all; the ledger balances after every deal and the record replays.
    """
    limits: dict[str, Any] = {"minimum": 1, "maximum": 2, "freeze_out": True}
    limits |= {"freeze_out_stake": 8, "jackpot": True, "wangdoodle": True}
    limits["wangdoodle_trigger"] = "three of a kind"
    session = {"waiting": 2, "seating": "cards"}
    rules = GAME.rules("draw", {"limits": limits, "deals": 10, "session": session})
    match = GAME.new_match(rules, CHAIRS)
    assert isinstance(match, PokerMatch)
    assert match.session.players == ["А", "Б", "В"]

    sit_down(match)
    deck = match.deck()
    dealers: list[str] = []

    dealers.append(match.session.dealer_name)
    first = match.start_deal_from(DealSetup(2, deck, 1))
    assert first.to_move == 3
    play(match, Bet(2), Fold(), Fold(), Fold())
    assert match.session.terms().jackpot_antes == {"А": 1, "Б": 1, "В": 1}
    with pytest.raises(IllegalAction, match="nobody joins a freeze-out once it has started"):
        match.apply_between("join Д")

    dealers.append(match.session.dealer_name)
    hands = {0: "Kc Kd Kh 9s 8d", 1: "2c 3d 4h 6s 7c", 2: "Qc Jd 9h 5s 4d", 3: "2d 3h 5c 7d 8c"}
    second = match.start_deal_from(DealSetup(3, stacked(deck, 3, hands, 5), 2))
    assert isinstance(second, PokerDeal)
    assert second.betting.bounds(0).maximum == second.betting.pot
    play(match, Bet(1), Call(), Call(), Call())
    play(match, *[Discard(())] * 4, Check(), Check(), Check(), Check())
    assert second.outcome().best_category == "three of a kind"
    assert match.session.terms().factor == 2

    dealers.append(match.session.dealer_name)
    hands = {1: "2c 3d 4h 6s 7c", 2: "Qc Jd 9h 5s 4d", 3: "Ac Ad 3h 7d 8c", 0: "2d 3c 5c 9s 8d"}
    third = match.start_deal_from(DealSetup(0, stacked(deck, 0, hands, 5), 3))
    assert third.why_illegal(Bet(1)) == "a bet or raise of 1 is below the minimum of 2"
    play(match, Check(), AllIn(), Call(), Fold(), Fold(), Discard(()), Discard(()))
    assert third.is_over
    assert match.session.players == ["Г", "А", "Б"]
    assert match.ledger()["В"] == -8

    play_void_deals(match, dealers)

    # Deals 4 to 10 are checked round and void; Б's last three chips go in antes (deals 4,
    # 5, 6), so he leaves too and the deal passes from А straight to Г.
    assert dealers == ["В", "Г", "А", "Б", "Г", "А", "Г", "А", "Г", "А"]
    assert match.session.players == ["Г", "А"]
    assert len(match.deals) == 10
    last = match.deals[-1].outcome()
    assert isinstance(last, PokerOutcome)
    assert last.void
    ledger = match.ledger()
    assert sum(ledger.values()) == 0
    again = replay(parse_record(record_text(match.record())))
    assert again.ledger() == ledger
    assert again.between[0] == ["first-dealer 9♠ 2♥ J♣", "join Г", "seat 2♣ 5♦ K♥"]


def test_a_session_seated_by_cards_with_a_newcomer_seated_by_a_dealt_card() -> None:
    """Места за столом; Схема построения игры; Смена сдающего.

    The first jack makes В the first dealer. The table agreed to sit by cards: В keeps his
    place and deals face up from his left, Г 5♦, А K♠, Б 5♣; "Игрок с самой младшей картой
    садится слева от сдающего ... При наличии двух карт одного достоинства сданная первой
    считается старше", so Б (the later five) sits on В's left, then Г, then А. The deals then
    go round that table: Б is first to speak in В's deal and deals next. Between deals Д comes:
    Б deals a card to everyone from his left, Г 7♥, А 3♠, В Q♦, Б 8♣, and Д "занимает место
    слева от игрока с самой младшей картой", left of А. Every card is dealt face up (public),
    and the record replays the same table.
    """
    rules = GAME.rules("draw", {"session": {"seating": "cards", "waiting": 1}, "deals": 3})
    match = GAME.new_match(rules, CHAIRS)
    assert isinstance(match, PokerMatch)
    match.apply_between("first-dealer 9♠ 2♥ J♣")
    with pytest.raises(IllegalAction, match="one card to each of the 3 players"):
        match.apply_between("seat 5♦ K♠")
    seated = match.apply_between("seat 5♦ K♠ 5♣")
    assert match.session.players == ["В", "Б", "Г", "А"]
    assert [(event.seat, event.cards) for event in seated if event.cards] == [
        (3, parse_cards("5♦")),
        (0, parse_cards("K♠")),
        (1, parse_cards("5♣")),
    ]
    assert all(event.audience is None for event in seated)
    with pytest.raises(IllegalAction, match="before the seats are taken"):
        match.apply_between("first-dealer J♠")

    first = match.start_deal_from(DealSetup(2, match.deck(), 1))
    assert isinstance(first, PokerDeal)
    assert first.view(0).seating == (2, 1, 3, 0)
    assert first.to_move == 1
    while not first.is_over:
        match.apply(Check())
    assert match.session.dealer_name == "Б"

    with pytest.raises(IllegalAction, match="one card to each of the 4 players"):
        match.apply_between("join Д 7♥ 3♠ Q♦")
    joined = match.apply_between("join Д 7♥ 3♠ Q♦ 8♣")
    assert match.session.players == ["В", "Б", "Г", "А", "Д"]
    assert [event.seat for event in joined if event.cards] == [3, 0, 2, 1]
    assert match.ledger_book.stacks["Д"] == rules.stake

    second = match.start_deal_from(DealSetup(1, match.deck(), 2))
    assert isinstance(second, PokerDeal)
    assert second.view(4).seating == (2, 1, 3, 0, 4)
    assert second.to_move == 3
    while not second.is_over:
        match.apply(Check())
    assert match.session.dealer_name == "Г"
    assert sum(match.ledger().values()) == 0

    again = replay(parse_record(record_text(match.record())))
    assert isinstance(again, PokerMatch)
    assert again.session.players == match.session.players
    assert again.ledger() == match.ledger()


def test_seats_by_cards_not_dealt_by_hand_are_dealt_at_the_first_deal_and_replay() -> None:
    """Места за столом: seats by cards dealt face up, the lowest on the dealer's left.

    When no one wrote the cards, the first deal deals them from a deck shuffled by its own
    recorded seed: everyone sees them, each player sits left of the one with the next lower
    card (equal ranks: the first dealt is higher), a later newcomer is seated the same way,
    the record replays to the same seats, and the generic harness holds at such a table.
    """
    rules = GAME.rules("draw", {"session": {"seating": "cards", "waiting": 1}, "deals": 4})
    match = GAME.new_match(rules, CHAIRS)
    assert isinstance(match, PokerMatch)
    deal = match.start_deal(seeded_rng(21))
    dealt = [
        (event.seat, event.cards[0])
        for event in deal.events
        if event.kind == "seat" and event.cards
    ]
    assert len(dealt) == 3
    assert all(event.audience is None for event in deal.events if event.kind == "seat")
    assert all(seat is not None for seat, _ in dealt)
    names = [match.seats[seat or 0] for seat, _ in dealt]
    seating = match.session.players
    assert seating[0] == match.seats[deal.setup.dealer]
    ranks = {
        name: (card.rank, -place)
        for place, (name, (_, card)) in enumerate(zip(names, dealt, strict=True))
    }
    assert seating[1:] == sorted(names, key=lambda name: ranks[name])
    while not deal.is_over:
        match.apply(Check())
    match.apply_between("join Д")
    assert "Д" in match.session.players
    match.start_deal(seeded_rng(22))
    again = replay(parse_record(record_text(match.record())))
    assert isinstance(again, PokerMatch)
    assert again.session.players == match.session.players
    report = simulate(GAME, rules, players=4, deals=3, seed=3)
    assert report.ok, report.failures
