"""Every rule option of every game declares its range, and a rules file outside it is refused.

docs/reliability.md, "Rule options": a value outside an option's range is refused when the
rules are read, in one line naming the option, its range and the line of the file.
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine import get_game
from cardtable.engine.rules import Range, rules_from_toml
from cardtable.errors import RulesError
from cardtable.piquet.rules import PiquetRules
from cardtable.poker.limits import Limits
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.scoring import ScoringRules

RULE_SETS: dict[str, type[Any]] = {
    "preferans": PreferansRules,
    "piquet": PiquetRules,
    "poker": get_game("poker").rules_type,
    "preferans scoring": ScoringRules,
}


@dataclasses.dataclass(frozen=True)
class Ranged:
    """One option met while walking a rules type: its TOML path, its type and its range."""

    path: tuple[str, ...]
    hint: Any
    bounds: Range | None


def walk(cls: type[Any], path: tuple[str, ...] = ()) -> Iterator[Ranged]:
    """Every leaf option of ``cls`` (nested rule sets and a variant's steps walked into)."""
    hints = typing.get_type_hints(cls)
    for spec in dataclasses.fields(cls):
        hint = hints[spec.name]
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            yield from walk(hint, (*path, spec.name))
            continue
        arguments = typing.get_args(hint)
        element = arguments[0] if arguments else None
        if isinstance(element, type) and dataclasses.is_dataclass(element):
            yield Ranged((*path, spec.name), hint, spec.metadata.get("range"))
            yield from walk(element, (*path, spec.name, "0"))
            continue
        yield Ranged((*path, spec.name), hint, spec.metadata.get("range"))


def _needs_range(hint: Any) -> bool:
    """Numbers, lists and free words need a declared range; booleans, enums, literals don't."""
    if hint is bool or typing.get_origin(hint) is typing.Literal:
        return False
    if isinstance(hint, type) and issubclass(hint, str) and hint is not str:
        return False  # an enum: its values are its range
    return hint in (int, str) or typing.get_origin(hint) is tuple


def _toml(option: Ranged, value: Any) -> str:
    """A rules file setting one option (a step's option inside one step that deals)."""
    if "0" in option.path:
        at = option.path.index("0")
        table = ".".join(("rules", *option.path[:at]))
        key = option.path[at + 1]
        lines = [f"[[{table}]]", 'do = "deal"', "down = 5"] if key not in ("do", "down") else []
        if lines:
            return "\n".join([*lines, f"{key} = {_value(value)}"])
        return "\n".join([f"[[{table}]]", f"{key} = {_value(value)}"])
    table = ".".join(("rules", *option.path[:-1]))
    return f"[{table}]\n{option.path[-1]} = {_value(value)}"


def _outside(option: Ranged) -> list[Any]:
    """Values just outside the option's range (and a huge one), shaped as the option is."""
    bounds = option.bounds
    assert bounds is not None
    listed = typing.get_origin(option.hint) is tuple
    values: list[Any] = []
    if bounds.least is not None:
        values.append(bounds.least - 1)
    if bounds.most is not None:
        values += [bounds.most + 1, 2**63]
    if bounds.choices:
        values.append("no such thing")
    if listed:
        if typing.get_origin(typing.get_args(option.hint)[0]) is tuple:
            values = [[value] for value in values]  # a list of lines of places
        arguments = typing.get_args(option.hint)
        size = 1 if arguments[-1] is Ellipsis else len(arguments)
        values = [[value] + [_element(option)] * (size - 1) for value in values]
        if bounds.longest is not None:
            values.append([_element(option)] * (bounds.longest + 1))
    elif bounds.longest is not None and option.hint is str:
        values.append("x" * (bounds.longest + 1))
    return values


def _element(option: Ranged) -> Any:
    """One element a list option accepts."""
    bounds = option.bounds
    assert bounds is not None
    element = typing.get_args(option.hint)[0]
    if isinstance(element, type) and dataclasses.is_dataclass(element):
        return {"do": "deal", "down": 1}
    if bounds.least is not None:
        return bounds.least
    return bounds.choices[0] if bounds.choices else "deuces"


def _value(value: Any) -> str:
    """``value`` written as TOML."""
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {_value(item)}" for key, item in value.items()) + "}"
    return json.dumps(value)


def _read(game: str, text: str) -> Any:
    """The rules of ``game`` (or the preferans scoring rules) from a file called rules.toml."""
    if game == "preferans scoring":
        return rules_from_toml(ScoringRules, text, where="rules.toml")
    return get_game(game).rules_from_toml(text, "rules.toml")


CASES = [
    pytest.param(game, option, value, id=f"{game}:{'.'.join(option.path)}={str(value)[:20]}")
    for game, cls in RULE_SETS.items()
    for option in walk(cls)
    if option.bounds is not None and _needs_range(option.hint)
    for value in _outside(option)
]


