"""Watching a server's table from the terminal: ``cardtable play --connect URL --watch``.

docs/tui.md, "Watching a server's table". A real ``cardtable serve``; the watcher is the real
command in a subprocess, and a seat is played meanwhile by a client in this process.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading

import pytest

from cardtable.cards import Card, parse_card
from cardtable.client import TableAddress, TableClient, play_remote
from cardtable.engine import parse_record
from cardtable.engine.replay import replay
from cardtable.errors import CardtableError
from server.harness import Server

from .conftest import AutoScreen

pytestmark = pytest.mark.timeout(300)

COMMAND = [sys.executable, "-m", "cardtable", "play"]

WAIT = 120.0
"""Seconds the watcher may take to come and to see the table's end (the machine may be loaded)."""


def _cards_in(text: str) -> set[Card]:
    found: set[Card] = set()
    for word in re.split(r"[\s,:;()\[\]{}\"]+", text):
        try:
            found.add(parse_card(word))
        except CardtableError:
            continue
    return found


@pytest.mark.parametrize(
    ("face", "listed"), [("--plain", True), ("--json", True), ("--plain", False)]
)
def test_a_spectator_watches_a_deal_to_its_end_and_is_shown_no_hidden_card(
    server: Server, face: str, listed: bool
) -> None:
    """docs/tui.md, "Watching a server's table": the public view and events only.

    The watcher comes before the seat is taken, sees the deal from its start to the table's
    end, and every card it prints is one the public events of the deal showed to everyone
    (the record's, replayed, its cards and its words): no hand, no talon unseen, no deck. A
    private table lets in the watcher its invite link names.
    """
    seats = ["open", "bot random", "bot random"]
    table = server.new_table("preferans", seats, deals=1, listed=listed)
    url = server.http + table["invite_url"]
    watcher = subprocess.Popen(
        [*COMMAND, "--connect", url, "--watch", face],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert watcher.stderr is not None
        came = watcher.stderr.readline()
        assert "as a spectator" in came, came
        address = TableAddress.parse(url)
        seat = TableClient(address, address.join("Vera"), patience=60)
        seat.connect()
        player = threading.Thread(target=play_remote, args=(seat, AutoScreen(seed=5)))
        player.start()
        out, err = watcher.communicate(timeout=WAIT)
        player.join(WAIT)
    finally:
        if watcher.poll() is None:
            watcher.kill()
    assert watcher.returncode == 0, err
    assert "deal 1" in out
    record = server.get(f"/api/tables/{table['id']}/record?invite={table['invite']}")
    match = replay(parse_record(json.dumps(record)))
    # What every seat saw: the public events' cards, and their words (a bid "7♠" reads as a card).
    public: set[Card] = set()
    for event in (event.seen_by(None) for event in match.deals[0].events):
        public |= set(event.cards) | _cards_in(event.text)
    printed = _cards_in(out)
    assert printed, "the watcher saw cards played"
    assert printed <= public, f"hidden cards printed: {sorted(map(str, printed - public))}"
    if face == "--json":
        assert all(json.loads(line) for line in out.splitlines() if line.strip())


def test_watching_takes_no_seat_so_it_refuses_a_seat_option_in_one_line(server: Server) -> None:
    """docs/tui.md, "Watching a server's table": ``--watch`` with ``--seat`` is refused."""
    table = server.new_table("preferans", ["open", "bot random", "bot random"], deals=1)
    done = subprocess.run(
        [*COMMAND, "--connect", server.http + table["invite_url"], "--watch", "--seat", "0"],
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=False,
    )
    assert done.returncode != 0
    assert "--watch takes no seat" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
