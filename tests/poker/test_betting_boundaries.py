"""The edges of each betting refusal: exactly enough is allowed, one chip less or more is not.

002_053e85955f9a4108.txt, "Принципы, по которым делаются ставки", "Пределы ставок" (every
system), "Настольные ставки", "«Замороженный вклад»", "Ограничение на повышение ставок",
"«Замораживание» повышения ставок", "Начало втемную"; the modern rules the options name
(PokerKit docs, simulation; WSOP rules). Each test plays a round of three or four seats (seat
0 deals) up to the point the rule speaks of, then tries the amount on the rule's edge and the
amount just past it.
"""

from __future__ import annotations

from cardtable.poker.actions import AllIn, Bet, Call, Check, Freeze, RaiseTo
from cardtable.poker.betting import AnteKind, Betting, BettingRules, ForcedBets
from cardtable.poker.limits import Limits, LimitSystem

from .test_betting import FIXED, STAKES, play, refused_unchanged, table

FREEZE_OUT = Limits(freeze_out=True, minimum=2, maximum=4)
"""«Замороженный вклад» under fixed limits: chips limit the bets and the limit caps them."""


def blinds(
    stacks: list[int], limits: Limits, amounts: tuple[int, ...] = (1, 2), **options: bool
) -> Betting:
    """Three seats, seat 0 to act after seats 1 and 2 post ``amounts`` blind."""
    betting = Betting(3, stacks, limits, BettingRules(), dealer=0)
    betting.start_round(0, 0, last=False, **options)
    for seat, amount in zip((1, 2), amounts, strict=False):
        betting.post_blind(seat, amount)
    return betting


# ----------------------------------------------------------------- raising


def test_a_raise_needs_a_bet_before_it_and_a_one_chip_blind_is_one() -> None:
    """Принципы: one player opens ("открывает ставки"), then each may raise the bet.

    Before anything is bet there is nothing to raise, and the player is told to bet instead;
    a blind of one chip is a bet (Начало втемную 3): the next blind "поднимает его ставку"),
    which the next player raises, and may not bet over as if nothing were in.
    """
    betting = table()
    assert refused_unchanged(betting, 1, RaiseTo(2)) == (
        "nothing has been bet yet: bet instead of raising"
    )
    blind = table()
    blind.post_blind(1, 1)
    assert blind.why_illegal(2, RaiseTo(2)) is None
    assert refused_unchanged(blind, 2, Bet(2)) == (
        "there is already a bet of 1; call, raise or fold"
    )


def test_a_raise_must_go_above_the_bet_and_one_chip_above_is_a_raise() -> None:
    """Принципы, в): a raise is the chips to stay "плюс какое-то дополнительное их число"."""
    betting = table()
    play(betting, (1, Bet(3)))
    reason = "a raise must go above the bet of 3"
    assert refused_unchanged(betting, 2, RaiseTo(3)) == reason
    assert refused_unchanged(betting, 2, RaiseTo(2)) == reason
    assert betting.why_illegal(2, RaiseTo(4)) is None


def test_a_raise_of_exactly_the_minimum_or_the_maximum_is_allowed_and_past_them_is_not() -> None:
    """Установленные пределы: фиксированные, а): any raise from the minimum to the maximum."""
    betting = table(limits=Limits(minimum=2, maximum=5))
    play(betting, (1, Bet(2)))
    assert betting.why_illegal(2, RaiseTo(4)) is None
    assert betting.why_illegal(2, RaiseTo(7)) is None
    assert refused_unchanged(betting, 2, RaiseTo(3)) == (
        "a bet or raise of 1 is below the minimum of 2"
    )
    assert refused_unchanged(betting, 2, RaiseTo(8)) == (
        "a bet or raise of 6 is above the limit of 5"
    )


def test_at_table_stakes_a_blind_raising_pays_the_total_less_his_blind() -> None:
    """Настольные ставки: the most a player bets is his table stake; Начало втемную: blinds count.

    The small blind (one chip in, nine left) may raise to ten, every chip he has, but not to
    eleven, which would cost ten; raising to ten he is all in with ten put in.
    """
    betting = blinds([100, 10, 100], STAKES)
    play(betting, (0, Call()))
    assert refused_unchanged(betting, 1, RaiseTo(11)) == "that needs 10 chips and you have 9"
    assert betting.why_illegal(1, RaiseTo(10)) is None
    play(betting, (1, RaiseTo(10)))
    assert betting.contributed[1] == 10
    assert betting.stacks[1] == 0
    assert betting.all_in[1]


