"""Dealer's choice as a menu: the person deals, picks a game in the page, and it is dealt.

002_053e85955f9a4108.txt, "Выбор сдающего" ("последний выбирает вид игры ... Он назначает
любые козыри"); docs/web.md, "The poker table". The bots check and call and choose the
table's own game for their deals.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server.harness import Server, shown_by_seq

from .test_browser import READ_DOM, check_against_the_engine, wait_for_change, wait_for_end
from .test_poker_page import _act

RULES = {"session": {"dealers_choice": "deal"}}

OWN = {
    "name": "my-spit",
    "title": "My spit in the ocean",
    "players_max": 8,
    "board_exactly": 1,
    "steps": [
        {"do": "deal", "down": 4},
        {"do": "board", "up": 1},
        {"do": "bet", "opens": "left"},
    ],
    "hands": {"wild": ["deuces"]},
}


def _play_choosing(
    server: Server, browser: Any, choose: Callable[[Any], None]
) -> tuple[Any, dict[str, Any], list[dict[str, Any]], list[str]]:
    """A hold'em table of three deals at which ``choose`` makes the person's choice."""
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
    done = {"drawn": 0, "declared": 0, "slid": 1}
    for _ in range(400):
        page.wait_for_timeout(30)
        readings.append(page.evaluate(READ_DOM))
        variant = page.locator(".poker-centre .variant")
        variants.append(variant.inner_text() if variant.count() else "")
        if page.locator(".ended").count():
            break
        seq, chosen = readings[-1]["seq"], page.locator("[aria-pressed=true]").count()
        if page.locator("#dealer-choice").count():
            choose(page)
        elif not _act(page, done):
            page.wait_for_timeout(150)
            continue
        wait_for_change(page, seq, chosen)
    wait_for_end(page)
    assert not errors, errors
    check_against_the_engine(server, page, readings, "poker")
    return page, table, readings, variants


def test_the_dealer_picks_a_game_and_its_wild_cards_from_the_menu_and_they_are_dealt(
    server: Server, browser: Any, output: Path
) -> None:
    """Between deals the dealer is shown the games and wild cards offered; his pick is dealt.

    At every step of the draw with deuces wild the cards marked wild are the view's.
    """
    offered: list[list[str]] = []

    def choose(page: Any) -> None:
        offered.append(page.locator("#dealer-choice option").all_inner_texts())
        page.select_option("#dealer-choice", "draw")
        page.select_option("#dealer-wild", "choose draw wild deuces")
        page.screenshot(path=str(output / "poker-dealers-choice-1280.png"), full_page=True)
        page.click("#deal-chosen")

    _, table, readings, variants = _play_choosing(server, browser, choose)
    assert offered
    assert offered[0][0] == "holdem", "the table's own game is offered first"
    record = server.record(table["id"])
    befores = [deal.before for deal in record.deals]
    number = befores.index(("choose draw wild deuces",))
    assert all(before == ("choose holdem",) for before in befores[:number]), befores
    assert "draw" in variants
    shown = shown_by_seq(record)
    marked = [r for r in readings if r["seq"] and shown[r["seq"]][0].view["wild"]]
    assert all(set(r["wild"]) == set(shown[r["seq"]][0].view["wild"]) for r in readings if r["seq"])
    assert all(card.startswith("2") for r in marked for card in r["wild"])


def test_the_dealer_deals_a_variant_of_his_own_and_a_broken_one_is_refused_with_the_reason(
    server: Server, browser: Any
) -> None:
    """Выбор сдающего: «любой новый и легко объяснимый вариант, который разработал он сам».

    His variant, typed as the JSON of a ``[rules.variant]`` table (docs/rules/poker-variants.md),
    is dealt; one the server cannot read is refused with its sentence and changes nothing.
    """
    refusals: list[str] = []

    def choose(page: Any) -> None:
        if not page.locator(".own-variant[open]").count():
            page.click(".own-variant summary")
        if not refusals:
            page.fill("#own-variant", '{"name": "broken"')
            page.click("#deal-own")
            page.wait_for_selector(".refusal")
            refusals.append(page.locator(".refusal").inner_text())
        page.fill("#own-variant", json.dumps(OWN, indent=2))
        page.click("#deal-own")

    _, table, _, variants = _play_choosing(server, browser, choose)
    assert refusals
    assert "the dealer's variant" in refusals[0], refusals
    befores = [deal.before for deal in server.record(table["id"]).deals]
    prefix = "choose-own "
    own = [json.loads(b[0].removeprefix(prefix)) for b in befores if b[0].startswith(prefix)]
    assert own, befores
    assert all(variant == OWN for variant in own), befores
    assert "my-spit" in variants, variants
