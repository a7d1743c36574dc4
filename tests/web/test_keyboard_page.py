"""A whole deal of each game played with the keys alone: Tab to a control, Enter or Space on it.

docs/web.md, "Playing" ("Keys": every card and button is a real button, Tab moves between them,
Enter or Space presses one).
"""

from __future__ import annotations

from typing import Any

import pytest

from server.harness import Server

from .test_browser import UNLABELLED, choose, create_table, wait_for_change

FOCUSED = "(control) => control === document.activeElement"
TABS = 300
"""More Tab presses than the page has controls: the one wanted is reached before."""


def by_keys(control: Any) -> None:
    """Tab through the page until ``control`` has the focus, then press it.

    Space presses a card, Enter any other button.
    """
    page = control.page
    for _ in range(TABS):
        if control.evaluate(FOCUSED):
            card = control.evaluate("(control) => control.classList.contains('card')")
            page.keyboard.press("Space" if card else "Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{TABS} presses of Tab never reached {control}")


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_a_whole_deal_is_played_with_the_keys_alone(
    server: Server, browser: Any, game: str
) -> None:
    """The person's every move is reached by Tab and pressed by a key, to the deal's end.

    The bids, a discard card by card and its confirm, whists, the cards of the play, the piquet
    exchange, the poker bets. At every step each control the page shows has a text label
    (issue 18: "every card and control has a text label").
    """
    errors: list[str] = []
    page = create_table(server, browser, game, errors)
    moves = 0
    unlabelled: set[str] = set()
    for _ in range(300):
        unlabelled.update(page.evaluate(UNLABELLED))
        if page.locator(".ended").count():
            break
        seq = int(page.locator(".table").get_attribute("data-seq") or 0)
        chosen = page.locator("[aria-pressed=true]").count()
        if choose(page, by_keys):
            moves += 1
            wait_for_change(page, seq, chosen)
        else:
            page.wait_for_timeout(200)
    assert page.locator(".ended").count(), "the deal did not finish"
    assert moves, "no move was made by the keys"
    assert not unlabelled, sorted(unlabelled)
    assert not errors, errors