@pytest.mark.parametrize("game", sorted(RULE_SETS))
def test_every_number_list_and_word_option_declares_its_range(game: str) -> None:
    """docs/reliability.md, "Rule options": every option of every game has a valid range."""
    missing = [
        ".".join(option.path)
        for option in walk(RULE_SETS[game])
        if _needs_range(option.hint) and (option.bounds is None or not option.bounds.text())
    ]
    assert missing == []
    numbers = [o for o in walk(RULE_SETS[game]) if o.hint is int]
    assert numbers
    assert all(
        o.bounds and o.bounds.least is not None and o.bounds.most is not None for o in numbers
    )


@pytest.mark.parametrize(("game", "option", "value"), CASES)
def test_an_option_outside_its_range_is_refused_naming_it_its_range_and_line(
    game: str, option: Ranged, value: Any
) -> None:
    """docs/reliability.md, "Rule options": one RulesError naming option, range and line."""
    text = _toml(option, value)
    with pytest.raises(RulesError) as caught:
        _read(game, text)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("rules.toml: option ")
    assert ".".join(option.path) in message
    assert re.search(r"\(line \d+\)$", message), message
    bounds = option.bounds
    assert bounds is not None
    marks = [
        f"{mark:,}" for mark in (bounds.least, bounds.most, bounds.longest) if mark is not None
    ]
    assert any(mark in message for mark in [*marks, *map(repr, bounds.choices)]), message


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("[rules.limits]\nminimum = -1", "limits.minimum"),
        ("[rules.house]\nrake_percent = -10", "house.rake_percent"),
        ("[rules.house]\nrake_percent = 500", "house.rake_percent"),
        ("[rules.house]\nkitty_unit = -3", "house.kitty_unit"),
        ("[rules.variant]\nboard_exactly = -1", "variant.board_exactly"),
        ("[rules.variant]\nhole_exactly = 1000000000", "variant.hole_exactly"),
        ('[rules.house]\nkitty_hand = "two pair"', "house.kitty_hand"),
        ('[rules.house]\nbonus_hands = ["quads"]', "house.bonus_hands"),
        ("[rules]\ndeals = -1", "deals"),
    ],
)
def test_the_poker_values_found_breaking_the_table_are_refused_when_read(
    text: str, named: str
) -> None:
    """002_053e85955f9a4108.txt, "Пределы ставок"; «Банк»; «Покер» в клубах и казино.

    Each value once broke a bet (a negative one took chips back) or the first showdown.
    """
    with pytest.raises(RulesError, match=re.escape(f"option '{named}'")):
        get_game("poker").rules_from_toml(text, "rules.toml")


@pytest.mark.parametrize("round_number", [0, -1, 11, 2**63])
def test_the_talon_is_laid_aside_after_the_first_or_second_round_only(round_number: int) -> None:
    """001_776ed664a35a376f.txt, preferans rule 9: the talon after the first or second round."""
    with pytest.raises(RulesError, match=r"option 'talon_after_round'.*1 to 2"):
        get_game("preferans").rules_from_toml(
            f"[rules]\ntalon_after_round = {round_number}", "rules.toml"
        )


def test_a_match_of_no_parties_is_refused_when_the_rules_are_made() -> None:
    """001_776ed664a35a376f.txt, piquet rule 46: a match is one partie or more (through the API)."""
    with pytest.raises(RulesError, match="option 'parties': 0 is outside its range 1 to"):
        PiquetRules(parties=0)


def test_limits_that_cannot_be_played_are_refused_when_made() -> None:
    """002_053e85955f9a4108.txt, "Установленные пределы": the maximum is not below the minimum."""
    with pytest.raises(RulesError, match="the maximum 2 is below the minimum 3"):
        Limits(minimum=3, maximum=2)


def test_a_hand_cannot_use_more_cards_than_the_variant_deals() -> None:
    """002_053e85955f9a4108.txt, Штормовая погода: a hand uses the board cards there are."""
    with pytest.raises(RulesError, match="cannot use more cards than are dealt"):
        get_game("poker").rules_from_toml("[rules.variant]\nboard_exactly = 3", "rules.toml")


def test_cardtable_rules_shows_each_options_range() -> None:
    """docs/reliability.md, "Rule options": `cardtable rules` prints the range of each option."""
    result = CliRunner().invoke(app, ["rules", "poker", "--json"])
    assert result.exit_code == 0
    ranges = {o["name"]: o["range"] for o in json.loads(result.stdout)["options"]}
    assert ranges["limits.minimum"] == "1 to 1,000,000,000"
    assert ranges["house.rake_percent"] == "0 to 100"
