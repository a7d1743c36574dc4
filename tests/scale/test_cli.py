"""``cardtable tournament`` and ``simulate --backend`` at the command line (docs/scale.md)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardtable.cli import scale
from cardtable.cli.main import app
from toygame.game import ToyGame

runner = CliRunner()

TOURNAMENT = ["tournament", "toy", "--bots", "random,random", "--deals", "12", "--seed", "3"]


def test_tournament_json_gives_each_bot_its_mean_error_and_interval(toy: ToyGame) -> None:
    """docs/scale.md, "The command": ``--json`` prints the run, one standing per bot."""
    result = runner.invoke(app, [*TOURNAMENT, "--chunk", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {key: data[key] for key in ("game", "preset", "bots", "seed", "decks")} == {
        "game": "toy",
        "preset": "standard",
        "bots": ["random#1", "random#2"],
        "seed": 3,
        "decks": 12,
    }
    assert (data["seatings"], data["deals"], data["chunk_decks"]) == (2, 24, 5)
    assert data["sample"] == "deck"
    assert data["backend"] == "local"
    assert data["seconds"] > 0
    assert data["deals_per_second"] > 0
    assert data["plot"] is None
    for standing in data["standings"]:
        assert set(standing) == {"bot", "mean", "standard_error", "ci95"}
        assert standing["mean"] == 0.0
        assert standing["ci95"] == [0.0, 0.0]
    assert result.stderr == ""


def test_tournament_prints_a_table_of_the_standings(toy: ToyGame) -> None:
    """docs/scale.md, "The command": without ``--json`` the standings are a table."""
    args = ["tournament", "toy", "--bots", "random,random,random", "--deals", "50"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "50 decks of Toy tricks (standard) × 6 seatings = 300 deals" in result.stdout
    assert "random#3" in result.stdout
    assert "One sample per deck" in result.stdout
    assert result.stderr == ""  # no progress bar where standard error is no terminal


@pytest.mark.parametrize("as_json", [False, True])
def test_tournament_shows_its_progress_with_the_time_left_on_a_terminal_only(
    toy: ToyGame, monkeypatch: pytest.MonkeyPatch, as_json: bool
) -> None:
    """docs/scale.md, "The command".

    A bar with the decks played and the time left goes to standard error on a terminal, and
    not with ``--json``.
    """
    terminal = Console(file=io.StringIO(), force_terminal=True, width=100)
    monkeypatch.setattr(scale, "err", terminal)
    result = runner.invoke(app, [*TOURNAMENT, "--chunk", "4", *(["--json"] if as_json else [])])
    assert result.exit_code == 0, result.output
    shown = terminal.file.getvalue()  # type: ignore[attr-defined]
    if as_json:
        assert shown == ""
    else:
        assert "decks" in shown
        assert "12/12" in shown
        assert "left" in shown


def test_tournament_takes_a_rules_file_over_the_preset(toy: ToyGame, tmp_path: Path) -> None:
    """docs/scale.md, "The command": ``--rules FILE`` as ``cardtable rules`` reads it."""
    rules = tmp_path / "long.toml"
    rules.write_text("deals = 6\n", encoding="utf-8")
    result = runner.invoke(app, [*TOURNAMENT, "--rules", str(rules), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["deals"] == 24


def test_tournament_on_the_process_backend_prints_the_same_standings(toy: ToyGame) -> None:
    """docs/scale.md, "Backends": the same command on two processes, the same summary."""

    def summary(*extra: str) -> dict[str, object]:
        result = runner.invoke(app, [*TOURNAMENT, "--bots", "random,random", "--json", *extra])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        return {key: data[key] for key in ("standings", "decks", "chunk_decks")}

    assert summary("--backend", "process", "--workers", "2", "--chunk", "4") == summary(
        "--chunk", "4"
    )


def test_tournament_draws_the_running_means_with_their_bands(toy: ToyGame, tmp_path: Path) -> None:
    """docs/scale.md, "The command": ``--plot FILE.png`` draws the running means."""
    pytest.importorskip("matplotlib")
    image = pytest.importorskip("PIL.Image")
    path = tmp_path / "means.png"
    result = runner.invoke(
        app, ["tournament", "toy", "--bots", "random,random", "--deals", "30", "--plot", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert f"Running means drawn in {path}." in result.stdout
    with image.open(path) as drawn:
        assert drawn.format == "PNG"
        assert drawn.size == (800, 450)


def test_simulate_takes_a_backend_and_workers(toy: ToyGame) -> None:
    """docs/scale.md, "Backends": ``simulate --backend process --workers 2``, same tally."""
    args = ["simulate", "toy", "--players", "3", "--deals", "30", "--seed", "5", "--json"]
    pooled = runner.invoke(app, [*args, "--backend", "process", "--workers", "2", "--chunk", "7"])
    here = runner.invoke(app, [*args, "--chunk", "7"])
    assert pooled.exit_code == 0, pooled.output
    assert json.loads(pooled.stdout)["tally"] == json.loads(here.stdout)["tally"]
    assert json.loads(pooled.stdout)["deals"] == 30


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random"], "error: a tournament needs two bots or more, not 1"),
        (["--bots", "random,genius"], "error: toy has no bot 'genius'"),
        (["--bots", "random,random", "--backend", "gpu"], "error: unknown backend 'gpu'"),
        (
            ["--bots", "random,random", "--workers", "2"],
            "error: the local backend plays in this process",
        ),
        (["--bots", "random,random", "--address", "auto"], "error: --address names a Ray"),
        (["--bots", "random,random", "--deals", "0"], "error: Invalid value for '--deals'"),
        (["--bots", "random,random", "--seed", "-4"], "error: Invalid value for '--seed'"),
        (["--bots", "random,random", "--preset", "sochi"], "error: toy has no preset 'sochi'"),
        (["--bots", "random,random", "--rules", "no/such.toml"], "error: no/such.toml: No such"),
        (["--deals", "3"], "error: Missing option '--bots'"),
    ],
)
def test_a_bad_tournament_is_one_line_on_stderr_with_status_2(
    toy: ToyGame, args: list[str], message: str
) -> None:
    """The project's rule (README, "A tour"): bad input is one ``error:`` line, status 2."""
    result = runner.invoke(app, ["tournament", "toy", *args])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("means.xyz", "means.xyz: a plot is written as one of "),
        ("no/such/folder/means.png", "no/such/folder/means.png: no folder no/such/folder"),
    ],
)
def test_a_plot_that_cannot_be_written_is_refused_before_any_deal(
    toy: ToyGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, message: str
) -> None:
    """The project's rule.

    A refused command touches no file; so the plot's name is checked before the tournament plays
    (docs/scale.md, "The command").
    """
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*TOURNAMENT, "--plot", name])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"error: {message}")
    assert list(tmp_path.iterdir()) == []


def _fast(*extra: str) -> dict[str, Any]:
    args = ["simulate", "poker", "--variant", "holdem", "--fast", "--bot", "random"]
    result = runner.invoke(app, [*args, "--deals", "3000", "--chunk", "1000", "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    del data["seconds"], data["deals_per_second"]
    return data


def test_simulate_fast_gives_the_same_summary_on_a_process_pool() -> None:
    """docs/scale.md, "Backends": ``--fast`` is cut into the same seeded chunks everywhere."""
    here = _fast()
    assert here["deals"] == 3000
    assert here["players"] == 2
    assert sum(here["net"]) + here["carried"] == 0
    assert _fast("--backend", "process", "--workers", "2") == here


def test_simulate_fast_of_a_game_without_a_lean_loop_is_refused(toy: ToyGame) -> None:
    """docs/scale.md, "Backends": a game with no lean loop says so in one line."""
    result = runner.invoke(app, ["simulate", "toy", "--fast", "--deals", "10"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: toy has no fast path; drop --fast")
