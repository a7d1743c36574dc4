"""Fuzz tests of every parser the players' input reaches (records and PHH are fuzzed beside them).

docs/reliability.md, "Fuzzing": cards, each game's moves (during a deal and between deals),
each game's rules TOML, poker variants and scorer sheets. Each case ends in a value or a
``CardtableError``, within the time limit, and writes no file; what parses reads back.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import cards_text, parse_card, parse_cards, parse_move_cards
from cardtable.engine import get_game
from cardtable.harness import simulate
from cardtable.preferans.scorer import DEAL_FIELDS, WHIST_WORDS, parse_score_file, score
from fuzzing import FUZZ, files_in, hostile_text, option_values, toml_value, value_or_refusal
from test_option_ranges import RULE_SETS, walk

GAMES = ("preferans", "piquet", "poker")

WORDS = {
    "preferans": (
        "pass", "6♠", "7NT", "10БК", "misère", "whist", "half", "open", "closed", "mine",
        "здесь", "play", "discard", "9 without talon", "пас", "claim", "misdeal", "exposed",
    ),
    "piquet": (
        "point", "sequence", "set", "good", "not good", "equal", "exchange", "take", "play",
        "discard", "refuse", "carte blanche", "misdeal", "exposed", "seat", "show", "capot",
    ),
    "poker": (
        "bet", "raise", "to", "до", "call", "check", "fold", "draw", "stand", "declare", "high",
        "low", "both", "expose", "name", "open", "straddle", "no", "look",
    ),
}  # fmt: skip
"""Each game's own words, so that the fuzzer reaches past the first word of a move."""

BETWEEN = ("buy", "sell", "join", "seat", "leave", "hour", "time-up", "first-dealer", "choose",
           "choose-own", "B", "Z", "draw", "holdem", "wild", "{}", '{"steps": []}')  # fmt: skip
"""The words of poker's moves between deals."""


@pytest.fixture
def quiet_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty working folder that must still be empty when the test ends."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    assert files_in(tmp_path) == []


@FUZZ
@given(text=hostile_text(("A♠", "10♥", "Jo", "Т♠", "♠7 8 9", "As", "Kd", "♦Т,")))
def test_cards_read_to_cards_that_read_back_or_a_card_error(quiet_folder: Path, text: str) -> None:
    """docs/architecture.md, "Cards": three notations read, one written, read back the same."""
    cards = value_or_refusal(parse_cards, text)
    if cards is not None:
        assert parse_cards(cards_text(cards)) == cards
        assert parse_cards(cards_text(cards, style="ascii")) == cards
    value_or_refusal(parse_card, text)
    value_or_refusal(parse_move_cards, text)


@pytest.mark.parametrize("game_name", GAMES)
@FUZZ
@given(data=st.data())
def test_a_typed_move_reads_to_a_move_that_reads_back_or_a_refusal(
    quiet_folder: Path, game_name: str, data: st.DataObject
) -> None:
    """README, "A tour": a move that cannot be read is refused saying what is wrong."""
    game = get_game(game_name)
    text = data.draw(hostile_text(WORDS[game_name]), label="move")
    action = value_or_refusal(game.parse_action, text)
    if action is not None:
        assert game.parse_action(game.action_text(action)) == action


@FUZZ
@given(text=hostile_text(BETWEEN))
def test_a_move_between_poker_deals_is_applied_or_refused_changing_nothing(
    quiet_folder: Path, text: str
) -> None:
    """002_053e85955f9a4108.txt, "Банкомет"; Выбор сдающего: a refused move changes nothing."""
    game = get_game("poker")
    match = game.new_match(game.rules(), ["A", "B", "C"])
    before = match.ledger()
    if value_or_refusal(match.apply_between, text) is None:
        assert match.between[-1] == []
        assert match.ledger() == before


def _rules_file(game_name: str, data: st.DataObject) -> str:
    """A rules file setting a few options of the game, each to any value, in its table."""
    options = [option for option in walk(RULE_SETS[game_name]) if "0" not in option.path]
    chosen = data.draw(st.lists(st.sampled_from(options), max_size=4, unique=True), label="set")
    tables: dict[str, list[str]] = {}
    for option in chosen:
        value = data.draw(option_values(), label=".".join(option.path))
        table = ".".join(("rules", *option.path[:-1]))
        tables.setdefault(table, []).append(f"{option.path[-1]} = {toml_value(value)}")
    return "\n".join(f"[{table}]\n" + "\n".join(lines) for table, lines in tables.items())


def _play_one_deal(game_name: str, rules: Any) -> None:
    """One deal under ``rules``, bots playing with every check of the harness on."""
    game = get_game(game_name)
    players = game.players[0]
    if game_name == "poker":
        players = rules.variant.players_min
    report = simulate(game, rules, players=players, deals=1, seed=1)
    assert report.ok, report.failures


