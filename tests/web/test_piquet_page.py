"""Two people, each in his own browser context, play a piquet deal: the declarations as a dialogue.

The exchange is chosen card by card; then the hands are declared as the seed's players speak
(001_776ed664a35a376f.txt, piquet rules 20–23): the first calls the number of his cards, the
other answers «годятся», «не годятся» or «равны», and a counted declaration may be demanded
to be shown. The page says each of these as a line of the exchange and offers the person's
own as buttons that say the phrase. At every step the DOM is read and, once the table ends,
checked against what the engine showed the seat (no card it may not see; the running counts
the view's), and the korolik sheet is the server's picture of the match.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server.harness import Server, shown_by_seq

from .test_browser import READ_DOM, build_by_cards, wait_for_change, wait_for_end
from .test_table_live import READ, Contexts, assert_no_hidden_card, contexts

__all__ = ["contexts"]

PIQUET_DOM = """() => ({
  seq: Number(document.querySelector('.table')?.dataset.seq ?? 0),
  said: [...document.querySelectorAll('.dialogue li.said')].map((li) => ({
    seat: Number(li.dataset.seat), phrase: li.querySelector('q').textContent,
    cards: li.querySelectorAll('[data-card]').length})),
  buttons: [...document.querySelectorAll('.piquet-words button.move')].map((b) => ({
    move: b.dataset.move, text: b.textContent})),
  counts: Object.fromEntries([...document.querySelectorAll('.running-counts span')].map((s) =>
    [s.dataset.seat, Number(s.textContent.split(' ').pop())])),
  prompt: document.querySelector('.declaring')?.textContent ?? null,
  hint: document.querySelector('.move-hint')?.textContent ?? null,
})"""

PHRASE_OF = {"good": "Good.", "not good": "Not good.", "equal": "Equal.", "demand": "Show me."}
PHRASE_OF |= {"trust": "I trust you.", "sink": "Nothing.", "look": "I look at the talon."}


def _speak(page: Any) -> bool:
    """One move by pointing: the exchange card by card, then the declarations' words."""
    if build_by_cards(page):
        return True
    # Call what one holds, answer truly, and ask to see what the other counted.
    for wanted in ("demand", "declare", "not good", "equal", "good", "look"):
        button = page.locator(f".piquet-words button.move[data-move^='{wanted}']")
        if button.count():
            button.first.click()
            return True
    for selector in (".piquet-words button.move", "button.card[data-move]:not([disabled])"):
        button = page.locator(selector)
        if button.count():
            button.first.click()
            return True
    return False


