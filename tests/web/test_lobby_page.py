"""The lobby page: the lobby a page at a time, more on demand, and the create form.

The create form describes each preset in the page's language.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.rules import describe_rules
from cardtable.poker.help.words import HANDS_RU
from server.harness import Server


def test_the_lobby_page_shows_fifty_tables_and_the_rest_when_more_are_asked_for(
    server: Server, browser: Any
) -> None:
    """52 listed tables: the newest 50 are listed; "More tables" adds the last two, and goes.

    docs/server.md, "HTTP": the lobby comes in pages (``Link: rel="next"``).
    """
    made = [server.new_table("piquet", ["open", "open"])["id"] for _ in range(52)]
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http + "/")
    page.wait_for_selector("ul.lobby li")
    assert page.locator("ul.lobby li").count() == 50
    more = page.locator("#more-tables")
    more.click()
    page.wait_for_function("document.querySelectorAll('ul.lobby li').length === 52")
    assert more.is_hidden()
    shown = page.eval_on_selector_all(
        "ul.lobby li a[href$='?watch=1']", "links => links.map(a => a.pathname.split('/')[2])"
    )
    assert shown == made[::-1]
    assert not errors, errors


READ_DESCRIPTIONS = """async () => {
  const read = {};
  const game = document.querySelector('#game');
  for (const g of [...game.options].map((o) => o.value)) {
    game.value = g;
    game.dispatchEvent(new Event('change'));
    const preset = document.querySelector('#preset');
    read[g] = {};
    for (const p of [...preset.options].map((o) => o.value)) {
      preset.value = p;
      preset.dispatchEvent(new Event('change'));
      read[g][p] = document.querySelector('#preset-about').textContent;
    }
  }
  return read;
}"""
"""Every preset's description as the create form shows it, by game and preset, each chosen in
its menus as a person chooses it."""

LATIN = re.compile("[A-Za-z]+")


def _descriptions(server: Server, browser: Any, lang: str) -> dict[str, dict[str, str]]:
    browser.add_init_script(f"localStorage.setItem('ct.lang', '{lang}')")
    page = browser.new_page()
    page.goto(server.http + "/")
    page.wait_for_selector("#preset-about")
    read: dict[str, dict[str, str]] = page.evaluate(READ_DESCRIPTIONS)
    page.close()
    return read


def _served(server: Server) -> dict[str, dict[str, str]]:
    with urllib.request.urlopen(server.http + "/api/games") as answer:
        games = json.load(answer)
    return {game["name"]: game["preset_descriptions"] for game in games}


def test_a_russian_create_form_describes_every_preset_of_every_game_in_russian(
    server: Server, browser: Any
) -> None:
    """No preset's description on a Russian page has a Latin word; each is a sentence of its own.

    Issue 18's create-a-table form: "preset with its description", Russian and English chosen
    in the page; docs/web.md, "Playing" (its terms the seeds': 001_776ed664a35a376f.txt for
    preferans and piquet, 002_053e85955f9a4108.txt for poker, under each preset's ``source``).
    """
    served = _served(server)
    read = _descriptions(server, browser, "ru")
    assert {game: set(presets) for game, presets in read.items()} == {
        game: set(presets) for game, presets in served.items()
    }
    latin = {
        f"{game}/{preset}": LATIN.findall(text)
        for game, presets in read.items()
        for preset, text in presets.items()
        if LATIN.search(text) or not text
    }
    assert latin == {}
    said = [text for presets in read.values() for text in presets.values()]
    assert len(set(said)) == len(said), "each preset is described apart"


READ_OPTIONS = """async () => {
  const read = {};
  const game = document.querySelector('#game');
  document.querySelector('.rule-options').open = true;
  const loaded = async () => {
    while (!document.querySelector('.rule-option')) await new Promise((r) => setTimeout(r, 20));
  };
  for (const g of [...game.options].map((o) => o.value)) {
    game.value = g;
    game.dispatchEvent(new Event('change'));
    const preset = document.querySelector('#preset');
    for (const p of [...preset.options].map((o) => o.value)) {
      preset.value = p;
      preset.dispatchEvent(new Event('change'));
      await loaded();
      for (const row of document.querySelectorAll('.rule-option')) {
        const name = row.querySelector('[data-option]').dataset.option;
        read[`${g}/${p}/${name}`] = {
          about: row.querySelector('.option-about').textContent,
          boxes: [...row.querySelectorAll('.list-choice')].map((e) => e.textContent.trim()),
          menu: [...row.querySelectorAll('select option')].map((e) => e.textContent),
        };
      }
    }
  }
  return read;
}"""
"""What the create form says of every option of every preset of every game, by game, preset and
option, each preset chosen in its menus and its options opened as a person does it: its meaning
and range, and the labels of its boxes and of its menu's entries."""


def test_a_russian_create_form_says_every_option_of_every_preset_in_russian(
    server: Server, browser: Any
) -> None:
    """No rule option's meaning, range, box or menu entry on a Russian page has a Latin word.

    No English doc stands for a meaning, nor the server's name of a value for a menu's entry
    (the convention «сочинка», the limit system «банковский лимит»). An option naming kinds of
    hand (``house.bonus_hands``' boxes, ``house.kitty_hand``'s menu, …)
    names each as the Russian rules help does. Issue 18's create-a-table form: "rule options
    with their sources", Russian and English chosen in the page; docs/web.md, "Playing" (the
    rule options' meanings, ``options.json``, and values, ``choices.json``);
    002_053e85955f9a4108.txt, "Пределы ставок" and "Покерные расклады"
    and "Бонусы, или премиальные" («покер», стрит-флеш или каре).
    """
    browser.add_init_script("localStorage.setItem('ct.lang', 'ru')")
    page = browser.new_page()
    page.goto(server.http + "/")
    page.wait_for_selector("#preset-about")
    read: dict[str, dict[str, Any]] = page.evaluate(READ_OPTIONS)
    page.close()
    served = _served(server)
    assert {key.rsplit("/", 1)[0] for key in read} == {
        f"{game}/{preset}" for game, presets in served.items() for preset in presets
    }
    said = {key: " ".join([row["about"], *row["boxes"], *row["menu"]]) for key, row in read.items()}
    latin = {key: LATIN.findall(text) for key, text in said.items() if LATIN.search(text)}
    assert latin == {}
    named = _hand_options(read)
    assert {key.rsplit("/", 1)[1] for key in named} == {
        "house.bonus_hands",
        "house.kitty_hand",
        "limits.wangdoodle_trigger",
        "variant.hands.blaze_above",
    }
    for key, (shown, kinds) in named.items():
        assert shown == [HANDS_RU[kind.replace("_", " ")] for kind in kinds], key


def _hand_options(read: dict[str, Any]) -> dict[str, tuple[list[str], tuple[str, ...]]]:
    """Each poker option whose values are kinds of hand, with its labels and its values.

    The labels are its boxes' or its menu's as the form shows them, the values the server's.
    """
    poker = get_game("poker")
    named = {}
    for preset in poker.presets:
        for info in describe_rules(poker.rules(preset)):
            if info.choices and all(kind.replace("_", " ") in HANDS_RU for kind in info.choices):
                row = read[f"poker/{preset}/{info.name}"]
                named[f"poker/{preset}/{info.name}"] = (row["boxes"] or row["menu"], info.choices)
    return named


def test_an_english_create_form_describes_every_preset_as_the_server_does(
    server: Server, browser: Any
) -> None:
    """On an English page each preset's description is its preset file's ``description``."""
    assert _descriptions(server, browser, "en") == _served(server)


def test_the_create_form_shows_the_presets_options_and_makes_the_table_with_one_changed(
    server: Server, browser: Any
) -> None:
    """The form lists the preset's options with their clauses; a changed one is the table's rule.

    001_776ed664a35a376f.txt, piquet rule 9 (option ``elder_min_exchange``: the elder exchanges
    3 to 5 cards by default); docs/web.md, "Playing" (a new table's rule options).
    """
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http + "/")
    page.select_option("#game", "piquet")
    page.click(".rule-options summary")
    field = page.wait_for_selector("#rule-elder_min_exchange")
    assert field is not None
    assert field.input_value() == "3"
    row = page.locator(".rule-option", has=page.locator("#rule-elder_min_exchange"))
    assert "rule 9" in row.inner_text()
    assert page.locator(".rule-option").count() > 10
    field.fill("1")
    page.fill("#deals", "1")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")
    table_id = page.url.rstrip("/").split("/")[-1]
    help = server.get(f"/api/tables/{table_id}/help")
    exchange = next(s for s in help["sections"] if s["phase"] == "exchange")
    assert exchange["sentences"][0]["text"].startswith("The elder hand exchanges 1 to 5 cards")
    page.click(".help-panel summary")
    told = page.wait_for_selector(".help-section[data-phase='exchange']")
    assert told is not None
    assert "The elder hand exchanges 1 to 5 cards" in told.inner_text()
    assert not errors, errors


