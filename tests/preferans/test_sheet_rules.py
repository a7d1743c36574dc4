"""The pulka's preliminary games, points over every pool, and totals kept on paper.

001_776ed664a35a376f.txt, preferans rules 38–40; 003_b655b01c110fd414.txt, 4.1.1 and 4.2.3.
Every entry becomes a sentence of the game's events (``str(entry)``), so its text is checked
as players read it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.deal_score import DealScore, GoodTalon, Phase, ScoreError, Whist
from cardtable.preferans.ledger import PlayerTotals
from cardtable.preferans.phrases import PHRASES
from cardtable.preferans.scoring import ScoringRules, convention
from cardtable.preferans.sheet import Sheet


def robber(declarer: str | None, contract: str | None, tricks: int, **extra: object) -> DealScore:
    return DealScore(
        declarer=declarer,
        contract=None if contract is None else parse_contract(contract),
        tricks=tricks,
        phase=Phase.ROBBER,
        **extra,  # type: ignore[arg-type]
    )


def sentences(sheet: Sheet, deal: DealScore) -> list[str]:
    return [str(entry) for entry in sheet.write(deal)]


def test_a_robber_misere_made_comes_off_the_mountain_and_one_lost_goes_on_it() -> None:
    """001_776ed664a35a376f.txt, preferans rule 38.

    Each player plays the six to the ten and the misère; "Результат игры пишется на горку":
    a misère made comes off the mountain, one with tricks goes on it at the remiz per trick.
    """
    sheet = Sheet(list("ABC"), ScoringRules(robber=True))
    assert sentences(sheet, robber("A", "misère", 0)) == [
        "deal 1: A mountain -50 (robber misère made)"
    ]
    assert sentences(sheet, robber("B", "misère", 2)) == [
        "deal 2: B mountain +100 (robber misère down 2)"
    ]
    assert sentences(sheet, robber("C", "9♠", 8)) == ["deal 3: C mountain +40 (robber 9♠ down 1)"]


def test_a_robber_result_without_declarer_or_contract_or_with_whists_is_refused() -> None:
    """001_776ed664a35a376f.txt, preferans rule 38: "Висты не фиксируются".

    A whist answer or defenders' tricks alone are refused, and so is a result that names no
    declarer or no contract; the refusal names the deal and the field.
    """
    sheet = Sheet(list("ABC"), ScoringRules(robber=True))
    refused = {
        "deal 1: field 'declarer': missing": robber(None, "6♠", 6),
        "deal 1: field 'contract': missing": robber("A", None, 6),
        "deal 1: field 'whist': the 'разбойник' is played without whists": robber(
            "A", "6♠", 6, whist={"B": Whist.PASS}
        ),
    }
    for message, deal in refused.items():
        with pytest.raises(ScoreError, match=f"^{message}$"):
            sheet.write(deal)
    with pytest.raises(ScoreError, match="without whists"):
        sheet.write(robber("A", "6♠", 6, defender_tricks={"B": 2}))
    assert sheet.entries == []


def test_the_dealer_of_four_does_not_play_the_robber() -> None:
    """001_776ed664a35a376f.txt, preferans rule 14.

    "Сдающий в розыгрыше не участвует (при игре вчетвером)".
    """
    sheet = Sheet(list("ABCD"), ScoringRules(robber=True))
    with pytest.raises(ScoreError, match=r"^deal 1: field 'dealer': the dealer of four does not"):
        sheet.write(robber("A", "6♠", 6, dealer="A"))


def test_with_four_players_a_deal_that_leaves_the_dealer_unknown_is_refused() -> None:
    """001_776ed664a35a376f.txt, preferans rule 14.

    The dealer of four sits out, so he is named when the result does not show who he was.
    """
    sheet = Sheet(list("ABCD"))
    deal = DealScore(declarer="A", contract=parse_contract("6♠"), tricks=6, whist={"B": Whist.PASS})
    with pytest.raises(
        ScoreError, match=r"^deal 1: field 'dealer': with four players name the dealer who sat out$"
    ):
        sheet.write(deal)


def test_a_preliminary_all_pass_says_who_took_no_trick_and_keeps_its_coefficient() -> None:
    """001_776ed664a35a376f.txt, preferans rules 39–40; 003_b655b01c110fd414.txt, 4.1.2.

    Tricks times ten go on the mountain and each zero writes ten off the pool; a doubled deal
    doubles both, and the ёлочка keeps the factor beside the tricks.
    """
    sheet = Sheet(list("ABC"), ScoringRules(preliminary_allpass=True, coefficients=True))
    deal = DealScore(
        allpass={"A": 0, "B": 3, "C": 7}, phase=Phase.PRELIMINARY_ALLPASS, coefficient=2
    )
    assert sentences(sheet, deal) == [
        "deal 1: A pool +20 (preliminary all-pass, no trick)",
        "deal 1: B mountain +60 (preliminary all-pass, 3)",
        "deal 1: C mountain +140 (preliminary all-pass, 7)",
    ]
    assert [(a.times, a.preliminary) for a in sheet.allpasses] == [(2, True)]


def test_points_over_every_pool_come_off_the_mountain_then_as_whists_on_all() -> None:
    """003_b655b01c110fd414.txt, 4.1.1 b) and 4.2.3.

    With every pool full a made game comes off its declarer's mountain; what the mountain
    cannot take is divided among all the players, the declarer among them, as whists. Even a
    single point is divided so, and the whists belong to the deal that made them.
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(1), Fraction(20), {}),
            "B": PlayerTotals(Fraction(0), Fraction(20), {}),
            "C": PlayerTotals(Fraction(0), Fraction(20), {}),
        }
    )
    deal = DealScore(
        declarer="A",
        contract=parse_contract("6♠"),
        tricks=6,
        whist={"B": Whist.PASS, "C": Whist.PASS},
    )
    expected = [
        "deal 1: A mountain -1 (points over the pool)",
        "deal 1: A whists on B +10/3 (1 points over)",
        "deal 1: A whists on C +10/3 (1 points over)",
    ]
    assert sentences(sheet, deal) == expected
    assert [str(entry) for entry in sheet.entries_of(1)] == expected


