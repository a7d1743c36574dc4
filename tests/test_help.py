"""Help and move hints are written from the rules in force: change an option, and they change.

Issue 16: "Help must be generated from the rules in force (the options, their values and
sources) so that it cannot drift". Each sentence names the options it states; a move hint is
made from the legal moves of the deal on the table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine import Game, get_game, rules_to_mapping, seeded_rng
from cardtable.engine.help import LANGUAGES, RulesHelp, Sentence, clauses_ru, hint_from_moves
from cardtable.engine.rules import describe_rules
from cardtable.piquet.game import PIQUET
from cardtable.piquet.help import CITED_RU as PIQUET_CITED_RU
from cardtable.piquet.help import cite as piquet_cite
from cardtable.poker.game import POKER
from cardtable.poker.help.words import CITED_RU as POKER_CITED_RU
from cardtable.poker.help.words import cite as poker_cite
from cardtable.preferans.game import PREFERANS
from cardtable.preferans.help import CITED_RU as PREFERANS_CITED_RU
from cardtable.preferans.help import cite as preferans_cite
from toygame.game import ToyGame

SRC = Path(__file__).resolve().parents[1] / "src" / "cardtable"


def _sentence(help: RulesHelp, option: str) -> Sentence:
    """The sentence of ``help`` that states ``option``."""
    return next(
        sentence
        for section in help.sections
        for sentence in section.sentences
        if any(setting.name == option for setting in sentence.settings)
    )


def _hint_at(
    game: Game[Any, Any, Any], rules: Any, phase: str, seats: int, choose: Any = None
) -> str:
    """The move hint of the first seat asked to move in ``phase`` of a seeded deal."""
    match = game.new_match(rules, [f"p{n}" for n in range(seats)])
    match.start_deal(seeded_rng(4))
    rng = seeded_rng(5)
    for _ in range(200):
        seat = match.to_move
        assert seat is not None, f"the deal ended before the {phase} phase"
        view = match.view(seat)
        legal = match.legal_actions()
        if view.phase == phase:
            return game.move_hint(rules, view, legal)
        texts = [game.action_text(action) for action in legal]
        pick = choose(texts) if choose is not None else None
        match.apply(legal[texts.index(pick)] if pick else rng.choice(legal))
    raise AssertionError(f"no {phase} phase reached")


def test_the_elders_fewest_cards_in_the_help_and_the_hint_are_the_option_in_force() -> None:
    """The elder exchanges "не менее трех карт" by default, fewer when the table agrees.

    001_776ed664a35a376f.txt, piquet rule 9: «Первый игрок может прикупить не менее трех
    карт»; the option ``elder_min_exchange``.
    """
    piquet = PIQUET
    seed, one = piquet.rules(), piquet.rules(None, {"elder_min_exchange": 1})
    assert _sentence(piquet.rules_help(seed), "elder_min_exchange").text.startswith(
        "The elder hand exchanges 3 to 5 cards"
    )
    changed = _sentence(piquet.rules_help(one), "elder_min_exchange")
    assert changed.text.startswith("The elder hand exchanges 1 to 5 cards")
    assert changed.settings[0].value == 1
    assert "rule 9" in changed.cited
    hint = _hint_at(piquet, seed, "exchange", 2)
    assert "discard 3 to 5 cards: `discard " in hint
    assert "`refuse talon`" in hint
    assert "discard 1 to 5 cards: `discard " in _hint_at(piquet, one, "exchange", 2)


def test_the_last_trick_counts_what_the_option_says() -> None:
    """The last trick counts four instead of one (three more), as the option says.

    001_776ed664a35a376f.txt, piquet rule 37: «Игрок, взявший последнюю взятку, считает за
    нее не единицу, а четыре»; the option ``last_trick_extra``.
    """
    piquet = PIQUET
    seed = _sentence(piquet.rules_help(piquet.rules()), "last_trick_extra")
    assert seed.text == "The last trick counts 3 more than the others."
    other = piquet.rules_help(piquet.rules(None, {"last_trick_extra": 1}))
    assert (
        _sentence(other, "last_trick_extra").text == "The last trick counts 1 more than the others."
    )


def test_the_help_of_holding_a_bid_is_the_auctions_own_rule() -> None:
    """'mine' holds a bid right after a pass, by the seed; 'здесь' by seniority; or never.

    001_776ed664a35a376f.txt, preferans rule 19: «После того как один из партнеров скажет
    "Пас", следующий может не повышать ранг торговли, а сказать "Мои"»; option ``hold``.
    """
    preferans = PREFERANS
    texts = {
        hold: _sentence(preferans.rules_help(preferans.rules(None, {"hold": hold})), "hold").text
        for hold in ("after-pass", "senior", "none")
    }
    assert texts["after-pass"].startswith("Right after a pass the next player may say `mine`")
    assert "senior to the bidder" in texts["senior"]
    assert texts["none"] == "A standing bid cannot be held: each must bid higher or pass."


def test_half_whist_and_the_checked_ten_appear_in_the_whist_help_when_agreed() -> None:
    """The whist phase's help states the half-whist levels and the checked ten in force.

    001_776ed664a35a376f.txt, preferans rule 26 (a ten is checked); the Code 3.8 (полвиста):
    the options ``ten_is_checked`` and ``half_whist_levels``.
    """
    preferans = PREFERANS
    seed = preferans.rules_help(preferans.rules()).section("whist")
    assert seed is not None
    assert not any("half-whist" in sentence.text for sentence in seed.sentences)
    rules = preferans.rules(None, {"half_whist_levels": [6, 7], "ten_is_checked": False})
    agreed = preferans.rules_help(rules)
    assert _sentence(agreed, "half_whist_levels").text.startswith(
        "At levels 6, 7 the second defender may say `half-whist`"
    )
    whist = agreed.section("whist")
    assert whist is not None
    assert not any("ten is not whisted" in sentence.text for sentence in whist.sentences)


@pytest.mark.parametrize(
    ("opened", "english", "russian"),
    [
        (
            "defenders",
            "After the first trick of a misère the defenders' hands are laid face up.",
            "После первой взятки мизера открываются карты ловящих.",
        ),
        (
            "declarer",
            "After the first trick of a misère the declarer's hand is laid face up.",
            "После первой взятки мизера открываются карты играющего.",
        ),
    ],
    ids=["defenders", "declarer"],
)
def test_the_hands_a_misere_opens_are_said_whole_in_english_and_in_russian(
    opened: str, english: str, russian: str
) -> None:
    """The play's help says whose hands a misère lays face up, as a sentence of each language.

    Кодекс преферанса (1996) 3.6, the modern practice of catching a misère (the option
    ``misere_open``): the defenders' two hands, or the declarer's one.
    """
    rules = PREFERANS.rules(None, {"misere_open": opened})
    assert _sentence(PREFERANS.rules_help(rules), "misere_open").text == english
    assert _sentence(PREFERANS.rules_help(rules, "ru"), "misere_open").text == russian


def test_the_auction_hint_spans_the_bids_the_ladder_of_the_rules_allows() -> None:
    """The highest bid of the hint is misère on top, or 10 without talon when misère is lower.

    001_776ed664a35a376f.txt, preferans rule 17 (the ladder ends «10 без прикупа, мизер»); the
    Code 3.3: misère after 8 NT (option ``misere_rank``).
    """
    preferans = PREFERANS
    top = _hint_at(preferans, preferans.rules(), "auction", 3)
    assert top == "`pass`; or a bid from `6♠` to `misère`"
    lower = _hint_at(preferans, preferans.rules(None, {"misere_rank": "after-8nt"}), "auction", 3)
    assert lower == "`pass`; or a bid from `6♠` to `10 without talon`"


def test_a_variants_wild_cards_and_draw_limit_are_told_as_the_rules_say() -> None:
    """The help names the wild cards and the draw's most of the variant in force.

    002_053e85955f9a4108.txt, «Козырные карты» (а) and «Покер с досдачей» (draw up to three);
    options ``variant.hands.wild`` and ``variant.steps.N.most``.
    """
    poker = POKER
    plain = poker.rules_help(poker.rules("draw"))
    over = plain.section("over")
    assert over is not None
    assert not any(sentence.text.startswith("Wild cards") for sentence in over.sentences)
    rules = poker.rules(
        "draw",
        {
            "variant": {
                "hands": {"wild": ["deuces"]},
                "steps": [
                    {"do": "deal", "down": 5},
                    {"do": "bet"},
                    {"do": "draw", "most": 2},
                    {"do": "bet", "opens": "first-bettor"},
                ],
            }
        },
    )
    wild = poker.rules_help(rules)
    assert _sentence(wild, "variant.hands.wild").text == (
        "Wild cards: 2s; each stands for a card its holder does not have."
    )
    assert _sentence(wild, "variant.steps.2.most").text.startswith(
        "Each player still in discards up to 2 cards"
    )

    def bet_then_call(texts: list[str]) -> str | None:
        return next((t for t in texts if t.startswith("bet")), None) or "call"

    hint = _hint_at(poker, rules, "draw", 3, bet_then_call)
    assert "discard 1 to 2 cards: `discard " in hint
    assert "`stand pat`" in hint


def test_a_limit_of_the_ends_only_is_hinted_as_the_two_amounts() -> None:
    """Under a fixed limit taking only its least or most, the hint lists both, no span.

    002_053e85955f9a4108.txt, «Установленные пределы: фиксированные» в) (only the minimum or
    the maximum); option ``limits.amounts``.
    """
    poker = POKER
    ranged = _hint_at(poker, poker.rules("draw"), "bet", 3)
    assert "bet 1 to 5: `bet 1`" in ranged
    ends = poker.rules("draw", {"limits": {"amounts": "ends"}})
    assert "bet 1 or 5: `bet 1`" in _hint_at(poker, ends, "bet", 3)
    said = _sentence(poker.rules_help(ends), "limits.amounts").text
    assert said == "A bet may be only the least or the most, nothing between."


def _every_help() -> list[tuple[str, str]]:
    return [
        (name, preset)
        for name in ("preferans", "piquet", "poker")
        for preset in get_game(name).presets
    ]


@pytest.mark.parametrize(("name", "preset"), _every_help())
def test_every_sentence_states_real_options_with_their_values_and_cites_a_book(
    name: str, preset: str
) -> None:
    """Each sentence's options are options of the rules, at the values in force, cited.

    Issue 16 (sentences "each naming the option and its value, and the seed clause"); the
    book, not a file (docs/tui.md, "Help").
    """
    game = get_game(name)
    rules = game.rules(preset)
    data = rules_to_mapping(rules)
    for section in game.rules_help(rules).sections:
        for sentence in section.sentences:
            assert sentence.cited, sentence
            assert ".txt" not in sentence.cited, sentence
            for setting in sentence.settings:
                value: Any = data
                for part in setting.name.split("."):
                    value = value[int(part)] if part.isdigit() else value[part]
                assert setting.value == value


@pytest.mark.parametrize("name", ["preferans", "piquet", "poker"])
def test_every_move_the_help_quotes_is_one_the_table_reads(name: str) -> None:
    """Each move the help quotes (in backticks) reads back as that move.

    docs/tui.md, "Help": the help says how answers are typed; every preset, with the
    irregularities and half-whists that add moves.
    """
    game = get_game(name)
    extra: dict[str, Any] = {"irregularities": True} if name != "poker" else {}
    if name == "preferans":
        extra["half_whist_levels"] = [6]
    for preset in game.presets:
        for section in game.rules_help(game.rules(preset, extra)).sections:
            for sentence in section.sentences:
                for move in re.findall(r"`([^`]+)`", sentence.text):
                    assert game.action_text(game.parse_action(move)) == move


@pytest.mark.parametrize(("name", "preset"), _every_help())
def test_the_russian_help_tells_the_english_sections_and_options_in_russian(
    name: str, preset: str
) -> None:
    """The help in Russian tells the same sections and options as in English, all in Russian.

    The page offers English and Russian (web/static/i18n.js); help.LANGUAGES.
    """
    game = get_game(name)
    rules = game.rules(preset)
    english, russian = (game.rules_help(rules, language) for language in LANGUAGES)
    assert [s.phase for s in russian.sections] == [s.phase for s in english.sections]
    for ours, theirs in zip(russian.sections, english.sections, strict=True):
        assert ours.heading != theirs.heading
        assert [s.settings for s in ours.sentences] == [s.settings for s in theirs.sentences]
        for said, told in zip(ours.sentences, theirs.sentences, strict=True):
            assert said.text != told.text, told.text


FEATURES: dict[str, list[dict[str, Any]]] = {
    "piquet": [{"irregularities": True}, {"scoring": "rubicon"}],
    "preferans": [
        {
            "irregularities": True,
            "misere_first_bid_only": True,
            "half_whist_levels": [6],
            "misere_open": "defenders",
            "allpass_exit_levels": [7],
            "deals": 4,
        }
    ],
    "poker": [
        {"limits": {"system": "previous-bet", "raise_at_least_last": True}},
        {"limits": {"system": "table-stakes", "buy_in_maximum": 500}},
        {
            "limits": {
                "freeze_out": True,
                "jackpot": True,
                "wangdoodle": True,
                "amounts": "listed",
                "listed": [1, 5],
            }
        },
        {"limits": {"system": "rising"}},
        {"variant": {"openers": "jacks", "progressive_openers": True, "progressive_doubles": True}},
        {
            "betting": {"raises_per_round": 6, "freeze_amount": 10, "short_all_in_reopens": True},
            "forced": {
                "ante_kind": "dealer-and-left",
                "blind_option": True,
                "button_blind_heads_up": True,
                "straddles": 2,
                "bring_in": 1,
            },
            "house": {
                "bonus": 5,
                "kitty": "hand",
                "rake_percent": 5,
                "rake_cap": 3,
                "hourly_charge": 1,
            },
            "session": {"length_minutes": 60, "waiting": 1, "dealers_choice": "deal"},
        },
        {
            "variant": {
                "hands": {
                    "wild": ["jokers"],
                    "wild_mode": "any",
                    "jokers": 1,
                    "blaze": True,
                    "bobtail": True,
                    "four_flush": True,
                    "stripped": [2],
                },
                "players_max": 9,
            }
        },
    ],
}
"""Options that switch on the rules the presets leave off, so that each is told somewhere."""


@pytest.mark.parametrize("name", ["preferans", "piquet", "poker"])
def test_every_option_of_a_game_is_told_by_its_help_where_it_is_in_force(name: str) -> None:
    """No option goes untold: each is named by a sentence of some preset's or feature's help.

    Issue 16 ("the options, their values and sources"); a new option without a sentence fails
    here. Each feature's help, in English and Russian, quotes only moves the table reads.
    """
    game = get_game(name)
    sets = [game.rules(preset) for preset in game.presets]
    sets += [game.rules(None, features) for features in FEATURES[name]]
    said: set[str] = set()
    names: set[str] = set()
    for rules in sets:
        for language in LANGUAGES:
            for section in game.rules_help(rules, language).sections:
                for sentence in section.sentences:
                    said |= {re.sub(r"\.\d+(\.|$)", r"\1", s.name) for s in sentence.settings}
                    for move in re.findall(r"`([^`]+)`", sentence.text):
                        assert game.action_text(game.parse_action(move)) == move
        names |= {info.name for info in describe_rules(rules)}
    untold = [n for n in names if n not in said and not any(x.startswith(n + ".") for x in said)]
    assert not untold


DRIFTED = (
    "at least one",
    "the last trick counts two",
    "may answer a bid of the same height",
    "No summary of the phase",
)
"""Sentences the interfaces' hand-written help held when it had drifted from the rules."""


