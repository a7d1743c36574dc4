"""``cardtable piquet declare``: a deal's declarations checked at the table (issue 5, item 9)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardtable.cli.main import app

runner = CliRunner()
ELDER = "Q♣ 10♣ 9♣ Q♦ 10♦ 9♦ A♥ Q♥ 10♥ 9♥ Q♠ 10♠"
YOUNGER = "A♣ K♣ 7♣ J♦ 7♦ K♥ 8♥ 7♥ A♠ K♠ 8♠ 7♠"


def test_declare_prints_each_hands_calls_scores_and_the_repique_as_json() -> None:
    """001, rules 19–24: point 4, fourteen queens and tens make 32, a repique: 92."""
    result = runner.invoke(app, ["piquet", "declare", ELDER, YOUNGER, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"elder", "younger", "bonus"}
    assert data["bonus"] == "repique"
    assert data["elder"]["score"] == 92
    assert data["younger"]["score"] == 0
    good = [(c["call"], c["score"]) for c in data["elder"]["calls"] if c["status"] == "good"]
    assert good == [("point of 4 (40)", 4), ("fourteen queens", 14), ("fourteen tens", 14)]
    assert {c["status"] for c in data["younger"]["calls"]} == {"not good"}


def test_declare_names_a_certain_pique_when_declarations_alone_decide_it() -> None:
    """001, rules 19, 32: twenty-nine in hand and a lead to come, the younger at nothing."""
    elder = "K♣ Q♣ 10♣ Q♦ A♥ K♥ Q♥ J♥ 10♥ 9♥ 7♥ 10♠"
    younger = "A♣ J♣ A♦ K♦ J♦ 10♦ 7♦ Q♠ J♠ 9♠ 8♠ 7♠"
    result = runner.invoke(app, ["piquet", "declare", elder, younger, "--json"])
    assert json.loads(result.output)["bonus"] == "pique"


def test_declare_refuses_a_hand_of_the_wrong_size_in_one_line() -> None:
    """001, rule 5: twelve cards each."""
    result = runner.invoke(app, ["piquet", "declare", "A♠ K♠", YOUNGER])
    assert result.exit_code == 2
    assert "not 12" in result.output


def test_declare_prints_the_calls_for_people() -> None:
    """Issue 5, item 9: the same reckoning in words, with the bonus and its owner."""
    result = runner.invoke(app, ["piquet", "declare", ELDER, YOUNGER, "--preset", "cavendish"])
    assert result.exit_code == 0, result.output
    assert "elder: 92" in result.output
    assert "repique to the elder" in result.output