@pytest.mark.parametrize("game_name", GAMES)
@FUZZ
@given(data=st.data())
def test_a_rules_file_is_refused_or_plays_a_deal(
    quiet_folder: Path, game_name: str, data: st.DataObject
) -> None:
    """docs/reliability.md, "Rule options": rules read are rules a deal can be played under."""
    written = data.draw(st.booleans(), label="written by options")
    text = _rules_file(game_name, data) if written else data.draw(st.text(max_size=60))
    game = get_game(game_name)
    rules = value_or_refusal(game.rules_from_toml, text, "rules.toml")
    if rules is not None:
        value_or_refusal(_play_one_deal, game_name, rules)


STEP = st.fixed_dictionaries(
    {
        "do": st.sampled_from(
            ["deal", "board", "reveal", "expose", "name-wild", "draw", "bet", "declare", "showdown"]
        )
    },
    optional={
        "down": st.integers(-1, 12),
        "up": st.integers(-1, 6),
        "count": st.integers(-1, 6),
        "cards": st.lists(st.integers(-1, 8), max_size=3),
        "keep_down": st.integers(0, 3),
        "most": st.integers(-1, 6),
        "most_few": st.integers(0, 6),
        "opens": st.sampled_from(["left", "first-bettor", "high-showing", "low-showing"]),
        "check": st.booleans(),
        "void_if_all_check": st.booleans(),
    },
)
VARIANT = st.fixed_dictionaries(
    {"name": st.just("mine"), "steps": st.lists(STEP, min_size=1, max_size=8)},
    optional={
        "players_min": st.integers(1, 11),
        "players_max": st.integers(1, 11),
        "hole_exactly": st.integers(-1, 8),
        "board_exactly": st.integers(-1, 8),
        "board_lines": st.lists(st.lists(st.integers(-1, 8), max_size=3), max_size=2),
        "win": st.sampled_from(["high", "low", "high-low", "deuce-to-seven"]),
        "openers": st.sampled_from(["any", "jacks", "jacks-or-bobtail"]),
        "unopened": st.sampled_from(["void", "lowball"]),
        "low_qualifier": st.integers(-1, 14),
        "hands": st.fixed_dictionaries(
            {},
            optional={
                "wild": st.lists(
                    st.sampled_from(["jokers", "deuces", "K", "K♠", "zz"]), max_size=2
                ),
                "low": st.sampled_from(["none", "lowball", "high-low"]),
                "three_card": st.booleans(),
                "stripped": st.lists(st.integers(1, 6), max_size=2),
            },
        ),
    },
)


@FUZZ
@given(variant=VARIANT)
def test_a_variant_file_is_refused_or_plays_a_deal_with_every_check_holding(
    quiet_folder: Path, variant: dict[str, Any]
) -> None:
    """002_053e85955f9a4108.txt, "Выбор сдающего": a variant the table reads, the table runs."""
    text = "[rules.variant]\n" + "\n".join(f"{k} = {toml_value(v)}" for k, v in variant.items())
    rules = value_or_refusal(get_game("poker").rules_from_toml, text, "mine.toml")
    if rules is not None:
        value_or_refusal(_play_one_deal, "poker", rules)


PLAYER = st.sampled_from(["A", "B", "C", "D", "", "A "])
SCORE_VALUE = st.one_of(
    st.integers(-3, 12),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.sampled_from(["6♠", "7NT", "misère", "10", *WHIST_WORDS, "good", "bad", "main"]),
    st.dictionaries(PLAYER, st.integers(-2, 11) | st.sampled_from([*WHIST_WORDS])),
    st.none(),
    st.booleans(),
)
DEAL = st.dictionaries(st.sampled_from([*DEAL_FIELDS, "x"]), SCORE_VALUE, max_size=6)
SHEET = st.fixed_dictionaries(
    {"players": st.lists(PLAYER, min_size=0, max_size=5)},
    optional={
        "convention": st.sampled_from(["sochi", "leningrad", "rostov", "classic-1992", "x"]),
        "pool": st.integers(-5, 60) | st.integers(-(2**70), 2**70),
        "stake": st.integers(-1, 5) | st.sampled_from(["0.5", "1/3", "1/0", "1e9999", "x"]),
        "deals": st.lists(DEAL, max_size=6),
        "sheet": st.dictionaries(
            PLAYER,
            st.dictionaries(
                st.sampled_from(["mountain", "pool", "whists", "x"]),
                st.integers(-(2**40), 2**40) | st.floats() | st.dictionaries(PLAYER, st.floats()),
            ),
        ),
    },
)


def _score_text(text: str) -> Any:
    return score(parse_score_file(text)).to_data()


@FUZZ
@given(sheet=SHEET, form=st.sampled_from(["json", "mangled"]), cut=st.integers(0, 400))
def test_a_scorer_sheet_is_scored_or_refused_in_one_line(
    quiet_folder: Path, sheet: dict[str, Any], form: str, cut: int
) -> None:
    """docs/scorer.md, "A malformed file": one ScoreError naming the deal and the field."""
    text = json.dumps(sheet, ensure_ascii=False)
    if form == "mangled":
        text = text[:cut] + text[cut + 1 :]
    value_or_refusal(_score_text, text)
