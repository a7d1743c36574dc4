"""Hostile input found by an outside attempt to break cardtable: one ``error:`` line, no hang.

README, "A tour": bad input prints one line ``error: …`` on standard error and exits with
status 2; docs/reliability.md lists each case and the test that keeps it closed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.play import _read_answer
from cardtable.engine import get_game, record_text, seeded_rng
from cardtable.engine.reading import parse_json, parse_toml
from cardtable.engine.signing import verify_record
from cardtable.errors import CardtableError, IllegalAction
from cardtable.poker.deal import PokerDeal

runner = CliRunner()

PLAYERS = ["A", "B", "C"]
HUGE = "9" * 5000
DEEP = "[" * 100_000


def _one_error_line(args: list[str]) -> str:
    """Run the command; check it failed with exactly one ``error:`` line and return it."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("NaN", "NaN is not a number"),
        ("Infinity", "Infinity is not a number"),
        ("-Infinity", "-Infinity is not a number"),
        ("1e5000", "1e5000 is not a number"),
        (HUGE, "more digits than any count"),
    ],
)
def test_a_pulka_total_that_is_no_number_is_refused_in_one_line(
    tmp_path: Path, written: str, says: str
) -> None:
    """docs/scorer.md, "A malformed file": a total that is not a number is one line."""
    path = tmp_path / "pulka.json"
    sheet = '{"A": {"pool": ' + written + "}}"
    path.write_text(f'{{"players": {json.dumps(PLAYERS)}, "sheet": {sheet}}}', encoding="utf-8")
    assert says in _one_error_line(["preferans", "score", str(path)])


def test_a_pulka_total_larger_than_any_sheet_is_refused(tmp_path: Path) -> None:
    """docs/scorer.md, "A malformed file": a total no sheet can hold names its field."""
    path = tmp_path / "pulka.json"
    data = {"players": PLAYERS, "sheet": {"A": {"mountain": 10**30}}}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "field 'sheet.A.mountain'" in _one_error_line(["preferans", "score", str(path)])


@pytest.mark.parametrize("stake", ["1/0", "0/0"])
def test_a_stake_over_nothing_is_refused_naming_the_stake(tmp_path: Path, stake: str) -> None:
    """docs/scorer.md, the file's keys: `stake` is money per whist, a number such as 1/3."""
    path = tmp_path / "pulka.json"
    path.write_text(json.dumps({"players": PLAYERS, "deals": [], "stake": stake}), "utf-8")
    line = _one_error_line(["preferans", "score", str(path)])
    assert line == f"error: field 'stake': {stake!r} is not a number such as 0.5 or 1/3"


@pytest.mark.parametrize(
    "document",
    [
        {"players": PLAYERS, "deals": [], "sheet": None},
        {"players": PLAYERS, "deals": None},
        {"players": PLAYERS, "sheet": None},
    ],
)
def test_a_pulka_gives_its_deals_or_its_totals(tmp_path: Path, document: dict[str, object]) -> None:
    """docs/scorer.md, the file's keys: `deals`, or instead of them the totals in `sheet`."""
    path = tmp_path / "pulka.json"
    path.write_text(json.dumps(document), "utf-8")
    line = _one_error_line(["preferans", "score", str(path)])
    assert line.startswith("error: field 'deals': ") or line.startswith("error: field 'sheet': ")


@pytest.mark.parametrize(
    "args",
    [["preferans", "score"], ["preferans", "analyse"], ["poker", "variant"]],
    ids=["score", "analyse", "variant"],
)
def test_input_nested_a_hundred_thousand_deep_is_refused_in_one_line(
    tmp_path: Path, args: list[str]
) -> None:
    """README, "A tour": a file too deeply nested to read is bad input, not a crash."""
    path = tmp_path / "deep.json"
    path.write_text(('{"deals": ' if args[1] == "score" else "") + DEEP, encoding="utf-8")
    if args[1] == "variant":
        path.write_text("a = " + DEEP, encoding="utf-8")
    assert "nested too deeply" in _one_error_line([*args, str(path)])


