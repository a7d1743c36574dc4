"""A Russian page names poker's variants in Russian: in the lobby, at the table, in the menu.

002_053e85955f9a4108.txt names the games it describes («Семикарточный гвоздь», «Плюнь в
океан», «Валеты и выше» …); the page uses its names, and the names Russian players use for
the games outside it (docs/web.md, "The poker table").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.deal import Event
from cardtable.poker.help.words import TITLES_RU
from cardtable.poker.phrases import PHRASES
from server.harness import Server

from .test_dealers_choice_page import _play_choosing
from .test_event_sentences import SAY, _data

STATIC = Path(__file__).parents[2] / "src" / "cardtable" / "web" / "static"
"""The page's scripts."""

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)

SEED_NAMES = {
    "seven-card-stud": "Семикарточный гвоздь",
    "five-card-stud": "Пятикарточный гвоздь",
    "six-card-stud": "Шестикарточный гвоздь",
    "spit-in-the-ocean": "Плюнь в океан",
    "jacks-or-better": "Валеты и выше",
    "draw": "Покер с досдачей",
    "stud-lowball": "Гвоздь-мизер",
}
"""Variants and the seed's own headings for them (each preset's ``source``)."""


def _russian(browser: Any) -> None:
    browser.add_init_script("localStorage.setItem('ct.lang', 'ru')")


def test_every_variant_of_the_lobby_has_its_russian_name_on_a_russian_page(
    server: Server, browser: Any
) -> None:
    """The create form's presets and the lobby's list name each variant in Russian."""
    server.new_table("poker", ["open", "open"], preset="omaha")
    _russian(browser)
    page = browser.new_page()
    page.goto(server.http + "/")
    page.wait_for_selector("ul.lobby li")
    page.select_option("#game", "poker")
    options: list[list[str]] = page.eval_on_selector_all(
        "#preset option", "options => options.map((o) => [o.value, o.textContent])"
    )
    assert len(options) > 40
    english = [value for value, text in options if not CYRILLIC.search(text)]
    assert english == []
    named = dict(options)
    assert {name: named[name] for name in SEED_NAMES} == SEED_NAMES
    assert "(Омаха)" in page.locator("ul.lobby li").first.inner_text()


def test_the_table_and_the_dealers_menu_name_the_variants_in_russian(
    server: Server, browser: Any, output: Path
) -> None:
    """At a dealer's-choice table on a Russian page: the menu, the game dealt and the log.

    002_053e85955f9a4108.txt, "Выбор сдающего": the dealer names the game and its wild cards.
    """
    _russian(browser)
    menus: list[list[str]] = []

    def choose(page: Any) -> None:
        menus.append(page.locator("#dealer-choice option").all_inner_texts())
        page.screenshot(path=str(output / "poker-dealers-choice-ru-1280.png"), full_page=True)
        page.select_option("#dealer-choice", "draw")
        page.select_option("#dealer-wild", "choose draw wild deuces")
        page.click("#deal-chosen")

    page, table, _, variants = _play_choosing(server, browser, choose)
    assert menus
    assert [text for menu in menus for text in menu if not CYRILLIC.search(text)] == []
    assert menus[0][0] == "Техасский холдем", "the table's own game is offered first"
    shown = {variant for variant in variants if variant}
    assert shown == {"Техасский холдем", "Покер с досдачей"}
    befores = [before for deal in server.record(table["id"]).deals for before in deal.before]
    assert "choose draw wild deuces" in befores
    # The event the match makes of that move (cardtable.poker.match: the move's text, its
    # variant the rest after "choose ").
    values = {"variant": "draw wild deuces"}
    event = Event("choose", None, PHRASES["choose"].format_map(values), (), None, "choose", values)
    said = page.evaluate(SAY, [[["poker", _data(event)]], "ru"])
    assert said == ["сдающий выбирает игру: Покер с досдачей, козыри: двойки"]


def test_the_russian_rules_help_names_each_variant_as_the_page_does() -> None:
    """The rules panel and the lobby give a variant one Russian name: names.js and the help's.

    docs/web.md, "The poker table" (the variants' names) and the help panel; a preset
    without a Russian name fails here.
    """
    script = (STATIC / "names.js").read_text(encoding="utf-8")
    table = script.split("const VARIANTS_RU = {")[1].split("};")[0]
    page = dict(re.findall(r'^\s*"?([\w-]+)"?: "([^"]+)",', table, re.MULTILINE))
    assert page == TITLES_RU
    assert set(get_game("poker").presets) <= set(TITLES_RU)
