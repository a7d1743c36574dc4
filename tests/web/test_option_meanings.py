"""The create form's Russian words for every rule option, kept in the page's ``options.json``.

docs/web.md, "Playing": a Russian form says what each option means in Russian, in the seeds'
terms, where no sentence of the rules' help states it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

from cardtable.engine.catalogue import BUILTIN_LISTINGS
from cardtable.engine.registry import get_game
from cardtable.engine.rules import describe_rules
from cardtable.poker.help.words import HANDS_RU
from cardtable.poker.pots import CATEGORIES
from cardtable.poker.rules import BlazePlace

MEANINGS = Path(__file__).parents[2] / "src/cardtable/web/static/options.json"
NAMES = Path(__file__).parents[2] / "src/cardtable/web/static/names.js"
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


def test_the_form_names_each_kind_of_hand_in_russian_as_the_rules_help_does() -> None:
    """names.js's Russian kinds of hand are the poker help's, and name every value an option has.

    The create form's boxes of ``house.bonus_hands`` and menus of ``house.kitty_hand``,
    ``limits.wangdoodle_trigger`` and ``variant.hands.blaze_above`` say the kinds of hand in the
    words the Russian rules help says them (002_053e85955f9a4108.txt, "Покерные расклады");
    docs/web.md, "Playing". A kind of hand added on one side only fails here.
    """
    script = NAMES.read_text(encoding="utf-8")
    table = script.split("const HANDS_RU = {")[1].split("};")[0]
    page = {
        quoted or bare: name
        for quoted, bare, name in re.findall(
            r'^\s*(?:"([^"]+)"|(\w+)): "([^"]+)",$', table, re.MULTILINE
        )
    }
    assert page == HANDS_RU
    kinds = {*CATEGORIES, *(kind.replace("_", " ") for kind in get_args(BlazePlace))}
    assert kinds <= set(HANDS_RU), sorted(kinds - set(HANDS_RU))


CHOICES = Path(__file__).parents[2] / "src/cardtable/web/static/choices.json"


def _named_values() -> dict[str, dict[str, set[str]]]:
    """Each game's menu options but those of kinds of hand, with every value any preset offers."""
    shipped = [get_game(listing.name) for listing in BUILTIN_LISTINGS]
    named: dict[str, dict[str, set[str]]] = {}
    for game in shipped:
        for preset in game.presets:
            for info in describe_rules(game.rules(preset)):
                kinds = all(value.replace("_", " ") in HANDS_RU for value in info.choices)
                if info.choices and not kinds:
                    values = named.setdefault(game.name, {}).setdefault(info.name, set())
                    values.update(info.choices)
    return named


def test_every_value_of_every_menu_has_its_russian_name_and_no_other_is_kept() -> None:
    """A Russian form names each value of a menu in Russian, every value and only those.

    ``choices.json`` holds a Russian name for each value an option's menu offers (the kinds of
    hand are names.js's); a value added to the rules without its name, or a name left behind
    for a value removed, fails here. Each name is Russian, none empty, none said twice in one
    menu; the preferans conventions as players call them (docs/rules/preferans-scoring.md), the
    poker limit systems by the headings of 002_053e85955f9a4108.txt, "Пределы ставок".
    docs/web.md, "Playing".
    """
    russian: dict[str, dict[str, dict[str, str]]] = json.loads(CHOICES.read_text(encoding="utf-8"))[
        "ru"
    ]
    kept = {
        game: {name: set(titles) for name, titles in options.items()}
        for game, options in russian.items()
    }
    assert kept == _named_values()
    for options in russian.values():
        for name, titles in options.items():
            assert not [title for title in titles.values() if LATIN.search(title) or not title]
            assert len(set(titles.values())) == len(titles), name
    assert russian["poker"]["limits.system"]["pot"] == "банковский лимит"
    assert russian["preferans"]["convention"]["sochi"] == "сочинка"
