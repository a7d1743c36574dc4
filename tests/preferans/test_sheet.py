"""Writing deals on the pulka (001 preferans rules 25–27, 38–48; 003 4.2)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import pytest

from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.deal_score import DealScore, GoodTalon, Phase, ScoreError, Whist
from cardtable.preferans.ledger import Column, Entry, PlayerTotals
from cardtable.preferans.scoring import ScoringRules, convention
from cardtable.preferans.sheet import Sheet

W, P, H = Whist.WHIST, Whist.PASS, Whist.HALF


def game(
    declarer: str,
    contract: str,
    tricks: int | None,
    whist: dict[str, Whist],
    **extra: object,
) -> DealScore:
    return DealScore(
        declarer=declarer,
        contract=parse_contract(contract),
        tricks=tricks,
        whist=whist,
        **extra,  # type: ignore[arg-type]
    )


def written(entries: Iterable[Entry]) -> set[str]:
    """Entries as players read them: 'A pool 10', 'B whists on A 3'."""
    return {
        f"{e.player} {e.column.value}{' on ' + e.on if e.on else ''} {e.amount}" for e in entries
    }


def classic(players: str = "ABC", **changes: object) -> Sheet:
    rules = ScoringRules(**changes)  # type: ignore[arg-type]
    return Sheet(list(players), rules)


def test_a_made_six_writes_ten_in_the_pool_and_one_whist_a_trick() -> None:
    """Rules 42 and 44: a six made writes 10; the whister 1 whist per trick on the declarer."""
    sheet = classic()
    entries = sheet.write(game("A", "6♠", 6, {"B": W, "C": W}, defender_tricks={"B": 3, "C": 1}))
    assert written(entries) == {
        "A pool 10",
        "B whists on A 3",
        "C whists on A 1",
    }


@pytest.mark.parametrize(
    ("contract", "pool", "whist"), [("7♣", 20, 2), ("8♦", 30, 3), ("9NT", 40, 4)]
)
def test_higher_games_write_twenty_thirty_forty_and_whists_two_three_four(
    contract: str, pool: int, whist: int
) -> None:
    """Rules 42 and 44: 7, 8, 9 write 20, 30, 40; whists 2, 3, 4 a trick."""
    sheet = classic()
    level = int(contract[0])
    sheet.write(game("A", contract, level, {"B": W, "C": P}))
    assert sheet.pool("A") == pool
    assert sheet.whists("B", "A") == whist * (10 - level)


def test_the_declarer_who_falls_short_writes_his_remiz_per_trick_on_the_mountain() -> None:
    """Rule 43.

    a seven down two writes 2 × 20 on the mountain; rule 14's consolation is written on him by
    every other player.
    """
    sheet = classic()
    entries = sheet.write(game("A", "7♥", 5, {"B": W, "C": P}))
    assert written(entries) == {
        "A mountain 40",
        "B whists on A 10",
        "B whists on A 4",
        "C whists on A 4",
    }


def test_a_misere_writes_fifty_or_fifty_a_trick_on_the_mountain() -> None:
    """Rules 42 and 43: a misère made writes 50; each trick taken writes 50 on the mountain."""
    sheet = classic()
    sheet.write(game("A", "misère", 0, {}))
    sheet.write(game("B", "мизер", 2, {}))
    assert sheet.pool("A") == 50
    assert sheet.mountain("B") == 100


def test_when_both_pass_the_declarer_writes_his_game_without_play() -> None:
    """Rule 25: if both pass, the declarer writes what he earned without play."""
    sheet = classic()
    entries = sheet.write(game("C", "8♠", None, {"A": P, "B": P}))
    assert written(entries) == {"C pool 30"}


def test_a_lone_whister_short_of_four_on_a_six_writes_five_a_trick() -> None:
    """Rules 45–46: against a six the whisters must take 4; each missing trick costs 5."""
    sheet = classic()
    sheet.write(game("A", "6♦", 8, {"B": W, "C": P}))
    assert sheet.mountain("B") == 2 * 5
    assert sheet.whists("B", "A") == 2


def test_the_second_whister_answers_for_the_single_trick_of_an_eight() -> None:
    """Rule 46.

    against an eight or nine, if both whist and no trick is taken, the second whister is fined.
    """
    sheet = classic()
    sheet.write(game("A", "8♠", 10, {"B": W, "C": W}, defender_tricks={"B": 0, "C": 0}))
    assert sheet.mountain("C") == 15
    assert sheet.mountain("B") == 0


@pytest.mark.parametrize(
    ("taken", "fined"),
    [((3, 0), (0, 1)), ((0, 3), (1, 0)), ((1, 1), (1, 1)), ((0, 0), (2, 2)), ((2, 2), (0, 0))],
)
def test_two_whisters_must_take_four_on_a_six_between_them(
    taken: tuple[int, int], fined: tuple[int, int]
) -> None:
    """001_776ed664a35a376f.txt, preferans rules 45–46: «4 взятки на двоих», 5 a missing trick.

    The pair answers for what the two together left short of four; the whister who took less
    than his half writes it. With 3 + 0 the pair is one short, so the second writes 5, not 10.
    """
    sheet = classic()
    defence = {"B": taken[0], "C": taken[1]}
    sheet.write(game("A", "6♠", 10 - sum(taken), {"B": W, "C": W}, defender_tricks=defence))
    assert [sheet.mountain("B"), sheet.mountain("C")] == [5 * fined[0], 5 * fined[1]]


def test_the_codes_whisters_each_answer_for_half_of_the_obligation() -> None:
    """003_b655b01c110fd414.txt 4.2.1 (the Code): each whister answers for his own half.

    Sochi keeps the Code's half-responsibility: with 3 + 0 on a six the second whister is two
    short of his half and writes the six's price, 2, twice.
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write(game("A", "6♠", 7, {"B": W, "C": W}, defender_tricks={"B": 3, "C": 0}))
    assert [sheet.mountain("B"), sheet.mountain("C")] == [0, 2 * 2]