def test_totals_kept_on_paper_start_an_empty_sheet_and_name_every_player() -> None:
    """docs/scorer.md, totals kept on paper.

    Each refusal says what is wrong with the totals, and the totals are written as such.
    """
    zero = PlayerTotals(Fraction(0), Fraction(0), {})
    sheet = Sheet(list("ABC"))
    with pytest.raises(ScoreError, match=r"^field 'sheet': no totals for 'C'$"):
        sheet.write_totals({"A": zero, "B": zero})
    with pytest.raises(ScoreError, match=r"^field 'sheet': 'Z' is not a player$"):
        sheet.write_totals({"A": zero, "B": zero, "C": zero, "Z": zero})
    written = sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(4), Fraction(2), {"B": Fraction(6)}),
            "B": zero,
            "C": zero,
        }
    )
    assert [(e.column.value, e.reason) for e in written] == [
        ("mountain", "written total"),
        ("pool", "written total"),
        ("whists", "written total"),
    ]
    with pytest.raises(ScoreError, match=r"^field 'sheet': totals can only start an empty sheet$"):
        sheet.write_totals({"A": zero, "B": zero, "C": zero})


def test_a_void_deal_after_the_pulka_is_over_is_refused() -> None:
    """001_776ed664a35a376f.txt, preferans rule 12: a misdeal's redeal takes the next number.

    Once the pulka is closed there is no next deal to number.
    """
    sheet = Sheet(list("ABC"))
    sheet.skip()
    sheet.close()
    with pytest.raises(ScoreError, match=r"^deal 2: the pulka is over$"):
        sheet.skip()


def test_the_closing_carries_a_pool_one_short_and_writes_off_points_over_the_pool() -> None:
    """003_b655b01c110fd414.txt, 4.2.3 and 4.2.3.3.

    At the closing a pool short even by a single point goes to its owner's mountain, times
    two in Leningrad; there the points over a full pool come off the mountain, doubled. Each
    line says what it carries.
    """
    sheet = Sheet(list("ABC"), convention("leningrad"))
    sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(10), Fraction(25), {}),
            "B": PlayerTotals(Fraction(0), Fraction(19), {}),
            "C": PlayerTotals(Fraction(0), Fraction(20), {}),
        }
    )
    assert [str(entry) for entry in sheet.close()] == [
        "closing: A pool -5 (over the pool)",
        "closing: A mountain -10 (5 over the pool)",
        "closing: B pool +1 (pool carried to the mountain)",
        "closing: B mountain +2 (1 short of the pool)",
    ]


def test_where_points_never_stay_over_the_pool_the_closing_writes_nothing_for_them() -> None:
    """003_b655b01c110fd414.txt, 4.2.3: in Sochi points over a full pool are help when earned.

    The closing then only carries the pools still short; a pool written over its figure on
    paper is left as it is (``overplayed_factor`` 0: "0 when points never overflow the pool").
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(10), Fraction(25), {}),
            "B": PlayerTotals(Fraction(0), Fraction(19), {}),
            "C": PlayerTotals(Fraction(0), Fraction(20), {}),
        }
    )
    assert [str(entry) for entry in sheet.close()] == [
        "closing: B pool +1 (pool carried to the mountain)",
        "closing: B mountain +1 (1 short of the pool)",
    ]


def test_the_settlement_brings_the_reference_players_mountain_to_zero() -> None:
    """001_776ed664a35a376f.txt, preferans, "Подсчеты и расчеты".

    "С горки списывается одинаковая сумма очков, до нуля у одного из игроков": any player's
    mountain may be the one brought to zero (the balances are the same); the levelled
    mountains shown are those of the reference asked for, the smallest by default.
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(10), Fraction(20), {}),
            "B": PlayerTotals(Fraction(4), Fraction(20), {}),
            "C": PlayerTotals(Fraction(16), Fraction(20), {}),
        }
    )
    assert sheet.settlement().levelled == {"A": 6, "B": 0, "C": 12}
    assert sheet.settlement(reference="A").levelled == {"A": 0, "B": -6, "C": 6}
    assert sheet.settlement(reference="A").balance == sheet.settlement().balance


