"""The table's bots value hands by the variant's own rules."""

from __future__ import annotations

from cardtable.cards import parse_cards
from cardtable.engine.registry import get_game
from cardtable.engine.rng import seeded_rng
from cardtable.poker.actions import Discard
from cardtable.poker.table import PokerView
from cardtable.poker.table_bots import EquityBot

GAME = get_game("poker")


def final_round_view(cards: str, *, phase: str = "bet") -> PokerView:
    """Seat 0 of two, holding ``cards`` with nothing bet yet."""
    return PokerView(
        seat=0,
        variant="deuce-to-seven-triple-draw",
        phase=phase,
        down=parse_cards(cards),
        up=((), ()),
        board=(),
        board_down=0,
        shown=((), ()),
        stacks=(100, 100),
        bets=(0, 0),
        pot=10,
        in_hand=(0, 1),
        to_move=0,
        round_index=3,
        declarations=(),
        seating=(0, 1),
    )


def test_the_equity_bot_counts_a_wheel_as_ace_high_at_deuce_to_seven() -> None:
    """2-7 triple draw (PokerKit docs, deuce-to-seven lowball; outside the seed).

    The ace is only high, so A-5-4-3-2 is an ace-high hand, which beats every paired hand,
    not a straight, which loses to nearly every hand. The bot's chance with it against one
    unknown hand must be about the share of paired hands (about half), far from the
    straight's chance of under one in a hundred.
    """
    spec = GAME.rules("deuce-to-seven-triple-draw").variant
    bot = EquityBot(spec, samples=400)
    wheel = bot.chance(final_round_view("A♠ 5♦ 4♣ 3♥ 2♠"), seeded_rng(1))
    straight = bot.chance(final_round_view("6♠ 5♦ 4♣ 3♥ 2♠"), seeded_rng(1))
    best = bot.chance(final_round_view("7♠ 5♦ 4♣ 3♥ 2♠"), seeded_rng(1))
    assert 0.35 < wheel < best
    assert straight < 0.05


def test_the_equity_bot_draws_to_low_cards_at_deuce_to_seven() -> None:
    """2-7 triple draw (outside the seed): the worst high hand wins.

    So at the draw the bot throws its ace (high there), the cards above a seven and the
    second card of a pair.
    """
    spec = GAME.rules("deuce-to-seven-triple-draw").variant
    bot = EquityBot(spec)
    view = final_round_view("A♠ 7♦ 7♣ 3♥ 2♠", phase="draw")
    cards = view.down
    legal = [Discard(tuple(c for c in cards if c in chosen)) for chosen in _subsets(cards)]
    choice = bot.choose(view, legal, seeded_rng(2))
    assert isinstance(choice, Discard)
    assert {card.rank for card in choice.cards} == {14, 7}
    assert len(choice.cards) == 2


def _subsets(cards: tuple[object, ...]) -> list[set[object]]:
    return [{c for bit, c in enumerate(cards) if mask >> bit & 1} for mask in range(32)]