def test_the_passers_tricks_belong_to_the_whister() -> None:
    """Rule 44: tricks taken by the defender who passed belong to the whister."""
    sheet = classic()
    sheet.write(game("A", "6♥", 6, {"B": P, "C": W}, defender_tricks={"B": 3, "C": 1}))
    assert sheet.whists("C", "A") == 4
    assert sheet.whists("B", "A") == 0


def test_where_the_passer_keeps_his_tricks_a_whister_given_no_split_has_all_of_them() -> None:
    """001 preferans rule 44, made an option (passer_tricks_to_whister off).

    With the passer keeping his own tricks, a result that does not say how the defenders split
    theirs still counts them all to the lone whister: nobody wrote the passer any.
    """
    sheet = classic(passer_tricks_to_whister=False)
    sheet.write(game("A", "6♥", 6, {"B": P, "C": W}))
    assert sheet.whists("C", "A") == 4
    assert sheet.whists("B", "A") == 0


def test_where_the_passer_keeps_his_tricks_a_whister_who_took_none_writes_none() -> None:
    """001 preferans rule 44, made an option (passer_tricks_to_whister off).

    All four of the defenders' tricks taken by the passer stay his: the whister writes no whist.
    """
    sheet = classic(passer_tricks_to_whister=False)
    sheet.write(game("A", "6♥", 6, {"B": P, "C": W}, defender_tricks={"B": 4}))
    assert sheet.whists("C", "A") == 0
    assert sheet.whists("B", "A") == 0


def test_a_half_whist_writes_two_tricks_on_a_six_without_play() -> None:
    """Rule 27: a lone whister may write whists as for two tricks on a six, one on a seven."""
    sheet = classic()
    entries = sheet.write(game("A", "7♠", None, {"B": P, "C": H}))
    assert written(entries) == {"A pool 20", "C whists on A 2"}
    with pytest.raises(ScoreError, match=r"deal 2: field 'whist': no half-whist against a 8"):
        sheet.write(game("A", "8♠", None, {"B": P, "C": H}))


