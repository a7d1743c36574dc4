"""The poker table's rules as the seeds write them (issue 14, poker items 2 and 4–9)."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from cardtable.cards import Card, DeckSpec, parse_cards
from cardtable.engine.deal import DealSetup
from cardtable.errors import IllegalAction, RulesError
from cardtable.poker.actions import AllIn, Bet, Call, Check, Discard, Straddle
from cardtable.poker.deal import PokerDeal
from cardtable.poker.dealing import stacked_deck
from cardtable.poker.game import POKER
from cardtable.poker.match import PokerMatch
from cardtable.poker.variants import check_variant

GAME = POKER


def start(preset: str, players: int, deck: tuple[Card, ...] | None = None) -> PokerDeal:
    """A deal of ``preset`` for ``players``, seat 0 dealing, from ``deck`` (or as it comes)."""
    match = GAME.new_match(GAME.rules(preset), [f"P{seat}" for seat in range(players)])
    assert isinstance(match, PokerMatch)
    deal = match.start_deal_from(DealSetup(0, deck or match.deck(), 1))
    assert isinstance(deal, PokerDeal)
    return deal


def test_the_cards_are_dealt_one_at_a_time_in_rotation() -> None:
    """000_75e337bfe099b695.txt, СДАЧА: "В любой форме покера карты сдаются по одной".

    Draw poker, three players, seat 0 deals: seat 1 gets the deck's 1st, 4th, 7th … card,
    seat 2 the 2nd, 5th …, the dealer the 3rd, 6th …
    """
    deal = start("draw", 3)
    deck = deal.setup.deck
    for place, seat in enumerate((1, 2, 0)):
        assert deal.hands[seat].down == list(deck[place:15:3])


def test_stud_deals_each_pass_round_the_table_down_cards_first() -> None:
    """002_053e85955f9a4108.txt, «Семикарточный гвоздь».

    "Начальная сдача состоит из трех карт: две «забивные» карты, затем одна в открытую",
    one at a time (000_75e337bfe099b695.txt, СДАЧА): two passes of down cards, then a pass of
    up cards.
    """
    deal = start("seven-card-stud", 3)
    deck = deal.setup.deck
    for place, seat in enumerate((1, 2, 0)):
        assert deal.hands[seat].down == [deck[place], deck[place + 3]]
        assert deal.hands[seat].up == [deck[place + 6]]


def all_in_deal() -> PokerDeal:
    """Table stakes, A 10, B 21, C 26 and D 50 chips; B and C hold the same ranks.

    Seat 3 (D) deals, so A (seat 0) speaks first: A all-in 10, B all-in 21, C all-in 26,
    D calls.
    """
    rules = GAME.rules(
        "draw",
        {
            "limits": {"system": "table-stakes", "buy_in_minimum": 1},
            "forced": {"ante_kind": "none"},
        },
    )
    hands = {
        0: parse_cards("2c 3d 4h 6s 8c"),
        1: parse_cards("As Ks Qd Jc 9h"),
        2: parse_cards("Ah Kh Qc Jd 9s"),
        3: parse_cards("2d 3c 4s 6h 8d"),
    }
    deck = stacked_deck(rules.variant, (0, 1, 2, 3), hands, DeckSpec.named("52").cards())
    deal = PokerDeal(4, DealSetup(3, deck, 1), rules, stacks=[10, 21, 26, 50], in_deal=[True] * 4)
    for action in (AllIn(), AllIn(), AllIn(), Call()):
        deal.apply(action)
    while deal.phase == "draw":
        deal.apply(Discard(()))
    return deal


def test_no_betting_round_is_announced_when_fewer_than_two_can_bet() -> None:
    """002_053e85955f9a4108.txt, Настольные ставки; Круг приема ставок завершается.

    A player who has put in all he has "остается в игре до вскрытия" but bets no more: with
    only D left holding chips there is nobody to bet against, so no second round is played.
    """
    deal = all_in_deal()
    assert deal.is_over
    rounds = [event.text for event in deal.events if event.kind == "round"]
    assert rounds == ["betting round 1"]


def test_the_called_player_shows_first_and_takes_the_odd_chip_of_a_tie() -> None:
    """002_053e85955f9a4108.txt, Ничья; Вскрытие карт.

    "Если банк не делится точно пополам, остаток достается игроку, которого «поддержали»
    (то есть игроку, который первым сделал наивысшую ставку)", and "первым вскрывается
    игрок, ставку которого поддержали". C (seat 2) made the highest bet, 26, and D called
    it: C shows first, and of the side pot of 33 that B and C tie for C takes 17.
    """
    deal = all_in_deal()
    shows = [event.seat for event in deal.events if event.kind == "show"]
    assert shows == [2, 3, 0, 1]
    wins = [event.text.partition(" with ")[0] for event in deal.events if event.kind == "win"]
    assert "seat 2 wins 17 (side pot 1)" in wins
    assert "seat 1 wins 16 (side pot 1)" in wins
    assert deal.outcome().changes == (-10, 36 - 21, 20 + 17 + 10 - 26, -26)


def test_up_to_three_voluntary_blind_bets_each_double_the_last() -> None:
    """002_053e85955f9a4108.txt, Начало втемную.

    "Иногда при ставках до расдачи позволяется сделать до трех добровольных ставок втемную —
    каждая вдвое больше предыдущей": after the blinds of 1 and 2, three players straddle 4, 8
    and 16, and nobody is asked a fourth time.
    """
    deal = start("blind-opening", 6)
    for _ in range(3):
        assert Straddle() in deal.legal_actions()
        deal.apply(Straddle())
    texts = [event.text for event in deal.events if event.kind == "bet"]
    assert texts == [f"seat {seat} straddles {amount} blind" for seat, amount in TRIPLE]
    assert not any(isinstance(action, Straddle) for action in deal.legal_actions())
    assert len(deal.view(0).down) == 5


TRIPLE = ((3, 4), (4, 8), (5, 16))
"""The straddlers of a six-handed blind opening dealt by seat 0, and their blind bets."""


def test_the_blinds_are_announced_as_they_are_posted() -> None:
    """002_053e85955f9a4108.txt, Начало втемную 2)-3).

    "игрок слева от него ставит одну фишку втемную; следующий игрок поднимает его ставку,
    поставив две фишки втемную": the table hears both blinds, before any card is dealt.
    """
    deal = start("blind-opening", 4)
    blinds = [event for event in deal.events if event.kind == "blind"]
    assert [(event.seat, event.text) for event in blinds] == [
        (1, "seat 1 posts a blind of 1"),
        (2, "seat 2 posts a blind of 2"),
    ]
    assert all(event.audience is None for event in blinds)
    assert not any(event.kind == "deal" for event in deal.events)


def test_the_bring_in_is_announced() -> None:
    """PokerKit docs, simulation: Bring-In (the modern stud opening; outside the seed)."""
    rules = GAME.rules("seven-card-stud", {"forced": {"bring_in": 1}})
    match = GAME.new_match(rules, ["P0", "P1", "P2"])
    deal = match.start_deal_from(DealSetup(0, match.deck(), 1))
    bring_ins = [event for event in deal.events if event.kind == "bring-in"]
    assert len(bring_ins) == 1
    assert bring_ins[0].text == f"seat {bring_ins[0].seat} brings it in for 1"


ANNULLED = (
    "two-card",
    "three-card",
    "straight-poker",
    "cincinnati",
    "crisscross",
    "crisscross-lines",
    "lame-brain-pete",
    "double-barrel-shotgun",
)
"""Variants the seed gives no exception to the first round's annulment."""


