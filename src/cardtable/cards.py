"""Cards, decks and the three notations players type.

One :class:`Card` type serves every game. The core knows no game's order of suits or ranks;
:class:`Rank` values are the usual poker numbers (two is 2, ace is 14) only so that they have
a stable identity, and each game orders them its own way.

Three notations are read and written:

>>> parse_cards("A♠ 10♥ Jo")
(Card('A♠'), Card('10♥'), Card('Jo'))
>>> cards_text(parse_cards("As Th 2c"))
'A♠ 10♥ 2♣'
>>> cards_text(parse_cards("Т♠ К♥ Д♦ В♣ 10♠"), style="ascii")
'As Kh Qd Jc Ts'
>>> cards_text(parse_cards("Ah Kd"), style="russian")
'Т♥ К♦'

The preferans habit of naming a suit once and then its ranks is read too:

>>> cards_text(parse_cards("♠7 8 9 10, ♦Т"))
'7♠ 8♠ 9♠ 10♠ A♦'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from operator import attrgetter
from typing import Literal

from cardtable.errors import CardParseError

Style = Literal["unicode", "ascii", "russian"]
"""A notation for printing cards: ``A♠``, ``As`` or ``Т♠``."""


class Suit(IntEnum):
    """The four French suits. The numbering is an identity, not a game's order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit as its Unicode symbol: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit as the lowercase ASCII letter: c d h s."""
        return "cdhs"[self]