def test_the_dealer_writes_whists_for_a_good_talon() -> None:
    """Rule 47: an ace or a marriage in the talon is one trick's whists, two aces three."""
    sheet = classic("ABCD")
    sheet.write(game("A", "7♦", 7, {"B": P, "C": P}, dealer="D", talon=GoodTalon.MARRIAGE))
    sheet.write(game("B", "6♦", 6, {"C": P, "D": P}, dealer="A", talon=GoodTalon.TWO_ACES))
    assert sheet.whists("D", "A") == 2
    assert sheet.whists("A", "B") == 3


def test_the_unnamed_dealer_of_four_is_the_one_neither_declaring_nor_answering() -> None:
    """001_776ed664a35a376f.txt, preferans rules 14 and 47: the dealer of four sits out.

    A result that does not name him still says who he is: of four, the one who neither
    declared nor answered the whist; he is paid the good talon.
    """
    sheet = classic("ABCD")
    sheet.write(game("A", "7♦", 7, {"B": P, "C": P}, talon=GoodTalon.MARRIAGE))
    assert sheet.whists("D", "A") == 2
    assert sheet.whists("B", "A") == sheet.whists("C", "A") == 0


def test_the_good_talon_is_paid_at_the_conventions_price() -> None:
    """Rule 47's one and three tricks are options of the convention, read by the sheet."""
    sheet = classic("ABCD", good_talon_tricks=2, good_talon_two_aces_tricks=4)
    sheet.write(game("A", "7♦", 7, {"B": P, "C": P}, dealer="D", talon=GoodTalon.ACE))
    sheet.write(game("B", "6♦", 6, {"C": P, "D": P}, dealer="A", talon=GoodTalon.TWO_ACES))
    assert sheet.whists("D", "A") == 2 * 2
    assert sheet.whists("A", "B") == 4


def test_the_dealer_of_four_writes_consolation_too() -> None:
    """Rule 14: the dealer sits out but receives consolations for each remiz."""
    sheet = classic("ABCD")
    sheet.write(game("B", "6♣", 5, {"C": W, "D": P}, dealer="A"))
    assert sheet.whists("A", "B") == 1
    assert sheet.whists("D", "B") == 1


def test_the_dealer_of_four_writes_consolation_on_a_failed_misere() -> None:
    """001_776ed664a35a376f.txt, preferans rule 14: the dealer «получает консоляции».

    He is paid «за каждый штраф (ремиз) взявшим прикуп». A misère is priced as a ten (rules
    42–43: «при 10 и мизере — 50»), so its consolation is a ten's, 5 whists a trick taken; the
    defenders, who catch a misère, write no whists on it.
    """
    sheet = classic("ABCD")
    entries = sheet.write(game("B", "misère", 2, {}, dealer="A"))
    assert written(entries) == {"B mountain 100", "A whists on B 10"}
    assert sheet.whists("C", "B") == sheet.whists("D", "B") == 0


def test_the_codes_failed_misere_writes_only_the_mountain() -> None:
    """003_b655b01c110fd414.txt 4.2.1 (the Code): a failed misère pays on the mountain alone."""
    sheet = Sheet(list("ABCD"), convention("sochi"))
    entries = sheet.write(game("B", "misère", 2, {}, dealer="A"))
    assert written(entries) == {"B mountain 20"}


@pytest.mark.parametrize("price", [5, 10])
def test_all_pass_tricks_go_on_the_takers_mountain_at_five_or_ten(price: int) -> None:
    """Rule 48: on an all-pass each trick writes 5 or 10, as agreed, on its taker's mountain."""
    sheet = classic(allpass_per_trick=price)
    sheet.write(DealScore(allpass={"A": 0, "B": 4, "C": 6}))
    assert [sheet.mountain(p) for p in "ABC"] == [0, 4 * price, 6 * price]


