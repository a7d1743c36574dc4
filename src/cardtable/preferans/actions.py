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
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Literal, get_args

from cardtable.cards import Card, Suit, cards_text, parse_card, parse_move_card, parse_move_cards
from cardtable.engine.claims import ClaimRest, GrantRest, claim_text, parse_claim
from cardtable.errors import (
    ActionParseError,
    CardParseError,
    reading_move,
    said_as,
)
from cardtable.preferans.contracts import (
    Contract,
    ContractError,
    Strain,
    contract_text,
    level_in_digits,
    parse_contract,
)
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


def discard_of(pair: tuple[Card, Card]) -> Discard:
    """The discard of ``pair``, made once a pair: each discard lists the declarer's 66."""
    discard = _DISCARDS.get(pair)
    if discard is None:
        discard = _DISCARDS[pair] = Discard(frozenset(pair))
    return discard


_DISCARDS: dict[tuple[Card, Card], Discard] = {}
"""Each pair's discard, by the pair in the order the hand lists it (496 of a 32-card deck)."""


@dataclass(frozen=True)
class Play:
    """One card played to a trick."""

    card: Card


def play_of(card: Card) -> Play:
    """The move that plays ``card``, made once a card: the play lists them at every move."""
    play = _PLAYS.get(card.bit)
    if play is None or play.card is not card:
        play = _PLAYS[card.bit] = Play(card)
    return play


_PLAYS: dict[int, Play] = {}
"""Each card's play, by the card's bit."""


MisdealKind = Literal["exposed", "count", "turn"]
"""Rule 12's three irregularities: a card exposed in the deal, a wrong card count, a deal out
of turn."""
MISDEAL_KINDS: tuple[MisdealKind, ...] = get_args(MisdealKind)


@dataclass(frozen=True)
class Misdeal:
    """A claim that the deal was irregular (rule 12), which voids it for a redeal."""

    kind: MisdealKind


Action = Say | Bid | WithoutTalon | Discard | Play | Misdeal | ClaimRest | GrantRest
"""Every preferans action (a claim of the remaining tricks and its grant among them)."""

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
    "вистую": Say.WHIST,
    "пасую": Say.PASS,
    "half-whist": Say.HALF_WHIST,
    "half whist": Say.HALF_WHIST,
    "полвиста": Say.HALF_WHIST,
    "open": Say.OPEN,
    "в светлую": Say.OPEN,
    "в открытую": Say.OPEN,
    "открыто": Say.OPEN,
    "играю открыто": Say.OPEN,
    "играю в открытую": Say.OPEN,
    "играю в светлую": Say.OPEN,
    "closed": Say.CLOSED,
    "втемную": Say.CLOSED,
    "в темную": Say.CLOSED,
    "в закрытую": Say.CLOSED,
    "закрыто": Say.CLOSED,
    "играю втемную": Say.CLOSED,
    "играю в темную": Say.CLOSED,
    "играю закрыто": Say.CLOSED,
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
    "крести": Strain.CLUBS,
    "вторые": Strain.CLUBS,
    "три": Strain.DIAMONDS,
    "бубны": Strain.DIAMONDS,
    "буби": Strain.DIAMONDS,
    "третьи": Strain.DIAMONDS,
    "четыре": Strain.HEARTS,
    "червы": Strain.HEARTS,
    "черви": Strain.HEARTS,
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
_WITHOUT_TALON = re.compile(r"(\d*)\s*(without talon|без прикупа|б/п|wt)")
_DISCARD_VERBS = ("discard", "снос", "сброс")
_PLAY_VERBS = ("play", "ход")
_BID_VERBS = ("bid",)
MOVES = (
    "a bid (6♠, 7NT, misère, 9 without talon), pass, mine, whist, half-whist, open, closed, "
    "claim, agree, refuse, discard CARD CARD, play CARD, misdeal exposed|count|turn, "
    "rest SEAT, grant rest SEAT"
)
"""The moves a player types, short, for the error that meets a word preferans does not know."""


def parse_action(text: str) -> Action:
    """Read an action in any spelling: ``6♠ раз pass пас mine мои здесь whist discard 7♥ 8♣``.

    A bid may be written with ``bid`` before it (``bid 7♥``). Rule 12's claims read
    ``misdeal exposed|count|turn`` or ``пересдача`` with ``открыта карта``, ``лишняя карта``
    or ``не в очередь``. Text that is no action raises :class:`ActionParseError` naming what
    is wrong:

    >>> parse_action("bid 11♠")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.errors.ActionParseError: cannot read 'bid 11♠': ...level is 6 to 10, not 11
    """
    raw = " ".join(text.strip().split())
    word = raw.casefold()
    if word in _SAY_WORDS:
        return _SAY_WORDS[word]
    claim = parse_claim(word)
    if claim is not None:
        return claim
    if word.endswith(" мои") or word.endswith(" mine"):
        return Say.HOLD
    if word in _SIX_WORDS:
        return Bid(Contract(6, _SIX_WORDS[word]))
    with reading_move(raw):
        return _no_joker(_parse_verb(raw, word))


