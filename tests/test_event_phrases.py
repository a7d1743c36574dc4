"""Every event of every game says its sentence by a key of the game's phrase book.

docs/web.md, "Events in the page's language": an event's ``key`` and ``values`` rebuild its
English ``text`` (so a page can say it in another language and the two never drift), and the
page's dictionary has the key in Russian and in English.
"""

from __future__ import annotations

import json
import string
from importlib import import_module
from pathlib import Path

import pytest

from cardtable.bots import RandomBot
from cardtable.engine.deal import Event
from cardtable.engine.registry import get_game
from cardtable.engine.rng import seeded_rng
from cardtable.piquet.phrases import SHEET
from cardtable.playthrough import SEAT_NAMES, PlaythroughSpec, plan

PAGE_PHRASES = Path(__file__).parents[1] / "src/cardtable/web/static/phrases.json"
DEALS = 2


def _events(spec: PlaythroughSpec) -> list[Event]:
    """Every event of two deals of ``spec``'s match played by the random bot."""
    game = get_game(spec.game)
    match = game.new_match(game.rules(spec.preset), SEAT_NAMES[: spec.players], spec.preset)
    deal_rng, bot_rng = seeded_rng("phrases/deals"), seeded_rng("phrases/bots")
    events: list[Event] = []
    for _ in range(DEALS):
        if match.is_over:
            break
        deal = match.start_deal(deal_rng)
        events += deal.events
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            events += match.apply(RandomBot().choose(view, deal.legal_actions(), bot_rng))
    return events


def _phrases(game: str) -> dict[str, str]:
    book: dict[str, str] = import_module(f"cardtable.{game}.phrases").PHRASES
    return book


@pytest.mark.parametrize("spec", plan(), ids=lambda spec: spec.file_name)
def test_every_event_says_its_text_by_its_key_and_values(spec: PlaythroughSpec) -> None:
    """The phrase book's template of the key, filled with the values, is the event's text."""
    book = _phrases(spec.game)
    for event in _events(spec):
        assert event.key in book, f"{event.kind} event without a key: {event.text!r}"
        assert book[event.key].format_map(event.values) == event.text, event


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_every_key_has_its_values_named_in_its_template_and_the_page_says_it(game: str) -> None:
    """Each key of the phrase book is in the page's dictionary in both languages.

    The page's template names only values the key has (a seat as ``{@seat}``).
    """
    page = json.loads(PAGE_PHRASES.read_text(encoding="utf-8"))
    for key, template in _phrases(game).items():
        named = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        for lang in ("en", "ru"):
            said = page[lang][game].get(key)
            assert said is not None, f"{lang} page has no {game} phrase {key!r}"
            used = {name.lstrip("@") for _, name, _, _ in string.Formatter().parse(said) if name}
            assert used <= named, f"{lang} {game} {key!r} names {used - named}"


@pytest.mark.parametrize(("preset", "players"), [("seed", 2), ("cavendish", 2), ("seed", 3)])
def test_every_line_written_on_the_piquet_sheet_is_said_by_a_phrase_of_its_own(
    preset: str, players: int
) -> None:
    """Each line the sheet writes has its own key and values, not the line as one value.

    001_776ed664a35a376f.txt, piquet rules 46–50 (the koroliks, the partie, the clean sheet, the
    net result); the rubicon of six deals; the game for three. Six deals of each, by random bots.
    """
    game = get_game("piquet")
    match = game.new_match(game.rules(preset), SEAT_NAMES[:players], preset)
    deal_rng, bot_rng = seeded_rng("phrases/sheet"), seeded_rng("phrases/sheet-bots")
    written: list[Event] = []
    for _ in range(6):
        deal = match.start_deal(deal_rng)
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            chosen = RandomBot().choose(view, deal.legal_actions(), bot_rng)
            written += [event for event in match.apply(chosen) if event.kind == "score"]
    assert written
    assert {event.key for event in written} <= set(SHEET), [e.text for e in written]
    assert all(SHEET[e.key].format_map(e.values) == e.text for e in written)
