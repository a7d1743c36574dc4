"""The page's sentences for the engine's events: each said once, none giving a player a sex.

docs/web.md, "Events in the page's language". The events are the engine's own (seeded deals of
every preset, and one of every key of the phrase books); the page's ``eventSentence`` says
them in Chromium, loaded from a real server.
"""

from __future__ import annotations

import itertools
import json
import re
import string
from fractions import Fraction
from importlib import import_module
from typing import Any

import pytest

from cardtable.bots import RandomBot
from cardtable.engine.deal import Event
from cardtable.engine.registry import get_game
from cardtable.engine.rng import seeded_rng
from cardtable.piquet.phrases import SHEET, VIEW_SHEET
from cardtable.playthrough import plan
from cardtable.preferans.ledger import Column, Entry
from cardtable.preferans.phrases import REASONS, told
from cardtable.preferans.phrases import reason as why
from server.harness import Server
from test_event_phrases import PAGE_PHRASES, PULKA_PRESETS, _events, _pulka_reasons

SAY = """async ([events, lang]) => {
  const { settings } = await import('/static/i18n.js');
  const { eventSentence } = await import('/static/phrases.js');
  settings.lang = lang;
  return events.map(([game, event]) => eventSentence(game, event, (seat) => `Player${seat}`));
}"""
OFFER_LINES = """async (lang) => {
  const { settings, t } = await import('/static/i18n.js');
  const { Offers } = await import('/static/offers.js');
  settings.lang = lang;
  const lines = [];
  for (const kind of ["undo", "claim", "abort", "rematch"]) {
    const frames = [
      { state: "pending", waiting: [1, 2] }, { state: "accepted" }, { state: "lapsed" },
      { state: "declined", declined_by: 2 }, { state: "declined", declined_by: null },
      { state: "refused", msg: "not now" }];
    for (const [seat, ended] of [[0, kind === "rematch"], [1, kind === "rematch"]]) {
      for (const frame of frames) {
        const page = { state: { seat, ended, game: "preferans" }, seatName: (n) => `Player${n}`,
          socket: { send() {} } };
        const offers = new Offers(page);
        offers.receive({ type: "offer", id: 1, kind, by: 0, ...frame });
        const panel = offers.panel();
        for (const node of panel.querySelectorAll("p, button, a")) lines.push(node.textContent);
      }
    }
  }
  lines.push(t("folded"), t("shownBy", "Player1"), t("seatTaken", "Player1"));
  return lines;
}"""
"""Every line of the offers panel (each kind, each state, asker and asked) and the seats' states
(folded, shown by), as the page says them."""
GENDERED = {
    "en": re.compile(r"\b(he|his|him|himself|she|her|herself)\b", re.IGNORECASE),
    "ru": re.compile(r"\b(он|его|ему|она|её|ей)\b|\w+(ил|ал|ял|ел)\b", re.IGNORECASE),
}
GAMES = ("preferans", "piquet", "poker")


def _data(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "seat": event.seat,
        "text": event.text,
        "key": event.key,
        "values": dict(event.values),
        "cards": [],
    }


def _one_of_every_key(game: str) -> list[Event]:
    """An event of each key of ``game``'s phrase book, each value a seat number or a word."""
    book: dict[str, str] = import_module(f"cardtable.{game}.phrases").PHRASES
    made = []
    for key, template in book.items():
        names = [name for _, name, _, _ in string.Formatter().parse(template) if name]
        values: dict[str, str | int] = {name: 1 for name in names}
        made.append(Event(key, 1, template.format_map(values), (), None, key, values))
    return made


def _said(server: Server, browser: Any, said: list[tuple[str, Event]], lang: str) -> list[str]:
    page = browser.new_page()
    page.goto(server.http + "/")
    sentences: list[str] = page.evaluate(SAY, [[[g, _data(e)] for g, e in said], lang])
    page.close()
    return sentences


def _offer_lines(server: Server, browser: Any, lang: str) -> list[str]:
    page = browser.new_page()
    page.goto(server.http + "/")
    lines: list[str] = page.evaluate(OFFER_LINES, lang)
    page.close()
    assert len(lines) > 40
    return lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_sentence_of_the_page_gives_a_player_a_sex(
    server: Server, browser: Any, lang: str
) -> None:
    """A player is any person: no event or offer calls a seat "he" or "she".

    docs/web.md, "Events in the page's language": "Vera lays his cards" is said without one, and
    so is "Vera offered to take back the move" (Russian verbs of the past have a sex).
    """
    said = [(game, event) for game in GAMES for event in _one_of_every_key(game)]
    sentences = _said(server, browser, said, lang) + _offer_lines(server, browser, lang)
    gendered = [line for line in sentences if GENDERED[lang].search(line)]
    assert gendered == []