def test_the_create_form_says_an_option_in_the_pages_language_and_a_bad_one_by_its_name(
    server: Server, browser: Any
) -> None:
    """A Russian form says an option in its own Russian words; a bad value is refused by name.

    001_776ed664a35a376f.txt, piquet rule 9 (the elder's exchange, of 1 to 5 cards); docs/web.md,
    "Playing" (``options.json``).
    """
    page = browser.new_page()
    page.goto(server.http + "/")
    page.select_option("#language", "ru")
    # The lobby is drawn again in Russian once its lists come back: the form to fill is that one.
    page.wait_for_selector("h2:has-text('Новый стол')")
    page.select_option("#game", "piquet")
    page.click(".rule-options summary")
    page.wait_for_selector("#rule-elder_min_exchange")
    row = page.locator(".rule-option", has=page.locator("#rule-elder_min_exchange"))
    assert "Наименьшее число карт талона, которое берёт первый игрок" in row.inner_text()
    assert "(от 1 до 5)" in row.inner_text()
    page.fill("#rule-elder_min_exchange", "9")
    page.click("#create")
    refusal = page.wait_for_selector(".refusal:has-text('elder_min_exchange')")
    assert refusal is not None
    assert "\n" not in refusal.inner_text()
    assert page.locator(".table[data-seq]").count() == 0