@pytest.mark.parametrize("preset", ANNULLED)
def test_if_everyone_checks_the_first_round_the_deal_is_annulled(preset: str) -> None:
    """002_053e85955f9a4108.txt, Круги ставок.

    "Если все игроки пропустили ход в первом круге ставок, игра аннулируется и
    завершается": only five-card stud and the studs made like it say "игра продолжается
    далее"; these variants follow the general rule, and the antes stay for the next deal.
    """
    deal = start(preset, 3)
    while deal.phase != "bet":
        deal.apply(deal.legal_actions()[0])
    while not deal.is_over:
        assert deal.round_index == 0
        deal.apply(Check())
    assert deal.outcome().void
    assert deal.outcome().carried == 3
    assert not any(event.kind == "show" for event in deal.events)


@pytest.mark.parametrize("preset", ["five-card-stud", "seven-card-stud", "mexican-stud"])
def test_in_stud_an_all_check_round_just_ends_and_play_goes_on(preset: str) -> None:
    """002_053e85955f9a4108.txt, «Покер-гвоздь», Дополнительные правила 1).

    "если все игроки пропустили ход, круг ставок завершен, и игра продолжается далее"; the
    other studs are "аналогичен «пятикарточному гвоздю»".
    """
    deal = start(preset, 3)
    while not deal.is_over:
        actions = deal.legal_actions()
        deal.apply(Check() if Check() in actions else actions[0])
    assert not deal.outcome().void
    assert any(event.kind == "show" for event in deal.events)