def test_a_raise_of_every_chip_may_be_below_the_minimum_and_one_chip_fewer_may_not() -> None:
    """Настольные ставки: a player who has spent his stake stays in for the main pot.

    So a raise of all his chips is allowed even when it is below the agreed minimum, while the
    same short raise keeping one chip back is refused.
    """
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=10)
    betting = table(3, stacks=[100, 100, 45], limits=limits)
    play(betting, (1, Bet(40)))
    assert betting.why_illegal(2, RaiseTo(45)) is None
    assert refused_unchanged(betting, 2, RaiseTo(44)) == (
        "a bet or raise of 4 is below the minimum of 10"
    )


def test_a_bet_is_not_a_raise_and_each_raise_counts_once_in_the_round_and_the_deal() -> None:
    """Ограничение на повышение ставок, б): the raises of all players in one round are counted.

    The opening bet is not among them: with one raise allowed, the bet and one raise are
    played and the second raise is refused; the deal counts its raises too.
    """
    capped = table(rules=BettingRules(raises_per_player=0, raises_per_round=1))
    play(capped, (1, Bet(1)))
    assert capped.raises_in_deal == 0
    play(capped, (2, RaiseTo(2)))
    assert capped.raises_in_deal == 1
    assert refused_unchanged(capped, 0, RaiseTo(3)) == "this round has had the 1 raises allowed"
    free = table()
    play(free, (1, Bet(1)), (2, RaiseTo(2)), (0, RaiseTo(3)))
    assert free.raises_in_deal == 2
    assert free.round is not None
    assert free.round.raises_by == [1, 0, 1]
    assert free.last_aggressor == 0


def test_a_full_raise_lets_a_player_who_has_acted_raise_again() -> None:
    """Принципы, в): after a raise each player "должен либо остаться ..., либо вновь поднять".

    The opener, raised, may raise again in his turn.
    """
    betting = table()
    play(betting, (1, Bet(1)), (2, RaiseTo(2)), (0, Call()))
    assert betting.why_illegal(1, RaiseTo(3)) is None


# ----------------------------------------------------------------- short all-ins


def test_an_all_in_raise_of_exactly_the_minimum_reopens_and_one_chip_less_does_not() -> None:
    """PokerKit docs (simulation, min raising amount); WSOP rules; Ограничение на повышение.

    An all-in raise is a full raise when it adds at least the minimum: then the opener, who
    has acted, may raise again; an all-in one chip short of that leaves him only call or fold.
    """
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=10)
    full = table(3, stacks=[200, 200, 50], limits=limits)
    play(full, (1, Bet(40)), (2, AllIn()), (0, Call()))
    assert full.why_illegal(1, RaiseTo(60)) is None
    short = table(3, stacks=[200, 200, 49], limits=limits)
    play(short, (1, Bet(40)), (2, AllIn()), (0, Call()))
    assert refused_unchanged(short, 1, RaiseTo(60)) == (
        "a short all-in did not reopen the raising to a player who has acted"
    )
    assert refused_unchanged(short, 1, AllIn()) == (
        "a short all-in did not reopen the raising to a player who has acted"
    )


def test_a_short_all_in_opening_bet_opens_the_raising_even_to_a_player_who_checked() -> None:
    """Пас с последующим ходом: after a bet all, "включая пропустивших ход", may raise.

    An opening bet of every chip a player has, though below the minimum, is a bet like any
    other: the player who checked before it may raise.
    """
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=10)
    betting = table(3, stacks=[200, 200, 5], limits=limits)
    play(betting, (1, Check()), (2, AllIn()), (0, Call()))
    assert betting.contributed == [5, 0, 5]
    assert betting.why_illegal(1, RaiseTo(15)) is None


def test_under_the_modern_minimum_a_short_all_in_leaves_the_last_full_raise_to_match() -> None:
    """PokerKit docs (simulation, min raising amount); Limits.raise_at_least_last.

    A raise must be at least the last full bet or raise: a bet of 20 sets it at 20, an all-in
    that adds only 10 does not lower it, and a raise of 25 sets it at 25.
    """
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=10, raise_at_least_last=True)
    betting = table(3, stacks=[200, 200, 30], limits=limits)
    play(betting, (1, Bet(20)), (2, AllIn()))
    assert refused_unchanged(betting, 0, RaiseTo(49)) == (
        "a bet or raise of 19 is below the minimum of 20"
    )
    assert betting.why_illegal(0, RaiseTo(50)) is None
    raised = table(3, stacks=[200, 200, 200], limits=limits)
    play(raised, (1, Bet(10)), (2, RaiseTo(35)))
    assert refused_unchanged(raised, 0, RaiseTo(59)) == (
        "a bet or raise of 24 is below the minimum of 25"
    )
    assert raised.why_illegal(0, RaiseTo(60)) is None