def test_a_result_the_convention_does_not_play_is_refused_naming_the_field() -> None:
    """001_776ed664a35a376f.txt, preferans rules 34–36, 38–40; 003_b655b01c110fd414.txt, 4.1.2.

    Revokes, the 'разбойник', the preliminary all-pass and coefficients: each refusal names
    the deal, the field and what the rules in force say; an all-pass names neither a
    declarer nor a contract, not even one of them.
    """
    six = parse_contract("6♠")
    passes = {"B": Whist.PASS, "C": Whist.PASS}
    allpass = {"A": 1, "B": 4, "C": 5}
    refused = [
        (
            ScoringRules(),
            DealScore(declarer="A", contract=six, tricks=6, whist=passes, coefficient=2),
            "field 'coefficient': this convention plays without coefficients",
        ),
        (
            ScoringRules(coefficients=True),
            DealScore(declarer="A", contract=six, tricks=6, whist=passes, coefficient=0),
            "field 'coefficient': 0 is not a multiplier",
        ),
        (
            ScoringRules(),
            DealScore(allpass=allpass, renonce={"A": 1}),
            "field 'renonce': rules 34–36 set penalties in a game on tricks only",
        ),
        (
            ScoringRules(),
            DealScore(allpass=allpass, phase=Phase.PRELIMINARY_ALLPASS),
            "field 'phase': this convention plays no preliminary all-pass",
        ),
        (
            ScoringRules(),
            DealScore(allpass=allpass, declarer="A"),
            "field 'allpass': an all-pass has no declarer or contract",
        ),
        (
            ScoringRules(),
            DealScore(allpass=allpass, contract=six),
            "field 'allpass': an all-pass has no declarer or contract",
        ),
        (
            ScoringRules(),
            DealScore(declarer="A", contract=six, tricks=6, phase=Phase.ROBBER),
            "field 'phase': this convention plays no 'разбойник'",
        ),
    ]
    for rules, deal, message in refused:
        sheet = Sheet(list("ABC"), rules)
        with pytest.raises(ScoreError) as refusal:
            sheet.write(deal)
        assert str(refusal.value) == f"deal 1: {message}"
        assert sheet.entries == []


