"""The korolik sheet drawn as on paper: each player's games, his koroliks beside them, the net.

Clauses cite the seed 001_776ed664a35a376f.txt, piquet rules 46–50. The picture is read back
through its marks' classes (``deal``, ``korolik``, ``partie``, ``sum``, ``net``, ``refet``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from cardtable.piquet.deal import PiquetOutcome
from cardtable.piquet.game import PIQUET, PiquetMatch
from cardtable.piquet.rules import Scoring
from cardtable.piquet.scoring import Mark

SVG = "{http://www.w3.org/2000/svg}"
SEED_PARTIE = [(54, 21), (0, 48), (65, 0), (0, 37), (40, 0), (0, 23)]
"""The seed's worked partie (rule 46): 33, 48, 65, 37, 40, 23 in the game columns."""


def _match(scoring: Scoring = "koroliks") -> PiquetMatch:
    match = PIQUET.new_match(replace(PIQUET.rules(), scoring=scoring), ["Anna", "Boris"])
    assert isinstance(match, PiquetMatch)
    return match


def _book(match: PiquetMatch, deals: list[tuple[int, int]]) -> None:
    for first, second in deals:
        match.book_outcome(PiquetOutcome(0, (0, 1), {0: first, 1: second}, {}, ()))


def _marks(svg: str | None) -> list[tuple[str, str | None, str]]:
    """Each figure of the picture: its kind, whose column it is in, and what it says."""
    assert svg is not None
    root = ET.fromstring(svg)
    return [
        (text.get("class") or "", text.get("data-player"), text.text or "")
        for text in root.iter(f"{SVG}text")
        if text.get("class") not in {None, "name", "heading"}
    ]


def test_each_deal_is_written_in_its_winners_games_and_the_korolik_beside_them() -> None:
    """Rule 46: 54–21 writes 33 for the first; the second's 48 then closes the korolik at 120.

    "записывает у себя сбоку 120": the korolik's difference plus a hundred, rounded up to
    tens, in the winner's korolik column beside his games.
    """
    match = _match()
    _book(match, SEED_PARTIE[:2])
    assert _marks(match.sheet_svg()) == [
        ("deal", "0", "33"),
        ("deal", "1", "48"),
        ("korolik", "1", "120"),
    ]


def test_the_seeds_whole_partie_is_drawn_with_its_sums_and_a_net_of_260() -> None:
    """Rule 46's example: koroliks 130, 120, 130 against 120; the net result is 260.

    The game columns add to 138 and 108; their difference plus a hundred (130) goes to the
    first player's koroliks; the korolik columns' difference is the net.
    """
    match = _match()
    _book(match, SEED_PARTIE)
    marks = _marks(match.sheet_svg())
    assert [m for m in marks if m[0] == "korolik"] == [
        ("korolik", "1", "120"),
        ("korolik", "0", "130"),
        ("korolik", "0", "120"),
    ]
    assert ("sum", "0", "138") in marks
    assert ("sum", "1", "108") in marks
    assert ("partie", "0", "130") in marks
    assert ("sum", "0", "380") in marks  # 130 + 120 + 130
    assert marks[-1] == ("net", "0", "чистый выигрыш 260")


def test_a_refet_is_written_as_a_zero_in_both_records() -> None:
    """Rule 48: "Рефет обозначается нулем"; it closes its korolik (rule 48)."""
    match = _match()
    _book(match, [(32, 0), (26, 26)])
    assert _marks(match.sheet_svg()) == [
        ("deal", "0", "32"),
        ("refet", "0", "0"),
        ("refet", "1", "0"),
        ("korolik", "0", "140"),
        ("doubled", None, "королик идёт двойным счётом"),
    ]


def test_the_names_head_the_records_and_no_sheet_is_drawn_for_the_rubicon() -> None:
    """The picture is the seed's korolik sheet (rules 46–50); the rubicon has none."""
    match = _match()
    svg = match.sheet_svg()
    assert svg is not None
    names = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "name"]
    assert names == ["Anna", "Boris"]
    assert _match(scoring="rubicon").sheet_svg() is None


def test_a_clean_sheet_is_drawn_as_its_own_hundred_in_the_winners_koroliks() -> None:
    """Rule 50: when the opponent writes no figure all partie, the partner adds 100.

    The hundred is a mark of its own on the sheet (kind ``clean``), written in the winner's
    korolik column after the partie's figure, and counts in the net.
    """
    match = _match()
    _book(match, [(15, 0)] * 6)
    assert match.closed_sheets[-1].marks[-1] == Mark("clean", 0, 100)
    marks = _marks(match.sheet_svg())
    assert [m for m in marks if m[0] in {"partie", "clean"}] == [
        ("partie", "0", "190"),
        ("clean", "0", "100"),
    ]
    assert marks[-1] == ("net", "0", "чистый выигрыш 680")