def test_the_robber_writes_only_on_the_mountain() -> None:
    """Rule 38: the 'разбойник' result goes on the mountain; whists are not written."""
    sheet = classic(robber=True)
    sheet.write(game("A", "9♠", 8, {}, phase=Phase.ROBBER))
    sheet.write(game("B", "6♠", 6, {}, phase=Phase.ROBBER))
    assert sheet.mountain("A") == 40
    assert sheet.mountain("B") == -10
    assert all(sheet.whists(p, q) == 0 for p in "ABC" for q in "ABC" if p != q)


def test_a_preliminary_all_pass_writes_tricks_times_ten_and_ten_off_the_pool_per_zero() -> None:
    """Rules 39–40: tricks × 10 on the mountain; each zero writes 10 off the pool."""
    sheet = classic(preliminary_allpass=True)
    sheet.write(DealScore(allpass={"A": 0, "B": 3, "C": 7}, phase=Phase.PRELIMINARY_ALLPASS))
    assert sheet.mountain("B") == 30
    assert sheet.mountain("C") == 70
    assert sheet.pool("A") == 10


def test_the_preliminary_all_pass_prices_are_the_conventions() -> None:
    """Rules 39–40's ten a trick and ten a zero are options of the convention."""
    sheet = classic(
        preliminary_allpass=True,
        preliminary_allpass_per_trick=5,
        preliminary_allpass_clean_points=7,
    )
    sheet.write(DealScore(allpass={"A": 0, "B": 3, "C": 7}, phase=Phase.PRELIMINARY_ALLPASS))
    assert [sheet.mountain("B"), sheet.mountain("C"), sheet.pool("A")] == [15, 35, 7]


def test_a_made_game_may_come_off_the_mountain_instead() -> None:
    """Rule 42: the declarer writes off his mountain and pool, or only one of them."""
    sheet = classic()
    sheet.write(DealScore(allpass={"A": 3, "B": 3, "C": 4}))
    sheet.write(game("A", "7♠", 7, {"B": P, "C": P}, off_mountain=20))
    assert sheet.mountain("A") == 10
    assert sheet.pool("A") == 0
    with pytest.raises(ScoreError, match=r"deal 3: field 'off_mountain'"):
        sheet.write(game("A", "7♠", 7, {"B": P, "C": P}, off_mountain=20))


def test_every_entry_knows_the_deal_that_made_it() -> None:
    """003 4.2.1: the result of each game is entered on the sheet; an audit reads it back."""
    sheet = classic()
    sheet.write(game("A", "6♠", 6, {"B": W, "C": P}))
    sheet.write(DealScore(allpass={"A": 2, "B": 4, "C": 4}))
    assert {e.deal for e in sheet.entries} == {1, 2}
    assert written(sheet.entries_of(2)) == {
        "A mountain 20",
        "B mountain 40",
        "C mountain 40",
    }


def test_a_bad_deal_is_refused_naming_the_deal_and_field_and_changes_nothing() -> None:
    """A result the rules cannot produce is refused, not corrected (docs/scorer.md)."""
    sheet = classic()
    sheet.write(game("A", "6♠", 6, {"B": W, "C": P}))
    before = list(sheet.entries)
    with pytest.raises(ScoreError, match=r"^deal 2: field 'defender_tricks': "):
        sheet.write(game("A", "6♠", 6, {"B": W, "C": W}, defender_tricks={"B": 1, "C": 1}))
    with pytest.raises(ScoreError, match=r"^deal 2: field 'allpass': the tricks add up to 9"):
        sheet.write(DealScore(allpass={"A": 3, "B": 3, "C": 3}))
    with pytest.raises(ScoreError, match=r"^deal 2: field 'declarer': 'Z' is not a player"):
        sheet.write(game("Z", "6♠", 6, {}))
    assert sheet.entries == before
    assert sheet.deals == 1


# ----- help, closing and stopping early (003 4.2.3) -----------------------------------------