def _no_joker(action: Action) -> Action:
    """``action``, unless it names a joker, which rule 1's deck of 32 cards does not hold."""
    cards: Iterable[Card] = action.cards if isinstance(action, Discard) else ()
    if isinstance(action, Play):
        cards = (action.card,)
    if any(card.is_joker for card in cards):
        raise ActionParseError("a joker is no preferans card (the deck is 32 cards)")
    return action


def parse_typed(text: str, *, playing: bool) -> Action:
    """Read a move typed at the table, where ``playing`` says the cards are being played.

    ``9♠`` to ``10♥`` spell both a bid (rule 17's ladder) and a card. :func:`parse_action`,
    which reads records, takes them as the bid, records writing every card as ``play 9♠``;
    typed in the play they are the card, as ``A♠`` is:

    >>> parse_typed("9♠", playing=True), parse_typed("9♠", playing=False)
    (Play(card=Card('9♠')), Bid(contract=Contract(level=9, strain=<Strain.SPADES: 0>)))
    """
    action = parse_action(text)
    if playing and isinstance(action, Bid):
        try:
            return Play(parse_card(" ".join(text.split())))
        except CardParseError:
            return action
    return action


def _parse_verb(raw: str, word: str) -> Action:
    if not raw:
        raise ActionParseError(f"no move is given; moves: {MOVES}")
    verb, _, rest = raw.partition(" ")
    head = verb.casefold()
    misdeal = _MISDEAL.fullmatch(word)
    if misdeal or head.rstrip(":,") in ("misdeal", "пересдача"):
        if misdeal is None or misdeal.group(1) not in _MISDEAL_WORDS:
            raise ActionParseError("a misdeal is 'exposed', 'count' or 'turn'")
        return Misdeal(_MISDEAL_WORDS[misdeal.group(1)])
    talonless = _WITHOUT_TALON.fullmatch(level_in_digits(word))
    if talonless:
        level = talonless.group(1)
        if level not in ("6", "7", "8", "9", "10"):
            raise ActionParseError(
                f"{talonless.group(2)} follows a level from 6 to 10, as in '9 {talonless.group(2)}'"
            )
        return WithoutTalon(int(level))
    if head in _DISCARD_VERBS:
        if not rest:
            raise ActionParseError(f"{verb} is followed by two cards, as in '{verb} 7♥ 8♣'")
        cards = parse_move_cards(rest)
        if len(cards) != 2:
            raise ActionParseError(f"a discard is two cards, not {len(cards)}")
        return Discard(frozenset(cards))
    if head in _PLAY_VERBS:
        return Play(parse_move_card(verb, rest))
    if head in _BID_VERBS:
        if not rest:
            raise ActionParseError(f"{verb} is followed by a contract, as in '{verb} 6♠'")
        return Bid(parse_contract(rest))
    said = said_as(head, _SAY_WORDS)
    if said is not None:
        raise ActionParseError(said)
    leveled = level_in_digits(raw)[:1].isdigit()
    if leveled or not rest:
        try:
            return Bid(parse_contract(raw))
        except ContractError as error:
            not_a_bid = error
        try:
            return Play(parse_card(raw))
        except CardParseError:
            # A leading level means a bid was meant: say what is wrong with it as a bid.
            if leveled:
                raise not_a_bid from None
            if any(suit.symbol in raw for suit in Suit):
                raise
    raise ActionParseError(f"{verb!r} is not a preferans move; moves: {MOVES}")


def action_text(action: Action) -> str:
    """The canonical text: ``6♠``, ``misère``, ``9 without talon``, ``pass``, ``play K♥``."""
    text = _TEXTS.get(action)
    if text is None:
        text = _TEXTS[action] = _text_of(action)
    return text


_TEXTS: dict[Action, str] = {}
"""The text of each action written so far: views write every call of the auction each move,
and the actions are few (a deck's cards, the ladder, the discards of 32 cards)."""


def _text_of(action: Action) -> str:
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
    if isinstance(action, ClaimRest | GrantRest):
        return claim_text(action)
    return f"play {action.card}"
