"""Hand histories in the PHH format (the TOML standard of pokerkit and its public dataset).

Import reads a PHH hand, seats its players (``p1`` left of the button in button games, so
the button deals), arranges the deck so the table deals exactly the cards the history
shows (unknown cards ``??`` are any cards nobody else holds), and plays its actions at
the table; the finishing stacks are then the table's. Export writes one finished deal of
a variant PHH can express. Supported codes: ``NT`` (no-limit hold'em, played as table
stakes), ``FT`` (fixed-limit hold'em), ``FO/8`` (fixed-limit Omaha high-low), ``F7S``
(fixed-limit seven-card stud with a bring-in), ``FR`` (razz), ``F2L3D`` (deuce-to-seven
triple draw). Everything else is
refused with the reason; cardtable's own record holds every other variant.

Sources: the PHH specification (uoftcprg/phh-std, "Required Fields": fields, variant codes
and the action notation ``d dh``, ``d db``, ``pN cbr``, ``cc``, ``f``, ``sd``, ``sm``,
``pb``).

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

import difflib
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.cards import Card, cards_text, parse_cards
from cardtable.engine.deal import DealSetup
from cardtable.engine.registry import get_game
from cardtable.errors import CardtableError, IllegalAction, RecordError
from cardtable.poker.actions import AllIn, Bet, Call, Check, Discard, Fold, RaiseTo, TableAction
from cardtable.poker.table import PokerDeal, PokerMatch, PokerRules

PRESETS = {
    "NT": "holdem",
    "FT": "holdem",
    "F7S": "seven-card-stud-last-down",
    "FR": "razz",
    "FO/8": "omaha-hi-lo",
    "F2L3D": "deuce-to-seven-triple-draw",
}
"""The catalogue variant each PHH code is played as."""

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

_ACTION = re.compile(r"^(d|p(\d+))\s+(\S+)(?:\s+(\S+))?(?:\s+(\S+))?")


@dataclass(frozen=True)
class PhhHand:
    """The fields of one PHH hand that the table plays."""

    variant: str
    antes: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    blinds_or_straddles: tuple[int, ...] = ()
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    finishing_stacks: tuple[int, ...] | None = None


@dataclass(frozen=True)
class PhhReplay:
    """A PHH hand played at the table: the match, its deal, and the stacks at the end."""

    match: PokerMatch
    deal: PokerDeal
    finishing_stacks: tuple[int, ...]
    expected: tuple[int, ...] | None = field(default=None)

    @property
    def matches(self) -> bool | None:
        """Whether the table's finishing stacks equal the file's (None: the file has none)."""
        return None if self.expected is None else self.expected == self.finishing_stacks


def parse_phh(text: str) -> PhhHand:
    """The PHH fields of ``text``; a missing or malformed field raises ``RecordError``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RecordError(f"not a PHH file: {error}") from None
    _refuse_unknown_fields(data, text)
    try:
        return PhhHand(
            variant=str(data["variant"]),
            antes=_ints(data.get("antes", [])),
            starting_stacks=_ints(data["starting_stacks"]),
            actions=tuple(str(action) for action in data["actions"]),
            blinds_or_straddles=_ints(data.get("blinds_or_straddles", [])),
            bring_in=int(data.get("bring_in", 0)),
            small_bet=int(data.get("small_bet", 0)),
            big_bet=int(data.get("big_bet", 0)),
            min_bet=int(data.get("min_bet", 0)),
            finishing_stacks=_ints(data["finishing_stacks"])
            if "finishing_stacks" in data
            else None,
        )
    except KeyError as error:
        raise RecordError(f"a PHH hand needs the field {error.args[0]!r}") from None
    except (TypeError, ValueError) as error:
        raise RecordError(f"a PHH field has a value the table cannot use: {error}") from None


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
            f"{where}unknown PHH field {key!r}: {hint} (a field of one's own begins with '_')"
        )


def _line_of(key: str, text: str) -> str:
    """``"line N: "`` for the line that sets top-level ``key`` in ``text``, or nothing."""
    name = re.escape(key)
    pattern = re.compile(rf"""\s*\[*\s*["']?{name}["']?\s*[].=]""")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return f"line {number}: "
    return ""


def _ints(values: Any) -> tuple[int, ...]:
    numbers = tuple(int(value) for value in values)
    if any(float(value) != number for value, number in zip(values, numbers, strict=True)):
        raise ValueError("chip amounts must be whole numbers")
    return numbers


