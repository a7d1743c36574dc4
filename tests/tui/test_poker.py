"""Poker at the Textual table: the board, the pots, up and down cards, wild cards."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rich.text import Text

from cardtable.cards import Card, parse_cards
from cardtable.cli.play import Table
from cardtable.engine import Match, seeded_rng
from cardtable.poker.deal import PokerDeal
from cardtable.poker.game import POKER
from cardtable.poker.limits import LimitSystem
from cardtable.poker.table_bots import PassiveBot
from cardtable.poker.view import PokerView
from cardtable.tui.paint import Painter
from cardtable.tui.poker import ADAPTER
from tui.pilot import Frame, Person, Run, play_table


def _stay_in(frame: Frame, turn: int) -> str | None:
    """Open, call and draw rather than fold or check, so that the deal reaches the draw."""
    for word in ("call", "bet", "discard", "check"):
        for text in frame.moves:
            if text.startswith(word):
                return text
    return None


def test_a_poker_deal_shows_stacks_pot_bets_and_each_seats_last_action() -> None:
    """A deal of draw poker at the table.

    The table shows what a poker player watches (002_053e85955f9a4108.txt, the betting round;
    issue 9): every stack, the pot, the bets of the round, each seat's last action, and only
    the seat's own down cards.
    """
    game = POKER
    match = game.new_match(game.rules("draw"), ["you", "bot 2", "bot 3"], "draw")
    table = Table(game, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    run = play_table(table, Person(typed=_stay_in), seed=2)
    frames = run.frames
    assert match.deals[0].is_over
    assert {"move click", "bid click"} <= set(run.ways)
    moving = [frame for frame in frames if "hand of you" in frame.text and frame.moves]
    assert moving
    assert any("· draw · to move: you" in frame.text for frame in moving)
    assert f"pot {match.deals[0].view(0).pot}" in frames[-1].text
    assert any(
        "bot 2" in line and ("calls" in line or "checks" in line or "bet" in line)
        for frame in moving
        for line in frame.text.splitlines()
    )


def test_a_draw_is_picked_card_by_card_with_clicks_keys_and_arrows() -> None:
    """At the draw the person picks the cards to throw one by one, then draws as many.

    002_053e85955f9a4108.txt, draw poker: after the first betting round each player still in
    may throw cards and be dealt as many; the table builds the draw from the deal's choices
    (docs/tui.md, "The screen"), each card chosen by a click, its key or the arrows.
    """
    picked: list[Card] = []

    def typed(frame: Frame, turn: int) -> str | None:
        if "· draw · to move: you" not in frame.text or frame.kind != "move":
            return _stay_in(frame, turn)
        built = [move for move in frame.moves if move.startswith("discard")]
        if len(picked) == 3:
            return built[0]
        card = frame.hand[len(picked)]
        picked.append(card)
        return card.text()

    game = POKER
    match = _poker_match("draw")
    table = Table(game, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    run = play_table(table, Person(typed=typed), seed=2)
    assert match.deals[0].is_over
    assert len(picked) == 3
    actions = match.record().deals[0].actions
    thrown = [set(parse_cards(text.split(" ", 1)[1])) for text in actions if "discard" in text]
    assert set(picked) in thrown
    assert {"card click", "card key", "card arrows"} <= set(run.ways)


def _poker_match(variant: str, seats: int = 3) -> Match[Any, Any, Any]:
    game = POKER
    names = ["you", *(f"bot {seat + 1}" for seat in range(1, seats))]
    return game.new_match(game.rules(variant), names, variant)


def _score_text(match: Match[Any, Any, Any]) -> str:
    score = ADAPTER.score(match, Painter(), 32, 14, len(match.deals))
    assert isinstance(score, Text)
    return score.plain


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
    game = POKER
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
    game = POKER
    match = _poker_match("draw")
    table = Table(game, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    frames = play_table(table, Person(typed=_stay_in), seed=2, deals=2).frames
    between = next(frame for frame in frames if "Press Enter for deal 2" in frame.text)
    header = between.text.splitlines()[0]
    assert "deal 1 ·" in header
    assert "· over" in header
    assert "deal 2" not in header
    assert "to move" not in header
    finished = match.deals[0].view(0)
    for name, stack in zip(match.seats, finished.stacks, strict=True):
        assert re.search(rf"^{re.escape(name)}\s+{stack}$", between.text, re.MULTILINE), name


def _played(variant: str, typed: Callable[[Frame, int], str | None] = _stay_in) -> Run:
    """One deal of ``variant`` with a person who stays in and two calling stations."""
    game = POKER
    match = _poker_match(variant)
    table = Table(game, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    return play_table(table, Person(typed=typed), seed=5)


def _table_line(frame: Frame, start: str) -> str | None:
    """The text of the table panel's line that begins with ``start``."""
    for line in frame.text.splitlines():
        if line.startswith(start):
            return line.rstrip()
    return None


