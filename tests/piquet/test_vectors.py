"""Golden declarations under tests/vectors/piquet/, checked through ``cardtable piquet declare``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine import get_game
from piquet.tables import act, two_hand_deal

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


DEALS: list[dict[str, Any]] = json.loads(
    (VECTORS.parent / "deals.json").read_text(encoding="utf-8")
)["cases"]


@pytest.mark.parametrize("case", DEALS, ids=[case["name"][:40] for case in DEALS])
def test_each_golden_deal_counts_as_worked_by_hand(case: dict[str, Any]) -> None:
    """The clauses named in each case (001, piquet rules 19–41 and 47)."""
    deal = two_hand_deal(case["elder"], case["dealer"])
    act(deal, *case["actions"])
    outcome = deal.outcome()
    assert deal.is_over
    assert {str(seat): count for seat, count in outcome.counts.items()} == case["counts"]
    assert {str(seat): won for seat, won in outcome.tricks.items()} == case["tricks"]
    assert sorted(outcome.tags) == sorted(case["tags"])
    refet = "refet" in get_game("piquet").deal_tags(outcome)
    assert refet == (case["counts"]["0"] == case["counts"]["1"])
