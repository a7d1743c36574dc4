"""Bad input at the command line: one ``error:`` line on standard error, exit 2, files kept.

The rule (README, "A tour": "bad input (a malformed card, record, rules file or an unknown
game) prints one line ``error: …`` on standard error and exits with status 2"; docs/
architecture.md, "Errors") covers the command line itself, every file a command reads, and
every file it writes: a refused command changes no file.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli import play
from cardtable.cli.main import app
from cardtable.engine import get_game, record_text, seeded_rng
from toygame.game import ToyGame

runner = CliRunner()

ELDER = "Q♣ 10♣ 9♣ Q♦ 10♦ 9♦ A♥ Q♥ 10♥ 9♥ Q♠ 10♠"
YOUNGER = "A♣ K♣ 7♣ J♦ 7♦ K♥ 8♥ 7♥ A♠ K♠ 8♠ 7♠"

SOCHI_PULKA = {
    "convention": "sochi",
    "players": ["A", "B", "C"],
    "deals": [
        {"declarer": "A", "contract": "6♠", "tricks": 6, "whist": {"B": "pass", "C": "pass"}}
    ],
}

SPIT = """description = "Spit in the ocean"

[rules.variant]
name = "my-spit"
title = "My spit in the ocean"
players_max = 8
board_exactly = 1
steps = [
  { do = "deal", down = 4 },
  { do = "board", up = 1, face = "up" },
  { do = "bet", opens = "left" },
]
"""


def _one_error_line(args: list[str], input_text: str | None = None) -> str:
    """Run the command; check it failed with exactly one ``error:`` line and return it."""
    result = runner.invoke(app, args, input=input_text)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def _toy_record(toy: ToyGame, tmp_path: Path, deals: int = 2) -> Path:
    match = toy.new_match(toy.rules(), ["A", "B"], "standard")
    rng = seeded_rng(1)
    for _ in range(deals):
        deal = match.start_deal(rng)
        while not deal.is_over:
            match.apply(rng.choice(deal.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(record_text(match.record()), encoding="utf-8")
    return path


def _files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["simulate", "toy", "--deals", "0"], "'--deals'"),
        (["simulate", "toy", "--seed", "abc"], "'--seed'"),
        (["games", "--bogus"], "--bogus"),
        (["play", "toy", "--players", "0"], "'--players'"),
        (["piquet", "declare", ELDER], "'YOUNGER_HAND'"),
        (["poker", "hand"], "'CARDS...'"),
        (["poker", "equity", "A♥ K♥", "Q♠ Q♦", "--board-size", "-1"], "'--board-size'"),
        (["poker", "nosuch"], "'nosuch'"),
        (["nosuch"], "'nosuch'"),
    ],
)
def test_a_command_line_the_parser_refuses_is_one_line_naming_the_option(
    toy: ToyGame, args: list[str], named: str
) -> None:
    """A bad option, value or missing argument is one line with exit 2, not a usage box.

    README, "A tour": bad input prints one line ``error: …`` and exits with status 2.
    """
    line = _one_error_line(args)
    assert named in line
    assert "--help'" in line


def test_a_group_called_bare_still_prints_its_help() -> None:
    """``cardtable preferans`` alone lists its commands (help is not an error).

    README, "A tour": the commands are found from the command itself.
    """
    result = runner.invoke(app, ["preferans"])
    assert "score" in result.stdout
    assert "error:" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "{file}.json"],
        ["replay", "{file}.phh"],
        ["preferans", "score", "{file}.json"],
        ["preferans", "analyse", "{file}.json"],
        ["poker", "variant", "{file}.toml"],
        ["poker", "hand", "A♠", "K♠", "Q♠", "J♠", "10♠", "--rules", "{file}.toml"],
        ["play", "toy", "--rules", "{file}.toml"],
        ["play", "toy", "--load", "{file}.json"],
    ],
)
def test_a_file_that_is_not_utf8_text_is_one_line_naming_the_file(
    toy: ToyGame, tmp_path: Path, args: list[str]
) -> None:
    """A binary or wrongly encoded file is refused by name, not with a traceback.

    README, "A tour": a malformed record or rules file is one line on standard error, exit 2.
    """
    stem = tmp_path / "binary"
    filled = [arg.format(file=stem) for arg in args]
    named = next(Path(arg) for arg in filled if arg.startswith(str(stem)))
    named.write_bytes(b"\xff\xfe rules")
    line = _one_error_line(filled, input_text="q\n")
    assert f"{named}: not UTF-8 text" in line
    assert named.read_bytes() == b"\xff\xfe rules"


@pytest.mark.parametrize(("where", "key"), [("top", "comment"), ("deal", "notes")])
def test_a_record_with_a_key_it_does_not_know_is_refused_naming_the_key(
    toy: ToyGame, tmp_path: Path, where: str, key: str
) -> None:
    """An unknown key in a record (a typo, or a newer format) is refused, never ignored.

    docs/architecture.md, "The engine protocol": the record is versioned JSON with fixed keys.
    """
    path = _toy_record(toy, tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    (data if where == "top" else data["deals"][0])[key] = "x"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = _one_error_line(["replay", str(path)])
    assert f"unknown key {key!r}" in line


def test_a_rules_file_with_a_key_beside_its_rules_table_is_refused(
    toy: ToyGame, tmp_path: Path
) -> None:
    """``version = 3`` beside ``[rules]`` is not silently dropped; a bad description neither.

    docs/architecture.md, "The engine protocol": rules are read strictly, errors name the key.
    """
    path = tmp_path / "house.toml"
    path.write_text("version = 3\n[rules]\ndeals = 4\n", encoding="utf-8")
    assert "unknown key 'version' beside [rules]" in _one_error_line(
        ["play", "toy", "--rules", str(path)]
    )
    path.write_text("description = 5\n[rules]\ndeals = 4\n", encoding="utf-8")
    assert "'description' must be a string" in _one_error_line(
        ["play", "toy", "--rules", str(path)]
    )


def test_an_unknown_key_in_a_variant_step_is_refused_with_its_path_and_line(
    tmp_path: Path,
) -> None:
    """A misspelt field inside one of a variant's steps names the step and its line.

    docs/rules/poker-variants.md, "Tutorial": a malformed value is refused with the option's
    path and its line.
    """
    path = tmp_path / "spit.toml"
    path.write_text(SPIT, encoding="utf-8")
    line = _one_error_line(["poker", "variant", str(path), "--deals", "0"])
    assert "unknown option 'variant.steps.1.face'" in line
    assert "(line 10)" in line


def test_poker_variant_refuses_a_file_that_describes_no_variant(tmp_path: Path) -> None:
    """A file without ``[rules.variant]`` is refused instead of checking the default variant.

    docs/rules/poker-variants.md: ``cardtable poker variant FILE`` checks your own variant.
    """
    path = tmp_path / "empty.toml"
    path.write_text('description = "table rules only"\n[rules]\ndeals = 3\n', encoding="utf-8")
    assert "no [rules.variant] table" in _one_error_line(["poker", "variant", str(path)])
    path.write_text('description = "nothing yet"\n', encoding="utf-8")
    assert "no [rules.variant] table" in _one_error_line(["poker", "variant", str(path)])


def test_a_check_of_the_whole_rule_set_names_the_option_it_refuses(tmp_path: Path) -> None:
    """A rule checked across the set (a positive pool) is reported by option, not as ``''``.

    docs/scorer.md, "A malformed file": one line naming the field.
    """
    path = tmp_path / "pulka.json"
    path.write_text(json.dumps({**SOCHI_PULKA, "pool": -5}), encoding="utf-8")
    line = _one_error_line(["preferans", "score", str(path)])
    assert "option 'pool': -5 is outside its range 1 to 1,000,000" in line
    assert "option ''" not in line


def test_play_refuses_a_save_file_in_a_folder_that_does_not_exist(
    toy: ToyGame, tmp_path: Path
) -> None:
    """``--save`` names the file the player gave, and nothing is left behind.

    docs/tui.md, "Save, resume, review": the record is written after every move.
    """
    target = tmp_path / "nowhere" / "game.json"
    line = _one_error_line(["play", "toy", "--seats", "you,bot", "--save", str(target)], "q\n")
    assert f"{target}: there is no folder" in line
    assert list(tmp_path.iterdir()) == []


def test_play_refuses_a_folder_as_its_save_file(toy: ToyGame, tmp_path: Path) -> None:
    """``--save FOLDER`` says it is a folder, not that it holds a record.

    docs/tui.md, "Save, resume, review".
    """
    line = _one_error_line(["play", "toy", "--seats", "you,bot", "--save", str(tmp_path)], "q\n")
    assert "is a folder" in line


def test_a_corrupt_save_given_to_load_and_save_is_left_as_it_was(
    toy: ToyGame, tmp_path: Path
) -> None:
    """Resuming a broken record fails in one line and the file is not rewritten.

    docs/tui.md, "Save, resume, review": ``--load`` resumes the record; nothing is lost.
    """
    path = tmp_path / "game.json"
    path.write_text('{"format": "cardtable-rec', encoding="utf-8")
    before = _files(tmp_path)
    line = _one_error_line(
        ["play", "toy", "--load", str(path), "--save", str(path), "--seats", "you,bot"], "1\n"
    )
    assert "record: not JSON" in line
    assert _files(tmp_path) == before


def test_piquet_declare_refuses_a_card_outside_the_piquet_deck() -> None:
    """A two or a joker is no piquet card: the deck is 32 cards, sevens to aces.

    Seed 001, piquet rule 1: "Колода употребляется в 32 карты".
    """
    for stranger in ("2♠", "Jo"):
        younger = YOUNGER.replace("7♠", stranger)
        line = _one_error_line(["piquet", "declare", ELDER, younger])
        assert f"holds {stranger}, which is not in the piquet deck" in line


@pytest.mark.parametrize(
    ("flag", "name", "signature"),
    [("--svg", "sheet.svg", b"<svg"), ("--png", "sheet.png", b"\x89PNG")],
)
def test_score_drawings_never_overwrite_the_pulka_or_a_file_that_is_not_a_drawing(
    tmp_path: Path, flag: str, name: str, signature: bytes
) -> None:
    """``--svg`` and ``--png`` may replace an old drawing, never the pulka or a saved record.

    docs/scorer.md: ``--svg OUT`` and ``--png OUT`` draw the sheet; a refused command changes
    no file.
    """
    if flag == "--png":
        pytest.importorskip("PIL")
    pulka = tmp_path / "pulka.json"
    pulka.write_text(json.dumps(SOCHI_PULKA), encoding="utf-8")
    record = tmp_path / "match.json"
    record.write_text('{"format": "cardtable-record"}', encoding="utf-8")
    before = _files(tmp_path)
    assert "would overwrite the pulka" in _one_error_line(
        ["preferans", "score", str(pulka), flag, str(pulka)]
    )
    assert "something else than a drawing" in _one_error_line(
        ["preferans", "score", str(pulka), flag, str(record)]
    )
    assert _files(tmp_path) == before
    drawing = tmp_path / name
    for _ in range(2):
        result = runner.invoke(app, ["preferans", "score", str(pulka), flag, str(drawing)])
        assert result.exit_code == 0, result.output
        assert drawing.read_bytes().startswith(signature)


def test_replay_counts_a_single_deal_in_the_singular(toy: ToyGame, tmp_path: Path) -> None:
    """The summary reads "1 deal", as a person writes it.

    README, "A tour": ``cardtable replay`` prints the record's summary.
    """
    path = _toy_record(toy, tmp_path, deals=1)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "record — 1 deal, " in result.stdout


def test_load_refuses_rules_or_seats_the_record_does_not_have(toy: ToyGame, tmp_path: Path) -> None:
    """A resumed match keeps its rules and its seats: other ones are refused, not ignored.

    docs/tui.md, "Save, resume, review": ``--load`` continues the match where it stopped.
    """
    path = _toy_record(toy, tmp_path, deals=1)
    before = _files(tmp_path)
    rules = tmp_path / "house.toml"
    rules.write_text("[rules]\ndeals = 4\n", encoding="utf-8")
    load = ["play", "toy", "--load", str(path)]
    assert "drop --preset/--rules" in _one_error_line([*load, "--preset", "marathon"], "q\n")
    assert "drop --preset/--rules" in _one_error_line([*load, "--rules", str(rules)], "q\n")
    assert "seats 2 players, not 3" in _one_error_line([*load, "--seats", "you,bot,bot"], "q\n")
    assert "seats 2 players, not 3" in _one_error_line([*load, "--players", "3"], "q\n")
    assert {name: data for name, data in _files(tmp_path).items() if name != "house.toml"} == (
        before
    )


def test_a_save_file_that_cannot_be_written_is_named_as_given(
    toy: ToyGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that refuses the record names ``--save``'s file, not a temporary one.

    docs/tui.md, "Save, resume, review": the record is written atomically beside its file.
    """

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied", str(tmp_path / ".cardtable-x.json"))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    target = tmp_path / "game.json"
    line = _one_error_line(["play", "toy", "--seats", "you,bot", "--save", str(target)], "q\n")
    assert line == f"error: {target}: Permission denied"


