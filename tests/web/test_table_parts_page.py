"""Parts of the table read in a real browser, each against the engine or the server's files.

The talon and the ёлочка of an all-pass, four preferans seats, the poker hand and the bet
slider, and the files the page downloads. Each test drives the page by pointing and checks
what it shows against the engine (the finished table's record replayed, ``shown_by_seq``) or
against the server's own files.
"""

from __future__ import annotations

import contextlib
import re
import tomllib
import urllib.request
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cardtable.engine.record import read_record
from cardtable.engine.replay import replay
from server.harness import Server, shown_by_seq

from .test_browser import (
    READ_DOM,
    check_against_the_engine,
    check_last_tricks,
    choose,
    last_trick_shown,
    wait_for_change,
    wait_for_end,
)
from .test_table_live import Contexts, contexts

__all__ = ["contexts"]

READ_CENTRE = """() => ({
  seq: Number(document.querySelector('.table')?.dataset.seq ?? 0),
  seat: document.querySelector('.table')?.dataset.seat ?? null,
  led: [...document.querySelectorAll('.trick figure')]
    .filter((f) => f.querySelector('figcaption')?.textContent === 'Talon')
    .map((f) => f.querySelector('[data-card]')?.dataset.card),
})"""
"""The seq, the page's seat and the talon's cards lying in the trick (the all-pass lead)."""

TREES = """(root) => Object.fromEntries([...root.querySelectorAll('g.yolochka')]
  .map((g) => [g.dataset.player, [...g.querySelectorAll('g.tier')]
    .map((t) => [t.dataset.deal, t.dataset.tricks])]))"""
"""Each player's ёлочка in a pulka picture: its tiers as (deal, tricks)."""

DEALERS = """() => [...document.querySelectorAll('.seat-label')]
  .filter((label) => label.querySelector('.notes')?.textContent.includes('dealer'))
  .map((label) => label.querySelector('strong').textContent)"""
"""The names the page marks as the dealer."""

READ_FOUR = f"""() => ({{...({READ_DOM})(), dealers: ({DEALERS})(),
  labels: document.querySelectorAll('.seat-label').length}})"""
"""A reading of the whole page with its seat labels and the seat it marks as the dealer."""

RANK_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


def _join(context: Any, server: Server, table: dict[str, Any], name: str) -> Any:
    page = context.new_page()
    page.goto(f"{server.http}/tables/{table['id']}?invite={table['invite']}")
    page.fill("#name", name)
    page.click("#join")
    page.wait_for_selector(".table[data-seat]:not([data-seat='spectator'])")
    return page


def _pass_or_choose(page: Any) -> bool:
    """Pass whenever passing is offered, else make the first move a player would."""
    button = page.locator(".controls button.move[data-move='pass']")
    if button.count():
        button.first.click()
        return True
    return choose(page)