def test_a_variant_file_with_negative_deals_is_refused_not_played_forever(tmp_path: Path) -> None:
    """002_053e85955f9a4108.txt, "Продолжительность игры": a session has an agreed end."""
    path = tmp_path / "mine.toml"
    path.write_text("[rules]\ndeals = -1\n[rules.variant]\nname = 'mine'\n", encoding="utf-8")
    assert "option 'deals'" in _one_error_line(["poker", "variant", str(path)])


def test_sampling_more_boards_than_any_run_needs_is_refused() -> None:
    """docs/reliability.md, "Bounds": --trials has an upper bound, refused in one line."""
    line = _one_error_line(
        ["poker", "equity", "A♠ A♥", "K♠ K♥", "--sample", "--trials", "1" + "0" * 23]
    )
    assert "--trials" in line


@pytest.mark.parametrize("amount", ["²", "³", HUGE, "-5"])
def test_a_bet_of_no_whole_number_is_refused_naming_the_move(amount: str) -> None:
    """002_053e85955f9a4108.txt, "Пределы ставок": a bet is a whole number of chips."""
    with pytest.raises(CardtableError, match="whole number of chips"):
        get_game("poker").parse_action(f"bet {amount}")


@pytest.mark.parametrize("amount", ["²", HUGE])
def test_buying_chips_between_deals_needs_a_whole_number(amount: str) -> None:
    """002_053e85955f9a4108.txt, "Банкомет": the banker gives out a counted number of chips."""
    game = get_game("poker")
    match = game.new_match(game.rules(), PLAYERS)
    with pytest.raises(IllegalAction, match="not a move between deals"):
        match.apply_between(f"buy B {amount}")
    assert match.between[-1] == []


@pytest.mark.parametrize("game_name", ["preferans", "piquet", "poker"])
@pytest.mark.parametrize("answer", ["²", "³", "¹²", HUGE])
def test_a_number_typed_at_the_prompt_that_int_refuses_is_a_refusal(
    game_name: str, answer: str
) -> None:
    """docs/tui.md: a number at the prompt picks a listed move; any other text is a move."""
    game = get_game(game_name)
    match = game.new_match(game.rules(), PLAYERS[: game.players[0]])
    match.start_deal(seeded_rng(1))
    seat = match.to_move
    assert seat is not None
    with pytest.raises(CardtableError):
        _read_answer(game, match.legal_actions(), answer, match.view(seat))


@pytest.mark.parametrize(
    ("game_name", "move"),
    [
        ("piquet", "point ²"),
        ("piquet", f"point {HUGE}"),
        ("piquet", "exposed seat ³"),
        ("preferans", "² without talon"),
        ("preferans", f"{HUGE}♠"),
        ("poker", f"raise to {HUGE}"),
    ],
)
def test_a_move_with_a_number_int_refuses_is_an_unreadable_move(game_name: str, move: str) -> None:
    """README, "A tour": a typed move that cannot be read is refused with what is wrong."""
    with pytest.raises(CardtableError):
        get_game(game_name).parse_action(move)


def test_a_piquet_match_of_no_parties_ends_at_once_instead_of_hanging() -> None:
    """001_776ed664a35a376f.txt, piquet rule 46: a simulation of a match needs a partie."""
    from cardtable.harness import simulate  # noqa: PLC0415
    from cardtable.piquet.rules import PiquetRules  # noqa: PLC0415

    with pytest.raises(CardtableError, match="parties"):
        simulate(get_game("piquet"), PiquetRules(parties=0), players=2, deals=1, seed=1)


def test_enumerating_more_boards_than_could_ever_be_counted_is_refused() -> None:
    """docs/reliability.md, "Bounds": --exact over billions of boards is refused, not begun."""
    line = _one_error_line(["poker", "equity", "A♠ A♥", "K♠ K♥", "--exact", "--board-size", "10"])
    assert "too many to enumerate" in line