def phh_rules(hand: PhhHand) -> PokerRules:
    """The table's rules for a PHH hand: its variant, forced bets and limits."""
    preset = PRESETS.get(hand.variant)
    if preset is None:
        known = ", ".join(PRESETS)
        raise RecordError(f"the table plays PHH variants {known}, not {hand.variant!r}")
    players = len(hand.starting_stacks)
    blinds = list(hand.blinds_or_straddles)
    while blinds and blinds[-1] == 0:
        blinds.pop()
    forced: dict[str, Any] = {"blinds": blinds, "bring_in": hand.bring_in, "straddles": 0}
    forced |= _antes(hand.antes, len(blinds), players)
    if players == 2 and blinds:
        # Heads-up the button (p2) posts the small blind and acts first before the flop.
        forced["blind_start"] = 0
    limits: dict[str, Any] = {"buy_in_minimum": 1, "top_up_minimum": 1}
    rounds = sum(step.do == "bet" for step in get_game("poker").rules(preset).variant.steps)
    if hand.variant == "NT":
        limits |= {"system": "table-stakes", "minimum": hand.min_bet, "raise_at_least_last": True}
        limits |= {"round_minimum": [], "round_maximum": []}
    else:
        small, big = hand.small_bet, hand.big_bet
        # The bet size is each round's most; any smaller amount is let through, for the
        # bring-in's completion and an all-in for less, which PHH records as plain bets.
        sizes = [small] * 2 + [big] * (rounds - 2)
        limits |= {"system": "fixed", "minimum": 1, "maximum": big}
        limits |= {"round_minimum": [1], "round_maximum": sizes}
    overrides = {
        "forced": forced,
        "limits": limits,
        "stake": min(hand.starting_stacks),
        "deals": 1,
        "betting": {"raises_per_player": 0},
    }
    rules: PokerRules = get_game("poker").rules(preset, overrides)
    return rules


def _antes(antes: Sequence[int], blinds: int, players: int) -> dict[str, Any]:
    paid = [ante for ante in antes if ante]
    if not paid:
        return {"ante_kind": "none"}
    if len(paid) == players and len(set(paid)) == 1:
        return {"ante_kind": "everyone", "ante": paid[0]}
    if len(paid) == 1 and blinds and antes[blinds - 1] == paid[0]:
        return {"ante_kind": "big-blind", "ante": paid[0]}
    raise RecordError("the table has antes from everyone, the big blind, or nobody")


def replay_phh(hand: PhhHand) -> PhhReplay:
    """Play ``hand`` at the table and return the stacks it ends with."""
    rules = phh_rules(hand)
    players = len(hand.starting_stacks)
    names = [f"p{number}" for number in range(1, players + 1)]
    match = get_game("poker").new_match(rules, names)
    assert isinstance(match, PokerMatch)
    # The button (the last seat) deals: the cards for the first dealer reach a jack there.
    blanks = ["2c", "2d", "2h", "2s", "3c", "3d", "3h", "3s", "4c"][: players - 1]
    match.apply_between("first-dealer " + " ".join([*blanks, "Jc"]))
    least = min(hand.starting_stacks)
    for name, stack in zip(names, hand.starting_stacks, strict=True):
        if stack > least:
            match.apply_between(f"buy {name} {stack - least}")
    first = next(step for step in rules.variant.steps if step.do == "deal")
    deck = _deck(hand, match.deck(), players, first.down + first.up)
    deal = match.start_deal_from(DealSetup(players - 1, deck, 0))
    assert isinstance(deal, PokerDeal)
    for number, text in enumerate(hand.actions, start=1):
        action = _action(deal, text)
        if action is None:
            continue
        try:
            match.apply(action)
        except CardtableError as error:
            raise RecordError(f"PHH action {number} ({text!r}): {error}") from None
    if not deal.is_over:
        raise RecordError("the hand history ends before the deal does")
    finishing = tuple(
        start + change
        for start, change in zip(hand.starting_stacks, deal.outcome().changes, strict=True)
    )
    return PhhReplay(match, deal, finishing, hand.finishing_stacks)


def _deck(hand: PhhHand, full: Sequence[Card], players: int, first: int) -> tuple[Card, ...]:
    """The deck order that deals the history's cards.

    The first cards go one at a time round the seats (as the table deals them, "карты
    сдаются по одной"), then every later card in the order the history deals it.
    """
    packets: list[list[Card | None]] = [[] for _ in range(players)]
    later: list[Card | None] = []
    for text in hand.actions:
        words = text.split("#", 1)[0].split()
        if len(words) < 3 or words[0] != "d":
            continue
        cards = _cards(words[-1])
        if words[1] == "dh":
            seat = int(words[2][1:]) - 1
            for card in cards:
                if len(packets[seat]) < first:
                    packets[seat].append(card)
                else:
                    later.append(card)
        else:
            later += cards
    order = [packet[place] for place in range(first) for packet in packets if place < len(packet)]
    order += later
    known = {card for card in order if card is not None}
    spare = iter(card for card in full if card not in known)
    filled = [card if card is not None else next(spare) for card in order]
    return (*filled, *spare)


def _cards(text: str) -> list[Card | None]:
    """Cards of a PHH word; ``??`` is an unknown card."""
    found: list[Card | None] = []
    for place in range(0, len(text), 2):
        pair = text[place : place + 2]
        found.append(None if pair == "??" else parse_cards(pair)[0])
    return found


