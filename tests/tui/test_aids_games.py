"""The aids at the Textual table for piquet and poker, worked by keys (issue 21).

docs/tui.md, "Aids": the hint (`h`), the claim (`c`) and auto-play of forced moves, as
tests/tui/test_aids.py checks them for preferans.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable, Hashable

import pytest
from textual.widgets import Static

from cardtable.cli.play import Seating, Table, _open_table
from cardtable.engine import seeded_rng
from cardtable.engine.aids import HintUnavailable, hint, judge_claim
from cardtable.engine.forced import forced_move
from cardtable.tui.app import HINT_TITLE, TableApp
from cardtable.tui.sitting import LocalSitting
from tui.pilot import Frame, asked, check_frame, frame_of, give

SomeTable = Table[Hashable, object, object]
Typed = Callable[[Frame], str | None]


def _table(game: str) -> SomeTable:
    return _open_table(game, None, None, Seating(None, None, "bot"), None, None)


def _run(table: SomeTable, typed: Typed, seed: int = 1) -> tuple[list[Frame], list[str]]:
    """Play ``table`` by the pilot, ``typed`` deciding; the frames and the message after each."""
    app: TableApp[object] = TableApp(LocalSitting(table, seeded_rng(seed), 1))
    frames: list[Frame] = []
    messages: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while await asked(pilot):
                frame = frame_of(app)
                check_frame(table, frame)
                frames.append(frame)
                answer = typed(frame)
                if answer is None:
                    answer = (
                        "" if frame.kind != "move" else (frame.moves or (frame.hand[0].text(),))[0]
                    )
                await give(pilot, frame, answer, len(frames), frames)
                messages.append(str(app.query_one("#message", Static).render()))

    asyncio.run(run())
    return frames, messages


def _hint_ready(table: SomeTable) -> bool:
    deal = table.match.current
    if deal is None or table.match.to_move != 0:
        return False
    try:
        hint(table.game.name, deal.copy(), 0, random.Random(0), samples=2)
    except HintUnavailable:
        return False
    return True


@pytest.mark.parametrize(
    ("game", "rated"), [("piquet", r"discard .+: \d+\.\d"), ("poker", r"% of the pot")]
)
def test_the_hint_is_shown_as_help_and_names_no_card_the_seat_has_not_seen(
    game: str, rated: str
) -> None:
    """`h` opens the hint, titled as help, from what the seat knows.

    docs/tui.md, "Aids": piquet — the discards ranked by expected count; poker — the seat's
    share of the pot against random hands consistent with the cards it has seen.
    """
    asked_once: list[Frame] = []

    def typed(frame: Frame) -> str | None:
        if frame.kind == "move" and not asked_once and _hint_ready(table):
            asked_once.append(frame)
            return "h"
        return "q" if asked_once else None

    table = _table(game)
    frames, _ = _run(table, typed)
    pages = [frame for frame in frames if frame.kind == "page"]
    assert len(pages) == 1
    assert pages[0].text.startswith(HINT_TITLE)
    assert re.search(rated, pages[0].text), pages[0].text
    check_frame(table, pages[0])


SEED_CLAIM = 3
"""Piquet: the person's claim is not proved at first, and is later in the play."""


def test_a_piquet_claim_the_cards_do_not_prove_is_refused_and_one_they_prove_ends_the_deal() -> (
    None
):
    """`c` in piquet's play: the claim goes the way of every move, judged by the cards.

    docs/rules/piquet.md, "Claims of the remaining tricks": refused, it says why and changes
    nothing; proved, the deal ends as claimed (`rest N`, then its grant, in the record).
    """
    table = _table("piquet")
    claimed: list[tuple[bool, int]] = []
    after_refusal: list[tuple[str, int]] = []

    def typed(frame: Frame) -> str | None:
        deal = table.match.current
        playing = frame.kind == "move" and any(m.startswith("play ") for m in frame.moves)
        claim = deal.claim_action(0) if deal is not None and playing else None
        if deal is None or claim is None or deal.why_illegal(claim) is not None:
            return None
        if claimed and not claimed[-1][0] and not after_refusal:
            after_refusal.append((frame.text, len(deal.history)))
        proved = judge_claim("piquet", deal, 0).proved
        if proved in {kind for kind, _ in claimed}:
            return None
        claimed.append((proved, len(deal.history)))
        return "c"

    _run(table, typed, SEED_CLAIM)
    assert [proved for proved, _ in claimed] == [False, True]
    text, length = after_refusal[0]
    assert "refused: the claim is refused: the others can take" in text
    assert length == claimed[0][1], "the refused claim changed nothing"
    deal = table.match.deals[0]
    assert deal.is_over
    actions = table.match.record().deals[0].actions
    assert actions[claimed[1][1] :] == ("rest 0", "grant rest 0")


