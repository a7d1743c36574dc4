"""The registry of games by name and alias, like python-chess's registry of variants.

Games shipped with cardtable are imported only when the registry is first asked, so that
starting the command line stays fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, cast

from cardtable.engine.catalogue import BUILTIN_LISTINGS, Listing
from cardtable.errors import UnknownGame, names_hint

if TYPE_CHECKING:  # the games' base class loads much of the engine; the listing needs none
    from cardtable.engine.game import Game

BUILTIN_GAME_MODULES: tuple[str, ...] = (
    "cardtable.piquet.game",
    "cardtable.preferans.game",
    "cardtable.poker.game",
)
"""Modules that register cardtable's own games when imported."""

SomeGame: TypeAlias = "Game[Hashable, object, object]"
"""A registered game whose action, view and rules types the holder does not know.

The registry hands a game out with its types forgotten: its views are plain objects, its
actions only hashable; whatever the holder gives back (rules, actions, views) came from the
same game, so nothing is lost but the right to look inside.
"""

G = TypeVar("G", bound="Game[Any, Any, Any]")  # any game at all: Python has no existential type

_games: dict[str, SomeGame] = {}
_names: dict[str, str] = {}
_builtins_loaded = False


def register(game: G) -> G:
    """Add ``game`` under its name and aliases; a name already taken by another game is refused."""
    for name in (game.name, *game.aliases):
        key = name.casefold()
        owner = _names.get(key)
        if owner is not None and owner != game.name:
            raise UnknownGame(f"the name {name!r} already belongs to {owner}")
        _names[key] = game.name
    _games[game.name] = cast(SomeGame, game)
    return game


def games() -> list[SomeGame]:
    """Every registered game, by name."""
    _load_builtins()
    return [_games[name] for name in sorted(_games)]


def listings() -> list[Listing]:
    """Every game as ``cardtable games`` lists it, by name, without importing cardtable's own.

    The games shipped with cardtable are described by :data:`.catalogue.BUILTIN_LISTINGS`;
    a game registered in this process is described by itself.
    """
    listed = {listing.name: listing for listing in BUILTIN_LISTINGS}
    for game in _games.values():
        listed[game.name] = Listing(
            game.name,
            game.title,
            game.aliases,
            game.players,
            game.presets_package,
            game.default_preset,
        )
    return [listed[name] for name in sorted(listed)]


def get_game(name: str) -> SomeGame:
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
