"""Equity: exact enumeration, seeded sampling, dead cards, any hand rules, high-low splits."""

from __future__ import annotations

import pytest

from cardtable.cards import parse_cards
from cardtable.errors import CardParseError
from cardtable.poker import HandError, HandRules, equity

AK = parse_cards("A♥ K♥")
QQ = parse_cards("Q♠ Q♦")


def test_exact_equity_of_ace_king_suited_against_queens_over_every_board() -> None:
    """002_053e85955f9a4108.txt, Ничья.

    Tied boards split the pot.  The published figure for A♥K♥ against Q♠Q♦ is 0.462145 over
    1,712,304 boards.
    """
    result = equity([AK, QQ])
    assert result.exact
    assert result.boards == 1_712_304
    assert result.hands[0].equity == pytest.approx(0.462145, abs=5e-7)
    assert result.hands[0].equity + result.hands[1].equity == pytest.approx(1.0)
    assert result.hands[0].tie == result.hands[1].tie > 0


def test_sampled_equity_is_repeatable_with_a_seed_and_near_the_exact_figure() -> None:
    """002_053e85955f9a4108.txt, Ничья: Monte Carlo with a given number of trials and a seed."""
    first = equity([AK, QQ], exact=False, trials=100_000, seed=9)
    again = equity([AK, QQ], exact=False, trials=100_000, seed=9)
    other = equity([AK, QQ], exact=False, trials=100_000, seed=10)
    assert not first.exact
    assert first == again
    assert first != other
    assert first.hands[0].equity == pytest.approx(0.462145, abs=0.01)


def test_dead_cards_leave_the_deck() -> None:
    """002_053e85955f9a4108.txt, Досдача: cards out of play cannot come on the board."""
    board = parse_cards("2♣ 7♦ 9♥ J♥")
    live = equity([AK, QQ], board=board)
    dead = equity([AK, QQ], board=board, dead=parse_cards("3♥ 4♥ 5♥"))
    assert live.boards == 44
    assert dead.boards == 41
    assert dead.hands[0].equity == pytest.approx(12 / 41)


def test_ten_hands_share_the_whole_pot() -> None:
    """000_75e337bfe099b695.txt, ИГРАЮЩИЕ: from two to ten players."""
    texts = [
        "A♠ A♦",
        "K♠ K♦",
        "Q♣ Q♥",
        "J♠ J♦",
        "10♣ 10♥",
        "9♠ 9♦",
        "8♣ 8♥",
        "7♠ 7♦",
        "6♣ 6♥",
        "5♠ 5♦",
    ]
    result = equity([parse_cards(t) for t in texts], board=parse_cards("2♣"))
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0)
    assert result.hands[0].equity == max(h.equity for h in result.hands)


@pytest.mark.parametrize("known", ["2♣ 7♦ 9♥", "2♣ 7♦", "2♣"])
def test_the_rule_by_rule_path_agrees_with_the_kernel_when_the_rules_change_nothing(
    known: str,
) -> None:
    """002_053e85955f9a4108.txt, Козырные карты: a wild card that is out of play changes nothing."""
    board = parse_cards(known)
    size = len(board) + 2
    fast = equity([AK, QQ], board=board, board_size=size)
    wild = HandRules(wild=("K♣",))
    dead = parse_cards("K♣")
    slow = equity([AK, QQ], board=board, rules=wild, dead=dead, board_size=size, exact=True)
    plain = equity([AK, QQ], board=board, dead=dead, board_size=size)
    assert slow.boards == plain.boards < fast.boards
    for ours, theirs in zip(slow.hands, plain.hands, strict=True):
        assert ours.equity == pytest.approx(theirs.equity)
        assert ours.win == pytest.approx(theirs.win)


def test_high_low_equity_halves_the_pot_between_the_best_high_and_low_hands() -> None:
    """002_053e85955f9a4108.txt, Покер «Больше-меньше»: the high and low hands split the pot."""
    rules = HandRules(low="high-low")
    result = equity(
        [parse_cards("A♦ 2♣"), parse_cards("K♠ K♦")], board=parse_cards("3♣ 4♦ 8♠ 9♥"), rules=rules
    )
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0)
    assert result.hands[0].equity >= 0.5


def test_progress_is_reported_up_to_the_whole() -> None:
    """002_053e85955f9a4108.txt, Ничья: long runs report how far they have come."""
    seen: list[tuple[int, int]] = []
    equity([AK, QQ], exact=False, trials=600_000, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (600_000, 600_000)
    assert len(seen) > 1
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_impossible_equity_questions_are_refused() -> None:
    """002_053e85955f9a4108.txt, Игроки: two or more players; one deck holds each card once."""
    with pytest.raises(HandError, match="two to ten"):
        equity([AK])
    with pytest.raises(CardParseError, match="twice"):
        equity([AK, parse_cards("A♥ 2♦")])
    with pytest.raises(HandError, match="more than"):
        equity([AK, QQ], board=parse_cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣"))


@pytest.mark.parametrize("low", ["lowball", "high-low"])
def test_low_equity_from_the_kernel_agrees_with_the_rule_by_rule_path(low: str) -> None:
    """002_053e85955f9a4108.txt, Лоуболл and Покер «Больше-меньше».

    The kernel's low and high-low pots are split exactly as the rule-by-rule evaluator splits
    them (a dead wild card forces the latter without changing any hand).
    """
    hands = [parse_cards("A♥ 3♥"), parse_cards("Q♠ Q♦"), parse_cards("4♣ 5♣")]
    board = parse_cards("2♣ 7♦ 9♥")
    dead = parse_cards("K♣")
    fast = equity(hands, board=board, dead=dead, rules=HandRules(low=low))  # type: ignore[arg-type]
    slow = equity(
        hands,
        board=board,
        dead=dead,
        rules=HandRules(low=low, wild=("K♣",)),  # type: ignore[arg-type]
    )
    assert fast.boards == slow.boards
    for ours, theirs in zip(fast.hands, slow.hands, strict=True):
        assert (ours.win, ours.tie) == pytest.approx((theirs.win, theirs.tie))
        assert ours.equity == pytest.approx(theirs.equity)
