"""The page's words and settings, checked in Chromium against a real server: names, scores, indices.

Each test opens the real page; where a game must be played, bots play it by themselves.
"""

from __future__ import annotations

import re
from typing import Any

from server.harness import Server

from .test_browser import wait_for_end


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
