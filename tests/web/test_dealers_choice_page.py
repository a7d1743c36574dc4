"""Dealer's choice as a menu: the person deals, picks a game in the page, and it is dealt.

002_053e85955f9a4108.txt, "Выбор сдающего" ("последний выбирает вид игры"); docs/web.md,
"The poker table". The bots check and call and choose the table's own game for their deals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server.harness import Server

from .test_browser import READ_DOM, check_against_the_engine, wait_for_change, wait_for_end
from .test_poker_page import _act

RULES = {"session": {"dealers_choice": "deal"}}


def test_the_dealer_picks_a_game_from_the_menu_and_the_next_deal_is_that_game(
    server: Server, browser: Any, output: Path
) -> None:
    """Between deals the dealer is shown the games offered; the one he picks is dealt next."""
    table = server.new_table(
        "poker", ["open", "bot check-down", "bot check-down"], preset="holdem", rules=RULES, deals=4
    )
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.http}/tables/{table['id']}?invite={table['invite']}")
    page.fill("#name", "Anna")
    page.click("#join")
    page.wait_for_selector(".table[data-seq]")
    readings: list[dict[str, Any]] = []
    variants: list[str] = []
    picked: list[list[str]] = []
    done = {"drawn": 0, "declared": 0, "slid": 1}
    for _ in range(400):
        page.wait_for_timeout(30)
        readings.append(page.evaluate(READ_DOM))
        variant = page.locator(".poker-centre .variant")
        variants.append(variant.inner_text() if variant.count() else "")
        if page.locator(".ended").count():
            break
        seq, chosen = readings[-1]["seq"], page.locator("[aria-pressed=true]").count()
        menu = page.locator("#dealer-choice")
        if menu.count():
            offered = menu.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
            page.select_option("#dealer-choice", "choose draw")
            page.screenshot(path=str(output / "poker-dealers-choice-1280.png"))
            picked.append(offered)
            page.click("#deal-chosen")
        elif not _act(page, done):
            page.wait_for_timeout(150)
            continue
        wait_for_change(page, seq, chosen)
    wait_for_end(page)
    assert not errors, errors
    check_against_the_engine(server, page, readings, "poker")
    assert picked, [deal.before for deal in server.record(table["id"]).deals]
    assert picked[0][0] == "choose holdem", "the table's own game is offered first"
    record = server.record(table["id"])
    number = next(n for n, deal in enumerate(record.deals) if deal.before == ("choose draw",))
    assert all(deal.before == ("choose holdem",) for deal in record.deals[:number])
    # The deal after the choice is draw poker, and the page said so on the table.
    assert "draw" in variants
    dealt = [v for v in dict.fromkeys(v for v in variants if v)]
    assert dealt.index("draw") == (0 if number == 0 else 1), dealt
