"""Equity follows the variant's showdown: Omaha's two and three, lows, high-low halves."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardtable.cards import parse_cards
from cardtable.cli.main import app
from cardtable.poker import HandError, equity
from cardtable.poker.game import PokerGame

GAME = PokerGame()


def test_an_omaha_hand_uses_exactly_two_hole_cards_and_three_board_cards() -> None:
    """docs/rules/poker-variants.md, `hole_exactly` and `board_exactly` (Omaha).

    Four hearts in the hole and two on the board make no flush: A♥ K♥ with 2♥ 3♥ and a third
    board card is ace high, while 6♠ 5♠ with 2-3-4 is a straight, so the sevens win every time.
    """
    spec = GAME.rules("omaha").variant
    hearts, sevens = parse_cards("A♥ K♥ Q♥ J♥"), parse_cards("7♣ 7♦ 6♠ 5♠")
    result = equity([hearts, sevens], board=parse_cards("2♥ 3♥ 9♣ 8♦ 4♠"), variant=spec)
    assert result.exact
    assert result.boards == 1
    assert [h.equity for h in result.hands] == [0.0, 1.0]


def test_omaha_high_low_halves_the_pot_between_the_high_and_a_qualifying_low() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше»; the preset's eight or better.

    "банк делят между собой самый старший и самый младший расклады": A♠ 2♠ with 3-4-8 is an
    eight low and three queens take the high half; with no low on the board the high takes
    the whole pot.
    """
    spec = GAME.rules("omaha-hi-lo").variant
    low, high = parse_cards("A♠ 2♠ K♦ K♣"), parse_cards("Q♠ Q♦ J♣ 10♣")
    result = equity([low, high], board=parse_cards("3♥ 4♦ 8♣ Q♥ 9♠"), variant=spec)
    assert [h.equity for h in result.hands] == [0.5, 0.5]
    no_low = equity([low, high], board=parse_cards("3♥ 10♦ 9♣ Q♥ 9♠"), variant=spec)
    assert [h.equity for h in no_low.hands] == [0.0, 1.0]


def test_at_deuce_to_seven_equity_goes_to_the_lowest_hand_and_the_wheel_is_ace_high() -> None:
    """docs/rules/poker-variants.md, "Deuce to seven": the worst high hand wins.

    A-5-4-3-2 is ace high there, so it beats a pair of deuces; a variant without a board
    deals nothing more.
    """
    spec = GAME.rules("deuce-to-seven-triple-draw").variant
    wheel, deuces = parse_cards("A♠ 5♦ 4♣ 3♥ 2♠"), parse_cards("2♦ 2♣ 6♥ 7♠ 8♣")
    result = equity([wheel, deuces], variant=spec)
    assert [h.equity for h in result.hands] == [1.0, 0.0]


def test_plain_holdem_as_a_variant_keeps_the_kernel_figures() -> None:
    """002_053e85955f9a4108.txt, Ничья: hold'em named as a variant is the plain game's equity."""
    spec = GAME.rules("holdem").variant
    hands = [parse_cards("A♥ K♥"), parse_cards("Q♠ Q♦")]
    board = parse_cards("2♣ 7♦ 9♥ J♥")
    assert equity(hands, board=board, variant=spec) == equity(hands, board=board)


def test_the_equity_command_takes_a_variant() -> None:
    """docs/rules/poker.md, "Equity": `--variant NAME` follows that variant's showdown."""
    result = CliRunner().invoke(
        app,
        [
            "poker",
            "equity",
            "A♥ K♥ Q♥ J♥",
            "7♣ 7♦ 6♠ 5♠",
            "--board",
            "2♥ 3♥ 9♣ 8♦ 4♠",
            "--variant",
            "omaha",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [h["equity"] for h in data["hands"]] == pytest.approx([0.0, 1.0])


def test_an_unknown_variant_is_refused_in_one_line() -> None:
    """docs/rules/poker.md, "Equity": a variant the table does not deal is named."""
    result = CliRunner().invoke(app, ["poker", "equity", "A♥ K♥", "Q♠ Q♦", "--variant", "nope"])
    assert result.exit_code == 2
    assert "nope" in result.output


def test_a_hand_too_short_for_the_variant_is_refused() -> None:
    """docs/rules/poker-variants.md, `hole_exactly`: an Omaha hand uses two hole cards."""
    spec = GAME.rules("omaha").variant
    with pytest.raises(HandError, match="omaha: each hand must have 2 cards"):
        equity([parse_cards("A♠"), parse_cards("Q♠ Q♦")], variant=spec)
