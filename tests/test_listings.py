"""The listings a new player reads at 80 columns: names to type never cut, options readable."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from cardtable.cli.common import out
from cardtable.cli.main import app
from cardtable.engine import games, get_game
from cardtable.engine.rules import rules_from_toml
from cardtable.poker.game import POKER

runner = CliRunner()


@pytest.fixture
def columns() -> Iterator[None]:
    """The listings' console as wide as an 80-column terminal."""
    width = out.width
    out.width = 80
    yield
    out.width = width


def _whole(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def test_games_writes_every_preset_name_whole_at_80_columns(columns: None) -> None:
    """Every preset a player passes to ``--preset`` is printed whole (issue 14, item 27)."""
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for game in games():
        for name in game.presets:
            assert _whole(name, result.stdout), f"{name} is cut:\n{result.stdout}"
    assert "…" not in result.stdout


def test_poker_variants_writes_every_variant_name_whole_at_80_columns(columns: None) -> None:
    """Every variant a player passes to ``--variant`` is printed whole (issue 14, item 27)."""
    result = runner.invoke(app, ["poker", "variants"])
    assert result.exit_code == 0
    for name in POKER.presets:
        assert _whole(name, result.stdout), f"{name} is cut:\n{result.stdout}"
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_rules_writes_each_option_whole_as_a_rules_file_line(columns: None) -> None:
    """Option names are typed into ``--rules`` files: each is printed whole, with its value.

    The deal's steps of spit in the ocean (002_053e85955f9a4108.txt, «Плюнь в океан» 1))
    are one line each, as docs/rules/poker-variants.md's tutorial writes them, not a JSON
    dump squeezed into a table cell (issue 14, item 27).
    """
    result = runner.invoke(app, ["rules", "poker", "spit-in-the-ocean"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    most = POKER.rules("spit-in-the-ocean").variant.players_max
    assert f"variant.players_max = {most}" in lines
    assert "limits.rising_last_round_factor = 2" in lines
    start = lines.index("variant.steps = [")
    assert lines[start + 1 : start + 6] == [
        '    { do = "deal", down = 4 },',
        '    { do = "board", up = 1 },',
        '    { do = "bet", void_if_all_check = true },',
        '    { do = "draw" },',
        '    { do = "bet", opens = "first-bettor" },',
    ]
    assert lines[start + 6] == "]"
    assert "…" not in result.stdout


@pytest.mark.parametrize(
    ("game_name", "preset"), [("poker", "crisscross-lines"), ("preferans", "sochi")]
)
def test_the_rules_listed_read_back_as_a_rules_file_to_the_same_rules(
    columns: None, game_name: str, preset: str
) -> None:
    """The listing's assignment lines are a rules file: read back, they are the preset's rules.

    docs/rules/poker-variants.md, "Tutorial: your own variant" (an omitted field of a step
    takes its default).
    """
    out.width = 400
    try:
        result = runner.invoke(app, ["rules", game_name, preset])
    finally:
        out.width = 80
    assert result.exit_code == 0
    kept = []
    inside = False
    for line in result.stdout.splitlines():
        if inside:
            kept.append(line)
            inside = line != "]"
        elif line and not line[0].isspace() and " = " in line:
            kept.append(line)
            inside = line.endswith("[")
    game = get_game(game_name)
    assert rules_from_toml(game.rules_type, "\n".join(kept)) == game.rules(preset)