SEVEN_CARD_STUDS = (
    "seven-card-stud",
    "seven-card-stud-low-hole-wild",
    "seven-card-stud-chosen-hole-wild",
    "seven-card-stud-high-low",
    "stud-lowball",
)
"""The seed's seven-card studs: «Семикарточный гвоздь», its wild forms, high-low, lowball."""


def play_to_the_end(deal: PokerDeal) -> None:
    """Check or call where one may, else the first legal action, until the deal is over."""
    while not deal.is_over:
        actions = deal.legal_actions()
        for wanted in (Check(), Call()):
            if wanted in actions:
                deal.apply(wanted)
                break
        else:
            deal.apply(actions[0])


@pytest.mark.parametrize("preset", SEVEN_CARD_STUDS)
def test_seven_card_stud_deals_two_hole_cards_and_five_up(preset: str) -> None:
    """002_053e85955f9a4108.txt, «Семикарточный гвоздь».

    "Начальная сдача состоит из трех карт: две «забивные» карты, затем одна в открытую.
    Затем, как обычно, круги ставок чередуются со сдачей карт в открытую до тех пор, пока у
    активных игроков не окажется по семь карт (включая две «забивные» карты)": two down and
    five up, for every form of it.
    """
    deal = start(preset, 3)
    play_to_the_end(deal)
    for seat in range(3):
        assert (len(deal.hands[seat].down), len(deal.hands[seat].up)) == (2, 5)


@pytest.mark.parametrize("preset", ["seven-card-stud-last-down", "razz"])
def test_the_modern_studs_deal_the_last_card_down(preset: str) -> None:
    """The modern seventh card goes face down: the rule option ``variant.last_card_down``.

    Seven-card stud as PokerKit deals it and razz (PokerKit docs; outside the seed).
    """
    deal = start(preset, 3)
    assert deal.spec.last_card_down
    play_to_the_end(deal)
    for seat in range(3):
        assert (len(deal.hands[seat].down), len(deal.hands[seat].up)) == (3, 4)


def ten_at_draw(preset: str = "draw") -> PokerDeal:
    """Ten players of ``preset``, seat 1 bets and all call: fifty cards out, two left."""
    deal = start(preset, 10)
    deal.apply(Bet(1))
    while deal.phase == "bet":
        deal.apply(Call())
    assert deal.phase == "draw"
    assert len(deal.stock) == 2
    return deal


def test_ten_at_draw_poker_each_draw_three_and_the_bottom_card_is_not_dealt() -> None:
    """002_053e85955f9a4108.txt, «Покер с досдачей»: досдача.

    "Нижняя карта колоды не используется. Если требуются дополнительные карты, нижняя карта
    и карты сноса тасуются вместе": the first to draw three gets the last card above the
    bottom one, then two from the bottom card shuffled with the discards; every one of the
    ten draws three and keeps five cards, all different.
    """
    deal = ten_at_draw()
    deck = deal.setup.deck
    first = deal.to_move
    assert first is not None
    for _ in range(10):
        seat = deal.to_move
        assert seat is not None
        three = Discard(tuple(deal.hands[seat].down[:3]))
        assert three in deal.legal_actions()
        deal.apply(three)
        if seat == first:
            assert deal.hands[seat].down[2] == deck[50]
    held = [card for seat in range(10) for card in deal.hands[seat].down]
    assert all(len(deal.hands[seat].down) == 5 for seat in range(10))
    assert len(set(held)) == 50
    reshuffles = [event for event in deal.events if event.kind == "reshuffle"]
    assert reshuffles
    assert all(event.audience is None for event in reshuffles)


def test_an_openers_discards_are_set_aside_and_a_draw_the_deck_cannot_give_is_refused() -> None:
    """002_053e85955f9a4108.txt, досдача.

    "сброшенная начальная карта откладывается в сторону и в конце игры проверяется. При
    тасовании сброса ее в колоду не берут": at ten-handed jacks or better the opener's
    discards stay out of the reshuffle, so with two cards left (the bottom one unused) he can
    draw one card, and a draw of two is refused, naming why, without changing anything.
    """
    deal = start("jacks-or-better", 10, opener_first_deck())
    deal.apply(Bet(1))
    while deal.phase == "bet":
        deal.apply(Call())
    opener = deal.to_move
    assert opener == 1
    cards = deal.hands[1].down
    assert Discard((cards[4],)) in deal.legal_actions()
    assert Discard(tuple(cards[3:])) not in deal.legal_actions()
    before = pickle.dumps(deal)
    with pytest.raises(IllegalAction, match="only 1 card is left to draw"):
        deal.apply(Discard(tuple(cards[3:])))
    assert pickle.dumps(deal) == before
    deal.apply(Discard((cards[4],)))
    assert len(deal.hands[1].down) == 5