class Rank(IntEnum):
    """The thirteen ranks, numbered as in poker (two is 2, ace is 14), and the joker."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    def text(self, style: Style = "unicode") -> str:
        """The rank as players write it in ``style``: ``10``, ``T`` or Russian ``Т`` for the ace."""
        if style == "ascii":
            return _ASCII_RANKS[self]
        if style == "russian":
            return _RUSSIAN_RANKS[self]
        return _UNICODE_RANKS[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_PIPS = {Rank(n): str(n) for n in range(2, 10)}
_UNICODE_RANKS = {
    **_PIPS,
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "Jo",
}
_ASCII_RANKS = {**_UNICODE_RANKS, Rank.TEN: "T"}
_RUSSIAN_RANKS = {
    **_UNICODE_RANKS,
    Rank.JACK: "В",
    Rank.QUEEN: "Д",
    Rank.KING: "К",
    Rank.ACE: "Т",
    Rank.JOKER: "Дж",
}

_RANK_WORDS: dict[str, Rank] = {
    **{str(n): Rank(n) for n in range(2, 11)},
    "T": Rank.TEN,
    "t": Rank.TEN,
    "J": Rank.JACK,
    "j": Rank.JACK,
    "Q": Rank.QUEEN,
    "q": Rank.QUEEN,
    "K": Rank.KING,
    "k": Rank.KING,
    "A": Rank.ACE,
    "a": Rank.ACE,
    "В": Rank.JACK,
    "Д": Rank.QUEEN,
    "К": Rank.KING,
    "Т": Rank.ACE,
}
_SUIT_WORDS: dict[str, Suit] = {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "s": Suit.SPADES,
    "S": Suit.SPADES,
    "п": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "c": Suit.CLUBS,
    "C": Suit.CLUBS,
    "т": Suit.CLUBS,
    "к": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "d": Suit.DIAMONDS,
    "D": Suit.DIAMONDS,
    "б": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "h": Suit.HEARTS,
    "H": Suit.HEARTS,
    "ч": Suit.HEARTS,
}
_JOKER_WORDS = {"jo": 1, "jo1": 1, "joker": 1, "jo2": 2, "дж": 1, "дж1": 1, "дж2": 2, "джокер": 1}

_RANK_PATTERN = "10|[2-9TtJjQqKkAaВДКТ]"
_SUIT_PATTERN = "[" + "".join(_SUIT_WORDS) + "]"
_CARD_RE = re.compile(f"({_RANK_PATTERN})({_SUIT_PATTERN})")
_SUIT_FIRST_RE = re.compile(f"({_SUIT_PATTERN})({_RANK_PATTERN})")
_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: a rank and a suit, or a joker (suit ``None``, numbered 1 or 2).

    >>> Card.of(Rank.ACE, Suit.SPADES)
    Card('A♠')
    >>> Card.joker(2).text()
    'Jo2'
    """

    rank: Rank
    suit: Suit | None
    joker_number: int = 0
    bit: int = field(init=False, repr=False, compare=False)
    """The card's bit in a poker evaluator's mask, ``1 << (16 × suit + rank − 2)``; for a
    joker ``1 << 64``, outside every such mask. Kept on the card so that a hand's mask
    costs one lookup a card."""
    index: int = field(init=False, repr=False, compare=False)
    """A dense number 0..53: 13 × suit + rank − 2 for the 52 cards, then the two jokers."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        is_joker = self.rank is Rank.JOKER
        if is_joker != (self.suit is None) or is_joker != (self.joker_number in (1, 2)):
            raise CardParseError(f"not a card: rank {self.rank!r} with suit {self.suit!r}")
        bit = 1 << 64 if self.suit is None else 1 << (16 * self.suit + self.rank - 2)
        object.__setattr__(self, "bit", bit)
        index = 51 + self.joker_number if self.suit is None else 13 * self.suit + self.rank - 2
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "_hash", hash((self.rank, self.suit, self.joker_number)))

    def __hash__(self) -> int:
        # The hash a dataclass gives, worked out once: every move puts cards in sets.
        return self._hash

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of ``rank`` in ``suit``."""
        return cls(rank, suit)

    @classmethod
    def joker(cls, number: int = 1) -> Card:
        """The first or second joker of a deck."""
        return cls(Rank.JOKER, None, number)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.rank is Rank.JOKER

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose :attr:`index` is ``index``."""
        if 0 <= index < 52:
            return cls(Rank(index % 13 + 2), Suit(index // 13))
        if index in (52, 53):
            return cls.joker(index - 51)
        raise CardParseError(f"no card has index {index}")

    def text(self, style: Style = "unicode") -> str:
        """The card in ``style``: ``10♥``, ``Th`` or ``10♥``; jokers ``Jo``/``Jo2`` (``Дж``)."""
        if self.suit is None:
            name = "Дж" if style == "russian" else "Jo"
            return name if self.joker_number == 1 else f"{name}{self.joker_number}"
        suit = self.suit.letter if style == "ascii" else self.suit.symbol
        return self.rank.text(style) + suit

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Card({self.text()!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None, int]]:
        # Pickling by constructor arguments is several times faster than the slots default.
        return Card, (self.rank, self.suit, self.joker_number)


def parse_card(text: str) -> Card:
    """Read one card in any notation: ``A♠``, ``As``, ``Т♠``, ``♠Т``, ``10h``, ``Jo``.

    >>> parse_card("Тп")
    Card('A♠')
    >>> parse_card("X♠")
    Traceback (most recent call last):
    ...
    cardtable.errors.CardParseError: not a card: 'X♠'
    """
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardParseError(f"not one card: {text!r}")
    return cards[0]


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read a hand or a deck: cards separated by spaces or commas, or run together.

    A suit written alone or before a rank (``♠7 8 9``) applies to the bare ranks after it.
    A card given twice is an error unless ``allow_duplicates``.
    """
    cards: list[Card] = []
    current_suit: Suit | None = None
    bare_suit: str | None = None
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        if bare_suit is not None and token in _SUIT_WORDS:
            raise _suit_without_ranks(bare_suit)
        before = len(cards)
        current_suit = _read_token(token, current_suit, cards)
        if token in _SUIT_WORDS:
            bare_suit = token
        elif len(cards) > before:
            bare_suit = None
    if bare_suit is not None:
        raise _suit_without_ranks(bare_suit)
    if not allow_duplicates:
        _refuse_duplicates(cards)
    return tuple(cards)


def _suit_without_ranks(suit: str) -> CardParseError:
    """A suit written alone with no rank after it names no card: an empty hand is never meant."""
    return CardParseError(f"{suit!r} names a suit but no card: write its ranks, as in '♠ 7 8'")


def parse_move_cards(text: str) -> tuple[Card, ...]:
    """Read the cards a typed move names; a card named twice is an error saying so.

    >>> parse_move_cards("7♥ 8♣")
    (Card('7♥'), Card('8♣'))
    >>> parse_move_cards("7♥ 7h")
    Traceback (most recent call last):
    ...
    cardtable.errors.CardParseError: 7♥ is named twice
    """
    cards = parse_cards(text, allow_duplicates=True)
    for number, card in enumerate(cards):
        if card in cards[:number]:
            raise CardParseError(f"{card.text()} is named twice")
    return cards


