"""Every variant of the catalogue: a scripted deal to the showdown, and the generic harness.

Each scripted deal is three players (seat 0 deals, so seats 1, 2, 0 receive cards in that
order), dealt the hands written below; the players bet the least they may when they can open
and otherwise check or call, stand pat, turn up their first down card, and the test checks
who takes the pot by reading the hands as the seed ranks them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from cardtable.bots import make_bot
from cardtable.cards import Card, parse_cards
from cardtable.engine.deal import DealSetup
from cardtable.harness import simulate
from cardtable.poker.actions import (
    Bet,
    Call,
    Check,
    Declare,
    Discard,
    Expose,
    NameWild,
    Side,
    TableAction,
)
from cardtable.poker.deal import PokerDeal
from cardtable.poker.dealing import stacked_deck
from cardtable.poker.game import POKER
from cardtable.poker.match import PokerMatch
from cardtable.poker.variants import VariantSpec

GAME = POKER
SEED = "002_053e85955f9a4108.txt"


def arrange(
    spec: VariantSpec, deck: Sequence[Card], hands: dict[int, str], board: str = ""
) -> tuple[Card, ...]:
    """The deck order that deals each seat its written cards (dealer 0, three seats).

    The table deals one card at a time from the dealer's left (seats 1, 2, 0), down cards
    before up cards (:func:`~cardtable.poker.dealing.stacked_deck`).
    """
    own = {seat: parse_cards(text) for seat, text in hands.items()}
    shared = parse_cards(board) if board else ()
    return stacked_deck(spec, (1, 2, 0), own, deck, shared)


def opener_policy(deal: PokerDeal, legal: list[TableAction], sides: dict[int, Side]) -> Any:
    """Bet the least one may when nothing is bet, else call or check; stand pat; expose."""
    bets = [action for action in legal if isinstance(action, Bet)]
    if bets:
        return min(bets, key=lambda action: action.amount)
    for wanted in (Call(), Check(), Discard(())):
        if wanted in legal:
            return wanted
    seat = deal.to_move
    assert seat is not None
    if Declare(sides.get(seat, Side.HIGH)) in legal:
        return Declare(sides.get(seat, Side.HIGH))
    exposes = [action for action in legal if isinstance(action, Expose)]
    return exposes[0] if exposes else legal[0]


def play_scripted(
    variant: str, hands: dict[int, str], board: str = "", sides: dict[int, Side] | None = None
) -> PokerDeal:
    rules = GAME.rules(variant)
    match = GAME.new_match(rules, ["А", "Б", "В"])
    assert isinstance(match, PokerMatch)
    deck = arrange(rules.variant, match.deck(), hands, board)
    deal = match.start_deal_from(DealSetup(0, deck, 1))
    assert isinstance(deal, PokerDeal)
    while not deal.is_over:
        match.apply(opener_policy(deal, deal.legal_actions(), sides or {}))
    return deal


def winners(deal: PokerDeal) -> set[int]:
    changes = deal.outcome().changes
    return {seat for seat, change in enumerate(changes) if change > 0}


SCRIPTED: list[tuple[str, dict[int, str], str, set[int], str]] = [
    (
        "five-card-stud",
        {1: "2c Ks 7d 9h 4s", 2: "Ac Ad 3h 5c 8d", 0: "Qc Qd Jh 6s 6h"},
        "",
        {0},
        "«Покер-гвоздь», стандартная игра: two pairs beat a pair of aces",
    ),
    (
        "five-card-stud-last-down",
        {1: "Kc Ks 7d 9h 4s", 2: "Ac Ad 3h 5c 8d", 0: "Qc Jd 2h 6s 6h"},
        "",
        {2},
        "Другие варианты «пятикарточного гвоздя» 1): the last card down",
    ),
    (
        "six-card-stud",
        {1: "2c Ks 7d 9h 4s 9c", 2: "Ac Ad 3h 5c 8d 2d", 0: "Qc Qd Jh 6s 3c 4h"},
        "",
        {2},
        "«Шестикарточный гвоздь»: the best five of six: aces over queens and nines",
    ),
    (
        "seven-card-stud",
        {1: "2c 3c 4c 9h Ks 5c Tc", 2: "Ac Ad 3h 5d 8d 2d Jc", 0: "Qc Qd Jh 6s 3s 4h 9s"},
        "",
        {1},
        "«Семикарточный гвоздь»: a flush in clubs from seven cards",
    ),
    (
        "seven-card-stud-low-hole-wild",
        {1: "2h 9c Kd Ks Kc 8h 3d", 2: "Ac Ad 3h 5d 8d 2d Jc", 0: "Qc Qd Jh 6s 3s 4h 9s"},
        "",
        {1},
        "«Семикарточный гвоздь»: козырь — младшая «забивная» карта (2♥ makes four kings; "
        "J♣ gives the other a flush, 9♠ three queens)",
    ),
    (
        "mexican-stud",
        {1: "2c Ks 7d 9h 4s", 2: "Ac Ad 3h 5c 8d", 0: "Qc Qd Jh 6s 6h"},
        "",
        {0},
        "«Мексиканский гвоздь»: all dealt down, turned up one by one; two pairs win",
    ),
    (
        "mexican-stud-hole-wild",
        {1: "2c Ks 7d 9h 7s", 2: "Ac Ad 3h 5c 8d", 0: "Qc Qd Jh 6s 6h"},
        "",
        {0},
        "«Мексиканский гвоздь»: each player's last hole card and its rank are wild for him: "
        "6♥ makes four queens, 8♦ three aces, 7♠ three kings",
    ),
    (
        "stud-lowball",
        {1: "2c 3d 4h 6s 7c Kd Kh", 2: "Ac Ad 3h 5d 8d 2d Jc", 0: "Qc Qd Jh 6h 3s 4c 9s"},
        "",
        {1},
        "«Гвоздь-мизер»: the lowest hand (7-6-4-3-2) takes the pot",
    ),
    (
        "draw",
        {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "",
        {0},
        "«Покер с досдачей»: стандартный вариант — two pairs beat aces",
    ),
    (
        "jacks-or-better",
        {1: "2c 3d 4h 6s 8c", 2: "Jc Jd 3h 5d 9d", 0: "Qc 7d 8h Ts 3s"},
        "",
        {2},
        "Первый круг ставок 1) «Валеты и выше»: only the jacks may open; he takes the antes",
    ),
    (
        "jacks-progressive",
        {1: "2c 3d 4h 6s 8c", 2: "Jc Jd 3h 5d 9d", 0: "Qc Qd 8h Ts 3s"},
        "",
        {0},
        "Варианты «Валеты и выше» 1): queens beat jacks at the showdown",
    ),
    (
        "jacks-or-bobtail",
        {1: "2c 3d 4h 6s 8d", 2: "9c 8c 7c 5c Ad", 0: "Qc Qd 8h Ts 3s"},
        "",
        {0},
        "«Валет или бобтейл»: the bobtail opens but is worth nothing at the showdown",
    ),
    (
        "pass-and-out",
        {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "",
        {0},
        "Первый круг ставок 2) «Пас со сбросом»",
    ),
    (
        "blind-opening",
        {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "",
        {0},
        "Начало втемную: blinds before the deal, then the usual game",
    ),
    (
        "shotgun",
        {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "",
        {0},
        "«Дробовик»: an extra round after three cards",
    ),
    (
        "stormy-weather",
        {1: "2c 3d 4h 6s", 2: "Ac Ad 3h 5d", 0: "Qc Qd Jh Js"},
        "Kc Ah 9s",
        {2},
        "«Штормовая погода»: one centre card (A♥) is a fifth card: three aces",
    ),
    (
        "lowball",
        {1: "Kc Kd Kh 9s 8d", 2: "7c 5d 4h 3s 2c", 0: "Qc Jd 9h 6s 4d"},
        "",
        {2},
        "«Лоуболл» 5): the lowest hand wins",
    ),
    (
        "spit-in-the-ocean",
        {1: "2c 3d 4h 6s", 2: "Ac Ad 3h 5d", 0: "Qc Qd Jh Js"},
        "Ah",
        {2},
        "«Плюнь в океан» 1): the centre card is everyone's fifth: three aces",
    ),
    (
        "pig-in-a-poke",
        {1: "2c 3d 4h 6s", 2: "Ac Kd 3h 5d", 0: "Qc Qd Jh Js"},
        "6h",
        {0},
        "«Свинья в мешке»: the centre card and its rank wild: queens full beat a straight",
    ),
    (
        "straight-poker",
        {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "",
        {0},
        "«Покер с прямым вскрытием»: the best hand dealt face up wins",
    ),
    (
        "double-barrel-shotgun",
        {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "",
        {0},
        "«Дробовик с двойным барабаном»: the best hand after the fifth turn",
    ),
    (
        "crisscross",
        {1: "2c 3d 4h 6s", 2: "Ac Ad 3h 5d", 0: "3s 3c 4d 5h"},
        "Kc 9d 2h 8s 7c",
        {1},
        "«Перекрестье»: the centre card (2♥) and its rank wild: 2♣ 2♥ make 7-8-9 a jack-high "
        "straight",
    ),
    (
        "crisscross-lines",
        {1: "2c 3d 4h 6s", 2: "Ac Ad 3h 5d", 0: "Qc Qd Jh Js"},
        "Kc Ah 9h 8s Ks",
        {2},
        "«Перекрестье» (лишь три настольные карты, образующие прямую линию)",
    ),
    (
        "cincinnati",
        {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "Ah Ks 7d 7h Tc",
        {2},
        "«Цинциннати»: any of the board cards: a full house of aces",
    ),
    (
        "lame-brain-pete",
        {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "Ah Ks 7d 7h 5c",
        {2},
        "«Пит-простак»: the lowest board card (5♣) and its rank wild: aces full and more",
    ),
    (
        "three-card",
        {1: "2c 2d 2h", 2: "Ac Kc Qc", 0: "Qh Qd Jh"},
        "",
        {1},
        "«Трехкарточный покер»: three of a kind beat the straight flush",
    ),
    (
        "two-card",
        {1: "Ac Kd", 2: "7c 7d", 0: "Qh Jh"},
        "",
        {2},
        "«Двухкарточный покер»: only pairs and high cards",
    ),
    (
        "holdem",
        {1: "Ac Ad", 2: "Kc Kd", 0: "7h 2s"},
        "Qs Jd 9c 4h 3d",
        {1},
        "Texas hold'em (outside the seed): aces over kings",
    ),
    (
        "omaha",
        {1: "Ac Ad 2h 3h", 2: "Kc Kd 7s 8s", 0: "7h 2s 4d 5c"},
        "Ks Jd 9c 4h 3d",
        {2},
        "Omaha (outside the seed): two hole cards with three board cards: three kings",
    ),
    (
        "razz",
        {1: "2c 3d 4h 6s 7c Kd Kh", 2: "Ac Ad 3h 5d 8d 2d Jc", 0: "Qc Qd Jh 6h 3s 4c 9s"},
        "",
        {1},
        "Razz (outside the seed): 7-6-4-3-2 is lower than 8-5-3-2-A",
    ),
    (
        "deuce-to-seven-triple-draw",
        {1: "2c 3d 4h 5s 7c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"},
        "",
        {1},
        "Deuce to seven (outside the seed): 7-5-4-3-2 is the best",
    ),
    (
        "deuce-to-seven-triple-draw",
        {1: "Ac 2d 3h 4s 5c", 2: "Kd Kh 7s 5d 3c", 0: "Qc Qd Jh Js 3s"},
        "",
        {1},
        "Deuce to seven (outside the seed): the ace is only high, so A-5-4-3-2 is no straight "
        "but ace-high, which beats a pair of kings",
    ),
]


@pytest.mark.parametrize(
    ("variant", "hands", "board", "expected", "passage"),
    SCRIPTED,
    ids=[f"{row[0]}-{number}" for number, row in enumerate(SCRIPTED)],
)
def test_a_scripted_deal_of_every_variant_goes_to_the_hand_the_seed_ranks_best(
    variant: str, hands: dict[int, str], board: str, expected: set[int], passage: str
) -> None:
    """Виды «Покера» and every variant after it (the passage is named in each row).

    The scripted deal is played to its end and the pot goes to the seat whose hand the
    seed's rankings (and the variant's own rule) make best.
    """
    deal = play_scripted(variant, hands, board)
    assert winners(deal) == expected, (passage, deal.outcome(), [str(e) for e in deal.events])
    assert sum(deal.outcome().changes) == 0


def test_the_catalogue_names_every_variant_of_the_seed_and_the_modern_ones() -> None:
    """Виды «Покера» to the end; Texas hold'em, Omaha, razz, 2-7 triple draw beyond it."""
    names = set(GAME.presets)
    assert {row[0] for row in SCRIPTED} | {"draw-high-low", "seven-card-stud-high-low"} <= names
    assert {"omaha-hi-lo"} <= names


