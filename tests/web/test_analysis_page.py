"""After a preferans deal, the "analyse" view: every card played with its double-dummy value.

docs/web.md, "Analysing a preferans deal"; docs/solver.md (the solver that values the cards).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from cardtable.preferans.analysis import judge_record
from server.harness import Server

from .test_browser import choose, wait_for_change, wait_for_end

PLAY_SECONDS = 600.0
"""How long the page may take to play its seat's part of the deal."""

JUDGED = """() => [...document.querySelectorAll('.analysis figure.judged')].map((f) => ({
  card: f.dataset.played, cost: Number(f.dataset.cost),
  value: f.querySelector('.value').textContent,
  best: f.querySelector('.best')?.textContent ?? null}))"""


def _pass_then_whist(page: Any) -> bool:
    """Pass in the auction and whist any game declared, so that the deal is played."""
    for wanted in ("whist", "pass"):
        button = page.locator(f".controls button.move[data-move='{wanted}']")
        if button.count():
            button.first.click()
            return True
    return False


def _a_deal_played(server: Server, page: Any) -> str:
    page.goto(server.http + "/")
    page.fill("#deals", "1")
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")
    # Bounded by time, not by a count of looks: the bots' turns take longer on a busy machine,
    # and a seat that stops answering is played by the server instead of the test.
    deadline = time.monotonic() + PLAY_SECONDS
    while time.monotonic() < deadline:
        page.wait_for_timeout(30)
        if page.locator(".ended").count():
            break
        seq = int(page.locator(".table").get_attribute("data-seq") or 0)
        chosen = page.locator("[aria-pressed=true]").count()
        if not _pass_then_whist(page) and not choose(page):
            page.wait_for_timeout(200)
            continue
        wait_for_change(page, seq, chosen)
    wait_for_end(page)
    url: str = page.url
    return url.rstrip("/").split("/")[-1]


def test_each_card_of_a_finished_preferans_deal_is_marked_with_its_value_and_the_best(
    server: Server, browser: Any, output: Path
) -> None:
    """The page lays out the solver's judgement of every card played, trick by trick."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = _a_deal_played(server, page)
    judged = judge_record(server.record(table), 1)
    assert judged, "the deal was played, and its cards are judged"
    page.click(".analysis-opener summary")
    page.click("#analysis-open")
    page.wait_for_selector(".analysis figure.judged", timeout=60_000)
    page.screenshot(path=str(output / "preferans-analysis-1280.png"), full_page=True)
    shown = page.evaluate(JUDGED)
    assert [(card["card"], card["cost"]) for card in shown] == [
        (j.card.text(), j.cost) for j in judged
    ]
    for card, judgement in zip(shown, judged, strict=True):
        assert card["value"].endswith(str(judgement.declarer_tricks))
        if judgement.cost:
            assert card["best"] == "best: " + " ".join(c.text() for c in judgement.best)
    assert page.locator(".analysed-trick").count() == len({j.trick for j in judged})
    page.click(".analysis-close")
    assert not page.locator(".analysis").count()
    assert not errors, errors
