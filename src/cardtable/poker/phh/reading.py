"""Reading PHH text into a :class:`~cardtable.poker.phh.hand.PhhHand`: one validating layer.

A pydantic model of the document bounds every list, amount and action; amounts are read
exactly, and the hand's chip is the finest decimal place any of its amounts uses.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints
from pydantic import ValidationError as PydanticError

from cardtable.cards import Card, Rank, Suit
from cardtable.engine.reading import parse_toml
from cardtable.errors import CardtableError, RecordError
from cardtable.poker.phh.hand import (
    MAX_ACTIONS,
    MAX_DIGITS,
    MAX_PLACES,
    MAX_PLAYERS,
    MAX_TEXT_BYTES,
    OPTIONAL_FIELDS,
    REQUIRED_FIELDS,
    PhhAction,
    PhhHand,
)

_RANKS = {char: rank for char, rank in zip("23456789TJQKA", list(Rank)[:13], strict=True)}


_SUITS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}


_VERBS = ("f", "cc", "cbr", "sd", "sm", "pb")


def _amount(value: Any) -> Decimal:
    """An amount of a PHH field: a whole or decimal number of chips, never negative."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ValueError("an amount must be a number")
    return _checked_amount(Decimal(value))


def _checked_amount(amount: Decimal) -> Decimal:
    if not amount.is_finite():
        raise ValueError(f"{amount} is not an amount")
    if amount < 0:
        raise ValueError(f"an amount cannot be negative ({amount})")
    if amount and amount.adjusted() >= MAX_DIGITS:
        raise ValueError(f"{amount} has more than {MAX_DIGITS} digits before the point")
    if _places(amount) > MAX_PLACES:
        raise ValueError(f"{amount} has more than {MAX_PLACES} decimal places")
    return amount


def _places(amount: Decimal) -> int:
    exponent = amount.as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent) if amount else 0


Amount = Annotated[Decimal, BeforeValidator(_amount)]


Amounts = Annotated[list[Amount], Field(max_length=MAX_PLAYERS)]


ActionText = Annotated[str, StringConstraints(max_length=400)]


class _Document(BaseModel):
    """The fields of a PHH hand the table reads, with their types and bounds."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    variant: Annotated[str, StringConstraints(min_length=1, max_length=16)]
    antes: Amounts = []
    blinds_or_straddles: Amounts = []
    bring_in: Amount = Decimal(0)
    small_bet: Amount = Decimal(0)
    big_bet: Amount = Decimal(0)
    min_bet: Amount = Decimal(0)
    starting_stacks: Annotated[list[Amount], Field(min_length=2, max_length=MAX_PLAYERS)]
    actions: Annotated[list[ActionText], Field(max_length=MAX_ACTIONS)]
    finishing_stacks: Amounts | None = None


def parse_phh(text: str) -> PhhHand:
    """The PHH hand of ``text``; anything malformed raises ``CardtableError`` in one line."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT_BYTES:
        raise RecordError(f"a PHH text is at most {MAX_TEXT_BYTES:,} bytes")
    return phh_hand(parse_toml(text, what="PHH", exact=True), text)