def test_no_interface_states_a_rule_in_words_of_its_own() -> None:
    """The interfaces hold no help prose: they lay out what the rules layer writes.

    Issue 16: the piquet help said the elder discards "at least one" (rule 9: at least three)
    and "the last trick counts two" (rule 37: four); the preferans help described "mine"
    otherwise than the auction (rule 19).
    """
    folders = ("cli", "tui", "server", "web")
    for path in (p for folder in folders for p in (SRC / folder).rglob("*") if p.is_file()):
        if path.suffix not in (".py", ".js", ".html"):
            continue
        text = path.read_text(encoding="utf-8")
        for sentence in DRIFTED:
            assert sentence not in text, f"{path.name} says {sentence!r}"
        assert not re.search(r"^HELP = \{", text, re.MULTILINE), path.name


def test_a_hint_tells_each_kind_of_move_once_with_an_example() -> None:
    """Moves sharing a verb are told once: cards by their count, amounts by their span.

    Issue 16, move hints ("discard 2 cards: `discard K♠ 7♦`", "bet 2 to 40").
    """
    assert hint_from_moves(["discard K♠ 7♦", "discard 8♣ 9♣"]) == (
        "discard 2 cards: `discard K♠ 7♦`"
    )
    assert hint_from_moves(["bet 2", "bet 10", "bet 40"]) == "bet 2 to 40: `bet 2`"
    assert hint_from_moves(["bet 2", "bet 40"], "ru") == "bet от 2 до 40: `bet 2`"