def test_seven_card_stud_high_low_splits_between_the_declared_high_and_low() -> None:
    """Покер «Больше-меньше»; Заявка а).

    "Высший и низший расклады делят банк поровну (если деление точно пополам невозможно,
    все нечетные фишки получает высший расклад)".
    """
    hands = {1: "2c 3d 4h 6s 7c Kd Kh", 2: "Ac Ad As 5d 8d 2d Jc", 0: "Qc Qd Jh 6h 3s 4c 9s"}
    deal = play_scripted(
        "seven-card-stud-high-low", hands, sides={1: Side.LOW, 2: Side.HIGH, 0: Side.HIGH}
    )
    changes = deal.outcome().changes
    assert changes[0] < 0
    assert changes[1] > 0
    assert changes[2] > 0
    put = -changes[0]
    pot = sum(change + put for change in changes)
    assert changes[2] + put == pot - pot // 2
    assert changes[1] + put == pot // 2


def test_draw_high_low_with_everyone_declaring_high_gives_the_best_hand_everything() -> None:
    """Заявка: "Если все игроки сделали одинаковую заявку, игрок с лучшим раскладом" (wins)."""
    hands = {1: "2c 3d 4h 6s 8c", 2: "Ac Ad 3h 5d 9d", 0: "Qc Qd Jh Js 3s"}
    deal = play_scripted("draw-high-low", hands)
    assert winners(deal) == {0}


