"""The page's help: the move hint on the seat's turn and the rules panel, from the server."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardtable.engine import get_game, seeded_rng
from cardtable.engine.help import hint_parts
from server.harness import Server

from .test_browser import create_table

pytestmark = pytest.mark.timeout(180)

LATIN = re.compile("[A-Za-z`]")
"""A Latin letter or a backtick: a move left as the server's text on a Russian page."""


def test_the_page_tells_how_to_move_and_the_rules_of_the_table_in_its_language(
    server: Server, browser: Any
) -> None:
    """On his turn the player reads how to move in the buttons' words; the panel tells the rules.

    001_776ed664a35a376f.txt, piquet rules 9–10 (the exchange, 3 to 5 cards by default, or the
    talon refused); docs/web.md (the help panel); the page's language (web/static/i18n.js).
    """
    errors: list[str] = []
    page = create_table(server, browser, "piquet", errors)
    hint = page.wait_for_selector(".move-hint", timeout=60_000)
    assert hint is not None
    told = hint.inner_text()
    assert told.startswith("How to move: ")
    assert "discard " in told
    assert " cards" in told
    assert "`" not in told, "the page says the moves, it does not quote their texts"
    if page.locator("button.move[data-move='refuse talon']").count():
        assert "“I refuse the talon.”" in told
        assert "refuse talon" not in told
    page.click(".help-panel summary")
    exchange = page.wait_for_selector(".help-section[data-phase='exchange']")
    assert exchange is not None
    assert "The elder hand exchanges 3 to 5 cards" in exchange.inner_text()
    page.select_option("#language", "ru")
    russian = page.wait_for_selector(".help-section[data-phase='exchange'] >> text=Старший сносит")
    assert russian is not None
    said = page.wait_for_selector(".move-hint >> text=Как ходить")
    assert said is not None
    assert "снести " in said.inner_text()
    assert " карт" in said.inner_text()
    assert not LATIN.search(said.inner_text()), said.inner_text()
    assert not errors, errors


def test_the_preferans_auction_hint_says_the_bids_in_the_pages_words(
    server: Server, browser: Any
) -> None:
    """The auction's hint names pass and the span of the bids as the bid buttons do.

    001_776ed664a35a376f.txt, preferans rules 8–9 (the auction: pass or a higher bid); docs/web.md
    (the help panel, the page's language).
    """
    errors: list[str] = []
    page = create_table(server, browser, "preferans", errors)
    hint = page.wait_for_selector(".move-hint", timeout=60_000)
    assert hint is not None
    if "a bid from" in hint.inner_text():
        assert "pass; or " in hint.inner_text()
    assert "`" not in hint.inner_text()
    page.select_option("#language", "ru")
    said = page.wait_for_selector(".move-hint >> text=Как ходить")
    assert said is not None
    assert "пас" in said.inner_text()
    assert not LATIN.search(said.inner_text()), said.inner_text()
    assert not errors, errors


SAY_HINTS = """async ([cases, lang]) => {
  const { settings } = await import('/static/i18n.js');
  const { hintWords } = await import('/static/help.js');
  settings.lang = lang;
  return cases.map(([game, parts]) => hintWords(game, { hint: '', parts }));
}"""
"""The page's words for each hint's parts, in ``lang``."""


def _first_hint_of_each_phase(
    name: str, preset: str | None, seats: int, seed: int
) -> dict[str, list[dict[str, Any]]]:
    """The server's hint parts at the first move of each phase of a seeded deal of random moves."""
    game = get_game(name)
    rules = game.rules(preset)
    match = game.new_match(rules, [f"p{n}" for n in range(seats)], preset)
    match.start_deal(seeded_rng(seed))
    rng = seeded_rng(seed + 1)
    seen: dict[str, list[dict[str, Any]]] = {}
    while match.current is not None and match.to_move is not None:
        view: Any = match.view(match.to_move)
        legal = match.legal_actions()
        parts = game.move_hint_parts(rules, view, legal)
        seen.setdefault(view.phase, [part.to_data() for part in parts])
        match.apply(rng.choice(list(legal)))
    return seen


RUSSIAN_HINTS = [
    ("preferans", None, 3, "auction", "сказать «пас» или заявить игру от 6♠ до мизера"),
    ("preferans", None, 3, "discard", "снести 2 карты"),
    ("preferans", None, 3, "play", "сыграть карту"),
    ("piquet", None, 2, "exchange", "сказать «Отказываюсь от прикупа» или снести от 3 до 5 карт"),
    ("piquet", None, 2, "declare", "сказать «Пять карт», «Ничего» или «Капот!»"),
    ("poker", "holdem", 3, "bet", "сказать «пас» или «уравнять», или повысить ставку до 4"),
    ("poker", "draw", 3, "bet", "сказать «пас» или «чек», или поставить от 1 до 5"),
    (
        "poker",
        "draw",
        3,
        "draw",
        "сказать «остаюсь при своих» или сбросить на обмен от 1 до 3 карт",
    ),
]
"""Hints of a seeded deal (seed 4) and how a Russian page says each, whole."""


def test_a_russian_pages_move_hints_are_written_russian_phrases(
    server: Server, browser: Any
) -> None:
    """Each hint on a Russian page is a Russian phrase: a verb and what it takes, no Latin letter.

    A move said aloud is quoted («пас», «Отказываюсь от прикупа»), cards and amounts follow an
    infinitive in the accusative («снести 2 карты», «до мизера»); the high-low declaration in
    the seed's words (002_053e85955f9a4108.txt, Покер «Больше-меньше»: «идет» ли он на высший
    расклад, на низший или на оба; the draw's «Остаюсь при своих»). docs/web.md, the help.
    """
    cases: list[tuple[str, list[dict[str, Any]]]] = []
    wanted: list[str] = []
    for name, preset, seats, phase, sentence in RUSSIAN_HINTS:
        cases.append((name, _first_hint_of_each_phase(name, preset, seats, 4)[phase]))
        wanted.append(sentence)
    declarations = hint_parts(["declare high", "declare low", "declare both"])
    cases.append(("poker", [part.to_data() for part in declarations]))
    wanted.append("сказать «иду на высший», «иду на низший» или «иду на оба»")
    page = browser.new_page()
    page.goto(server.http + "/")
    said: list[str] = page.evaluate(SAY_HINTS, [cases, "ru"])
    assert said == wanted
    assert not [hint for hint in said if LATIN.search(hint)]
    english: list[str] = page.evaluate(SAY_HINTS, [cases, "en"])
    assert english[0] == "pass; or a bid from 6♠ to misère"
    assert english[-1] == "declare high; or declare low; or declare both"