def test_the_rules_summary_command_tells_the_rules_of_a_file_over_the_preset(
    tmp_path: Path,
) -> None:
    """``cardtable rules piquet --rules FILE --summary`` tells the file's minimum discard.

    001_776ed664a35a376f.txt, piquet rule 9 (option ``elder_min_exchange``); README, "Rules".
    """
    runner = CliRunner()
    path = tmp_path / "house.toml"
    path.write_text("[rules]\nelder_min_exchange = 2\n", encoding="utf-8")
    seed = runner.invoke(app, ["rules", "piquet", "--summary", "--json"])
    house = runner.invoke(app, ["rules", "piquet", "--rules", str(path), "--summary", "--json"])
    assert seed.exit_code == house.exit_code == 0, house.output

    def exchange(output: str) -> str:
        sections = json.loads(output)["sections"]
        return str(next(s for s in sections if s["phase"] == "exchange")["sentences"][0]["text"])

    assert exchange(seed.stdout).startswith("The elder hand exchanges 3 to 5 cards")
    assert exchange(house.stdout).startswith("The elder hand exchanges 2 to 5 cards")
    russian = runner.invoke(app, ["rules", "piquet", "--summary", "--language", "ru"])
    assert "Старший сносит от 3 до 5 карт" in " ".join(russian.stdout.split())


