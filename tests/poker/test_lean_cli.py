"""``cardtable simulate --rules FILE`` changes the rules as ``play --rules`` does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable import warm
from cardtable.cli.main import app
from cardtable.poker.game import POKER
from cardtable.scale.simulation import fast_in_chunks

runner = CliRunner()
POT_LIMIT = '[rules.limits]\nsystem = "pot"\nround_minimum = [3, 3, 6, 6]\n'


def _simulate(*extra: str) -> dict[str, Any]:
    args = ["simulate", "poker", "--variant", "holdem", "--fast", "--bot", "random"]
    result = runner.invoke(app, [*args, "--deals", "500", "--players", "6", "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_simulate_fast_plays_the_rules_of_the_file_over_the_preset(tmp_path: Path) -> None:
    """Пределы ставок (банковский лимит): the file's limits are the ones the lean loop plays."""
    path = tmp_path / "pot.toml"
    path.write_text(POT_LIMIT, encoding="utf-8")
    found = _simulate("--rules", str(path))
    rules = POKER.rules_from_toml(POT_LIMIT, str(path), "holdem")
    expected = fast_in_chunks(POKER, rules, players=6, deals=500, seed=1, bot="random")
    assert found["net"] == expected["net"]
    assert found["net"] != _simulate()["net"]


def test_simulate_fast_refuses_rules_it_cannot_play_lean_in_one_line(tmp_path: Path) -> None:
    """Настольные ставки: table stakes are the full table's; ``--fast`` says so, plays nothing."""
    path = tmp_path / "stakes.toml"
    path.write_text('[rules.limits]\nsystem = "table-stakes"\n', encoding="utf-8")
    args = ["simulate", "poker", "--variant", "holdem", "--fast", "--bot", "random"]
    result = runner.invoke(app, [*args, "--rules", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: the lean path plays fixed, rising, pot and unlimited")
    assert "not table-stakes limits" in result.stderr
    assert result.stderr.count("\n") == 1


def test_simulate_fast_announces_a_compilation_in_one_line_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """README, "Two commands": a command that would compile says so first, in one line.

    The cache is reported cold (``is_cold``), so the notice comes before any deal.
    """
    monkeypatch.setattr(warm, "is_cold", lambda group, entries=None: True)
    args = ["simulate", "poker", "--variant", "holdem", "--fast", "--bot", "random"]
    result = runner.invoke(app, [*args, "--deals", "10"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [warm.NOTICES["poker"]]


def test_simulate_fast_refuses_bad_rules_before_any_notice(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """README, "A tour": bad input is one ``error:`` line, even before the kernels compile."""
    monkeypatch.setattr(warm, "is_cold", lambda group, entries=None: True)
    path = tmp_path / "stakes.toml"
    path.write_text('[rules.limits]\nsystem = "table-stakes"\n', encoding="utf-8")
    args = ["simulate", "poker", "--variant", "holdem", "--fast", "--bot", "random"]
    result = runner.invoke(app, [*args, "--rules", str(path)])
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: the lean path plays")
