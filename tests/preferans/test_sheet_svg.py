"""The picture of the pulka (issue 4 item 5; 001 rule 38's legend; 003 4.2.1).

The picture is read back through its structure: each mark is a ``<g>`` whose ``class`` names
it and whose ``data-*`` attributes say whose it is (cardtable.preferans.svg).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import given, settings

from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.deal_score import DealScore, Phase, ScoreError, Whist
from cardtable.preferans.ledger import PlayerTotals
from cardtable.preferans.picture import Drawing, Line, Rect, Text, draw_pulka
from cardtable.preferans.scoring import convention
from cardtable.preferans.sheet import Sheet
from cardtable.preferans.svg import pulka_svg
from preferans.test_settlement_properties import pulkas

SVG = "{http://www.w3.org/2000/svg}"


def texts(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def marks(element: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in element.iter(f"{SVG}g") if g.get("class") == kind]


def trees(picture: str) -> dict[str, ET.Element]:
    """Each player's ёлочка, found inside his own sector."""
    found = {}
    for sector in marks(ET.fromstring(picture), "sector"):
        (tree,) = marks(sector, "yolochka")
        assert tree.get("data-player") == sector.get("data-player")
        found[sector.get("data-player") or ""] = tree
    return found


def tier_texts(tree: ET.Element) -> list[str]:
    return ["".join(t.text or "" for t in tier.iter(f"{SVG}text")) for tier in marks(tree, "tier")]


ALLPASSES = ({"A": 0, "B": 4, "C": 6}, {"A": 3, "B": 3, "C": 4})


def allpass_sheet(rules: str = "sochi") -> Sheet:
    sheet = Sheet(list("ABC"), convention(rules))
    sheet.write(
        DealScore(
            declarer="A", contract=parse_contract("6♠"), whist={"B": Whist.PASS, "C": Whist.PASS}
        )
    )
    for tricks in ALLPASSES:
        sheet.write(DealScore(allpass=tricks))
    return sheet


def test_each_player_has_a_sector_with_mountain_pool_and_whists_towards_each_opponent() -> None:
    """003 4.2.1: mountain, pool, and whists split by opponent; rule 38's legend ЗА, ЗС, ЗD."""
    sheet = Sheet(list("ABCD"), convention("sochi"))
    sheet.write(
        DealScore(
            declarer="A",
            contract=parse_contract("6♥"),
            tricks=5,
            whist={"B": Whist.WHIST, "C": Whist.PASS},
            dealer="D",
        )
    )
    shown = texts(pulka_svg(sheet))
    assert {"A", "B", "C", "D"} <= set(shown)
    assert "2" in shown  # A's mountain: a six down one at 2 a trick
    assert sum(label.startswith("на ") for label in shown) == 4 * 3
    # B's whists on A: 5 tricks at 2 and one trick's consolation, one figure for the deal.
    assert "12" in shown
    assert "10.12" not in shown


def test_a_thousand_on_the_mountain_is_drawn_as_a_sun_and_a_hundred_whists_as_a_wheel() -> None:
    """ПОДСЧЕТЫ И РАСЧЕТЫ: "солнышко" on the mountain is 1000, "колесо" in the whists is 100."""
    sheet = Sheet(list("ABC"))
    sheet.write_totals(
        {
            "A": PlayerTotals(Fraction(2100), Fraction(0), {"B": Fraction(230)}),
            "B": PlayerTotals(Fraction(0), Fraction(0), {}),
            "C": PlayerTotals(Fraction(999), Fraction(0), {"A": Fraction(99)}),
        }
    )
    picture = pulka_svg(sheet)
    assert picture.count("<title>1000</title>") == 2
    assert picture.count("<title>100</title>") == 2


@settings(max_examples=25, deadline=None)
@given(pulkas())
def test_any_pulka_draws_as_well_formed_svg(sheet: Sheet) -> None:
    """Issue 4 item 5: the picture is plain SVG text for any sheet."""
    root = ET.fromstring(pulka_svg(sheet))
    assert root.tag == f"{SVG}svg"
    assert set(sheet.players) <= set(texts(pulka_svg(sheet)))
    inside(draw_pulka(sheet))
    for tree in trees(pulka_svg(sheet)).values():
        assert min(len(sheet.allpasses), 10) <= len(marks(tree, "tier")) <= len(sheet.allpasses)


def test_each_all_pass_grows_one_tier_of_the_yolochka_in_every_players_whists() -> None:
    """001 rule 29: each writes "в своих подвалах по одной елочке"; rule 39: tricks on it."""
    sheet = allpass_sheet()
    drawn = trees(pulka_svg(sheet))
    assert set(drawn) == {"A", "B", "C"}
    for player, tree in drawn.items():
        tiers = marks(tree, "tier")
        assert [t.get("data-deal") for t in tiers] == ["2", "3"]
        assert tier_texts(tree) == [str(tricks[player]) for tricks in ALLPASSES]
        assert all(t.find(f"{SVG}title") is not None for t in tiers)


def test_a_pulka_without_all_pass_draws_no_yolochka() -> None:
    """001 rule 29: the ёлочка records all-passes only."""
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write(
        DealScore(
            declarer="A", contract=parse_contract("6♠"), whist={"B": Whist.PASS, "C": Whist.PASS}
        )
    )
    assert all(not list(tree) for tree in trees(pulka_svg(sheet)).values())


