"""The actions of a piquet deal, their canonical text and the spellings players type.

Canonical texts: ``discard 7♥ 8♣ 9♦``, ``refuse talon``, ``declare point 5``,
``look``, ``no look``, ``declare sequence 4``, ``declare fourteen A``, ``declare trio K``,
``sink``, ``good``, ``not good``, ``equal``, ``demand``, ``trust``, ``correct``, ``capot``
and ``play K♥``; under the ``irregularities`` option also ``deal``, ``misdeal exposed seat 1``,
``misdeal exposed talon``, ``misdeal extra seat 1`` (``misdeal thirteen seat 1``),
``misdeal short seat 1``, ``redeal``, ``accept deal`` and ``take 3``. Russian spellings are
read too: ``сношу 7♥ 8♣ 9♦``, ``отказываюсь``, ``смотрю``, ``не смотрю``, ``карт 5``,
``кварта``, ``четырнадцать Т``, ``три К``, ``топлю``, ``годится``, ``не годится``,
``равны``, ``покажите``, ``верю``, ``исправляю``, ``капот``, ``хожу К♥``, ``сдаю``,
``пересдача``, ``принимаю``, ``беру 3``.

>>> parse_action("не годится")
Answer(word='not good')
>>> action_text(parse_action("квинта"))
'declare sequence 5'
>>> action_text(parse_action("сношу 8♣ 7♥"))
'discard 8♣ 7♥'
>>> action_text(parse_action("misdeal thirteen seat 1"))
'misdeal extra seat 1'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardtable.cards import (
    Card,
    Rank,
    Suit,
    by_index,
    parse_card,
    parse_move_card,
    parse_move_cards,
)
from cardtable.engine.claims import ClaimRest, GrantRest, claim_text, parse_claim
from cardtable.engine.reading import whole_number
from cardtable.errors import (
    ActionParseError,
    CardParseError,
    IllegalAction,
    reading_move,
    said_as,
)

AnswerWord = Literal["good", "not good", "equal"]
DeclareKind = Literal["point", "sequence", "fourteen", "trio"]
MisdealKind = Literal["exposed", "extra", "short"]


@dataclass(frozen=True)
class Discard:
    """Discard these cards and take as many from the talon (rules 7–9)."""

    cards: tuple[Card, ...]
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A deal lists well over a thousand discards: a cached hash keeps sets of them cheap.
        object.__setattr__(self, "_hash", hash(sum(1 << card.index for card in self.cards)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True)
class Refuse:
    """Refuse the talon (rule 10)."""


@dataclass(frozen=True)
class Look:
    """Look at the talon cards left over, or decline to (rule 11)."""

    look: bool = True


@dataclass(frozen=True)
class Demand:
    """Demand to see the cards of the declaration just counted, or trust it (rule 23)."""

    demand: bool = True


@dataclass(frozen=True)
class Declare:
    """Call a point of ``count`` cards, a sequence of ``count``, or a set of ``rank``."""

    kind: DeclareKind
    count: int
    rank: Rank | None = None


@dataclass(frozen=True)
class Sink:
    """Call nothing in the present category (rules 20, 34)."""


@dataclass(frozen=True)
class Answer:
    """Answer the standing call: good, not good, or equal (rule 20)."""

    word: AnswerWord


@dataclass(frozen=True)
class Correct:
    """Withdraw one's false declarations before the first lead (rule 33)."""


@dataclass(frozen=True)
class AnnounceCapot:
    """Announce before the first lead that one will take every trick (rule 38)."""


@dataclass(frozen=True)
class Play:
    """Lead or follow with a card (rules 30–35)."""

    card: Card


@dataclass(frozen=True)
class DealCards:
    """Deal the cards as they should be dealt (under the ``irregularities`` option)."""


@dataclass(frozen=True)
class Misdeal:
    """A dealing error (rules 6, 12): a card exposed, or a card too many or too few to ``seat``.

    ``seat`` is ``None`` for a card of the talon exposed.
    """

    kind: MisdealKind
    seat: int | None


@dataclass(frozen=True)
class Redeal:
    """After a misdeal, have the cards dealt again, or accept the deal (rules 6, 12)."""

    redeal: bool = True


@dataclass(frozen=True)
class Take:
    """Take ``count`` cards from the talon after a discard too short (rules 15–17)."""

    count: int


