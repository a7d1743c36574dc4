"""The lobby page shows the lobby a page at a time, and more on demand."""

from __future__ import annotations

from typing import Any

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