def _play(page: Any, output: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    readings: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    shot = False
    for _ in range(200):
        page.wait_for_timeout(30)
        if page.locator(".piquet-words button.move").count():
            page.wait_for_selector(".move-hint", timeout=5_000)
        readings.append(page.evaluate(READ_DOM))
        tables.append(page.evaluate(PIQUET_DOM))
        if page.locator(".ended").count():
            break
        if not shot and page.locator(".dialogue.at-table li").count() >= 2:
            page.screenshot(path=str(output / "piquet-declaring-1280.png"))
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(output / "piquet-declaring-390.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
            shot = True
        seq, chosen = readings[-1]["seq"], page.locator("[aria-pressed=true]").count()
        if not _speak(page):
            page.wait_for_timeout(150)
            continue
        wait_for_change(page, seq, chosen)
    wait_for_end(page)
    return readings, tables


def _join(context: Any, server: Server, table: dict[str, Any], name: str) -> Any:
    """A person in his own browser takes a seat at ``table`` from its invite link."""
    page = context.new_page()
    page.goto(f"{server.http}/tables/{table['id']}?invite={table['invite']}")
    page.fill("#name", name)
    page.click("#join")
    page.wait_for_selector(".table[data-seat]:not([data-seat='spectator'])")
    return page


def _read(page: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The page's DOM and its piquet parts, once its hint is there beside the person's words."""
    if page.locator(".piquet-words button.move").count():
        page.wait_for_selector(".move-hint", timeout=5_000)
    reading = page.evaluate(READ)
    table = page.evaluate(PIQUET_DOM)
    table["seat"] = reading["seat"]
    return reading, table


def _play_both(pages: list[Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Both people play the deal by pointing, each in his own browser, to its end."""
    readings: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    for _ in range(300):
        pages[0].wait_for_timeout(30)
        for page in pages:
            reading, table = _read(page)
            readings.append(reading)
            tables.append(table)
        if all(page.locator(".ended").count() for page in pages):
            break
        for page in pages:
            seq = int(page.locator(".table").get_attribute("data-seq") or 0)
            chosen = page.locator("[aria-pressed=true]").count()
            if not page.locator(".ended").count() and _speak(page):
                wait_for_change(page, seq, chosen)
                break
        else:
            pages[0].wait_for_timeout(150)
    for page in pages:
        wait_for_end(page)
    return readings, tables


def test_the_piquet_declarations_are_said_as_a_dialogue_and_answered_by_buttons(
    server: Server, contexts: Contexts, output: Path
) -> None:
    """Two people in two browsers declare to each other; each one's words are buttons saying them.

    001_776ed664a35a376f.txt, piquet rule 20 ("Первый игрок объявляет число карт своей самой
    длинной масти. Если противник имеет меньшее число карт, то он говорит, что они годятся.
    Если число карт у играющих одинаково, то говорится равны"), rule 23 (the cards declared
    are laid on the table "по первому требованию противника"); docs/web.md, "The piquet
    table" and its help (the hint in the buttons' words).
    """
    table_made = server.new_table("piquet", ["open", "open"], deals=1)
    pages = [_join(contexts(), server, table_made, name) for name in ("Anna", "Boris")]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda error: errors.append(str(error)))
    readings, tables = _play_both(pages)
    pages[0].screenshot(path=str(output / "piquet-end-1280.png"))
    assert not errors, errors
    assert {reading["seat"] for reading in readings} == {"0", "1"}, "one browser a seat"
    assert_no_hidden_card(server, table_made["id"], readings)

    shown = shown_by_seq(server.record(table_made["id"]))
    said = [line for table in tables for line in table["said"]]
    phrases = {line["phrase"] for line in said}
    # The first call is a number of cards; it is answered in the seed's words.
    assert any(phrase.endswith(" cards.") for phrase in phrases), phrases
    # An answer may go on to the next call ("Equal. 4 cards." when the points are equal too).
    assert any(p.startswith(("Good.", "Equal.", "Not good.")) for p in phrases), phrases
    assert {line["seat"] for line in said} == {0, 1}, "both players speak"
    # A demand is said, and the cards shown with it are laid out in the exchange.
    assert "Show me." in phrases or "I trust you." in phrases
    buttons = [button for table in tables for button in table["buttons"]]
    assert {table["seat"] for table in tables if table["buttons"]} == {"0", "1"}
    for button in buttons:
        if button["move"] in PHRASE_OF:
            assert button["text"] == PHRASE_OF[button["move"]]
        elif button["move"].startswith("declare point"):
            assert button["text"] == f"{button['move'].split()[-1]} cards."
    # Each reading of the counts is checked at its own seq, through its own seat's eyes.
    for table in tables:
        if table["seq"] and table["counts"]:
            view = shown[table["seq"]][int(table["seat"])].view
            assert table["counts"] == {str(s): n for s, n in view["counts"].items()}
    assert any(table["prompt"] for table in tables), "the category being declared is never said"
    # The hint says each word as its button says it, never the server's move text.
    hints = [table for table in tables if table["hint"] and table["buttons"]]
    assert hints, "no hint was read beside the person's words"
    for table in hints:
        assert "`" not in table["hint"]
        for button in table["buttons"]:
            assert f"“{button['text']}”" in table["hint"], (button, table["hint"])


def test_after_a_piquet_deal_the_korolik_sheet_is_the_servers_picture_of_the_match(
    server: Server, browser: Any, output: Path
) -> None:
    """The deal's difference is written in its winner's games (rule 46) on the drawn sheet.

    001_776ed664a35a376f.txt, piquet rule 46 ("счета играющих вычитаются один из другого");
    docs/web.md, "The piquet table".
    """
    page = browser.new_page()
    page.goto(server.http + "/")
    page.select_option("#game", "piquet")
    page.fill("#deals", "1")
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")
    _play(page, output)
    page.wait_for_selector(".korolik-sheet[open] svg text.deal, .korolik-sheet[open] svg .refet")
    drawn = page.evaluate("() => document.querySelector('.korolik-sheet svg').textContent")
    table_id = page.url.rstrip("/").split("/")[-1]
    picture = page.evaluate(
        """async (id) => {
          const lang = document.documentElement.lang;
          const text = await (await fetch(`/api/tables/${id}/sheet.svg?lang=${lang}`)).text();
          return new DOMParser().parseFromString(text, 'image/svg+xml').documentElement.textContent;
        }""",
        table_id,
    )
    assert drawn == picture
    record = server.record(table_id)
    result = record.deals[0].result
    assert result is not None
    outcome: Any = result.outcome
    first, second = (int(outcome["counts"][seat]) for seat in ("0", "1"))
    written = page.locator(".korolik-sheet svg text.deal").evaluate_all(
        "(es) => es.map((e) => [e.dataset.player, e.textContent])"
    )
    if first == second:
        assert not written
    else:
        assert written == [["0" if first > second else "1", str(abs(first - second))]]
    names = page.locator(".korolik-sheet svg text.name").evaluate_all(
        "(es) => es.map((e) => e.textContent)"
    )
    assert names == list(record.seats)
