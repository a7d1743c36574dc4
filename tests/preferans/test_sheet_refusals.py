"""Every result the pulka refuses is refused in one sentence naming the deal, the field and why.

001_776ed664a35a376f.txt, preferans rules 14 (the dealer of four), 24–27 (whists, passes, the
ten, the half-whist), 47 (the good talon); the renonce rules of 003_b655b01c110fd414.txt. The
sentences are compared whole: a player reads them (docs/architecture.md, "Illegal moves").
"""

from __future__ import annotations

import re

import pytest

from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.deal_score import DealScore, GoodTalon, ScoreError, Whist
from cardtable.preferans.scoring import ScoringRules
from cardtable.preferans.sheet import Sheet


def six(**extra: object) -> DealScore:
    """A six of spades declared by A, with ``extra`` fields."""
    fields: dict[str, object] = {"declarer": "A", "contract": parse_contract("6♠"), "tricks": 6}
    fields.update(extra)
    return DealScore(**fields)  # type: ignore[arg-type]


PASSED = {"B": Whist.PASS, "C": Whist.PASS}
ONE_WHIST = {"B": Whist.WHIST, "C": Whist.PASS}

REFUSED: list[tuple[str, DealScore, ScoringRules, str]] = [
    (
        "ABC",
        six(whist=ONE_WHIST, dealer="Z"),
        ScoringRules(),
        "field 'dealer': 'Z' is not a player",
    ),
    (
        "ABCD",
        six(whist=ONE_WHIST, dealer="Z"),
        ScoringRules(),
        "field 'dealer': 'Z' is not a player",
    ),
    (
        "ABC",
        six(whist={**PASSED, "A": Whist.PASS}),
        ScoringRules(),
        "field 'whist': 'A' is not a defender in this deal",
    ),
    (
        "ABC",
        six(whist={"B": "maybe", "C": Whist.PASS}),
        ScoringRules(),
        "field 'whist': 'maybe' is not one of whist, pass, half",
    ),
    ("ABC", six(whist=ONE_WHIST, tricks=None), ScoringRules(), "field 'tricks': missing"),
    ("ABC", six(contract=None), ScoringRules(), "field 'contract': missing"),
    (
        "ABC",
        six(whist=PASSED, renonce={"B": 1}),
        ScoringRules(),
        "field 'renonce': nobody played the cards against the declarer",
    ),
    (
        "ABC",
        six(whist=ONE_WHIST, renonce={"Z": 1}),
        ScoringRules(),
        "field 'renonce': 'Z' did not play this deal",
    ),
    (
        "ABC",
        six(whist=ONE_WHIST, renonce={"B": -1}),
        ScoringRules(),
        "field 'renonce': -1 is not a number of revokes",
    ),
    (
        "ABC",
        six(whist=PASSED, tricks=5),
        ScoringRules(),
        "field 'tricks': when both pass the game is written as made (rule 25)",
    ),
    (
        "ABC",
        six(whist=PASSED, defender_tricks={"B": 2}),
        ScoringRules(),
        "field 'defender_tricks': nobody whisted",
    ),
    (
        "ABC",
        six(whist={"B": Whist.PASS, "C": Whist.HALF}),
        ScoringRules(half_whist=False),
        "field 'whist': this convention has no half-whist",
    ),
    (
        "ABC",
        six(whist={"B": Whist.HALF, "C": Whist.HALF}),
        ScoringRules(),
        "field 'whist': a half-whist is said only after the other defender passed",
    ),
    (
        "ABC",
        six(whist={"B": Whist.WHIST, "C": Whist.HALF}, tricks=6),
        ScoringRules(),
        "field 'whist': a half-whist is said only after the other defender passed",
    ),
    (
        "ABCD",
        six(whist=PASSED, dealer="D", talon=GoodTalon.ACE),
        ScoringRules(good_talon=False),
        "field 'talon': this convention pays nothing for the talon",
    ),
    (
        "ABC",
        six(whist=PASSED, talon=GoodTalon.ACE),
        ScoringRules(good_talon=True),
        "field 'talon': only the dealer of four is paid for a good talon",
    ),
]


@pytest.mark.parametrize(("players", "deal", "rules", "sentence"), REFUSED)
def test_a_result_the_pulka_cannot_write_is_refused_in_its_own_sentence(
    players: str, deal: DealScore, rules: ScoringRules, sentence: str
) -> None:
    """Rules 14, 24–27, 47: a result the sheet cannot write is refused, nothing written.

    It names a stranger, contradicts the answers or asks for what the convention does not pay.
    """
    sheet = Sheet(list(players), rules)
    with pytest.raises(ScoreError, match=f"^{re.escape('deal 1: ' + sentence)}$"):
        sheet.write(deal)
    assert sheet.entries == []


def test_a_ten_both_defenders_passed_is_checked_and_a_short_one_is_a_remiz_with_consolations() -> (
    None
):
    """Rule 26: a ten is not whisted but checked with the cards open.

    Two tricks short, the declarer is written down two and each defender his consolation.
    """
    sheet = Sheet(list("ABC"), ScoringRules())
    written = sheet.write(six(contract=parse_contract("10♠"), tricks=8, whist=PASSED))
    assert [str(entry) for entry in written] == [
        "deal 1: A mountain +100 (10♠ checked down 2)",
        "deal 1: B whists on A +10 (consolation, 2 down)",
        "deal 1: C whists on A +10 (consolation, 2 down)",
    ]
