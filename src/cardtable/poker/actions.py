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
>>> parse_action("raise to lots")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.errors.ActionParseError: cannot read 'raise to lots': raise is followed by a whole ...
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cardtable.cards import Card, cards_text, parse_cards, parse_move_card, parse_move_cards
from cardtable.errors import ActionParseError, IllegalAction, reading_move, said_as


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
_AMOUNT_VERBS = {"bet": "bet", "ставлю": "bet", "raise": "raise", "поднимаю": "raise"}
_DECLARE_VERBS = ("declare", "заявляю")
_DISCARD_VERBS = ("discard", "сбрасываю")
_EXPOSE_VERBS = ("expose", "открываю")
_WILD_VERBS = ("wild", "козырь")
MOVES = (
    "fold, check, call, bet N, raise to N, all-in, freeze, straddle, no straddle, "
    "declare high|low|both, discard CARDS, stand pat, expose CARD, wild CARD"
)
"""The moves a player types, short, for the error that meets a word poker does not know."""


def parse_action(text: str) -> TableAction:
    """Read an action in any spelling a player types; raise ``ActionParseError`` if unreadable.

    The error names what is wrong: the verb and what it expects, the card that is not one,
    or, for a word the table does not know, the moves it does.
    """
    raw = " ".join(text.strip().split())
    words = raw.lower()
    if words in _WORDS:
        return _WORDS[words]
    with reading_move(raw):
        return _parse_verb(raw, words.split(" "))


def _parse_verb(raw: str, words: list[str]) -> TableAction:
    if not raw:
        raise ActionParseError(f"no move is given; moves: {MOVES}")
    verb, _, rest = raw.partition(" ")
    head = words[0]
    if head in _AMOUNT_VERBS:
        amount = words[2:] if len(words) > 2 and words[1] in ("to", "до") else words[1:]
        if len(amount) != 1 or not amount[0].isdigit():
            example = "raise to 40" if _AMOUNT_VERBS[head] == "raise" else "bet 20"
            raise ActionParseError(
                f"{verb} is followed by a whole number of chips, as in '{example}'"
            )
        if _AMOUNT_VERBS[head] == "raise":
            return RaiseTo(int(amount[0]))
        return Bet(int(amount[0]))
    if head in _DECLARE_VERBS:
        if len(words) != 2 or words[1] not in _SIDES:
            raise ActionParseError(f"{verb} is followed by high, low or both")
        return Declare(_SIDES[words[1]])
    if head in _DISCARD_VERBS:
        if not rest:
            raise ActionParseError(
                f"{verb} is followed by cards, as in '{verb} 7♥ 8♣' ('stand pat' keeps them all)"
            )
        return Discard(parse_move_cards(rest))
    if head in _EXPOSE_VERBS:
        return Expose(parse_move_card(verb, rest))
    if head in _WILD_VERBS:
        return NameWild(parse_move_card(verb, rest))
    said = said_as(head, _WORDS)
    if said is not None:
        raise ActionParseError(said)
    raise ActionParseError(f"{verb!r} is not a poker move; moves: {MOVES}")


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


# ----------------------------------------------------------------- between deals


@dataclass(frozen=True)
class Buy:
    """``buy NAME N``: the banker sells a player ``chips`` more chips (Ставочные фишки)."""

    name: str
    chips: int


@dataclass(frozen=True)
class Sell:
    """``sell NAME N``: a player sells ``chips`` chips back to the banker."""

    name: str
    chips: int


@dataclass(frozen=True)
class Hour:
    """``hour``: the house takes its hourly charge from the players present."""


@dataclass(frozen=True)
class TimeUp:
    """``time-up``: the agreed end of the session has come (Продолжительность игры)."""


@dataclass(frozen=True)
class Join:
    """``join NAME [CARDS]``: a player sits down and buys the stake.

    Seated by cards, ``cards`` are those dealt face up to the players for his seat (none
    written: they are dealt from the deck the last deal's seed shuffles).
    """

    name: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Leave:
    """``leave NAME``: a player leaves and sells his chips back."""

    name: str


