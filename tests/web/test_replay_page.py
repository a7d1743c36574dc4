"""The finished deal replayed step by step in the page, with buttons and keys, as seen.

docs/web.md, "Replaying a deal"; docs/server.md, "Downloads" (a seat sees its own views of
the deal; once the table has finished any seat's may be shown). At every step of the replay
the replay's DOM names no card the viewer had not been shown by that step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server.harness import Server, shown_by_seq

from .test_browser import _bids_of, _cards_of, create_table, named_cards
from .test_piquet_page import _play

READ_REPLAY = """() => {
  const replay = document.querySelector('.replay');
  if (!replay) return null;
  const parts = [];
  const walker = document.createTreeWalker(replay, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
  for (const element of replay.querySelectorAll('*')) {
    for (const attribute of element.attributes) parts.push(attribute.value);
  }
  return {step: Number(replay.dataset.step), text: parts.join('\\n'),
          cards: [...replay.querySelectorAll('[data-card]')].map((e) => e.dataset.card),
          hand: [...replay.querySelectorAll('.pos-me [data-card]')].map((e) => e.dataset.card)};
}"""


def _step_through(page: Any) -> list[dict[str, Any]]:
    """Home, then → to the end: one reading per step; End, ← and the buttons checked too."""
    page.keyboard.press("End")
    last = int(page.locator(".replay").get_attribute("data-step") or 0)
    assert last > 10, "a piquet deal has more than ten steps"
    page.keyboard.press("Home")
    assert page.locator(".replay").get_attribute("data-step") == "0"
    readings = [page.evaluate(READ_REPLAY)]
    for step in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f".replay[data-step='{step}']")
        readings.append(page.evaluate(READ_REPLAY))
    page.click(".replay [data-go=back]")
    assert page.locator(".replay").get_attribute("data-step") == str(last - 1)
    page.click(".replay [data-go=first]")
    assert page.locator(".replay").get_attribute("data-step") == "0"
    return readings


def test_a_finished_deal_is_replayed_step_by_step_showing_only_what_its_viewer_saw(
    server: Server, browser: Any, output: Path
) -> None:
    """Forward, back, first and last, by buttons and keys; the seat's eyes, then the table's."""
    errors: list[str] = []
    page = create_table(server, browser, "piquet", errors)
    _play(page, output)
    table_id = page.url.rstrip("/").split("/")[-1]
    shown = shown_by_seq(server.record(table_id))
    for viewer, who in (("0", 0), ("", None)):
        if not page.locator(".replay-opener[open]").count():
            page.click(".replay-opener summary")
        page.select_option("#replay-seat", viewer)
        page.click("#replay-open")
        page.wait_for_selector(".replay[data-step='0']")
        readings = _step_through(page)
        if who == 0:
            page.keyboard.press("End")
            page.screenshot(path=str(output / "piquet-replay-1280.png"))
        assert len(readings) == len(shown)
        for reading, seq in zip(readings, sorted(shown), strict=True):
            seen = shown[seq][who]
            allowed = seen.known | _cards_of(seen.view)
            hidden = named_cards(reading, _bids_of(seen.view, None)) - allowed
            assert not hidden, f"viewer {who}, step {reading['step']}: {sorted(hidden)}"
            mine = seen.view.get("hand", []) if who == 0 else []
            assert sorted(reading["hand"]) == sorted(mine), f"step {reading['step']}"
        page.keyboard.press("Escape")
        assert not page.locator(".replay").count()
    assert not errors, errors
