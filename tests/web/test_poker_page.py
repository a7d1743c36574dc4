"""A person plays poker hands against bots in Chromium: hold'em, a draw, stud and high-low.

As in the preferans and piquet tests, every move is a click (the bet slider, the amount
buttons, the draw card by card, the declarations), the page's DOM is read at every step and
checked, once the table ends, against what the engine showed the person's seat at that seq.
The bots check and call down, so that the hands reach the showdown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.harness import Server, shown_by_seq

from .test_browser import READ_DOM, check_against_the_engine, wait_for_change, wait_for_end
from .test_table_live import READ, Contexts, assert_no_hidden_card, contexts

__all__ = ["contexts"]

POKER_DOM = """() => ({
  board: document.querySelectorAll('.board [data-card]').length,
  upOthers: document.querySelectorAll('.poker-seat .cards [data-card]').length,
  named: [...document.querySelectorAll('.hand-named')].map((e) => e.textContent),
  wins: [...document.querySelectorAll('.showdown li.win')].map((e) => e.textContent),
  pots: document.querySelectorAll('.pot').length,
  button: document.querySelectorAll('.button-chip').length,
  seq: Number(document.querySelector('.table')?.dataset.seq),
  seat: document.querySelector('.table')?.dataset.seat,
  bets: [...document.querySelectorAll('.bet-chip')].map((e) =>
    [e.closest('[data-seat]')?.dataset.seat ?? 'me', e.textContent]),
})"""


def _new_poker_table(page: Any, server: Server, preset: str, deals: int) -> None:
    page.goto(server.http + "/")
    page.select_option("#game", "poker")
    page.select_option("#preset", preset)
    page.select_option("#seat-count", "3")
    for seat in (1, 2):
        page.select_option(f"#seat-{seat}", "bot check-down")
    page.fill("#deals", str(deals))
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")


def _act(page: Any, done: dict[str, int]) -> bool:
    """One move by pointing: draw one card, declare, raise once with the slider, bet, call."""
    confirm = page.locator("button.confirm:not([disabled])")
    if confirm.count():
        confirm.first.click()
        done["drawn"] += 1
        return True
    pick = page.locator(".pos-me button.card[aria-pressed='false']:not([disabled])")
    if page.locator("button.confirm").count() and pick.count():
        pick.first.click()
        return True
    declare = page.locator(".declarations button.move")
    if declare.count():
        declare.last.click()
        done["declared"] += 1
        return True
    slider = page.locator(".bet-slider")
    if slider.count() and not done["slid"]:
        slider.focus()
        page.keyboard.press("End")
        page.locator(".bet-send").click()
        done["slid"] += 1
        return True
    opening = page.locator(".amounts button.move")
    if opening.count() and page.locator(".controls button.move[data-move='check']").count():
        opening.first.click()  # bet where nobody has: a deal everyone checks is void
        return True
    for wanted in ("check", "call"):
        button = page.locator(f".controls button.move[data-move='{wanted}']")
        if button.count():
            button.click()
            return True
    plain = page.locator(".controls button.move:not([data-move='fold'])")
    if plain.count():
        plain.first.click()  # never fold: the hand is to reach its showdown
        return True
    return False


Readings = list[dict[str, Any]]


def _play(page: Any, steps: int = 400) -> tuple[Readings, Readings, dict[str, int]]:
    readings: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    done = {"drawn": 0, "declared": 0, "slid": 0}
    for _ in range(steps):
        page.wait_for_timeout(30)
        readings.append(page.evaluate(READ_DOM))
        tables.append(page.evaluate(POKER_DOM))
        if page.locator(".ended").count():
            break
        seq, chosen = readings[-1]["seq"], page.locator("[aria-pressed=true]").count()
        if not _act(page, done):
            page.wait_for_timeout(150)
            continue
        wait_for_change(page, seq, chosen)
    wait_for_end(page)
    return readings, tables, done


def _join(context: Any, server: Server, table: dict[str, Any], name: str) -> Any:
    """A person in his own browser takes a seat at ``table`` from its invite link."""
    page = context.new_page()
    page.goto(f"{server.http}/tables/{table['id']}?invite={table['invite']}")
    page.fill("#name", name)
    page.click("#join")
    page.wait_for_selector(".table[data-seat]:not([data-seat='spectator'])")
    return page


def _play_all(pages: list[Any], steps: int = 600) -> tuple[Readings, Readings, dict[str, int]]:
    """Every person plays by pointing in his own browser until the table ends."""
    readings: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    done = {"drawn": 0, "declared": 0, "slid": 0}
    for _ in range(steps):
        pages[0].wait_for_timeout(30)
        for page in pages:
            readings.append(page.evaluate(READ))
            tables.append(page.evaluate(POKER_DOM))
        if all(page.locator(".ended").count() for page in pages):
            break
        for page in pages:
            seq = int(page.locator(".table").get_attribute("data-seq") or 0)
            chosen = page.locator("[aria-pressed=true]").count()
            if not page.locator(".ended").count() and _act(page, done):
                wait_for_change(page, seq, chosen)
                break
        else:
            pages[0].wait_for_timeout(150)
    for page in pages:
        wait_for_end(page)
    return readings, tables, done


@pytest.mark.parametrize(
    ("preset", "deals"),
    [("holdem", 2), ("draw", 3), ("seven-card-stud", 1), ("seven-card-stud-high-low", 1)],
)
def test_three_people_in_three_browsers_play_poker_hands_and_no_page_shows_a_hidden_card(
    server: Server, contexts: Contexts, output: Path, preset: str, deals: int
) -> None:
    """Hold'em, five-card draw, seven-card stud and stud high-low, each to its showdown.

    Each seat is played in its own browser context. docs/web.md, "The poker table";
    002_053e85955f9a4108.txt, "Вскрытие карт" (the hands still in are shown and the best takes
    the pot) and "Принципы, по которым делаются ставки" («Все ставки на игру собираются вместе
    в центре стола, образуя банк»: a round's bets stand before the seats only while it is
    played); docs/server.md, "What a seat is shown".
    """
    made = server.new_table("poker", ["open", "open", "open"], preset=preset, deals=deals)
    pages = [_join(contexts(), server, made, name) for name in ("Anna", "Boris", "Vera")]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda error: errors.append(str(error)))
    readings, tables, done = _play_all(pages)
    pages[0].screenshot(path=str(output / f"poker-{preset}-end-1280.png"))
    assert not errors, errors
    assert {reading["seat"] for reading in readings} == {"0", "1", "2"}, "one browser a seat"
    assert_no_hidden_card(server, made["id"], readings)
    assert all(table["button"] == 1 and table["pots"] == 1 for table in tables[3:-3])
    assert any(table["wins"] and "pot" in table["wins"][0] for table in tables)
    assert any(named for table in tables for named in table["named"])
    assert done["slid"], "the bet slider was never used"
    after = _bets_out_of_their_round(server, made["id"], tables)
    assert after, "no reading came after a round with bets"
    if preset == "holdem":
        assert max(table["board"] for table in tables) == 5
    if preset == "draw":
        assert done["drawn"], "no card was drawn"
    if preset.startswith("seven-card-stud"):
        assert max(table["upOthers"] for table in tables) >= 4
    if preset.endswith("high-low"):
        assert done["declared"], "no declaration was made"
        assert any("high" in win or "low" in win for table in tables for win in table["wins"])


def _bets_out_of_their_round(server: Server, table_id: str, tables: Readings) -> int:
    """Check that each reading shows a bet before a seat exactly while its round is played.

    In the betting phase the chips before the seats are the view's bets of the round; in any
    other phase (a draw, a declaration, the showdown) none, though the view still holds the
    last round's bets, which are in the pot. Returns how many readings were of a phase after
    a round with bets, so that the caller knows the check could fail.
    """
    shown = shown_by_seq(server.record(table_id))
    after = 0
    for table in tables:
        if not table["seq"]:
            continue
        seat = int(table["seat"])
        view = shown[table["seq"]][seat].view
        bets = view["bets"] if view["phase"] == "bet" else []
        wanted = {(str(n), f"bet {bet}") for n, bet in enumerate(bets) if bet}
        chips = {(str(seat) if where == "me" else where, text) for where, text in table["bets"]}
        assert chips == wanted, f"seat {seat} at seq {table['seq']} ({view['phase']})"
        after += view["phase"] != "bet" and any(view["bets"])
    return after


def test_the_cards_wild_for_the_seat_are_marked_and_no_other_card_is(
    server: Server, browser: Any, output: Path
) -> None:
    """The lowest hole card wild: at every step the page marks exactly the engine's wild cards.

    Seven-card stud with each player's lowest hole card wild, for its holder.

    002_053e85955f9a4108.txt, «Семикарточный гвоздь»: "козырь — младшая «забивная» карта";
    docs/web.md, "The poker table".
    """
    page = browser.new_page()
    _new_poker_table(page, server, "seven-card-stud-low-hole-wild", 1)
    readings, _, _ = _play(page)
    page.screenshot(path=str(output / "poker-low-hole-wild-end-1280.png"))
    check_against_the_engine(server, page, readings, "poker")
    shown = shown_by_seq(server.record(page.url.rstrip("/").split("/")[-1]))
    marked = 0
    for reading in readings:
        if reading["seq"]:
            wild = set(shown[reading["seq"]][0].view["wild"])
            assert set(reading["wild"]) == wild, f"seq {reading['seq']}"
            marked += bool(wild)
    assert marked, "no wild card was ever marked"


def test_on_a_phone_the_poker_table_and_the_bet_controls_fit_the_screen(
    server: Server, browser: Any, output: Path
) -> None:
    """At 390×844 nothing runs off the side: the seats, the board and every bet control.

    docs/web.md, "The poker table" (on a phone the seats stack above the board and the hand).
    """
    page = browser.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    _new_poker_table(page, server, "holdem", 1)
    page.wait_for_selector(".bet-slider", timeout=30_000)
    page.screenshot(path=str(output / "poker-holdem-390.png"), full_page=True)
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390
    boxes = page.eval_on_selector_all(
        ".oval, .poker-seat, .pos-me, .controls button, .bet-slider",
        "(es) => es.map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })",
    )
    assert boxes
    assert all(left >= 0 and right <= 390 for left, right in boxes), boxes


HOUSE_DOM = """() => [...document.querySelectorAll('.poker-centre .kitty, .poker-centre .house')]
  .map((e) => e.className + ' ' + e.textContent)"""


def test_the_kitty_and_the_house_are_on_the_table_with_the_ledger_amounts(
    server: Server, browser: Any
) -> None:
    """Every pot pays a unit into the kitty and a tenth to the house; the table shows both.

    002_053e85955f9a4108.txt, «Банк» ("обычно в него перечисляется одна ставочная единица из
    всех банков ... в которых победитель имел определенный расклад и выше") and «Покер» в
    клубах и казино (the house's percentage); docs/web.md, "The poker table".
    """
    rules = {"house": {"kitty": "hand", "kitty_hand": "high card", "rake_percent": 10}}
    table = server.new_table(
        "poker", ["open", "bot check-down", "bot check-down"], preset="holdem", rules=rules, deals=2
    )
    page = browser.new_page()
    page.goto(f"{server.http}/tables/{table['id']}?invite={table['invite']}")
    page.fill("#name", "Anna")
    page.click("#join")
    page.wait_for_selector(".poker-centre .kitty")
    assert page.evaluate(HOUSE_DOM) == ["kitty Kitty 0", "house House 0"]
    seen: set[tuple[str, ...]] = set()
    done = {"drawn": 0, "declared": 0, "slid": 1}
    for _ in range(300):
        page.wait_for_timeout(30)
        seen.add(tuple(page.evaluate(HOUSE_DOM)))
        if page.locator(".ended").count():
            break
        seq = page.evaluate(READ_DOM)["seq"]
        if _act(page, done):
            wait_for_change(page, seq, 0)
    wait_for_end(page)
    first = server.record(table["id"]).deals[0].result
    assert first is not None
    kitty, house = int(str(first.ledger["kitty"])), int(str(first.ledger["house"]))
    assert kitty > 0, first.ledger
    assert house > 0, first.ledger
    # After the first deal the table shows what it paid; at the end the kitty is shared.
    assert (f"kitty Kitty {kitty}", f"house House {house}") in seen, seen
    names = page.locator(".score dt").all_inner_texts()
    assert "the house" in names, names
    assert not {"kitty", "house", "pot"} & set(names), names