def opener_first_deck() -> tuple[Card, ...]:
    """Ten-handed jacks or better dealt by seat 0: seat 1 holds a pair of aces."""
    spec = GAME.rules("jacks-or-better").variant
    order = [*range(1, 10), 0]
    full = DeckSpec.named("52").cards()
    aces = parse_cards("Ac Ad 7h 5s 2c")
    others = iter(card for card in full if card not in aces)
    hands = {seat: [next(others) for _ in range(5)] for seat in order[1:]}
    return stacked_deck(spec, order, {1: aces, **hands}, full)


@pytest.mark.parametrize(("preset", "most"), [("two-card", 14), ("three-card", 14)])
def test_up_to_fourteen_play_a_variant_of_fewer_than_five_cards(preset: str, most: int) -> None:
    """002_053e85955f9a4108.txt, Игроки; Как выбрать вид «Покера» 1).

    "В некоторые виды «Покера» могут играть до 14 человек"; "более десяти игроков — любой
    вариант с менее чем пятью картами на игрока": two-card and three-card poker seat 12 and
    14, and never 15.
    """
    for players in (12, most):
        deal = start(preset, players)
        assert all(deal.hands[seat].down for seat in range(players))
    with pytest.raises(IllegalAction, match="not 15"):
        GAME.new_match(GAME.rules(preset), [f"P{seat}" for seat in range(15)])


def test_more_than_ten_play_only_a_variant_with_fewer_than_five_cards_each() -> None:
    """002_053e85955f9a4108.txt, Как выбрать вид «Покера» 1).

    "более десяти игроков — любой вариант с менее чем пятью картами на игрока": a five-card
    variant for eleven is refused, naming the rule.
    """
    spec = replace(GAME.rules("draw").variant, players_max=11)
    with pytest.raises(RulesError, match="more than ten players need fewer than five cards"):
        check_variant(spec)


@pytest.mark.parametrize(("preset", "most"), [("crisscross", 11), ("spit-in-the-ocean", 12)])
def test_the_deck_sets_how_many_more_than_ten_may_play(preset: str, most: int) -> None:
    """002_053e85955f9a4108.txt, Игроки ("до 14 человек"); досдача (the bottom card).

    "Нижняя карта колоды не используется": four cards each and the board's from 52, the
    bottom card never dealt. Crisscross (five to the centre) seats 11, spit in the ocean
    (one) 12; one more is refused as the deck's limit.
    """
    spec = GAME.rules(preset).variant
    assert spec.players_max == most
    start(preset, most)
    with pytest.raises(RulesError, match=f"deals to at most {most} players"):
        check_variant(replace(spec, players_max=most + 1))


def test_a_blind_that_is_called_is_the_called_player() -> None:
    """002_053e85955f9a4108.txt, Ничья; Вскрытие карт («Начало втемную»: the blinds are bets).

    The called player is "игрок, который первым сделал наивысшую ставку": heads-up at table
    stakes the dealer's big blind of 2 puts him all-in, the small blind calls, and the big
    blind shows first.
    """
    # The seed's blinds: the dealer's left posts the first (PokerKit's heads-up rule, which
    # the hold'em preset plays, puts it on the dealer).
    rules = GAME.rules(
        "holdem",
        {
            "limits": {"system": "table-stakes", "buy_in_minimum": 1, "round_minimum": []},
            "forced": {"button_blind_heads_up": False},
        },
    )
    deal = PokerDeal(
        2, DealSetup(0, DeckSpec.named("52").cards(), 1), rules, stacks=[2, 50], in_deal=[True] * 2
    )
    assert [event.text for event in deal.events if event.kind == "blind"] == [
        "seat 1 posts a blind of 1",
        "seat 0 posts a blind of 2",
    ]
    deal.apply(Call())
    assert deal.is_over
    shows = [event.seat for event in deal.events if event.kind == "show"]
    assert shows == [0, 1]
