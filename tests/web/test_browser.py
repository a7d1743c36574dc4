"""A person plays a whole preferans deal against two bots, and a piquet deal, in Chromium.

The page is driven like a player would: the new-table form, then cards and buttons only. At
every step the page's DOM (text nodes and every attribute, SVG included) is read, and after the
table ends each reading is checked against what the engine showed that seat at that seq
(computed from the downloaded record). A reload in mid-deal must come back to the same table.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from cardtable.engine import get_game
from server.harness import Server, shown_by_seq

RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine"}
RANKS |= {"8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three"}
RANKS |= {"2": "two"}
SUITS = {"♠": "spades", "♣": "clubs", "♦": "diamonds", "♥": "hearts"}
RU_RANKS = {"A": "туз", "K": "король", "Q": "дама", "J": "валет", "10": "десятка"}
RU_RANKS |= {"9": "девятка", "8": "восьмёрка", "7": "семёрка", "6": "шестёрка", "5": "пятёрка"}
RU_RANKS |= {"4": "четвёрка", "3": "тройка", "2": "двойка"}
RU_SUITS = {"♠": "пик", "♣": "треф", "♦": "бубен", "♥": "червей"}
RU_INDEX = {"Т": "A", "К": "K", "Д": "Q", "В": "J"}
BID = re.compile(r"(6|7|8|9|10)(♠|♣|♦|♥|NT)")
"""A preferans bid of the ladder, as the page's grid lays them out."""
SYMBOL = re.compile(r"(?<![\w])(10|[2-9AKQJТКДВ])([♠♣♦♥])")

READ_DOM = """() => {
  const table = document.querySelector('.table');
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of element.attributes) parts.push(attribute.value);
  }
  return {seq: table ? Number(table.dataset.seq) : null, text: parts.join('\\n'),
          cards: [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card),
          talon: Boolean(document.querySelector('.centre .talon')),
          hand: [...document.querySelectorAll('.pos-me [data-card]')].map((e) => e.dataset.card),
          grid: [...document.querySelectorAll('table.bids button.move')].map((e) => e.dataset.move),
          wild: [...document.querySelectorAll('[data-card]')]
            .filter((e) => e.querySelector('.wild')).map((e) => e.dataset.card)};
}"""


HAND = "(cards) => cards.map((card) => card.dataset.card)"

UNLABELLED = """() => {
  const named = (e) => (e.getAttribute('aria-label') || e.getAttribute('title') || e.alt
    || [...(e.labels ?? [])].map((l) => l.textContent).join('')
    || (e.getAttribute('aria-labelledby') ?? '').split(' ').map((id) =>
      document.getElementById(id)?.textContent ?? '').join('')
    || (e.tagName === 'SELECT' ? '' : e.textContent) || '').trim();
  const shown = (e) => e.getClientRects().length > 0;
  return [...document.querySelectorAll(
    'button, select, input, textarea, a[href], summary, [role=button], [tabindex]')]
    .filter((e) => shown(e) && !named(e)).map((e) => e.outerHTML.slice(0, 160));
}"""
"""Every control on the page a person can reach that has no text a screen reader would say: its
own words, a label, an ``aria-label``, ``aria-labelledby``'s or a title (issue 18: "every card
and control has a text label"; docs/web.md, "Playing")."""


def named_cards(reading: dict[str, Any], bids: set[str]) -> set[str]:
    """The cards a DOM reading names: card elements, card words, and card symbols not bids."""
    text = reading["text"]
    named = set(reading["cards"])
    for rank, suit in ((rank, suit) for rank in RANKS for suit in SUITS):
        english = f"{RANKS[rank]} of {SUITS[suit]}"
        if english in text or f"{RU_RANKS[rank]} {RU_SUITS[suit]}" in text:
            named.add(rank + suit)
    for rank, suit in SYMBOL.findall(text):
        token = RU_INDEX.get(rank, rank) + suit
        if token not in bids:
            named.add(token)
    return named


