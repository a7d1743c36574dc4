"""Cards and their notations (docs/architecture.md, "Cards")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import (
    DECKS,
    Card,
    DeckSpec,
    Rank,
    Suit,
    cards_text,
    parse_card,
    parse_cards,
)
from cardtable.errors import CardParseError

ALL_CARDS = DECKS["54"].cards()


def test_the_three_notations_name_the_same_cards() -> None:
    """``A♠ 10♥``, ``As Th`` and Russian ``Т♠ 10♥`` are the same two cards.

    See docs/architecture.md, Cards.
    """
    expected = (Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS))
    assert parse_cards("A♠ 10♥") == expected
    assert parse_cards("As Th") == expected
    assert parse_cards("Т♠ 10♥") == expected


def test_russian_court_letters_are_ace_king_queen_jack() -> None:
    """Т туз, К король, Д дама, В валет (docs/architecture.md, Cards)."""
    assert parse_cards("Т♠ К♥ Д♦ В♣") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.KING, Suit.HEARTS),
        Card(Rank.QUEEN, Suit.DIAMONDS),
        Card(Rank.JACK, Suit.CLUBS),
    )


def test_russian_suit_letters_follow_the_rank() -> None:
    """пики, трефы (крести), бубны, черви as п т/к б ч after a rank.

    See docs/architecture.md, Cards.
    """
    assert cards_text(parse_cards("Тп Кт 10к Дб Вч")) == "A♠ K♣ 10♣ Q♦ J♥"


def test_a_suit_named_once_applies_to_the_ranks_after_it() -> None:
    """Preferans players write ``♠7 8 9 10, ♦7`` (the solver issue's Kovalevskaya misère)."""
    assert cards_text(parse_cards("♠7 8 9 10, ♦7 8 9, ♣8, ♥8 9")) == (
        "7♠ 8♠ 9♠ 10♠ 7♦ 8♦ 9♦ 8♣ 8♥ 9♥"
    )


def test_cards_may_be_run_together() -> None:
    """``AsKd10h`` is three cards, as poker players paste them (docs/architecture.md, Cards)."""
    assert cards_text(parse_cards("AsKd10h")) == "A♠ K♦ 10♥"


def test_jokers_are_read_in_latin_and_russian() -> None:
    """``Jo`` and ``Дж`` name the joker; ``Jo2`` the second joker of a 54-card deck."""
    assert parse_cards("Jo Jo2") == (Card.joker(1), Card.joker(2))
    assert parse_card("Дж") == Card.joker(1)
    assert Card.joker(2).text("russian") == "Дж2"


@pytest.mark.parametrize("bad", ["X♠", "1♠", "A", "10", "A♠♠", "Zz", "A♠x"])
def test_a_token_that_is_not_a_card_is_named_in_the_error(bad: str) -> None:
    """Bad input raises a clear error naming the token (the foundation issue, item 2)."""
    with pytest.raises(CardParseError, match=r"not a card|without a suit") as caught:
        parse_cards(bad)
    assert repr(bad) in str(caught.value)


def test_a_card_given_twice_is_refused() -> None:
    """A hand or deck holds each card once (the foundation issue, item 2)."""
    with pytest.raises(CardParseError, match="card given twice: A♠"):
        parse_cards("A♠ K♠ As")
    assert len(parse_cards("A♠ As", allow_duplicates=True)) == 2


@given(
    st.lists(st.sampled_from(ALL_CARDS), unique=True),
    st.sampled_from(["unicode", "ascii", "russian"]),
)
def test_every_notation_reads_back_what_it_writes(cards: list[Card], style: str) -> None:
    """Printing then parsing gives the same cards in every notation.

    See docs/architecture.md, Cards.
    """
    assert parse_cards(cards_text(cards, style=style)) == tuple(cards)  # type: ignore[arg-type]


def test_card_indices_are_dense_and_invertible() -> None:
    """The 54 cards have indices 0..53, each mapping back to its card."""
    assert sorted(card.index for card in ALL_CARDS) == list(range(54))
    assert all(Card.from_index(card.index) == card for card in ALL_CARDS)


@pytest.mark.parametrize(
    ("name", "size"), [("32", 32), ("36", 36), ("52", 52), ("53", 53), ("54", 54)]
)
def test_named_decks_have_their_sizes(name: str, size: int) -> None:
    """Deck presets: 32, 36, 52 and 52 with one or two jokers (docs/architecture.md, Cards)."""
    deck = DeckSpec.named(name).cards()
    assert len(deck) == size == len(set(deck))


def test_the_32_card_deck_runs_from_seven_to_ace() -> None:
    """Piquet and preferans use A K Q J 10 9 8 7 (001_776ed664a35a376f.txt, piquet rule 1)."""
    ranks = {card.rank for card in DeckSpec.named("32").cards()}
    assert ranks == {Rank(n) for n in range(7, 15)}


def test_a_stripped_deck_lacks_the_chosen_ranks() -> None:
    """Poker without twos and threes is a stripped deck (002_053e85955f9a4108.txt)."""
    deck = DeckSpec.named("52").without(Rank.TWO, Rank.THREE)
    assert deck.size == 44
    assert not any(card.rank in (Rank.TWO, Rank.THREE) for card in deck.cards())


def test_an_unknown_deck_name_lists_the_known_ones() -> None:
    """Unknown presets get a one-line error (the foundation issue, item 2)."""
    with pytest.raises(CardParseError, match="unknown deck '40'; known decks: 32, 36"):
        DeckSpec.named("40")


def test_a_joker_cannot_have_a_suit() -> None:
    """A card is a rank and a suit, or a suitless joker (docs/architecture.md, Cards)."""
    with pytest.raises(CardParseError):
        Card(Rank.JOKER, Suit.SPADES, 1)
    with pytest.raises(CardParseError):
        Card(Rank.ACE, None)
