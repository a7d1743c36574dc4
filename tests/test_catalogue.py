"""``cardtable games`` lists the shipped games without importing them (README, "Speed")."""

from __future__ import annotations

import subprocess
import sys

from cardtable.engine.catalogue import BUILTIN_LISTINGS
from cardtable.engine.registry import BUILTIN_GAME_MODULES, games


def test_the_listing_of_each_shipped_game_says_what_the_registered_game_says() -> None:
    """The names, seats, default preset and presets ``cardtable games`` shows are the game's.

    The listing is kept apart from the games so that the command need not import them; this
    is what keeps it true when a game gains a preset, an alias or a seat count.
    """
    registered = {
        game.name: (
            game.title,
            game.aliases,
            game.players,
            game.presets_package,
            game.default_preset,
            game.presets,
        )
        for game in games()
    }
    listed = {
        listing.name: (
            listing.title,
            listing.aliases,
            listing.players,
            listing.presets_package,
            listing.default_preset,
            listing.presets,
        )
        for listing in BUILTIN_LISTINGS
    }
    assert len(BUILTIN_LISTINGS) == len(BUILTIN_GAME_MODULES)
    assert listed == {name: registered[name] for name in listed}


def test_cardtable_games_imports_none_of_the_games() -> None:
    """``cardtable games`` lists every shipped game and loads none of their engines."""
    probe = (
        "import sys\n"
        "from cardtable.cli import run\n"
        "sys.argv = ['cardtable', 'games', '--json']\n"
        "try:\n"
        "    run()\n"
        "except SystemExit:\n"
        "    pass\n"
        "games = ('cardtable.poker.', 'cardtable.piquet.', 'cardtable.preferans.')\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(games))\n"
        "print('loaded:', loaded, file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    assert '"name": "preferans"' in result.stdout
    assert "loaded: []" in result.stderr
