"""The offline scorer's contract (issue 4 item 4; docs/scorer.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.preferans.deal_score import ScoreError
from cardtable.preferans.scorer import parse_score_file, score

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "preferans"
runner = CliRunner()


def sochi(
    *deals: dict[str, Any], players: tuple[str, ...] = ("A", "B", "C"), convention: str = "sochi"
) -> str:
    return json.dumps({"convention": convention, "players": list(players), "deals": list(deals)})


SIX = {"declarer": "A", "contract": "6♠", "tricks": 6, "whist": {"B": "pass", "C": "pass"}}


def seed_file(tmp_path: Path) -> Path:
    vector = json.loads((VECTORS / "seed-settlement.json").read_text("utf-8"))
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(vector["file"], ensure_ascii=False), "utf-8")
    return path


def test_the_seed_settlement_vector_pays_a_rouble_from_d(tmp_path: Path) -> None:
    """ПОДСЧЕТЫ И РАСЧЕТЫ (000_75e337bfe099b695.txt).

    A +840, B −30, C +190, D −1000; at 0.1 kopeck a whist D pays 1 rouble, B 3 kopecks, C and A
    receive 19 and 84.
    """
    result = runner.invoke(app, ["preferans", "score", str(seed_file(tmp_path)), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["balance"] == {"A": 840, "B": -30, "C": 190, "D": -1000}
    assert data["money"] == {"A": 84, "B": -3, "C": 19, "D": -100}
    assert data["closed"] is True


def test_the_same_pulka_in_toml_scores_the_same_as_in_json() -> None:
    """Issue 4 item 4: FILE is JSON or the same structure in TOML."""
    as_json = parse_score_file(
        sochi(SIX, {"allpass": {"A": 2, "B": 3, "C": 5}}, convention="rostov")
    )
    as_toml = parse_score_file(
        """
convention = "rostov"
players = ["A", "B", "C"]
[[deals]]
declarer = "A"
contract = "6S"
tricks = 6
whist = { B = "pass", C = "pass" }
[[deals]]
allpass = { A = 2, B = 3, C = 5 }
"""
    )
    assert score(as_json).to_data() == score(as_toml).to_data()


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"declarer": "A", "contract": "6♠", "tricks": "six"}, "deal 2: field 'tricks'"),
        (
            {"declarer": "A", "contract": "6♠", "tricks": 11, "whist": {"B": "whist", "C": "pass"}},
            "deal 2: field 'tricks'",
        ),
        (
            {"declarer": "A", "contract": "6♠", "tricks": 6, "whist": {"B": "maybe"}},
            "deal 2: field 'whist'",
        ),
        (
            {"declarer": "A", "contract": "6♠", "tricks": 6, "whist": {"B": "pass"}},
            "deal 2: field 'whist': no answer from 'C'",
        ),
        (
            {"declarer": "A", "contract": "6♠", "tricks": 6, "whist": {"B": "whist", "C": "whist"}},
            "deal 2: field 'defender_tricks'",
        ),
        ({"allpass": {"A": 2, "B": 3}}, "deal 2: field 'allpass': no tricks for 'C'"),
        ({"declarer": "A", "contract": "6♠", "tricks": 6, "bid": 7}, "deal 2: field 'bid'"),
        (
            {
                "declarer": "A",
                "contract": "6♠",
                "tricks": 6,
                "whist": {"B": "pass", "C": "pass"},
                "talon": "ace",
            },
            "deal 2: field 'talon'",
        ),
    ],
)
def test_a_malformed_deal_is_refused_naming_the_deal_and_the_field(
    deal: dict[str, Any], message: str
) -> None:
    """Issue 4 item 4: a malformed file gets an error naming the deal number and the field."""
    with pytest.raises(ScoreError, match=message):
        score(parse_score_file(sochi(SIX, deal)))


TEN_WHISTED = {
    "declarer": "A",
    "contract": "10♠",
    "tricks": 9,
    "whist": {"B": "whist", "C": "pass"},
}


def test_there_is_no_whist_on_a_ten_in_the_classic_game() -> None:
    """001_776ed664a35a376f.txt, preferans rule 26: «На игру в 10 взяток виста не существует».

    A classic entry of a whisted ten is refused with the clause; the ten is checked with the
    cards open and written with both defenders passing. The Code's conventions whist a ten.
    """
    classic = sochi(TEN_WHISTED, convention="classic-1992")
    with pytest.raises(ScoreError) as refused:
        score(parse_score_file(classic))
    assert str(refused.value) == (
        "deal 1: field 'whist': there is no whist on a ten in the classic game (rule 26: "
        "«на игру в 10 взяток виста не существует»); write both defenders as passing"
    )
    checked = {**TEN_WHISTED, "whist": {"B": "pass", "C": "pass"}}
    assert score(parse_score_file(sochi(checked, convention="classic-1992"))).sheet.mountain("A")
    # Sochi: a trick of whist at 10 and the consolation for one down at 10.
    assert score(parse_score_file(sochi(TEN_WHISTED))).sheet.whists("B", "A") == 10 + 10


def test_a_malformed_file_prints_one_line_and_exits_two(tmp_path: Path) -> None:
    """Issue 4 item 4: the error, and nothing else is printed (exit status 2)."""
    path = tmp_path / "bad.json"
    path.write_text(sochi(SIX, {"declarer": "B", "contract": "6♠", "tricks": 6}), "utf-8")
    result = runner.invoke(app, ["preferans", "score", str(path), "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == "error: deal 2: field 'whist': no answer from 'C'"
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"convention": "moscow", "players": ["A", "B", "C"], "deals": []}, "'convention'"),
        ({"players": ["A", "B"], "deals": []}, "'players': 3 or 4"),
        ({"players": ["A", "B", "C"]}, "'deals'"),
        ({"players": ["A", "B", "C"], "deals": [], "stake": "lots"}, "'stake'"),
        ({"players": ["A", "B", "C"], "deals": [], "rules": {"pool_size": 3}}, "'rules'"),
        ({"players": ["A", "B", "C"], "sheet": {"A": {"gora": 1}}}, "'sheet.A.gora'"),
    ],
)
def test_a_malformed_header_names_its_field(document: dict[str, Any], message: str) -> None:
    """docs/scorer.md, the file's keys: each wrong one is named."""
    with pytest.raises(ScoreError, match=message):
        score(parse_score_file(json.dumps(document)))


