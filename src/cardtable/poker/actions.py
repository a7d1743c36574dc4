"""The table's actions and their one canonical text.

``fold``, ``check``, ``call``, ``bet 20``, ``raise to 40``, ``all-in``,
``freeze``, ``straddle``, ``no straddle``, ``declare high``, ``discard 7♥ 8♣``, ``stand pat``.

Amounts are whole chips. ``bet N`` opens a round with N chips; ``raise to T`` makes the
raiser's total for the round T (the increment is T less the bet he raises). The Russian words
of the seed are read too: "пас" is a check where checking is allowed ("В играх, где разрешен
пропуск хода, игрок, говорящий «Пас», считается пропускающим ход", 002_053e85955f9a4108.txt,
Круги ставок), and "пас и вышел" / "выхожу" is a fold.

>>> action_text(parse_action("Raise 40"))
'raise to 40'
>>> action_text(parse_action("выхожу"))
'fold'
>>> action_text(parse_action("declare both"))
'declare both'
>>> action_text(parse_action("discard 7h 8c")), action_text(parse_action("stand pat"))
('discard 7♥ 8♣', 'stand pat')
>>> parse_action("bet forty")
Traceback (most recent call last):
...
cardtable.errors.IllegalAction: not a poker action: 'bet forty'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from cardtable.cards import Card, cards_text, parse_cards
from cardtable.errors import CardtableError, IllegalAction


class Side(StrEnum):
    """A high-low declaration: the half of the pot a player goes for."""

    HIGH = "high"
    LOW = "low"
    BOTH = "both"


@dataclass(frozen=True)
class Fold:
    """Throw in the hand and every chip already put in (сбросить карты, «пас и вышел»)."""


@dataclass(frozen=True)
class Check:
    """Stay without betting where nothing is owed (пропуск хода)."""


@dataclass(frozen=True)
class Call:
    """Put in exactly what the highest bettor has (остаться, «добавить в банк ту же сумму»)."""


@dataclass(frozen=True)
class Bet:
    """Open the round's betting with ``amount`` chips (открыть ставки)."""

    amount: int


@dataclass(frozen=True)
class RaiseTo:
    """Raise so that the player's bets in this round total ``total`` chips (поднять ставку)."""

    total: int


@dataclass(frozen=True)
class AllIn:
    """Put in every chip on the table before the player (table stakes, freeze-out)."""


@dataclass(frozen=True)
class Freeze:
    """Call and add the agreed freeze amount; then the others only call or fold (заморозить)."""


@dataclass(frozen=True)
class Straddle:
    """A voluntary blind bet double the last, before the cards are seen (ставка втемную)."""


@dataclass(frozen=True)
class NoStraddle:
    """Decline the voluntary blind bet."""


@dataclass(frozen=True)
class Declare:
    """Declare for the high half, the low half or both (Покер «Больше-меньше», Заявка)."""

    side: Side


@dataclass(frozen=True)
class Discard:
    """Throw away these cards face down and draw as many (досдача); none is standing pat."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Expose:
    """Turn one of one's down cards face up (double-barrel shotgun, Mexican stud)."""

    card: Card


@dataclass(frozen=True)
class NameWild:
    """Name one of one's hole cards (and so its rank) wild for oneself (seven-card stud)."""

    card: Card


TableAction = (
    Fold
    | Check
    | Call
    | Bet
    | RaiseTo
    | AllIn
    | Freeze
    | Straddle
    | NoStraddle
    | Declare
    | Discard
    | Expose
    | NameWild
)
"""Any action at the poker table."""

_WORDS: dict[str, TableAction] = {
    "fold": Fold(),
    "пас и вышел": Fold(),
    "выхожу": Fold(),
    "сброс": Fold(),
    "time out": Fold(),
    "check": Check(),
    "пас": Check(),
    "пропуск": Check(),
    "call": Call(),
    "остаюсь": Call(),
    "уравниваю": Call(),
    "all-in": AllIn(),
    "allin": AllIn(),
    "all in": AllIn(),
    "ва-банк": AllIn(),
    "freeze": Freeze(),
    "замораживаю": Freeze(),
    "straddle": Straddle(),
    "no straddle": NoStraddle(),
    "stand pat": Discard(()),
    "остаюсь при своих": Discard(()),
}
_SIDES = {
    "high": Side.HIGH,
    "low": Side.LOW,
    "both": Side.BOTH,
    "старший": Side.HIGH,
    "младший": Side.LOW,
    "оба": Side.BOTH,
    "red": Side.HIGH,
    "white": Side.LOW,
    "blue": Side.BOTH,
}
_BET = re.compile(r"(?:bet|ставлю)\s+(\d+)")
_RAISE = re.compile(r"(?:raise|поднимаю)(?:\s+(?:to|до))?\s+(\d+)")
_DECLARE = re.compile(r"(?:declare|заявляю)\s+(\S+)")
_DISCARD = re.compile(r"(?:discard|сбрасываю)\s+(.+)")
_EXPOSE = re.compile(r"(?:expose|открываю)\s+(.+)")
_WILD = re.compile(r"(?:wild|козырь)\s+(.+)")


def parse_action(text: str) -> TableAction:
    """Read an action in any spelling a player types; raise ``IllegalAction`` if unreadable."""
    words = " ".join(text.strip().lower().split())
    if words in _WORDS:
        return _WORDS[words]
    if match := _BET.fullmatch(words):
        return Bet(int(match.group(1)))
    if match := _RAISE.fullmatch(words):
        return RaiseTo(int(match.group(1)))
    if (match := _DECLARE.fullmatch(words)) and match.group(1) in _SIDES:
        return Declare(_SIDES[match.group(1)])
    if match := _DISCARD.fullmatch(words):
        try:
            return Discard(parse_cards(text.strip().split(None, 1)[1]))
        except CardtableError:
            pass
    for pattern, kind in ((_EXPOSE, Expose), (_WILD, NameWild)):
        if pattern.fullmatch(words):
            try:
                cards = parse_cards(text.strip().split(None, 1)[1])
            except CardtableError:
                cards = ()
            if len(cards) == 1:
                return kind(cards[0])
    raise IllegalAction(f"not a poker action: {text!r}")


def action_text(action: TableAction) -> str:
    """The canonical text of ``action``, which :func:`parse_action` reads back."""
    match action:
        case Bet(amount):
            return f"bet {amount}"
        case RaiseTo(total):
            return f"raise to {total}"
        case Declare(side):
            return f"declare {side.value}"
        case Discard(cards):
            return f"discard {cards_text(cards)}" if cards else "stand pat"
        case Expose(card):
            return f"expose {card.text()}"
        case NameWild(card):
            return f"wild {card.text()}"
    return _CANONICAL[type(action)]


_CANONICAL: dict[type, str] = {
    Fold: "fold",
    Check: "check",
    Call: "call",
    AllIn: "all-in",
    Freeze: "freeze",
    Straddle: "straddle",
    NoStraddle: "no straddle",
}