def sochi_with_pools(pools: dict[str, int], players: str = "ABC") -> Sheet:
    sheet = Sheet(list(players), convention("sochi"))
    sheet.write_totals({p: PlayerTotals(Fraction(0), Fraction(v), {}) for p, v in pools.items()})
    return sheet


def test_a_full_pool_helps_the_opponent_with_the_larger_pool_at_ten_whists_a_point() -> None:
    """003 4.2.3.

    once his pool is full a player helps the opponent whose pool is larger, writing ten whists on
    him per point.
    """
    sheet = sochi_with_pools({"A": 18, "B": 14, "C": 10})
    entries = sheet.write(game("A", "7♠", 7, {"B": P, "C": P}))
    assert written(entries) == {
        "A pool 2",
        "B pool 2",
        "A whists on B 20",
    }


def test_a_single_point_over_a_full_pool_is_help_and_each_line_says_so() -> None:
    """003 4.2.3: every point past the full pool helps, the last single one too.

    Sochi's six writes 2: one fills the declarer's pool, the other goes to the larger open
    pool at ten whists, and each line names the help.
    """
    sheet = sochi_with_pools({"A": 19, "B": 14, "C": 10})
    entries = sheet.write(game("A", "6♠", 6, {"B": P, "C": P}))
    assert [str(entry) for entry in entries] == [
        "deal 1: A pool +1 (6♠, both passed)",
        "deal 1: B pool +1 (help from A)",
        "deal 1: A whists on B +10 (help, 1 points)",
    ]


def test_a_gentlemans_whist_line_says_the_tricks_shared() -> None:
    """docs/rules/preferans-scoring.md, the gentleman's whist: on a remiz the two halve them.

    Leningrad's six two down: the whister's six tricks (the passer's counted to him) write 12
    whists each for whister and passer, beside their consolations.
    """
    sheet = Sheet(list("ABC"), convention("leningrad"))
    entries = sheet.write(game("A", "6♠", 4, {"B": W, "C": P}))
    assert [str(entry) for entry in entries] == [
        "deal 1: A mountain +8 (6♠ down 2)",
        "deal 1: B whists on A +12 (gentleman's whist, 6 tricks shared)",
        "deal 1: C whists on A +12 (gentleman's whist, 6 tricks shared)",
        "deal 1: B whists on A +8 (consolation, 2 down)",
        "deal 1: C whists on A +8 (consolation, 2 down)",
    ]


def test_without_help_a_single_point_over_the_full_pool_comes_off_the_mountain() -> None:
    """003 4.1.1 and 4.2.3, help made an option (help off).

    With no help, Sochi's six two points short of nothing: one fills the declarer's pool, the
    last single one comes off his mountain, and nobody else's pool or whists change.
    """
    sheet = Sheet(list("ABC"), convention("sochi", {"help": False}))
    sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(5), Fraction(19), {}),
            "B": PlayerTotals(Fraction(0), Fraction(14), {}),
            "C": PlayerTotals(Fraction(0), Fraction(10), {}),
        }
    )
    entries = sheet.write(game("A", "6♠", 6, {"B": P, "C": P}))
    assert written(entries) == {"A pool 1", "A mountain -1"}
    assert [sheet.pool("A"), sheet.mountain("A"), sheet.pool("B")] == [20, 4, 14]


def test_help_overflows_to_the_next_pool_when_the_first_is_full() -> None:
    """003 4.2.3: help goes on while points remain, to the next larger pool."""
    sheet = sochi_with_pools({"A": 20, "B": 19, "C": 10})
    sheet.write(game("A", "8♠", 8, {"B": P, "C": P}))
    assert [sheet.pool("B"), sheet.pool("C")] == [20, 15]
    assert [sheet.whists("A", "B"), sheet.whists("A", "C")] == [10, 50]


def test_on_equal_pools_help_goes_to_the_opponent_on_the_left() -> None:
    """003 4.2.3: if two opponents' pools are equal, the one sitting on the left is helped."""
    sheet = sochi_with_pools({"A": 10, "B": 20, "C": 10})
    sheet.write(game("B", "6♠", 6, {"A": P, "C": P}))
    assert sheet.pool("C") == 12
    sheet2 = sochi_with_pools({"A": 10, "B": 10, "C": 20})
    sheet2.write(game("C", "6♠", 6, {"A": P, "B": P}))
    assert sheet2.pool("A") == 12