PiquetAction = (
    Discard
    | Refuse
    | Look
    | Demand
    | Declare
    | Sink
    | Answer
    | Correct
    | AnnounceCapot
    | Play
    | DealCards
    | Misdeal
    | Redeal
    | Take
    | ClaimRest
    | GrantRest
)
"""Any action of a piquet deal (a claim of the remaining tricks and its grant among them)."""

SEQUENCE_WORDS = {
    "tierce": 3,
    "quart": 4,
    "quint": 5,
    "sixieme": 6,
    "sixième": 6,
    "septieme": 7,
    "septième": 7,
    "huitieme": 8,
    "huitième": 8,
    "терц": 3,
    "терция": 3,
    "кварт": 4,
    "кварта": 4,
    "квинта": 5,
}
WORDS: dict[str, PiquetAction] = {
    "refuse talon": Refuse(),
    "refuse": Refuse(),
    "отказываюсь": Refuse(),
    "отказ": Refuse(),
    "sink": Sink(),
    "топлю": Sink(),
    "нет": Sink(),
    "good": Answer("good"),
    "годится": Answer("good"),
    "годятся": Answer("good"),
    "not good": Answer("not good"),
    "не годится": Answer("not good"),
    "не годятся": Answer("not good"),
    "equal": Answer("equal"),
    "равны": Answer("equal"),
    "correct": Correct(),
    "исправляю": Correct(),
    "capot": AnnounceCapot(),
    "капот": AnnounceCapot(),
    "look": Look(),
    "смотрю": Look(),
    "no look": Look(look=False),
    "не смотрю": Look(look=False),
    "demand": Demand(),
    "покажите": Demand(),
    "trust": Demand(demand=False),
    "верю": Demand(demand=False),
    "deal": DealCards(),
    "сдаю": DealCards(),
    "redeal": Redeal(),
    "пересдача": Redeal(),
    "пересдать": Redeal(),
    "accept deal": Redeal(redeal=False),
    "принимаю": Redeal(redeal=False),
    "misdeal exposed talon": Misdeal("exposed", None),
}
_MISDEAL_WORDS: dict[str, MisdealKind] = {
    "exposed": "exposed",
    "extra": "extra",
    "thirteen": "extra",
    "short": "short",
}
_RUSSIAN_SETS = {"четырнадцать": "fourteen", "три": "trio"}


def discard(cards: tuple[Card, ...] | list[Card]) -> Discard:
    """A discard with its cards in the canonical order."""
    return Discard(tuple(sorted(cards, key=by_index)))


def action_text(action: PiquetAction) -> str:
    """The canonical text of ``action``."""
    match action:
        case Discard(cards):
            return "discard " + " ".join(card.text() for card in cards)
        case Refuse():
            return "refuse talon"
        case Look(look):
            return "look" if look else "no look"
        case Demand(demand):
            return "demand" if demand else "trust"
        case Declare(kind, count, rank):
            if kind in ("fourteen", "trio"):
                assert rank is not None
                return f"declare {kind} {rank.text()}"
            return f"declare {kind} {count}"
        case Sink():
            return "sink"
        case Answer(word):
            return word
        case Correct():
            return "correct"
        case AnnounceCapot():
            return "capot"
        case Play(card):
            return f"play {card.text()}"
        case DealCards():
            return "deal"
        case Misdeal(kind, seat):
            return f"misdeal {kind} " + ("talon" if seat is None else f"seat {seat}")
        case Redeal(redeal):
            return "redeal" if redeal else "accept deal"
        case Take(count):
            return f"take {count}"
        case ClaimRest() | GrantRest():
            return claim_text(action)
    raise IllegalAction(f"not a piquet action: {action!r}")


MOVES = (
    "discard CARDS, refuse, look, no look, point N, sequence N, fourteen RANK, trio RANK, "
    "sink, good, not good, equal, demand, trust, correct, capot, play CARD; "
    "with irregularities also deal, misdeal, redeal, accept deal, take N"
)
"""The moves a player types, short, for the error that meets a word piquet does not know."""

