"""``cardtable games``: the registered games with their presets.

A module of its own so that the command starts without the rest of the command line.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cardtable.cli.common import one_line_errors, out, print_json
from cardtable.cli.listing import add_name_column, whole_names
from cardtable.engine.registry import listings

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


def games_command(as_json: JsonFlag = False) -> None:
    """List the registered games with their presets."""
    games = listings()
    with one_line_errors():
        listed = [
            {
                "name": game.name,
                "title": game.title,
                "aliases": list(game.aliases),
                "players": list(game.players),
                "default_preset": game.default_preset,
                "presets": [
                    {"name": preset.name, "description": preset.description}
                    for preset in game.presets.values()
                ],
            }
            for game in games
        ]
    if as_json:
        print_json({"games": listed})
        return
    if not listed:
        out.print("No games are registered yet.")
        return
    every_preset = [
        _preset_label(name, game.default_preset) for game in games for name in game.presets
    ]
    table = Table()
    add_name_column(table, "game", [game.name for game in games])
    add_name_column(table, "presets", every_preset)
    add_name_column(table, "also called", [n for g in games for n in (g.title, *g.aliases)])
    for game in games:
        presets = [_preset_label(name, game.default_preset) for name in game.presets]
        table.add_row(
            Text(game.name) + Text(f"\n{_players_text(game.players)} players", style="dim"),
            whole_names(presets),
            whole_names([game.title, *game.aliases]),
        )
    out.print(table)


def _preset_label(name: str, default: str | None) -> str:
    return name + (" (default)" if name == default else "")


def _players_text(counts: tuple[int, ...] | list[int]) -> str:
    """``2–10`` for a run of counts, else the counts listed: ``3, 4``.

    >>> _players_text((2, 3, 4, 5)), _players_text((3, 4)), _players_text((2, 4))
    ('2–5', '3, 4', '2, 4')
    """
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    return ", ".join(str(n) for n in ordered)
