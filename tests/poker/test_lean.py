"""The lean simulation path plays check-down deals exactly as the table does."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardtable.errors import IllegalAction
from cardtable.poker.fast import card_mask
from cardtable.poker.game import POKER
from cardtable.poker.lean import LeanTable, Policy, lean_deal, simulate_lean
from cardtable.poker.match import PokerMatch
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.table_bots import PassiveBot

GAME = POKER


@pytest.mark.parametrize("variant", ["holdem", "omaha", "draw"])
def test_lean_check_down_deals_move_the_same_chips_as_the_table(variant: str) -> None:
    """Круги ставок (all check: the round ends; in draw the deal is void); Вскрытие карт.

    The same decks dealt at the full table and by the lean loop, everybody checking or
    calling, give every seat the same chips deal by deal (ties split, odd chips included).
    """
    rules = GAME.rules(variant)
    table = LeanTable.of(rules)
    match = GAME.new_match(rules, list("ABCDEF"))
    assert isinstance(match, PokerMatch)
    bot = PassiveBot()
    rng = random.Random(3)
    carried = 0
    for _ in range(8):
        dealer = match.next_dealer()
        deal = match.start_deal(rng)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            match.apply(bot.choose(deal.view(seat), deal.legal_actions(), rng))
        deck = [card_mask([card]) for card in deal.setup.deck]
        changes, carried = lean_deal(table, 6, dealer, deck, carried=carried, policy="check-down")
        outcome = deal.outcome()
        assert isinstance(outcome, PokerOutcome)
        assert tuple(changes) == outcome.changes


def test_random_lean_deals_conserve_chips() -> None:
    """Пределы ставок: fixed limits; every chip put in is won by someone or carried."""
    for variant in ("holdem", "draw"):
        report = simulate_lean(
            LeanTable.of(GAME.rules(variant)), players=6, deals=300, seed=2, policy="random"
        )
        assert sum(report.net) + report.carried == 0


def test_the_lean_path_refuses_what_it_does_not_play() -> None:
    """The lean path covers standard high hands opened from the left; stud is refused."""
    with pytest.raises(IllegalAction, match="opens rounds from the left"):
        LeanTable.of(GAME.rules("seven-card-stud"))
    with pytest.raises(IllegalAction, match="standard high hands"):
        LeanTable.of(GAME.rules("lowball"))


@pytest.mark.parametrize("policy", ["check-down", "random"])
def test_the_compiled_deal_loop_plays_the_same_deals_as_the_python_loop(policy: Policy) -> None:
    """Круги ставок; Пределы ставок (fixed): the compiled loop is only a faster Python loop.

    From the same decks and the same random choices both loops leave every seat the same
    chips and carry the same pot.
    """
    for variant in ("holdem", "draw"):
        table = LeanTable.of(GAME.rules(variant))
        assert table.compiled
        fast = simulate_lean(table, players=5, deals=500, seed=4, policy=policy)
        slow = simulate_lean(
            replace(table, interpreted=True), players=5, deals=500, seed=4, policy=policy
        )
        assert (fast.net, fast.carried) == (slow.net, slow.carried)
