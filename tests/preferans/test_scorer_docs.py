"""Every example of docs/scorer.md runs and prints what the page shows."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app

DOC = Path(__file__).resolve().parents[2] / "docs" / "scorer.md"
BLOCK = re.compile(r"^```(\w+)(?: file=(\S+))?\n(.*?)^```", re.S | re.M)


def blocks() -> list[tuple[str, str | None, str]]:
    return [(m.group(1), m.group(2), m.group(3)) for m in BLOCK.finditer(DOC.read_text("utf-8"))]


def commands() -> list[tuple[str, str]]:
    found = []
    for kind, _, body in blocks():
        if kind != "console":
            continue
        command, _, shown = body.partition("\n")
        assert command.startswith("$ cardtable "), command
        found.append((command[len("$ cardtable ") :], shown))
    return found


@pytest.mark.parametrize(("command", "shown"), commands(), ids=[c for c, _ in commands()])
def test_the_scorer_page_examples_print_what_they_show(
    command: str, shown: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/scorer.md: each console block's command prints exactly the block's output."""
    for _, name, body in blocks():
        if name:
            (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, shlex.split(command))
    status = re.search(r"^\[exit (\d+)\]\n", shown, re.M)
    expected_status = int(status.group(1)) if status else 0
    expected = shown[: status.start()] if status else shown
    assert result.exit_code == expected_status, result.output
    if "--json" in command and expected_status == 0:
        assert json.loads(result.stdout) == json.loads(expected)
    else:
        assert result.output == expected


def test_the_scorer_page_shows_at_least_one_example_of_each_kind() -> None:
    """docs/scorer.md: deals as JSON, totals as TOML, and a malformed file."""
    kinds = {(kind, name is not None) for kind, name, _ in blocks()}
    assert {("json", True), ("toml", True), ("console", False)} <= kinds
    assert any("[exit 2]" in shown for _, shown in commands())
