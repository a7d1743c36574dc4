"""``cardtable playthrough``: print one playthrough, or write every one kept as a test vector."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cardtable.cli.common import one_line_errors, out
from cardtable.engine import get_game
from cardtable.engine.rules import MOST_DEALS
from cardtable.errors import UnknownGame
from cardtable.playthrough import (
    DEALS,
    DEFAULT_DEALS,
    PLAYER_COUNTS,
    SEED,
    PlaythroughSpec,
    plan,
    playthrough,
)


def playthrough_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="A game's name or alias.")
    ] = None,
    preset: Annotated[
        str | None, typer.Option("--preset", "--variant", help="A preset (poker: a variant).")
    ] = None,
    players: Annotated[int | None, typer.Option(min=2, help="Seats at the table.")] = None,
    deals: Annotated[int | None, typer.Option(min=1, max=MOST_DEALS, help="Deals to play.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deals and the bot.")] = None,
    write: Annotated[
        Path | None,
        typer.Option(
            "--write",
            metavar="DIR",
            help="Write every kept playthrough (of GAME, or of every game) into DIR.",
        ),
    ] = None,
) -> None:
    """Play a seeded match with the random bot and print every step, view, action and event."""
    with one_line_errors():
        if write is not None:
            chosen = None if game_name is None else get_game(game_name).name
            _write_all(plan(None if chosen is None else [get_game(chosen)]), write, chosen)
            return
        if game_name is None:
            raise UnknownGame("name a game, or give --write DIR")
        game = get_game(game_name)
        count = players or PLAYER_COUNTS.get(game.name, game.players)[0]
        game.check_players(count)
        spec = PlaythroughSpec(
            game.name,
            preset or game.default_preset,
            count,
            deals or DEALS.get(game.name, DEFAULT_DEALS),
            SEED if seed is None else seed,
        )
        typer.echo(playthrough(spec), nl=False)


def _write_all(specs: list[PlaythroughSpec], folder: Path, game: str | None) -> None:
    """Write ``specs`` into ``folder``, rewriting only what changed, and drop stale files."""
    folder.mkdir(parents=True, exist_ok=True)
    changed = removed = 0
    for spec in specs:
        path = folder / spec.file_name
        text = playthrough(spec)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed += 1
    # A preset renamed or dropped leaves a file that no test would play: remove it.
    kept = {spec.file_name for spec in specs}
    pattern = "*.txt" if game is None else f"{game}-*.txt"
    for path in sorted(folder.glob(pattern)):
        if path.name not in kept:
            path.unlink()
            removed += 1
    out.print(f"{len(kept)} playthroughs in {folder}: {changed} written, {removed} removed.")