def test_omaha_high_low_gives_the_low_half_only_to_eight_or_better() -> None:
    """Omaha high-low eight or better (outside the seed); Покер «Больше-меньше»: halves.

    With a board of three cards above eight no low qualifies and the high hand takes all;
    with a low board the best qualifying low takes half.
    """
    high_only = play_scripted(
        "omaha-hi-lo",
        {1: "Ac 2d 5h 6h", 2: "Kc Kd 7s 8s", 0: "7h 2s 4d 5c"},
        "Ks Jd 9c Qh 3d",
    )
    assert winners(high_only) == {2}
    split = play_scripted(
        "omaha-hi-lo",
        {1: "Ac 2d 9h Th", 2: "Kc Kd 7s 8s", 0: "Jh Js 4d 5c"},
        "Ks 6d 9c 4h 3d",
    )
    assert winners(split) == {1, 2}


def test_a_folded_hand_is_never_shown_and_discards_stay_private() -> None:
    """Выход из игры; «Покер-гвоздь», Дополнительные правила 2)-3).

    A player who folds turns his cards down and never shows them; a player left alone may
    not show his hole card; the draw's discards are seen only by the one who discards.
    """
    rules = GAME.rules("draw")
    match = GAME.new_match(rules, ["А", "Б", "В"])
    deal = match.start_deal(random.Random(5))
    assert isinstance(deal, PokerDeal)
    seat = deal.to_move
    assert seat is not None
    match.apply(Bet(1))
    folder = deal.to_move
    assert folder is not None
    hidden = set(deal.hands[folder].cards)
    match.apply(deal.legal_actions()[0])
    while not deal.is_over:
        legal = deal.legal_actions()
        drawn = [a for a in legal if isinstance(a, Discard) and len(a.cards) == 1]
        match.apply(drawn[0] if drawn else opener_policy(deal, legal, {}))
    for other in range(3):
        if other != folder:
            assert not hidden & deal.cards_known_to(other)
    for event in deal.events:
        if event.kind == "discard":
            assert event.audience == frozenset({event.seat})


