"""The log of a Russian page says every event in Russian, from the events' keys and values.

docs/web.md, "Events in the page's language": the server sends each event's phrase key and
values beside its English sentence, and the page says it from its own dictionary.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from server.harness import Server
from web.test_browser import play_by_pointing, wait_for_change, wait_for_end
from web.test_poker_page import _act

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
NAMES = """async () => {
  const id = location.pathname.split('/').pop();
  const table = await (await fetch(`/api/tables/${id}`)).json();
  return table.seats.map((seat) => seat.name).filter(Boolean);
}"""


def _russian_table(page: Any, server: Server, game: str, preset: str | None) -> None:
    """Anna picks Russian in the lobby and makes a one-deal table of ``game`` with bots."""
    page.goto(server.http + "/")
    page.select_option("#language", "ru")
    page.wait_for_selector("#create:has-text('Сдать')")
    page.select_option("#game", game)
    if preset is not None:
        page.select_option("#preset", preset)
    if game == "poker":  # bots that go to the showdown, where hands are named
        page.select_option("#seat-count", "3")
        for seat in (1, 2):
            page.select_option(f"#seat-{seat}", "bot check-down")
    page.fill("#deals", "1")
    page.fill("#name", "Анна")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")


def _play_poker(page: Any, steps: int = 400) -> None:
    done = {"drawn": 0, "declared": 0, "slid": 0}
    for _ in range(steps):
        if page.locator(".ended").count():
            return
        seq = int(page.locator(".table").get_attribute("data-seq") or 0)
        chosen = page.locator("[aria-pressed=true]").count()
        if _act(page, done):
            wait_for_change(page, seq, chosen)
        else:
            page.wait_for_timeout(150)
    wait_for_end(page)


def english_left(lines: list[str], names: list[str]) -> list[str]:
    """The lines that still hold an English word once the players' names are taken out."""
    left = []
    for line in lines:
        bare = line
        for name in sorted(names, key=len, reverse=True):
            bare = bare.replace(name, "")
        if LATIN_WORD.search(bare):
            left.append(line)
    return left


def test_the_check_finds_an_english_word_but_not_a_players_name() -> None:
    """A line naming a player with a Latin name is Russian; an English word is found."""
    assert english_left(["Bot 1 берёт взятку", "Bot 1 takes the trick"], ["Bot 1"]) == [
        "Bot 1 takes the trick"
    ]


@pytest.mark.parametrize(
    ("game", "preset"),
    [("preferans", None), ("piquet", None), ("poker", "holdem"), ("poker", "draw")],
)
def test_a_whole_deal_on_a_russian_page_leaves_no_english_sentence_in_the_log(
    server: Server, browser: Any, output: Path, game: str, preset: str | None
) -> None:
    """Every line of the log, after a whole deal played by pointing, is said in Russian."""
    errors: list[str] = []
    page = browser.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    _russian_table(page, server, game, preset)
    if game == "poker":
        _play_poker(page)
    else:
        play_by_pointing([page], lambda: None)
    wait_for_end(page)
    lines = page.locator(".log li").all_inner_texts()
    assert len(lines) > 10, lines
    page.screenshot(path=str(output / f"{game}-{preset or 'seed'}-log-ru-1280.png"), full_page=True)
    assert english_left(lines, page.evaluate(NAMES)) == []
    assert not errors, errors
