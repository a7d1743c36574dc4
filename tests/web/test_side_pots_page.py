"""Side pots drawn on the poker table as the engine splits them, on a spectator's page.

Four people play two deals of table-stakes hold'em over the wire while a spectator watches in
Chromium. In the first deal all fold to the big blind, so the stacks differ by his blinds; in
the second the big blind of the first folds and the others go all-in, one of them a chip
short: the chip each of the other two put in over him is a side pot between them alone
(002_053e85955f9a4108.txt, «Настольные ставки»: a player may not bet more than he has on the
table, and the pots beyond his are played without him; docs/web.md, "The poker table").
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from server.harness import Client, Server, shown_by_seq

from .test_table_live import Contexts, contexts

__all__ = ["contexts"]

POTS = """() => ({seq: Number(document.querySelector('.table')?.dataset.seq),
  pots: [...document.querySelectorAll('.centre .pots li')].map((e) => e.textContent)})"""

OUTSIDE = """() => { const felt = document.querySelector('.poker-felt').getBoundingClientRect();
  return [...document.querySelectorAll('.poker-seat')].filter((seat) => {
    const box = seat.getBoundingClientRect();
    return box.left < felt.left || box.right > felt.right; }).map((seat) => seat.dataset.seat); }"""
"""The seats whose boxes stand out of the felt to its left or right."""

SHOWN_FOR = 2.0
"""Seconds each move of the second deal waits, so that the page is read while pots stand."""


def _fold_once_then_all_in() -> Any:
    """A seat's chooser: its first move folds (or checks), every later one goes all-in."""
    moved: list[str] = []

    def choose(legal: list[str], _rng: Any) -> str:
        if not moved:
            moved.append("fold" if "fold" in legal else "check")
        else:
            time.sleep(SHOWN_FOR)
            moved.append(next(m for m in ("all-in", "call", "check") if m in legal))
        return moved[-1]

    return choose


def _play_in_a_thread(client: Client) -> threading.Thread:
    chooser = _fold_once_then_all_in()
    thread = threading.Thread(target=lambda: asyncio.run(client.play(chooser)), daemon=True)
    thread.start()
    return thread


def _expected(pots: list[int] | None) -> list[str]:
    # The page lists the pots only once there is more than the main one.
    if not pots or len(pots) < 2:
        return []
    return [f"main pot {pots[0]}", *(f"side pot {n}: {a}" for n, a in enumerate(pots[1:], 1))]


def test_a_short_all_in_makes_a_side_pot_that_the_page_lists_with_the_main_pot(
    server: Server, contexts: Contexts, output: Path
) -> None:
    """At every reading the spectator's page lists exactly the engine's pots at that seq."""
    rules = {"deals": 2, "limits": {"system": "table-stakes"}}
    table = server.new_table("poker", ["open"] * 4, preset="no-limit-holdem", rules=rules)
    tokens = [server.join(table, name) for name in ("Anna", "Boris", "Vera", "Gleb")]
    page = contexts().new_page()
    page.goto(f"{server.http}/tables/{table['id']}")
    page.wait_for_selector(".table[data-seat='spectator']")
    clients = [Client(server.socket_url(table["id"]), token) for token in tokens]
    threads = [_play_in_a_thread(client) for client in clients]
    readings: list[dict[str, Any]] = []
    deadline = time.monotonic() + 120
    while not page.locator(".ended").count():
        assert time.monotonic() < deadline, "the table did not end"
        readings.append(page.evaluate(POTS))
        if readings[-1]["pots"] and not any(r["pots"] for r in readings[:-1]):
            page.screenshot(path=str(output / "poker-side-pot-1280.png"))
            # Four round the oval: the seats at its sides lie inside the felt, not across it.
            assert page.evaluate(OUTSIDE) == []
        page.wait_for_timeout(50)
    for thread in threads:
        thread.join(30)
    shown = shown_by_seq(server.record(table["id"]), watched=frozenset({None}))
    sides = [r for r in readings if len(r["pots"]) > 1]
    assert sides, "no side pot was ever listed"
    assert sides[0]["pots"][1] == "side pot 1: 1"
    for reading in readings:
        if reading["seq"]:
            view = shown[reading["seq"]][None].view
            assert reading["pots"] == _expected(view.get("pots")), reading