def test_under_the_modern_minimum_a_one_chip_bet_may_be_raised_by_one_chip() -> None:
    """PokerKit docs (simulation, min raising amount): the minimum raise is the last bet's size."""
    limits = Limits(system=LimitSystem.UNLIMITED, minimum=1, raise_at_least_last=True)
    betting = table(limits=limits)
    play(betting, (1, Bet(1)))
    assert betting.why_illegal(2, RaiseTo(2)) is None


# ----------------------------------------------------------------- all-in


def test_where_chips_do_not_limit_bets_there_is_no_all_in() -> None:
    """Установленные пределы; Неограниченные ставки: a player short of chips borrows instead."""
    betting = table(limits=FIXED)
    assert refused_unchanged(betting, 1, AllIn()) == (
        "chips do not limit bets under these limits, so there is no all-in"
    )


def test_in_a_freeze_out_an_opening_all_in_is_a_bet_held_to_the_limit() -> None:
    """«Замороженный вклад» with Установленные пределы: фиксированные.

    Chips limit the bets and the limit still caps them: an opening all-in of ten is a bet above
    the limit of four; of exactly four it is allowed, and of one chip, below the minimum of
    two, it is allowed as every chip the player has.
    """
    over = table(3, stacks=[10, 10, 10], limits=FREEZE_OUT)
    assert refused_unchanged(over, 1, AllIn()) == "a bet or raise of 10 is above the limit of 4"
    assert table(3, stacks=[10, 4, 10], limits=FREEZE_OUT).why_illegal(1, AllIn()) is None
    assert table(3, stacks=[10, 1, 10], limits=FREEZE_OUT).why_illegal(1, AllIn()) is None


def test_in_a_freeze_out_an_all_in_raise_is_measured_above_the_bet_with_the_blind_counted() -> None:
    """«Замороженный вклад»; Пределы ставок: a raise is measured beyond what a player needs to stay.

    With blinds of one and two, seat 0's all-in of ten raises by eight, above the limit of
    four; over a single blind of one, his all-in of five raises by four and of six by five.
    The small blind has one chip in: all in with five more he raises by four, exactly
    the limit; with six more by five, above it; with two more by one, below the minimum of
    two but every chip he has.
    """
    opener = blinds([10, 10, 10], FREEZE_OUT)
    assert refused_unchanged(opener, 0, AllIn()) == "a bet or raise of 8 is above the limit of 4"
    assert blinds([5, 10, 10], FREEZE_OUT, (1,)).why_illegal(0, AllIn()) is None
    assert refused_unchanged(blinds([6, 10, 10], FREEZE_OUT, (1,)), 0, AllIn()) == (
        "a bet or raise of 5 is above the limit of 4"
    )
    for stack, reason in [
        (6, None),
        (7, "a bet or raise of 5 is above the limit of 4"),
        (3, None),
    ]:
        betting = blinds([10, stack, 10], FREEZE_OUT)
        play(betting, (0, Call()))
        assert betting.why_illegal(1, AllIn()) == reason


def test_an_all_in_that_only_calls_is_allowed_when_the_raising_is_frozen() -> None:
    """«Замораживание»: after a freeze the others "должны либо пасовать, либо оставаться".

    At table stakes a player whose every chip comes to exactly the frozen bet, or less, may go
    all in, which is staying; one chip more would be a raise, and the raising is frozen.
    """
    rules = BettingRules(freeze_amount=10)
    moves = ((1, Bet(1)), (2, RaiseTo(2)), (3, RaiseTo(3)), (0, Freeze()))
    for stack, reason in [
        (13, None),
        (6, None),
        (14, "the raising is frozen for this round: call or fold"),
    ]:
        betting = table(4, stacks=[100, stack, 100, 100], limits=STAKES, rules=rules)
        play(betting, *moves)
        assert betting.round is not None
        assert betting.round.high == 13
        assert betting.why_illegal(1, AllIn()) == reason


def test_an_all_in_over_a_short_all_in_is_refused_to_a_player_who_has_acted_unless_agreed() -> None:
    """BettingRules.short_all_in_reopens (PokerKit docs, simulation; WSOP rules).

    After a short all-in the opener, who has acted, may not go all in over it; where the
    table agreed that a short all-in reopens the raising, he may.
    """
    limits = Limits(system=LimitSystem.TABLE_STAKES, minimum=10)
    moves = ((1, Bet(40)), (2, AllIn()), (0, Call()))
    closed = table(3, stacks=[200, 200, 45], limits=limits)
    play(closed, *moves)
    assert refused_unchanged(closed, 1, AllIn()) == (
        "a short all-in did not reopen the raising to a player who has acted"
    )
    agreed = BettingRules(short_all_in_reopens=True)
    reopened = table(3, stacks=[200, 200, 45], limits=limits, rules=agreed)
    play(reopened, *moves)
    assert reopened.why_illegal(1, AllIn()) is None


