"""Golden declarations under tests/vectors/piquet/, checked through ``cardtable piquet declare``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app

VECTORS = Path(__file__).parent.parent / "vectors" / "piquet" / "declare.json"
CASES: list[dict[str, Any]] = json.loads(VECTORS.read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"][:40] for case in CASES])
def test_each_golden_pair_of_hands_declares_as_worked_by_hand(case: dict[str, Any]) -> None:
    """The clause named in each case (001, piquet rules 19–29 and 41; Parlett)."""
    arguments = ["piquet", "declare", case["elder"], case["younger"], "--json"]
    result = CliRunner().invoke(app, [*arguments, "--preset", case["preset"]])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [data["elder"]["score"], data["younger"]["score"]] == case["scores"]
    assert data["bonus"] == case["bonus"]
