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
from typing import cast

import pytest

from cardtable.bots import Bot, RandomBot
from cardtable.bots.preferans import PreferansBot
from cardtable.engine.deal import Event
from cardtable.engine.registry import get_game
from cardtable.engine.rng import seeded_rng
from cardtable.piquet.phrases import SHEET
from cardtable.playthrough import SEAT_NAMES, PlaythroughSpec, plan
from cardtable.preferans.actions import Action
from cardtable.preferans.deal import PreferansView
from cardtable.preferans.phrases import REASONS

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


PULKA_DEALS = 16
PULKA_BOTS: dict[str, Bot[PreferansView, Action]] = {"rules": PreferansBot(), "random": RandomBot()}


def _pulka_reasons(preset: str, players: int, bot: str) -> list[Event]:
    """The score events of a pulka of sixteen deals of ``preset``, closed after the last.

    The rule-based bot makes games, whists and all-passes; the random bot goes down in games
    and misères.
    """
    game = get_game("preferans")
    rules = game.rules(preset, {"deals": PULKA_DEALS})
    match = game.new_match(rules, SEAT_NAMES[:players], preset)
    deal_rng, bot_rng = seeded_rng(f"phrases/pulka/{preset}"), seeded_rng(f"phrases/pulka/{bot}")
    written: list[Event] = []
    while not match.is_over:
        deal = match.start_deal(deal_rng)
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            assert isinstance(view, PreferansView)
            legal = cast("list[Action]", deal.legal_actions())
            chosen = PULKA_BOTS[bot].choose(view, legal, bot_rng)
            written += [event for event in match.apply(chosen) if event.kind == "score"]
    return written


PULKA_PRESETS = [
    (preset, players, bot)
    for preset in sorted(get_game("preferans").presets)
    for players in (3, 4)
    for bot in sorted(PULKA_BOTS)
]


@pytest.mark.parametrize(("preset", "players", "bot"), PULKA_PRESETS)
def test_every_reason_written_on_the_pulka_is_said_by_a_phrase_of_its_own(
    preset: str, players: int, bot: str
) -> None:
    """Each figure's reason has its own key and values beside its English words.

    001_776ed664a35a376f.txt, preferans rules 38–48 (the pool, the mountain, the whists, the
    remiz, the all-pass, the misère); 003_b655b01c110fd414.txt, 4.1–4.2 (help, the closing).
    """
    written = _pulka_reasons(preset, players, bot)
    assert written
    for event in written:
        key = event.values.get("why")
        assert key in REASONS, event.text
        assert REASONS[str(key)].format_map(event.values) == event.values["reason"], event.text


def test_the_pulkas_walked_write_games_remizes_whists_all_passes_misere_and_the_closing() -> None:
    """The pulkas walked above write every kind of line a played deal and its closing write.

    001_776ed664a35a376f.txt, preferans rules 25–27 and 42–48: a game made, passed or
    half-whisted, a remiz with its consolations, the whists (the gentleman's among them) and
    their shortfall, all-passes, a misère made and one caught; 003_b655b01c110fd414.txt, 4.2.3
    (help) and the closing's pools carried to the mountain.
    """
    keys = {str(e.values["why"]) for walk in PULKA_PRESETS for e in _pulka_reasons(*walk)}
    kinds = {"made", "both-passed", "half-whist-made", "down", "consolation", "whist"}
    kinds |= {"half-whist", "gentleman-whist", "whist-short", "all-pass", "all-pass-times"}
    kinds |= {"all-pass-fewest", "misere-made", "misere-down", "help", "pool-carried"}
    assert kinds <= keys, kinds - keys


def test_every_reason_is_said_by_the_page_in_both_languages() -> None:
    """The page's dictionary has each reason's phrase, naming only the values the reason has."""
    page = json.loads(PAGE_PHRASES.read_text(encoding="utf-8"))
    for key, template in REASONS.items():
        named = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        for lang in ("en", "ru"):
            said = page[lang]["preferans"]["reasons"].get(key)
            assert said is not None, f"{lang} page has no reason {key!r}"
            used = {name for _, name, _, _ in string.Formatter().parse(said) if name}
            assert used <= named, f"{lang} reason {key!r} names {used - named}"


def test_no_reason_names_a_value_of_the_entry_it_is_written_with() -> None:
    """An entry's event carries its own values and its reason's side by side, none overwritten.

    docs/web.md, "Events in the page's language" (the entry's ``why`` and the reason's values).
    """
    entry_values = {"player", "column", "amount", "reason", "deal", "on", "why"}
    for key, template in REASONS.items():
        named = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert not named & entry_values, key
