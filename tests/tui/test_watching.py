"""A local table with no person at it is watched: the public view, drawn as the bots play.

docs/tui.md, "Watching a server's table" (a table where no seat is played here is watched,
as a spectator sees it). Textual's pilot, a local match of bots only.
"""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import OptionList

from cardtable.cards import Card
from cardtable.cli.play import Seating, _open_table
from cardtable.engine import get_game, seeded_rng
from cardtable.tui.app import CardKey, Pause, TableApp
from cardtable.tui.sitting import LocalSitting
from tui.pilot import WAIT


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_a_table_of_bots_only_is_watched_as_everyone_sees_it(game: str) -> None:
    """No hand and no move is offered; every card drawn is one a public event showed.

    The deal is played to its end, and the last screen waits for Enter to leave.
    """
    players = get_game(game).players[0]
    seats = ",".join(["bot"] * players)
    # Hold'em: its board is public, whoever folds.
    preset = "holdem" if game == "poker" else None
    table = _open_table(game, preset, None, Seating(seats, None, "bot"), None, None)
    app: TableApp[object] = TableApp(LocalSitting(table, seeded_rng(3), 1))
    drawn: set[Card] = set()

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + WAIT
            while not isinstance(app.screen, Pause):
                assert loop.time() < deadline, "the table of bots never ended"
                assert not list(app.query(CardKey).results())
                assert app.query_one("#moves", OptionList).option_count == 0
                drawn.update(app.drawn)
                await pilot.pause(0.01)
            drawn.update(app.drawn)
            assert "no hand: watching" in app.shown_text
            assert "Press Enter to leave" in app.shown_text
            await pilot.press("enter")

    asyncio.run(run())
    deal = table.match.deals[0]
    assert deal.is_over
    assert drawn, "the bots' cards were drawn as they were played"
    assert drawn <= deal.public_cards(), sorted(map(str, drawn - deal.public_cards()))
