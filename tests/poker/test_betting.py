"""The betting round: 002_053e85955f9a4108.txt, "Круги ставок" and what follows it."""

from __future__ import annotations

import pickle

import pytest

from cardtable.errors import IllegalAction
from cardtable.poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Freeze,
    NoStraddle,
    RaiseTo,
    Straddle,
    TableAction,
)
from cardtable.poker.betting import AnteKind, Betting, BettingRules, ForcedBets
from cardtable.poker.limits import Limits, LimitSystem

FIXED = Limits(minimum=1, maximum=5)
STAKES = Limits(system=LimitSystem.TABLE_STAKES, minimum=1)


def table(
    players: int = 3,
    *,
    stacks: list[int] | None = None,
    limits: Limits = FIXED,
    rules: BettingRules | None = None,
    first: int = 1,
    last: bool = False,
    **round_options: bool,
) -> Betting:
    betting = Betting(
        players,
        stacks or [100] * players,
        limits,
        rules or BettingRules(),
        dealer=0,
    )
    betting.start_round(0, first, last=last, **round_options)
    return betting


def play(betting: Betting, *moves: tuple[int, TableAction]) -> None:
    for seat, action in moves:
        betting.act(seat, action)


def refused_unchanged(betting: Betting, seat: int, action: TableAction) -> str:
    """Play an illegal action; check it is refused and changes nothing; return the reason."""
    before = pickle.dumps(betting)
    reason = betting.why_illegal(seat, action)
    assert reason is not None
    with pytest.raises(IllegalAction, match=reason.split(" ")[0]):
        betting.act(seat, action)
    assert pickle.dumps(betting) == before
    return reason


def test_round_ends_when_every_player_checks() -> None:
    """Круги ставок: "Если пропускают все игроки, прием ставок завершается" (end а))."""
    betting = table()
    play(betting, (1, Check()), (2, Check()))
    assert not betting.round_over
    play(betting, (0, Check()))
    assert betting.round_over
    assert betting.round is not None
    assert betting.round.all_checked


def test_round_ends_when_one_player_is_left() -> None:
    """Круги ставок, end б): only one player left, the others folded; he wins."""
    betting = table()
    play(betting, (1, Bet(3)), (2, Fold()), (0, Fold()))
    assert betting.round_over
    assert betting.one_left
    assert betting.in_hand == [1]


def test_round_ends_when_bets_are_equal_at_the_last_raiser() -> None:
    """Круги ставок, end в).

    bets equal and the turn back at the last raiser, who may not raise again.
    """
    betting = table()
    play(betting, (1, Bet(2)), (2, RaiseTo(5)), (0, Call()), (1, Call()))
    assert betting.round_over
    assert betting.contributed == [5, 5, 5]
    assert betting.round is not None
    assert not betting.round.all_checked


def test_a_player_who_checked_must_match_a_later_bet_to_stay() -> None:
    """Круги ставок.

    after a bet "все остальные игроки (включая пропустивших ход) должны теперь остаться,
    пасовать или поднять ставку".
    """
    betting = table()
    play(betting, (1, Check()), (2, Bet(4)))
    assert betting.to_act == 0
    play(betting, (0, Call()))
    assert betting.to_act == 1
    assert refused_unchanged(betting, 1, Check()) == "there is a bet of 4 to call"
    play(betting, (1, Call()))
    assert betting.round_over


def test_a_folding_player_loses_the_chips_he_has_put_in() -> None:
    """Принципы, а) «Пасовать».

    a player may fold at any time, "но все уже поставленные им фишки он проигрывает".
    """
    betting = table()
    play(betting, (1, Bet(3)), (2, RaiseTo(8)), (0, Fold()), (1, Fold()))
    assert betting.contributed == [0, 3, 8]
    assert betting.in_hand == [2]


def test_checking_may_be_forbidden_and_then_the_first_player_bets_or_folds() -> None:
    """О каких правилах следует договориться, д).

    whether checking is allowed; «Дробовик»: "Пропуск хода не разрешен".
    """
    betting = table(checking=False)
    reason = refused_unchanged(betting, 1, Check())
    assert reason == "checking is not allowed in this round: bet or fold"
    play(betting, (1, Bet(1)))


def test_in_lowball_a_player_who_checked_may_not_raise_later_in_the_round() -> None:
    """Лоуболл 4).

    "Пропуск хода разрешен, но пропустивший ход игрок больше не может в этой игре поднимать
    ставку".
    """
    betting = table(checker_may_raise=False)
    play(betting, (1, Check()), (2, Bet(2)), (0, Call()))
    reason = refused_unchanged(betting, 1, RaiseTo(4))
    assert reason == "a player who checked may not raise in this round"
    play(betting, (1, Call()))
    assert betting.round_over