def test_an_all_pass_shows_the_talon_leading_and_the_live_pulka_draws_each_yolochka(
    server: Server, contexts: Contexts, output: Path
) -> None:
    """Three people pass: the talon's cards lead the first tricks and the ёлочка is drawn.

    001_776ed664a35a376f.txt, preferans rule 29 (in an all-pass the talon's cards set the suit
    of the first two tricks: the page lays each in the trick, "Talon", while the view has it;
    "партнеры записывают в своих подвалах по одной елочке") and rule 39 (the tricks written
    on the ёлочка); docs/web.md, "The preferans table" (the pulka redrawn after every deal).
    """
    table = server.new_table("preferans", ["open", "open", "open"], deals=1)
    pages = [_join(contexts(), server, table, name) for name in ("Anna", "Boris", "Vera")]
    pages[0].wait_for_selector(".pulka .pulka-picture", state="attached", timeout=20_000)
    pages[0].click(".pulka summary")
    readings: list[dict[str, Any]] = []
    last_tricks: list[dict[str, Any]] = []
    for _ in range(300):
        readings += [page.evaluate(READ_CENTRE) for page in pages]
        if all(page.locator(".ended").count() for page in pages):
            break
        # The second trick, led by the talon: the last trick is shown without the talon's card.
        latest = zip(pages, readings[-3:], strict=True)
        leading = [page for page, reading in latest if reading["led"]]
        if not last_tricks and leading and leading[0].locator(".centre button.last").count():
            seat = int(leading[0].locator(".table").get_attribute("data-seat") or 0)
            last_tricks.append({**last_trick_shown(leading[0]), "seat": seat})
        for page in pages:
            seq = int(page.locator(".table").get_attribute("data-seq") or 0)
            chosen = page.locator("[aria-pressed=true]").count()
            if not page.locator(".ended").count() and _pass_or_choose(page):
                wait_for_change(page, seq, chosen)
                break
        else:
            pages[0].wait_for_timeout(200)
    wait_for_end(pages[0])
    record = server.record(table["id"])
    shown = shown_by_seq(record, frozenset(reading["seq"] for reading in readings))
    led = 0
    for reading in readings:
        view = shown[reading["seq"]][int(reading["seat"])].view
        wanted = [view["talon_lead"]] if view.get("talon_lead") else []
        assert reading["led"] == wanted, (reading, view.get("talon_lead"))
        led += bool(wanted)
    assert led, "no page ever showed the talon leading a trick"
    check_last_tricks(server, pages[0], last_tricks)
    pages[0].wait_for_function(
        "() => document.querySelectorAll('.pulka-picture g.yolochka g.tier').length === 3"
    )
    pages[0].screenshot(path=str(output / "preferans-allpass-yolochka-1280.png"))
    drawn = pages[0].locator(".pulka-picture").evaluate(TREES)
    with urllib.request.urlopen(f"{server.http}/api/tables/{table['id']}/sheet.svg") as answer:
        svg = ElementTree.fromstring(answer.read())
    served = {
        tree.get("data-player"): [
            [tier.get("data-deal"), tier.get("data-tricks")]
            for tier in tree.iter("{http://www.w3.org/2000/svg}g")
            if tier.get("class") == "tier"
        ]
        for tree in svg.iter("{http://www.w3.org/2000/svg}g")
        if tree.get("class") == "yolochka"
    }
    assert drawn == served
    assert sorted(drawn) == sorted(record.seats)
    assert sum(int(tiers[0][1]) for tiers in drawn.values()) == 10, drawn
    assert all(tiers[0][0] == "1" for tiers in drawn.values()), drawn


def test_four_at_preferans_the_dealer_sits_out_on_the_page(
    server: Server, browser: Any, output: Path
) -> None:
    """Four seats made in the form: the dealer holds no cards, the other three ten each.

    001_776ed664a35a376f.txt, preferans rules 4 («Играют вчетвером») and 14 («Сдающий в
    розыгрыше не участвует (при игре вчетвером)»); docs/web.md, "Playing" (how many seats);
    every reading against the engine.
    """
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http + "/")
    page.select_option("#game", "preferans")
    page.select_option("#seat-count", "4")
    page.fill("#deals", "2")
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")
    page.wait_for_selector(".seat-label")
    readings: list[dict[str, Any]] = []
    shot = b""
    for _ in range(400):
        page.wait_for_timeout(30)
        reading = page.evaluate(READ_FOUR)
        readings.append(reading)
        if page.locator(".ended").count():
            break
        if len(reading["hand"]) == 10 and not shot:
            shot = page.screenshot(path=str(output / "preferans-four-1280.png"))
        chosen = page.locator("[aria-pressed=true]").count()
        if choose(page):
            wait_for_change(page, reading["seq"], chosen)
        else:
            page.wait_for_timeout(200)
    assert page.locator(".ended").count(), "two four-seat deals did not finish"
    assert not errors, errors
    check_against_the_engine(server, page, readings, "preferans")
    table_id = page.url.rstrip("/").split("/")[-1]
    record = server.record(table_id)
    assert len(record.seats) == 4
    shown = shown_by_seq(record, frozenset(reading["seq"] for reading in readings))
    played = 0
    for reading in readings[:-1]:
        assert reading["labels"] == 4
        view = shown[reading["seq"]][0].view
        assert reading["dealers"] == [record.seats[view["dealer"]]], reading["seq"]
        if view["dealer"] == 0:
            assert reading["hand"] == [], "the dealer of four holds no cards"
        elif view["hand"]:
            assert sorted(reading["hand"]) == sorted(view["hand"]), reading["seq"]
            played += 1
    # A deal Anna sits out is played by the bots at once, between two readings.
    assert played, "Anna never held a hand"