def test_with_four_players_the_dealer_is_found_when_the_others_are_named() -> None:
    """Issue 4 item 4: with four, a deal may name its dealer; 001 rule 14: he sits out."""
    four = ("A", "B", "C", "D")
    named = {**SIX, "whist": {"B": "whist", "C": "pass"}, "dealer": "D"}
    found = {**SIX, "whist": {"B": "whist", "C": "pass"}}
    assert (
        score(parse_score_file(sochi(named, players=four))).to_data()
        == score(parse_score_file(sochi(found, players=four))).to_data()
    )
    with pytest.raises(ScoreError, match="deal 1: field 'dealer'"):
        score(parse_score_file(sochi({"allpass": {"A": 5, "B": 5}}, players=four)))


def test_open_and_closed_stand_for_a_whist() -> None:
    """Issue 4 item 4: `open` or `closed` may be given for the lone whister's play."""
    opened = {**SIX, "tricks": 7, "whist": {"B": "open", "C": "pass"}}
    plain = {**SIX, "tricks": 7, "whist": {"B": "whist", "C": "pass"}}
    assert score(parse_score_file(sochi(opened))).sheet.whists("B", "A") == 6
    assert (
        score(parse_score_file(sochi(opened))).to_data()
        == score(parse_score_file(sochi(plain))).to_data()
    )


def test_svg_draws_the_sheet_to_a_file(tmp_path: Path) -> None:
    """Issue 4 item 5: --svg draws the classic sheet; the text names every player's column."""
    out = tmp_path / "pulka.svg"
    result = runner.invoke(
        app,
        ["preferans", "score", str(seed_file(tmp_path)), "--svg", str(out)],
    )
    assert result.exit_code == 0, result.output
    picture = out.read_text("utf-8")
    assert picture.startswith("<svg")
    assert picture.rstrip().endswith("</svg>")
    for figure in ("1310.1340", "70.100", "525", "на D"):
        assert figure in picture
    assert picture.count("<title>1000</title>") == 1
    assert picture.count("<title>100</title>") >= 5


def test_the_conventions_command_lists_each_and_its_options() -> None:
    """Issue 4 item 2: each convention's options cite their source."""
    listed = runner.invoke(app, ["preferans", "conventions", "--json"])
    assert listed.exit_code == 0, listed.output
    assert list(json.loads(listed.stdout)["conventions"]) == [
        "classic-1992",
        "sochi",
        "leningrad",
        "rostov",
    ]
    shown = runner.invoke(app, ["preferans", "conventions", "leningrad", "--json"])
    options = {o["name"]: o for o in json.loads(shown.stdout)["options"]}
    assert options["unclosed_factor"]["value"] == 2
    assert "4.2.3.3" in options["unclosed_factor"]["source"]
    unknown = runner.invoke(app, ["preferans", "conventions", "moscow"])
    assert unknown.exit_code == 2
