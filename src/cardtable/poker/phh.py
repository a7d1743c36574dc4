"""Hand histories in the PHH format (the TOML standard of PokerKit and its public dataset).

Import reads a PHH hand through one validating layer (a pydantic model of the document, with
bounds on every list, amount and action), seats its players (``p1`` left of the button in
button games, so the last seat deals), and plays its actions at the table. The table deals
exactly the cards the history shows: before each action the stock is stacked with the cards
the history deals next, so a reshuffle of the discards in a long draw replays as it was.
Unknown cards (``??``) are any cards the history does not name; a hand shown as unknown
(``p2 sm ????``) can win nothing, as in PokerKit. The finishing stacks are the table's; a file
whose ``finishing_stacks`` disagree is refused, naming the seat and both amounts.

Amounts are read exactly (``starting_stacks = [247.10, 14.60]`` are decimals, never floats):
the hand's chip is the finest decimal place any of its amounts uses (a cent here), and the
table plays whole chips of that size.

Export writes one finished deal as PHH (:func:`export_phh`) with ``p1`` left of the dealer.

Sources: the PHH specification (uoftcprg/phh-std, "Required Fields", "Optional Fields",
"Actions": ``d dh``, ``d db``, ``pN f``, ``cc``, ``cbr``, ``sd``, ``sm``, ``pb``; the variant
codes) and PokerKit's reading of it (heads-up blinds, the bring-in by the lowest up card with
clubs lowest, in razz the highest with aces low).

>>> hand = parse_phh('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 7h2s", "p2 f"]''')
>>> replay_phh(hand).finishing_stacks  # heads-up the button (p2) posts the small blind
(101, 99)
"""

from __future__ import annotations

import copy
import difflib
import functools
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from itertools import count
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints
from pydantic import ValidationError as PydanticError

from cardtable.cards import Card, Rank, Suit, cards_text
from cardtable.engine.deal import DealSetup, Event
from cardtable.engine.reading import parse_toml
from cardtable.engine.registry import get_game
from cardtable.errors import CardtableError, IllegalAction, RecordError
from cardtable.poker.actions import AllIn, Bet, Call, Check, Discard, Fold, RaiseTo, TableAction
from cardtable.poker.betting import clockwise
from cardtable.poker.deal import PokerDeal
from cardtable.poker.judge import CardJudge, HandJudge, showdown_judge
from cardtable.poker.pots import HandOrder, Pot, Share
from cardtable.poker.table_rules import PokerRules

PRESETS = {
    "NT": "holdem",
    "FT": "holdem",
    "PO": "omaha",
    "FO/8": "omaha-hi-lo",
    "F7S": "seven-card-stud-last-down",
    "F7S/8": "seven-card-stud-last-down",
    "FR": "razz",
    "N2L1D": "deuce-to-seven-triple-draw",
    "F2L3D": "deuce-to-seven-triple-draw",
}
"""The catalogue variant each PHH code is played as (with the code's limits and changes)."""

NOT_DEALT = {
    "NS": "short-deck hold'em ranks a flush above a full house, which no variant here does",
    "FB": "badugi hands (four cards of different suits and ranks) are not ranked here",
}
"""The PHH codes the table cannot deal, with the reason."""

NO_LIMIT = ("NT", "N2L1D")
POT_LIMIT = ("PO",)
STUD = ("F7S", "F7S/8", "FR")

REQUIRED_FIELDS = (
    "variant",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
)
"""The PHH specification's required fields (phh-std, "Required Fields"); which one a hand
needs depends on its variant."""
OPTIONAL_FIELDS = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "ante_trimming_status",
    "time_limit",
    "time_banks",
)
"""The PHH specification's optional fields (phh-std, "Optional Fields", version 0.0.1)."""

MAX_PLAYERS = 14
"""The most seats a PHH hand may have here: the table's largest («до 14 человек»)."""
MAX_ACTIONS = 2000
"""The most actions one hand may list (a real hand has a few dozen)."""
MAX_PLACES = 6
"""The finest decimal place of an amount (a millionth of the currency)."""
MAX_DIGITS = 15
"""The most digits before the point of an amount."""
MAX_TEXT_BYTES = 4 * 1024 * 1024
"""The largest PHH text read (a file of a few thousand hands)."""

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


