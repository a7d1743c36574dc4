"""What ``cardtable games`` says of cardtable's own games, known without importing them.

Importing a game to describe it loads its whole engine (rules, phases, help, the poker
evaluator), several times what the listing itself costs, so the listing of the games shipped
with cardtable is kept here, and their presets are read from their packages' ``presets/*.toml``
files as the games read them. ``tests/test_catalogue.py`` checks that it says what the
registered games say.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from cardtable.engine.rules import Preset, read_preset


@dataclass(frozen=True)
class Listing:
    """A game as ``cardtable games`` lists it: names, seats and presets."""

    name: str
    title: str
    aliases: tuple[str, ...]
    players: tuple[int, ...]
    presets_package: str | None
    default_preset: str | None

    @cached_property
    def presets(self) -> dict[str, Preset]:
        """The game's named presets, read from its package as the game reads them."""
        return read_presets(self.presets_package)


def read_presets(package: str | None) -> dict[str, Preset]:
    """The named presets of a game: the ``presets/*.toml`` files of ``package``, by name.

    Their options are not checked here but when a preset's rules are made.
    """
    if package is None:
        return {}
    folder = _package_folder(package) / "presets"
    found = {}
    for item in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if item.name.endswith(".toml"):
            name = item.name.removesuffix(".toml")
            found[name] = read_preset(name, item.read_text(encoding="utf-8"))
    return found


BUILTIN_LISTINGS: tuple[Listing, ...] = (
    Listing("piquet", "Piquet", ("пикет",), (2, 3), "cardtable.piquet", "seed"),
    Listing("poker", "Poker", ("покер",), tuple(range(2, 15)), "cardtable.poker", "draw"),
    Listing(
        "preferans",
        "Preferans",
        ("преферанс", "pref"),
        (3, 4),
        "cardtable.preferans",
        "classic-1992",
    ),
)
"""The games of :data:`cardtable.engine.registry.BUILTIN_GAME_MODULES`, by name."""


def _package_folder(package: str) -> Path:
    """The folder of ``package``, found without importing it (a game's package imports much)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"no package {package!r}")
    return Path(next(iter(spec.submodule_search_locations)))