def test_the_board_is_drawn_on_the_table_as_it_is_turned_up() -> None:
    """The table draws the board as it stands: the flop, then the turn and the river.

    The cards to the centre are every player's (002_053e85955f9a4108.txt, «Плюнь в океан»;
    docs/rules/poker-variants.md, holdem); they are not only event lines (issue 14, item 21).
    """
    run = _played("holdem")
    boards = [line for frame in run.frames if (line := _table_line(frame, "board "))]
    counts = [len(line.split()) - 1 for line in boards]
    assert 3 in counts
    assert counts[-1] == 5
    last = run.table.match.deals[0].view(0)
    assert isinstance(last, PokerView)
    final = last.board
    assert boards[-1] == "board " + " ".join(card.text() for card in final)


def test_a_board_dealt_face_down_is_drawn_as_backs_until_turned_up() -> None:
    """The board cards still face down are drawn as backs.

    Crisscross deals five cards face down to the centre and turns them up between the
    rounds (002_053e85955f9a4108.txt, «Перекрестье»).
    """
    run = _played("crisscross")
    first = next(line for frame in run.frames if (line := _table_line(frame, "board ")))
    assert "▒▒" in first
    assert "down)" in first


def test_in_stud_the_hand_keeps_the_down_cards_apart_from_the_up_cards() -> None:
    """The hand panel shows the seat's down cards and, apart, its up cards, as the view has them.

    Stud deals some cards down and some up (002_053e85955f9a4108.txt, «Семикарточный
    гвоздь»; issue 14, item 21).
    """
    run = _played("seven-card-stud")
    view = run.table.match.deals[0].view(0)
    assert isinstance(view, PokerView)
    assert view.up[0]
    hand = next(
        line
        for frame in reversed(run.frames)
        for line in frame.text.splitlines()
        if line.startswith("hand of you: down")
    )
    down = " ".join(card.text() for card in sorted(view.down, key=ADAPTER.sort_key))
    up = " ".join(card.text() for card in sorted(view.up[0], key=ADAPTER.sort_key))
    assert hand.removeprefix("hand of you: ").split("   ") == [f"down {down}", f"up {up}"]


def _ask_help_once(frame: Frame, turn: int) -> str | None:
    if turn == 1:
        return "?"
    return _stay_in(frame, turn)


def test_the_wild_cards_of_the_variant_are_named_on_the_table_and_in_help() -> None:
    """The table names the wild cards, and ``?`` says what a wild card stands for.

    Two-card poker plays deuces wild (002_053e85955f9a4108.txt, «Двухкарточный покер»;
    Козырные карты (а); issue 14, item 21).
    """
    run = _played("two-card", _ask_help_once)
    assert _table_line(run.frames[0], "wild: ") == "wild: 2s"
    help_frame = next(frame for frame in run.frames if frame.kind == "page")
    words = " ".join(help_frame.text.split())
    assert "Wild cards: 2s; each stands for a card its holder does not have" in words