@pytest.mark.parametrize(
    ("steps", "says"),
    [
        ('{do = "deal", up = 5}, {do = "name-wild"}', "before any card is dealt face down"),
        ('{do = "deal", down = 1, up = 4}, {do = "expose"}', "no down card to turn up"),
        ('{do = "deal", down = 16}, {do = "bet"}', "chosen from 16 cards, more than the 10"),
    ],
)
def test_a_variant_the_table_could_never_finish_is_refused_when_read(steps: str, says: str) -> None:
    """002_053e85955f9a4108.txt, «Мексиканский гвоздь»; «Цинциннати».

    A card is named or turned up from the down cards; a final hand is chosen from ten at most.
    """
    text = f'[rules.variant]\nname = "mine"\nplayers_max = 2\nsteps = [{steps}]'
    with pytest.raises(CardtableError, match=says):
        get_game("poker").rules_from_toml(text, "mine.toml")


@pytest.mark.parametrize(
    "args",
    [
        ["play", "piquet", "--seats", "bot,bot", "--plain", "--deals", "1" + "0" * 17],
        ["playthrough", "piquet", "--deals", "1" + "0" * 17],
        ["simulate", "piquet", "--deals", "1" + "0" * 17],
    ],
    ids=["play", "playthrough", "simulate"],
)
def test_a_run_of_more_deals_than_any_table_plays_is_refused(args: list[str]) -> None:
    """docs/reliability.md, "Bounds on work": --deals has an upper bound, refused in one line."""
    assert "--deals" in _one_error_line(args)


def test_an_exponent_too_large_for_a_decimal_is_one_line() -> None:
    """docs/reliability.md, "Reading files and numbers": `1e5000`-like numbers are refused.

    Found by the million-case run: a PHH amount such as `1e5000999999999999999` ended in
    `decimal.InvalidOperation`.
    """
    with pytest.raises(CardtableError) as refused:
        parse_toml("x = 1e5000999999999999999", what="PHH", exact=True)
    assert str(refused.value) == "PHH: 1e5000999999999999999 is not a number cardtable reads"


def test_an_option_named_by_five_thousand_digits_is_one_line() -> None:
    """docs/reliability.md, "Rule options": an unknown option is refused naming it, in a line.

    Found by the million-case run: the line finder read the 5,000-digit key as an index.
    """
    with pytest.raises(CardtableError) as refused:
        get_game("preferans").rules_from_toml(f"[rules]\n{HUGE} = 3\n", "rules.toml")
    assert "unknown option" in str(refused.value)
    assert "\n" not in str(refused.value)


def _played_holdem_record() -> str:
    game = get_game("poker")
    match = game.new_match(game.rules("holdem"), PLAYERS, "holdem")
    match.start_deal(seeded_rng(1))
    while match.current is not None and match.current.to_move is not None:
        match.apply(match.legal_actions()[0])
    return record_text(match.record())


@pytest.mark.parametrize("half_pair", ["\\ud803", "\ud803"], ids=["json-escape", "in-the-text"])
def test_a_record_holding_half_a_surrogate_pair_is_refused_in_one_line(
    half_pair: str, tmp_path: Path
) -> None:
    r"""docs/reliability.md, "Reading files and numbers": a lone surrogate is no character.

    Found by the million-case run: a `\\ud803` escape in a record's string ended in
    `UnicodeEncodeError` when the record's hashes were taken.
    """
    text = _played_holdem_record().replace("Texas hold'em", f"Texas hold{half_pair}em")
    with pytest.raises(CardtableError) as refused:
        verify_record(text)
    assert str(refused.value).startswith("record: ")
    assert "surrogate" in str(refused.value)
    assert "\n" not in str(refused.value)
    if half_pair.startswith("\\"):  # a file can hold only the escape
        path = tmp_path / "record.json"
        path.write_text(text, encoding="utf-8")
        assert "surrogate" in _one_error_line(["replay", str(path)])