def _settings_in_force(server: Server, table_id: str) -> dict[str, Any]:
    """Each option the table's help states, with the value in force (``/help``'s settings)."""
    help = server.get(f"/api/tables/{table_id}/help")
    return {
        setting["name"]: setting["value"]
        for section in help["sections"]
        for sentence in section["sentences"]
        for setting in sentence["settings"]
    }


def _new_table(page: Any, server: Server) -> str:
    page.fill("#deals", "1")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")
    return str(page.url.rstrip("/").split("/")[-1])


def test_a_list_option_is_chosen_by_boxes_or_fields_and_the_table_has_it_changed(
    server: Server, browser: Any
) -> None:
    """A list option is no JSON to type: its values are boxes or fields, and the table has them.

    001_776ed664a35a376f.txt, preferans (the levels a half-whist and a game without the talon
    are allowed at: ``half_whist_levels``, ``without_talon_levels``, 6 to 10, a box each);
    002_053e85955f9a4108.txt, Бонусы (``house.bonus_hands``, a box for each kind of hand) and
    the blinds (``forced.blinds``, a field for each, one added); docs/web.md, "Playing".
    """
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http + "/")
    page.select_option("#game", "preferans")
    page.select_option("#preset", "sochi")
    page.click(".rule-options summary")
    levels = page.wait_for_selector("#rule-half_whist_levels")
    assert levels is not None
    boxes = page.locator("#rule-half_whist_levels input[type=checkbox]")
    assert boxes.evaluate_all("(es) => es.map((e) => [e.value, e.checked])") == [
        ["6", True],
        ["7", False],
        ["8", False],
        ["9", False],
        ["10", False],
    ]
    assert not page.locator(".rule-option input[value^='[']").count(), "a level list as JSON"
    page.check("#rule-half_whist_levels-7")
    page.uncheck("#rule-without_talon_levels-9")
    preferans = _settings_in_force(server, _new_table(page, server))
    assert preferans["half_whist_levels"] == [6, 7]
    assert preferans["without_talon_levels"] == [10]

    page.goto(server.http + "/")
    page.select_option("#game", "poker")
    page.select_option("#preset", "holdem")
    page.click(".rule-options summary")
    blinds = page.wait_for_selector("#rule-forced\\.blinds")
    assert blinds is not None
    items = page.locator("#rule-forced\\.blinds .list-item")
    assert items.evaluate_all("(es) => es.map((e) => e.value)") == ["1", "2"]
    page.click("#rule-forced\\.blinds .list-add")
    items.nth(2).fill("2")
    page.fill("#rule-house\\.bonus", "5")  # a bonus, so that the help states its hands
    page.uncheck("[id='rule-house.bonus_hands-four of a kind']")
    poker = _settings_in_force(server, _new_table(page, server))
    assert poker["forced.blinds"] == [1, 2, 2]
    assert sorted(poker["house.bonus_hands"]) == ["royal flush", "straight flush"]
    assert not errors, errors


