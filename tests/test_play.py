"""``cardtable play``: a person at the prompt against bots, saved and resumed.

See docs/architecture.md, protocol, hiding.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.play import MENU_LENGTH, PlainScreen, read_saved_record
from cardtable.engine import parse_record
from cardtable.engine.replay import replay
from toygame.game import ToyGame

runner = CliRunner()


def test_a_person_plays_a_whole_deal_by_menu_numbers(toy: ToyGame) -> None:
    """The seat to move sees its view and a numbered menu of legal actions."""
    result = runner.invoke(
        app, ["play", "toy", "--seats", "you,bot", "--seed", "3", "--deals", "1"], input="1\n" * 8
    )
    assert result.exit_code == 0, result.output
    assert "1. play " in result.output
    assert "hand:" in result.output
    assert "Score: you " in result.output


def test_a_refused_move_says_why_and_asks_again(toy: ToyGame) -> None:
    """Illegal moves are refused with the reason; nothing changes.

    See docs/architecture.md, protocol.
    """
    result = runner.invoke(
        app,
        ["play", "toy", "--seats", "you,bot", "--seed", "3", "--deals", "1"],
        input="play X♠\n9\n" + "1\n" * 8,
    )
    assert result.exit_code == 0, result.output
    assert "refused: not a toy move: 'play X♠'" in result.output
    assert "refused: choose a number from 1 to 4" in result.output
    assert "Score:" in result.output


def test_no_screen_shows_a_bots_face_down_discard(toy: ToyGame, tmp_path: Path) -> None:
    """A seat sees only the cards events showed it (docs/architecture.md, hiding)."""
    path = tmp_path / "game.json"
    args = ["play", "toy", "--seats", "you,bot", "--seed", "5", "--deals", "1", "--save", str(path)]
    result = runner.invoke(app, args, input="1\n" * 8)
    assert result.exit_code == 0, result.output
    deal = replay(parse_record(path.read_text(encoding="utf-8"))).deals[0]
    person = 0
    hidden = deal.cards_known_to(1) - deal.cards_known_to(person)
    assert hidden
    for card in hidden:
        assert str(card) not in result.output


def test_a_stopped_match_resumes_from_its_record_without_losing_a_move(
    toy: ToyGame, tmp_path: Path
) -> None:
    """Every move is saved as it is made; ``--load`` continues from there (the TUI issue)."""
    path = tmp_path / "game.json"
    first = runner.invoke(
        app,
        ["play", "toy", "--seats", "you,bot", "--seed", "8", "--save", str(path)],
        input="1\nq\n",
    )
    assert first.exit_code == 0, first.output
    saved = read_saved_record(path)
    assert len(saved.deals) == 1
    moves_before = saved.deals[0].actions
    assert moves_before
    second = runner.invoke(
        app, ["play", "toy", "--load", str(path), "--seed", "9"], input="1\n" * 16
    )
    assert second.exit_code == 0, second.output
    final = read_saved_record(path)
    assert final.deals[0].actions[: len(moves_before)] == moves_before
    assert final.deals[0].deck == saved.deals[0].deck
    assert replay(final).is_over


def test_loading_a_record_of_another_game_is_refused(toy: ToyGame, tmp_path: Path) -> None:
    """A record resumes only as the game it records; the error is one line, exit 2."""
    path = tmp_path / "game.json"
    runner.invoke(
        app, ["play", "toy", "--seats", "you,bot", "--seed", "8", "--save", str(path)], input="q\n"
    )
    result = runner.invoke(app, ["play", "nosuchgame", "--load", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown game 'nosuchgame'")


def test_a_program_can_play_through_json_lines(toy: ToyGame) -> None:
    """``play --json`` speaks one JSON object a line: events, prompts with view and legal."""
    args = ["play", "toy", "--seats", "you,bot", "--seed", "3", "--deals", "1", "--json"]
    result = runner.invoke(app, args, input="play X♠\n" + "1\n" * 8)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    prompts = [line for line in lines if "to_move" in line]
    assert prompts
    assert prompts[0]["legal"][0].startswith("play ")
    assert prompts[0]["view"]["hand"]
    assert any("refused" in line for line in lines)
    assert lines[-1]["finished"] is True
    assert sum(lines[-1]["ledger"].values()) == 0


def test_a_json_prompt_carries_the_card_choices_of_a_discard(toy: ToyGame) -> None:
    """A program is sent a discard as a choice to build (docs/architecture.md, choices)."""
    args = ["play", "toy", "--preset", "pairs", "--seats", "you,bot", "--seed", "3"]
    result = runner.invoke(app, [*args, "--deals", "1", "--json"], input="1\n" * 8)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    prompt = next(line for line in lines if "to_move" in line)
    [choice] = prompt["choices"]
    assert (choice["verb"], choice["counts"]) == ("discard", [2])
    assert sorted(choice["cards"]) == sorted(prompt["view"]["hand"])
    later = [line for line in lines if "to_move" in line and line["view"]["hand"]][-1]
    assert "choices" not in later


def test_a_long_menu_is_cut_and_the_rest_is_typed(toy: ToyGame) -> None:
    """A move outside the numbered menu is typed in the game's notation (the TUI issue, item 1)."""
    lines: list[str] = []
    screen: PlainScreen[str, object, object] = PlainScreen(lambda prompt: "q", lines.append)
    menu = [f"move {n}" for n in range(MENU_LENGTH + 5)]
    screen.prompt("you", {"hand": []}, menu)
    assert f"  {MENU_LENGTH}. move {MENU_LENGTH - 1}" in lines
    assert "  … 5 more: type the move, e.g. 'move 44'" in lines
    assert not any(line.startswith(f"  {MENU_LENGTH + 1}.") for line in lines)


def test_players_and_bots_seat_a_person_and_named_bots(toy: ToyGame) -> None:
    """``play GAME --players N --bots NAME`` seats you and N-1 bots (the variants issue, item 5)."""
    args = ["play", "toy", "--players", "3", "--bots", "random", "--seed", "3", "--deals", "1"]
    result = runner.invoke(app, [*args, "--json"], input="1\n" * 8)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert set(lines[-1]["ledger"]) == {"you", "random 2", "random 3"}
    both = runner.invoke(app, ["play", "toy", "--players", "3", "--seats", "you,bot"])
    assert both.exit_code == 2
    assert both.stderr.startswith("error: give --seats or --players, not both")


def test_a_hot_seat_undo_at_the_plain_prompt_is_made_when_the_other_person_agrees(
    tmp_path: Path,
) -> None:
    """`undo` asks every other person at the prompt; his `y` takes the moves back, saved.

    docs/tui.md, "Aids" (undo at a hot-seat table by every other person's consent).
    """
    save = tmp_path / "pulka.json"
    result = runner.invoke(
        app,
        ["play", "preferans", "--seats", "you,you,bot", "--seed", "3", "--save", str(save)],
        input="6♣\npass\nundo\ny\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "you 2 asks to take back his last move and the 2 after it." in result.output
    assert "you 1, do you agree? (y/n)" in result.output
    assert replay(read_saved_record(save)).record().deals[0].actions == ()
