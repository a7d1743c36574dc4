"""Pots, side pots, ties and high-low: 002_053e85955f9a4108.txt."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from cardtable.poker.actions import AllIn, Bet, Call, RaiseTo, Side
from cardtable.poker.betting import Betting, BettingRules
from cardtable.poker.limits import Limits, LimitSystem
from cardtable.poker.pots import (
    DeclarationMode,
    Declarations,
    Pot,
    Share,
    award_high,
    award_high_low,
    build_pots,
    category_at_least,
    showdown_order,
)

A, B, V = 0, 1, 2  # players А, Б, В of the seed's example


@dataclass
class Tiny:
    """An explicit ranking for tests: each seat's high and low value, bigger is better."""

    highs: dict[int, int]
    lows: dict[int, int | None] = field(default_factory=dict)

    def high(self, seat: int) -> int:
        return self.highs[seat]

    def low(self, seat: int) -> int | None:
        return self.lows.get(seat)

    def category(self, seat: int) -> str:
        return "pair"


def won(shares: list[Share]) -> dict[int, int]:
    total: Counter[int] = Counter()
    for share in shares:
        total[share.seat] += share.amount
    return dict(total)


def seed_example() -> Betting:
    """The table-stakes example: Б has 30 chips left; А bets 40, Б all-in, В 50, А calls."""
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=1)
    betting = Betting(3, [200, 30, 200], limits, BettingRules(), dealer=V)
    betting.start_round(0, A, last=True)
    betting.act(A, Bet(40))
    betting.act(B, AllIn())
    betting.act(V, RaiseTo(50))
    betting.act(A, Call())
    return betting


def test_the_seeds_side_pot_example_splits_main_and_side_pots() -> None:
    """Примеры настольных ставок. А puts 40.

    30 to the main pot, 10 open a side pot; Б puts his 30; В puts 50: 30 to the main pot,
    the rest to the side pot; А and В go on until their side-pot bets are equal; Б puts no
    more, and "Побочный банк могут взять только игроки А или В".
    """
    betting = seed_example()
    assert betting.round_over
    pots, returned = build_pots(betting.contributed, betting.folded)
    assert pots == [Pot(90, (A, B, V)), Pot(40, (A, V))]
    assert returned == [0, 0, 0]


def test_in_the_seeds_example_v_with_the_best_hand_wins_the_main_pot() -> None:
    """Примеры настольных ставок.

    "При вскрытии карт игрок В выигрывает основной банк, если у него на руках наилучший
    расклад" (and the side pot too, against А).
    """
    pots, _ = build_pots(seed_example().contributed, [False] * 3)
    shares = award_high(pots, Tiny({A: 1, B: 2, V: 3}), [A, B, V])
    assert won(shares) == {V: 130}


def test_an_all_in_player_with_the_best_hand_takes_only_the_main_pot() -> None:
    """Настольные ставки.

    the all-in player stays "до вскрытия карт по основному банку"; the side pot goes to the
    better of А and В.
    """
    pots, _ = build_pots(seed_example().contributed, [False] * 3)
    shares = award_high(pots, Tiny({A: 2, B: 3, V: 1}), [A, B, V])
    assert won(shares) == {B: 90, A: 40}


def test_an_uncalled_bet_goes_back_to_its_bettor() -> None:
    """Настольные ставки.

    only chips another player matched are at stake ("Все ставки других игроков сверх
    поставленной им суммы вносятся в дополнительный банк").
    """
    pots, returned = build_pots([100, 30, 10], [False, False, True])
    assert returned == [70, 0, 0]
    assert pots == [Pot(70, (0, 1))]


def test_a_folded_players_chips_stay_in_the_pot_he_paid_into() -> None:
    """Принципы, а) «Пасовать»: "все уже поставленные им фишки он проигрывает"."""
    pots, _ = build_pots([20, 20, 5], [False, False, True])
    assert pots == [Pot(45, (0, 1))]


def test_a_tie_splits_the_pot_and_the_odd_chip_goes_to_the_called_player() -> None:
    """Вскрытие карт.

    "Если ничья, банк делится поровну"; showing starts with the called player, who takes an
    odd chip (issue 7's reading of the seed).
    """
    order = showdown_order([0, 1, 2], first=2, seats=3)
    assert order == [2, 0, 1]
    shares = award_high([Pot(31, (0, 1, 2))], Tiny({0: 5, 1: 1, 2: 5}), order)
    assert won(shares) == {2: 16, 0: 15}


