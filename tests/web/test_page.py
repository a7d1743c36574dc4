"""The page's words and settings, checked in Chromium against a real server: names, scores, indices.

Each test opens the real page; where a game must be played, bots play it by themselves.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from server.harness import Server

from .test_browser import create_table, wait_for_end


def test_bot_seats_are_named_as_players_read_them(server: Server) -> None:
    """A bot's kind ("default") is no name: each bot seat gets a person's name of its own.

    docs/web.md, "Playing": the seats show who plays; docs/server.md, "HTTP" (seat names are
    unique in a match).
    """
    table = server.new_table("preferans", ["open", "bot default", "bot default"])
    names = [seat["name"] for seat in table["seats"]]
    bots = [seat["bot"] for seat in table["seats"]]
    assert bots == [None, "default", "default"]
    assert names[0] is None
    assert len(set(names[1:])) == 2
    assert not {"default", "random"} & set(names[1:])
    assert all(re.fullmatch(r"[A-Z][a-z]+", name) for name in names[1:])


def test_the_log_names_each_seat_by_its_players_name_not_its_number(
    server: Server, browser: Any
) -> None:
    """The events' "seat 1 says pass" reads "Boris says pass" in the page.

    docs/web.md, "Playing" (the log of what happened, as the seat saw it).
    """
    table = server.new_table("preferans", ["bot random"] * 3, deals=1)
    page = browser.new_page()
    page.goto(f"{server.http}/tables/{table['id']}?watch=1")
    wait_for_end(page)
    log = page.locator(".log li").all_inner_texts()
    assert log
    assert not [line for line in log if re.search(r"\bseat \d", line)]
    names = [seat["name"] for seat in table["seats"]]
    assert any(line.startswith(names[1]) for line in log)


def test_the_index_selector_names_the_indices_in_use_in_either_language(
    server: Server, browser: Any
) -> None:
    """The card-index choice shows A K Q J or Т К Д В, never a blank.

    Until the player picks one, it follows the language.

    docs/web.md, "Playing" (Settings: card indices A K Q J or Т К Д В).
    """
    page = browser.new_page()
    page.goto(server.http + "/")
    page.select_option("#language", "en")
    chosen = "(s) => s.options[s.selectedIndex].textContent"
    assert page.eval_on_selector("#indices", chosen) == "A K Q J"
    page.select_option("#language", "ru")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    assert page.eval_on_selector("#indices", chosen) == "Т К Д В"
    page.select_option("#indices", "en")
    page.reload()
    assert page.eval_on_selector("#indices", chosen) == "A K Q J"
    options = page.eval_on_selector_all("#indices option", "(os) => os.map((o) => o.textContent)")
    assert options == ["A K Q J", "Т К Д В"]


def test_scores_are_written_as_players_write_them_not_as_fractions(
    server: Server, browser: Any
) -> None:
    """The server's exact "-10/3" whists is shown "−3.33"; whole numbers stay whole.

    docs/web.md, "Playing" (the score beside the table); docs/rules/preferans-scoring.md
    (a settlement may leave thirds of a whist).
    """
    page = browser.new_page()
    page.goto(server.http + "/")
    shown = page.evaluate(
        """async () => {
          const { scoreText } = await import('/static/i18n.js');
          return ['-10/3', '20/3', '7', '-4', '0', '5/2'].map(scoreText);
        }"""
    )
    assert shown == ["−3.33", "6.67", "7", "−4", "0", "2.5"]


SUIT_COLOURS = """() => Object.fromEntries([...document.querySelectorAll('.pos-me [data-card]')]
  .map((card) => [card.dataset.card, card.querySelector('svg text').getAttribute('fill')]))"""


def test_the_four_colour_option_draws_clubs_green_and_diamonds_blue(
    server: Server, browser: Any
) -> None:
    """Unticked, the suits are black and red; ticked, ♣ green and ♦ blue; the choice is kept.

    docs/web.md, "Playing" (Settings: four-colour suits, ♣ green, ♦ blue).
    """
    page = create_table(server, browser, "piquet", [])
    page.wait_for_selector(".pos-me [data-card]")
    two = page.evaluate(SUIT_COLOURS)
    page.check("#four-colours")
    four = page.evaluate(SUIT_COLOURS)
    page.reload()
    page.wait_for_selector(".pos-me [data-card]")
    kept = page.evaluate(SUIT_COLOURS)
    by_suit = {
        name: {card[-1]: colour for card, colour in drawn.items()}
        for name, drawn in (("two", two), ("four", four), ("kept", kept))
    }
    assert len(by_suit["two"]) >= 3, two
    assert set(by_suit["two"].values()) == {"#111", "#c8102e"}
    assert by_suit["two"].get("♣", "#111") == by_suit["two"].get("♠", "#111") == "#111"
    assert by_suit["four"] == by_suit["kept"]
    assert len(set(by_suit["four"].values())) == len(by_suit["four"]), "a colour for each suit"
    assert by_suit["four"].get("♣", "#1b7f2a") == "#1b7f2a"
    assert by_suit["four"].get("♦", "#1f5fbf") == "#1f5fbf"


PHONE = {"width": 360, "height": 740}
"""The narrowest common phone (issue 18: "a 360-pixel-wide phone")."""
BOXES = """(es) => es.filter((e) => e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect(); return [e.className.baseVal ?? e.className,
    r.left, r.right]; })"""


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_on_a_360_pixel_phone_the_table_fits_the_screen(
    server: Server, browser: Any, output: Path, game: str
) -> None:
    """At 360×740 nothing runs off the side: the seats, the hand, the moves and the side panel.

    docs/web.md, "Playing" (on a phone the seats stack above the hand and the moves).
    """
    page = browser.new_page()
    page.set_viewport_size(PHONE)
    page.goto(server.http + "/")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    page.select_option("#game", game)
    page.fill("#deals", "1")
    page.click("#create")
    page.wait_for_selector(".pos-me [data-card]")
    page.wait_for_selector(".controls button", timeout=30_000)
    page.screenshot(path=str(output / f"{game}-360.png"), full_page=True)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    boxes = page.eval_on_selector_all(
        ".table > *, .pos-me [data-card], .controls button, .seat-label, aside > *", BOXES
    )
    assert len(boxes) > 5
    outside = [box for box in boxes if box[1] < 0 or box[2] > PHONE["width"]]
    assert outside == []
