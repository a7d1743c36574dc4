"""Each game's fixed action space: every legal move has a number, a set of cards is picked.

docs/rl.md, "Action spaces".
"""

from __future__ import annotations

import pickle
import random

import pytest

from cardtable.bots import make_bot
from cardtable.engine.choices import outside_choices
from cardtable.errors import IllegalAction
from cardtable.rl.actions import AMOUNTS, DONE, action_space, numbers_of
from cardtable.rl.table import Table
from rl.cases import CASES, IDS, decisions


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_every_legal_move_is_one_number_or_built_by_picks(
    game: str, preset: str, players: int
) -> None:
    """docs/rl.md, "Action spaces": the numbers play exactly the moves no choice builds."""
    table = Table(game, preset, players, deals=2)
    for state in decisions(table, seed=7):
        now = state.current_turn()
        if state.picked:
            continue
        deal = state.deal
        texts = [state.game.action_text(a) for a in deal.legal_actions()]
        single = outside_choices(texts, deal.choices())
        played = sorted(state.game.action_text(a) for a in now.moves.values())
        assert played == sorted(single)
        assert len(set(now.moves)) == len(now.moves)
        if not deal.choices():
            assert not now.picks


def _table_at_choice(game: str, preset: str, players: int = 0, seed: int = 1) -> Table:
    """A table whose seat to move has a card choice (its first decision of that kind)."""
    for attempt in range(200):
        table = Table(game, preset, players or None)
        rng = random.Random(seed + attempt)
        table.reset(seed + attempt)
        while not table.over:
            if table.deal.choices():
                return table
            table.step(rng.choice(table.current_turn().legal))
    raise AssertionError("no card choice was reached")


def test_the_preferans_discard_is_two_picks_then_done() -> None:
    """001_776ed664a35a376f.txt, preferans rule 21: the declarer lays two cards aside."""
    table = _table_at_choice("preferans", "sochi")
    space = table.space
    hand = table.deal.choices()[0].cards
    assert sorted(table.current_turn().legal) == sorted(space.pick(card) for card in hand)
    table.step(space.pick(hand[0]))
    assert space.done not in table.current_turn().legal
    table.step(space.pick(hand[5]))
    assert table.current_turn().legal == [space.done]
    table.step(space.done)
    assert table.game.action_text(table.deal.history[-1]) == f"discard {hand[0]} {hand[5]}"


def test_done_is_legal_only_at_a_number_of_cards_the_choice_allows() -> None:
    """001_776ed664a35a376f.txt, piquet rule 9: the elder exchanges up to five, at least one."""
    table = _table_at_choice("piquet", "seed")
    choice = table.deal.choices()[0]
    space = table.space
    for number, card in enumerate(choice.cards[: choice.most]):
        assert (space.done in table.current_turn().legal) == (number in choice.counts)
        table.step(space.pick(card))
    assert table.current_turn().legal == [space.done]


def test_a_number_not_legal_is_refused_and_changes_nothing() -> None:
    """docs/architecture.md, "The engine protocol": a refused action changes nothing."""
    table = _table_at_choice("preferans", "sochi")
    space = table.space
    card = table.deal.choices()[0].cards[0]
    table.step(space.pick(card))
    before = pickle.dumps((table.match, table.picked))
    for number in (space.pick(card), space.done, space.index["pass"]):
        with pytest.raises(IllegalAction):
            table.step(number)
    assert pickle.dumps((table.match, table.picked)) == before


def test_standing_pat_is_legal_only_before_the_first_pick() -> None:
    """002_053e85955f9a4108.txt, «Покер с досдачей»: a player draws or stands pat."""
    table = _table_at_choice("poker", "draw", 2)
    stand = table.space.index["stand pat"]
    assert stand in table.current_turn().legal
    table.step(table.space.pick(table.deal.choices()[0].cards[0]))
    assert stand not in table.current_turn().legal
    table.step(table.space.done)
    assert table.game.action_text(table.deal.history[-1]).startswith("discard ")


def test_the_amount_numbers_are_the_least_middle_and_most_bet_listed() -> None:
    """docs/architecture.md, "The engine protocol": a range is offered by its landmarks."""
    table = Table("poker", "cincinnati", 2)
    space = table.space
    for state in decisions(table, seed=2, deals=3):
        listed = [
            state.game.action_text(a)
            for a in state.deal.legal_actions()
            if state.game.action_text(a).split()[0] in ("bet", "raise")
        ]
        if len(listed) == 3:
            moves = state.current_turn().moves
            played = [state.game.action_text(moves[space.index[slot]]) for slot in AMOUNTS]
            assert played == sorted(listed, key=lambda text: int(text.split()[-1]))
            return
    raise AssertionError("no round listed three amounts")


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_each_number_stands_for_one_text_and_the_last_is_done(game: str) -> None:
    """docs/rl.md, "Action spaces": the numbers are fixed, one text each."""
    space = action_space(game)
    assert len(set(space.texts)) == space.size
    assert space.texts[-1] == DONE
    assert all(space.pick(card) == space.index[f"pick {card}"] for card in space.deck)


@pytest.mark.parametrize(("game", "preset"), [("preferans", "sochi"), ("piquet", "seed")])
def test_a_bots_move_is_played_by_its_numbers(game: str, preset: str) -> None:
    """docs/rl.md, "Action spaces": a set of cards is picks and done, any other move a number."""
    table = Table(game, preset, deals=6)
    bot = make_bot(game, "default", table.rules)
    rng = random.Random(3)
    table.reset(3)
    built = 0
    while not table.over:
        deal = table.deal
        legal = deal.legal_actions()
        seat = deal.to_move
        assert seat is not None
        move = bot.choose(deal.view(seat), legal, rng)
        numbers = numbers_of(table.game, table.space, move, legal, deal.choices())
        built += len(numbers) > 1
        for number in numbers:
            table.step(number)
        assert deal.history[-1] == move
    assert built > 0