def _rank_order(cards: list[str]) -> list[int]:
    return [RANK_ORDER.index(card[:-1]) for card in cards]


Slid = list[tuple[int, list[str], str]]
"""The seq of the slider's bet, the moves its stops named, and the move sent."""


def _play_draw(page: Any) -> tuple[list[list[str]], Slid]:
    """Play to the end by pointing, the first bet by the slider; the hands read, the bet slid."""
    hands: list[list[str]] = []
    slid: Slid = []
    for _ in range(300):
        page.wait_for_timeout(30)
        if page.locator(".ended").count():
            break
        hands.append(
            page.locator(".pos-me [data-card]").evaluate_all(
                "(es) => es.map((e) => e.dataset.card)"
            )
        )
        seq = int(page.locator(".table").get_attribute("data-seq") or 0)
        chosen = page.locator("[aria-pressed=true]").count()
        slider = page.locator(".bet-slider")
        # The first bet is slid once the server's hint has come: then every amount is a stop.
        ranged = page.locator("#bet-other").count()
        if slider.count() and ranged and not slid and int(slider.get_attribute("max") or 0):
            stops = int(slider.get_attribute("max") or 0) + 1
            slider.focus()
            page.keyboard.press("Home")
            said = []
            for _ in range(stops):
                said.append(page.locator(".bet-send").get_attribute("data-move"))
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Home")
            page.keyboard.press("ArrowRight")
            sent = page.locator(".bet-send").get_attribute("data-move") or ""
            page.locator(".bet-send").click()
            slid.append((seq, said, sent))
            wait_for_change(page, seq, chosen)
            continue
        if choose(page):
            wait_for_change(page, seq, chosen)
        else:
            page.wait_for_timeout(200)
    return hands, slid


def _poker_table(server: Server, browser: Any, preset: str, deals: int, errors: list[str]) -> Any:
    """A page on which Anna makes a poker table of ``preset`` with the form's bots and sees it."""
    page = browser.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http + "/")
    page.select_option("#game", "poker")
    page.select_option("#preset", preset)
    page.fill("#deals", str(deals))
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")
    return page


def test_a_poker_hand_is_held_by_rank_and_the_bet_slider_stops_at_every_legal_amount(
    server: Server, browser: Any
) -> None:
    """Draw poker by pointing: the hand by rank, highest first; the slider's stops are the bets.

    002_053e85955f9a4108.txt, Покерные расклады (a hand is read by its ranks) and Круги ставок
    (the bets a player may make: the draw preset's one to five chips, any of them); docs/web.md,
    "Playing" (the hand as its players hold it) and "The poker table" (the slider stops at every
    amount of the range, not only at the few the server lists). A bet made with the slider at
    its second stop, an amount the server does not list, is played.
    """
    errors: list[str] = []
    page = _poker_table(server, browser, "draw", 2, errors)
    hands, slid = _play_draw(page)
    wait_for_end(page)
    assert not errors, errors
    held = [hand for hand in hands if len(hand) > 1]
    assert held, "no hand was read"
    for hand in held:
        assert _rank_order(hand) == sorted(_rank_order(hand)), hand
    assert slid, "the bet slider was never offered"
    seq, said, sent = slid[0]
    record = server.record(page.url.rstrip("/").split("/")[-1])
    legal = shown_by_seq(record, frozenset({seq}))[seq][0].legal or []
    amounts = [int(move.split()[-1]) for move in legal if re.fullmatch(r"bet \d+", move)]
    assert said == [f"bet {n}" for n in range(min(amounts), max(amounts) + 1)]
    assert len(said) > len(amounts), "the slider stopped only at the listed amounts"
    assert sent == said[1]
    assert sent not in legal
    assert sent in [action for deal in record.deals for action in deal.actions]