def test_high_low_halves_split_with_the_odd_chip_to_high() -> None:
    """Покер «Больше-меньше», Заявка.

    The high and low hands share the pot equally, "если деление точно пополам невозможно, все
    нечетные фишки получает высший расклад".
    """
    hands = Tiny({0: 9, 1: 1, 2: 5}, {0: 1, 1: 9, 2: 5})
    said = {0: Side.HIGH, 1: Side.LOW, 2: Side.LOW}
    shares = award_high_low([Pot(31, (0, 1, 2))], hands, [0, 1, 2], said)
    assert won(shares) == {0: 16, 1: 15}


def test_the_best_of_those_who_declared_a_side_takes_that_half() -> None:
    """Заявка.

    "если одну и ту же заявку сделали несколько игроков, эту часть банка берет игрок с
    лучшим раскладом" — a better hand that declared the other side does not count.
    """
    hands = Tiny({0: 9, 1: 8, 2: 1}, {0: 1, 1: 2, 2: 3})
    said = {0: Side.LOW, 1: Side.HIGH, 2: Side.LOW}
    shares = award_high_low([Pot(20, (0, 1, 2))], hands, [0, 1, 2], said)
    assert won(shares) == {1: 10, 2: 10}


def test_when_all_declare_one_side_the_best_hand_takes_the_whole_pot() -> None:
    """Заявка.

    "Если все игроки сделали одинаковую заявку, игрок с лучшим раскладом выигрывает" (the
    whole pot).
    """
    hands = Tiny({0: 9, 1: 8}, {0: 1, 1: 2})
    for side, winner in ((Side.HIGH, 0), (Side.LOW, 1)):
        shares = award_high_low([Pot(21, (0, 1))], hands, [0, 1], {0: side, 1: side})
        assert won(shares) == {winner: 21}


def test_a_both_declarer_who_loses_one_side_gets_nothing() -> None:
    """Заявка.

    a player who declared both "должен при вскрытии иметь по меньшей мере ничью в обоих
    случаях, иначе его расклад аннулируется и он не получает ничего".
    """
    hands = Tiny({0: 9, 1: 8, 2: 1}, {0: 2, 1: 1, 2: 3})
    said = {0: Side.BOTH, 1: Side.HIGH, 2: Side.LOW}
    shares = award_high_low([Pot(20, (0, 1, 2))], hands, [0, 1, 2], said)
    assert won(shares) == {1: 10, 2: 10}


def test_a_both_declarer_who_wins_or_ties_both_sides_takes_both_halves() -> None:
    """Заявка: the "both" declarer with at least a tie on both sides wins both halves."""
    hands = Tiny({0: 9, 1: 9, 2: 1}, {0: 3, 1: 1, 2: 3})
    said = {0: Side.BOTH, 1: Side.HIGH, 2: Side.LOW}
    shares = award_high_low([Pot(40, (0, 1, 2))], hands, [0, 1, 2], said)
    assert won(shares) == {0: 20, 1: 10, 2: 10}


def test_high_low_cards_speak_gives_half_to_the_best_high_and_half_to_the_best_low() -> None:
    """Покер «Больше-меньше».

    "При вскрытии карт банк делят между собой самый старший и самый младший расклады" (cards
    speak, no declarations).
    """
    hands = Tiny({0: 9, 1: 1, 2: 5}, {0: 1, 1: 9, 2: None})
    shares = award_high_low([Pot(11, (0, 1, 2))], hands, [0, 1, 2], None)
    assert won(shares) == {0: 6, 1: 5}
    nobody_low = Tiny({0: 9, 1: 1}, {})
    assert won(award_high_low([Pot(11, (0, 1))], nobody_low, [0, 1], None)) == {0: 11}


def test_declarations_in_turn_are_seen_at_once_and_chips_only_when_all_are_shown() -> None:
    """Заявка а)/б).

    In turn from the dealer's left each declares aloud; with chips each holds a white (low),
    red (high) or blue (both) chip and all are shown together.
    """
    in_turn = Declarations(DeclarationMode.IN_TURN, [1, 2, 0])
    in_turn.declare(1, Side.LOW)
    assert in_turn.visible() == {1: Side.LOW}
    assert in_turn.why_illegal(0, Side.HIGH) == "it is seat 2's turn to declare"
    chips = Declarations(DeclarationMode.CHIPS, [1, 2])
    chips.declare(1, Side.HIGH)
    assert chips.visible() == {}
    chips.declare(2, Side.LOW)
    assert chips.visible() == {1: Side.HIGH, 2: Side.LOW}