def _cards_of(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if re.fullmatch(r"(10|[2-9AKQJ])[♠♣♦♥]", value) else set()
    if isinstance(value, dict):
        return set().union(*(_cards_of(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_cards_of(item) for item in value))
    return set()


def _bids_of(view: Any, legal: list[str] | None) -> set[str]:
    # Calls, the contract and legal bids are spoken aloud: "7♥" there is a bid, not a card.
    said = {call for _, call in view.get("calls", [])} | {view.get("contract") or ""}
    return said | {view.get("high_bid") or ""} | set(legal or [])


def click(control: Any) -> None:
    """Press a control by pointing at it."""
    control.click()


def build_by_cards(page: Any, press: Callable[[Any], None] = click) -> bool:
    """One step of a move made of cards: confirm it once allowed, else pick a card; or False."""
    confirm = page.locator("button.confirm:not([disabled])")
    if confirm.count():
        press(confirm.first)
        return True
    pick = page.locator(".pos-me button.card[aria-pressed='false']:not([disabled])")
    if page.locator("button.confirm").count() and pick.count():
        press(pick.first)
        return True
    return False


def choose(page: Any, press: Callable[[Any], None] = click) -> bool:
    """Make one move as a player would; False if nothing is to be pressed.

    Each control is pressed by ``press``: by default a click.
    """
    if build_by_cards(page, press):
        return True
    for wanted in ("refuse", "whist", "mine"):
        button = page.locator(f"button.move[data-move='{wanted}']")
        if button.count():
            press(button.first)
            return True
    for offered in (
        "table.bids button.move",
        "button.card[data-move]:not([disabled])",
        ".controls .plain button.move",
    ):
        controls = page.locator(offered)
        if controls.count():
            press(controls.first)
            return True
    return False


def wait_for_end(page: Any) -> None:
    """Wait until the page says the table has finished (bots may need a while on a busy box)."""
    page.wait_for_selector(".ended", timeout=90_000)


def wait_for_change(page: Any, seq: int | None, chosen: int) -> None:
    """Wait until the page moves on from ``seq`` (or ends), or its count of picked cards changes."""
    page.wait_for_function(
        """([seq, chosen]) => {
          const table = document.querySelector('.table');
          if (!table) return false;
          return Number(table.dataset.seq) !== seq || document.querySelector('.ended')
            || document.querySelectorAll('[aria-pressed=true]').length !== chosen;
        }""",
        arg=[seq, chosen],
        timeout=20_000,
    )


def play_by_pointing(pages: list[Any], read: Callable[[], None], most: int = 300) -> None:
    """Each person moves by pointing when his page offers one, until every page shows the end.

    ``read`` is called before each step (to read every page as play goes on).
    """
    for _ in range(most):
        read()
        if all(page.locator(".ended").count() for page in pages):
            return
        for page in pages:
            seq = int(page.locator(".table").get_attribute("data-seq") or 0)
            chosen = page.locator("[aria-pressed=true]").count()
            if not page.locator(".ended").count() and choose(page):
                wait_for_change(page, seq, chosen)
                break
        else:
            pages[0].wait_for_timeout(200)
    raise AssertionError(f"the deal did not finish in {most} steps")


def test_a_person_and_two_bots_play_a_whole_preferans_deal_and_no_page_shows_a_hidden_card(
    server: Server, browser: Any, output: Path
) -> None:
    """Every move by clicking; no card the seat may not see is ever in the page; reload resumes.

    docs/web.md, "Playing"; docs/server.md, "What a seat is shown" (the engine's view and
    events of the seat are the bound on what the page may name).
    """
    _play_a_whole_deal(server, browser, output, "preferans")


def test_a_person_and_a_bot_play_a_whole_piquet_deal_and_no_page_shows_a_hidden_card(
    server: Server, browser: Any, output: Path
) -> None:
    """The exchange chosen card by card, the declarations as buttons, the play by clicking.

    docs/web.md, "Playing"; docs/server.md, "What a seat is shown".
    """
    _play_a_whole_deal(server, browser, output, "piquet")


def create_table(server: Server, browser: Any, game_name: str, errors: list[str]) -> Any:
    """A new page on which Anna creates a one-deal table of ``game_name`` and sees it dealt.

    Every error the page's scripts raise is added to ``errors``.
    """
    page = browser.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http + "/")
    page.select_option("#game", game_name)
    page.fill("#deals", "1")
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector(".table[data-seq]")
    return page


def _play_a_whole_deal(server: Server, browser: Any, output: Path, game_name: str) -> None:
    errors: list[str] = []
    page = create_table(server, browser, game_name, errors)
    readings: list[dict[str, Any]] = []
    clicks = {"moves": 0, "chosen": 0, "reloaded": 0}
    last_tricks: list[dict[str, Any]] = []
    first_sheet = open_the_sheet(page, game_name)
    for _ in range(200):
        page.wait_for_timeout(30)
        reading = page.evaluate(READ_DOM)
        readings.append(reading)
        if page.locator(".ended").count():
            break
        if not last_tricks and page.locator(".centre button.last").count():
            last_tricks.append(last_trick_shown(page))
        if page.locator("button.confirm").count() and not clicks["chosen"]:
            page.screenshot(path=str(output / f"{game_name}-choosing-1280.png"))
        playing = page.locator(".pos-me button.card[data-move^='play']").count()
        my_turn = page.locator(".controls button.move, .pos-me button.card").count()
        # Mid-deal: the first card to play, or any turn after the person's first move.
        if (playing or (my_turn and clicks["moves"])) and not clicks["reloaded"]:
            clicks["reloaded"] = _reload_resumes(page, output, game_name)
            continue
        chosen = page.locator("[aria-pressed=true]").count()
        clicks["chosen"] += int(page.locator("button.confirm").count() > 0)
        if not choose(page):
            page.wait_for_timeout(200)
            continue
        clicks["moves"] += 1
        wait_for_change(page, reading["seq"], chosen)
    assert page.locator(".ended").count(), "the deal did not finish in 200 steps"
    page.screenshot(path=str(output / f"{game_name}-end-1280.png"))
    page.select_option("#language", "ru")
    page.wait_for_selector(".ended")
    assert page.locator("text=Игра за столом окончена.").count()
    readings.append(page.evaluate(READ_DOM))
    page.screenshot(path=str(output / f"{game_name}-end-ru-1280.png"))
    assert not errors, errors
    assert clicks["reloaded"], "the page was never reloaded in mid-deal"
    assert_the_sheet_is_current(page, game_name, first_sheet)

    check_against_the_engine(server, page, readings, game_name)
    if game_name == "preferans":
        check_last_tricks(server, page, last_tricks)
        _check_money_at_a_typed_stake(server, page)


SETTLEMENT = """() => [...document.querySelectorAll('.settlement tbody tr')]
  .map((row) => [...row.children].map((cell) => cell.textContent))"""


def _check_money_at_a_typed_stake(server: Server, page: Any) -> None:
    """A stake typed per whist makes each player's money his whists times it, kept on reload.

    docs/web.md, "The preferans table" (the settlement at the end in whists and money).
    """
    table_id = page.url.rstrip("/").split("/")[-1].split("?")[0]
    score = server.get(f"/api/tables/{table_id}")["score"]
    page.fill("#stake", "0.25")
    rows = page.evaluate(SETTLEMENT)
    assert {row[0] for row in rows} == set(score)
    for name, _whists, money in rows:
        owed = Fraction(str(score[name])) * Fraction(1, 4)
        assert abs(float(money.replace("\u2212", "-")) - float(owed)) < 0.005, (name, money)
    page.reload()
    page.wait_for_selector(".ended")
    page.wait_for_selector("#stake", state="attached")
    assert page.locator("#stake").input_value() == "0.25"


LAST_TRICK = """() => ({seq: Number(document.querySelector('.table').dataset.seq),
  label: document.querySelector('.centre .trick').getAttribute('aria-label'),
  cards: [...document.querySelectorAll('.centre .trick [data-card]')]
    .map((e) => e.dataset.card)})"""


def last_trick_shown(page: Any) -> dict[str, Any]:
    """Press *Show the last trick*, read what the centre shows, and press it again to hide it."""
    page.click(".centre button.last")
    shown: dict[str, Any] = page.evaluate(LAST_TRICK)
    page.click(".centre button.last")
    return shown


def check_last_tricks(server: Server, page: Any, last_tricks: list[dict[str, Any]]) -> None:
    """The last trick each page showed is the engine's at that seq, in the page's seat's view.

    docs/web.md, "The preferans table" (the tricks and the last trick).
    """
    table_id = page.url.rstrip("/").split("/")[-1].split("?")[0]
    record = server.record(table_id)
    if not last_tricks:
        # A deal can end with no trick played (both defenders pass on a game): then no turn of
        # the page's seat has a last trick to offer, and the engine must agree.
        seat = 0
        turns = shown_by_seq(record, watched=frozenset({seat})).values()
        offered = [s[seat] for s in turns if s[seat].to_move == seat and s[seat].view["last_trick"]]
        assert not offered, "the last trick was never offered to be shown"
        return
    shown = shown_by_seq(record, frozenset(t["seq"] for t in last_tricks))
    for trick in last_tricks:
        view = shown[trick["seq"]][trick.get("seat", 0)].view
        held = {item[-1] if isinstance(item, list) else item for item in view["last_trick"]}
        assert trick["label"] == "Last trick"
        assert sorted(trick["cards"]) == sorted(held), trick


SHEET_TEXT = "() => document.querySelector('.pulka-picture')?.textContent ?? null"
SERVER_SHEET = """async () => {
  const id = location.pathname.split('/').pop();
  const text = await (await fetch(`/api/tables/${id}/sheet.svg`)).text();
  return new DOMParser().parseFromString(text, 'image/svg+xml').documentElement.textContent;
}"""


def open_the_sheet(page: Any, game_name: str) -> str | None:
    """Open the game's score panel at the start: the preferans pulka is drawn from deal one."""
    if game_name != "preferans":
        page.wait_for_selector(".table[data-seq]")
        return None
    page.wait_for_selector(".pulka .pulka-picture", state="attached", timeout=20_000)
    page.click(".pulka summary")
    assert page.locator(".pulka[open] .pulka-picture").is_visible()
    text: str = page.evaluate(SHEET_TEXT)
    assert all(name in text for name in page.locator(".seat-label strong").all_inner_texts())
    return text


def assert_the_sheet_is_current(page: Any, game_name: str, first: str | None) -> None:
    """After the deal the page shows the pulka as the server draws it now, changed by the deal.

    For piquet, the declarations as they were announced and the match's score sheet.
    """
    if game_name == "piquet":
        assert page.locator(".declarations-said li").count()
        assert page.locator(".score-sheet li").count()
        assert page.locator(".score-sheet.written li").count(), "the deal's writing is missing"
        return
    page.wait_for_function(
        "(first) => document.querySelector('.pulka-picture')?.textContent !== first", arg=first
    )
    assert page.evaluate(SHEET_TEXT) == page.evaluate(SERVER_SHEET)
    assert page.locator(".settlement tbody tr").count() == 3


def check_against_the_engine(
    server: Server, page: Any, readings: list[dict[str, Any]], game_name: str
) -> None:
    """Each reading of the finished table's page against what the engine showed its seat."""
    table_id = page.url.rstrip("/").split("/")[-1].split("?")[0]
    record = server.record(table_id)
    # A reading's stand-ins ("2♦ as 8♣") are read from the deal's events so far.
    shown = shown_by_seq(record, frozenset(reading["seq"] for reading in readings))
    assert get_game(game_name).name == record.game
    for reading in readings:
        if not reading["seq"]:
            continue
        seen = shown[reading["seq"]][0]
        allowed = seen.known | _cards_of(seen.view) | stand_ins(seen.events)
        hidden = named_cards(reading, _bids_of(seen.view, seen.legal)) - allowed
        assert not hidden, f"seq {reading['seq']}: the page names {sorted(hidden)}"
        if game_name != "poker":
            assert_held_as_players_hold(reading["hand"])
        if game_name == "preferans":
            # The ladder's grid holds exactly the bids still open to the seat, none passed over.
            open_bids = {move for move in seen.legal or [] if BID.fullmatch(move)}
            assert set(reading["grid"]) == open_bids, f"seq {reading['seq']}: the bid grid"
        if game_name == "preferans" and reading["talon"]:
            # The talon lies on the table only while it is shown and not yet picked up.
            assert seen.view["phase"] == "discard", f"seq {reading['seq']}: talon drawn in play"
            assert not set(seen.view["talon"]) <= set(seen.view["hand"])


def stand_ins(events: list[Any]) -> set[str]:
    """The cards a wild card stands for in a named hand ("2♦ as 8♣"): a word, not a card held."""
    return {found for event in events for found in re.findall(r" as (\S+?)[,)]", event["text"])}


BLACK = {"♠", "♣"}
ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7"]


def assert_held_as_players_hold(hand: list[str]) -> None:
    """A trick game's hand: suit by suit, colours alternating where the suits allow, ace first.

    docs/web.md, "Playing" (the hand sorted as players of the game hold it).
    """
    cards = [(card[:-1], card[-1]) for card in hand]
    suits = list(dict.fromkeys(suit for _, suit in cards))
    assert [suit for _, suit in cards] == sorted((s for _, s in cards), key=suits.index), hand
    for suit in suits:
        ranks = [ORDER.index(rank) for rank, s in cards if s == suit]
        assert ranks == sorted(ranks), hand
    blacks = sum(suit in BLACK for suit in suits)
    touching = sum((a in BLACK) == (b in BLACK) for a, b in itertools.pairwise(suits))
    assert touching == max(0, abs(blacks - (len(suits) - blacks)) - 1), hand


def _reload_resumes(page: Any, output: Path, game_name: str) -> int:
    """Reload in mid-deal: the same seq and the same hand come back. Screens at two sizes."""
    before = page.evaluate(READ_DOM)
    hand = page.locator(".pos-me [data-card]").evaluate_all(HAND)
    page.screenshot(path=str(output / f"{game_name}-play-1280.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(output / f"{game_name}-play-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    page.wait_for_function(
        "(seq) => Number(document.querySelector('.table')?.dataset.seq) === seq",
        arg=before["seq"],
        timeout=20_000,
    )
    again = page.locator(".pos-me [data-card]").evaluate_all(
        "(es) => es.map((e) => e.dataset.card)"
    )
    assert again == hand
    return 1


def test_the_dom_reading_finds_a_card_named_in_words_symbols_or_russian_indices() -> None:
    """The leak check sees a card however the page would name it; a called bid is no card.

    docs/web.md, "What the page may show".
    """
    text = "seat 1 says 7♥\nкороль червей\nДама\nД♠ 10♦\nqueen of clubs"
    reading = {"text": text, "cards": ["A♦"]}
    assert named_cards(reading, {"7♥"}) == {"K♥", "Q♠", "10♦", "Q♣", "A♦"}
    assert "7♥" in named_cards(reading, set())


def test_the_piquet_exchange_is_built_card_by_card_and_confirmed_at_an_allowed_count(
    server: Server, browser: Any
) -> None:
    """The exchange is picked card by card from the server's choice, not from 1,508 buttons.

    The elder exchanges three to five cards, the dealer three or all that is left
    (001_776ed664a35a376f.txt, piquet rule 9): the confirm button waits for an allowed count,
    and the move it sends is the choice's verb and exactly the cards picked. docs/web.md,
    "Playing".
    """
    page = browser.new_page()
    page.goto(server.http + "/")
    page.select_option("#game", "piquet")
    page.fill("#deals", "1")
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector("button.confirm", timeout=20_000)
    assert page.locator(".controls button.move:not(.confirm)").count() <= 2
    assert "rule 9" in page.locator(".choice-note").inner_text()
    hand = page.locator(".pos-me button.card:not([disabled])").evaluate_all(HAND)
    picked = [hand[5], hand[0], hand[2]]
    for card in picked[:2]:
        page.click(f".pos-me button.card[data-card='{card}']")
    assert page.locator("[aria-pressed=true]").count() == 2
    assert page.locator("button.confirm:not([disabled])").count() == 0
    page.click(f".pos-me button.card[data-card='{picked[2]}']")
    move = page.locator("button.confirm:not([disabled])").get_attribute("data-move")
    # The page holds the hand as players hold it; the move names the picked cards in the
    # choice's order, which the server reads as a set.
    assert move is not None
    assert move.split()[0] == "discard"
    assert sorted(move.split()[1:]) == sorted(picked)
    seq = int(page.locator(".table").get_attribute("data-seq") or 0)
    page.locator("button.confirm:not([disabled])").click()
    page.wait_for_function(
        "(seq) => Number(document.querySelector('.table').dataset.seq) > seq",
        arg=seq,
        timeout=20_000,
    )
    assert not page.locator(".refusal").count()


def test_a_spectator_page_draws_the_public_view_and_no_hand(server: Server, browser: Any) -> None:
    """A spectator's page draws what the table shows everyone, and never a hand.

    The server sends a spectator the deal's public view (docs/server.md, "What a seat is
    shown"); the page draws the seats from it without error. The table waits in the auction
    for the person, and no card of the auction is face up (001_776ed664a35a376f.txt,
    preferans rules 8–10, 16).
    """
    table = server.new_table("preferans", ["open", "bot default", "bot default"], deals=1)
    server.join(table, "Anna")
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.http}/tables/{table['id']}?watch=1")
    page.wait_for_selector(".table[data-seat='spectator']")
    page.wait_for_selector(".seat-label")
    reading = page.evaluate(READ_DOM)
    assert not errors, errors
    assert not page.locator(".controls button.move").count()
    assert page.locator(".table").get_attribute("data-seq") != "0"
    assert reading["cards"] == [], "in the auction no card lies face up"
    assert page.locator(".seat-label .notes", has_text="dealer").count() == 1
