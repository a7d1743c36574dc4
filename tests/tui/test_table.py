"""The Textual table played as a person plays it, with keys and clicks (issues 9 and 21)."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from cardtable.cards import Card, parse_cards
from cardtable.cli.play import Seating, _open_table
from cardtable.engine import get_game, seeded_rng
from cardtable.preferans.actions import Discard
from cardtable.preferans.deal import PreferansDeal
from cardtable.preferans.game import PreferansMatch
from cardtable.preferans.ledger import Column
from cardtable.preferans.tricks import card_order
from cardtable.tui.adapter import number_text, signed
from cardtable.tui.app import Reading, TableApp
from cardtable.tui.sitting import LocalSitting
from toygame.game import ToyGame
from tui.pilot import Frame, Person, asked, last_with, play


def test_a_whole_preferans_deal_is_played_against_two_bots_and_written_on_the_pulka() -> None:
    """A person plays a whole preferans deal and sees it written on the pulka.

    A deal from the auction to the sheet (001 preferans rules 16–32, 42–48): the table shows
    the hand, a numbered menu, takes numbers and typed actions, and ends on the pulka.
    """
    run = play("preferans", Person(), seats="you,bot,bot", seed=3)
    match = run.table.match
    assert isinstance(match, PreferansMatch)
    assert match.deals[0].is_over
    assert len(run.frames) > 5
    assert any("hand of you" in frame.text and frame.moves for frame in run.frames)
    assert {"card click", "card key", "card arrows"} <= set(run.ways)
    assert {"move click", "move keys"} <= set(run.ways)
    last = last_with(run, "Press Enter to leave")
    assert "1 deal" in last.text
    for player in match.seats:
        mountain = match.sheet.running(player, Column.MOUNTAIN)
        if mountain:
            assert f"mount {number_text(mountain[-1])}" in last.text


def test_every_move_fits_an_80_by_24_terminal_and_a_larger_one_uses_more_room() -> None:
    """The table works in 80×24 (issue 9) and uses a larger terminal when given (issue 21).

    Every legal move is in the move list and every card of the hand has its widget, whole,
    inside the screen; a taller terminal shows more of the log of the deal.
    """
    for width, height in ((80, 24), (160, 50)):
        run = play(
            "preferans", Person(moves=6), seats="you,bot,bot", seed=5, width=width, height=height
        )
        moving = [frame for frame in run.frames if frame.kind == "move"]
        assert moving
        for frame in moving:
            assert len(frame.hand) == 10 or frame.moves
            assert all(len(move) < width - 40 for move in frame.moves)


def test_the_hand_is_held_in_preferans_order_spades_clubs_diamonds_hearts() -> None:
    """The hand is held in the game's own order.

    Suits rank ♠ < ♣ < ♦ < ♥ and cards seven to ace (001 preferans rule 3); players arrange
    their hand so.
    """
    run = play("preferans", Person(moves=2), seats="you,bot,bot", seed=7)
    frame = next(f for f in run.frames if "hand of you" in f.text)
    cards = list(frame.hand)
    assert len(cards) == 10
    assert [card_order(card) for card in cards] == sorted(card_order(card) for card in cards)


def test_a_piquet_deal_is_played_with_the_exchange_picked_card_by_card() -> None:
    """A piquet deal is played with the exchange picked card by card, not from 1,508 items.

    The elder exchanges three to five cards, the dealer three or what is left (001 piquet
    rules 7–9): each card is chosen by its key, a click or the arrows, a card chosen again
    is put back, and the move list offers the exchange once enough are picked.
    """
    current: list[Card] = []
    steps: list[Card] = []

    def typed(frame: Frame, turn: int) -> str | None:
        if frame.kind != "move" or "refuse talon" not in frame.moves:
            return None
        built = [move for move in frame.moves if move.startswith("discard")]
        if built and len(current) >= 3:
            return built[0]
        card = frame.hand[1] if len(steps) == 2 else frame.hand[len(current) + len(steps) // 3]
        steps.append(card)
        if card in current:
            current.remove(card)
        else:
            current.append(card)
        return card.text()

    run = play("piquet", Person(typed=typed), seats="you,bot", seed=2)
    match = run.table.match
    assert match.deals[0].is_over
    building = [frame for frame in run.frames if "refuse talon" in frame.moves]
    assert len(building) >= 5
    assert all(len(frame.moves) <= 2 for frame in building)
    assert steps[1] == steps[2]
    assert set(current) in _discards(match.record().deals[0].actions)
    assert {"card click", "card key", "card arrows"} <= set(run.ways)
    assert {"move click", "move keys"} <= set(run.ways)


def _discards(actions: Sequence[str]) -> list[set[Card]]:
    return [
        set(parse_cards(text.split(" ", 1)[1])) for text in actions if text.startswith("discard ")
    ]


def test_a_preferans_discard_is_picked_card_by_card() -> None:
    """The declarer's discard is picked card by card, not from a list of 66 pairs.

    The declarer takes the talon and lays two cards aside (001 preferans rule 21): a card is
    chosen by its key or a click, and the discard is offered once two are picked; a card
    that cannot be picked any more (a third) is refused with the rule's count.
    """
    bid = re.compile(r"^(6|7|8|9|10)(♠|♣|♦|♥|NT)$")
    picked: list[Card] = []

    def typed(frame: Frame, turn: int) -> str | None:
        bids = [text for text in frame.moves if bid.match(text)]
        if "auction" in frame.text and bids:
            return bids[0]
        if frame.kind != "move" or "lay two cards aside" not in frame.text:
            return None
        built = [move for move in frame.moves if move.startswith("discard")]
        if built and len(picked) == 3:
            return built[0]
        card = (
            frame.hand[-1] if not picked else frame.hand[0] if len(picked) == 1 else frame.hand[4]
        )
        picked.append(card)
        return card.text()

    run = play("preferans", Person(typed=typed, moves=60), seats="you,bot,bot", seed=3)
    deal = run.table.match.deals[0]
    assert isinstance(deal, PreferansDeal)
    assert deal.declarer == 0
    discard = next(action for action in deal.history if isinstance(action, Discard))
    assert set(discard.cards) == set(picked[:2])
    choosing = [frame for frame in run.frames if "lay two cards aside" in frame.text]
    assert "lay two cards aside face down (rule 21)" in choosing[0].text
    assert all(len(frame.moves) <= 3 for frame in choosing)
    assert any("cannot be picked: at most 2 cards" in frame.text for frame in choosing)


def test_hot_seat_hides_each_hand_until_its_owner_presses_enter() -> None:
    """Each hand stays hidden until its owner presses Enter.

    Several people at one terminal (issue 9, hot-seat): before a person's hand is shown a
    screen names him and shows no card; every screen shows only its seat's cards.
    """
    run = play("preferans", Person(moves=16), seats="you,you,bot", seed=4)
    covers = [frame for frame in run.frames if frame.kind == "cover"]
    assert covers
    assert all(frame.seat is None and "Pass the keyboard" in frame.text for frame in covers)
    assert all(not frame.cards and not frame.hand and "(hidden)" in frame.text for frame in covers)
    seats = {frame.seat for frame in run.frames if frame.seat is not None}
    assert seats == {0, 1}
    for before, after in zip(run.frames, run.frames[1:], strict=False):
        if after.seat is not None and before.seat is not None and after.seat != before.seat:
            raise AssertionError("a hand was shown to the next person without a cover screen")


def test_help_shows_the_rules_of_the_phase_with_the_clause_and_why_a_move_was_refused() -> None:
    """`?` gives the phase's rules with their clause, and the last refusal.

    `?` shows the phase's rules with the seed clause and the reason of the last refusal (issue
    9, help); the refused move changes nothing (architecture: why_illegal).
    """
    script = {1: "discard 7♠ 8♠", 2: "?"}
    run = play(
        "preferans",
        Person(typed=lambda f, turn: script.get(turn), moves=4),
        seats="you,bot,bot",
        seed=3,
    )
    refused = next(frame for frame in run.frames if "refused:" in frame.text)
    reason = refused.text.split("refused:", 1)[1].splitlines()[0].split("(?")[0].strip(" │")
    assert "discard" in reason or "auction" in reason, reason
    helped = next(frame for frame in run.frames if frame.kind == "page")
    words = " ".join(helped.text.replace("│", " ").split())
    assert "Энциклопедия игр (1992), преферанс, rules 16–18" in words
    assert "Preferans: the auction phase" in helped.text
    assert " ".join(reason.split()) in words


def test_a_resumed_match_continues_exactly_where_it_stopped(tmp_path: Path) -> None:
    """A stopped match resumes exactly where it stopped.

    Every move is saved as it is made; `--load` shows the same table and the match goes on
    with the same moves as one never interrupted (issue 9, save and resume).
    """
    whole = play("preferans", Person(), seats="you,bot,bot", seed=6, save=tmp_path / "a.json")
    path = tmp_path / "b.json"
    first = play("preferans", Person(moves=4), seats="you,bot,bot", seed=6, save=path)
    stopped = first.frames[-1]
    second = play("preferans", Person(), seats="you,bot,bot", seed=99, load=path)
    assert second.frames[0].text == stopped.text
    # Each table draws its own commitment salts; everything else is the same.
    resumed, uninterrupted = (
        dataclasses.replace(table.match.record().deals[0], salt="")
        for table in (second.table, whole.table)
    )
    assert resumed == uninterrupted


@pytest.mark.parametrize(("width", "height"), [(80, 24), (140, 40)])
def test_the_pulka_on_the_screen_is_the_match_sheet_after_each_deal(
    width: int, height: int
) -> None:
    """The pulka drawn is the match's sheet.

    The pulka is drawn after each deal as the sheet holds it: each player's mountain, pool and
    whists on each opponent (001 preferans rules 42–48; 003 4.2.1), as a list in 80×24 and as
    the paper sheet's drawing in a larger terminal.
    """
    run = play(
        "preferans", Person(), seats="you,bot,bot", seed=8, deals=2, width=width, height=height
    )
    match = run.table.match
    assert isinstance(match, PreferansMatch)
    sheet = match.sheet
    frame = last_with(run, "Press Enter to leave")
    assert f"{sheet.deals} deals" in frame.text
    assert ("╲" in frame.text) == (width > 100)
    for player in sheet.players:
        for other in sheet.left_of(player):
            whists = sheet.running(player, Column.WHISTS, on=other)
            if whists:
                assert number_text(whists[-1]) in frame.text
        total = sheet.pool(player)
        if total:
            assert (
                f"pool {number_text(total)}" in frame.text
                or ("…" + number_text(total) in frame.text)
                or re.search(rf"\.{number_text(total)}\b", frame.text)
            )
    assert sum(run.table.match.ledger().values(), Fraction(0)) == 0


def test_a_whole_pulka_is_played_at_the_table_to_its_settlement(tmp_path: Path) -> None:
    """What `make play` opens can be played to the end.

    The pulka ends when the pools are closed or the agreed deals are played (001 preferans
    rule 15; 003 4.2.3): the last screen shows the closed sheet and each player's balance
    in whists. Two deals are agreed here, to keep the test short.
    """
    rules = tmp_path / "short.toml"
    rules.write_text("deals = 2\n", encoding="utf-8")
    run = play("preferans", Person(), seats="you,bot,bot", seed=11, deals=None, rules=rules)
    match = run.table.match
    assert isinstance(match, PreferansMatch)
    assert match.is_over
    last = last_with(run, "The match is over")
    assert "closed" in last.text
    for player, amount in match.ledger().items():
        assert f"{player} {signed(amount)}" in last.text


def test_actions_typed_in_russian_are_read_as_the_game_reads_them() -> None:
    """Every spelling the game's parser accepts is an answer.

    A player at a Russian table says "пас" and "вист" (001 preferans rules 16, 24); the table
    passes what is typed to the game's parser, so the record holds 'pass'.
    """
    said: list[str] = []

    def typed(frame: Frame, turn: int) -> str | None:
        if "pass" in frame.moves and not said:
            said.append("пас")
            return "пас"
        return None

    person = Person(typed=typed)
    run = play("preferans", person, seats="you,bot,bot", seed=3)
    assert said
    typed_at = person.answers.index("пас")
    assert "refused" not in run.frames[typed_at + 1].text
    assert "pass" in run.table.match.record().deals[0].actions


def test_a_table_of_bots_alone_plays_through_without_asking_anyone() -> None:
    """Nobody at the table: the bots play and no screen waits for a person.

    Any seat may be a bot (`--seats bot,bot,bot`; docs/architecture.md, protocol); nobody's hand
    is drawn.
    """
    run = play("preferans", Person(moves=0), seats="bot,bot,bot", seed=3, deals=2)
    assert len(run.table.match.deals) == 2
    assert not run.frames


def test_a_game_without_an_adapter_is_drawn_from_its_view_alone(toy: ToyGame) -> None:
    """A newly registered game is playable at the table at once.

    The generic adapter lists the view's fields and the ledger (issue 9: one renderer for all
    games, fed by view(seat)); the toy game's face-down discard stays hidden from the other
    seat on every screen.
    """
    run = play("toy", Person(), seats="you,bot", seed=5)
    assert run.table.match.deals[0].is_over
    moving = [frame for frame in run.frames if frame.moves]
    assert moving
    assert "tricks:" in moving[-1].text
    assert "hand of you" in moving[-1].text


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_help_cites_the_rule_and_the_book_not_a_file_of_the_repository_s_sources(
    game: str,
) -> None:
    """A player can look a rule up in the book, not in a file he does not have (issue 14, item 25).

    The preferans and piquet rules are those of «Энциклопедия игр» (1992), by rule number
    (001_776ed664a35a376f.txt); the poker rulebook's are cited by its headings. The help is
    the one generated from the rules in force (issue 16).
    """
    played = get_game(game)
    help = played.rules_help(played.rules())
    cited = [sentence.cited for section in help.sections for sentence in section.sentences]
    assert cited
    for text in cited:
        assert ".txt" not in text, text
    book = "«Покер»" if game == "poker" else "Энциклопедия игр (1992)"
    assert all(book in text for text in cited if "Parlett" not in text and "PokerKit" not in text)


def _quit_between_deals(frame: Frame, turn: int) -> str | None:
    return "q" if "Press Enter for deal 2" in frame.text else None


def test_q_between_deals_stops_play_with_everything_saved(tmp_path: Path) -> None:
    """`q` stops play at any prompt, "Press Enter for deal N" included.

    docs/tui.md, "Save, resume, review" (issue 14, item 25): the record holds the finished
    deal, and `--load` opens on the same screen.
    """
    path = tmp_path / "pulka.json"
    run = play(
        "preferans",
        Person(typed=_quit_between_deals),
        seats="you,bot,bot",
        seed=6,
        deals=3,
        save=path,
    )
    asked = [frame for frame in run.frames if "Press Enter for deal 2" in frame.text]
    assert len(asked) == 1
    assert run.frames[-1] is asked[0]
    match = run.table.match
    assert match.deals[0].is_over
    assert not match.deals[-1].history
    resumed = play("preferans", Person(moves=0), seats="you,bot,bot", load=path)
    assert resumed.frames[0].text == asked[0].text
    assert resumed.table.match.record().deals[0] == match.record().deals[0]


def test_q_on_the_rules_page_stops_play_with_everything_saved(tmp_path: Path) -> None:
    """`q` stops anywhere, on a page opened to read too, with every move kept.

    docs/tui.md, "Save, resume, review" (issue 21: «`q` anywhere, with everything saved»).
    """
    path = tmp_path / "pulka.json"
    table = _open_table("preferans", None, None, Seating("you,bot,bot", None, "bot"), path, None)
    app: TableApp[object] = TableApp(LocalSitting(table, seeded_rng(6), None))
    shown: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert await asked(pilot)
            shown.append(app.shown_text)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, Reading)
            await pilot.press("q")
            assert not await asked(pilot)

    asyncio.run(run())
    resumed = play("preferans", Person(moves=0), seats="you,bot,bot", load=path)
    assert resumed.frames[0].text == shown[0]


def test_t_reviews_every_trick_of_the_deal_so_far_with_its_taker() -> None:
    """`t` shows every trick played so far: each card with its player, then who took it.

    Each trick is three cards, one a player, taken by the highest (001_776ed664a35a376f.txt,
    preferans rules 26–28); issue 21: «a review of every trick of the deal so far».
    """
    asked_at: list[int] = []

    def typed(frame: Frame, turn: int) -> str | None:
        if frame.kind == "move" and "last trick" in frame.text and not asked_at:
            asked_at.append(turn)
            return "t"
        return None

    run = play("preferans", Person(typed=typed), seats="you,bot,bot", seed=3)
    _assert_each_trick_reviewed(run.frames, cards=3)


def test_piquet_declarations_are_on_the_table_as_a_dialogue_of_call_and_answer() -> None:
    """The elder calls, the dealer answers "good", "equal" or "not good" (001 piquet rules 20–26).

    While the declarations go on, the table shows them as that dialogue, the answer under
    the call, and who counts what (issue 21: «piquet's declarations as a dialogue»).
    """
    run = play("piquet", Person(), seats="you,bot", seed=2)
    declaring = [frame for frame in run.frames if "· declare ·" in frame.text]
    assert declaring
    lines = [line for frame in declaring for line in frame.text.splitlines()]
    calls = [
        number for number, line in enumerate(lines) if re.match(r"  (you|bot 2) calls? ", line)
    ]
    assert calls
    answered = [lines[number + 1] for number in calls if number + 1 < len(lines)]
    assert any(re.match(r"  (you|bot 2): (good|equal|not good)", line) for line in answered)


def test_t_reviews_every_piquet_trick_of_the_deal_so_far_with_its_taker() -> None:
    """At piquet too, `t` shows each trick so far: the two cards with their players, the taker.

    A trick is one card from each player, taken by the higher card of the suit led
    (001_776ed664a35a376f.txt, piquet rules 29–31; docs/rules/piquet.md); issue 21: «a review
    of every trick of the deal so far».
    """
    asked: list[int] = []

    def typed(frame: Frame, turn: int) -> str | None:
        if frame.kind == "move" and "· play ·" in frame.text and "trick" in frame.text:
            asked.append(turn)
            if len(asked) == 4:
                return "t"
        return None

    run = play("piquet", Person(typed=typed), seats="you,bot", seed=2)
    _assert_each_trick_reviewed(run.frames, cards=2)


def _assert_each_trick_reviewed(frames: Sequence[Frame], cards: int) -> None:
    """The `t` page lists the tricks in order, each with its cards by player and its taker."""
    page = next(frame for frame in frames if frame.kind == "page")
    lines = page.text.splitlines()
    assert lines[0] == "the tricks so far"
    played = [line for line in lines[1:] if re.match(r"^ *\d+\. ", line)]
    assert played
    for number, line in enumerate(played, start=1):
        assert line.lstrip().startswith(f"{number}. ")
        assert len(re.findall(r"(?:you|bot \d) (?:[0-9]+|[JQKA])[♠♣♦♥]", line)) == cards
        assert re.search(r"→ (you|bot \d) takes? the trick$", line)