def test_out_of_turn_action_is_refused() -> None:
    """Схема построения игры.

    "Ни один игрок не может ходить, пока не сходил ближайший к нему игрок справа".
    """
    betting = table()
    assert refused_unchanged(betting, 2, Bet(2)) == "it is seat 1's turn, not seat 2's"


def test_bets_below_the_minimum_or_above_the_limit_are_refused() -> None:
    """Установленные пределы: фиксированные: minimum and maximum agreed before the game."""
    betting = table(limits=Limits(minimum=2, maximum=5))
    assert refused_unchanged(betting, 1, Bet(1)) == "a bet or raise of 1 is below the minimum of 2"
    assert refused_unchanged(betting, 1, Bet(6)) == "a bet or raise of 6 is above the limit of 5"
    play(betting, (1, Bet(5)))
    assert refused_unchanged(betting, 2, RaiseTo(11)).endswith("6 is above the limit of 5")


def test_a_player_who_must_put_the_maximum_to_stay_may_still_raise_the_maximum() -> None:
    """Пределы ставок.

    "игрок, которого ... вынуждают поставить максимум, чтобы остаться в игре, может все
    равно при этом ходе поднять ставку на максимум".
    """
    betting = table()
    play(betting, (1, Bet(5)), (2, RaiseTo(10)))
    assert betting.contributed[2] == 10


def test_a_player_may_raise_at_most_three_times_in_a_round() -> None:
    """Ограничение на повышение ставок, а).

    "три (или иногда два) повышения одним игроком в одном круге ставок".
    """
    betting = table(2, rules=BettingRules(raises_per_player=3), first=1)
    play(betting, (1, Bet(1)))
    for total in range(2, 8):
        play(betting, ((total % 2), RaiseTo(total)))
    assert betting.round is not None
    assert betting.round.raises_by == [3, 3]
    reason = refused_unchanged(betting, 0, RaiseTo(9))
    assert reason == "you have made the 3 raises one player may make in a round"
    play(betting, (0, Call()))
    assert betting.round_over


def test_all_players_together_may_raise_at_most_the_agreed_number_in_a_round() -> None:
    """Ограничение на повышение ставок, б): a cap on the raises of all players in a round."""
    betting = table(rules=BettingRules(raises_per_player=0, raises_per_round=2))
    play(betting, (1, Bet(1)), (2, RaiseTo(2)), (0, RaiseTo(3)))
    assert refused_unchanged(betting, 1, RaiseTo(4)) == "this round has had the 2 raises allowed"


def test_freeze_after_two_raises_leaves_the_others_only_call_or_fold() -> None:
    """«Замораживание».

    after two or more raises a player who has not raised adds the agreed sum to his call;
    "После этого другие игроки должны либо пасовать, либо оставаться".
    """
    betting = table(4, rules=BettingRules(freeze_amount=15))
    play(betting, (1, Bet(1)))
    play(betting, (2, RaiseTo(2)))
    reason = refused_unchanged(betting, 3, Freeze())
    assert reason == "a freeze needs two or more raises in the round"
    play(betting, (3, RaiseTo(3)))
    play(betting, (0, Freeze()))
    assert betting.contributed[0] == 3 + 15
    reason = refused_unchanged(betting, 1, RaiseTo(20))
    assert reason == "the raising is frozen for this round: call or fold"
    play(betting, (1, Call()), (2, Fold()), (3, Call()))
    assert betting.round_over
    assert betting.contributed == [18, 18, 2, 18]


def test_a_player_who_raised_may_not_freeze() -> None:
    """«Замораживание».

    "любой игрок, который в этом круге не поднимал ставку, может «заморозить» повышение".
    """
    betting = table(3, rules=BettingRules(freeze_amount=10))
    play(betting, (1, Bet(1)), (2, RaiseTo(2)), (0, RaiseTo(3)), (1, Call()))
    reason = refused_unchanged(betting, 2, Freeze())
    assert reason == "only a player who has not raised in this round may freeze"


