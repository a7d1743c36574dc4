"""Preferans actions and their notation: one canonical text each, and the spellings players use.

>>> action_text(parse_action("Раз"))
'6♠'
>>> action_text(parse_action("9 без прикупа"))
'9 without talon'
>>> action_text(parse_action("снос 8♣ 7♥"))
'discard 8♣ 7♥'
>>> action_text(parse_action("ход К♥"))
'play K♥'
>>> parse_action("Трефы мои") is Say.HOLD
True
>>> action_text(parse_action("пересдача: открыта карта"))
'misdeal exposed'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Literal, get_args

from cardtable.cards import Card, cards_text, parse_card, parse_cards
from cardtable.errors import CardtableError, IllegalAction
from cardtable.preferans.contracts import Contract, Strain, contract_text, parse_contract
from cardtable.preferans.tricks import card_order


class Say(Enum):
    """The calls that carry no card or contract."""

    PASS = "pass"
    HOLD = "mine"
    WHIST = "whist"
    HALF_WHIST = "half-whist"
    OPEN = "open"
    CLOSED = "closed"
    CLAIM = "claim"
    AGREE = "agree"
    REFUSE = "refuse"


@dataclass(frozen=True)
class Bid:
    """A bid in the auction (``6♠``, ``misère``), or, the talon taken, the contract named."""

    contract: Contract


@dataclass(frozen=True)
class WithoutTalon:
    """A bid to play ``level`` tricks without taking the talon (rule 17: 9 and 10 без прикупа)."""

    level: int


@dataclass(frozen=True)
class Discard:
    """The declarer's two cards laid aside face down (rule 21)."""

    cards: frozenset[Card]


@dataclass(frozen=True)
class Play:
    """One card played to a trick."""

    card: Card


MisdealKind = Literal["exposed", "count", "turn"]
"""Rule 12's three irregularities: a card exposed in the deal, a wrong card count, a deal out
of turn."""
MISDEAL_KINDS: tuple[MisdealKind, ...] = get_args(MisdealKind)


@dataclass(frozen=True)
class Misdeal:
    """A claim that the deal was irregular (rule 12), which voids it for a redeal."""

    kind: MisdealKind


Action = Say | Bid | WithoutTalon | Discard | Play | Misdeal
"""Every preferans action."""

_SAY_WORDS: dict[str, Say] = {
    "pass": Say.PASS,
    "пас": Say.PASS,
    "mine": Say.HOLD,
    "hold": Say.HOLD,
    "here": Say.HOLD,
    "мои": Say.HOLD,
    "здесь": Say.HOLD,
    "whist": Say.WHIST,
    "вист": Say.WHIST,
    "half-whist": Say.HALF_WHIST,
    "half whist": Say.HALF_WHIST,
    "полвиста": Say.HALF_WHIST,
    "open": Say.OPEN,
    "в светлую": Say.OPEN,
    "в открытую": Say.OPEN,
    "открыто": Say.OPEN,
    "closed": Say.CLOSED,
    "втемную": Say.CLOSED,
    "в темную": Say.CLOSED,
    "в закрытую": Say.CLOSED,
    "закрыто": Say.CLOSED,
    "claim": Say.CLAIM,
    "без игры": Say.CLAIM,
    "agree": Say.AGREE,
    "согласен": Say.AGREE,
    "refuse": Say.REFUSE,
    "играем": Say.REFUSE,
}
_SIX_WORDS: dict[str, Strain] = {
    "раз": Strain.SPADES,
    "пики": Strain.SPADES,
    "первые": Strain.SPADES,
    "два": Strain.CLUBS,
    "трефы": Strain.CLUBS,
    "вторые": Strain.CLUBS,
    "три": Strain.DIAMONDS,
    "бубны": Strain.DIAMONDS,
    "третьи": Strain.DIAMONDS,
    "четыре": Strain.HEARTS,
    "червы": Strain.HEARTS,
    "четвертые": Strain.HEARTS,
}
_MISDEAL = re.compile(r"(?:misdeal|пересдача)[:,]?\s+(.+)")
_MISDEAL_WORDS: dict[str, MisdealKind] = {
    "exposed": "exposed",
    "открыта карта": "exposed",
    "открытая карта": "exposed",
    "count": "count",
    "лишняя карта": "count",
    "число карт": "count",
    "turn": "turn",
    "не в очередь": "turn",
}
_WITHOUT_TALON = re.compile(r"(10|[6-9])\s*(?:without talon|без прикупа|б/п|wt)")
_DISCARD = re.compile(r"(?:discard|снос|сброс)\s+(.+)", re.IGNORECASE)
_PLAY = re.compile(r"(?:play|ход)\s+(.+)", re.IGNORECASE)


def parse_action(text: str) -> Action:
    """Read an action in any spelling: ``6♠ раз pass пас mine мои здесь whist discard 7♥ 8♣``.

    Rule 12's claims read ``misdeal exposed|count|turn`` or ``пересдача`` with ``открыта
    карта``, ``лишняя карта`` or ``не в очередь``.
    """
    word = " ".join(text.strip().casefold().split())
    if word in _SAY_WORDS:
        return _SAY_WORDS[word]
    if word.endswith(" мои") or word.endswith(" mine"):
        return Say.HOLD
    misdeal = _MISDEAL.fullmatch(word)
    if misdeal:
        if misdeal.group(1) not in _MISDEAL_WORDS:
            raise IllegalAction(f"a misdeal is 'exposed', 'count' or 'turn', not {text!r}")
        return Misdeal(_MISDEAL_WORDS[misdeal.group(1)])
    if word in _SIX_WORDS:
        return Bid(Contract(6, _SIX_WORDS[word]))
    talonless = _WITHOUT_TALON.fullmatch(word)
    if talonless:
        return WithoutTalon(int(talonless.group(1)))
    try:
        discard = _DISCARD.fullmatch(text.strip())
        if discard:
            cards = parse_cards(discard.group(1))
            if len(cards) != 2:
                raise IllegalAction(f"a discard is two cards, not {len(cards)}: {text!r}")
            return Discard(frozenset(cards))
        play = _PLAY.fullmatch(text.strip())
        if play:
            return Play(parse_card(play.group(1)))
        try:
            return Bid(parse_contract(text))
        except CardtableError:
            return Play(parse_card(text))
    except IllegalAction:
        raise
    except CardtableError:
        raise IllegalAction(f"not a preferans action: {text!r}") from None


def action_text(action: Action) -> str:
    """The canonical text: ``6♠``, ``misère``, ``9 without talon``, ``pass``, ``play K♥``."""
    if isinstance(action, Say):
        return action.value
    if isinstance(action, Bid):
        return contract_text(action.contract)
    if isinstance(action, WithoutTalon):
        return f"{action.level} without talon"
    if isinstance(action, Misdeal):
        return f"misdeal {action.kind}"
    if isinstance(action, Discard):
        return "discard " + cards_text(sorted(action.cards, key=card_order))
    return f"play {action.card}"