SLOW = {"crisscross", "crisscross-lines", "lame-brain-pete"}


@pytest.mark.parametrize("variant", sorted(GAME.presets))
def test_the_harness_passes_on_every_variant(variant: str) -> None:
    """Виды «Покера»: every variant keeps every invariant (chips conserved, replay, hiding).

    Random and check-down players share the table, so deals end both ways.
    """
    rules = GAME.rules(variant)
    players = min(rules.variant.players_max, 4)
    bots = [make_bot("poker", "random" if seat % 2 else "check-down", rules) for seat in range(4)]
    deals = 2 if variant in SLOW else 4
    report = simulate(GAME, rules, players=players, deals=deals, seed=7, bots=bots[:players])
    assert report.ok, report.failures


def test_progressive_openers_may_double_the_limits_until_a_deal_is_opened() -> None:
    """Варианты «Валеты и выше» 1): after an unopened deal the limits may double.

    "И иногда пределы ставок удваиваются. Как только кто-то из игроков открыл круг ставок,
    следующая игра возвращается к «Валеты и выше» (а пределы ставок — к обычным)".
    """
    rules = GAME.rules("jacks-progressive", {"variant": {"progressive_doubles": True}})
    match = GAME.new_match(rules, ["А", "Б", "В"])
    nobody = arrange(
        rules.variant, match.deck(), {1: "2c 3d 4h 6s 8c", 2: "2d 3h 4s 6c 8d", 0: "2h 3s 4c 6d 8h"}
    )
    first = match.start_deal_from(DealSetup(0, nobody, 1))
    while not first.is_over:
        match.apply(Check())
    assert isinstance(first, PokerDeal)
    assert first.outcome().void
    second = match.start_deal_from(DealSetup(1, nobody, 2))
    assert isinstance(second, PokerDeal)
    assert second.betting.bounds(2).minimum == 2 * rules.limits.minimum