def test_freeze_holds_for_one_round_only() -> None:
    """«Замораживание»: "Этот прием «замораживает» поднятие ставок лишь на данный круг"."""
    betting = table(3, rules=BettingRules(freeze_amount=10))
    play(betting, (1, Bet(1)), (2, RaiseTo(2)), (0, RaiseTo(3)), (1, Freeze()))
    assert "froze" in refused_unchanged(betting, 2, RaiseTo(23))
    play(betting, (2, Call()), (0, Call()))
    betting.start_round(1, 1, last=True)
    assert betting.why_illegal(1, Bet(2)) is None
    play(betting, (1, Bet(2)))
    assert betting.why_illegal(2, RaiseTo(4)) is None


def test_blind_opening_with_dealer_ante_two_blinds_and_doubling_straddles() -> None:
    """Начало втемную.

    the dealer antes one chip, the next player bets one blind, the next raises to two blind;
    up to three voluntary blind bets each double the last; the dealer's ante does not count
    to stay; the raise before the draw is at most one chip.
    """
    forced = ForcedBets(ante_kind=AnteKind.DEALER, ante=1, blinds=(1, 2), straddles=3)
    limits = Limits(minimum=1, maximum=1, round_minimum=(1, 1), round_maximum=(1, 2))
    betting = Betting(5, [50] * 5, limits, BettingRules(), dealer=0)
    for seat in forced.ante_seats(5, 0):
        betting.post_ante(seat, forced.ante)
    betting.start_round(0, 3, last=False, straddles=forced.straddles)
    for seat, amount in forced.blind_seats(5, 0):
        betting.post_blind(seat, amount)
    assert betting.contributed == [0, 1, 2, 0, 0]
    assert betting.dead == 1
    assert refused_unchanged(betting, 3, Call()) == (
        "first say whether you straddle: straddle or no straddle"
    )
    play(betting, (3, Straddle()), (4, NoStraddle()))
    assert betting.owed(4) == 4
    assert refused_unchanged(betting, 4, RaiseTo(6)).endswith("2 is above the limit of 1")
    play(betting, (4, RaiseTo(5)), (0, Call()))
    assert betting.contributed[0] == 5
    assert betting.stacks[0] == 50 - 1 - 5


def test_antes_are_put_by_everyone_the_dealer_or_the_dealer_and_left_neighbours() -> None:
    """Предварительная ставка (всеми игроками).

    Начало втемную 1) (сдающий); Лоуболл 1) (сдающий и игрок слева от него, иногда также
    второй игрок слева).
    """
    assert ForcedBets(ante_kind=AnteKind.EVERYONE).ante_seats(4, 2) == [3, 0, 1, 2]
    assert ForcedBets(ante_kind=AnteKind.DEALER).ante_seats(4, 2) == [2]
    assert ForcedBets(ante_kind=AnteKind.DEALER_AND_LEFT, ante_left=2).ante_seats(4, 2) == [
        2,
        3,
        0,
    ]


def test_lowball_blinds_count_to_stay_and_cap_the_first_round() -> None:
    """Лоуболл 1)-2).

    the dealer and his left neighbour put the ante, which counts as a bet to stay; the
    player to their left must open or fold; the most is the ante.
    """
    forced = ForcedBets(ante_kind=AnteKind.NONE, blinds=(2, 2), blind_start=0)
    betting = Betting(4, [40] * 4, Limits(minimum=1, maximum=2), BettingRules(), dealer=0)
    betting.start_round(0, 2, last=False, checking=False)
    for seat, amount in forced.blind_seats(4, 0):
        betting.post_blind(seat, amount)
    assert refused_unchanged(betting, 2, Check()) == "there is a bet of 2 to call"
    assert refused_unchanged(betting, 2, RaiseTo(5)).endswith("3 is above the limit of 2")
    play(betting, (2, Call()), (3, Call()))
    assert betting.round_over


def test_bring_in_is_a_forced_opening_that_the_others_call_or_raise() -> None:
    """PokerKit docs (simulation, Bring-In).

    stud games open with a forced bring-in by the seat the variant names; the seed's stud
    opener "должен начать круг ставок или пасовать".
    """
    betting = table(3, first=2)
    betting.post_blind(1, 1)
    play(betting, (2, RaiseTo(3)), (0, Call()), (1, Call()))
    assert betting.round_over
    assert betting.contributed == [3, 3, 3]


def test_blind_option_lets_the_last_blind_raise_when_all_only_called() -> None:
    """Круги ставок, в).

    without the option the round ends at the last raiser (the blind); with it he may still
    raise (the modern blind option, ForcedBets.blind_option).
    """
    for option, over in ((False, True), (True, False)):
        betting = Betting(3, [50] * 3, FIXED, BettingRules(), dealer=0, blind_option=option)
        betting.start_round(0, 0, last=False)
        betting.post_blind(1, 1)
        betting.post_blind(2, 2)
        play(betting, (0, Call()), (1, Call()))
        assert betting.round_over is over


