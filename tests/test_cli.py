"""The command line: games, rules, replay, simulate, and one-line errors (foundation, item 5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine import record_text, seeded_rng
from toygame.game import ToyGame

runner = CliRunner()


def _record_file(toy: ToyGame, tmp_path: Path) -> Path:
    match = toy.new_match(toy.rules(), ["A", "B"], "standard")
    rng = seeded_rng(1)
    while not match.is_over:
        deal = match.start_deal(rng)
        while not deal.is_over:
            match.apply(rng.choice(deal.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(record_text(match.record()), encoding="utf-8")
    return path


def test_games_lists_each_game_with_its_presets(toy: ToyGame) -> None:
    """``cardtable games --json`` lists registered games and presets."""
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    listed = {g["name"]: g for g in json.loads(result.stdout)["games"]}
    assert [p["name"] for p in listed["toy"]["presets"]] == ["marathon", "pairs", "standard"]
    assert listed["toy"]["players"] == [2, 3, 4]
    assert "toy" in runner.invoke(app, ["games"]).stdout


def test_rules_prints_every_option_with_value_and_source(toy: ToyGame) -> None:
    """``cardtable rules GAME PRESET`` prints each option with its value and source."""
    result = runner.invoke(app, ["rules", "toy", "marathon", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["preset"] == "marathon"
    assert {o["name"]: o["value"] for o in data["options"]} == {
        "deals": 6,
        "discard": False,
        "point": 1,
        "pairs": False,
    }
    assert "Deals in a match." in runner.invoke(app, ["rules", "toy"]).stdout


def test_replay_verifies_a_record_and_summarises_it(toy: ToyGame, tmp_path: Path) -> None:
    """``cardtable replay FILE --json`` checks the record and prints its summary."""
    result = runner.invoke(app, ["replay", str(_record_file(toy, tmp_path)), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["valid"]
    assert summary["finished"]
    assert summary["deals"] == 2
    assert sum(summary["ledger"].values()) == 0


def test_simulate_reports_speed_and_every_check_as_json(toy: ToyGame) -> None:
    """``cardtable simulate GAME --json`` prints deals, seconds, deals_per_second and checks."""
    args = ["simulate", "toy", "--players", "3", "--deals", "40", "--seed", "5", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["deals"] == 40
    assert report["seconds"] > 0
    assert report["deals_per_second"] > 0
    assert report["checks"]
    assert all(report["checks"].values())
    assert json.loads(runner.invoke(app, args).stdout)["tally"] == report["tally"]


def test_simulate_checks_a_seeded_sample_by_default_and_every_deal_with_checks_all(
    toy: ToyGame,
) -> None:
    """``simulate`` checks a sample of the deals, ``--checks all`` every one.

    See docs/architecture.md, harness.
    """
    args = ["simulate", "toy", "--players", "3", "--deals", "40", "--seed", "5"]
    sampled = runner.invoke(app, args)
    assert sampled.exit_code == 0, sampled.output
    assert "the first and a sample of one in 100 drawn from seed 5; records replayed" in (
        sampled.stdout
    )
    every = json.loads(runner.invoke(app, [*args, "--checks", "all", "--json"]).stdout)
    assert (every["check_mode"], every["checked_deals"]) == ("all", 40)
    none = json.loads(runner.invoke(app, [*args, "--no-checks", "--json"]).stdout)
    assert (none["check_mode"], none["checked_deals"]) == ("none", 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "chess"], "error: unknown game 'chess'"),
        (["rules", "toy", "sochi"], "error: toy has no preset 'sochi'"),
        (
            ["simulate", "toy", "--players", "7"],
            "error: Toy tricks is played by 2, 3, 4 players, not 7",
        ),
        (
            ["simulate", "toy", "--checks", "some"],
            "error: checks are sample, all, none, not 'some'",
        ),
        (["replay", "no/such/file.json"], "error: no/such/file.json: No such file or directory"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_status_2(
    toy: ToyGame, args: list[str], message: str
) -> None:
    """Errors are one clean line with exit code 2 (the foundation issue, done means)."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_a_malformed_record_is_one_line_with_status_2(toy: ToyGame, tmp_path: Path) -> None:
    """A broken record names the deal and action (the foundation issue, item 3)."""
    path = _record_file(toy, tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"][0]["actions"][0] = "play X♠"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: deal 1, action 1 ('play X♠'): not a toy move")
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_installed_command_runs_in_a_fresh_process() -> None:
    """``python -m cardtable`` works and bad input exits 2 without a traceback."""
    ok = subprocess.run(
        [sys.executable, "-m", "cardtable", "games", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0
    assert "games" in json.loads(ok.stdout)
    bad = subprocess.run(
        [sys.executable, "-m", "cardtable", "rules", "nosuchgame"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("error: unknown game 'nosuchgame'")
    assert "Traceback" not in bad.stderr


def test_games_starts_without_the_rest_of_the_command_line() -> None:
    """``cardtable games`` prints what the whole command line prints, loading little.

    README, "Speed": the listing needs the games' names and presets, not the records'
    validators, the table's kernels (numpy) or the other commands.
    """
    quick = (
        "import sys; from cardtable.cli import run\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        "loaded = {'numpy', 'cardtable.cli.main', 'cardtable.engine.record_models'}\n"
        "print(sorted(loaded & set(sys.modules)), file=sys.stderr)\n"
    )
    whole = "from cardtable.cli.main import app; app()"
    for words in (["games"], ["games", "--json"]):
        fast = subprocess.run(
            [sys.executable, "-c", quick, *words], capture_output=True, text=True, check=False
        )
        full = subprocess.run(
            [sys.executable, "-c", whole, *words], capture_output=True, text=True, check=False
        )
        assert fast.returncode == full.returncode == 0
        assert fast.stdout == full.stdout
        assert fast.stderr == "[]\n"


def test_preferans_solve_starts_without_the_rest_of_the_command_line() -> None:
    """``cardtable preferans solve`` prints what the whole command line prints, loading little.

    docs/speed.md, target 1 (the first ``preferans solve`` after the set-up in at most 2 s): the
    solver needs numba and its kernels, not the table, the records' validators or the other
    commands, whose import cost as much CPU as loading the solver's kernels.
    """
    quick = (
        "import sys; from cardtable.cli import run\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        "loaded = {'cardtable.cli.main', 'cardtable.engine.record_models', 'cardtable.harness'}\n"
        "print(sorted(loaded & set(sys.modules)), file=sys.stderr)\n"
    )
    whole = "from cardtable.cli.main import app; app()"
    hands = ["♠7 8 9 10, ♦7 8 9, ♣8, ♥8 9", "♠K A, ♦A, ♣10 J Q, ♥10 Q K A"]
    hands.append("♠J Q, ♦10 J Q K, ♣7 9, ♥7 J")
    solve = ["preferans", "solve", *hands, "--declarer", "0", "--lead", "2"]
    for words in ([*solve, "--contract", "misère", "--json"], ["preferans", "--help"]):
        fast = subprocess.run(
            [sys.executable, "-c", quick, *words], capture_output=True, text=True, check=False
        )
        full = subprocess.run(
            [sys.executable, "-c", whole, *words], capture_output=True, text=True, check=False
        )
        assert fast.returncode == full.returncode == 0
        assert fast.stdout == full.stdout
        assert fast.stderr == "[]\n"
