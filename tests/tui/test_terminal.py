"""The Textual table in a real pseudo-terminal: keys in, screens out, killed and resumed."""

from __future__ import annotations

import os
import re
import select
import signal
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from cardtable.cards import Rank
from cardtable.cli.play import read_saved_record
from cardtable.engine.replay import replay
from cardtable.preferans.deal import PreferansView
from cardtable.preferans.tricks import DECK

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Z]|[=>78])")
ENTER = "\r"
DOWN = "\x1b[B"


class Terminal:
    """``cardtable`` running in an 80×24 pseudo-terminal."""

    def __init__(self, *args: str) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: size its terminal, then become cardtable
            fcntl.ioctl(0, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")
            env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
            os.execvpe(sys.executable, [sys.executable, "-m", "cardtable", *args], env)
        self.pid, self.fd = pid, fd
        self.screen = ""

    def wait_for(self, words: str, seconds: float = 15.0) -> str:
        """Read until ``words`` appear after the last answer; return what was read."""
        read = ""
        deadline = time.monotonic() + seconds
        while words not in read:
            left = deadline - time.monotonic()
            assert left > 0, f"no {words!r} on the screen:\n{read[-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                read += ESCAPES.sub("", chunk.decode("utf-8", "replace"))
        self.screen = read
        return read

    def type(self, keys: str) -> None:
        """Type ``keys`` and Enter."""
        os.write(self.fd, keys.encode() + b"\r")

    def press(self, keys: str) -> None:
        """Press ``keys`` (an escape sequence for an arrow) without Enter."""
        os.write(self.fd, keys.encode())

    def read_for(self, seconds: float) -> str:
        """What the terminal shows in the next ``seconds``, escapes removed."""
        read = ""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            read += ESCAPES.sub("", chunk.decode("utf-8", "replace"))
        return read

    def kill(self) -> None:
        """Kill the process outright, as a lost connection or a crash would."""
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)

    def close(self) -> int:
        """Wait for the process to end; its exit status."""
        try:
            while os.read(self.fd, 65536):
                pass
        except OSError:
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def _check_hidden(screen: str, path: Path) -> None:
    """The screen names no court card or ace that seat 0 was not shown.

    The record is saved before each prompt, so replaying it gives the deal on the screen.
    Low cards are not checked by text: preferans writes its contracts as cards ('7♥').
    """
    deal = replay(read_saved_record(path)).deals[-1]
    hidden = set(DECK) - deal.cards_known_to(0)
    for card in hidden:
        if card.rank in {Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}:
            assert card.text() not in screen, f"{card} is on seat 0's screen"


def _played_until(term: Terminal, path: Path, words: str, most: int = 300) -> str:
    """Press Enter (the highlighted move, or go on) until ``words`` are on the screen.

    Checks every screen on the way: seat 0 is shown no card it does not know.
    """
    screen = ""
    for _ in range(most):
        term.press(ENTER)
        screen += term.read_for(0.3)
        _check_hidden(screen, path)
        if words in screen:
            return screen
    raise AssertionError(f"no {words!r} on the screen:\n{screen[-2000:]}")


def test_a_table_killed_mid_deal_resumes_from_its_record_without_losing_a_move(
    tmp_path: Path,
) -> None:
    """A table killed mid-deal loses no move.

    Every move is written atomically as it is made; after `kill -9` in the middle of a deal,
    `--load` shows the same hand and plays the deal to its end (issue 9, done means), in the
    Textual app as in a real terminal.
    """
    path = tmp_path / "pulka.json"
    first = Terminal(
        "play", "preferans", "--seats", "you,bot,bot", "--seed", "4", "--save", str(path)
    )
    screen = first.wait_for("hand of you", 60) + first.read_for(1.0)
    assert "to move: you" in screen
    _check_hidden(screen, path)
    first.press(DOWN)
    made = len(read_saved_record(path).deals[0].actions)
    # Enter while the bots move is not an answer; pressed again until three moves are saved.
    _wait(first, partial(_more_moves_than, path, made + 2))
    saved = read_saved_record(path)
    first.kill()
    assert read_saved_record(path) == saved
    assert len(saved.deals[0].actions) >= 3

    second = Terminal("play", "preferans", "--load", str(path), "--deals", "1")
    screen = second.wait_for("hand of you", 60) + second.read_for(1.0)
    view = replay(saved).deals[-1].view(0)
    assert isinstance(view, PreferansView)
    hand = view.hand
    assert all(card.text() in screen for card in hand)
    second.press(DOWN)
    _played_until(second, path, "Press Enter to leave")
    second.press(ENTER)
    assert second.close() == 0
    final = read_saved_record(path)
    assert final.deals[0].actions[: len(saved.deals[0].actions)] == saved.deals[0].actions
    assert replay(final).deals[0].is_over


def _more_moves_than(path: Path, moves: int) -> bool:
    return len(read_saved_record(path).deals[0].actions) > moves


def _wait(term: Terminal, done: Callable[[], bool], seconds: float = 120.0) -> None:
    """Press Enter until ``done``, reading the screen meanwhile (a full terminal stops the app)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table did not save the moves"
        term.press(ENTER)
        term.read_for(0.3)


def test_a_second_save_to_an_existing_record_is_refused_and_names_the_file(
    tmp_path: Path,
) -> None:
    """An existing record is never overwritten.

    `--save FILE` never overwrites a kept match unless it is resumed with `--load FILE` (issue
    9: a second `make play` never loses a saved pulka).
    """
    path = tmp_path / "pulka.json"
    path.write_text("{}", encoding="utf-8")
    term = Terminal("play", "preferans", "--save", str(path))
    screen = term.wait_for("error")
    assert term.close() == 2
    assert str(path) in screen
    assert "--load" in screen
    assert path.read_text(encoding="utf-8") == "{}"


def test_plain_keeps_the_plain_prompt_on_a_terminal(tmp_path: Path) -> None:
    """`--plain` opens the plain prompt even where the full-screen table would open.

    The plain prompt stays for those who want it (issue 9).
    """
    term = Terminal("play", "preferans", "--plain", "--seed", "3")
    screen = term.wait_for("your move")
    assert "hand of you" not in screen
    assert "1. " in screen
    term.type("q")
    assert term.close() == 0