def test_table_stakes_player_goes_all_in_for_less() -> None:
    """Настольные ставки.

    "Если в процессе игры игрок израсходовал свою настольную сумму, он вправе оставаться в
    игре до вскрытия карт по основному банку".
    """
    betting = table(3, stacks=[100, 100, 30], limits=STAKES)
    play(betting, (1, Bet(40)), (2, Call()))
    assert betting.all_in[2]
    assert betting.contributed[2] == 30
    assert refused_unchanged(betting, 0, RaiseTo(120)) == "that needs 120 chips and you have 100"


def test_a_short_all_in_raise_does_not_reopen_the_raising() -> None:
    """PokerKit docs (simulation, min completion/betting/raising amount); WSOP rules.

    An all-in smaller than a full raise does not reopen the betting to players who already
    acted; BettingRules.short_all_in_reopens turns that off.
    """
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=10)
    betting = table(3, stacks=[200, 200, 45], limits=limits)
    play(betting, (1, Bet(40)), (2, AllIn()))
    reason = refused_unchanged(betting, 0, RaiseTo(201))
    assert reason == "that needs 201 chips and you have 200"
    play(betting, (0, RaiseTo(100)))
    play(betting, (1, Call()))
    assert betting.round_over
    again = table(3, stacks=[200, 200, 45], limits=limits)
    play(again, (1, Bet(40)), (2, AllIn()), (0, Call()))
    assert refused_unchanged(again, 1, RaiseTo(60)) == (
        "a short all-in did not reopen the raising to a player who has acted"
    )
    reopening = table(
        3, stacks=[200, 200, 45], limits=limits, rules=BettingRules(short_all_in_reopens=True)
    )
    play(reopening, (1, Bet(40)), (2, AllIn()), (0, Call()), (1, RaiseTo(60)))


def test_the_modern_minimum_raise_is_the_last_raise() -> None:
    """PokerKit docs (simulation).

    the minimum completion, bet or raise is the last one's size; Limits.raise_at_least_last
    (the seed knows only the agreed minimum).
    """
    limits = Limits(system=LimitSystem.UNLIMITED, minimum=2, raise_at_least_last=True)
    betting = table(limits=limits)
    play(betting, (1, Bet(10)))
    assert refused_unchanged(betting, 2, RaiseTo(15)).endswith("5 is below the minimum of 10")
    play(betting, (2, RaiseTo(20)))


def test_unlimited_play_has_no_maximum_and_borrows_instead_of_all_in() -> None:
    """Неограниченные ставки.

    "Игрок может делать или поднимать ставку на любую сумму. Если это возможно, он может
    занимать во время игры".
    """
    betting = table(2, stacks=[10, 10], limits=Limits(system=LimitSystem.UNLIMITED), first=0)
    play(betting, (0, Bet(500)), (1, Call()))
    assert betting.stacks == [-490, -490]
    assert refused_unchanged(betting, 0, AllIn()) if not betting.round_over else True


def test_legal_actions_are_all_accepted_and_offer_the_range_ends() -> None:
    """Круги ставок: fold, stay or raise; Пределы ставок: the ends of the agreed range."""
    betting = table()
    legal = betting.legal_actions()
    assert Bet(1) in legal
    assert Bet(5) in legal
    assert Check() in legal
    assert Fold() in legal
    assert Call() not in legal
    for action in legal:
        assert betting.why_illegal(1, action) is None


def test_a_freeze_is_the_deals_last_raise_and_counts_among_its_raises() -> None:
    """«Замораживание».

    The freezer adds the agreed sum to his call, a raise in all but name: the deal's raises
    count it (the house cut of "Плата за игру" counts raises) and he is the last to raise, so
    the others call him.
    """
    betting = table(4, rules=BettingRules(freeze_amount=15))
    play(betting, (1, Bet(1)), (2, RaiseTo(2)), (3, RaiseTo(3)))
    raises = betting.raises_in_deal
    play(betting, (0, Freeze()))
    assert betting.raises_in_deal == raises + 1
    assert betting.last_aggressor == 0