def parse_move_card(verb: str, text: str) -> Card:
    """The one card a move names after its ``verb`` (``play K♥``, ``expose 7♣``).

    >>> parse_move_card("play", "K♥ Q♥")
    Traceback (most recent call last):
    ...
    cardtable.errors.CardParseError: play names one card, as in 'play K♥', not 2
    """
    if not text.strip():
        raise CardParseError(f"{verb} is followed by a card, as in '{verb} K♥'")
    cards = parse_move_cards(text)
    if len(cards) != 1:
        raise CardParseError(f"{verb} names one card, as in '{verb} K♥', not {len(cards)}")
    return cards[0]


def _read_token(token: str, current_suit: Suit | None, out: list[Card]) -> Suit | None:
    """Append the cards of one token to ``out``; return the suit in force after it."""
    joker = _JOKER_WORDS.get(token.lower())
    if joker is not None:
        out.append(Card.joker(joker))
        return current_suit
    if token in _SUIT_WORDS:
        return _SUIT_WORDS[token]
    if token in _RANK_WORDS:
        if current_suit is None:
            raise CardParseError(f"rank without a suit: {token!r}")
        out.append(Card(_RANK_WORDS[token], current_suit))
        return current_suit
    suit_first = _SUIT_FIRST_RE.fullmatch(token)
    if suit_first:
        suit = _SUIT_WORDS[suit_first.group(1)]
        out.append(Card(_RANK_WORDS[suit_first.group(2)], suit))
        return suit
    position = 0
    run: list[Card] = []
    while position < len(token):
        match = _CARD_RE.match(token, position)
        if match is None:
            raise CardParseError(f"not a card: {token!r}")
        run.append(Card(_RANK_WORDS[match.group(1)], _SUIT_WORDS[match.group(2)]))
        position = match.end()
    out.extend(run)
    return current_suit


def _refuse_duplicates(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardParseError(f"card given twice: {card.text()}")
        seen.add(card)


by_index: Callable[[Card], int] = attrgetter("index")
"""Sort key: a card's :attr:`Card.index` (clubs to spades, two to ace in each, jokers last)."""


def cards_text(cards: Iterable[Card], style: Style = "unicode") -> str:
    """Write cards separated by single spaces in ``style``."""
    return " ".join(card.text(style) for card in cards)


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """Which cards make a deck: the ranks of every suit and the number of jokers.

    >>> len(DeckSpec.named("32").cards())
    32
    >>> DeckSpec.named("52").without(Rank.TWO, Rank.THREE).size
    44
    """

    ranks: tuple[Rank, ...]
    jokers: int = 0

    @classmethod
    def named(cls, name: str) -> DeckSpec:
        """A deck preset by name: ``32``, ``36``, ``52``, ``53`` (one joker) or ``54`` (two)."""
        try:
            return DECKS[name]
        except KeyError:
            known = ", ".join(DECKS)
            raise CardParseError(f"unknown deck {name!r}; known decks: {known}") from None

    def without(self, *ranks: Rank) -> DeckSpec:
        """The same deck stripped of ``ranks`` (as in poker played without twos and threes)."""
        return DeckSpec(tuple(rank for rank in self.ranks if rank not in ranks), self.jokers)

    @property
    def size(self) -> int:
        """The number of cards in the deck."""
        return 4 * len(self.ranks) + self.jokers

    def cards(self) -> tuple[Card, ...]:
        """The deck's cards in a fixed order: suit by suit, ranks ascending, jokers last."""
        return _deck_cards(self.ranks, self.jokers)


@cache
def _deck_cards(ranks: tuple[Rank, ...], jokers: int) -> tuple[Card, ...]:
    # Every deal asks for its deck: making its cards once keeps a poker deal's start cheap.
    suited = [Card(rank, suit) for suit in Suit for rank in ranks]
    return tuple(suited) + tuple(Card.joker(n) for n in range(1, jokers + 1))


def _ranks_from(low: Rank) -> tuple[Rank, ...]:
    return tuple(Rank(n) for n in range(low, Rank.ACE + 1))


DECKS: dict[str, DeckSpec] = {
    "32": DeckSpec(_ranks_from(Rank.SEVEN)),
    "36": DeckSpec(_ranks_from(Rank.SIX)),
    "52": DeckSpec(_ranks_from(Rank.TWO)),
    "53": DeckSpec(_ranks_from(Rank.TWO), jokers=1),
    "54": DeckSpec(_ranks_from(Rank.TWO), jokers=2),
}
"""The named deck presets: 32 (piquet, preferans), 36, 52, and 52 with one or two jokers."""