def test_help_at_the_plain_prompt_prints_the_phase_s_rules_and_how_to_move() -> None:
    """At the plain prompt a line says how to move now, and ``?`` prints the phase's rules.

    001_776ed664a35a376f.txt, preferans rules 16–18 (the auction); docs/tui.md, "Help".
    """
    result = CliRunner().invoke(
        app,
        ["play", "preferans", "--plain", "--seed", "5", "--seats", "you,bot,bot"],
        input="?\nq\n",
    )
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "how: `pass`; or `mine`; or a bid from `6♣` to `misère`" in words
    assert "The auction The first hand speaks first" in words


def test_a_game_without_a_help_of_its_own_is_told_option_by_option(toy: ToyGame) -> None:
    """A newly registered game's help is each option's meaning and its value in force.

    docs/tui.md, "Help" (``Game.rules_help`` by default); the toy game's ``deals`` option.
    """
    (section,) = toy.rules_help(toy.rules("standard", {"deals": 7})).sections
    said = _sentence(toy.rules_help(toy.rules("standard", {"deals": 7})), "deals")
    assert said.text == "Deals in a match. Here: 7."
    assert said.cited == "toy game"
    assert len(section.sentences) == len(rules_to_mapping(toy.rules()))


LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
"""A word in Latin letters: English, or a server's name, left in a Russian sentence."""