@dataclass(frozen=True)
class SeatByCards:
    """``seat CARDS``: the cards the first dealer dealt face up to the others, from his left."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class FirstDealer:
    """``first-dealer CARDS``: cards dealt face up from the first chair until a jack."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ChooseOwn:
    """``choose-own JSON``: the dealer's own variant, as the JSON of ``[rules.variant]``."""

    variant_json: str


@dataclass(frozen=True)
class DealerChoice:
    """The game a dealer names: the variant and its wild cards, never the limits or deck."""

    variant: str
    wild: str = ""

    @classmethod
    def parse(cls, text: str) -> DealerChoice:
        """Read ``choose VARIANT`` or ``choose VARIANT wild CARDS``.

        >>> DealerChoice.parse("choose seven-card-stud wild 2♠ 2♣")
        DealerChoice(variant='seven-card-stud', wild='2♠ 2♣')
        >>> DealerChoice.parse("choose draw limit 10")
        Traceback (most recent call last):
        ...
        cardtable.errors.IllegalAction: the dealer may not change the limits or the deck
        """
        words = text.split()
        if len(words) < 2 or words[0] != "choose":
            raise IllegalAction(f"not a dealer's choice: {text!r}")
        if any(word in ("limit", "limits", "deck") for word in words):
            raise IllegalAction("the dealer may not change the limits or the deck")
        if len(words) > 2 and words[2] != "wild":
            raise IllegalAction(f"not a dealer's choice: {text!r}")
        return cls(words[1], " ".join(words[3:]))

    def text(self) -> str:
        """The canonical text, read back by :meth:`parse`."""
        return f"choose {self.variant}" + (f" wild {self.wild}" if self.wild else "")


BetweenMove = (
    Buy | Sell | Hour | TimeUp | Join | Leave | SeatByCards | FirstDealer | DealerChoice | ChooseOwn
)
"""Any move of a poker session between deals."""


def parse_between(text: str) -> BetweenMove:
    """Read a move between deals; raise ``IllegalAction`` naming what is wrong.

    >>> parse_between("buy ann 50")
    Buy(name='ann', chips=50)
    >>> between_text(parse_between("join bob 2h 9c"))
    'join bob 2♥ 9♣'
    >>> parse_between("sit down")
    Traceback (most recent call last):
    ...
    cardtable.errors.IllegalAction: not a move between deals: 'sit down'
    """
    words = text.split()
    head = words[0] if words else ""
    rest = text.split(None, 1)[1] if len(words) > 1 else ""
    if len(words) == 3 and head in ("buy", "sell") and words[2].isdigit():
        return (Buy if head == "buy" else Sell)(words[1], int(words[2]))
    if words in (["time-up"], ["hour"]):
        return TimeUp() if head == "time-up" else Hour()
    if len(words) >= 2 and head == "join":
        return Join(words[1], tuple(parse_cards(" ".join(words[2:]))))
    if len(words) == 2 and head == "leave":
        return Leave(words[1])
    if head == "seat":
        return SeatByCards(tuple(parse_cards(" ".join(words[1:]))))
    if head == "first-dealer":
        return FirstDealer(tuple(parse_cards(rest)))
    if head == "choose-own":
        return ChooseOwn(rest)
    if head == "choose":
        return DealerChoice.parse(text)
    raise IllegalAction(f"not a move between deals: {text!r}")


def between_text(move: BetweenMove) -> str:
    """The canonical text of a move between deals, which :func:`parse_between` reads back."""
    match move:
        case Buy(name, chips):
            return f"buy {name} {chips}"
        case Sell(name, chips):
            return f"sell {name} {chips}"
        case Hour():
            return "hour"
        case TimeUp():
            return "time-up"
        case Join(name, cards):
            return f"join {name} {cards_text(cards)}" if cards else f"join {name}"
        case Leave(name):
            return f"leave {name}"
        case SeatByCards(cards):
            return f"seat {cards_text(cards)}"
        case FirstDealer(cards):
            return f"first-dealer {cards_text(cards)}"
        case ChooseOwn(variant_json):
            return f"choose-own {variant_json}"
    return move.text()
