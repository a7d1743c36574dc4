"""``cardtable preferans solve`` and ``analyse`` (the solver issue, item 4)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine import record_text
from preferans.helpers import play, play_out, table

runner = CliRunner()

SOUTH = "♠7 8 9 10, ♦7 8 9, ♣8, ♥8 9"
WEST = "♠K A, ♦A, ♣10 J Q, ♥10 Q K A"
EAST = "♠J Q, ♦10 J Q K, ♣7 9, ♥7 J"
KOVALEVSKAYA = ["preferans", "solve", SOUTH, WEST, EAST, "--declarer", "0", "--lead", "2"]


def test_solve_prints_the_declarer_tricks_after_each_card_as_json() -> None:
    """Rules 22 and 30: the Kovalevskaya misère, East to lead, is caught only by a diamond."""
    result = runner.invoke(
        app,
        [*KOVALEVSKAYA, "--contract", "misère", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["declarer_tricks"] == 1
    assert {card for card, tricks in data["cards"].items() if tricks == 1} == {
        "10♦",
        "J♦",
        "Q♦",
        "K♦",
    }
    assert len(data["cards"]) == 10


def test_solve_refuses_a_revoke_among_the_played_cards() -> None:
    """Rule 31: a played card that does not follow suit is refused with one line."""
    result = runner.invoke(
        app,
        [*KOVALEVSKAYA, "--contract", "misère", "--played", "J♠ 8♣"],
    )
    assert result.exit_code == 2
    assert "does not follow" in result.output


def test_analyse_marks_the_lead_that_let_the_misere_off(tmp_path: Path) -> None:
    """Rules 22–23 and 30: East leading a spade instead of a diamond costs the catch.

    The Kovalevskaya hands dealt by the engine: East is first hand (seat 1) and leads, South
    (seat 2) bids misère and discards the talon's ♣K A, West is seat 0.
    """
    match, _ = table(EAST, SOUTH, WEST, "♣K A")
    play(match, "pass", "misère", "pass", "discard K♣ A♣", "play J♠")
    play_out(match)
    path = tmp_path / "misere.json"
    path.write_text(record_text(match.record()), encoding="utf-8")
    result = runner.invoke(app, ["preferans", "analyse", str(path), "--json"])
    assert result.exit_code == 0, result.output
    first = json.loads(result.stdout)["cards"][0]
    assert (first["seat"], first["card"], first["cost"]) == (1, "J♠", 1)
    assert first["best"] == ["10♦", "J♦", "Q♦", "K♦"]
    text = runner.invoke(app, ["preferans", "analyse", str(path)]).stdout
    assert "seat 1 J♠ -> declarer 0  cost 1 trick (best: 10♦ J♦ Q♦ K♦)" in text


def test_analyse_judges_an_all_pass_paranoid_after_the_talon_tricks(tmp_path: Path) -> None:
    """Rule 29: an all-pass is judged paranoid from the third trick.

    The two talon-led tricks are nobody's lead and are not judged; every later card is judged
    by its player's own tricks against the other two.
    """
    match, _ = table(EAST, SOUTH, WEST, "♣K A")
    play(match, "pass", "pass", "pass")
    play_out(match)
    path = tmp_path / "allpass.json"
    path.write_text(record_text(match.record()), encoding="utf-8")
    result = runner.invoke(app, ["preferans", "analyse", str(path), "--json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.stdout)["cards"]
    assert len(cards) == 3 * 8
    assert all(card["paranoid"] and card["trick"] >= 3 for card in cards)
