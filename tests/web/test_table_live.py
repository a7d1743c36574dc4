"""Around the deal, in Chromium against a real server: invite, chat, presence, clocks, offers.

Two or three browser contexts (each its own cookies and storage, as two people's browsers)
share one table: a friend takes the invite link, the seats chat and a spectator chats apart,
a seat left is shown away and then played by a bot, offers are made and answered, a rematch
seats the same people at a new table, and a reload or a dropped server resumes by itself. At
every step of the played deals each page's DOM is read and checked, once the table ends,
against what the engine showed that page's seat (or a spectator) at that seq.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from server.harness import Server, shown_by_seq

from .conftest import CHROMIUM, FLAGS, _missing
from .test_browser import (
    HAND,
    READ_DOM,
    _bids_of,
    _cards_of,
    choose,
    named_cards,
    play_by_pointing,
    stand_ins,
    wait_for_change,
    wait_for_end,
)

pytestmark = pytest.mark.timeout(420)

READ = f"""() => {{
  const reading = ({READ_DOM})();
  reading.seat = document.querySelector('.table')?.dataset.seat ?? null;
  reading.table = location.pathname.split('/').pop();
  return reading;
}}"""

Contexts = Callable[[], Any]


@pytest.fixture
def contexts() -> Iterator[Contexts]:
    """A factory of fresh browser contexts of one Chromium: each a person's own browser."""
    reason = _missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        made: list[Any] = []

        def new_context() -> Any:
            context = chromium.new_context(viewport={"width": 1280, "height": 800})
            made.append(context)
            return context

        try:
            yield new_context
        finally:
            for context in made:
                context.close()
            chromium.close()


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose absent seats are played by a bot after a grace of 3 s, not 60."""
    with Server(
        f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log", options=("--grace", "3")
    ).running() as running:
        yield running


def _page(context: Any, errors: list[str]) -> Any:
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def _create(page: Any, server: Server, game: str, seats: dict[int, str], **fields: str) -> str:
    """Anna makes a table with the form; the answer is the table's id."""
    page.goto(server.http + "/")
    page.select_option("#game", game)
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.fill("#deals", "1")
    page.fill("#name", "Anna")
    for field, value in fields.items():
        page.fill(f"#{field}", value)
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")
    return str(page.url.rstrip("/").split("/")[-1])


def _friend_joins(context: Any, inviter: Any, errors: list[str], name: str = "Boris") -> Any:
    """The friend opens the invite link the inviter's page shows, types a name, takes the seat."""
    link = inviter.locator(".invite-url").input_value()
    page = _page(context, errors)
    page.goto(link)
    page.fill("#name", name)
    page.click("#join")
    page.wait_for_selector(".table[data-seat='1']")
    return page


def _say(page: Any, text: str) -> None:
    page.fill(".chat-input", text)
    page.press(".chat-input", "Enter")


def _play_to_end(pages: list[Any], watchers: list[Any], readings: list[dict[str, Any]]) -> None:
    """Each person moves by pointing when his page offers a move; every page is read each step."""

    def read() -> None:
        pages[0].wait_for_timeout(30)
        readings.extend(page.evaluate(READ) for page in [*pages, *watchers])

    play_by_pointing(pages, read)


def assert_no_hidden_card(server: Server, table_id: str, readings: list[dict[str, Any]]) -> None:
    """Each reading of a page against what the engine showed its seat (or a spectator) then."""
    record = server.record(table_id)
    mine = [r for r in readings if r["seq"] and r["table"] == table_id]
    shown = shown_by_seq(record, frozenset(reading["seq"] for reading in mine))
    for reading in mine:
        seat = None if reading["seat"] == "spectator" else int(reading["seat"])
        seen = shown[reading["seq"]][seat]
        allowed = seen.known | _cards_of(seen.view) | stand_ins(seen.events)
        hidden = named_cards(reading, _bids_of(seen.view, seen.legal)) - allowed
        assert not hidden, f"seat {reading['seat']} at seq {reading['seq']}: {sorted(hidden)}"