# ----------------------------------------------------------------- blinds


def test_a_blind_posted_short_puts_every_chip_and_the_next_blind_is_the_bet() -> None:
    """Настольные ставки: a player bets only his stake, and stays in for the main pot.

    A one-chip stake posts a blind of two as one chip, all in; the next blind of two is the
    bet the others must call.
    """
    betting = Betting(3, [100, 1, 100], STAKES, BettingRules(), dealer=0)
    betting.start_round(0, 0, last=False)
    assert betting.post_blind(1, 2) == 1
    assert betting.all_in[1]
    assert betting.post_blind(2, 2) == 2
    assert betting.contributed == [0, 1, 2]
    assert betting.owed(0) == 2
    assert betting.last_aggressor == 2
    play(betting, (0, Call()))
    assert betting.round_over


def test_a_seat_that_posts_two_blinds_in_a_round_has_both_to_count_to_stay() -> None:
    """Начало втемную: blinds are live, "учитываются как «остаюсь в игре»".

    Two-handed with blinds of one, two and four the blinds go round the table and seat 1
    posts the first and the third: five chips count for him, so the dealer owes three.
    """
    forced = ForcedBets(blinds=(1, 2, 4))
    betting = Betting(2, [50, 50], FIXED, BettingRules(), dealer=0)
    betting.start_round(0, 0, last=False)
    for seat, amount in forced.blind_seats(2, 0):
        betting.post_blind(seat, amount)
    assert betting.contributed == [2, 5]
    assert betting.owed(0) == 3
    assert betting.owed(1) == 0


def test_the_called_player_is_the_first_to_post_the_highest_blind() -> None:
    """Ничья: the odd chip goes to "игроку, который первым сделал наивысшую ставку".

    Of blinds one and two the second is the bet; of two equal blinds the first; a blind posted
    short below the bet does not take it over.
    """
    assert blinds([50, 50, 50], FIXED, (1, 2)).last_aggressor == 2
    assert blinds([50, 50, 50], FIXED, (2, 2)).last_aggressor == 1
    short = blinds([50, 50, 1], STAKES, (2, 2))
    assert short.contributed == [0, 2, 1]
    assert short.last_aggressor == 1


def test_under_the_previous_bet_limit_a_raise_over_the_blinds_is_at_most_the_last_blind() -> None:
    """Предел последней ставки: the most is "сумма, помещенная в банк предыдущим игроком".

    After blinds of one and two the most a raise adds is two.
    """
    limits = Limits(system=LimitSystem.PREVIOUS_BET, minimum=1, maximum=5)
    betting = blinds([50, 50, 50], limits)
    assert betting.why_illegal(0, RaiseTo(4)) is None
    assert refused_unchanged(betting, 0, RaiseTo(5)) == (
        "a bet or raise of 3 is above the limit of 2"
    )


def test_under_the_previous_bet_limit_a_raise_over_a_bet_is_at_most_that_bet() -> None:
    """Предел последней ставки: only the opening bet is by the agreed limits (here five).

    After an opening bet of three the most a raise adds is three.
    """
    limits = Limits(system=LimitSystem.PREVIOUS_BET, minimum=1, maximum=5)
    betting = table(limits=limits)
    play(betting, (1, Bet(3)))
    assert betting.why_illegal(2, RaiseTo(6)) is None
    assert refused_unchanged(betting, 2, RaiseTo(7)) == (
        "a bet or raise of 4 is above the limit of 3"
    )


def test_under_the_pot_limit_the_blinds_have_opened_the_betting() -> None:
    """Банковский лимит: after the opening the most is the pot, the raiser's call counted in.

    The blinds are the opening: with one and two in and two to call, the most a raise adds is
    five, not the opening bet's limit of ten.
    """
    limits = Limits(system=LimitSystem.POT, minimum=1, maximum=10)
    betting = blinds([50, 50, 50], limits)
    assert betting.why_illegal(0, RaiseTo(7)) is None
    assert refused_unchanged(betting, 0, RaiseTo(8)) == (
        "a bet or raise of 6 is above the limit of 5"
    )