def test_a_menu_value_chosen_by_its_russian_name_makes_the_table_with_the_servers_value(
    server: Server, browser: Any
) -> None:
    """On a Russian page «ленинградка» is chosen by name and the table keeps ``leningrad``.

    The menu says each value in Russian (``choices.json``) and sends the server's name of it;
    docs/rules/preferans-scoring.md (the conventions); docs/web.md, "Playing".
    """
    page = browser.new_page()
    page.add_init_script("localStorage.setItem('ct.lang', 'ru')")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http + "/")
    page.select_option("#game", "preferans")
    page.select_option("#preset", "sochi")
    page.click(".rule-options summary")
    menu = page.wait_for_selector("#rule-convention")
    assert menu is not None
    assert menu.evaluate("(m) => m.selectedOptions[0].textContent") == "сочинка"
    page.select_option("#rule-convention", label="ленинградка")
    assert _settings_in_force(server, _new_table(page, server))["convention"] == "leningrad"
    assert not errors, errors


SEED_PRESETS = {"preferans": "classic-1992", "piquet": "seed", "poker": "draw"}
"""Each game's preset that plays its seed as written: docs/rules/preferans.md, "Presets"
(``classic-1992``, "the seed itself"); docs/rules/piquet.md (``seed``); docs/rules/poker-variants.md
(``draw``, «Покер с досдачей»: стандартный вариант)."""


def test_the_create_form_offers_each_games_seed_preset_first_and_deals_it_untouched(
    server: Server, browser: Any
) -> None:
    """A game picked in the form shows its seed's preset, and *Deal* untouched plays that preset.

    Issue 18, "Two clicks to a dealt hand: … pick a game (its seed preset by default)"; docs/web.md,
    "Playing".
    """
    page = browser.new_page()
    page.goto(server.http + "/")
    shown = {}
    for game in SEED_PRESETS:
        page.select_option("#game", game)
        shown[game] = page.locator("#preset").input_value()
    assert shown == SEED_PRESETS
    assert {game: get_game(game).default_preset for game in SEED_PRESETS} == SEED_PRESETS
    page.select_option("#game", "preferans")
    table = server.get(f"/api/tables/{_new_table(page, server)}")
    assert table["preset"] == "classic-1992"