def _wait_state(page: Any, name: str, state: str) -> None:
    page.wait_for_function(
        """([name, state]) => [...document.querySelectorAll('.presence .present')]
             .some((e) => e.textContent.includes(name) && e.dataset.state === state)""",
        arg=[name, state],
        timeout=30_000,
    )


def test_a_friend_takes_the_invite_link_the_seats_chat_and_a_spectator_chats_apart(
    quick_server: Server, contexts: Contexts, output: Path
) -> None:
    """Two people and a spectator in three browsers play a preferans deal; no hidden card shown.

    The friend needs only the link and a name; a seat's line of chat reaches everyone, a
    spectator's only the spectators; a seat whose person leaves is away, then played by a
    bot after the grace, and his again when he comes back. docs/server.md, "Chat", "Absent
    seats", "What a seat is shown"; docs/web.md, "Around the deal".
    """
    errors: list[str] = []
    anna = _page(contexts(), errors)
    table = _create(anna, quick_server, "preferans", {1: "open", 2: "bot default"})
    boris_browser = contexts()
    boris = _friend_joins(boris_browser, anna, errors)
    _wait_state(anna, "Boris", "connected")
    assert not anna.locator(".invite-url").count(), "no invite once every seat is taken"
    assert "Boris" in anna.locator(".score").inner_text(), "the score names him as he sits"

    _say(anna, "hello Boris")
    boris.wait_for_selector(".chat-table li:has-text('hello Boris')")
    assert "Anna" in boris.locator(".chat-table li").last.inner_text()
    _say(boris, "hi Anna")
    anna.wait_for_selector(".chat-table li:has-text('hi Anna')")

    watcher = _page(contexts(), errors)
    watcher.goto(f"{quick_server.http}/tables/{table}?watch=1")
    watcher.wait_for_selector(".table[data-seat='spectator']")
    watcher.wait_for_selector(".chat-table li:has-text('hi Anna')")
    _say(watcher, "the spectators only")
    watcher.wait_for_selector(".chat-spectators li:has-text('the spectators only')")
    anna.wait_for_selector(".presence:has-text('1 watching')")
    _say(anna, "one more")
    boris.wait_for_selector(".chat-table li:has-text('one more')")
    watcher.wait_for_selector(".chat-table li:has-text('one more')")
    for seat in (anna, boris):
        assert not seat.locator("text=the spectators only").count()
        assert not seat.locator(".chat-spectators").count()

    readings: list[dict[str, Any]] = []
    anna.screenshot(path=str(output / "live-preferans-1280.png"))
    anna.set_viewport_size({"width": 390, "height": 844})
    anna.screenshot(path=str(output / "live-preferans-390.png"), full_page=True)
    assert anna.evaluate("document.scrollingElement.scrollWidth") <= 390
    anna.set_viewport_size({"width": 1280, "height": 800})

    boris.close()
    _wait_state(anna, "Boris", "away")
    _wait_state(anna, "Boris", "bot-played")
    assert "played by a bot" in anna.locator(".presence").inner_text()
    boris = _page(boris_browser, errors)
    boris.goto(f"{quick_server.http}/tables/{table}")
    boris.wait_for_selector(".table[data-seat='1']")
    _wait_state(anna, "Boris", "connected")
    boris.wait_for_selector(".chat-table li:has-text('one more')")

    _play_to_end([anna, boris], [watcher], readings)
    wait_for_end(watcher)
    assert not errors, errors
    assert {reading["seat"] for reading in readings} == {"0", "1", "spectator"}
    assert_no_hidden_card(quick_server, table, readings)