@dataclass(frozen=True)
class PhhAction:
    """One action of a PHH hand, read and checked.

    ``seat`` is the actor (0 for ``p1``), ``None`` for the dealer; ``verb`` is ``dh`` or
    ``db`` for the dealer, else one of f, cc, cbr, sd, sm, pb; ``to`` is the seat dealt to;
    ``cards`` are the cards named, ``None`` for an unknown one; ``amount`` is in chips.
    """

    text: str
    seat: int | None
    verb: str
    to: int | None = None
    cards: tuple[Card | None, ...] = ()
    amount: int = 0


@dataclass(frozen=True)
class PhhHand:
    """The fields of one PHH hand that the table plays, in whole chips of ``unit``."""

    variant: str
    antes: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    blinds_or_straddles: tuple[int, ...] = ()
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    finishing_stacks: tuple[int, ...] | None = None
    unit: Decimal = Decimal(1)
    """The chip: the currency amount one chip of the table stands for."""

    def amount(self, chips: int) -> Decimal:
        """``chips`` in the file's currency (``1460`` chips of a cent are ``14.60``)."""
        return Decimal(chips) * self.unit

    def amount_text(self, chips: int) -> str:
        """``chips`` written as the file writes amounts."""
        return str(self.amount(chips))


@dataclass(frozen=True)
class PhhReplay:
    """A PHH hand played at the table: its deal, and the stacks it ends with (in chips)."""

    hand: PhhHand
    deal: PokerDeal
    finishing_stacks: tuple[int, ...]

    def export(self) -> str:
        """The hand written again as PHH from the table's play (amounts in chips)."""
        return export_phh(self.deal, bring_in=self.hand.bring_in or None)

    @property
    def finishing_amounts(self) -> tuple[Decimal, ...]:
        """The finishing stacks in the file's currency."""
        return tuple(self.hand.amount(chips) for chips in self.finishing_stacks)


# ----------------------------------------------------------------- reading


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


# ----------------------------------------------------------------- the table's rules


def phh_rules(hand: PhhHand) -> PokerRules:
    """The table's rules for a PHH hand: its variant, forced bets and limits."""
    preset = PRESETS.get(hand.variant)
    if preset is None:
        if hand.variant in NOT_DEALT:
            reason = NOT_DEALT[hand.variant]
            raise RecordError(f"the table cannot deal PHH variant {hand.variant}: {reason}")
        known = ", ".join(PRESETS)
        raise RecordError(f"the table plays PHH variants {known}, not {hand.variant[:16]!r}")
    players = len(hand.starting_stacks)
    if players > _preset(preset).variant.players_max:
        raise RecordError(f"{players} players are too many for PHH variant {hand.variant}")
    blinds = list(hand.blinds_or_straddles)
    while blinds and blinds[-1] == 0:
        blinds.pop()
    if blinds and hand.variant in STUD:
        raise RecordError(f"PHH variant {hand.variant} has a bring-in, not blinds")
    forced: dict[str, Any] = {"blinds": blinds, "straddles": 0, "button_blind_heads_up": True}
    forced |= {"bring_in": _bring_in(hand), "blind_start": 1}
    # PokerKit gives the last blind his option; a bring-in has none.
    forced["blind_option"] = bool(blinds)
    forced |= _antes(hand.antes, len(blinds), players)
    big = max(hand.starting_stacks) * players
    limits: dict[str, Any] = {"buy_in_minimum": 1, "top_up_minimum": 1, "freeze_out": True}
    limits |= {"round_minimum": [], "round_maximum": [], "maximum": big}
    if hand.variant in NO_LIMIT:
        limits |= {"system": "table-stakes", "minimum": max(hand.min_bet, 1)}
        limits["raise_at_least_last"] = True
    elif hand.variant in POT_LIMIT:
        limits |= {"system": "pot", "minimum": max(hand.min_bet, 1), "raise_at_least_last": True}
    else:
        rounds = sum(step.do == "bet" for step in _preset(preset).variant.steps)
        small, big_bet = hand.small_bet, hand.big_bet
        if not 0 < small <= big_bet:
            raise RecordError(f"PHH variant {hand.variant} needs 0 < small_bet <= big_bet")
        # The bet size is each round's most; any smaller amount is let through, for the
        # bring-in's completion and an all-in for less, which PHH records as plain bets.
        half = 2 if hand.variant in STUD else rounds // 2
        sizes = [small] * half + [big_bet] * (rounds - half)
        limits |= {"system": "fixed", "minimum": 1, "maximum": big_bet}
        limits |= {"round_minimum": [1], "round_maximum": sizes}
    overrides: dict[str, Any] = {
        "forced": forced,
        "limits": limits,
        "stake": min(hand.starting_stacks),
        "deals": 1,
        # PokerKit lets a player who has acted raise again after a short all-in raise.
        "betting": {"raises_per_player": 0, "raises_per_round": 0, "short_all_in_reopens": True},
    }
    overrides |= _variant_changes(hand.variant)
    try:
        rules = get_game("poker").rules(preset, overrides)
        assert isinstance(rules, PokerRules)
    except CardtableError as error:
        raise RecordError(
            f"the hand's forced bets and limits do not make a table: {error}"
        ) from None
    return rules