def test_a_wild_card_the_deal_fixes_for_the_seat_is_shown_to_him() -> None:
    """The seat's own lowest hole card is drawn as his wild card, and no one else's.

    002_053e85955f9a4108.txt, «Семикарточный гвоздь»: козырь — младшая забивная карта.
    """
    run = _played("seven-card-stud-low-hole-wild")
    deal = run.table.match.deals[0]
    assert isinstance(deal, PokerDeal)
    (wild,) = deal.wild_for(0)
    shown = [line for frame in run.frames if (line := _table_line(frame, "wild for you now"))]
    assert shown
    assert shown[-1] == f"wild for you now: {wild.text()}"


def test_a_rank_the_deal_makes_wild_for_the_seat_is_named_as_every_card_of_it() -> None:
    """The seat's last hole card makes its whole rank wild for him: "every 7", from his view.

    002_053e85955f9a4108.txt, «Мексиканский гвоздь»: the last hole card and every card of its
    rank are wild for its holder.
    """
    run = _played("mexican-stud-hole-wild")
    deal = run.table.match.deals[0]
    assert isinstance(deal, PokerDeal)
    (rank,) = {card.rank for card in deal.wild_for(0)}
    shown = [line for frame in run.frames if (line := _table_line(frame, "wild for you now"))]
    assert shown
    assert all(re.fullmatch(r"wild for you now: every \S+", line) for line in shown), shown
    assert shown[-1] == f"wild for you now: every {rank.text()}"


def test_a_finished_deal_shows_each_stack_with_the_pots_paid() -> None:
    """Once the deal is over the view and the table show each stack with the pots paid.

    The winner takes the pot at the showdown (002_053e85955f9a4108.txt, "Круги ставок";
    issue 14, item 24), and the screen that stays up between deals says so.
    """
    run = _played("holdem")
    deal = run.table.match.deals[0]
    assert isinstance(deal, PokerDeal)
    after = tuple(
        start + change
        for start, change in zip(deal.start_stacks, deal.outcome().changes, strict=True)
    )
    assert after != tuple(deal.betting.stacks)
    assert deal.view(0).stacks == after
    last = run.frames[-1].text
    for name, stack in zip(run.table.match.seats, after, strict=True):
        assert re.search(rf"^\W*{re.escape(name)} +{stack}\b", last, re.MULTILINE), (name, stack)


def test_after_the_showdown_no_seat_is_shown_with_a_bet_the_pot_has_taken() -> None:
    """Once the pot is paid the seats' lines show no bet: the last round's bets are in it.

    002_053e85955f9a4108.txt, "Принципы, по которым делаются ставки": «Все ставки на игру
    собираются вместе в центре стола, образуя банк»; the banks are paid at the showdown, so
    the finished deal's screen shows the stacks paid and no chips still before a seat.
    """
    run = _played("holdem")
    deal = run.table.match.deals[0]
    assert isinstance(deal, PokerDeal)
    assert any(deal.view(0).bets), "the last round had bets"
    last = run.frames[-1]
    assert "Press Enter to leave" in last.text
    names = "|".join(re.escape(name) for name in run.table.match.seats)
    seats = re.findall(rf"^(?:▸ |  )(?:{names}) +\d+", last.text, re.MULTILINE)
    assert len(seats) == len(run.table.match.seats)
    assert _seat_bets(last, run) == []
    playing = [frame for frame in run.frames if frame.kind == "move"]
    assert any(_seat_bets(frame, run) for frame in playing), "bets are shown in play"


def _seat_bets(frame: Frame, run: Run) -> list[str]:
    """The table's seat lines of ``frame`` that show a bet before the seat (after his stack)."""
    names = "|".join(re.escape(name) for name in run.table.match.seats)
    return re.findall(rf"^(?:▸ |  )(?:{names}) +\d+  bet \d+.*$", frame.text, re.MULTILINE)


