"""The page's help: the move hint on the seat's turn and the rules panel, from the server."""

from __future__ import annotations

import re
from typing import Any

import pytest

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
    assert "снос: " in said.inner_text()
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