def test_offers_are_made_answered_and_told_and_a_rematch_seats_both_people_again(
    server: Server, contexts: Contexts
) -> None:
    """Claim refused in the auction, undo declined then agreed, abort agreed, rematch agreed.

    docs/server.md, "Offers": an offer asks the other people connected; one refusal declines
    it, the last consent carries it out; a claim is for the play of a game on tricks
    (docs/rules/preferans.md, "Claims of the remaining tricks"); a rematch is a new table
    held by the same people.
    """
    errors: list[str] = []
    anna = _page(contexts(), errors)
    table = _create(anna, server, "preferans", {1: "open", 2: "bot default"})
    boris = _friend_joins(contexts(), anna, errors)
    _wait_state(anna, "Boris", "connected")

    _until_my_bid(anna, boris)
    anna.click("button[data-offer='claim']")
    refused = anna.wait_for_selector(".offer-state.refused")
    assert refused is not None
    assert "claim" in refused.inner_text() or "tricks" in refused.inner_text()
    assert not boris.locator(".offer-state").count(), "a refusal goes to the offerer only"

    bid = anna.locator("table.bids button.move").first.get_attribute("data-move")
    said = f"Anna says {bid}"
    anna.click(f"table.bids button.move[data-move='{bid}']")
    anna.wait_for_selector(f".log li:has-text('{said}')")
    anna.click("button[data-offer='undo']")
    boris.wait_for_selector(".offer-state.pending")
    assert "take back" in boris.locator(".offer-state.pending").inner_text()
    assert anna.locator("button[data-offer='undo']").is_disabled()
    boris.select_option("#language", "ru")  # the offer waiting comes back with the page
    boris.click(".offer-decline")
    declined = anna.wait_for_selector(".offer-state.declined")
    assert declined is not None
    assert "declined by Boris" in declined.inner_text()
    in_russian = boris.wait_for_selector(".offer-state.declined").inner_text()
    assert in_russian == "Anna: предложение вернуть последний ход отклонено (Boris: против).", (
        in_russian
    )
    boris.select_option("#language", "en")

    anna.click("button[data-offer='undo']")
    boris.click(".offer-accept")
    anna.wait_for_selector(".offer-state.accepted")
    anna.wait_for_selector(f"table.bids button.move[data-move='{bid}']", timeout=20_000)
    # The undone bid leaves each log: at once, or once a page that had not held that seq has
    # fetched the deal as its seat sees it now.
    for page in (anna, boris):
        page.wait_for_selector(f".log li:has-text('{said}')", state="detached", timeout=10_000)

    anna.click("button[data-offer='abort']")
    boris.click(".offer-accept")
    for page in (anna, boris):
        page.wait_for_selector(".ended")
    boris.click("button[data-offer='rematch']")
    anna.wait_for_selector(".offer-state.pending:has-text('play again')")
    anna.click(".offer-accept")
    for page, seat in ((anna, "0"), (boris, "1")):
        page.wait_for_url(lambda url: table not in url, timeout=30_000)
        page.wait_for_selector(f".table[data-seat='{seat}']", timeout=30_000)
    assert anna.url == boris.url
    assert not errors, errors


def _until_my_bid(anna: Any, boris: Any) -> None:
    """Boris bids when asked until the bid grid is Anna's."""
    for _ in range(20):
        if anna.locator("table.bids button.move").count():
            return
        bids = boris.locator("table.bids button.move")
        if bids.count():
            bids.first.click()
        anna.wait_for_timeout(300)
    raise AssertionError("Anna was never asked to bid")