def test_poker_has_no_claim_and_says_so() -> None:
    """`c` at a poker table: no claims of the rest in poker; the message says so, nothing sent.

    docs/tui.md, "Aids" (claims are preferans's and piquet's).
    """
    table = _table("poker")
    pressed: list[int] = []

    def typed(frame: Frame) -> str | None:
        deal = table.match.current
        if frame.kind == "move" and not pressed and deal is not None:
            pressed.append(len(deal.history))
            return "c"
        return "q" if pressed else None

    _, messages = _run(table, typed)
    assert "has no claims of the rest" in messages[0]
    assert len(table.match.deals[0].history) == pressed[0]


def test_forced_moves_are_played_for_the_piquet_person_when_auto_play_is_on() -> None:
    """With auto-play on the person is never asked for a forced move; the deal is played out.

    The same deal played with auto-play off asks the person for forced moves, so there are
    some to play. docs/tui.md, "Aids" (auto-play of forced moves, `--auto-play` or `A`).
    """
    asked_forced = {}
    for auto_play in (False, True):
        table = _table("piquet")
        table.auto_play = auto_play
        forced: list[str] = []

        def typed(frame: Frame, table: SomeTable = table, forced: list[str] = forced) -> str | None:
            deal = table.match.current
            if frame.kind == "move" and deal is not None and forced_move(deal) is not None:
                forced.append(frame.text)
            return None

        _run(table, typed)
        assert table.match.deals[0].is_over
        asked_forced[auto_play] = len(forced)
    assert asked_forced[False] > 0, "the deal has forced moves of the person's"
    assert asked_forced[True] == 0


def _draw_then_undo(game: str, seed: int) -> tuple[SomeTable, list[tuple[str, int]]]:
    """The person exchanges (piquet) or draws (poker) the first hand cards, then presses `u`.

    The first cards of the hand are picked, the move they make is chosen, and at the next
    move screen `u` is pressed, then `q`. Returns the table and each move screen's text with
    the deal's length.
    """
    table = _table(game)
    screens: list[tuple[str, int]] = []
    state = {"picked": 0, "drawn": False, "undone": False}

    def typed(frame: Frame) -> str | None:
        deal = table.match.current
        if frame.kind != "move" or deal is None:
            return None
        screens.append((frame.text, len(deal.history)))
        if state["undone"]:
            return "q"
        if state["drawn"]:
            state["undone"] = True
            return "u"
        built = [move for move in frame.moves if move.startswith("discard")]
        if built and state["picked"] >= 3:
            state["drawn"] = True
            return built[0]
        choosing = any(move in ("refuse talon", "stand pat") for move in frame.moves)
        if choosing:
            state["picked"] += 1
            return frame.hand[state["picked"] - 1].text()
        # Poker: open or call, to come to the draw (a round of checks alone ends the deal).
        for word in ("call", "bet", "check"):
            for move in frame.moves:
                if move.startswith(word):
                    return move
        return None

    _run(table, typed, seed)
    assert state["undone"], f"the person at {game} did not draw and undo"
    return table, screens


@pytest.mark.parametrize(("game", "seed"), [("piquet", 2), ("poker", 2)])
def test_undo_is_refused_once_the_cards_drawn_have_shown_the_person_new_cards(
    game: str, seed: int
) -> None:
    """An exchange or a draw cannot be taken back: the cards drawn were seen.

    docs/tui.md, "Aids" (undo «never after a hidden card was seen by someone who did not see
    it before», issue 21): piquet's exchange takes cards from the talon (001_776ed664a35a376f.txt,
    piquet rules 7–9), a poker draw deals as many as were thrown (002_053e85955f9a4108.txt);
    `u` after it is refused with the engine's sentence and the position stays as it was.
    """
    table, screens = _draw_then_undo(game, seed)
    (_, length), (again, after) = screens[-2:]
    assert after == length, "the refused undo changed nothing"
    assert "refused: you have seen a card since that move: it stands" in again
    deal = table.match.deals[0]
    assert any(table.game.action_text(a).startswith("discard") for a in deal.history)