def test_a_player_may_turn_up_his_hole_card_to_get_the_last_card_down() -> None:
    """Другие варианты «пятикарточного гвоздя» 2) «Последняя карта втемную по желанию».

    "Игрок может вскрыть свою «забивную» карту до последнего круга сдачи и получить пятую
    карту втемную"; the others, who kept theirs, get the fifth card face up.
    """
    rules = GAME.rules("five-card-stud-down-on-request")
    match = GAME.new_match(rules, ["А", "Б", "В"])
    hands = {1: "2c Ks 7d 9h 4s", 2: "Ac Ad 3h 5c 8d", 0: "Qc Qd Jh 6s 6h"}
    deal = match.start_deal_from(DealSetup(0, arrange(rules.variant, match.deck(), hands), 1))
    assert isinstance(deal, PokerDeal)
    while deal.phase != "expose":
        match.apply(opener_policy(deal, deal.legal_actions(), {}))
    assert deal.to_move == 1
    match.apply(Expose(parse_cards("2c")[0]))
    match.apply(Discard(()))
    match.apply(Discard(()))
    assert deal.view(1).down == tuple(parse_cards("4s"))
    assert len(deal.view(1).up[1]) == 4
    assert deal.view(2).up[2][-1] == parse_cards("8d")[0]
    assert parse_cards("4s")[0] not in deal.cards_known_to(2)


def test_a_stud_player_may_name_which_hole_card_is_wild() -> None:
    """«Семикарточный гвоздь»: козырь — младшая «забивная» карта, chosen.

    "Иногда игрокам разрешено выбирать любую из своих «забивных» карт (и их номинал) в
    качестве козыря". Naming 9♣ makes both his nines wild: with the kings showing, four
    kings; his choice stays private until the showdown.
    """
    rules = GAME.rules("seven-card-stud-chosen-hole-wild")
    match = GAME.new_match(rules, ["А", "Б", "В"])
    hands = {1: "9c 9d Kd Ks 8h 2h 3d", 2: "2c 3c Ac Kh 9s 7d 4h", 0: "5s 6s Jd Th 8c 4c 2s"}
    deal = match.start_deal_from(DealSetup(0, arrange(rules.variant, match.deck(), hands), 1))
    assert isinstance(deal, PokerDeal)
    while deal.phase != "name-wild":
        match.apply(opener_policy(deal, deal.legal_actions(), {}))
    assert deal.why_illegal(NameWild(parse_cards("Kd")[0])) == "seat 1 holds no K♦ face down"
    match.apply(NameWild(parse_cards("9c")[0]))
    assert parse_cards("9c")[0] not in deal.cards_known_to(2) - set(deal.view(2).up[1])
    while not deal.is_over:
        match.apply(deal.legal_actions()[0])
    assert parse_cards("9d")[0] in deal.wild_for(1)
    assert deal.outcome().best_category == "four of a kind"
    assert winners(deal) == {1}


