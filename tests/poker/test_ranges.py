"""Hand ranges as players write them, and the equity of one range against another."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardtable.cards import parse_cards
from cardtable.cli.main import app
from cardtable.errors import CardtableError
from cardtable.poker import equity
from cardtable.poker.ranges import (
    Combo,
    RangeError,
    parse_range,
    range_equity,
    range_text,
)

runner = CliRunner()


@pytest.mark.parametrize(
    ("text", "combos"),
    [
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("QQ+", 18),
        ("QQ-99", 24),
        ("T9s-65s", 20),
        ("A9o-A5o", 60),
        ("22+,A2s+", 78 + 48),
        ("AhKh, Q♠Q♦", 2),
    ],
)
def test_a_range_names_its_combos_as_players_write_them(text: str, combos: int) -> None:
    """docs/rules/poker.md, "Ranges": pairs, suited, offsuit, plus and runs."""
    assert len(parse_range(text)) == combos


def test_a_plus_goes_up_to_the_aces_or_to_the_kicker_below_the_top_card() -> None:
    """docs/rules/poker.md, "Ranges": ``QQ+`` is queens to aces, ``A2s+`` A2s to AKs."""
    assert {c.cards[0].rank for c in parse_range("QQ+")} == {12, 13, 14}
    kickers = {c.cards[1].rank for c in parse_range("A2s+")}
    assert kickers == set(range(2, 14))
    assert all(c.cards[0].suit == c.cards[1].suit for c in parse_range("A2s+"))


def test_a_weight_after_a_colon_weighs_every_combo_of_the_item() -> None:
    """docs/rules/poker.md, "Ranges": ``AKs:0.5`` holds each suited ace-king half the time."""
    combos = parse_range("AKs:0.5, QQ")
    assert sorted(c.weight for c in combos) == [0.5] * 4 + [1.0] * 6


@pytest.mark.parametrize(
    "text",
    ["QQ+, AKs:0.5", "44-22, T9s, 98s, 87s, A♥K♥", "22+, A2s+", "KK-TT:0.25, AQs+, K♠Q♦:0.5"],
)
def test_a_range_written_short_reads_back_as_the_same_combos(text: str) -> None:
    """docs/rules/poker.md, "Ranges": ``range_text`` is the inverse of ``parse_range``."""
    combos = parse_range(text)
    assert range_text(combos) == text
    assert set(parse_range(range_text(combos))) == set(combos)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AKx", "not a hand of a range"),
        ("AKs:2", "at most 1"),
        ("AKs:half", "not a weight"),
        ("QQs", "neither suited nor offsuit"),
        ("AKs, AhKh", "twice"),
        ("T9s-64s", "not a run"),
        ("AhKhQh", "two cards"),
        ("", "at least one hand"),
    ],
)
def test_a_bad_range_is_refused_with_a_one_line_reason(text: str, message: str) -> None:
    """docs/rules/poker.md, "Ranges": an unreadable range names what is wrong."""
    with pytest.raises(RangeError, match=message) as caught:
        parse_range(text)
    assert isinstance(caught.value, CardtableError)


def test_exact_range_equity_is_the_weighted_mean_of_each_matchups_equity() -> None:
    """002_053e85955f9a4108.txt, Ничья; docs/rules/poker.md, "Ranges".

    Each matchup of combos without a card in common counts with the product of the
    weights; here every matchup is also worked out alone.
    """
    board = parse_cards("2♣ 7♦ 9♥ J♥")
    hero, villain = parse_range("AKs, QQ:0.5"), parse_range("JTs, 99:0.25")
    result = range_equity([hero, villain], board=board)
    assert result.exact
    total = weighted = 0.0
    count = 0
    for a in hero:
        for b in villain:
            if set(a.cards) & set(b.cards) or set(a.cards + b.cards) & set(board):
                continue
            weight = a.weight * b.weight
            total += weight
            weighted += weight * equity([a.cards, b.cards], board=board).hands[0].equity
            count += 1
    assert result.matchups == count
    assert result.ranges[0].equity == pytest.approx(weighted / total, abs=1e-12)
    assert result.ranges[0].standard_error == 0.0


def test_sampled_range_equity_is_within_a_few_standard_errors_of_the_exact_figure() -> None:
    """docs/rules/poker.md, "Ranges": sampled figures carry their standard error."""
    ranges = [parse_range("QQ+, AKs"), parse_range("T9s-65s")]
    exact = range_equity(ranges)
    sampled = range_equity(ranges, exact=False, seed=2)
    assert exact.exact
    assert not sampled.exact
    error = sampled.ranges[0].standard_error
    assert 0 < error < 0.01
    assert abs(sampled.ranges[0].equity - exact.ranges[0].equity) < 4 * error
    assert sampled == range_equity(ranges, exact=False, seed=2)


def test_ranges_that_cannot_be_held_together_are_refused() -> None:
    """docs/rules/poker.md, "Ranges": three players cannot all hold a pair of aces."""
    aces = parse_range("AA")
    with pytest.raises(RangeError, match="no matchup"):
        range_equity([aces, aces, aces])
    with pytest.raises(RangeError, match="too few matchups"):
        range_equity([aces, aces, aces], exact=False)
    on_board = (Combo(parse_cards("A♠ K♠")),)  # type: ignore[arg-type]
    with pytest.raises(RangeError, match="board or the dead"):
        range_equity([on_board, aces], board=parse_cards("A♠ 2♦ 3♣"))


def test_the_equity_command_takes_ranges_with_range_vs_range() -> None:
    """docs/rules/poker.md, "Ranges": ``poker equity --range-vs-range``."""
    result = runner.invoke(
        app, ["poker", "equity", "--range-vs-range", "QQ+", "AKs", "--board", "2♣ 7♦ 9♥", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"] is True
    assert [r["range"] for r in data["ranges"]] == ["QQ+", "AKs"]
    assert data["ranges"][0]["equity"] + data["ranges"][1]["equity"] == pytest.approx(1.0)
    refused = runner.invoke(app, ["poker", "equity", "--range-vs-range", "AKx", "QQ"])
    assert refused.exit_code == 2
    assert refused.output.strip() == "error: not a hand of a range: 'AKx'"