def test_a_void_deal_between_two_deals_takes_the_next_number() -> None:
    """001_776ed664a35a376f.txt, preferans rule 12: a misdeal's redeal takes the next number.

    After the first deal is written a void one is deal 2, so the next result is deal 3.
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    passes = {"B": Whist.PASS, "C": Whist.PASS}
    six = parse_contract("6♠")
    sheet.write(DealScore(declarer="A", contract=six, tricks=6, whist=passes))
    sheet.skip()
    assert sentences(sheet, DealScore(declarer="A", contract=six, tricks=6, whist=passes)) == [
        "deal 3: A pool +2 (6♠, both passed)"
    ]


def test_a_result_that_contradicts_its_contract_is_refused_naming_the_field() -> None:
    """001_776ed664a35a376f.txt, preferans rules 25–27, 42–47 and 48 (the all-pass).

    No half-whist and no talon paid against a misère; only defenders take defenders' tricks,
    and two whisters give each one's; a game is written off the mountain only where the
    convention allows it, and only part of the points made; an all-pass names only players.
    Each refusal names the deal and the field, and the trick counts are checked per field.
    """
    six, misere = parse_contract("6♠"), parse_contract("misère")
    passes = {"B": Whist.PASS, "C": Whist.PASS}
    lone = {"B": Whist.WHIST, "C": Whist.PASS}
    refused = [
        (
            ScoringRules(),
            DealScore(declarer="A", contract=misere, tricks=0, whist={"B": Whist.HALF}),
            "field 'whist': there is no half-whist against a misère",
        ),
        (
            ScoringRules(),
            DealScore(declarer="A", contract=misere, tricks=0, talon=GoodTalon.ACE),
            "field 'talon': a misère is not paid for the talon",
        ),
        (
            ScoringRules(),
            DealScore(declarer="A", contract=six, tricks=5, whist=lone, defender_tricks={"Z": 2}),
            "field 'defender_tricks': 'Z' is not a defender",
        ),
        (
            ScoringRules(),
            DealScore(declarer="A", contract=six, tricks=5, whist=lone, defender_tricks={"B": -1}),
            "field 'defender_tricks': -1 is not a number of tricks from 0 to 10",
        ),
        (
            ScoringRules(),
            DealScore(declarer="A", contract=six, tricks=5, whist=dict.fromkeys("BC", Whist.WHIST)),
            "field 'defender_tricks': both whisted: give each defender's tricks",
        ),
        (
            ScoringRules(write_off_mountain=False),
            DealScore(declarer="A", contract=six, tricks=6, whist=passes, off_mountain=1),
            "field 'off_mountain': this convention writes made games in the pool",
        ),
        (
            ScoringRules(),
            DealScore(declarer="A", contract=six, tricks=6, whist=passes, off_mountain=30),
            "field 'off_mountain': 30 is not part of the 10 points made",
        ),
        (
            ScoringRules(),
            DealScore(allpass={"A": 1, "B": 4, "Z": 5}),
            "field 'allpass': 'Z' did not play this deal",
        ),
        (
            ScoringRules(),
            DealScore(allpass={"A": -1, "B": 4, "C": 5}),
            "field 'allpass': -1 is not a number of tricks from 0 to 10",
        ),
    ]
    for rules, deal, message in refused:
        sheet = Sheet(list("ABC"), rules)
        with pytest.raises(ScoreError) as refusal:
            sheet.write(deal)
        assert str(refusal.value) == f"deal 1: {message}"


def test_a_game_comes_off_the_mountain_up_to_all_of_it_in_the_deal_that_made_it() -> None:
    """001_776ed664a35a376f.txt, preferans rule 42: a made game may be written off the mountain.

    One point or the whole mountain may come off; the line belongs to the deal, and a misère
    made writes its fifty as "misère made".
    """
    sheet = Sheet(list("ABC"), ScoringRules())
    sheet.write_totals({p: PlayerTotals(Fraction(10), Fraction(0), {}) for p in "ABC"})
    passes = {"B": Whist.PASS, "C": Whist.PASS}
    six = parse_contract("6♠")
    assert sentences(
        sheet, DealScore(declarer="A", contract=six, tricks=6, whist=passes, off_mountain=1)
    ) == [
        "deal 1: A mountain -1 (6♠, both passed, off the mountain)",
        "deal 1: A pool +9 (6♠, both passed)",
    ]
    assert sentences(
        sheet,
        DealScore(
            declarer="B",
            contract=six,
            tricks=6,
            whist={"A": Whist.PASS, "C": Whist.PASS},
            off_mountain=10,
        ),
    ) == [
        "deal 2: B mountain -10 (6♠, both passed, off the mountain)",
    ]
    assert sentences(
        sheet, DealScore(declarer="C", contract=parse_contract("misère"), tricks=0)
    ) == [
        "deal 3: C pool +50 (misère made)",
    ]


def test_every_line_of_the_pulka_is_said_by_the_phrase_book_as_it_reads() -> None:
    """docs/architecture.md, ``Event``: ``PHRASES[key].format_map(values) == text``.

    Each figure of the sheet becomes a score event from ``Entry.said``: a deal's line or the
    closing's (totals kept on paper are written outside any deal), a column or whists on a
    partner, a sign on every amount (a half whist, whists divided in thirds and a figure off
    the mountain among them: 003_b655b01c110fd414.txt, 4.1.1 b), and the reason's own key.
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(1), Fraction(20), {"B": Fraction(1, 2)}),
            "B": PlayerTotals(Fraction(0), Fraction(20), {}),
            "C": PlayerTotals(Fraction(0), Fraction(20), {}),
        }
    )
    sheet.write(
        DealScore(
            declarer="A",
            contract=parse_contract("6♠"),
            tricks=6,
            whist={"B": Whist.PASS, "C": Whist.PASS},
        )
    )
    sheet.write(
        DealScore(
            declarer="A",
            contract=parse_contract("6♠"),
            tricks=5,
            whist={"B": Whist.WHIST, "C": Whist.PASS},
        )
    )
    lines = [str(entry) for entry in sheet.entries]
    for line in (
        "closing: A whists on B +1/2 (written total)",
        "deal 1: A mountain -1 (points over the pool)",
        "deal 1: A whists on B +10/3 (1 points over)",
        "deal 2: A mountain +2 (6♠ down 1)",
        "deal 2: B whists on A +10 (whist, 5 tricks)",
    ):
        assert line in lines
    for entry, line in zip(sheet.entries, lines, strict=True):
        key, values = entry.said()
        assert PHRASES[key].format_map(values) == line
        assert values["why"] == entry.why.key
        assert ("deal" in values, "on" in values) == (entry.deal is not None, entry.on is not None)
