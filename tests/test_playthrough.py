"""Playthrough files: every game, preset and player count played again and compared.

docs/architecture.md, "The harness" (one generic harness over every registered game and preset;
golden vectors), kept in OpenSpiel's manner: playthrough files to catch regressions. A file that
no longer matches is either a regression or an intended change; the failure shows the start of
the diff and the command that rewrites the files.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.playthrough import (
    HEAD,
    LEGAL_SHOWN,
    REGENERATE,
    TAIL,
    PlaythroughSpec,
    builtin_games,
    plan,
    playthrough,
    read_spec,
)
from toygame.game import ToyGame

FOLDER = Path(__file__).parent / "vectors" / "playthroughs"
FILES = sorted(FOLDER.glob("*.txt"))
DIFF_LINES = 40

runner = CliRunner()


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_every_playthrough_file_plays_again_to_the_same_text(path: Path) -> None:
    """The same seeds give the same match, step for step, view for view.

    See docs/architecture.md, "Playthroughs".
    """
    kept = path.read_text(encoding="utf-8")
    spec = read_spec(kept)
    assert spec.file_name == path.name, f"{path.name} holds the header of {spec.file_name}"
    again = playthrough(spec)
    if again != kept:
        diff = difflib.unified_diff(
            kept.splitlines(),
            again.splitlines(),
            "kept/" + path.name,
            "now/" + path.name,
            n=1,
            lineterm="",
        )
        shown = "\n".join(line[:200] for line in list(diff)[:DIFF_LINES])
        pytest.fail(
            f"{path.name} plays differently now:\n{shown}\n"
            f"If the change is intended, rewrite the files with `{REGENERATE}`.",
            pytrace=False,
        )


def test_every_shipped_game_preset_and_player_count_keeps_a_playthrough_file() -> None:
    """What is played is every registered game and preset; no file is stale.

    See docs/architecture.md, "Playthroughs".
    """
    planned = {spec.file_name for spec in plan()}
    kept = {path.name for path in FILES}
    assert planned == kept, (
        f"missing: {sorted(planned - kept)}, stale: {sorted(kept - planned)}; "
        f"rewrite the files with `{REGENERATE}`"
    )
    names = {game.name for game in builtin_games()}
    assert {"piquet", "poker", "preferans"} <= names
    assert {name.split("-", 1)[0] for name in kept} == names


def test_the_toy_game_registered_by_tests_keeps_no_playthrough_file(toy: ToyGame) -> None:
    """The files are cardtable's own games; a game a test registers is not shipped."""
    assert toy.name not in {game.name for game in builtin_games()}


def test_a_long_list_of_legal_actions_keeps_its_count_and_its_ends() -> None:
    """001_776ed664a35a376f.txt, piquet rule 9: the elder may discard any 3, 4 or 5 cards.

    That is hundreds of legal actions; the playthrough keeps their count and their ends.
    """
    text = playthrough(PlaythroughSpec("piquet", "seed", players=2, deals=1, seed=1))
    found = re.search(r"^legal \((\d+)\): (.*)$", text, re.MULTILINE)
    assert found is not None
    count, listed = int(found.group(1)), found.group(2).split(" | ")
    assert count > LEGAL_SHOWN
    assert len(listed) == HEAD + 1 + TAIL
    assert listed[HEAD] == f"… {count - HEAD - TAIL} more …"


def test_a_playthrough_names_each_events_audience(toy: ToyGame) -> None:
    """Information hiding: a dealt hand goes to its seat, a played card to all.

    See docs/architecture.md, "Playthroughs".
    """
    text = playthrough(PlaythroughSpec("toy", "standard", players=3, deals=1, seed=4))
    dealt = re.findall(r"^event deal seat (\d) to (\S+):", text, re.MULTILINE)
    assert sorted(dealt) == [("0", "0"), ("1", "1"), ("2", "2")]
    assert "to all:" in text


def test_playthrough_write_rewrites_what_changed_and_removes_stale_files(tmp_path: Path) -> None:
    """``cardtable playthrough GAME --write DIR`` keeps DIR exactly the game's planned files."""
    stale, other = tmp_path / "piquet-gone-2p.txt", tmp_path / "poker-holdem-2p.txt"
    stale.write_text("old\n", encoding="utf-8")
    other.write_text("another game's\n", encoding="utf-8")
    result = runner.invoke(app, ["playthrough", "piquet", "--write", str(tmp_path)])
    assert result.exit_code == 0, result.output
    planned = [spec for spec in plan() if spec.game == "piquet"]
    written = sorted(path.name for path in tmp_path.glob("piquet-*.txt"))
    assert written == sorted(spec.file_name for spec in planned)
    assert other.exists()
    for spec in planned:
        assert (tmp_path / spec.file_name).read_text(encoding="utf-8") == playthrough(spec)


def test_playthrough_prints_one_match_of_a_named_game(toy: ToyGame) -> None:
    """``cardtable playthrough GAME`` prints the same text as the library makes."""
    result = runner.invoke(app, ["playthrough", "toy", "--players", "2", "--deals", "1"])
    assert result.exit_code == 0, result.output
    spec = PlaythroughSpec("toy", toy.default_preset, players=2, deals=1, seed=1)
    assert result.stdout == playthrough(spec)