KEPT_IN_CITATIONS = re.compile(
    r"(?:https?://)?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?:/\S*)?|\bPokerKit\b"
)
"""What a Russian citation keeps in Latin letters (docs/web.md, the help panel): a site's address,
which is typed as it is, and the name of the library PokerKit, which has no Russian form."""

CITED_RU = {
    "preferans": (preferans_cite, PREFERANS_CITED_RU),
    "piquet": (piquet_cite, PIQUET_CITED_RU),
    "poker": (poker_cite, POKER_CITED_RU),
}
"""Each game's citation of a source and the Russian words of its sources' English ones."""


def _latin_cited(cited: str) -> list[str]:
    """The Latin words of a Russian citation but what it keeps (``KEPT_IN_CITATIONS``)."""
    return LATIN_WORD.findall(KEPT_IN_CITATIONS.sub("", cited))


@pytest.mark.parametrize("name", ["preferans", "piquet", "poker"])
def test_the_russian_help_of_every_preset_and_feature_has_no_latin_word(name: str) -> None:
    """A Russian page's rules panel is Russian: no heading or sentence keeps a Latin word.

    The page shows the help in its language (docs/web.md, the help panel; help.LANGUAGES):
    every preset of the game and every feature switched on (``FEATURES``); a move is said as
    players say it («иду на высший», «остаюсь при своих»), a convention and a variant by
    their Russian names; a clause cited by its number as «правило 9» and in Russian words,
    but a site's address and PokerKit's name (``KEPT_IN_CITATIONS``).
    """
    game = get_game(name)
    sets = [game.rules(preset) for preset in game.presets]
    sets += [game.rules(None, features) for features in FEATURES[name]]
    left: set[str] = set()
    for rules in sets:
        for section in game.rules_help(rules, "ru").sections:
            for text in [section.heading, *(sentence.text for sentence in section.sentences)]:
                left |= {f"{word}: {text}" for word in LATIN_WORD.findall(text)}
            cited = " ".join(sentence.cited for sentence in section.sentences)
            left |= {f"{word}: {cited}" for word in _latin_cited(cited)}
    assert not left, sorted(left)[:10]


@pytest.mark.parametrize("name", ["preferans", "piquet", "poker"])
def test_every_source_of_every_option_is_cited_in_russian_but_addresses_and_pokerkit(
    name: str,
) -> None:
    """A Russian citation of any option's source, whatever its value, is Russian words.

    The rules panel of a Russian page cites each rule where a Russian reader looks it up: the
    books by their Russian titles (the seeds' «Энциклопедия игр», «Покер», «Кодекс
    преферанса»), an English author as Russian books write him (Парлетт, Кавендиш), a game
    outside the seed by its Russian name; only a site's address and the library PokerKit's name
    stay in Latin letters (docs/web.md, the help panel).
    """
    game = get_game(name)
    cite, phrases = CITED_RU[name]
    sources = {
        info.source for preset in game.presets for info in describe_rules(game.rules(preset))
    }
    left = {
        f"{word}: {source}"
        for source in sources
        for word in _latin_cited(clauses_ru(cite(source), phrases))
    }
    assert not left, sorted(left)[:10]
