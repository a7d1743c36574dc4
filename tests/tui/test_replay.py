"""`cardtable replay FILE --show`: a finished match reviewed deal by deal (issue 9)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.play import read_saved_record
from cardtable.engine import parse_record
from cardtable.tui.replay import draw_deal, match_after
from tui.pilot import Person, play

runner = CliRunner()


def test_replay_show_steps_through_every_deal_with_the_hands_and_the_score(
    tmp_path: Path,
) -> None:
    """The review steps through every deal.

    Each deal is shown with every hand as dealt and the sheet as it stood after it; Enter goes
    to the next deal (issue 9, save and resume).
    """
    path = tmp_path / "pulka.json"
    play("preferans", Person(moves=0), seats="bot,bot,bot", seed=8, deals=2, save=path)
    result = runner.invoke(app, ["replay", str(path), "--show"], input="\n\n")
    assert result.exit_code == 0, result.output
    assert "deal 1 of 2" in result.output
    assert "deal 2 of 2" in result.output
    assert "hands as dealt" in result.output
    assert "score after deal 2" in result.output


def test_the_score_shown_after_a_deal_is_the_sheet_as_it_stood_then(tmp_path: Path) -> None:
    """Each deal's score is the sheet as it stood then.

    The review replays the record to the end of each deal, so deal 1's pulka holds only what
    deal 1 wrote (001 preferans rules 42–48).
    """
    path = tmp_path / "pulka.json"
    play("preferans", Person(moves=0), seats="bot,bot,bot", seed=8, deals=2, save=path)
    record = parse_record(path.read_text(encoding="utf-8"))
    assert match_after(record, 1).sheet.deals == 1  # type: ignore[attr-defined]
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    draw_deal(record, 1, console)
    text = console.export_text()
    assert "1 deal" in text
    assert "2 deals" not in text
    assert len(text.rstrip("\n").splitlines()) <= 23


def test_replay_show_keeps_the_hands_of_a_deal_in_progress_hidden(tmp_path: Path) -> None:
    """A saved match that is to be resumed is not spoiled.

    The review shows every hand, so it shows only finished deals: the deal in progress keeps
    its players' hands hidden (docs/architecture.md, "Information hiding").
    """
    path = tmp_path / "pulka.json"
    play("preferans", Person(moves=3), seats="you,bot,bot", seed=8, save=path)
    record = read_saved_record(path)
    assert len(record.deals) == 1
    result = runner.invoke(app, ["replay", str(path), "--show"], input="\n")
    assert result.exit_code == 0, result.output
    assert "in progress and is not shown" in result.output
    assert "hands as dealt" not in result.output
