"""Preferans contracts: the strains in their order, the contract ladder, and their notation.

Suits rank ♠ < ♣ < ♦ < ♥ ("первые, вторые, третьи, четвертые", 001_776ed664a35a376f.txt,
preferans rule 3) and no-trump above them (rule 17's ladder: ♠6, ♣6, ♢6, ♥6, 6 без козыря, …).
A contract is a number of tricks (6 to 10) in a strain, or misère (no tricks, rule 22).

>>> parse_contract("7♦") < parse_contract("7NT") < parse_contract("8♠")
True
>>> contract_text(parse_contract("10БК"))
'10NT'
>>> contract_text(parse_contract("мизер"))
'misère'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from cardtable.cards import Suit
from cardtable.engine.reading import whole_number
from cardtable.errors import CardtableError


class ContractError(CardtableError):
    """A contract written in a way no player writes it."""


class Strain(IntEnum):
    """Trumps of a contract, in the order of the bidding ladder: ♠ ♣ ♦ ♥, then no trumps."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMP = 4

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for no trumps."""
        return _STRAIN_SUITS[self]

    @property
    def text(self) -> str:
        """``♠ ♣ ♦ ♥`` or ``NT``."""
        suit = _STRAIN_SUITS[self]
        return "NT" if suit is None else suit.symbol

    @classmethod
    def of_suit(cls, suit: Suit) -> Strain:
        """The strain whose trumps are ``suit``."""
        return _SUIT_STRAINS[suit]


_STRAIN_SUITS: dict[Strain, Suit | None] = {
    Strain.SPADES: Suit.SPADES,
    Strain.CLUBS: Suit.CLUBS,
    Strain.DIAMONDS: Suit.DIAMONDS,
    Strain.HEARTS: Suit.HEARTS,
    Strain.NO_TRUMP: None,
}

_SUIT_STRAINS: dict[Suit, Strain] = {
    suit: strain for strain, suit in _STRAIN_SUITS.items() if suit is not None
}

MISERE_LEVEL = 0
"""The level a misère is written with: the declarer must take no trick."""


@dataclass(frozen=True, order=True, slots=True)
class Contract:
    """Tricks to take (6..10) in a strain, or misère (level 0, no strain).

    Contracts compare by the ladder of rule 21: level first, then strain. Misère sits
    outside that order; :func:`parse_contract` and the bidding decide where it is bid.
    """

    level: int
    strain: Strain | None

    def __post_init__(self) -> None:
        if self.is_misere:
            if self.strain is not None:
                raise ContractError("a misère has no trumps")
        elif not 6 <= self.level <= 10 or self.strain is None:
            raise ContractError(f"no contract of {self.level} tricks in {self.strain}")

    @property
    def is_misere(self) -> bool:
        """Whether this is a misère."""
        return self.level == MISERE_LEVEL

    @property
    def tricks(self) -> int:
        """The tricks the declarer must take (rule 22); a misère must take none."""
        return self.level

    @property
    def trump(self) -> Suit | None:
        """The trump suit, if any."""
        return None if self.strain is None else self.strain.suit


MISERE = Contract(MISERE_LEVEL, None)
"""The misère contract."""

_STRAIN_WORDS: dict[str, Strain] = {
    "♠": Strain.SPADES,
    "s": Strain.SPADES,
    "п": Strain.SPADES,
    "♣": Strain.CLUBS,
    "c": Strain.CLUBS,
    "т": Strain.CLUBS,
    "к": Strain.CLUBS,
    "♦": Strain.DIAMONDS,
    "♢": Strain.DIAMONDS,
    "d": Strain.DIAMONDS,
    "б": Strain.DIAMONDS,
    "♥": Strain.HEARTS,
    "♡": Strain.HEARTS,
    "h": Strain.HEARTS,
    "ч": Strain.HEARTS,
    "nt": Strain.NO_TRUMP,
    "бк": Strain.NO_TRUMP,
    "б/к": Strain.NO_TRUMP,
    "notrump": Strain.NO_TRUMP,
    "no trump": Strain.NO_TRUMP,
    # The suits as Russian players name them after a level, in each case and form they use.
    "пики": Strain.SPADES,
    "пик": Strain.SPADES,
    "трефы": Strain.CLUBS,
    "треф": Strain.CLUBS,
    "крести": Strain.CLUBS,
    "кресты": Strain.CLUBS,
    "крестей": Strain.CLUBS,
    "бубны": Strain.DIAMONDS,
    "бубен": Strain.DIAMONDS,
    "буби": Strain.DIAMONDS,
    "бубей": Strain.DIAMONDS,
    "червы": Strain.HEARTS,
    "червей": Strain.HEARTS,
    "черви": Strain.HEARTS,
    "без козыря": Strain.NO_TRUMP,
    "без козырей": Strain.NO_TRUMP,
    "бескозырка": Strain.NO_TRUMP,
}
_MISERE_WORDS = {"misère", "misere", "мизер", "m"}
_LEVEL_WORDS = {"шесть": "6", "семь": "7", "восемь": "8", "девять": "9", "десять": "10"}
_CONTRACT_RE = re.compile(r"(10|[6-9])\s*(.+)")
_LEVEL_RE = re.compile(r"[0-9]+")


def level_in_digits(text: str) -> str:
    """``text`` with a level said in words written in digits, as in «семь бубен».

    >>> level_in_digits("Девять без козыря"), level_in_digits("пас")
    ('9 без козыря', 'пас')
    """
    head, space, rest = text.partition(" ")
    digits = _LEVEL_WORDS.get(head.casefold())
    return f"{digits}{space}{rest}" if digits else text


def parse_contract(text: str) -> Contract:
    """Read ``6♠ 6S 6s 7♣ 8NT 10БК misère мизер`` and their spellings.

    Russian players' words read too: the level in digits or words, the suit in the forms said
    after it (``семь бубен``, ``шесть пик``, ``8 крестей``, ``девять без козыря``).
    """
    word = level_in_digits(text.strip()).casefold()
    if word in _MISERE_WORDS:
        return MISERE
    match = _CONTRACT_RE.fullmatch(word)
    strain = _STRAIN_WORDS.get(match.group(2).strip()) if match else None
    if match is None or strain is None:
        raise ContractError(_why_not_contract(text.strip()))
    return Contract(int(match.group(1)), strain)


def _why_not_contract(text: str) -> str:
    """Say what is wrong with ``text`` as a contract: its level, its strain, or everything.

    >>> _why_not_contract("6X")
    "'6X' is not a contract: 'X' is not a suit or NT"
    >>> _why_not_contract("семь")
    "'семь' is not a contract: a suit or NT follows the level, as in '7♠'"
    """
    written = level_in_digits(text)
    level = _LEVEL_RE.match(written)
    if level is None:
        return f"not a contract: {text!r}"
    strain = written[level.end() :].strip()
    number = whole_number(level.group())
    if number is None or not 6 <= number <= 10:
        reason = f"its level is 6 to 10, not {level.group()[:20]}"
    elif not strain:
        reason = f"a suit or NT follows the level, as in '{level.group()}♠'"
    else:
        reason = f"{strain!r} is not a suit or NT"
    return f"{text!r} is not a contract: {reason}"


def contract_text(contract: Contract) -> str:
    """``6♠``, ``10NT`` or ``misère``."""
    if contract.is_misere:
        return "misère"
    assert contract.strain is not None
    return f"{contract.level}{contract.strain.text}"


def ladder(top: int = 10) -> list[Contract]:
    """The suit and no-trump contracts from 6♠ to ``top``NT in bidding order (rule 17)."""
    return [Contract(level, strain) for level in range(6, top + 1) for strain in Strain]
