"""``cardtable poker``: hand, showdown and equity, their JSON, rule options and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app

runner = CliRunner()


def run_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["poker", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_hand_prints_the_category_the_best_five_and_the_wild_card_substitutions() -> None:
    """002_053e85955f9a4108.txt, Расклады с козырями: four kings and a joker under rule б."""
    data = run_json(
        "hand", "Jo", "K♠", "K♥", "K♦", "K♣", "2♦", "--wild", "jokers", "--wild-mode", "any"
    )
    assert data["category"] == "five_of_a_kind"
    assert data["wild"] == {"Jo": "K♣"}
    assert sorted(data["best"]) == sorted(["Jo", "K♠", "K♥", "K♦", "K♣"])  # type: ignore[call-overload]


def test_showdown_json_names_every_hand_and_splits_between_equal_hands() -> None:
    """002_053e85955f9a4108.txt, Ничья: equal hands split; suits do not count."""
    data = run_json("showdown", "A♠ K♠ 9♦ 7♣ 3♠", "A♦ K♦ 9♣ 7♥ 3♦", "Q♠ Q♦ 2♣ 3♥ 4♦")
    assert data["winners"] == [2]
    assert data["low_winners"] == []
    hands = data["hands"]
    assert isinstance(hands, list)
    assert [h["category"] for h in hands] == ["high_card", "high_card", "one_pair"]
    assert set(hands[0]) == {"cards", "category", "best", "wild"}
    split = run_json("showdown", "A♠ K♠ 9♦ 7♣ 3♠", "A♦ K♦ 9♣ 7♥ 3♦")
    assert split["winners"] == [0, 1]


def test_showdown_in_high_low_names_the_high_and_the_low_winners() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше»: the highest and lowest hands split."""
    data = run_json("showdown", "K♠ K♦ K♣ 9♥ 2♠", "6♦ 4♣ 3♥ 2♦ A♦", "--low", "high-low")
    assert data["winners"] == [0]
    assert data["low_winners"] == [1]


def test_rules_come_from_a_toml_file_and_options_override_it(tmp_path: Path) -> None:
    """002_053e85955f9a4108.txt, Козырные карты: wild cards agreed before play."""
    path = tmp_path / "house.toml"
    path.write_text('wild = ["deuces"]\n', encoding="utf-8")
    data = run_json("hand", "2♠ A♦ A♣ 9♦ 7♥", "--rules", str(path))
    assert data["category"] == "three_of_a_kind"
    data = run_json("hand", "2♠ A♦ A♣ 9♦ 7♥", "--rules", str(path), "--wild", "red-tens")
    assert data["category"] == "one_pair"


def test_equity_reports_win_tie_and_equity_per_hand() -> None:
    """002_053e85955f9a4108.txt, Ничья: a tied board splits the pot between the hands."""
    data = run_json("equity", "A♥ K♥", "Q♠ Q♦", "--board", "2♣ 7♦ 9♥ J♥")
    assert data["exact"] is True
    assert data["boards"] == 44
    hands = data["hands"]
    assert isinstance(hands, list)
    assert hands[0]["equity"] == pytest.approx(15 / 44)  # nine hearts, three aces, three kings


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hand", "A♠", "A♠"], "card given twice"),
        (["hand", "A♠", "Xx"], "not a card"),
        (["hand", "A♠", "K♦", "--three-card", "--two-card"], "cannot both"),
        (["hand", "A♠", "K♦", "--wild", "purple"], "unknown wild card"),
        (["hand", "A♠", "K♦", "--stripped", "9"], "stripped"),
        (["hand", "A♠", "K♦", "--low", "sideways"], "low"),
        (["showdown", "A♠ K♦", "A♠ Q♦"], "card given twice"),
        (["equity", "A♠ K♦"], "two to ten hands"),
    ],
)
def test_bad_cards_and_impossible_options_give_one_line_errors(
    args: list[str], message: str
) -> None:
    """002_053e85955f9a4108.txt, Иерархия карт: one deck, each card once."""
    result = runner.invoke(app, ["poker", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
