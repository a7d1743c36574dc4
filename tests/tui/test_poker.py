"""The poker adapter on the registered poker game."""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console

from cardtable.cli.play import Table, play_match
from cardtable.engine import Match, get_game, seeded_rng
from cardtable.poker.table import PokerDeal
from cardtable.poker.table_bots import PassiveBot
from cardtable.tui.paint import Painter
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


def _poker_match(variant: str, seats: int = 3) -> Match[Any, Any]:
    game = get_game("poker")
    names = ["you", *(f"bot {seat + 1}" for seat in range(1, seats))]
    return game.new_match(game.rules(variant), names, variant)


def _score_text(match: Match[Any, Any]) -> str:
    console = Console(file=io.StringIO(), width=40, record=True, color_system=None)
    console.print(ADAPTER.score(match, Painter(), 32, 14, len(match.deals)))
    return console.export_text()


def test_a_bet_not_yet_called_is_in_the_pot_not_in_a_side_pot() -> None:
    """Side pots hold the chips above an all-in player's total, and only those.

    002_053e85955f9a4108.txt, "Настольные ставки": «Все ставки других игроков сверх
    поставленной им суммы вносятся в дополнительный банк». With nobody all in, a bet the
    others have still to answer (a bet and two raises, the first bettor to answer) is part
    of the one pot (issue 14, item 24).
    """
    match = _poker_match("draw")
    deal = match.start_deal(seeded_rng(3))
    assert isinstance(deal, PokerDeal)
    game = get_game("poker")
    for word in ("bet", "raise", "raise"):
        match.apply(next(a for a in match.legal_actions() if game.action_text(a).startswith(word)))
    assert deal.to_move is not None
    assert not any(deal.betting.all_in)
    text = _score_text(match)
    assert f"pot {deal.betting.pot}" in text
    assert "side pot" not in text
    assert "main pot" not in text


def test_between_deals_the_header_and_the_score_are_of_the_deal_on_the_table() -> None:
    """Between deals the finished deal stays on the screen, header and score included.

    docs/tui.md, "Between deals": its number and "over" in the header, nobody to move, and
    its final stacks in the score panel as on the table, not the next deal's after its
    antes (issue 14, item 24).
    """
    game = get_game("poker")
    match = _poker_match("draw")
    table = Table(game, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    frames: list[Frame] = []
    person = Person(typed=_stay_in)

    def ask(prompt: str) -> str:
        check_frame(table, frames[-1])
        return person.answer(frames[-1])

    screen = TableScreen(game, match, [0], console, ask=ask, frames=frames, adapter=ADAPTER)
    play_match(table, seeded_rng(2), screen, 2)
    between = next(frame for frame in frames if "Press Enter for deal 2" in frame.text)
    header = between.text.splitlines()[0]
    assert "deal 1 ·" in header
    assert "· over" in header
    assert "deal 2" not in header
    assert "to move" not in header
    finished = match.deals[0].view(0)
    lines = between.text.splitlines()
    top = next(number for number, line in enumerate(lines) if "╭─ score" in line)
    column = lines[top].index("╭─ score")
    score = "\n".join(line[column:] for line in lines[top:])
    for name, stack in zip(match.seats, finished.stacks, strict=True):
        assert re.search(rf"{re.escape(name)}\s+{stack}\b", score), (name, stack, score)
