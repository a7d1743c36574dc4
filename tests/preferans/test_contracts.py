"""Preferans contracts and notation (001_776ed664a35a376f.txt, preferans rules 3, 17, 21, 22)."""

from __future__ import annotations

import pytest

from cardtable.preferans.contracts import (
    MISERE,
    Contract,
    ContractError,
    Strain,
    contract_text,
    ladder,
    parse_contract,
)


def test_suits_rank_spades_clubs_diamonds_hearts_then_no_trumps() -> None:
    """Rule 3: пики, трефы, бубны, червы — первые, вторые, третьи, четвертые; rule 17: NT last."""
    assert sorted(Strain, key=int) == [
        Strain.SPADES,
        Strain.CLUBS,
        Strain.DIAMONDS,
        Strain.HEARTS,
        Strain.NO_TRUMP,
    ]


def test_the_ladder_climbs_by_strain_within_a_level() -> None:
    """Rule 17: ♠6, ♣6, ♢6, ♥6, 6 без козыря, then ♠7 … up to 10 без козыря."""
    steps = [contract_text(c) for c in ladder()]
    assert steps[:6] == ["6♠", "6♣", "6♦", "6♥", "6NT", "7♠"]
    assert steps[-1] == "10NT"
    assert len(steps) == 25
    assert ladder() == sorted(ladder())


def test_bought_at_seven_diamonds_seven_spades_is_lower() -> None:
    """Rule 21: bought at 7♦ one may play 7♦, 7♥, 7NT, 8♠ but never 7♠ or a six."""
    bought = parse_contract("7♦")
    assert parse_contract("7♠") < bought
    assert parse_contract("6NT") < bought
    assert all(parse_contract(t) >= bought for t in ["7♦", "7♥", "7NT", "8♠"])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6♠", "6♠"),
        ("6S", "6♠"),
        ("6s", "6♠"),
        ("7♣", "7♣"),
        ("8 бк", "8NT"),
        ("10БК", "10NT"),
        ("9nt", "9NT"),
        ("7ч", "7♥"),
        ("misère", "misère"),
        ("Мизер", "misère"),
    ],
)
def test_contracts_are_read_in_every_spelling_players_write(text: str, expected: str) -> None:
    """Contracts are written ``6♠ 6S 6s … 10NT 10БК misère мизер`` (the pulka issue's scorer)."""
    assert contract_text(parse_contract(text)) == expected


@pytest.mark.parametrize("text", ["5♠", "11NT", "7", "7x", "pass"])
def test_anything_else_is_not_a_contract(text: str) -> None:
    """A contract is 6 to 10 tricks in a strain, or misère (rule 22)."""
    with pytest.raises(ContractError, match="not a contract"):
        parse_contract(text)


def test_a_misere_takes_no_trick_and_has_no_trumps() -> None:
    """Rule 22: при мизере — ни одной (взятки)."""
    assert MISERE.tricks == 0
    assert MISERE.trump is None
    with pytest.raises(ContractError):
        Contract(0, Strain.SPADES)