def test_the_clock_counts_down_the_move_the_page_speaks_russian_and_a_dropped_server_resumes(
    server: Server, contexts: Contexts, output: Path
) -> None:
    """A clocked table's move time runs down; a dropped server's table comes back by itself.

    On the seat's turn the move time runs down; the names read in Russian; the pulka
    downloads while the table plays, the record does not; the server killed in mid-deal, the
    page says it is reconnecting and comes back to the same table.

    docs/server.md, "Clocks" (the move time runs first, then the bank), "Downloads" (a form
    that shows only what everyone saw downloads at any time), "Crashes"; docs/web.md.
    """
    errors: list[str] = []
    anna = _page(contexts(), errors)
    _create(anna, server, "preferans", {}, **{"clock-move": "40", "clock-bank": "90"})
    anna.wait_for_selector(".clocks .clock.running", timeout=30_000)
    assert "40 s a move, a bank of 90 s" in anna.locator(".clock-terms").inner_text()
    first = anna.locator(".clock.running .clock-move").inner_text()
    anna.wait_for_function(
        "(first) => document.querySelector('.clock.running .clock-move')?.textContent !== first",
        arg=first,
        timeout=20_000,
    )
    assert first.startswith("move 0:")
    assert anna.locator(".clock .clock-bank").first.inner_text().startswith("bank ")

    anna.click(".downloads summary")
    links = anna.locator(".downloads a.download").evaluate_all("(as) => as.map((a) => a.href)")
    assert any(link.endswith("/export/pulka") for link in links), links
    assert not any(link.endswith("/record") for link in links), links
    assert anna.evaluate("async (url) => (await fetch(url)).status", links[0]) == 200

    anna.select_option("#language", "ru")
    anna.wait_for_selector("h1:has-text('Преферанс')")
    labels = " ".join(anna.locator(".seat-label .notes").all_inner_texts())
    assert "бот лучший" in labels
    assert "default" not in labels
    anna.screenshot(path=str(output / "live-preferans-ru-1280.png"))
    anna.select_option("#language", "en")
    anna.wait_for_selector("h1:has-text('Preferans')")

    before = anna.evaluate(READ)
    hand = anna.locator(".pos-me [data-card]").evaluate_all(HAND)
    server.kill()
    anna.wait_for_selector(".banner:has-text('reconnecting')", timeout=20_000)
    server.start()
    anna.wait_for_selector(".banner", state="detached", timeout=60_000)
    anna.wait_for_function(
        "(seq) => Number(document.querySelector('.table')?.dataset.seq) >= seq",
        arg=before["seq"],
        timeout=20_000,
    )
    again = anna.locator(".pos-me [data-card]").evaluate_all(HAND)
    assert again == hand
    assert not errors, errors


def test_a_spectator_of_poker_sees_the_wild_cards_marked_and_downloads_the_hands(
    server: Server, contexts: Contexts, output: Path
) -> None:
    """Lame Brain Pete among bots, watched: the wild cards in sight are marked for the watcher.

    At every step the cards marked wild are exactly those the spectator's view names wild;
    at the end of a hold'em table the page links the record and the PHH of the match and of
    each deal, and each link downloads. 002_053e85955f9a4108.txt, «Пит-простак»;
    docs/rules/poker.md ("Козырные карты, what a spectator is told"); docs/server.md,
    "Downloads".
    """
    table = server.new_table("poker", ["bot check-down"] * 3, preset="lame-brain-pete", deals=2)
    holdem = server.new_table("poker", ["bot check-down"] * 3, preset="holdem", deals=2)
    errors: list[str] = []
    watcher = _page(contexts(), errors)
    watcher.goto(f"{server.http}/tables/{table['id']}?watch=1")
    readings: list[dict[str, Any]] = []
    for _ in range(600):
        readings.append(watcher.evaluate(READ))
        if watcher.locator(".ended").count():
            break
        watcher.wait_for_timeout(40)
    wait_for_end(watcher)
    readings.append(watcher.evaluate(READ))
    watcher.screenshot(path=str(output / "live-poker-spectator-1280.png"))
    assert_no_hidden_card(server, table["id"], readings)
    shown = shown_by_seq(server.record(table["id"]))
    marked = 0
    for reading in readings:
        if reading["seq"]:
            wild = set(shown[reading["seq"]][None].view["wild"])
            assert set(reading["wild"]) == wild, f"seq {reading['seq']}"
            marked += bool(wild)
    assert marked, "no wild card was ever marked for the spectator"

    # PHH has no notation for turning centre cards up: the page says so instead of a link.
    watcher.click(".downloads summary")
    watcher.wait_for_selector(".downloads-refused:has-text('hands (PHH): ')")
    links = watcher.locator(".downloads a.download").evaluate_all("(as) => as.map((a) => a.href)")
    assert links
    assert not [link for link in links if link.endswith("/phh")]
    assert _statuses(watcher, links) == [200] * len(links)

    watcher.goto(f"{server.http}/tables/{holdem['id']}?watch=1")
    wait_for_end(watcher)
    watcher.click(".downloads summary")
    links = watcher.locator(".downloads a.download").evaluate_all("(as) => as.map((a) => a.href)")
    base = f"{server.http}/api/tables/{holdem['id']}"
    expected = {f"{base}/record", f"{base}/export/phh"}
    expected |= {f"{base}/deals/{n}/{kind}" for n in (1, 2) for kind in ("record", "export/phh")}
    assert set(links) == expected
    assert _statuses(watcher, links) == [200] * len(links)
    assert not watcher.locator(".downloads-refused").count()
    assert not errors, errors


