"""The create form's Russian words for every rule option, kept in the page's ``options.json``.

docs/web.md, "Playing": a Russian form says what each option means in Russian, in the seeds'
terms, where no sentence of the rules' help states it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from cardtable.engine.catalogue import BUILTIN_LISTINGS
from cardtable.engine.registry import get_game
from cardtable.engine.rules import describe_rules

MEANINGS = Path(__file__).parents[2] / "src/cardtable/web/static/options.json"
LATIN = re.compile("[A-Za-z]+")


def _option_names() -> dict[str, set[str]]:
    """Every option's dotted name of every preset, by game shipped with cardtable."""
    shipped = [get_game(listing.name) for listing in BUILTIN_LISTINGS]
    return {
        game.name: {
            info.name for preset in game.presets for info in describe_rules(game.rules(preset))
        }
        for game in shipped
    }


def test_every_option_of_every_preset_has_its_russian_meaning_and_no_other_is_kept() -> None:
    """A new option cannot be added without its Russian words; a removed one leaves none behind."""
    russian = json.loads(MEANINGS.read_text(encoding="utf-8"))["ru"]
    assert {game: set(meanings) for game, meanings in russian.items()} == _option_names()


def test_every_russian_meaning_is_a_russian_sentence_of_its_own() -> None:
    """No Latin word in a Russian meaning, none empty, and no two options of a game said alike."""
    russian: dict[str, dict[str, str]] = json.loads(MEANINGS.read_text(encoding="utf-8"))["ru"]
    latin = {
        f"{game}/{name}": LATIN.findall(text)
        for game, meanings in russian.items()
        for name, text in meanings.items()
        if LATIN.search(text) or not text
    }
    assert latin == {}
    for meanings in russian.values():
        assert len(set(meanings.values())) == len(meanings)
