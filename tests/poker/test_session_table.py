"""The thin deal layer: draw poker and seven-card stud on the betting, pots and ledger."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from cardtable.bots import Bot, make_bot
from cardtable.cards import Card, DeckSpec, parse_cards
from cardtable.engine.deal import DealSetup
from cardtable.engine.match import Match
from cardtable.engine.record import parse_record, record_text
from cardtable.engine.registry import register
from cardtable.engine.replay import replay
from cardtable.engine.rng import seeded_rng
from cardtable.errors import IllegalAction
from cardtable.harness import simulate
from cardtable.poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Declare,
    Discard,
    Fold,
    NoStraddle,
    RaiseTo,
    Side,
    Straddle,
    TableAction,
)
from cardtable.poker.deal import PokerDeal
from cardtable.poker.game import PokerGame
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.table_bots import PassiveBot, StrengthBot
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.view import PokerView


class TinyJudge:
    """A small explicit ranking for tests: rank counts first, then ranks; no straights."""

    def high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int:
        counts = Counter(card.rank for card in cards)
        ranked: list[tuple[int, int]] = sorted(
            ((count, int(rank)) for rank, count in counts.items()), reverse=True
        )
        ranked += [(0, 0)] * (5 - len(ranked))
        value = 0
        for count, rank in ranked[:5]:
            value = value * 100 + count * 16 + rank
        return value

    def low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int | None:
        return 100 - max(card.rank for card in cards)

    def category(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        most = max(Counter(card.rank for card in cards).values())
        return {4: "four of a kind", 3: "three of a kind", 2: "pair"}.get(most, "high card")


class SketchGame(PokerGame):
    """The table under a test-only name, so that records replay through the registry."""

    name = "poker-table-sketch"
    aliases = ()


GAME = SketchGame(TinyJudge())
register(GAME)

DECK = DeckSpec.named("52").cards()

TABLES: dict[str, tuple[str, dict[str, Any]]] = {
    "draw-fixed": ("draw", {}),
    "draw-pot": ("draw", {"limits": {"system": "pot"}}),
    "draw-table-stakes": ("draw", {"limits": {"system": "table-stakes", "buy_in_minimum": 20}}),
    "draw-freeze-out": (
        "draw",
        {"limits": {"freeze_out": True, "freeze_out_stake": 30}, "deals": 0},
    ),
    "draw-jackpot-wangdoodle": (
        "draw",
        {"limits": {"jackpot": True, "wangdoodle": True, "wangdoodle_trigger": "pair"}},
    ),
    "draw-blind-opening": ("blind-opening", {}),
    "draw-house": (
        "draw",
        {
            "house": {"bonus": 5, "bonus_hands": ["pair"], "kitty": "raises", "rake_percent": 5},
            "betting": {"freeze_amount": 10},
        },
    ),
    "draw-table-stakes-house": (
        "draw",
        {
            "limits": {"system": "table-stakes", "buy_in_minimum": 20},
            "house": {
                "bonus": 3,
                "bonus_hands": ["pair", "three of a kind"],
                "kitty": "hand",
                "kitty_hand": "pair",
                "rake_percent": 10,
                "rake_cap": 2,
            },
            "stake": 20,
        },
    ),
    "draw-previous-bet-resets": ("draw", {"limits": {"system": "previous-bet"}}),
    "draw-previous-bet-grows": (
        "draw",
        {"limits": {"system": "previous-bet", "previous_bet_resets": False}},
    ),
    "draw-listed-amounts": ("draw", {"limits": {"amounts": "listed", "listed": [1, 3, 5]}}),
    "draw-ends-only": ("draw", {"limits": {"amounts": "ends"}}),
    "holdem-pot-limit": ("holdem", {"limits": {"system": "pot"}}),
    "stud-rising": ("seven-card-stud", {"limits": {"system": "rising"}}),
    "stud-unlimited": ("seven-card-stud", {"limits": {"system": "unlimited"}}),
    "stud-bring-in-table-stakes": (
        "seven-card-stud",
        {
            "forced": {"bring_in": 1},
            "limits": {
                "system": "table-stakes",
                "buy_in_minimum": 10,
                "raise_at_least_last": True,
            },
            "stake": 30,
        },
    ),
    "stud-high-low-chips": (
        "seven-card-stud-high-low",
        {"variant": {"declarations": "chips"}},
    ),
    "stud-high-low-in-turn": ("seven-card-stud-high-low", {}),
    "draw-high-low-cards-speak": ("draw-high-low", {"variant": {"declarations": "cards-speak"}}),
    "draw-jacks-progressive": ("jacks-progressive", {}),
    "lowball": ("lowball", {}),
}


def table(name: str) -> PokerRules:
    preset, overrides = TABLES[name]
    return GAME.rules(preset, overrides)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_harness_passes_on_every_table(name: str, players: int) -> None:
    """О каких правилах следует договориться перед началом игры.

    Whatever the table agreed (limit system, forced bets, house rules, high-low), random
    deals keep every invariant: legal actions, refusals, replay, hidden cards, chips summing
    to zero in the ledger (kitty, rake and the carried pot included).
    """
    report = simulate(GAME, table(name), players=players, deals=6, seed=11)
    assert report.ok, report.failures


def deal(variant: str, players: int = 3) -> PokerDeal:
    full = list(DECK)
    seeded_rng(3).shuffle(full)
    return PokerDeal(
        players,
        DealSetup(0, tuple(full), 1),
        GAME.rules(variant),
        TinyJudge(),
        stacks=[100] * players,
        in_deal=[True] * players,
    )


def test_draw_poker_bets_draws_and_bets_again_from_the_first_bettor() -> None:
    """«Покер с досдачей».

    Ante, five cards each, a round from the dealer's left, the draw in turn, and the second
    round opened by the player who bet first in the first round.
    """
    game = deal("draw")
    assert game.to_move == 1
    game.apply(Check())
    game.apply(Bet(2))
    game.apply(Call())
    game.apply(Call())
    assert game.phase == "draw"
    for _ in range(3):
        game.apply(Discard(()))
    assert game.phase == "bet"
    assert game.to_move == 2


def test_all_check_in_the_first_round_voids_a_draw_deal_and_carries_the_pot() -> None:
    """Круги ставок.

    "Если все игроки пропустили ход в первом круге ставок, игра аннулируется"; «Покер с
    досдачей»: "Если никто не ставит, все игроки вновь вносят предварительную ставку".
    """
    game = deal("draw")
    for _ in range(3):
        game.apply(Check())
    outcome = game.outcome()
    assert outcome.void
    assert outcome.carried == 3
    assert outcome.changes == (-1, -1, -1)


def test_stud_deals_two_down_one_up_and_the_highest_up_card_opens() -> None:
    """«Семикарточный гвоздь»; «Покер-гвоздь».

    "Игрок с наиболее крупной вскрытой картой должен начать круг ставок или пасовать".
    """
    game = deal("seven-card-stud")
    ups = [game.hands[seat].up[0].rank for seat in range(3)]
    assert all(len(game.hands[seat].down) == 2 for seat in range(3))
    assert ups[game.to_move or 0] == max(ups)


@pytest.mark.parametrize(
    "name",
    [
        "stud-high-low-chips",
        "stud-high-low-in-turn",
        "draw-house",
        "draw-table-stakes-house",
        "draw-freeze-out",
    ],
)
def test_the_harness_passes_when_bots_go_to_showdowns(name: str) -> None:
    """Вскрытие карт; Покер «Больше-меньше».

    With a calling station and a strength bot at the table deals reach showdowns,
    declarations, bonuses and the kitty, and every invariant still holds.
    """
    rules = table(name)
    bots: list[Bot[PokerView, TableAction]] = [PassiveBot(), StrengthBot(TinyJudge()), PassiveBot()]
    report = simulate(GAME, rules, players=3, deals=8, seed=5, bots=bots)
    assert report.ok, report.failures
    assert sum(count for tag, count in report.tally.items() if tag != "no showdown") > 0


def test_chip_declarations_stay_hidden_until_all_are_made() -> None:
    """Заявка б): "Когда все игроки определились с решением, они показывают свои фишки"."""
    rules = table("stud-high-low-chips")
    full = list(DECK)
    seeded_rng(8).shuffle(full)
    game = PokerDeal(
        2, DealSetup(0, tuple(full), 1), rules, TinyJudge(), stacks=[50, 50], in_deal=[True] * 2
    )
    while game.phase == "bet":
        game.apply(Check())
    assert game.phase == "declare"
    first = game.to_move
    assert first is not None
    game.apply(Declare(Side.LOW))
    assert game.view(1 - first).declarations == ()
    game.apply(Declare(Side.HIGH))
    assert game.is_over
    assert dict(game.view(1 - first).declarations) == {first: "low", 1 - first: "high"}
    assert sum(game.outcome().changes) == 0


def test_after_an_all_check_last_round_the_opener_of_that_round_shows_first() -> None:
    """Вскрытие карт («Покер с досдачей»).

    "Если все игроки пропустили ход во втором круге ставок, начинавший круг вскрывает свои
    карты первым; но если во втором круге делались ставки, первым вскрывается игрок, ставку
    которого поддержали."
    """
    for second_round, first_to_show in (("check", 2), ("bet", 1)):
        game = deal("draw")
        game.apply(Check())
        game.apply(Bet(2))
        game.apply(RaiseTo(4))
        game.apply(Call())
        game.apply(Call())
        for _ in range(3):
            game.apply(Discard(()))
        if second_round == "check":
            for _ in range(3):
                game.apply(Check())
        else:
            game.apply(Check())
            game.apply(Check())
            game.apply(Bet(3))
            game.apply(Call())
            game.apply(Call())
        shows = [event.seat for event in game.events if event.kind == "show"]
        assert shows[0] == first_to_show


def test_between_deals_players_buy_the_house_charges_and_the_dealer_chooses() -> None:
    """Банкомет; «Покер» в клубах и казино (почасовой тариф); Выбор сдающего.

    Between deals a player buys chips from the banker, the house books its hourly charge, and
    under dealer's choice the dealer names the next game (never the limits or the deck).
    """
    rules = GAME.rules(
        overrides={"session": {"dealers_choice": "deal"}, "house": {"hourly_charge": 2}}
    )
    match = GAME.new_match(rules, ["А", "Б", "В"])
    match.apply_between("buy Б 40")
    match.apply_between("hour")
    with pytest.raises(IllegalAction, match="limits or the deck"):
        match.apply_between("choose draw limit 20")
    match.apply_between("choose seven-card-stud")
    deal = match.start_deal(seeded_rng(4))
    assert isinstance(deal, PokerDeal)
    assert deal.rules.variant.name == "seven-card-stud"
    ledger = match.ledger()
    assert ledger["house"] == 6
    assert sum(ledger.values()) == 0
    replayed = replay(parse_record(record_text(match.record())))
    assert replayed.ledger() == ledger


def test_blind_bets_and_straddles_come_before_the_cards_are_dealt() -> None:
    """Начало втемную: "игроки ставят втемную, то есть до получения своих раскладов"."""
    rules = table("draw-blind-opening")
    full = list(DECK)
    seeded_rng(2).shuffle(full)
    game = PokerDeal(
        4, DealSetup(0, tuple(full), 1), rules, TinyJudge(), stacks=[50] * 4, in_deal=[True] * 4
    )
    assert game.view(3).down == ()
    assert game.to_move == 3
    game.apply(Straddle())
    assert game.view(0).down == ()
    game.apply(NoStraddle())
    assert len(game.view(0).down) == 5
    assert game.to_move == 0
    assert game.view(0).bets == (0, 1, 2, 4)


def test_a_stud_bring_in_is_posted_by_the_lowest_up_card_and_the_next_player_acts() -> None:
    """PokerKit docs (simulation, Bring-In; Opening: lowest up card in stud games).

    The seed's own stud opens with the highest card; with ``bring_in`` set the modern forced
    opening is used.
    """
    rules = GAME.rules("seven-card-stud", {"forced": {"bring_in": 1}})
    full = list(DECK)
    seeded_rng(6).shuffle(full)
    game = PokerDeal(
        3, DealSetup(0, tuple(full), 1), rules, TinyJudge(), stacks=[50] * 3, in_deal=[True] * 3
    )
    ups = {seat: game.hands[seat].up[0].rank for seat in range(3)}
    low = min(ups.values())
    poster = next(seat for seat in (1, 2, 0) if ups[seat] == low)
    assert game.view(0).bets[poster] == 1
    assert game.to_move == (poster + 1) % 3


def play(match: Match[Any, Any, Any], *actions: TableAction) -> None:
    for action in actions:
        match.apply(action)


def play_deal(game: PokerDeal, *actions: TableAction) -> None:
    for action in actions:
        game.apply(action)


def stacked(first: str, players: int = 3) -> tuple[Card, ...]:
    """The 52-card deck that deals ``first``'s five-card hands to the first players in turn.

    The cards go one at a time round the ``players`` in the deal (000_75e337bfe099b695.txt,
    "карты сдаются по одной"); the players not written get the deck's next cards.
    """
    cards = parse_cards(first)
    hands = {place: cards[place * 5 : place * 5 + 5] for place in range(len(cards) // 5)}
    rest = iter(card for card in DECK if card not in cards)
    dealt = [
        hands[place][round_] if place in hands else next(rest)
        for round_ in range(5)
        for place in range(players)
    ]
    return (*dealt, *rest)


def test_a_scripted_freeze_out_session_with_a_jackpot_and_a_wangdoodle() -> None:
    """Джекпот; Вангдудл; «Замороженный вклад»; Смена сдающего.

    Deal 1: Б opens and all fold to him, so in deal 2 the others ante a unit and the maximum
    is the pot. Deal 2: А shows three kings, a wangdoodle hand, and В goes broke and leaves.
    Deal 3 is played at doubled limits, dealt by А (the deal skips the eliminated В), and Б,
    all-in, loses his last chips: А holds everything and the freeze-out is over.
    """
    limits: dict[str, Any] = {"minimum": 1, "maximum": 2, "freeze_out": True}
    limits["freeze_out_stake"] = 8
    limits |= {"jackpot": True, "wangdoodle": True, "wangdoodle_trigger": "three of a kind"}
    match = GAME.new_match(GAME.rules(overrides={"limits": limits, "deals": 0}), ["А", "Б", "В"])

    first = match.start_deal_from(DealSetup(0, DECK, 1))
    assert first.why_illegal(Bet(3)) == "a bet or raise of 3 is above the limit of 2"
    play(match, Bet(2), Fold(), Fold())
    assert match.session.terms().jackpot_antes == {"А": 1, "В": 1}

    second = match.start_deal_from(
        DealSetup(1, stacked("2c 3d 4h 5s 7c Kc Kd Kh 9s 8d 2d 3h 4s 6c 8c"), 2)
    )
    assert isinstance(second, PokerDeal)
    assert second.view(2).pot == 3 + 2
    assert second.betting.bounds(2).maximum == 5
    play(match, Bet(5), Call(), Call(), Discard(()), Discard(()), Discard(()))
    assert second.outcome().best_category == "three of a kind"
    assert match.session.players == ["А", "Б"]
    assert match.session.terms().factor == 2

    third = match.start_deal_from(
        DealSetup(0, stacked("2c 3d 4h 5s 7c Qc Qd 9h 8s 6d", players=2), 3)
    )
    assert third.view(1).stacks == (19, 3, 0)
    assert third.why_illegal(Bet(1)) == "a bet or raise of 1 is below the minimum of 2"
    play(match, AllIn(), Call(), Discard(()), Discard(()))
    assert match.is_over
    assert match.ledger() == {"А": 16, "Б": -8, "В": -8, "kitty": 0, "house": 0, "pot": 0}
    assert replay(parse_record(record_text(match.record()))).ledger() == match.ledger()


def test_jacks_or_better_needs_openers_and_the_requirement_rises_after_an_unopened_deal() -> None:
    """Первый круг ставок 1) «Валеты и выше»; Варианты «Валеты и выше» 1).

    Only a pair of jacks or better may open (others may pass first); each deal nobody opens
    raises the need (queens, kings, aces) while the antes stay in the pot; the opener shows
    his openers at the end.
    """
    rules = GAME.rules("jacks-progressive")
    match = GAME.new_match(rules, ["А", "Б", "В"])
    hands = "2c 3d 4h 5s 7c Jc Jd 9h 8s 6d 2d 3h 4s 6c 8c"
    first = match.start_deal_from(DealSetup(0, stacked(hands), 1))
    assert first.why_illegal(Bet(1)) == "a pair of jacks or better is needed to open"
    play(match, Check(), Check(), Check())
    first_outcome = first.outcome()
    assert isinstance(first_outcome, PokerOutcome)
    assert first_outcome.void
    second = match.start_deal_from(DealSetup(1, stacked(hands), 2))
    play(match, Check())
    assert second.to_move == 0
    assert second.why_illegal(Bet(1)) == "a pair of queens or better is needed to open"
    play(match, Check(), Check())
    third = match.start_deal_from(DealSetup(2, stacked("Qc Qd 4h 5s 7c"), 3))
    assert third.why_illegal(Bet(1)) == "a pair of kings or better is needed to open"
    play(match, Check(), Check(), Check())
    fourth = match.start_deal_from(DealSetup(0, stacked("Kc Kd 4h 5s 7c Ac Ad 9h 8s 6d"), 4))
    assert fourth.why_illegal(Bet(1)) == "a pair of aces or better is needed to open"
    play(match, Check())
    assert fourth.to_move == 2
    play(match, Bet(1), Fold(), Fold())
    fourth_outcome = fourth.outcome()
    assert isinstance(fourth_outcome, PokerOutcome)
    assert fourth_outcome.changes == (-1, -1, 9 + 3 - 1)
    proofs = [event for event in fourth.events if event.kind == "openers"]
    assert [event.seat for event in proofs] == [2]
    assert match.ledger()["pot"] == 0


def test_lowball_burns_a_card_forbids_raising_after_a_check_and_the_lowest_hand_wins() -> None:
    """«Лоуболл» 1)-5).

    The dealer and his left neighbour ante, and the antes count to stay; the next player must
    open or fold, raising at most the ante; the dealer burns a card face up before the draw;
    in the second round a player who checked may not raise; the lowest hand wins.
    """
    rules = table("lowball")
    hands = "Kc Kd Kh 9s 8d 7c 5d 4h 3s 2c Qc Jd 9h 6s 4d"
    game = PokerDeal(
        3, DealSetup(0, stacked(hands), 1), rules, TinyJudge(), stacks=[50] * 3, in_deal=[True] * 3
    )
    assert game.to_move == 2
    assert game.why_illegal(Check()) == "there is a bet of 1 to call"
    assert game.why_illegal(RaiseTo(3)) == "a bet or raise of 2 is above the limit of 1"
    play_deal(game, Call())
    assert game.phase == "draw"
    burned = [event.cards for event in game.events if event.kind == "burn"]
    assert len(burned) == 1
    assert burned[0][0] not in {card for seat in range(3) for card in game.hands[seat].cards}
    play_deal(game, Discard(()), Discard(()), Discard(()))
    assert game.to_move == 1
    play_deal(game, Check(), Bet(5))
    assert game.why_illegal(RaiseTo(10)) is None
    play_deal(game, Call())
    assert game.why_illegal(RaiseTo(10)) == "a player who checked may not raise in this round"
    play_deal(game, Call())
    assert game.outcome().changes == (-6, -6, 12)


def test_bonuses_the_kitty_and_the_rake_take_chips_and_the_ledger_balances_after_each_deal() -> (
    None
):
    """Бонусы; «Банк»; «Покер» в клубах и казино (сбор с каждого выигранного банка).

    Under table stakes with every house rule agreed, random players' deals pay bonuses for
    pairs, put a unit in the kitty when the winner held a pair, and give the house its tenth
    of the pot (at most 2); the ledger, kitty and house included, sums to zero after every
    deal, and the kitty is shared when the session ends.
    """
    rules = table("draw-table-stakes-house")
    match = GAME.new_match(rules, ["А", "Б", "В"])
    rng = seeded_rng(12)
    bot = make_bot("poker", "random", rules)
    kinds: set[str] = set()
    kitty_seen = 0
    while not match.is_over:
        deal = match.start_deal(rng)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            match.apply(bot.choose(deal.view(seat), deal.legal_actions(), rng))
        kinds |= {event.kind for event in deal.events}
        ledger = match.ledger()
        kitty_seen = max(kitty_seen, int(ledger["kitty"]))
        assert sum(ledger.values()) == 0
    assert "bonus" in kinds
    assert kitty_seen > 0
    assert match.ledger()["house"] > 0
    assert match.ledger()["kitty"] == 0


def test_the_session_ends_strictly_at_the_agreed_time_and_the_kitty_is_shared() -> None:
    """Продолжительность игры; «Банк».

    "Перед началом игры следует договориться о времени ее окончания и строго его соблюдать":
    when the driver's clock says the agreed time is up, ``time-up`` ends the session between
    deals, no further deal is dealt, and the kitty (one chip from a pot with two raises) is
    shared among those still playing. A table that agreed no end time cannot call it.
    """
    untimed = GAME.new_match(GAME.rules(), ["А", "Б", "В"])
    with pytest.raises(IllegalAction, match="no end time was agreed"):
        untimed.apply_between("time-up")
    overrides = {"session": {"length_minutes": 120}, "house": {"kitty": "raises"}}
    match = GAME.new_match(GAME.rules(overrides=overrides), ["А", "Б", "В"])
    match.start_deal_from(DealSetup(0, DECK, 1))
    play(match, Bet(1), RaiseTo(2), RaiseTo(3), Call(), Call())
    play(match, Discard(()), Discard(()), Discard(()), Check(), Check(), Check())
    assert match.ledger()["kitty"] == 1
    match.apply_between("time-up")
    assert match.is_over
    assert match.ledger()["kitty"] == 0
    assert sum(match.ledger().values()) == 0
    with pytest.raises(IllegalAction, match="the match is over"):
        match.start_deal(seeded_rng(1))
    assert replay(parse_record(record_text(match.record()))).ledger() == match.ledger()


def test_a_player_who_lets_his_decision_time_run_out_loses_his_hand() -> None:
    """Продолжительность игры: five minutes a decision.

    "Если игрок не сделал ход в течение данного времени, его расклад аннулируется": the
    driver plays ``time out``, which folds his hand (his chips stay in the pot).
    """
    match = GAME.new_match(GAME.rules(), ["А", "Б", "В"])
    deal = match.start_deal_from(DealSetup(0, DECK, 1))
    assert isinstance(deal, PokerDeal)
    play(match, Bet(2), GAME.parse_action("time out"))
    assert deal.betting.folded[2]
    assert deal.to_move == 0