@functools.cache
def _preset(name: str) -> PokerRules:
    rules = get_game("poker").rules(name)
    assert isinstance(rules, PokerRules)
    return rules


def _variant_changes(code: str) -> dict[str, Any]:
    """How a code's game differs from the catalogue preset it is played as."""
    if code == "F7S/8":
        hi_lo = {"win": "high-low", "declarations": "cards-speak", "low_qualifier": 8}
        return {"variant": {**hi_lo, "hands": {"low": "lowball"}}}
    if code == "N2L1D":
        steps = [
            {"do": "deal", "down": 5},
            {"do": "bet", "opens": "left"},
            {"do": "draw", "most": 5},
            {"do": "bet", "opens": "left"},
        ]
        return {"variant": {"steps": steps}}
    return {}


def _bring_in(hand: PhhHand) -> int:
    """The bring-in the table posts: the file's, or the completion when the low card completes.

    PokerKit lets the player who must bring in complete the bet instead (``pN cbr``); the
    table posts the forced bet for him, so it posts the completion.
    """
    if hand.variant not in STUD:
        return 0
    first = next((action for action in hand.actions if action.seat is not None), None)
    if first is not None and first.verb == "cbr":
        return first.amount
    if not hand.bring_in:
        raise RecordError(f"PHH variant {hand.variant} needs a bring_in")
    return hand.bring_in


def _antes(antes: Sequence[int], blinds: int, players: int) -> dict[str, Any]:
    paid = [ante for ante in antes if ante]
    if not paid:
        return {"ante_kind": "none"}
    if len(paid) == players and len(set(paid)) == 1:
        return {"ante_kind": "everyone", "ante": paid[0]}
    if len(paid) == 1 and blinds and antes[blinds - 1] == paid[0]:
        return {"ante_kind": "big-blind", "ante": paid[0]}
    raise RecordError("the table has antes from everyone, the big blind, or nobody")


# ----------------------------------------------------------------- replaying


