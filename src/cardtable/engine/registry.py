"""The registry of games by name and alias, like python-chess's registry of variants.

Games shipped with cardtable are imported only when the registry is first asked, so that
starting the command line stays fast.
"""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.engine.game import Game
from cardtable.errors import UnknownGame, names_hint

BUILTIN_GAME_MODULES: tuple[str, ...] = (
    "cardtable.piquet.game",
    "cardtable.preferans.game",
    "cardtable.poker.game",
)
"""Modules that register cardtable's own games when imported."""

_games: dict[str, Game[Any]] = {}
_names: dict[str, str] = {}
_builtins_loaded = False


def register(game: Game[Any]) -> Game[Any]:
    """Add ``game`` under its name and aliases; a name already taken by another game is refused."""
    for name in (game.name, *game.aliases):
        key = name.casefold()
        owner = _names.get(key)
        if owner is not None and owner != game.name:
            raise UnknownGame(f"the name {name!r} already belongs to {owner}")
        _names[key] = game.name
    _games[game.name] = game
    return game


def games() -> list[Game[Any]]:
    """Every registered game, by name."""
    _load_builtins()
    return [_games[name] for name in sorted(_games)]


def get_game(name: str) -> Game[Any]:
    """The game registered under ``name`` or an alias of it (any letter case)."""
    _load_builtins()
    key = _names.get(name.casefold())
    if key is None:
        hint = names_hint(name, sorted(_games), "games", "cardtable games")
        raise UnknownGame(f"unknown game {name!r} ({hint})")
    return _games[key]


def _load_builtins() -> None:
    global _builtins_loaded  # noqa: PLW0603 - the registry is process-wide by design
    if not _builtins_loaded:
        _builtins_loaded = True
        for module in BUILTIN_GAME_MODULES:
            importlib.import_module(module)