def test_a_good_declaration_is_counted_once_in_the_log(server: Server, browser: Any) -> None:
    """Piquet's "good" and the count it makes are two events; the page says the count once.

    001_776ed664a35a376f.txt, piquet rules 20–21 (the good call is counted by its holder).
    """
    events = [e for s in plan() if s.game == "piquet" for e in _events(s)]
    pairs = [(a, b) for a, b in itertools.pairwise(events) if a.key == "good"]
    assert pairs
    assert all(b.key == "counts" for _, b in pairs)
    sentences = _said(server, browser, [("piquet", e) for pair in pairs for e in pair], "en")
    for (good, _count), said in zip(
        pairs, zip(sentences[::2], sentences[1::2], strict=True), strict=True
    ):
        amount = good.values["amount"]
        assert sum(f"counts {amount} for" in line for line in said) == 1, said


def test_an_english_page_draws_the_korolik_sheet_in_english(server: Server, browser: Any) -> None:
    """The korolik sheet's headings follow the page's language (docs/web.md, "Piquet")."""
    page = browser.new_page()
    page.goto(server.http + "/")
    page.select_option("#language", "en")
    page.wait_for_selector("#create:has-text('Deal')")
    page.select_option("#game", "piquet")
    page.fill("#deals", "1")
    page.click("#create")
    page.wait_for_selector(".korolik-sheet svg", state="attached", timeout=20_000)
    text = page.locator(".korolik-sheet svg").text_content() or ""
    assert "games" in text
    assert "koroliks" in text
    assert not re.search("[а-яё]", text, re.IGNORECASE), text


def test_a_russian_page_says_every_bet_from_its_key_and_amount(
    server: Server, browser: Any
) -> None:
    """A bet is its verb's key and its amount; the page words it, the amount as the engine's.

    docs/web.md, "Events in the page's language"; 002_053e85955f9a4108.txt, the betting
    («пас», «уравнять», «повысить»): every bet of two deals of every poker preset.
    """
    bets = [e for s in plan() if s.game == "poker" for e in _events(s) if e.kind == "bet"]
    assert {e.key for e in bets} >= {"folds", "checks", "calls", "bets", "raises"}
    sentences = _said(server, browser, [("poker", e) for e in bets], "ru")
    for event, line in zip(bets, sentences, strict=True):
        assert line.startswith("Player"), line
        assert not re.search("[a-z]", line.removeprefix(f"Player{event.seat}")), line
        assert re.findall(r"\d+", line)[1:] == [
            str(v) for k, v in event.values.items() if k != "seat"
        ]


def test_a_russian_page_writes_every_line_of_the_piquet_sheet_in_russian(
    server: Server, browser: Any
) -> None:
    """Each line of the sheet is said from its key and values, its player by name.

    001_776ed664a35a376f.txt, piquet rules 46–50; docs/web.md, "Events in the page's language".
    """
    lines = [event for event in _one_of_every_key("piquet") if event.key in SHEET]
    assert len(lines) == len(SHEET)
    sentences = _said(server, browser, [("piquet", event) for event in lines], "ru")
    english = [line for line in sentences if re.search("[a-z]", line.replace("Player1", ""))]
    assert english == []
    assert all(
        "Player1" in line for line, e in zip(sentences, lines, strict=True) if "player" in e.values
    )


def _one_of_every_reason() -> list[Event]:
    """A line of the pulka for each reason, each value a number, a player or a contract."""
    made = []
    for key, template in REASONS.items():
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        values: dict[str, str | int] = {name: 2 for name in names}
        values |= {n: "B" for n in ("other", "helper") if n in names}
        values |= {"contract": "6NT"} if "contract" in names else {}
        values |= {"talon": "two_aces"} if "talon" in names else {}
        entry = Entry(3, "A", Column.MOUNTAIN, Fraction(20), None, why(key, **values))
        said, filled = entry.said()
        made.append(told("score", None, said, **filled))
    return made


RUSSIAN_TERMS = {"all-pass": "распасы", "misere": "мизер", "whist": "вист", "down": "ремиз"}
"""The seed's word that a reason of each kind says (its key's start)."""


