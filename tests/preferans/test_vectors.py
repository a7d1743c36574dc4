"""Worked deals kept as JSON records under tests/vectors/preferans-deals/ replay to their result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.engine import parse_record
from cardtable.engine.replay import replay
from cardtable.preferans.contracts import contract_text
from cardtable.preferans.deal import PreferansDeal

VECTORS = sorted((Path(__file__).parent.parent / "vectors" / "preferans-deals").glob("*.json"))


@pytest.mark.parametrize("path", VECTORS, ids=[path.stem for path in VECTORS])
def test_a_recorded_worked_example_replays_to_its_expected_result(path: Path) -> None:
    """Each vector cites its rules; its record must replay move by move to the stated result."""
    vector = json.loads(path.read_text(encoding="utf-8"))
    match = replay(parse_record(json.dumps(vector["record"])))
    deal = match.deals[-1]
    assert isinstance(deal, PreferansDeal)
    outcome = deal.outcome()
    expected = vector["expected"]
    assert outcome.kind == expected["kind"]
    assert outcome.declarer == expected["declarer"]
    assert outcome.contract is not None
    assert contract_text(outcome.contract) == expected["contract"]
    assert list(outcome.tricks) == expected["tricks"]
    assert outcome.made is expected["made"]