def test_under_the_modern_minimum_the_first_raise_is_at_least_the_big_blind() -> None:
    """PokerKit docs (simulation, min raising amount); Limits.raise_at_least_last.

    The last blind is the bet to match: over blinds of one and two a raise adds two at least,
    over blinds of two and five, five; a second blind of two posted short as one chip leaves
    the first blind's two to match.
    """
    limits = Limits(system=LimitSystem.UNLIMITED, minimum=1, raise_at_least_last=True)
    small = blinds([50, 50, 50], limits, (1, 2))
    assert refused_unchanged(small, 0, RaiseTo(3)) == (
        "a bet or raise of 1 is below the minimum of 2"
    )
    assert small.why_illegal(0, RaiseTo(4)) is None
    short = blinds(
        [50, 50, 1], Limits(system=LimitSystem.TABLE_STAKES, raise_at_least_last=True), (2, 2)
    )
    assert refused_unchanged(short, 0, RaiseTo(3)) == (
        "a bet or raise of 1 is below the minimum of 2"
    )
    assert short.why_illegal(0, RaiseTo(4)) is None
    large = blinds([50, 50, 50], limits, (2, 5))
    assert refused_unchanged(large, 0, RaiseTo(9)) == (
        "a bet or raise of 4 is below the minimum of 5"
    )
    assert large.why_illegal(0, RaiseTo(10)) is None


# ----------------------------------------------------------------- freezes


def test_a_freeze_needs_a_price_agreed_and_one_chip_is_a_price() -> None:
    """«Замораживание»: the freezer adds "заранее установленную сумму" to his call.

    Where no sum was agreed there is no freeze; a sum of a single chip is agreed.
    """
    moves = ((1, Bet(1)), (2, RaiseTo(2)), (3, RaiseTo(3)))
    none = table(4)
    play(none, *moves)
    assert refused_unchanged(none, 0, Freeze()) == "freezing was not agreed at this table"
    one = table(4, rules=BettingRules(freeze_amount=1))
    play(one, *moves)
    assert one.why_illegal(0, Freeze()) is None


def test_a_round_is_frozen_once() -> None:
    """«Замораживание»: after a freeze the others only call or fold, so none may freeze again."""
    betting = table(4, rules=BettingRules(freeze_amount=15))
    play(betting, (1, Bet(1)), (2, RaiseTo(2)), (3, RaiseTo(3)), (0, Freeze()))
    assert refused_unchanged(betting, 1, Freeze()) == "the raising is already frozen in this round"


# ----------------------------------------------------------------- antes


def test_the_big_blind_antes_for_the_table_and_an_ante_of_nothing_is_not_taken() -> None:
    """Предварительная ставка; AnteKind.BIG_BLIND (PHH ``antes``, the modern big-blind ante).

    The seat of the last blind antes: the second of two blinds, the single one, and when
    two-handed the dealer posts the first blind so the other seat is the last (at a full
    table the blinds sit left of the dealer as usual). An ante agreed
    as nothing is no ante; the dealer's left neighbours ante at most once each.
    """
    big = AnteKind.BIG_BLIND
    assert ForcedBets(ante_kind=big, blinds=(1, 2)).ante_seats(4, 0) == [2]
    assert ForcedBets(ante_kind=big, blinds=(1, 2)).ante_seats(4, 3) == [1]
    assert ForcedBets(ante_kind=big, blinds=(2,)).ante_seats(4, 0) == [1]
    heads_up = ForcedBets(ante_kind=big, blinds=(1, 2), button_blind_heads_up=True)
    assert heads_up.ante_seats(2, 0) == [1]
    assert heads_up.ante_seats(4, 0) == [2]
    assert heads_up.blind_seats(2, 0) == [(0, 1), (1, 2)]
    assert heads_up.blind_seats(4, 0) == [(1, 1), (2, 2)]
    assert ForcedBets(ante_kind=AnteKind.EVERYONE, ante=0).ante_seats(4, 2) == []
    around = ForcedBets(ante_kind=AnteKind.DEALER_AND_LEFT, ante_left=5)
    assert around.ante_seats(3, 1) == [1, 2, 0]


def test_in_raises_back_and_forth_each_player_puts_in_only_what_he_lacks() -> None:
    """Принципы, б)-в): to stay a player makes his bet equal to the highest bet.

    What he has already put in this round counts; a raise is that plus the chips added. Two
    players bet and raise each other up to seven: each has then put in seven, no more.
    """
    betting = table(2, first=1)
    play(betting, (1, Bet(1)))
    for total in range(2, 8):
        play(betting, (total % 2, RaiseTo(total)))
    play(betting, (0, Call()))
    assert betting.round_over
    assert betting.contributed == [7, 7]