def test_a_zero_on_the_yolochka_is_ringed() -> None:
    """001 rule 40: "за каждый нуль на елочке" the pool is written off, so zeros stand out."""
    tree = trees(pulka_svg(allpass_sheet()))["A"]
    ringed = [len(list(tier.iter(f"{SVG}circle"))) for tier in marks(tree, "tier")]
    assert ringed == [1 if tricks["A"] == 0 else 0 for tricks in ALLPASSES]


def test_an_all_pass_later_in_the_progression_has_more_strokes() -> None:
    """The Code's 3.7 (option allpass_progression): a doubled all-pass has doubled strokes."""
    sochi = trees(pulka_svg(allpass_sheet("sochi")))["B"]
    strokes = [len(list(tier.iter(f"{SVG}line"))) for tier in marks(sochi, "tier")]
    assert strokes[1] == 2 * strokes[0]
    classic = trees(pulka_svg(allpass_sheet("classic-1992")))["B"]
    strokes = [len(list(tier.iter(f"{SVG}line"))) for tier in marks(classic, "tier")]
    assert strokes[1] == strokes[0]


def test_the_dealer_of_four_who_sat_out_an_all_pass_gets_a_dash_on_his_yolochka() -> None:
    """001 rule 29 with four: every ёлочка keeps a tier per all-pass, the dealer's a dash."""
    sheet = Sheet(list("ABCD"), convention("sochi"))
    sheet.write(DealScore(allpass={"A": 2, "B": 3, "C": 5}, dealer="D"))
    drawn = trees(pulka_svg(sheet))
    assert {p: tier_texts(t) for p, t in drawn.items()} == {
        "A": ["2"],
        "B": ["3"],
        "C": ["5"],
        "D": ["–"],
    }


def test_the_preliminary_all_passes_stand_on_the_same_yolochka() -> None:
    """001 rules 39–40: the preliminary all-pass's tricks are written on the ёлочка."""
    sheet = Sheet(list("ABC"), convention("classic-1992", {"preliminary_allpass": True}))
    sheet.write(DealScore(allpass={"A": 1, "B": 0, "C": 9}, phase=Phase.PRELIMINARY_ALLPASS))
    sheet.write(DealScore(allpass={"A": 5, "B": 4, "C": 1}))
    tree = trees(pulka_svg(sheet))["B"]
    assert tier_texts(tree) == ["0", "4"]
    titles = [tier.findtext(f"{SVG}title") or "" for tier in marks(tree, "tier")]
    assert "preliminary" in titles[0]
    assert "preliminary" not in titles[1]


def test_a_long_run_of_all_passes_shows_the_latest_tiers_inside_the_sheet() -> None:
    """Issue 4 item 5: the picture stays readable; 001 rule 41 calls the ёлочка "длинную"."""
    sheet = Sheet(list("ABC"), convention("sochi"))
    for k in range(40):
        sheet.write(DealScore(allpass={"A": k % 4, "B": 3, "C": 7 - k % 4}))
    inside(draw_pulka(sheet))
    tree = trees(pulka_svg(sheet))["A"]
    deals = [int(t.get("data-deal") or 0) for t in marks(tree, "tier")]
    assert deals[-1] == 40
    assert deals == list(range(deals[0], 41))
    assert len(deals) >= 10


def inside(drawing: Drawing) -> None:
    """Every stroke and text of the drawing lies on the paper."""
    size = drawing.size
    for shape in drawing.walk():
        if isinstance(shape, Line):
            points = [shape.start, shape.end]
        elif isinstance(shape, Rect):
            points = [shape.corner]
        elif isinstance(shape, Text):
            points = [shape.at]
        else:
            points = [shape.centre]
        for x, y in points:
            assert 0 <= x <= size
            assert 0 <= y <= size


def test_a_deal_written_with_a_coefficient_gets_a_bird_in_the_circle() -> None:
    """001 rule 38's legend: "Птичка (птица, бомба, елка)"; 003 4.1.2: bombs, birds multiply."""
    sheet = Sheet(list("ABC"), convention("sochi", {"coefficients": True}))
    six = DealScore(
        declarer="A", contract=parse_contract("6♠"), whist={"B": Whist.PASS, "C": Whist.PASS}
    )
    sheet.write(six)
    assert marks(ET.fromstring(pulka_svg(sheet)), "bird") == []
    sheet.write(DealScore(allpass={"A": 3, "B": 3, "C": 4}, coefficient=2))
    sheet.write(six)
    sheet.write(DealScore(declarer="B", contract=parse_contract("misère"), tricks=0, coefficient=3))
    birds = marks(ET.fromstring(pulka_svg(sheet)), "bird")
    assert [b.get("data-deal") for b in birds] == ["2", "4"]
    assert [b.findtext(f"{SVG}title") for b in birds] == ["deal 2: x2", "deal 4: x3"]


def test_an_all_pass_the_sheet_refuses_adds_no_tier() -> None:
    """001 rule 29: all-pass tricks add up to ten; a refused deal leaves the sheet as it was."""
    sheet = allpass_sheet()
    before = list(sheet.allpasses)
    with pytest.raises(ScoreError, match="deal 4"):
        sheet.write(DealScore(allpass={"A": 3, "B": 3, "C": 3}))
    assert sheet.allpasses == before
    assert [a.deal for a in before] == [2, 3]
    assert [dict(a.tricks) for a in before] == list(ALLPASSES)