def test_help_goes_to_a_player_who_whisted_and_went_down() -> None:
    """003 4.2.3.1: it does not matter that the player helped whisted and was fined."""
    sheet = sochi_with_pools({"A": 20, "B": 16, "C": 12})
    sheet.write(game("A", "6♠", 9, {"B": W, "C": P}))
    assert sheet.mountain("B") > 0
    assert sheet.pool("B") == 18


def test_sochi_pulka_is_over_when_every_pool_is_full() -> None:
    """003 4.2.3: as soon as every player's pool reaches the agreed figure the game is over."""
    sheet = sochi_with_pools({"A": 20, "B": 20, "C": 18})
    assert not sheet.closed
    sheet.write(game("C", "6♠", 6, {"A": P, "B": P}))
    assert sheet.closed


def test_stopping_early_writes_what_is_missing_on_the_mountain() -> None:
    """003 4.2.3: stopping by agreement, each writes on his mountain what his pool lacks."""
    sheet = sochi_with_pools({"A": 20, "B": 12, "C": 5})
    sheet.close()
    assert [sheet.mountain(p) for p in "ABC"] == [0, 8, 15]
    with pytest.raises(ScoreError, match="the pulka is over"):
        sheet.write(game("A", "6♠", 6, {"B": P, "C": P}))


def test_leningrad_has_no_help_and_doubles_over_and_under_played_points() -> None:
    """003 4.2.3.3.

    in Leningrad there is no help; points over the pool come off the mountain doubled and points
    short go on it doubled.
    """
    sheet = Sheet(list("ABC"), convention("leningrad"))
    sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(10), Fraction(18), {}),
            "B": PlayerTotals(Fraction(10), Fraction(10), {}),
            "C": PlayerTotals(Fraction(10), Fraction(20), {}),
        }
    )
    entries = sheet.write(game("A", "8♠", 8, {"B": P, "C": P}))
    assert written(entries) == {"A pool 6"}
    sheet.close()
    assert [sheet.mountain(p) for p in "ABC"] == [10 - 2 * 4, 10 + 2 * 10, 10]


def test_leningrad_whists_are_double_sochis() -> None:
    """003 4.2.3.3 and the Code's conventions: Leningrad doubles the whists per trick."""
    sochi = Sheet(list("ABC"), convention("sochi"))
    leningrad = Sheet(list("ABC"), convention("leningrad"))
    for sheet in (sochi, leningrad):
        sheet.write(game("A", "6♠", 6, {"B": W, "C": P}))
    assert leningrad.whists("B", "A") == 2 * sochi.whists("B", "A") == 2 * 2 * 4


def test_the_column_of_each_entry_is_one_of_the_three() -> None:
    """003 4.2.1: the sheet has three columns: mountain, pool, whists."""
    sheet = classic()
    sheet.write(game("A", "6♠", 5, {"B": W, "C": W}, defender_tricks={"B": 2, "C": 3}))
    assert {e.column for e in sheet.entries} == {Column.MOUNTAIN, Column.WHISTS}


def test_written_totals_with_a_stranger_are_refused_whole() -> None:
    """docs/scorer.md, totals kept on paper: a wrong name is refused and nothing is written."""
    sheet = classic()
    with pytest.raises(ScoreError, match=r"field 'sheet.B.whists': 'Z' is not a partner"):
        sheet.write_totals(
            {
                "A": PlayerTotals(Fraction(1), Fraction(2), {"B": Fraction(3)}),
                "B": PlayerTotals(Fraction(1), Fraction(2), {"Z": Fraction(3)}),
                "C": PlayerTotals(Fraction(1), Fraction(2), {}),
            }
        )
    assert sheet.entries == []
    assert sheet.mountain("A") == 0