def test_in_five_card_stud_a_four_flush_may_beat_a_pair_and_open_the_betting() -> None:
    """«Покер-гвоздь», Дополнительные правила 4): the four flush.

    "При вскрытии (а также при определении начала круга ставок) он старше пары, но слабее
    двух пар": the four hearts showing open the last round ahead of the pair of aces held
    down and up, and beat it at the showdown.
    """
    rules = GAME.rules("five-card-stud", {"variant": {"hands": {"four_flush": True}}})
    match = GAME.new_match(rules, ["А", "Б", "В"])
    hands = {1: "2c 9h 7h 4h 3h", 2: "Ac Ad 3d 5c 8d", 0: "Qc Jd Th 6s 2s"}
    deal = match.start_deal_from(DealSetup(0, arrange(rules.variant, match.deck(), hands), 1))
    assert isinstance(deal, PokerDeal)
    while deal.round_index < 3 or deal.phase != "bet":
        match.apply(opener_policy(deal, deal.legal_actions(), {}))
    assert deal.to_move == 1
    while not deal.is_over:
        match.apply(opener_policy(deal, deal.legal_actions(), {}))
    assert winners(deal) == {1}
    assert deal.outcome().best_category == "four flush"


EIGHT = {
    1: "2c 3d 5h 7s 9c Jd",
    2: "Kc Kd Ks 4h 6c 8d",
    3: "2d 3h 5s 7c 9d Jh",
    4: "2h 3s 5c 7d 9h Js",
    5: "Ah Ad 4c 6d 8h Ts",
    6: "2s 3c 5d 7h 9s Jc",
    7: "4d 6h 8s Tc Qc Qd",
    0: "4s 6s 8c Td Qh Qs",
}
"""Eight players' first six cards (two down, four up) in a seven-card stud deal."""


def test_eight_play_seven_card_stud_and_the_last_card_is_shared_when_the_deck_runs_short() -> None:
    """«Семикарточный гвоздь»: "Эта игра рассчитана на двух — восемь игроков".

    Eight players staying to the end need 56 cards; after six each only four are left and
    nobody folded, so there are no discards to reshuffle ("нижняя карта и карты сноса
    тасуются вместе"). The last card then goes face up to the centre and counts in every
    hand (docs/rules/poker.md, "Seven-card stud with eight players"). Here it is the ace of
    clubs: seat 5's two aces become three and beat seat 2's three kings.
    """
    rules = GAME.rules("seven-card-stud")
    match = GAME.new_match(rules, [f"P{seat}" for seat in range(8)])
    own = {seat: parse_cards(text) for seat, text in EIGHT.items()}
    six_cards = replace(rules.variant, steps=rules.variant.steps[:-2])
    rest = [*parse_cards("Ac"), *match.deck()]
    deck = stacked_deck(six_cards, (1, 2, 3, 4, 5, 6, 7, 0), own, list(dict.fromkeys(rest)))
    deal = match.start_deal_from(DealSetup(0, deck, 1))
    assert isinstance(deal, PokerDeal)
    while not deal.is_over:
        match.apply(opener_policy(deal, deal.legal_actions(), {}))
    assert deal.board == list(parse_cards("Ac"))
    assert all(len(deal.hands[seat].cards) == 6 for seat in range(8))
    assert winners(deal) == {5}
    shared = [event for event in deal.events if event.kind == "board"]
    assert len(shared) == 1
    assert shared[0].audience is None
    assert sum(deal.outcome().changes) == 0


def test_the_harness_passes_on_eight_handed_seven_card_stud() -> None:
    """«Семикарточный гвоздь»: two to eight players; chips, replay and hiding hold at eight.

    Check-down players stay to the end (so the last card is shared); the default bot, which
    deals the unseen cards to estimate its chances, must manage with the short deck too.
    """
    rules = GAME.rules("seven-card-stud")
    bots = [make_bot("poker", "check-down" if seat % 2 else "default", rules) for seat in range(8)]
    report = simulate(GAME, rules, players=8, deals=3, seed=5, bots=bots)
    assert report.ok, report.failures


