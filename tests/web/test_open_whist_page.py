"""Open whist laid out on screen: each page shows the hands laid open and no other.

Three people in three browsers and a spectator: Anna bids and plays, Boris whists alone and
chooses to whist open, Vera passes. From the declarer's first card both defenders' hands lie
face up (001_776ed664a35a376f.txt, preferans rule 28, «в светлую»: «после первого хода
играющего»; docs/rules/preferans.md, "One whister"): at every step each page shows at each
other seat exactly the cards the engine shows that page's seat open there, and no card at a
seat whose hand is closed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from server.harness import Server, shown_by_seq

from .test_browser import choose, wait_for_change, wait_for_end
from .test_table_live import READ, Contexts, assert_no_hidden_card, contexts

__all__ = ["contexts"]

PANELS = """() => Object.fromEntries([...document.querySelectorAll('.felt .seat[data-seat]')]
  .map((e) => [e.dataset.seat, [...e.querySelectorAll('.cards [data-card]')]
    .map((c) => c.dataset.card)]))"""

WANTS = {"Boris": ("whist", "open", "pass"), "Vera": ("pass",)}
"""Boris passes in the auction, whists and whists open; Vera passes; Anna plays the game."""


def _act(page: Any, name: str) -> bool:
    for move in WANTS.get(name, ()):
        button = page.locator(f".controls button.move[data-move='{move}']")
        if button.count():
            button.first.click()
            return True
    return choose(page)


def act_once(pages: dict[str, Any], act: Callable[[Any, str], bool]) -> bool:
    """The first page whose person ``act`` moves for makes one move, and it is waited for."""
    for name, page in pages.items():
        seq = int(page.locator(".table").get_attribute("data-seq") or 0)
        chosen = page.locator("[aria-pressed=true]").count()
        if not page.locator(".ended").count() and act(page, name):
            wait_for_change(page, seq, chosen)
            return True
    return False


def _join(context: Any, server: Server, table: dict[str, Any], name: str) -> Any:
    page = context.new_page()
    page.goto(f"{server.http}/tables/{table['id']}?invite={table['invite']}")
    page.fill("#name", name)
    page.click("#join")
    page.wait_for_selector(".table[data-seat]:not([data-seat='spectator'])")
    return page


def test_a_lone_whisters_open_hands_show_on_every_page_and_no_closed_hand_does(
    server: Server, contexts: Contexts, output: Path
) -> None:
    """The defenders' hands open after the declarer's first card, on every page alike.

    Before it no page shows them, and no page but his own ever shows the declarer's hand.
    """
    table = server.new_table("preferans", ["open", "open", "open"], deals=1)
    # Boris takes seat 0: the spectator's page has him at its bottom, his hand open there.
    names = ["Boris", "Anna", "Vera"]
    pages = {name: _join(contexts(), server, table, name) for name in names}
    watcher = contexts().new_page()
    watcher.goto(f"{server.http}/tables/{table['id']}")
    watcher.wait_for_selector(".table[data-seat='spectator']")
    readings: list[dict[str, Any]] = []
    shots: list[int] = []
    for _ in range(300):
        pages["Anna"].wait_for_timeout(30)
        for page in [*pages.values(), watcher]:
            reading = page.evaluate(READ)
            reading["panels"] = page.evaluate(PANELS)
            readings.append(reading)
        if not shots and any(readings[-1]["panels"].values()):
            shots.append(readings[-1]["seq"])
            watcher.screenshot(path=str(output / "preferans-open-whist-spectator-1280.png"))
            pages["Anna"].screenshot(path=str(output / "preferans-open-whist-1280.png"))
        if all(page.locator(".ended").count() for page in pages.values()):
            break
        if not act_once(pages, _act):
            pages["Anna"].wait_for_timeout(200)
    wait_for_end(pages["Anna"])
    assert shots, "the hands were never laid open"
    record = server.record(table["id"])
    shown = shown_by_seq(record)
    opened = set()
    for reading in readings:
        if not reading["seq"]:
            continue
        seat = None if reading["seat"] == "spectator" else int(reading["seat"])
        view = shown[reading["seq"]][seat].view
        expected = {str(s): sorted(cards) for s, cards in view["open_hands"]}
        for panel, cards in reading["panels"].items():
            want = expected.get(panel, [])
            assert sorted(cards) == want, f"seat {reading['seat']} seq {reading['seq']} at {panel}"
        assert set(expected) <= set(reading["panels"]), f"seq {reading['seq']}: a hand not laid"
        opened |= {(reading["seat"], panel) for panel in expected}
    # Each page saw the open hands of the defenders that are not its own.
    assert opened == {
        ("1", "0"),
        ("1", "2"),
        ("0", "2"),
        ("2", "0"),
        ("spectator", "0"),
        ("spectator", "2"),
    }, opened
    assert_no_hidden_card(server, table["id"], readings)