class _UnknownCards:
    """A judge for which a hand holding a card nobody saw is no hand: it wins nothing.

    PokerKit reads ``p2 sm ????`` so; the table deals such a player some card the history
    does not name, and this judge ranks any hand holding one below every real hand.
    """

    def __init__(self, judge: CardJudge, unknown: set[Card], *, worst_wins: bool) -> None:
        self.judge = judge
        self.unknown = unknown
        self.worst_wins = worst_wins

    def high(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int:
        """The judge's value; for a hand with an unknown card, the least (or, 2-7, the most)."""
        if self.unknown.intersection(cards):
            return 1 << 62 if self.worst_wins else -(1 << 62)
        return self.judge.high(cards, wild)

    def low(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> int | None:
        """The judge's low value; a hand with an unknown card has none."""
        if self.unknown.intersection(cards):
            return None
        return self.judge.low(cards, wild)

    def category(self, cards: Sequence[Card], wild: Iterable[Card] = ()) -> str:
        """The judge's category of the hand."""
        return self.judge.category(cards, wild)


class _PhhDeal(PokerDeal):
    """A deal read from PHH, whose odd chips go as PokerKit gives them.

    The seed splits each pot alone, odd chips in showdown order from the called player.
    PokerKit splits the chips that the same players win together, and gives the odd chips to
    the winner nearest the dealer's left (the lowest ``pN``).
    """

    def award(
        self, pots: Sequence[Pot], hands: HandOrder, in_hand: list[int], order: list[int]
    ) -> list[Share]:
        """The table's award in the order of the seats, odd chips split as PokerKit does."""
        shares = super().award(pots, hands, in_hand, sorted(order))
        if self.spec.win == "high-low":
            return shares
        winners: dict[int, frozenset[int]] = {}
        for share in shares:
            winners[share.pot] = winners.get(share.pot, frozenset()) | {share.seat}
        totals: dict[frozenset[int], list[Share]] = {}
        for share in shares:
            totals.setdefault(winners[share.pot], []).append(share)
        merged = []
        for seats, won in totals.items():
            base, odd = divmod(sum(share.amount for share in won), len(seats))
            merged += [
                Share(won[0].pot, won[0].side, seat, base + (odd if seat == min(seats) else 0))
                for seat in sorted(seats)
            ]
        return merged


Target = int | str
"""Where the table puts a card it takes from the stock: a seat, ``"board"`` or ``"burn"``."""


class _Dealing:
    """The cards of the history, queued for the table to take in its own order.

    Each card the history deals is queued for its seat (or the board). An unknown card is a
    token until a ``sm`` shows it; tokens never shown are given cards the history never names.
    """

    def __init__(self, deck: Sequence[Card]) -> None:
        self.deck = tuple(deck)
        self.queues: dict[Target, list[Card | int]] = {}
        self.resolved: dict[int, Card] = {}
        self.unknown: set[Card] = set()
        self.discards: dict[int, list[Card | int]] = {}
        self.spare: list[Card] = []
        self.brought_in = False
        """Whether the history's bring-in (``pb``, or the completion) has been read."""

    @classmethod
    def of_events(cls, events: Sequence[Event], deck: Sequence[Card]) -> _Dealing:
        """The cards a deal at the table dealt, queued as its events show them."""
        dealing = cls(deck)
        for event in events:
            target = _target(event)
            if target is not None and target != "burn":
                dealing.queues.setdefault(target, []).extend(event.cards)
        return dealing

    @classmethod
    def of_hand(cls, hand: PhhHand, deck: Sequence[Card]) -> _Dealing:
        """The cards a PHH hand deals, unknown ones as tokens."""
        dealing = cls(deck)
        dealing.read(hand)
        return dealing

    def read(self, hand: PhhHand) -> None:
        """Queue the cards of ``hand``; note its discards; resolve what ``sm`` shows."""
        held: dict[int, list[Card | int]] = {}
        tokens = count()
        for number, action in enumerate(hand.actions):
            if action.verb in ("dh", "db"):
                dealt = [card if card is not None else next(tokens) for card in action.cards]
                target: Target = "board" if action.to is None else action.to
                self.queues.setdefault(target, []).extend(dealt)
                if action.to is not None:
                    held.setdefault(action.to, []).extend(dealt)
            elif action.verb == "sd" and action.seat is not None:
                self.discards[number] = self._discard(held.setdefault(action.seat, []), action)
            elif action.verb == "sm" and action.seat is not None:
                self._show(held.get(action.seat, []), action.cards)
        named = {card for queue in self.queues.values() for card in queue if isinstance(card, Card)}
        named |= set(self.resolved.values())
        self.spare = [card for card in self.deck if card not in named]

    def _discard(self, hand: list[Card | int], action: PhhAction) -> list[Card | int]:
        thrown: list[Card | int] = []
        for card in action.cards:
            if card is not None and card in hand:
                hand.remove(card)
                thrown.append(card)
                continue
            token = next((held for held in hand if isinstance(held, int)), None)
            if token is None:
                raise RecordError(f"PHH action {action.text!r}: the player holds no such card")
            hand.remove(token)
            if card is not None:
                self.resolved[token] = card
            thrown.append(card if card is not None else token)
        return thrown

    def _show(self, hand: list[Card | int], shown: Sequence[Card | None]) -> None:
        for card in shown:
            if card is None or card in hand:
                continue
            token = next((held for held in hand if isinstance(held, int)), None)
            if token is not None and card not in self.resolved.values():
                self.resolved[token] = card
                hand[hand.index(token)] = card

    def card(self, item: Card | int) -> Card:
        """The card of a queued card or token (a token never shown gets a spare card)."""
        if isinstance(item, Card):
            return item
        if item not in self.resolved:
            if not self.spare:
                raise RecordError("the history's unknown cards need more cards than the deck has")
            self.resolved[item] = self.spare.pop(0)
            self.unknown.add(self.resolved[item])
        return self.resolved[item]

    def next_for(self, target: Target) -> Card | None:
        """The next card the history deals to ``target`` (``None``: any card will do)."""
        if target == "burn":
            return None
        queue = self.queues.get(target, [])
        if not queue:
            who = "the board" if target == "board" else f"p{int(target) + 1}"
            raise RecordError(f"the table deals {who} more cards than the history shows")
        return self.card(queue.pop(0))

    def left_over(self) -> str | None:
        """The first target the history deals cards the table never dealt, or ``None``."""
        for target, queue in self.queues.items():
            if queue:
                return "the board" if target == "board" else f"p{int(target) + 1}"
        return None


def replay_phh(hand: PhhHand) -> PhhReplay:
    """Play ``hand`` at the table and return the stacks it ends with.

    A file with ``finishing_stacks`` that disagree with the play is refused.
    """
    rules = phh_rules(hand)
    players = len(hand.starting_stacks)
    dealing = _Dealing.of_hand(hand, tuple(rules.variant.hands.deck().cards()))
    win = rules.variant.win
    base = showdown_judge(HandJudge(rules.variant.hands, rules.variant.low_qualifier), win)
    judge = _UnknownCards(base, dealing.unknown, worst_wins=win == "deuce-to-seven")

    def new_deal(deck: Sequence[Card]) -> PokerDeal:
        setup = DealSetup(players - 1, tuple(deck), 0)
        stacks = list(hand.starting_stacks)
        return _PhhDeal(players, setup, rules, judge, stacks=stacks, in_deal=[True] * players)

    try:
        probe = new_deal(dealing.deck)
        deal = new_deal(_stacked(dealing, list(dealing.deck), probe.events)[0])
    except IllegalAction as error:
        raise RecordError(f"the hand cannot be dealt at the table: {error}") from None
    for number, action in enumerate(hand.actions):
        _play(deal, dealing, number, action)
    if not deal.is_over:
        raise RecordError("the hand history ends before the deal does")
    extra = dealing.left_over()
    if extra is not None:
        raise RecordError(f"the history deals {extra} cards the table never deals")
    finishing = tuple(
        start + change
        for start, change in zip(hand.starting_stacks, deal.outcome().changes, strict=True)
    )
    _check_finishing(hand, finishing)
    return PhhReplay(hand, deal, finishing)


def _check_finishing(hand: PhhHand, finishing: Sequence[int]) -> None:
    if hand.finishing_stacks is None:
        return
    for seat, (played, stated) in enumerate(zip(finishing, hand.finishing_stacks, strict=True)):
        if played != stated:
            raise RecordError(
                f"finishing_stacks: p{seat + 1} ends with {hand.amount_text(played)} at the "
                f"table, the file says {hand.amount_text(stated)}"
            )


def _play(deal: PokerDeal, dealing: _Dealing, number: int, action: PhhAction) -> None:
    """Play the history's action ``number`` at the table (dealer's actions are queued)."""
    if action.seat is None or action.verb == "sm":
        return
    where = f"PHH action {number + 1} ({action.text[:60]!r})"
    if deal.is_over:
        raise RecordError(f"{where}: the deal is already over")
    if action.verb == "pb" or (action.verb == "cbr" and _is_bring_in(deal, action)):
        if not deal.rules.forced.bring_in or dealing.brought_in or deal.history:
            raise RecordError(f"{where}: there is no bring-in to post now")
        if deal.first_bettor != action.seat:
            raise RecordError(f"{where}: p{(deal.first_bettor or 0) + 1} brings in at the table")
        dealing.brought_in = True
        return
    if deal.to_move != action.seat:
        mover = "nobody" if deal.to_move is None else f"p{deal.to_move + 1}"
        raise RecordError(f"{where}: it is {mover}'s turn, not p{action.seat + 1}'s")
    move = _table_action(deal, dealing, number, action)
    reason = deal.why_illegal(move)
    if reason is not None:
        raise RecordError(f"{where}: {reason}")
    try:
        _play_stacked(deal, dealing, move)
    except IllegalAction as error:
        raise RecordError(f"{where}: {error}") from None


def _play_stacked(deal: PokerDeal, dealing: _Dealing, move: TableAction) -> tuple[Event, ...]:
    """Play ``move``, the stock stacked so that the table deals the history's next cards.

    A copy of the deal plays ``move`` first, to see which cards the table takes and where
    they go. The discards join the stock; so do the folded hands when the history deals
    one of their cards, as the seed's reshuffle (and PokerKit's) puts them back.
    """
    if not _may_deal(deal, move):
        return deal.apply(move)
    probe = _scratch_copy(deal)
    folded = [seat for seat in range(deal.seats) if deal.betting.folded[seat]]
    mucked = [card for seat in folded for card in deal.hands[seat].cards]
    # PokerKit deals a draw's cards after every discard of it, so a player may be dealt back
    # his own discards once the stock is out; the table draws each player at once.
    own = list(move.cards) if isinstance(move, Discard) else []
    pool = [*deal.table.stock, *deal.table.discards, *mucked, *own]
    probe.table.stock, probe.table.discards = list(pool), []
    for seat in folded:
        probe.hands[seat] = type(probe.hands[seat])()
    stock, taken = _stacked(dealing, pool, probe.apply(move))
    dealt = set(stock[:taken])
    if dealt.isdisjoint(mucked):
        stock = [card for card in stock if card not in set(mucked)]
    else:
        for seat in folded:
            deal.hands[seat] = type(deal.hands[seat])()
    stock = [card for card in stock if card not in own or card in dealt]
    deal.table.stock, deal.table.discards = stock, []
    events = deal.apply(move)
    if own:
        deal.table.discards = [card for card in deal.table.discards if card not in dealt]
    return events


def _may_deal(deal: PokerDeal, move: TableAction) -> bool:
    """Whether ``move`` may make the table deal: a draw, or a bet that ends its round."""
    seat = deal.to_move
    if deal.phase != "bet" or seat is None:
        return True
    limits, rules = deal.betting.limits, deal.betting.rules
    betting = copy.deepcopy(deal.betting, {id(limits): limits, id(rules): rules})
    betting.act(seat, move)
    return betting.round_over


def _scratch_copy(deal: PokerDeal) -> PokerDeal:
    """A copy of ``deal`` to try a move on, sharing what a move never changes.

    The rules, the judge and the cards are shared, which makes it many times cheaper.
    """
    shared: list[Any] = [deal.rules, deal.judge, deal.spec, deal.setup, *deal.setup.deck]
    shared += [value for value in vars(deal.rules).values()]
    memo: dict[int, Any] = {id(value): value for value in shared}
    memo[id(deal.events)] = []
    memo[id(deal.history)] = list(deal.history)
    memo[id(deal.table.rng)] = random.Random(0)  # a generator's state is the dearest part to copy
    probe: PokerDeal = copy.deepcopy(deal, memo)
    return probe


def _is_bring_in(deal: PokerDeal, action: PhhAction) -> bool:
    """Whether a ``cbr`` is the bring-in player's completion, which the table posted."""
    return bool(deal.rules.forced.bring_in) and not deal.history and deal.to_move != action.seat


def _stacked(
    dealing: _Dealing, pool: list[Card], events: Sequence[Event]
) -> tuple[list[Card], int]:
    """``pool`` stacked for the table to take the history's cards, and how many it takes.

    ``events`` are what the table did with ``pool`` as its stock: the place in ``pool`` of
    each card it dealt says when it was taken, and the event says where it went.
    """
    place = {card: index for index, card in enumerate(pool)}
    taken: dict[int, Target] = {}
    for event in events:
        target = _target(event)
        if target is None:
            continue
        for card in event.cards:
            if card in place:
                taken[place[card]] = target
    stock: list[Card | None] = [None] * (max(taken) + 1 if taken else 0)
    for index in sorted(taken):
        stock[index] = dealing.next_for(taken[index])
    placed = [card for card in stock if card is not None]
    wanted = set(placed)
    if len(wanted) != len(placed):
        twice = next(card for card in placed if placed.count(card) > 1)
        raise RecordError(f"the history deals {_phh_cards([twice])} twice")
    missing = wanted - set(pool)
    if missing:
        named = cards_text(sorted(missing, key=lambda c: (c.rank, c.suit)), "ascii")
        raise RecordError(
            f"the history deals {named}, which is not in the deck at that point (a player "
            "holds it; PokerKit deals a draw after every discard, the table player by player)"
        )
    rest = iter(card for card in pool if card not in wanted)
    return [card if card is not None else next(rest) for card in stock] + list(rest), len(stock)


def _target(event: Event) -> Target | None:
    if event.kind in ("deal", "draw") and event.seat is not None and event.cards:
        return event.seat
    if event.kind == "board" and event.cards:
        return "board"
    if event.kind == "burn":
        return "burn"
    return None


def _table_action(
    deal: PokerDeal, dealing: _Dealing, number: int, action: PhhAction
) -> TableAction:
    """The table action of one PHH player action."""
    seat = action.seat
    assert seat is not None
    if action.verb == "f":
        return Fold()
    if action.verb == "cc":
        return Check() if deal.phase == "bet" and deal.betting.owed(seat) == 0 else Call()
    if action.verb == "sd":
        thrown = [dealing.card(item) for item in dealing.discards.get(number, [])]
        return Discard(tuple(thrown))
    current = deal.betting.round
    if current is None:
        return Bet(action.amount)
    put = action.amount - current.bets[seat]
    if put >= deal.betting.stacks[seat]:
        return AllIn()
    return Bet(action.amount) if current.high == 0 else RaiseTo(action.amount)


# ----------------------------------------------------------------- export


def export_phh(
    deal: PokerDeal,
    stacks: Sequence[int] | None = None,
    names: Sequence[str] = (),
    *,
    bring_in: int | None = None,
) -> str:
    """A finished deal as a PHH hand; ``p1`` sits left of the dealer, the dealer is last.

    ``stacks`` are the seats' chips before the deal (by default the deal's own); ``names``
    the seats' names, written as ``players``. ``bring_in`` is the stud bring-in to write
    when the table's forced one was a completion (``pN cbr``, as a PHH hand read here plays
    it): the forced bet is then written as that completion.

    The text is read back before it is returned: a deal PHH cannot express as played (a
    variant without a code, blinds that were not given their option) is refused in one line.
    """
    rules = deal.rules
    code = phh_code(rules)
    stacks = deal.start_stacks if stacks is None else stacks
    if not deal.is_over:
        raise IllegalAction("only a finished deal is written as PHH")
    dealt = _dealt(deal)
    playing = [
        seat for seat in clockwise(deal.ring, deal.left_of(deal.setup.dealer)) if seat in dealt
    ]
    if deal.setup.dealer != playing[-1]:
        raise IllegalAction("PHH seats the dealer last: the dealer must be in the deal")
    number = {seat: place + 1 for place, seat in enumerate(playing)}
    dealing = _Dealing.of_events(deal.events, deal.setup.deck)

    def again(deck: Sequence[Card]) -> PokerDeal:
        return PokerDeal(
            deal.seats,
            replace(deal.setup, deck=tuple(deck)),
            rules,
            deal.judge,
            stacks=deal.start_stacks,
            in_deal=[seat in number for seat in range(deal.seats)],
            order=deal.ring,
        )

    # The deal is played again to know each action's bets; its stock is stacked as the
    # first one's was dealt (a deal read from PHH had its stock stacked as it went).
    replayed = again(_stacked(dealing, list(deal.setup.deck), again(deal.setup.deck).events)[0])
    lines = _dealt_lines(replayed.events, number)
    forced = rules.forced.bring_in
    bring_in = forced if bring_in is None else bring_in
    if code in STUD and replayed.first_bettor is not None:
        low = number[replayed.first_bettor]
        lines.append(f"p{low} pb" if bring_in == forced else f"p{low} cbr {forced}")
    drawn: list[str] = []  # PHH deals a draw's cards after every discard of it
    draw_step = replayed.step
    for action in deal.history:
        seat = replayed.to_move
        assert seat is not None
        if not isinstance(action, Discard) or replayed.step != draw_step:
            lines, drawn, draw_step = lines + drawn, [], replayed.step
        lines.append(_notation(replayed, seat, number[seat], action))
        new = _dealt_lines(_play_stacked(replayed, dealing, action), number)
        if isinstance(action, Discard):
            drawn += new
        else:
            lines += new
    lines += drawn
    lines += _shown_lines(replayed, number)
    text = _fields(rules, code, [stacks[seat] for seat in playing], lines, bring_in)
    finishing = [stacks[seat] + deal.outcome().changes[seat] for seat in playing]
    text += f"finishing_stacks = {finishing}\n"
    if names:
        text += f"players = [{', '.join(_quoted(names[seat]) for seat in playing)}]\n"
    try:
        replay_phh(parse_phh(text))
    except CardtableError as error:
        raise IllegalAction(f"PHH cannot express this deal as it was played: {error}") from None
    return text


def _dealt(deal: PokerDeal) -> set[int]:
    return {event.seat for event in deal.events if event.kind == "deal" and event.seat is not None}


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def phh_code(rules: PokerRules) -> str:
    """The PHH code of the variant and limits ``rules`` play, or ``IllegalAction``."""
    name = rules.variant.name
    system = rules.limits.system.value
    stud = rules.forced.bring_in > 0
    last_down = rules.variant.last_card_down  # PHH's studs deal the seventh card down
    codes = {
        ("holdem", "table-stakes"): "NT",
        ("holdem", "fixed"): "FT",
        ("omaha", "pot"): "PO",
        ("omaha-hi-lo", "fixed"): "FO/8",
        ("deuce-to-seven-triple-draw", "fixed"): "F2L3D",
        ("deuce-to-seven-triple-draw", "table-stakes"): "N2L1D",
    }
    code = codes.get((name, system))
    if name.startswith("seven-card-stud") and stud and system == "fixed" and last_down:
        code = "F7S/8" if rules.variant.win == "high-low" else "F7S"
    if name == "razz" and stud and system == "fixed" and last_down:
        code = "FR"
    if code is None:
        raise IllegalAction(
            f"PHH has no code for {name!r} with {system} limits; keep cardtable's own record"
        )
    return code


def _fields(
    rules: PokerRules, code: str, stacks: list[int], lines: list[str], bring_in: int
) -> str:
    players = len(stacks)
    forced = rules.forced
    fields = [f'variant = "{code}"', f"antes = {_antes_field(rules, players)}"]
    if code in STUD:
        fields.append(f"bring_in = {bring_in}")
    else:
        blinds = [*forced.blinds, *([0] * (players - len(forced.blinds)))][:players]
        fields.append(f"blinds_or_straddles = {blinds}")
    limits = rules.limits
    if code in NO_LIMIT or code in POT_LIMIT:
        fields.append(f"min_bet = {limits.minimum}")
    else:
        sizes = limits.round_maximum or (limits.maximum,)
        fields += [f"small_bet = {sizes[0]}", f"big_bet = {sizes[-1]}"]
    fields.append(f"starting_stacks = {stacks}")
    quoted = ",\n".join(f'  "{line}"' for line in lines)
    fields.append(f"actions = [\n{quoted},\n]")
    return "\n".join(fields) + "\n"


def _antes_field(rules: PokerRules, players: int) -> list[int]:
    seats = rules.forced.ante_seats(players, players - 1)
    return [rules.forced.ante if seat in seats else 0 for seat in range(players)]


def _dealt_lines(events: Sequence[Event], number: dict[int, int]) -> list[str]:
    lines = []
    for event in events:
        if event.kind in ("deal", "draw") and event.cards and event.seat is not None:
            lines.append(f"d dh p{number[event.seat]} {_phh_cards(event.cards)}")
        elif event.kind in ("board", "reveal") and event.cards:
            lines.append(f"d db {_phh_cards(event.cards)}")
    return lines


def _shown_lines(deal: PokerDeal, number: dict[int, int]) -> list[str]:
    """The showdown: every player still in shows his cards (the cards speak)."""
    if len(deal.betting.in_hand) < 2:
        return []
    return [
        f"p{number[seat]} sm {_phh_cards(deal.hands[seat].cards)}"
        for seat in clockwise(deal.ring, deal.left_of(deal.setup.dealer))
        if seat in deal.betting.in_hand and seat in number
    ]


def _phh_cards(cards: Sequence[Card]) -> str:
    return cards_text(cards, "ascii").replace(" ", "").replace("10", "T")


def _notation(deal: PokerDeal, seat: int, number: int, action: TableAction) -> str:
    """The PHH notation of ``action`` by ``seat`` (PHH's ``p{number}``), before it is played."""
    actor = f"p{number}"
    match action:
        case Fold():
            return f"{actor} f"
        case Check() | Call():
            return f"{actor} cc"
        case Bet(amount):
            return f"{actor} cbr {amount}"
        case RaiseTo(total):
            return f"{actor} cbr {total}"
        case AllIn():
            current = deal.betting.round
            assert current is not None
            total = current.bets[seat] + deal.betting.stacks[seat]
            return f"{actor} cc" if total <= current.high else f"{actor} cbr {total}"
        case Discard(cards):
            return f"{actor} sd {_phh_cards(cards)}" if cards else f"{actor} sd"
    raise IllegalAction(f"PHH has no notation for {action!r}")