def test_an_amount_typed_in_the_bet_box_is_played_and_one_the_rules_refuse_is_told(
    server: Server, browser: Any
) -> None:
    """No-limit hold'em: any raise may be typed; one under the least raise gets its sentence.

    002_053e85955f9a4108.txt, Пределы ставок («Неограниченные ставки»: any amount);
    docs/web.md, "The poker table" (the amount box). The server lists a few raises; 50 is none
    of them, and is played as typed.
    """
    errors: list[str] = []
    page = _poker_table(server, browser, "no-limit-holdem", 2, errors)
    for _ in range(100):
        # On Anna's turn the box comes with the server's hint; until a turn has it, she calls.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_selector("#bet-other", timeout=2_000)
            break
        if page.locator(".ended").count():
            break
        seq = int(page.locator(".table").get_attribute("data-seq") or 0)
        for move in ("check", "call"):
            button = page.locator(f".controls button.move[data-move='{move}']")
            if button.count():
                button.first.click()
                wait_for_change(page, seq, 0)
                break
    assert page.locator("#bet-other").count(), "the amount box was never offered"
    verb = "raise to" if page.locator("[data-move^='raise to']").count() else "bet"
    least = int(page.locator("#bet-other").get_attribute("min") or 0)
    page.fill("#bet-other", str(least - 1))
    page.click(".bet-other-send")
    page.wait_for_selector(".refusal")
    refusal = page.locator(".refusal").inner_text()
    assert refusal.strip(), refusal
    page.fill("#bet-other", "50")
    page.click(".bet-other-send")
    for _ in range(300):
        if page.locator(".ended").count():
            break
        seq = int(page.locator(".table").get_attribute("data-seq") or 0)
        if choose(page):
            wait_for_change(page, seq, 0)
        else:
            page.wait_for_timeout(100)
    wait_for_end(page)
    assert not errors, errors
    record = server.record(page.url.rstrip("/").split("/")[-1])
    assert f"{verb} 50" in [action for deal in record.deals for action in deal.actions]


def _downloaded(page: Any, link: Any, into: Path) -> str:
    """The file a click on ``link`` downloads, as text."""
    with page.expect_download() as info:
        link.click()
    target = into / str(info.value.suggested_filename)
    info.value.save_as(target)
    return target.read_text(encoding="utf-8")


def test_the_record_phh_and_pulka_downloaded_from_the_page_are_files_cardtable_reads(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    """Each download link gives a file: the record replays, the PHH is TOML, the pulka SVG.

    docs/web.md, "Around the deal" (downloads: the pulka while the table plays, the records
    and the game's other forms once it has finished); docs/records.md (a record replays).
    """
    tables = {
        "preferans": server.new_table(
            "preferans", ["bot default", "bot default", "bot default"], deals=1
        ),
        "poker": server.new_table(
            "poker", ["bot default", "bot default", "bot default"], preset="holdem", deals=1
        ),
    }
    page = browser.new_page()
    for game, table in tables.items():
        page.goto(f"{server.http}/tables/{table['id']}?watch=1")
        wait_for_end(page)
        page.click(".downloads summary")
        links = page.locator(".downloads a.download")
        page.wait_for_function("() => document.querySelectorAll('.downloads a.download').length")
        hrefs = links.evaluate_all("(es) => es.map((e) => e.getAttribute('href'))")
        for n, href in enumerate(hrefs):
            text = _downloaded(page, links.nth(n), tmp_path)
            if href.endswith("/record"):
                record, _integrity = read_record(text)
                assert record.game == game
                again = replay(record).record()
                assert [d.actions for d in again.deals] == [d.actions for d in record.deals]
                assert record.deals, href
            elif href.endswith("/export/phh"):
                hand = tomllib.loads(text)
                assert hand["actions"], href
            else:
                assert href.endswith("/export/pulka"), href
                assert ElementTree.fromstring(text).tag == "{http://www.w3.org/2000/svg}svg"
        form = "/export/pulka" if game == "preferans" else "/export/phh"
        assert {href.rsplit("/", 2)[-2] + "/" for href in hrefs if href.endswith("/record")}
        assert any(href.endswith(form) for href in hrefs), hrefs