def test_both_needs_more_than_five_cards() -> None:
    """Покер «Больше-меньше».

    "Заявить оба расклада можно в игре, где на руках у игрока больше пяти карт".
    """
    five = Declarations(DeclarationMode.IN_TURN, [0, 1], both_allowed=False)
    reason = five.why_illegal(0, Side.BOTH)
    assert reason == "both can be declared only with more than five cards to make two hands"


@pytest.mark.parametrize("amount", [1, 2, 3, 7, 100])
def test_splitting_never_loses_or_makes_a_chip(amount: int) -> None:
    """Если ничья, банк делится поровну: every chip of the pot is given to someone."""
    shares = award_high([Pot(amount, (0, 1, 2))], Tiny({0: 1, 1: 1, 2: 1}), [0, 1, 2])
    assert sum(share.amount for share in shares) == amount


def test_a_both_declarer_without_a_low_hand_is_void_and_gets_nothing() -> None:
    """Заявка: the both declarer «должен … иметь по меньшей мере ничью в обоих случаях».

    A hand with no low hand at all does not tie the low, so it is void.
    """
    hands = Tiny({0: 9, 1: 8, 2: 1}, {1: 1, 2: 3})
    said = {0: Side.BOTH, 1: Side.HIGH, 2: Side.LOW}
    shares = award_high_low([Pot(20, (0, 1, 2))], hands, [0, 1, 2], said)
    assert won(shares) == {1: 10, 2: 10}


def test_no_declaration_is_taken_when_cards_speak_or_when_all_have_declared() -> None:
    """Заявка, and «Больше-меньше» where cards speak: nobody declares at such a table."""
    speak = Declarations(DeclarationMode.CARDS_SPEAK, [0, 1])
    assert speak.why_illegal(0, Side.HIGH) == "cards speak at this table: nobody declares"
    done = Declarations(DeclarationMode.IN_TURN, [0, 1])
    done.declare(0, Side.LOW)
    done.declare(1, Side.HIGH)
    assert done.why_illegal(0, Side.HIGH) == "everyone has declared"


def test_a_category_the_seed_does_not_name_reaches_no_threshold() -> None:
    """002_053e85955f9a4108.txt, «Покерные расклады»: only the named hands have a rank."""
    assert not category_at_least("nothing", "high card")
    assert category_at_least("high card", "high card")


def test_each_share_names_the_half_it_was_won_with() -> None:
    """Покер «Больше-меньше»: «банк делят между собой самый старший и самый младший расклады».

    The table tells who won the high half and who the low; when all declared low (or all
    high), the best of them takes the whole pot as low (or high) (Заявка).
    """
    hands = Tiny({0: 9, 1: 1, 2: 5}, {0: 1, 1: 9, 2: None})
    assert award_high_low([Pot(11, (0, 1, 2))], hands, [0, 1, 2], None) == [
        Share(0, "high", 0, 6),
        Share(0, "low", 1, 5),
    ]
    two = Tiny({0: 9, 1: 1}, {0: 2, 1: 9})
    all_low = {0: Side.LOW, 1: Side.LOW}
    assert award_high_low([Pot(10, (0, 1))], two, [0, 1], all_low) == [Share(0, "low", 1, 10)]
    all_high = {0: Side.HIGH, 1: Side.HIGH}
    assert award_high_low([Pot(10, (0, 1))], two, [0, 1], all_high) == [Share(0, "high", 0, 10)]


def test_without_a_low_half_each_pot_goes_to_the_high_hand_and_says_so() -> None:
    """Настольные ставки, Примеры настольных ставок: the best hand takes each pot it is in.

    Each share names its pot, the half it is for (the high one, as there is no low half), the
    seat and the chips.
    """
    pots, _ = build_pots(seed_example().contributed, [False] * 3)
    shares = award_high(pots, Tiny({A: 1, B: 2, V: 3}), [A, B, V])
    assert {share.side for share in shares} == {"high"}
    assert [share.pot for share in shares] == list(range(len(pots)))


def test_one_seat_alone_makes_one_pot_of_his_chips_that_only_he_may_win() -> None:
    """002_053e85955f9a4108.txt, «Банк»: the pot is what was put in; a bet no one matched goes back.

    With a single seat there is no second total to match his bet to: his chips make the one
    pot, his alone, and nothing is returned (the table always has two seats; the function is
    whole at one).
    """
    assert build_pots([7], [False]) == ([Pot(7, (0,))], [0])
