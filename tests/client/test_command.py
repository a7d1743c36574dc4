"""``cardtable play --connect URL``: a seat at a server's table from the command line.

docs/tui.md, "A seat at a server's table". The JSON face is driven through pipes as a program
plays it; bad addresses, refused tokens and a gone server are one-line errors (exit 2).
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from server.harness import Server, free_port
from tui.test_terminal import Terminal

pytestmark = pytest.mark.timeout(300)

COMMAND = [sys.executable, "-m", "cardtable", "play"]


def _answer(prompt: dict[str, Any], rng: random.Random) -> str:
    built = [
        " ".join([c["verb"], *rng.sample(c["cards"], c["counts"][0])])
        for c in prompt.get("choices", [])
    ]
    return str(rng.choice([*prompt["legal"], *built]))


def test_the_json_face_plays_a_whole_deal_at_a_servers_table(server: Server) -> None:
    """The plain and JSON faces keep working for scripts: one JSON object a line, then a move."""
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    link = server.http + table["invite_url"]
    process = subprocess.Popen(
        [*COMMAND, "--connect", link, "--name", "Vera", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    rng = random.Random(1)
    lines = []
    for line in process.stdout:
        data = json.loads(line)
        lines.append(data)
        if "to_move" in data:
            process.stdin.write(_answer(data, rng) + "\n")
            process.stdin.flush()
        if "finished" in data:
            break
    process.stdin.close()
    assert process.wait(60) == 0, process.stderr.read() if process.stderr else ""
    assert lines[0]["deal"] == 1
    assert lines[-1]["finished"] is True
    assert lines[-1]["stopped"] is False
    assert any("to_move" in data and data["to_move"] == "Vera" for data in lines)
    assert server.get(f"/api/tables/{table['id']}")["status"] == "finished"


def _error(*arguments: str) -> str:
    done = subprocess.run(
        [*COMMAND, *arguments], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: "), done.stderr
    return lines[0]


def test_an_address_that_names_no_table_is_refused_in_one_line() -> None:
    """The brief of the command: a bad URL is one line naming what is wrong."""
    assert "names no table" in _error("--connect", "http://127.0.0.1:8000/lobby")
    assert "is not a table's address" in _error("--connect", "127.0.0.1:8000")


def test_a_token_that_holds_no_seat_is_refused_in_one_line(server: Server) -> None:
    """docs/server.md, "Errors and close codes": a token holding no seat is closed with 4001."""
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    link = server.http + table["invite_url"]
    message = _error("--connect", link, "--token", "not-a-token", "--json")
    assert "refused the seat token" in message


def test_a_server_that_does_not_answer_is_one_line() -> None:
    """Nothing listening at the address: one line naming the address, no traceback."""
    message = _error("--connect", f"http://127.0.0.1:{free_port()}/tables/abc?invite=x")
    assert "no server answers" in message


def test_a_real_terminal_opens_the_full_screen_table_and_q_leaves_it(server: Server) -> None:
    """docs/tui.md, "A seat at a server's table": at a real terminal, the Textual table.

    In a pseudo-terminal ``play --connect`` opens the full-screen table drawn from the
    server's view; ``q`` hangs up and the command ends with status 0.
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    terminal = Terminal("play", "--connect", server.http + table["invite_url"], "--name", "Vera")
    try:
        screen = terminal.wait_for("hand of you", 60)
        assert "deal 1" in screen
        terminal.press("q")
        assert terminal.close() == 0
    finally:
        with contextlib.suppress(OSError, ChildProcessError):
            terminal.kill()


def test_watching_at_a_real_terminal_opens_the_full_screen_table_with_no_hand(
    server: Server,
) -> None:
    """docs/tui.md, "Watching a server's table": ``--watch`` at a terminal is full screen.

    In a pseudo-terminal ``play --connect URL --watch`` opens the Textual table as a
    spectator, drawn from the public view with no hand; ``q`` leaves at once, status 0.
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    terminal = Terminal("play", "--connect", server.http + table["invite_url"], "--watch")
    try:
        screen = terminal.wait_for("no hand: watching", 60)
        assert "Preferans" in screen
        assert "hand of" not in screen
        terminal.press("q")
        assert terminal.close() == 0
    finally:
        with contextlib.suppress(OSError, ChildProcessError):
            terminal.kill()


def test_a_person_at_a_real_terminal_plays_a_whole_deal_by_menu_numbers(server: Server) -> None:
    """docs/tui.md, "A seat at a server's table": at a real terminal, ``--plain``'s prompt.

    In a pseudo-terminal the seat is played by menu numbers (the menu numbers every move, a
    discard's too) until the final score.
    """
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    link = server.http + table["invite_url"]
    terminal = Terminal("play", "--connect", link, "--name", "Vera", "--plain")
    try:
        screen = terminal.wait_for("your move", 60)
        assert "Seated at table" in screen
        for _ in range(40):
            terminal.type("1")
            screen = terminal.wait_for("your move", 60)  # or the end: the process exits
            if "Score:" in screen:
                break
        assert "Score:" in screen
        assert terminal.close() == 0
    finally:
        with contextlib.suppress(OSError, ChildProcessError):
            terminal.kill()
    assert server.get(f"/api/tables/{table['id']}")["status"] == "finished"