def test_at_the_draw_the_bets_of_the_round_just_ended_are_in_the_pot_not_before_the_seats() -> None:
    """When the betting round has ended and the cards are drawn, no seat shows a bet.

    002_053e85955f9a4108.txt, "Круги ставок" («Круг приема ставок завершается, когда … ставки
    участников игры уравнялись») and "Принципы, по которым делаются ставки" («Все ставки …
    собираются вместе в центре стола, образуя банк»): a round's bets stand before the seats
    only while it is played.
    """
    game = POKER
    match = _poker_match("draw")
    table = Table(game, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    run = play_table(table, Person(typed=_stay_in), seed=2)
    drawing = [frame for frame in run.frames if "· draw · to move: you" in frame.text]
    assert drawing, "the person is asked to draw"
    assert match.deals[0].history, "the deal was played"
    assert [line for frame in drawing for line in _seat_bets(frame, run)] == []


def test_at_the_showdown_each_hand_shown_is_named_and_so_is_the_winners() -> None:
    """The hands shown at the showdown are named in the log, and the pot's winner by his hand.

    002_053e85955f9a4108.txt, "Круги ставок": at the showdown the hands are shown and the
    best takes the pot (issue 21, "the hands named at the showdown").
    """
    run = _played("holdem")
    deal = run.table.match.deals[0]
    assert isinstance(deal, PokerDeal)
    last = run.frames[-1].text
    names = run.table.match.seats
    shown = [names[seat] for seat, cards in enumerate(deal.view(0).shown) if cards]
    assert len(shown) >= 2, "the deal went to a showdown"
    for name in shown:
        verb = "show" if name == "you" else "shows"
        assert re.search(rf"^{re.escape(name)} {verb} [a-z][a-z ,]+: ", last, re.MULTILINE), name
    assert re.search(r"^\S.* wins? \d+ \(main pot\) with [a-z]", last, re.MULTILINE)


SEED_SIDE_POT = 7
"""The short stack's hand takes the main pot, yours the side pot."""


def _short_stack_match() -> Match[Any, Any, Any]:
    """No-limit hold'em at table stakes, you and bot with 100 chips, short with 10.

    Everyone buys the stake of 10 and you and bot buy 90 more between deals, as the banker
    sells chips (docs/rules/poker-table.md, ``buy NAME N``).
    """
    rules = POKER.rules("no-limit-holdem")
    limits = replace(rules.limits, system=LimitSystem.TABLE_STAKES, buy_in_minimum=10)
    match = POKER.new_match(
        replace(rules, stake=10, limits=limits), ["you", "bot", "short"], "no-limit-holdem"
    )
    match.apply_between("buy you 90")
    match.apply_between("buy bot 90")
    return match


def _raise_past_the_short_stack(frame: Frame, turn: int) -> str | None:
    """Raise to 12 (typed), more than the short stack holds; then call, bet or check."""
    if any(text.startswith("raise to") for text in frame.moves):
        return "raise to 12"
    for word in ("call", "bet", "check"):
        for text in frame.moves:
            if text.startswith(word):
                return text
    return None


def test_an_all_in_player_plays_for_the_main_pot_and_the_others_for_a_side_pot() -> None:
    """A short stack all in: the table shows the main pot and the side pot, then who won each.

    002_053e85955f9a4108.txt, "Настольные ставки": a player whose chips run out plays for the
    pot up to his stake; «Все ставки других игроков сверх поставленной им суммы вносятся в
    дополнительный банк», which he cannot win (issue 21, "pots and side pots").
    """
    match = _short_stack_match()
    table = Table(POKER, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    run = play_table(table, Person(typed=_raise_past_the_short_stack), seed=SEED_SIDE_POT)
    deal = match.deals[0]
    assert isinstance(deal, PokerDeal)
    assert deal.betting.all_in == [False, False, True]
    assert list(deal.betting.contributed) == [18, 18, 10]
    during = [frame for frame in run.frames if frame.moves and "side pot 1" in frame.text]
    assert during, "the side pot is shown while the betting goes on"
    assert "main pot 30 (you, bot, short)" in during[0].text
    assert re.search(r"^side pot 1 \d+ \(you, bot\)", during[0].text, re.MULTILINE)
    last = run.frames[-1].text
    assert "main pot 30 (you, bot, short)" in last
    assert "side pot 1 16 (you, bot)" in last
    assert re.search(r"^short wins 30 \(main pot\) with [a-z]", last, re.MULTILINE)
    assert re.search(r"^you win 16 \(side pot 1\) with [a-z]", last, re.MULTILINE)