def test_a_russian_page_writes_the_pulka_reasons_in_russian(server: Server, browser: Any) -> None:
    """Each reason is said from its key and values, in the seed's terms, a player by name.

    001_776ed664a35a376f.txt, preferans rules 38–48 («гора», «пуля», «висты», «ремиз»,
    «распасы», «мизер»); docs/web.md, "Events in the page's language". The reasons of every
    pulka walked by tests/test_event_phrases.py, and one of every key.
    """
    walked = [event for walk in PULKA_PRESETS for event in _pulka_reasons(*walk)]
    lines = _one_of_every_reason() + list({e.text: e for e in walked}.values())
    sentences = _said(server, browser, [("preferans", event) for event in lines], "ru")
    english = [line for line in sentences if re.search("[a-z]|NT", line)]
    assert english == []
    assert [line for line in sentences if GENDERED["ru"].search(line)] == []
    for event, line in zip(lines, sentences, strict=True):
        assert str(event.values["player"]) in line, line
        kind = next((k for k in RUSSIAN_TERMS if str(event.values["why"]).startswith(k)), None)
        if kind is not None:
            assert RUSSIAN_TERMS[kind] in line, (event.text, line)
    assert any("гора" in line for line in sentences)
    assert any("пуля" in line for line in sentences)
    assert any("висты на" in line for line in sentences)


def test_an_english_page_writes_the_pulka_reasons_as_the_engine_does(
    server: Server, browser: Any
) -> None:
    """In English the page's reason is the engine's own words (docs/web.md)."""
    lines = _one_of_every_reason()
    sentences = _said(server, browser, [("preferans", event) for event in lines], "en")
    for event, line in zip(lines, sentences, strict=True):
        assert f"({event.values['reason']})" in line, line


SAY_SHEET = """async ([lines, lang]) => {
  const { settings } = await import('/static/i18n.js');
  const { sheetLine } = await import('/static/phrases.js');
  settings.lang = lang;
  return lines.map((line) => sheetLine(line, (seat) => `Player${seat}`));
}"""
"""The lines of a piquet view's sheet as the page's side panel says them."""
PLAYERS = ("Player0", "Player1", "Player2")


def _view_sheet_lines() -> list[str]:
    """The lines the piquet view's sheet shows, and one line of every key of :data:`VIEW_SHEET`.

    The view's lines of eight deals of each piquet preset for two and three (random bots); the
    keys' lines add what so few deals may not write (a refet, a player out).
    """
    game = get_game("piquet")
    lines: list[str] = []
    for preset, players in itertools.product(("seed", "cavendish"), (2, 3)):
        match = game.new_match(game.rules(preset), PLAYERS[:players], preset)
        deal_rng, bot_rng = seeded_rng("view-sheet/deals"), seeded_rng("view-sheet/bots")
        for _ in range(8):
            if match.is_over:
                break
            deal = match.start_deal(deal_rng)
            sheet: tuple[str, ...] = getattr(deal.public_view(), "sheet", ())
            lines += [line for line in sheet if line not in lines]
            while deal.to_move is not None:
                legal = deal.legal_actions()
                match.apply(RandomBot().choose(deal.view(deal.to_move), legal, bot_rng))
    values = {"name": "Player1", "games": "20 12", "koroliks": "none", "deal": 2, "deals": 6}
    values |= {"totals": "Player0 23, Player1 18", "target": 100, "names": "Player2"}
    return lines + [template.format_map(values) for template in VIEW_SHEET.values()]


def test_the_page_knows_every_line_of_the_piquet_views_sheet_by_its_key() -> None:
    """The page's English template of each key is the engine's; its Russian names the same values.

    docs/web.md, "Events in the page's language": the page reads a line back by the key's English
    template and says it by the Russian one.
    """
    page = json.loads(PAGE_PHRASES.read_text(encoding="utf-8"))
    assert page["en"]["piquet"]["sheetView"] == VIEW_SHEET
    for key, template in VIEW_SHEET.items():
        named = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        said = page["ru"]["piquet"]["sheetView"][key]
        assert {name for _, name, _, _ in string.Formatter().parse(said) if name} == named


def test_a_russian_page_says_the_piquet_views_sheet_as_sentences_from_their_keys(
    server: Server, browser: Any
) -> None:
    """Each line of the sheet a deal begins with is said whole in Russian, figures and players kept.

    «Player1: игры 20 12; королики нет», not "games" and "koroliks" left English.

    001_776ed664a35a376f.txt, piquet rules 46–49 (the games and koroliks of each player, the
    refet's doubling); the rubicon's partie of six deals; the game for three to its target.
    """
    lines = _view_sheet_lines()
    page = browser.new_page()
    page.goto(server.http + "/")
    russian: list[str] = page.evaluate(SAY_SHEET, [lines, "ru"])
    english: list[str] = page.evaluate(SAY_SHEET, [lines, "en"])
    page.close()
    assert english == lines
    left = [said for said in russian if re.search("[A-Za-z]", re.sub(r"Player\d", "", said))]
    assert left == []
    for line, said in zip(lines, russian, strict=True):
        assert re.findall(r"Player\d|\d+", said) == re.findall(r"Player\d|\d+", line), said
    assert any(said.startswith("Player0: игры ") and "; королики " in said for said in russian)
    assert any(said.startswith("итого до 100: ") for said in russian)
    assert any(said.startswith("партия, сдача ") for said in russian)