_DISCARD_VERBS = ("discard", "сношу", "снос")
_PLAY_VERBS = ("play", "хожу", "хожу:")
_TAKE_VERBS = ("take", "беру")
_DECLARE_VERBS = ("declare", "объявляю")
_POINT_WORDS = ("point", "карт", "карты")
_SEQUENCE_HEADS = ("sequence", "последовательность")
_SET_WORDS = {"fourteen": "fourteen", "trio": "trio", **_RUSSIAN_SETS}
_DECLARATION_HEADS = {*_POINT_WORDS, *_SEQUENCE_HEADS, *SEQUENCE_WORDS, *_SET_WORDS}
_MISDEAL_FORMS = "misdeal exposed|extra|short seat N, or misdeal exposed talon"


def parse_action(text: str) -> PiquetAction:
    """Read a piquet action in any spelling listed in the module's docstring.

    Text that is no action raises :class:`ActionParseError` naming what is wrong:

    >>> parse_action("sink now")
    Traceback (most recent call last):
    ...
    cardtable.errors.ActionParseError: cannot read 'sink now': sink is said alone
    """
    raw = " ".join(text.strip().split())
    lowered = raw.casefold()
    if lowered in WORDS:
        return WORDS[lowered]
    claim = parse_claim(lowered)
    if claim is not None:
        return claim
    with reading_move(raw):
        return _parse_verb(raw, lowered)


def _parse_verb(raw: str, lowered: str) -> PiquetAction:
    if not raw:
        raise ActionParseError(f"no move is given; moves: {MOVES}")
    verb, _, rest = raw.partition(" ")
    head = verb.casefold()
    words = lowered.split(" ")
    if head in _DISCARD_VERBS:
        if not rest:
            raise ActionParseError(f"{verb} is followed by cards, as in '{verb} 7♥ 8♣'")
        return discard(list(parse_move_cards(rest)))
    if head in _PLAY_VERBS:
        return Play(parse_move_card(verb, rest))
    if head in _TAKE_VERBS:
        return Take(_number(verb, rest, f"a number of cards, as in '{verb} 3'"))
    if head == "misdeal":
        return _parse_misdeal(words[1:])
    if head in _DECLARE_VERBS:
        return _parse_declaration(verb, words[1:])
    if head in _DECLARATION_HEADS:
        return _parse_declaration(verb, words)
    said = said_as(head, WORDS)
    if said is not None:
        raise ActionParseError(said)
    if not rest:
        try:
            return Play(parse_card(raw))
        except CardParseError:
            if any(suit.symbol in raw for suit in Suit):
                raise
    raise ActionParseError(f"{verb!r} is not a piquet move; moves: {MOVES}")


def _number(verb: str, rest: str, expects: str) -> int:
    """The whole number that follows ``verb``; anything else names what ``verb`` expects."""
    number = whole_number(rest)
    if number is None:
        raise ActionParseError(f"{verb} is followed by {expects}")
    return number


def _parse_misdeal(words: list[str]) -> Misdeal:
    seat = whole_number(words[2]) if len(words) == 3 else None
    if seat is not None and words[0] in _MISDEAL_WORDS and words[1] == "seat":
        return Misdeal(_MISDEAL_WORDS[words[0]], seat)
    raise ActionParseError(f"a misdeal is called as {_MISDEAL_FORMS}")


def _parse_declaration(verb: str, words: list[str]) -> PiquetAction:
    if not words:
        raise ActionParseError(
            f"{verb} is followed by point N, sequence N, fourteen RANK or trio RANK"
        )
    head, rest = words[0], " ".join(words[1:])
    if head in _POINT_WORDS:
        return Declare("point", _number(head, rest, f"a number of cards, as in '{head} 5'"))
    if head in _SEQUENCE_HEADS:
        return Declare("sequence", _number(head, rest, f"a number of cards, as in '{head} 4'"))
    if head in SEQUENCE_WORDS:
        if rest:
            raise ActionParseError(f"{head} is said alone")
        return Declare("sequence", SEQUENCE_WORDS[head])
    kind = _SET_WORDS.get(head)
    if kind is None:
        raise ActionParseError(
            f"{head!r} is not a declaration: declare point N, sequence N, fourteen RANK "
            "or trio RANK"
        )
    if len(words) != 2:
        raise ActionParseError(f"{head} is followed by a rank, as in '{head} A'")
    try:
        rank = parse_card(words[1].upper() + "♠").rank
    except CardParseError:
        raise ActionParseError(f"{words[1].upper()!r} is not a rank, as in '{head} A'") from None
    if kind == "fourteen":
        return Declare("fourteen", 4, rank)
    return Declare("trio", 3, rank)
