"""The page's help: the move hint on the seat's turn and the rules panel, from the server."""

from __future__ import annotations

from typing import Any

import pytest

from server.harness import Server

from .test_browser import create_table

pytestmark = pytest.mark.timeout(180)


def test_the_page_tells_how_to_move_and_the_rules_of_the_table_in_its_language(
    server: Server, browser: Any
) -> None:
    """On his turn the player reads how to type the move; the panel tells the table's rules.

    001_776ed664a35a376f.txt, piquet rule 9 (the exchange, 3 to 5 cards by default); docs/web.md
    (the help panel); the page's language (web/static/i18n.js).
    """
    errors: list[str] = []
    page = create_table(server, browser, "piquet", errors)
    hint = page.wait_for_selector(".move-hint", timeout=60_000)
    assert hint is not None
    assert hint.inner_text().startswith("How to move: ")
    assert "discard" in hint.inner_text()
    page.click(".help-panel summary")
    exchange = page.wait_for_selector(".help-section[data-phase='exchange']")
    assert exchange is not None
    assert "The elder hand exchanges 3 to 5 cards" in exchange.inner_text()
    page.select_option("#language", "ru")
    russian = page.wait_for_selector(".help-section[data-phase='exchange'] >> text=Старший сносит")
    assert russian is not None
    told = page.wait_for_selector(".move-hint >> text=Как ходить")
    assert told is not None
    assert "карт: `discard " in told.inner_text()
    assert not errors, errors