def test_a_saved_record_gets_the_mode_of_any_new_file(toy: ToyGame, tmp_path: Path) -> None:
    """The record is as readable as any file the player makes (the umask decides), not private.

    docs/tui.md, "Save, resume, review": ``--save FILE`` keeps the match record in FILE.
    """
    target = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "toy", "--seats", "you,bot", "--save", str(target)], "q\n")
    assert result.exit_code == 0, result.output
    probe = tmp_path / "probe"
    probe.touch()
    assert target.stat().st_mode & 0o777 == probe.stat().st_mode & 0o777


def test_a_save_that_fails_midway_leaves_the_old_record_whole_and_no_stray_file(
    toy: ToyGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk while the record is rewritten loses nothing already saved.

    docs/tui.md, "Save, resume, review": killing the process (or a failed write) loses nothing.
    """
    path = _toy_record(toy, tmp_path, deals=1)
    before = _files(tmp_path)

    def full_disk(record: object) -> str:
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(play, "record_text", full_disk)
    line = _one_error_line(["play", "toy", "--load", str(path), "--seats", "you,bot"], "1\n" * 8)
    assert "No space left on device" in line
    assert _files(tmp_path) == before


def test_play_refuses_json_and_plain_together(toy: ToyGame) -> None:
    """Two ways of talking asked at once is refused, as ``--seats`` with ``--players`` is.

    docs/tui.md: ``--plain`` keeps the plain prompt and ``--json`` the JSON lines.
    """
    line = _one_error_line(["play", "toy", "--json", "--plain"], "q\n")
    assert line == "error: give --json or --plain, not both"


def test_replay_refuses_show_with_json_or_with_a_phh_hand(toy: ToyGame, tmp_path: Path) -> None:
    """``--show`` is for a person and a match record; it is not silently dropped.

    README, "The terminal table": ``cardtable replay pulka.json --show`` steps deal by deal.
    """
    path = _toy_record(toy, tmp_path, deals=1)
    assert "not both" in _one_error_line(["replay", str(path), "--show", "--json"])
    hand = tmp_path / "hand.phh"
    hand.write_text('variant = "NT"\n', encoding="utf-8")
    assert "not a PHH hand" in _one_error_line(["replay", str(hand), "--show"])


@pytest.mark.parametrize(
    ("game", "seats"), [("piquet", ["A", "B"]), ("preferans", ["A", "B", "C"])]
)
def test_a_record_with_two_seats_of_one_name_is_refused_naming_the_name(
    tmp_path: Path, game: str, seats: list[str]
) -> None:
    """Each player keeps his own columns and account: two seats named 'A' cannot be told apart.

    001_776ed664a35a376f.txt, piquet rule 46 and preferans rules 42–48 write each player's own
    record. The refusal speaks of the seats, not of the score sheet's fields (README, "A tour").
    """
    chosen = get_game(game)
    data = json.loads(record_text(chosen.new_match(chosen.rules(), seats).record()))
    data["seats"] = ["A", *seats[:-1]]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = _one_error_line(["replay", str(path)])
    assert line == "error: record: two seats are named 'A': give each player his own name"


def test_a_record_dealt_from_a_wrong_deck_names_the_cards_that_differ(
    toy: ToyGame, tmp_path: Path
) -> None:
    """The error names the missing and the foreign card, not the whole deck.

    docs/architecture.md, "The engine protocol": ``replay`` raises ``RecordError`` saying where.
    """
    path = _toy_record(toy, tmp_path, deals=1)
    data = json.loads(path.read_text(encoding="utf-8"))
    deck = data["deals"][0]["deck"].split()
    data["deals"][0]["deck"] = " ".join(["2♣", *deck[1:]])
    path.write_text(json.dumps(data), encoding="utf-8")
    line = _one_error_line(["replay", str(path)])
    assert line.endswith(
        f"the deck is not this game's deck: it lacks {deck[0]}; it has 2♣ too many"
    )


def test_score_calls_a_json_list_a_list_not_bad_toml(tmp_path: Path) -> None:
    """A pulka written as a JSON list is named as such; a TOML file starting ``[`` still reads.

    docs/scorer.md, "The file": FILE is JSON (it starts with ``{``) or the same in TOML.
    """
    path = tmp_path / "pulka.json"
    path.write_text(json.dumps([SOCHI_PULKA]), encoding="utf-8")
    assert _one_error_line(["preferans", "score", str(path)]).endswith("not a JSON list")
    toml = tmp_path / "pulka.toml"
    toml.write_text("[sheet.A]\nmountain = 1\n", encoding="utf-8")
    assert "TOML" not in _one_error_line(["preferans", "score", str(toml)])


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["rules", "pokr"], "unknown game 'pokr' (did you mean 'poker'? games: "),
        (["rules", "poker", "holdm"], "did you mean 'holdem'? `cardtable poker variants` lists"),
        (["rules", "preferans", "soch"], "did you mean 'sochi'? presets: classic-1992,"),
        (["play", "preferans", "--bots", "sampler"], "did you mean 'sampling'? bots: random,"),
        (["preferans", "conventions", "lenin"], "did you mean 'leningrad'? conventions: "),
    ],
)
def test_an_unknown_name_names_the_closest_ones_on_a_short_line(args: list[str], says: str) -> None:
    """README, "A tour": an unknown name is one line; a long list is left to its command.

    Poker's 37 variants are not printed in the error: the closest are named and
    `cardtable poker variants` is pointed to.
    """
    line = _one_error_line(args)
    assert says in line
    assert "two-card" not in line
    assert len(line) < 200


def test_a_typed_move_that_cannot_be_read_is_refused_with_what_is_wrong() -> None:
    """README, "A tour" (bad input names what is wrong); docs/architecture.md, protocol.

    At the plain prompt a move the game cannot read is refused in one line naming the card
    that is no card, and the player is asked again.
    """
    result = runner.invoke(
        app,
        ["play", "piquet", "--seats", "you,bot", "--seed", "3", "--plain", "--deals", "1"],
        input="play Z♠\ndiscard 7♥ 7♥\nq\n",
    )
    assert "refused: cannot read 'play Z♠': not a card: 'Z♠'" in result.output
    assert "refused: cannot read 'discard 7♥ 7♥': 7♥ is named twice" in result.output


def test_solve_names_a_card_dealt_twice_in_the_singular() -> None:
    """001, preferans rule 1: a pack of 32 cards, each once; a card in two hands is named."""
    line = _one_error_line(
        [
            "preferans",
            "solve",
            "♠7 8 9",
            "♠10 J Q",
            "♠K A 9",
            "--declarer",
            "0",
            "--lead",
            "0",
            "--contract",
            "6♠",
        ]
    )
    assert line.endswith("9♠ appears twice")