def _statuses(page: Any, links: list[str]) -> list[int]:
    statuses: list[int] = page.evaluate(
        "async (urls) => Promise.all(urls.map(async (u) => (await fetch(u)).status))", links
    )
    return statuses


def test_a_claim_in_the_piquet_play_is_granted_at_once_when_nobody_else_is_asked(
    server: Server, contexts: Contexts
) -> None:
    """Anna against a bot claims the rest after the first lead: no person to ask, it is taken.

    docs/server.md, "Offers" (an offer nobody is asked about is taken at once; piquet's claim
    after the first lead); docs/rules/piquet.md, "Claims of the remaining tricks".
    """
    errors: list[str] = []
    anna = _page(contexts(), errors)
    _create(anna, server, "piquet", {})
    for _ in range(200):
        if anna.locator(".trick [data-card]").count() and not anna.locator(".ended").count():
            break
        seq = int(anna.locator(".table").get_attribute("data-seq") or 0)
        chosen = anna.locator("[aria-pressed=true]").count()
        if choose(anna):
            wait_for_change(anna, seq, chosen)
        else:
            anna.wait_for_timeout(200)
    anna.click("button[data-offer='claim']")
    anna.wait_for_selector(".offer-state.accepted:has-text('the rest of the tricks')")
    wait_for_end(anna)
    assert anna.locator(".log li:has-text('claims the remaining tricks')").count()
    assert not errors, errors


def test_a_spectator_of_a_private_table_watches_by_its_invite_link_and_a_stranger_is_refused(
    server: Server, contexts: Contexts
) -> None:
    """The invite link's watcher sees the table, its help, sheet and downloads; no 403, no 4003.

    The page sends the invite code it was opened with on every request to the table and on
    its socket; a stranger who knows only the table's id reads the server's one-line refusal.
    docs/server.md, "Private tables"; docs/web.md, "Around the deal".
    """
    table = server.new_table("preferans", ["open", "bot default", "bot default"], listed=False)
    errors: list[str] = []
    refused: list[str] = []
    watcher = _page(contexts(), errors)

    def note_refusal(response: Any) -> None:
        if response.status == 403:
            refused.append(response.url)

    watcher.on("response", note_refusal)
    watcher.goto(server.http + table["invite_url"])
    watcher.click("#watch")
    watcher.wait_for_selector(".table.game-preferans[data-seat='spectator']")
    watcher.click(".help-panel summary")
    watcher.wait_for_selector(".help-section")
    watcher.wait_for_selector(".pulka .pulka-picture", state="attached")
    watcher.click(".downloads summary")
    links = watcher.locator(".downloads a.download, a.pulka-full").evaluate_all(
        "(as) => as.map((a) => a.href)"
    )
    assert links
    assert _statuses(watcher, links) == [200] * len(links)
    assert not watcher.locator(".banner").count(), "the socket let the watcher in"
    assert not refused, refused
    assert not errors, errors

    stranger = _page(contexts(), errors)
    for address in (f"/tables/{table['id']}", f"/tables/{table['id']}?watch=1"):
        stranger.goto(server.http + address)
        line = stranger.wait_for_selector(".refusal:has-text('this table is private')")
        assert line is not None
        assert line.inner_text() == "this table is private: its invite code is needed"
