"""The half-whist said with its button in play, on a page beside two others.

Three people in three browsers: Anna plays a six, Vera (the first defender) passes, Boris (the
second) says half-whist with its button, and Vera, asked again, passes: the deal ends with no
play and the pulka writes Boris the half of the obligation (001_776ed664a35a376f.txt,
preferans rule 27; modern «полвиста»: the Code 3.8, `half_whist_levels`; docs/rules/preferans.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.engine.replay import replay
from cardtable.preferans.game import PreferansMatch
from server.harness import Server, shown_by_seq

from .test_browser import choose, wait_for_end
from .test_open_whist_page import _join, act_once
from .test_table_live import READ, Contexts, assert_no_hidden_card, contexts

__all__ = ["contexts"]

WANTS = {"Boris": ("half-whist", "pass"), "Vera": ("pass",)}
"""Boris and Vera pass in the auction; in the whist Vera passes, Boris says half-whist."""

HALF = ".controls button.move[data-move='half-whist']"


def _act(page: Any, name: str, offered: list[dict[str, Any]]) -> bool:
    for move in WANTS.get(name, ()):
        button = page.locator(f".controls button.move[data-move='{move}']")
        if button.count():
            if move == "half-whist":
                offered.append(page.evaluate(READ) | {"label": button.first.inner_text()})
            button.first.click()
            return True
    return choose(page)


def test_the_second_defender_says_half_whist_with_its_button_and_the_pulka_writes_it(
    server: Server, contexts: Contexts, output: Path
) -> None:
    """The button is offered to the second defender only, after the first passed, at a six.

    At every reading each page's half-whist button is there exactly when the engine gives its
    seat that move; once said and the first defender passes again, no card is played.
    """
    rules = {"half_whist_levels": [6, 7]}
    table = server.new_table("preferans", ["open", "open", "open"], deals=1, rules=rules)
    names = ["Boris", "Anna", "Vera"]
    pages = {name: _join(contexts(), server, table, name) for name in names}
    readings: list[dict[str, Any]] = []
    offered: list[dict[str, Any]] = []
    for _ in range(300):
        pages["Anna"].wait_for_timeout(30)
        for page in pages.values():
            reading = page.evaluate(READ)
            reading["half"] = page.locator(HALF).count()
            readings.append(reading)
        if all(page.locator(".ended").count() for page in pages.values()):
            break
        said = len(offered)
        if not act_once(pages, lambda page, name: _act(page, name, offered)):
            pages["Anna"].wait_for_timeout(200)
        elif not said and offered:
            pages["Boris"].screenshot(path=str(output / "preferans-half-whist-1280.png"))
    wait_for_end(pages["Anna"])
    assert offered, "the half-whist button was never offered"
    assert offered[0]["seat"] == "0"
    assert offered[0]["label"] == "half-whist"
    record = server.record(table["id"])
    (deal,) = record.deals
    assert [a for a in deal.actions if "whist" in a][-1:] == ["half-whist"], deal.actions
    assert not [a for a in deal.actions if a.startswith("play")], "a card was played"
    match = replay(record)
    assert isinstance(match, PreferansMatch)
    halves = [
        str(entry)
        for entry in match.sheet.entries
        if entry.player == "Boris" and entry.on == "Anna" and entry.why.key == "half-whist"
    ]
    assert halves, "the pulka wrote no half-whist"
    shown = shown_by_seq(record)
    for reading in readings:
        if not reading["seq"]:
            continue
        seat = int(reading["seat"])
        expected = shown[reading["seq"]][seat]
        wanted = expected.to_move == seat and "half-whist" in (expected.legal or [])
        assert bool(reading["half"]) == wanted, (reading["seat"], reading["seq"])
    assert_no_hidden_card(server, table["id"], readings)
