"""A terminal seat and two browser seats finish a preferans deal at one server's table.

docs/tui.md, "A seat at a server's table": terminal and browser players sit at one table
through the same protocol. The browsers are Chromium pages driven by pointing (as in
tests/web); the terminal seat is :func:`play_remote` behind a screen answering with the moves
the server offered, its every frame checked against the engine once the table ends.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.client import TableAddress, TableClient, play_remote
from server.harness import Client, Server, leaks
from web.conftest import CHROMIUM, FLAGS, _missing
from web.test_browser import play_by_pointing

from .conftest import AutoScreen

pytestmark = pytest.mark.timeout(420)


@pytest.fixture
def chromium() -> Iterator[Any]:
    """Debian's Chromium through Playwright (skipped, saying why, where it is missing)."""
    reason = _missing()
    if reason is not None:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def _browser_joins(chromium: Any, link: str, name: str, seat: int) -> Any:
    page = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(link)
    page.fill("#name", name)
    page.click("#join")
    page.wait_for_selector(f".table[data-seat='{seat}']")
    return page


def test_a_terminal_seat_and_two_browser_seats_finish_a_preferans_deal_on_one_server(
    server: Server, chromium: Any
) -> None:
    """Issue 21, "Done means": a terminal seat and two browser seats finish a preferans deal."""
    table = server.new_table("preferans", ["open", "open", "open"], deals=1)
    link = server.http + table["invite_url"]
    address = TableAddress.parse(link)
    frames: list[dict[str, Any]] = []
    terminal = TableClient(address, address.join("Vera"), observer=frames.append)
    terminal.connect()
    screen = AutoScreen(seed=3)
    thread = threading.Thread(target=play_remote, args=(terminal, screen), daemon=True)
    thread.start()
    pages = [
        _browser_joins(chromium, link, name, seat) for seat, name in ((1, "Anna"), (2, "Boris"))
    ]

    play_by_pointing(pages, lambda: None, most=400)
    thread.join(120)

    assert not thread.is_alive()
    assert screen.ended["stopped"] is False
    assert screen.prompts, "the terminal seat moved"
    status = server.get(f"/api/tables/{table['id']}")
    assert status["status"] == "finished"
    assert [seat["name"] for seat in status["seats"]] == ["Vera", "Anna", "Boris"]
    record = server.record(table["id"])
    assert len(record.deals) == 1
    assert leaks(record, [Client("", seat=0, frames=frames)]) == []
