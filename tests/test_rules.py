"""Rules as data: options with sources, TOML presets, strict reading.

See docs/architecture.md, rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.engine import describe_rules, get_game
from cardtable.errors import RulesError, UnknownGame
from toygame.game import ToyGame, ToyRules


def test_a_preset_changes_only_the_options_it_names(toy: ToyGame) -> None:
    """Presets are TOML overrides of the defaults (docs/architecture.md, protocol)."""
    assert toy.rules("marathon") == ToyRules(deals=6, discard=False)
    assert toy.rules() == ToyRules(deals=2)


def test_every_option_is_described_with_its_meaning_and_source(toy: ToyGame) -> None:
    """Each option's docstring cites its source (docs/architecture.md, protocol)."""
    infos = describe_rules(toy.rules("marathon"))
    assert [(i.name, i.value) for i in infos] == [
        ("deals", 6),
        ("discard", False),
        ("point", 1),
        ("pairs", False),
    ]
    assert all(i.doc and i.source for i in infos)


def test_a_players_rules_file_changes_the_preset(toy: ToyGame) -> None:
    """``--rules FILE`` reads TOML, at the top level or under ``[rules]``."""
    assert toy.rules_from_toml("point = 3", "mine.toml").point == 3
    assert toy.rules_from_toml("[rules]\ndeals = 4", "mine.toml").deals == 4


def test_an_unknown_option_is_named(toy: ToyGame) -> None:
    """Bad rules give a one-line error naming the option."""
    with pytest.raises(RulesError, match=r"mine.toml: unknown option 'trumps' \(options: deals"):
        toy.rules_from_toml("trumps = true", "mine.toml")


def test_a_value_of_the_wrong_kind_is_named_with_its_line(toy: ToyGame) -> None:
    """A malformed file gets an error naming the key and the line."""
    with pytest.raises(RulesError, match=r"option 'point': .* \(line 3\)"):
        toy.rules_from_toml("# mine\n\npoint = 'three'\n", "mine.toml")


def test_a_bool_is_not_taken_for_a_number(toy: ToyGame) -> None:
    """Rules are read strictly: ``true`` is not 1."""
    with pytest.raises(RulesError, match="option 'deals'"):
        toy.rules(overrides={"deals": True})


def test_broken_toml_is_refused(toy: ToyGame) -> None:
    """A file that is not TOML says so on one line."""
    with pytest.raises(RulesError, match="not TOML"):
        toy.rules_from_toml("point = = 3", "mine.toml")


def test_an_unknown_preset_lists_the_known_ones(toy: ToyGame) -> None:
    """Unknown presets get a one-line error."""
    known = r"\(presets: marathon, pairs, standard\)"
    with pytest.raises(UnknownGame, match=rf"no preset 'sochi' {known}"):
        toy.rules("sochi")


def test_a_misspelt_option_among_many_names_the_closest_not_all() -> None:
    """Bad rules give a one-line error naming the option; piquet's 36 are not all printed."""
    game = get_game("piquet")
    with pytest.raises(RulesError) as caught:
        game.rules_from_toml("[rules]\ncapto = true", "mine.toml")
    message = str(caught.value)
    assert "unknown option 'capto' (did you mean 'capot'? `cardtable rules GAME` lists" in message
    assert "carte_blanche" not in message


def test_a_shipped_preset_is_listed_at_once_and_its_options_checked_when_its_rules_are_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Listing presets reads their names and descriptions; a bad option is refused on use.

    docs/architecture.md, rules: presets are TOML overrides checked against the rules type
    (here when the preset's rules are made, so that ``cardtable games`` starts fast).
    """
    package = tmp_path / "brokentoy"
    (package / "presets").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "presets" / "bad.toml").write_text(
        'description = "a slip"\n[rules]\ntrumps = true\n', encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))

    class BrokenToy(ToyGame):
        presets_package = "brokentoy"

    game = BrokenToy()
    assert {name: preset.description for name, preset in game.presets.items()} == {"bad": "a slip"}
    with pytest.raises(RulesError, match=r"preset 'bad': unknown option 'trumps'"):
        game.rules("bad")