def test_a_rules_file_holding_half_a_surrogate_pair_is_refused_in_one_line() -> None:
    """docs/reliability.md, "Reading files and numbers": a lone surrogate is no character."""
    with pytest.raises(CardtableError) as refused:
        get_game("poker").rules_from_toml('[rules.variant]\ntitle = "a\ud803"\n', "rules.toml")
    assert "surrogate" in str(refused.value)


def test_a_whole_surrogate_pair_reads_as_its_character() -> None:
    """docs/reliability.md, "Reading files and numbers": only a lone surrogate is refused."""
    assert parse_json('["\\ud83d\\ude00"]', what="record") == ["\U0001f600"]


@pytest.mark.parametrize("game_name", ["preferans", "piquet", "poker"])
def test_a_seat_named_with_half_a_surrogate_pair_is_refused(game_name: str) -> None:
    r"""docs/reliability.md, "Reading files and numbers": a lone surrogate is no character.

    A name read from the command line (a byte that is not UTF-8 is read as one) or from a
    client's JSON can hold one; the match took it, and its record could not be written.
    """
    game = get_game(game_name)
    seats = ["\udcff", *PLAYERS][: game.players[0]]
    with pytest.raises(IllegalAction) as refused:
        game.new_match(game.rules(), seats)
    assert "surrogate" in str(refused.value)


STUD_THEN_DRAW = """[rules.variant]
name = "stud-then-draw"
steps = [
  { do = "deal", down = 2, up = 3 }, { do = "bet" }, { do = "draw", most = 3 }, { do = "bet" }
]
"""


def test_a_draw_offers_no_more_down_cards_than_the_player_holds() -> None:
    """002_053e85955f9a4108.txt, досдача: a player discards his own cards, "втемную".

    Found by the million-case run (`rules-poker`, seed 2): a variant drawing up to three after
    dealing two down and three up offered "discard 1 to 3 down cards" of the two he holds down,
    a choice that cannot be made (the harness's `choices_agree_with_legal`).
    """
    game = get_game("poker")
    match = game.new_match(game.rules_from_toml(STUD_THEN_DRAW, "rules.toml"), PLAYERS)
    deal = match.start_deal(seeded_rng(1))
    assert isinstance(deal, PokerDeal)
    while deal.to_move is not None and deal.phase != "draw":
        legal = match.legal_actions()
        match.apply(next(a for a in legal if game.action_text(a) in ("check", "call")))
    assert deal.phase == "draw"
    (choice,) = deal.choices()
    assert len(choice.cards) == 2
    assert choice.counts == (1, 2)
    assert "1 to 2 down cards" in choice.note


@pytest.mark.parametrize("game_name", ["preferans", "piquet", "poker"])
def test_a_seat_without_a_name_is_refused(game_name: str) -> None:
    """docs/reliability.md, "Reading files and numbers": a seat's name names its player.

    Found by the million-case run (`records`, seed 2): a preferans record whose first seat is
    named `""` was replayed until the sheet wrote a whist "on" that player and failed an
    assertion (an empty name reads as no player).
    """
    game = get_game(game_name)
    seats = ["", *PLAYERS][: game.players[0]]
    with pytest.raises(IllegalAction) as refused:
        game.new_match(game.rules(), seats)
    assert str(refused.value) == "seat 1 has no name"


def test_a_record_with_a_seat_without_a_name_is_refused_in_one_line() -> None:
    """docs/records.md: a record's seats are the players' names; a record naming none is refused.

    Found by the million-case run (`records`, seed 2).
    """
    text = _played_holdem_record().replace('"seats": [\n  "A",', '"seats": [\n  "",')
    assert '"seats": [\n  "",' in text
    with pytest.raises(CardtableError) as refused:
        verify_record(text)
    assert str(refused.value) == "record: seat 1 has no name"