def test_a_straddle_at_table_stakes_needs_the_chips_for_double_the_last_blind() -> None:
    """Начало втемную; Настольные ставки.

    A straddle doubles the last blind bet; at table stakes a player bets only the chips before
    him, so with fewer than that he cannot straddle, with exactly that he can; where chips do
    not limit bets he may straddle on credit.
    """
    forced = ForcedBets(blinds=(1, 2), straddles=1)
    for limits, stack, reason in [
        (STAKES, 3, "a straddle of 4 needs more than your 3 chips"),
        (STAKES, 4, None),
        (FIXED, 3, None),
    ]:
        betting = Betting(4, [100, 100, 100, stack], limits, BettingRules(), dealer=0)
        betting.start_round(0, 3, last=False, straddles=forced.straddles)
        for seat, amount in forced.blind_seats(4, 0):
            betting.post_blind(seat, amount)
        assert betting.why_illegal(3, Straddle()) == reason


def test_a_straddler_has_not_acted_so_a_short_all_in_leaves_him_his_raise() -> None:
    """Начало втемную: "до трех добровольных ставок втемную — каждая вдвое больше предыдущей".

    A straddle is a bet made blind, before the straddler has seen the betting: like the blinds
    he has not yet acted, so when a short all-in does not reopen the raising to those who
    have acted, he may still raise when the betting comes back to him, and a caller may not.
    """
    forced = ForcedBets(blinds=(1, 2), straddles=1)
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=10)
    betting = Betting(4, [100, 6, 100, 100], limits, BettingRules(), dealer=0)
    betting.start_round(0, 3, last=False, straddles=forced.straddles)
    for seat, amount in forced.blind_seats(4, 0):
        betting.post_blind(seat, amount)
    play(betting, (3, Straddle()), (0, Call()), (1, AllIn()), (2, Call()))
    assert betting.contributed[1] == 6
    assert betting.why_illegal(3, RaiseTo(16)) is None
    play(betting, (3, Call()))
    assert refused_unchanged(betting, 0, RaiseTo(16)) == (
        "a short all-in did not reopen the raising to a player who has acted"
    )


def test_in_lowball_a_player_who_checked_may_not_freeze_and_elsewhere_he_may() -> None:
    """002_053e85955f9a4108.txt, «Замораживание» повышения ставок and Лоуболл 4).

    A freeze adds to the raising, so a player who checked in lowball ("больше не может в
    этой игре поднимать ставку") may not freeze either; where checking leaves the raising
    open, the same player may.
    """
    moves = ((1, Check()), (2, Bet(1)), (3, RaiseTo(2)), (0, RaiseTo(3)))
    lowball = table(4, rules=BettingRules(freeze_amount=10), checker_may_raise=False)
    play(lowball, *moves)
    reason = refused_unchanged(lowball, 1, Freeze())
    assert reason == "a player who checked may not raise in this round"
    open_raising = table(4, rules=BettingRules(freeze_amount=10))
    play(open_raising, *moves)
    assert open_raising.why_illegal(1, Freeze()) is None


def test_at_table_stakes_a_freeze_needs_the_chips_for_the_call_and_the_sum_agreed() -> None:
    """002_053e85955f9a4108.txt, «Замораживание» повышения ставок.

    The freeze is the call plus the agreed sum: at table stakes a player needs chips for
    both (exactly enough is enough) and is told the cost; under fixed limits he may owe it.
    """
    rules = BettingRules(freeze_amount=10)
    moves = ((1, Bet(1)), (2, RaiseTo(2)), (0, RaiseTo(3)))
    short = table(3, stacks=[100, 12, 100], limits=STAKES, rules=rules)
    play(short, *moves)
    assert refused_unchanged(short, 1, Freeze()) == "the freeze costs 12 chips and you have 11"
    exact = table(3, stacks=[100, 13, 100], limits=STAKES, rules=rules)
    play(exact, *moves)
    assert exact.why_illegal(1, Freeze()) is None
    credit = table(3, stacks=[100, 5, 100], rules=rules)
    play(credit, *moves)
    assert credit.why_illegal(1, Freeze()) is None


def test_at_table_stakes_a_single_chip_may_go_all_in_and_no_chips_may_not() -> None:
    """002_053e85955f9a4108.txt, Настольные ставки: a player bets the chips before him.

    Going all in puts in every chip left, even one; a player with none left has nothing to
    put in and is told so.
    """
    one_chip = table(3, stacks=[100, 1, 100], limits=STAKES)
    assert one_chip.why_illegal(1, AllIn()) is None
    no_chips = table(3, stacks=[100, 0, 100], limits=STAKES)
    assert refused_unchanged(no_chips, 1, AllIn()) == "you have no chips left"
