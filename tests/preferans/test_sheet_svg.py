"""The picture of the pulka (issue 4 item 5; 001 rule 38's legend; 003 4.2.1)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from hypothesis import given, settings

from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.scoring import convention
from cardtable.preferans.sheet import DealScore, PlayerTotals, Sheet, Whist
from cardtable.preferans.svg import pulka_svg
from preferans.test_settlement_properties import pulkas

SVG = "{http://www.w3.org/2000/svg}"


def texts(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return [t.text or "" for t in root.iter(f"{SVG}text")]


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
