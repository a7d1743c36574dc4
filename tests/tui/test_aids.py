"""The aids at the Textual table, worked by keys: hint, claim, undo, auto-play (issue 21).

Each is an engine service (tests/aids/ checks the services); these check that the table offers
them as docs/tui.md, "Aids", says. In seed 3 of preferans the person speaks third; left to
himself he passes, whists a 6♣ and plays cards, the first of them his only legal card.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from pathlib import Path

from cardtable.cli.play import Seating, Table, _open_table, read_saved_record
from cardtable.engine.aids import judge_claim
from cardtable.engine.forced import forced_move
from cardtable.engine.replay import replay
from cardtable.tui.app import HINT_TITLE
from tui.pilot import Frame, Person, check_frame, play_table

SEED = 3
"""Preferans, you,bot,bot: the person (seat 0) speaks third, after 6♠, then whists a 6♣."""

SomeTable = Table[Hashable, object, object]


def _table(seats: str = "you,bot,bot", save: Path | None = None) -> SomeTable:
    return _open_table("preferans", None, None, Seating(seats, None, "bot"), save, None)


def _playing(frame: Frame) -> bool:
    return frame.kind == "move" and bool(frame.moves) and frame.moves[0].startswith("play ")


def test_the_hint_shows_each_cards_value_as_help_and_names_no_card_the_seat_has_not_seen() -> None:
    """A hint values each card the seat may play, marked as help, from what the seat knows.

    docs/tui.md, "Aids": `h` opens the hint, worked out in a worker, marked as help;
    preferans: each card's double-dummy value over layouts of the cards the seat cannot see.
    """
    asked: list[Frame] = []

    def typed(frame: Frame, turn: int) -> str | None:
        if _playing(frame) and len(frame.moves) > 1 and not asked:
            asked.append(frame)
            return "h"
        return "q" if asked else None

    table = _table()
    run = play_table(table, Person(typed=typed), seed=SEED)
    pages = [frame for frame in run.frames if frame.kind == "page"]
    assert len(pages) == 1
    page = pages[0]
    assert page.text.startswith(HINT_TITLE)
    check_frame(table, page)
    for move in asked[0].moves:
        card = move.split()[1]
        assert re.search(rf"{re.escape(card)}\D*\d", page.text), f"{card} has no value:\n{page}"


def test_a_claim_the_cards_prove_ends_the_deal_and_one_they_do_not_is_refused_with_its_reason() -> (
    None
):
    """A claim of the rest is granted when the cards prove it; otherwise it is refused.

    docs/rules/preferans.md, "Claims of the remaining tricks" (`rest N`), and docs/tui.md,
    "Aids": at a table of bots the cards judge the claim; a claim they do not prove is refused
    with its reason and changes nothing.
    """
    table = _table()
    claimed: list[tuple[bool, int]] = []
    after_refusal: list[tuple[str, int]] = []

    def typed(frame: Frame, turn: int) -> str | None:
        deal = table.match.current
        if not _playing(frame) or deal is None or frame.seat is None:
            return None
        if claimed and not claimed[-1][0] and not after_refusal:
            after_refusal.append((frame.text, len(deal.history)))
        proved = judge_claim("preferans", deal, frame.seat).proved
        if proved in {kind for kind, _ in claimed}:
            return None
        claimed.append((proved, len(deal.history)))
        return "c"

    play_table(table, Person(typed=typed), seed=SEED)
    assert [proved for proved, _ in claimed] == [False, True]
    text, length = after_refusal[0]
    assert "refused: the claim is refused: the others can take" in text
    assert length == claimed[0][1]
    assert table.match.deals[0].is_over
    actions = table.match.record().deals[0].actions
    seat = table.match.seats.index("you")
    assert actions.count(f"rest {seat}") == 1
    assert actions[claimed[1][1] :] == (f"rest {seat}", f"grant rest {seat}")


def test_undo_against_bots_restores_the_position_before_the_persons_bid_and_saves_it(
    tmp_path: Path,
) -> None:
    """`u` takes back the person's last move and the bots' after it; the save file holds it.

    docs/tui.md, "Aids": undo against bots, refused only once a card was seen since the move
    (cardtable.engine.undo); the match taken back is saved as every move is.
    """
    save = tmp_path / "match.json"
    table = _table(save=save)
    asked: list[tuple[Frame, int]] = []

    def typed(frame: Frame, turn: int) -> str | None:
        deal = table.match.current
        if frame.kind != "move" or deal is None:
            return None
        asked.append((frame, len(deal.history)))
        return {1: "6♣", 2: "u"}.get(len(asked), "q")

    play_table(table, Person(typed=typed), seed=SEED)
    assert len(asked) == 3
    (first, before), _, (again, after) = asked
    assert after == before == 2
    assert again.moves == first.moves
    actions = table.match.record().deals[0].actions
    assert actions == ("pass", "6♠")
    assert replay(read_saved_record(save)).record().deals[0].actions == actions


def _hot_seat_undo(agree: str) -> tuple[SomeTable, list[tuple[Frame, int]]]:
    """Hot-seat (you,you,bot): you 2 bids 6♣, the bot 6♦, you 1 passes, you 2 asks to undo.

    The consent screen is answered ``agree``; the frames asked, each with the deal's length.
    """
    table = _table(seats="you,you,bot")
    asked: list[tuple[Frame, int]] = []

    def typed(frame: Frame, turn: int) -> str | None:
        deal = table.match.current
        assert deal is not None
        if frame.kind not in ("move", "consent"):
            return None
        asked.append((frame, len(deal.history)))
        if frame.kind == "consent":
            return agree
        moving = [each for each, _ in asked if each.kind == "move"]
        return {1: "6♣", 2: "pass", 3: "u"}.get(len(moving), "q")

    play_table(table, Person(typed=typed), seed=SEED)
    return table, asked


def test_undo_at_a_hot_seat_table_is_made_when_every_other_person_agrees() -> None:
    """At a hot-seat table the other person is asked, with no hand shown, and his y undoes.

    docs/tui.md, "Aids" (undo "by consent of every person at a hot-seat table", issue 21).
    """
    table, asked = _hot_seat_undo("y")
    kinds = [(frame.kind, frame.seat) for frame, _ in asked]
    assert kinds == [("move", 1), ("move", 0), ("move", 1), ("consent", None), ("move", 1)]
    consent = asked[3][0]
    assert "you 2 asks to take back his last move and the 2 after it" in consent.text
    assert not consent.cards
    assert asked[4][1] == 0
    assert asked[4][0].moves == asked[0][0].moves
    assert table.match.record().deals[0].actions == ()


def test_undo_at_a_hot_seat_table_is_refused_when_another_person_says_no() -> None:
    """A person who answers n keeps the moves; the one who asked is told so.

    docs/tui.md, "Aids" (undo only by consent of every other person at a hot-seat table).
    """
    table, asked = _hot_seat_undo("n")
    assert [frame.kind for frame, _ in asked][3:] == ["consent", "move"]
    again, length = asked[4]
    assert "refused: you 1 does not agree to take the moves back" in again.text
    assert length == 3
    assert table.match.record().deals[0].actions == ("6♣", "6♦", "pass")


def test_forced_moves_are_played_for_the_person_when_auto_play_is_on() -> None:
    """With auto-play on the person is never asked for a forced move; the deal is played out.

    docs/tui.md, "Aids" (auto-play of forced moves, `--auto-play` or `A`).
    """
    table = _table()
    table.auto_play = True
    forced: list[str] = []

    def typed(frame: Frame, turn: int) -> str | None:
        deal = table.match.current
        if frame.kind == "move" and deal is not None and forced_move(deal) is not None:
            forced.append(frame.text)
        return None

    run = play_table(table, Person(typed=typed), seed=SEED)
    assert table.match.deals[0].is_over
    assert not forced
    assert "play 8♣" in table.match.record().deals[0].actions
    assert not any(frame.moves == ("play 8♣",) for frame in run.frames)


def test_forced_moves_wait_for_the_person_when_auto_play_is_off() -> None:
    """With auto-play off (the default) a forced move is asked like any other.

    docs/tui.md, "Aids" (auto-play is off unless asked for).
    """
    table = _table()
    forced: list[tuple[str, ...]] = []

    def typed(frame: Frame, turn: int) -> str | None:
        deal = table.match.current
        if frame.kind == "move" and deal is not None and forced_move(deal) is not None:
            forced.append(frame.moves)
            return "q"
        return None

    play_table(table, Person(typed=typed), seed=SEED)
    assert forced == [("play 8♣",)]


def test_auto_play_turned_on_by_its_key_plays_the_forced_move_asked_now() -> None:
    """`A` turns auto-play on, and the forced move on the screen is played at once.

    docs/tui.md, "Aids" (auto-play of forced moves, a setting with its key).
    """
    table = _table()
    pressed: list[int] = []

    def typed(frame: Frame, turn: int) -> str | None:
        deal = table.match.current
        if frame.kind == "move" and deal is not None and forced_move(deal) is not None:
            if pressed:
                return "q"
            pressed.append(len(deal.history))
            return "A"
        return "q" if pressed else None

    play_table(table, Person(typed=typed), seed=SEED)
    assert table.auto_play
    actions = table.match.record().deals[0].actions
    assert actions[pressed[0]] == "play 8♣"


def test_undo_is_refused_once_the_talon_turned_up_has_shown_the_person_new_cards() -> None:
    """After his pass the auction ends and the talon is turned up: his pass stands.

    docs/tui.md, "Aids": undo is refused once a card was seen since the move (the talon is
    shown to all when the auction is won, 001 preferans rules); the refusal is the engine's
    sentence, its seats written as the table writes them, and the position is as it was
    (tests/aids/test_undo.py checks the engine).
    """
    table = _table()
    asked: list[tuple[Frame, int, int]] = []

    def typed(frame: Frame, turn: int) -> str | None:
        deal = table.match.current
        if frame.kind != "move" or deal is None:
            return None
        seen = len(deal.cards_known_to(0))
        asked.append((frame, len(deal.history), seen))
        return {1: "pass", 2: "u"}.get(len(asked), "q")

    play_table(table, Person(typed=typed), seed=SEED)
    assert len(asked) == 3
    (_, before, seen_before), (shown, length, seen), (again, after, seen_after) = asked
    assert seen > seen_before, "the talon turned up showed the person new cards"
    assert after == length > before + 1
    assert seen_after == seen
    assert again.moves == shown.moves
    assert "refused: you have seen a card since that move: it stands" in again.text
    assert table.match.record().deals[0].actions[before] == "pass"