def _action(deal: PokerDeal, text: str) -> TableAction | None:
    """The table action of one PHH player action (``None`` for the dealer's and shows)."""
    words = text.split("#", 1)[0].split()
    if not words or words[0] == "d":
        return None
    seat = int(words[0][1:]) - 1
    verb = words[1]
    if verb in ("sm", "pb"):
        return None
    if deal.to_move != seat:
        raise RecordError(f"PHH action {text!r}: it is seat {deal.to_move}'s turn, not p{seat + 1}")
    if verb == "f":
        return Fold()
    if verb == "cc":
        return Check() if deal.betting.owed(seat) == 0 else Call()
    if verb == "sd":
        cards = [card for card in _cards(words[2]) if card is not None] if len(words) > 2 else []
        if len(cards) < (len(words[2]) // 2 if len(words) > 2 else 0):
            cards = deal.hands[seat].down[: len(words[2]) // 2]
        return Discard(tuple(cards))
    if verb == "cbr":
        total = int(words[2])
        current = deal.betting.round
        assert current is not None
        put = total - current.bets[seat]
        if deal.rules.limits.chips_limit_bets and put >= deal.betting.stacks[seat]:
            return AllIn()
        return Bet(total) if current.high == 0 else RaiseTo(total)
    raise RecordError(f"PHH action {text!r} is not one the table plays")


def export_phh(deal: PokerDeal, stacks: Sequence[int]) -> str:
    """A finished deal as a PHH hand (hold'em, stud, razz, deuce-to-seven triple draw)."""
    rules = deal.rules
    code = _code(rules)
    players = deal.seats
    if deal.setup.dealer != players - 1:
        raise IllegalAction("PHH seats p1 left of the button: export a deal dealt by the last seat")
    if deal.ring != tuple(range(players)):
        raise IllegalAction("PHH seats players in order: export a deal seated in seat order")
    replayed = PokerDeal(
        players,
        deal.setup,
        rules,
        deal.judge,
        stacks=deal.start_stacks,
        in_deal=[True] * players,
    )
    lines = _deals(replayed.events)
    for action in deal.history:
        seat = replayed.to_move
        assert seat is not None
        line = _notation(replayed, seat, action)
        lines.append(line)
        lines += _deals(list(replayed.apply(action)))
    forced = rules.forced
    fields = [f'variant = "{code}"', f"antes = {_antes_field(rules, players)}"]
    if code in ("F7S", "FR"):
        fields.append(f"bring_in = {forced.bring_in}")
    else:
        blinds = [*forced.blinds, *([0] * (players - len(forced.blinds)))][:players]
        fields.append(f"blinds_or_straddles = {blinds}")
    limits = rules.limits
    if code == "NT":
        fields.append(f"min_bet = {limits.minimum}")
    else:
        sizes = limits.round_maximum or (limits.maximum,)
        fields += [f"small_bet = {sizes[0]}", f"big_bet = {sizes[-1]}"]
    fields.append(f"starting_stacks = {list(stacks)}")
    finishing = [s + c for s, c in zip(stacks, deal.outcome().changes, strict=True)]
    quoted = ",\n".join(f'  "{line}"' for line in lines)
    fields.append(f"actions = [\n{quoted},\n]")
    fields.append(f"finishing_stacks = {finishing}")
    return "\n".join(fields) + "\n"


def _code(rules: PokerRules) -> str:
    name = rules.variant.name
    if name == "holdem":
        return "NT" if rules.limits.chips_limit_bets else "FT"
    codes = {
        "seven-card-stud-last-down": "F7S",
        "razz": "FR",
        "deuce-to-seven-triple-draw": "F2L3D",
    }
    if (name in codes and rules.forced.bring_in) or name == "deuce-to-seven-triple-draw":
        return codes[name]
    raise IllegalAction(f"PHH has no code for {name!r}; keep cardtable's own record")


def _antes_field(rules: PokerRules, players: int) -> list[int]:
    seats = rules.forced.ante_seats(players, players - 1)
    return [rules.forced.ante if seat in seats else 0 for seat in range(players)]


def _deals(events: Sequence[Any]) -> list[str]:
    lines = []
    for event in events:
        if event.kind in ("deal", "draw") and event.cards and event.seat is not None:
            lines.append(f"d dh p{event.seat + 1} {_phh_cards(event.cards)}")
        elif event.kind in ("board", "reveal") and event.cards:
            lines.append(f"d db {_phh_cards(event.cards)}")
    return lines


def _phh_cards(cards: Sequence[Card]) -> str:
    return cards_text(cards, "ascii").replace(" ", "").replace("10", "T")


def _notation(deal: PokerDeal, seat: int, action: TableAction) -> str:
    """The PHH notation of ``action`` by ``seat``, before it is played."""
    actor = f"p{seat + 1}"
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
