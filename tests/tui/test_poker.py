"""The poker adapter on the registered poker game."""

from __future__ import annotations

import io

from rich.console import Console

from cardtable.cli.play import Table, play_match
from cardtable.engine import get_game, seeded_rng
from cardtable.poker.table_bots import PassiveBot
from cardtable.tui.poker import ADAPTER
from cardtable.tui.screen import Frame, TableScreen
from tui.driver import Person, check_frame, menu


def _stay_in(frame: Frame, turn: int) -> str | None:
    """Open, call and draw rather than fold or check, so that the deal reaches the draw."""
    items = menu(frame)
    for word in ("call", "bet", "discard", "check"):
        for number, text in sorted(items.items()):
            if text.startswith(word):
                return str(number)
    return None


def test_a_poker_deal_shows_stacks_pot_bets_and_each_seats_last_action() -> None:
    """A deal of draw poker at the table.

    The table shows what a poker player watches (002_053e85955f9a4108.txt, the betting round;
    issue 9): every stack, the pot, the bets of the round, each seat's last action, and only
    the seat's own down cards.
    """
    game = get_game("poker")
    match = game.new_match(game.rules("draw"), ["you", "bot 2", "bot 3"], "draw")
    table = Table(game, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    frames: list[Frame] = []
    person = Person(typed=_stay_in)

    def ask(prompt: str) -> str:
        check_frame(table, frames[-1])
        return person.answer(frames[-1])

    screen = TableScreen(game, match, [0], console, ask=ask, frames=frames, adapter=ADAPTER)
    play_match(table, seeded_rng(2), screen, 1)
    assert match.deals[0].is_over
    moving = [frame for frame in frames if "─ hand of you" in frame.text and "1. " in frame.text]
    assert moving
    assert any("· draw · to move: you" in frame.text for frame in moving)
    assert f"pot {match.deals[0].view(0).pot}" in frames[-1].text
    assert any(
        "bot 2" in line and ("calls" in line or "checks" in line or "bet" in line)
        for frame in moving
        for line in frame.text.splitlines()
    )
