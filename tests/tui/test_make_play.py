"""`make play` in tmux, as a player starts it.

The table opens, `q` stops with the pulka saved, and a second `make play` resumes that pulka.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardtable.cli.play import read_saved_record

ROOT = Path(__file__).resolve().parents[2]
ENDED = "make play ended with status "

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None
    or shutil.which("make") is None
    or not (ROOT / ".venv" / ".installed").exists(),
    reason="needs tmux, make and the set-up .venv (make .venv/.installed)",
)


class Tmux:
    """A tmux server of its own with one 80×24 window running a shell command."""

    def __init__(self, name: str) -> None:
        self.socket = f"cardtable-test-{os.getpid()}-{name}"

    def tmux(self, *args: str) -> str:
        """Run a tmux command on this server; its output."""
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", os.devnull, *args],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def start(self, command: str, cwd: Path) -> None:
        """Open the window running ``command`` in ``cwd``; the window stays when it ends."""
        self.tmux("new-session", "-d", "-x", "80", "-y", "24", "-c", str(cwd), command)

    def screen(self) -> str:
        """The window's text as it shows now."""
        return self.tmux("capture-pane", "-p", "-J")

    def wait_for(self, words: str, seconds: float = 120.0) -> str:
        """The screen once ``words`` show on it."""
        deadline = time.monotonic() + seconds
        while words not in (screen := self.screen()):
            assert time.monotonic() < deadline, f"no {words!r} on the screen:\n{screen}"
            time.sleep(0.25)
        return screen

    def keys(self, *keys: str) -> None:
        """Press ``keys`` (tmux key names: ``q``, ``Enter``)."""
        self.tmux("send-keys", *keys)

    def kill(self) -> None:
        """Stop the tmux server and everything in it."""
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], check=False, capture_output=True)


@pytest.fixture
def tmux() -> Iterator[Callable[[str], Tmux]]:
    """Opens tmux servers for one test (one per run of `make play`), all killed after it."""
    servers: list[Tmux] = []

    def open_server(name: str) -> Tmux:
        servers.append(Tmux(name))
        return servers[-1]

    yield open_server
    for server in servers:
        server.kill()


def _make_play(pulka: Path) -> str:
    return f"make -s -C {ROOT} play PULKA={pulka}; echo '{ENDED}'$?; sleep 600"


def test_make_play_opens_the_table_q_saves_the_pulka_and_make_play_again_resumes_it(
    tmux: Callable[[str], Tmux], tmp_path: Path
) -> None:
    """`make play` keeps the pulka in its file and a second `make play` resumes it.

    README.md, "The terminal table": "`make play` opens a full-screen preferans table against
    two bots and keeps the pulka in `pulka.json`; run it again and it resumes that pulka";
    docs/tui.md: `q` stops anywhere with everything saved.
    """
    pulka = tmp_path / "pulka.json"
    first = tmux("first")
    first.start(_make_play(pulka), tmp_path)
    first.wait_for("hand of you")
    first.keys("q")
    assert f"{ENDED}0" in first.wait_for(ENDED)
    saved = read_saved_record(pulka)
    assert saved.seats[0] == "you"
    assert len(saved.seats) == 3

    second = tmux("second")
    second.start(_make_play(pulka), tmp_path)
    screen = second.wait_for("hand of you")
    assert "error" not in screen
    second.keys("q")
    assert f"{ENDED}0" in second.wait_for(ENDED)
    resumed = read_saved_record(pulka)
    assert resumed.deals[0].deck == saved.deals[0].deck
    assert resumed.deals[0].actions[: len(saved.deals[0].actions)] == saved.deals[0].actions