def parse_phh_all(text: str) -> list[PhhHand]:
    """Every hand of a PHH text: one hand, or a ``.phhs`` file of ``[1]``, ``[2]``… tables."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT_BYTES:
        raise RecordError(f"a PHH text is at most {MAX_TEXT_BYTES:,} bytes")
    data = parse_toml(text, what="PHH", exact=True)
    if "variant" in data or not data:
        return [phh_hand(data, text)]
    hands = []
    for name, section in data.items():
        if not isinstance(section, dict):
            raise RecordError(f"PHH section {name!r} is not a hand")
        try:
            hands.append(phh_hand(section, text))
        except CardtableError as error:
            raise RecordError(f"hand [{name}]: {error}") from None
    return hands


def phh_hand(data: dict[str, Any], text: str = "") -> PhhHand:
    """The hand of a PHH document already read as TOML (``text`` to name a bad field's line)."""
    _refuse_unknown_fields(data, text)
    try:
        document = _Document.model_validate(data)
    except PydanticError as error:
        raise RecordError(_pydantic_message(error)) from None
    players = len(document.starting_stacks)
    for name in ("antes", "blinds_or_straddles", "finishing_stacks"):
        values = getattr(document, name)
        if values is not None and len(values) not in (0, players):
            raise RecordError(f"PHH field {name} has {len(values)} entries for {players} players")
    if any(stack == 0 for stack in document.starting_stacks):
        raise RecordError("PHH field starting_stacks: every player starts with chips")
    actions = [_read_action(text_, players) for text_ in document.actions]
    amounts = [
        *document.antes,
        *document.blinds_or_straddles,
        document.bring_in,
        document.small_bet,
        document.big_bet,
        document.min_bet,
        *document.starting_stacks,
        *(document.finishing_stacks or ()),
        *(amount for _, amount in actions),
    ]
    places = max(_places(amount) for amount in amounts)

    def chips(amount: Decimal) -> int:
        return int(amount.scaleb(places))

    def all_chips(values: Iterable[Decimal]) -> tuple[int, ...]:
        return tuple(chips(value) for value in values)

    return PhhHand(
        variant=document.variant,
        antes=all_chips(document.antes),
        starting_stacks=all_chips(document.starting_stacks),
        actions=tuple(replace(action, amount=chips(amount)) for action, amount in actions),
        blinds_or_straddles=all_chips(document.blinds_or_straddles),
        bring_in=chips(document.bring_in),
        small_bet=chips(document.small_bet),
        big_bet=chips(document.big_bet),
        min_bet=chips(document.min_bet),
        finishing_stacks=None
        if document.finishing_stacks is None
        else all_chips(document.finishing_stacks),
        unit=Decimal(1).scaleb(-places),
    )


def _pydantic_message(error: PydanticError) -> str:
    first = error.errors()[0]
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    if first["type"] == "missing":
        return f"a PHH hand needs the field {where.lstrip('.')!r}"
    return f"PHH field {where.lstrip('.')}: {message}"


def _read_action(text: str, players: int) -> tuple[PhhAction, Decimal]:
    """One action of the ``actions`` field, checked, with its amount in the file's currency."""
    words = text.split("#", 1)[0].split()
    where = f"PHH action {text[:60]!r}"
    if len(words) < 2:
        raise RecordError(f"{where}: an action is an actor and a verb")
    actor, verb, rest = words[0], words[1], words[2:]
    if actor == "d":
        if verb == "dh" and len(rest) == 2:
            return PhhAction(
                text, None, verb, _seat(rest[0], players, where), _cards(rest[1], where)
            ), Decimal(0)
        if verb == "db" and len(rest) == 1:
            return PhhAction(text, None, verb, None, _cards(rest[0], where)), Decimal(0)
        raise RecordError(f"{where}: the dealer's actions are 'd dh pN CARDS' and 'd db CARDS'")
    seat = _seat(actor, players, where)
    if verb not in _VERBS:
        raise RecordError(f"{where}: {verb!r} is not a PHH verb (f, cc, cbr, sd, sm, pb)")
    if verb == "cbr":
        if len(rest) != 1:
            raise RecordError(f"{where}: cbr needs the amount bet or raised to")
        return PhhAction(text, seat, verb), _action_amount(rest[0], where)
    if verb in ("sd", "sm"):
        if len(rest) > 1:
            raise RecordError(f"{where}: {verb} takes one word of cards")
        shown = "" if not rest or rest[0] == "-" else rest[0]
        return PhhAction(text, seat, verb, None, _cards(shown, where)), Decimal(0)
    if rest:
        raise RecordError(f"{where}: {verb} takes nothing after it")
    return PhhAction(text, seat, verb), Decimal(0)


def _seat(word: str, players: int, where: str) -> int:
    if not re.fullmatch(r"p[1-9][0-9]?", word):
        raise RecordError(f"{where}: {word!r} is not a player (p1, p2, …)")
    number = int(word[1:])
    if number > players:
        raise RecordError(f"{where}: there is no {word} among {players} players")
    return number - 1


def _action_amount(word: str, where: str) -> Decimal:
    if not re.fullmatch(r"[0-9]{1,20}(\.[0-9]{1,20})?", word):
        raise RecordError(f"{where}: {word[:30]!r} is not an amount")
    try:
        return _checked_amount(Decimal(word))
    except ValueError as error:
        raise RecordError(f"{where}: {error}") from None


def _cards(word: str, where: str) -> tuple[Card | None, ...]:
    """The cards of a PHH word (``AcKd``); ``??`` is an unknown card."""
    if len(word) % 2 or len(word) > 2 * 7:
        raise RecordError(f"{where}: {word[:30]!r} is not up to seven cards such as AcKd or ????")
    found: list[Card | None] = []
    for place in range(0, len(word), 2):
        pair = word[place : place + 2]
        if pair == "??":
            found.append(None)
            continue
        rank, suit = _RANKS.get(pair[0]), _SUITS.get(pair[1])
        if rank is None or suit is None:
            raise RecordError(f"{where}: {pair!r} is not a card (rank 2-9TJQKA, suit cdhs)")
        found.append(Card(rank, suit))
    known = [card for card in found if card is not None]
    if len(set(known)) != len(known):
        raise RecordError(f"{where}: a card is named twice")
    return tuple(found)


def _refuse_unknown_fields(data: dict[str, Any], text: str) -> None:
    """Refuse a field the specification does not define, naming it and its line.

    The specification lets annotators add fields whose names begin with an underscore
    (phh-std, "User-defined Fields"); any other name is most likely a misspelt field, which
    read silently would drop what it holds (a misspelt ``finishing_stacks`` goes unchecked).
    """
    for key in data:
        if key.startswith("_") or key in REQUIRED_FIELDS or key in OPTIONAL_FIELDS:
            continue
        where = _line_of(key, text)
        close = difflib.get_close_matches(key, REQUIRED_FIELDS + OPTIONAL_FIELDS, n=1)
        hint = f"did you mean {close[0]!r}?" if close else "PHH defines no such field"
        raise RecordError(
            f"{where}unknown PHH field {key[:40]!r}: {hint} (a field of one's own begins with '_')"
        )


def _line_of(key: str, text: str) -> str:
    """``"line N: "`` for the line that sets top-level ``key`` in ``text``, or nothing."""
    name = re.escape(key)
    pattern = re.compile(rf"""\s*\[*\s*["']?{name}["']?\s*[].=]""")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return f"line {number}: "
    return ""