def test_a_jacks_deal_nobody_opens_is_played_out_as_lowball() -> None:
    """«Лоуболл»: a jacks deal nobody opens is played as lowball, for that deal only.

    "Когда в «Валетах и выше» никто не начал круг ставок, «Лоуболл» разыгрывается только для
    данной игры". Nobody holds jacks or better, so all check; the same hands are then played
    as lowball: the dealer's left must bet or fold ("Пропуск хода не разрешен", Лоуболл 2),
    the dealer burns a card before the draw (3), and the lowest hand wins (5): seat 1's
    7-5-4-3-2 takes the pot from seat 0's pair of deuces, which would have won at high.
    """
    hands = {1: "2c 3d 4h 5s 7c", 2: "Qc Td 9h 8s 6d", 0: "2d 2h 9c 8d 6c"}
    rules = GAME.rules("jacks-or-lowball")
    match = GAME.new_match(rules, ["А", "Б", "В"])
    deal = match.start_deal_from(DealSetup(0, arrange(rules.variant, match.deck(), hands), 1))
    assert isinstance(deal, PokerDeal)
    assert deal.why_illegal(Bet(1)) == "a pair of jacks or better is needed to open"
    for _ in range(3):
        match.apply(Check())
    assert not deal.is_over
    assert [event.kind for event in deal.events].count("lowball") == 1
    assert deal.to_move == 1
    assert deal.why_illegal(Check()) is not None
    while not deal.is_over:
        match.apply(opener_policy(deal, deal.legal_actions(), {}))
    assert [event.kind for event in deal.events].count("burn") == 1
    assert winners(deal) == {1}
    assert not deal.outcome().void
    assert not [event for event in deal.events if event.kind == "openers"]
    assert sum(match.ledger().values()) == 0


def test_a_jacks_deal_that_is_opened_stays_high_under_the_lowball_option() -> None:
    """«Лоуболл»: lowball is played only when nobody opened.

    An opened deal is jacks or better as usual, and the best high hand wins.
    """
    hands = {1: "2c 3d 4h 5s 7c", 2: "Jc Jd 9h 8s 6d", 0: "2d 2h 9c 8d 6c"}
    play = play_scripted("jacks-or-lowball", hands)
    assert winners(play) == {2}
    assert not [event for event in play.events if event.kind == "lowball"]


def test_when_all_check_a_stud_round_the_deal_goes_on() -> None:
    """«Покер-гвоздь», Дополнительные правила 1).

    "если все игроки пропустили ход, круг ставок завершен, и игра продолжается далее": a
    five-card stud deal checked round after round is dealt out to the showdown, not voided.
    """
    rules = GAME.rules("five-card-stud")
    match = GAME.new_match(rules, ["А", "Б", "В"])
    deal = match.start_deal_from(DealSetup(0, match.deck(), 1))
    assert isinstance(deal, PokerDeal)
    while not deal.is_over:
        match.apply(Check())
    assert not deal.outcome().void
    assert all(len(deal.hands[seat].cards) == 5 for seat in range(3))
    assert [event.kind for event in deal.events].count("show") == 3


def test_cards_speak_at_the_showdown_wild_cards_included() -> None:
    """Схема построения игры, Вскрытие карт: "карты говорят сами за себя".

    Nobody announces a hand at this table, so no wrong claim can hurt or help: each hand is
    read from its cards. With a wild joker ("Джокер может выступать в роли любой карты") Б's
    Jo K♠ K♥ is three kings and beats В's three queens.
    """
    rules = GAME.rules("draw", {"variant": {"hands": {"wild": ["jokers"]}}})
    hands = {1: "Jo Ks Kh 7d 2c", 2: "Qs Qh Qd 3c 4d", 0: "9s 8h 6c 5d 3s"}
    match = GAME.new_match(rules, ["А", "Б", "В"])
    deck = arrange(rules.variant, match.deck(), hands)
    deal = match.start_deal_from(DealSetup(0, deck, 1))
    assert isinstance(deal, PokerDeal)
    while not deal.is_over:
        match.apply(opener_policy(deal, deal.legal_actions(), {}))
    assert winners(deal) == {1}
    shown = {event.seat: event.cards for event in deal.events if event.kind == "show"}
    assert shown[1] == parse_cards("Jo Ks Kh 7d 2c")
