"""Properties of the settlement over random pulkas (issue 4, "Done means")."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.preferans.contracts import MISERE, Contract, Strain
from cardtable.preferans.deal_score import DealScore, Whist
from cardtable.preferans.scoring import CONVENTIONS, convention
from cardtable.preferans.settlement import settle, settle_by_average
from cardtable.preferans.sheet import Sheet


@st.composite
def pulkas(draw: st.DrawFn) -> Sheet:
    """A sheet with a random run of legal deal results written on it, then closed."""
    name = draw(st.sampled_from(CONVENTIONS))
    players = ["A", "B", "C", "D"][: draw(st.sampled_from([3, 4]))]
    rules = convention(name, {"rounding": "exact"})
    sheet = Sheet(players, rules)
    for number in range(draw(st.integers(0, 25))):
        if sheet.closed:
            break
        dealer = players[number % len(players)] if len(players) == 4 else None
        active = [p for p in players if p != dealer]
        if draw(st.integers(0, 4)) == 0:
            split = draw(st.lists(st.integers(0, 10), min_size=2, max_size=2).map(sorted))
            taken = [split[0], split[1] - split[0], 10 - split[1]]
            sheet.write(DealScore(allpass=dict(zip(active, taken, strict=True)), dealer=dealer))
            continue
        declarer = draw(st.sampled_from(active))
        defenders = [p for p in sheet.left_of(declarer) if p in active]
        if draw(st.integers(0, 6)) == 0:
            sheet.write(
                DealScore(
                    declarer=declarer,
                    contract=MISERE,
                    tricks=draw(st.integers(0, 10)),
                    dealer=dealer,
                )
            )
            continue
        level = draw(st.integers(6, 10))
        contract = Contract(level, draw(st.sampled_from(list(Strain))))
        # Rule 26: where a ten is not whisted it is checked, both defenders passing.
        no_whist = level == 10 and not rules.ten_whisted
        answers = [Whist.PASS] if no_whist else [Whist.WHIST, Whist.PASS]
        first, second = (draw(st.sampled_from(answers)) for _ in defenders)
        if first is Whist.PASS and rules.half_whist and level <= rules.half_whist_top:
            second = draw(st.sampled_from([*answers, Whist.HALF]))
        whist = dict(zip(defenders, (first, second), strict=True))
        if Whist.WHIST not in whist.values():
            # Rules 25 and 27: without a whister the game is written without play.
            sheet.write(DealScore(declarer=declarer, contract=contract, whist=whist, dealer=dealer))
            continue
        tricks = draw(st.integers(0, 10))
        mine = draw(st.integers(0, 10 - tricks))
        sheet.write(
            DealScore(
                declarer=declarer,
                contract=contract,
                tricks=tricks,
                whist=whist,
                defender_tricks=dict(zip(defenders, (mine, 10 - tricks - mine), strict=True)),
                dealer=dealer,
            )
        )
    sheet.close()
    return sheet


@settings(max_examples=80, deadline=None)
@given(pulkas())
def test_any_pulka_settles_to_balances_that_sum_to_zero(sheet: Sheet) -> None:
    """ПОДСЧЕТЫ И РАСЧЕТЫ: what one player wins another loses; the balances sum to zero."""
    assert sum(sheet.settlement().balance.values()) == 0


@settings(max_examples=80, deadline=None)
@given(pulkas(), st.data())
def test_the_balances_do_not_depend_on_how_the_mountains_are_levelled(
    sheet: Sheet, data: st.DataObject
) -> None:
    """ПОДСЧЕТЫ И РАСЧЕТЫ and docs/rules/preferans-scoring.md.

    levelling to any player's mountain, taking off any common amount in steps, or the average
    mountain all give the same balances.
    """
    totals = sheet.totals()
    mountains = {p: t.mountain for p, t in totals.items()}
    whists = {p: t.whists for p, t in totals.items()}
    per_point = sheet.rules.mountain_point_whists
    expected = sheet.settlement().balance
    for player in sheet.players:
        assert sheet.settlement(reference=player).balance == expected
    steps = data.draw(st.lists(st.integers(-500, 500), max_size=4))
    shifted = dict(mountains)
    for step in steps:
        shifted = {p: m - step for p, m in shifted.items()}
    levelled = settle(sheet.players, shifted, whists, mountain_point_whists=per_point).balance
    assert levelled == expected
    average = settle_by_average(sheet.players, mountains, whists, mountain_point_whists=per_point)
    assert average == expected


@settings(max_examples=40, deadline=None)
@given(pulkas())
def test_rounding_to_whole_whists_keeps_the_zero_sum_and_moves_each_less_than_one(
    sheet: Sheet,
) -> None:
    """docs/rules/preferans-scoring.md (Fractions): whole whists by largest remainders."""
    totals = sheet.totals()
    exact = sheet.settlement().balance
    whole = settle(
        sheet.players,
        {p: t.mountain for p, t in totals.items()},
        {p: t.whists for p, t in totals.items()},
        mountain_point_whists=sheet.rules.mountain_point_whists,
        rounding="whole",
    ).balance
    assert sum(whole.values()) == 0
    assert all(value.denominator == 1 for value in whole.values())
    assert all(abs(whole[p] - exact[p]) < 1 for p in sheet.players)
    assert all(isinstance(value, Fraction) for value in whole.values())


@settings(max_examples=40, deadline=None)
@given(pulkas())
def test_rounding_pair_by_pair_keeps_the_zero_sum_and_moves_each_pair_less_than_one(
    sheet: Sheet,
) -> None:
    """docs/rules/preferans-scoring.md (Fractions): 'pairs_up' rounds each pair for its winner."""
    totals = sheet.totals()
    exact = sheet.settlement()
    pairs = settle(
        sheet.players,
        {p: t.mountain for p, t in totals.items()},
        {p: t.whists for p, t in totals.items()},
        mountain_point_whists=sheet.rules.mountain_point_whists,
        rounding="pairs_up",
    )
    assert sum(pairs.balance.values()) == 0
    for p in sheet.players:
        for q, net in pairs.pairwise[p].items():
            assert net.denominator == 1
            assert abs(net) >= abs(exact.pairwise[p][q])
            assert abs(net - exact.pairwise[p][q]) < 1
