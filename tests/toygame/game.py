"""The toy game's rules, deal, match and registration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from cardtable.cards import Card, DeckSpec, Rank, parse_card
from cardtable.engine import (
    Deal,
    DealSetup,
    Event,
    Game,
    Match,
    option,
    private_event,
    public_event,
)
from cardtable.engine.registry import register
from cardtable.errors import CardtableError, IllegalAction


@dataclass(frozen=True)
class ToyRules:
    """The options of toy tricks."""

    deals: int = option(2, "Deals in a match.", "toy game")
    discard: bool = option(True, "Each player discards one card face down before play.", "toy game")
    point: int = option(1, "What a trick is worth from each other player.", "toy game")


@dataclass(frozen=True)
class Play:
    """Play (or, before the tricks, discard) one card."""

    card: Card


@dataclass(frozen=True)
class ToyView:
    """What one seat knows."""

    seat: int
    hand: tuple[Card, ...]
    discarded: Card | None
    trick: tuple[Card, ...]
    tricks: tuple[int, ...]
    to_move: int | None


@dataclass(frozen=True)
class ToyOutcome:
    """Tricks won by each seat."""

    tricks: tuple[int, ...]


HAND = 4
DECK = DeckSpec((Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)).cards()


class ToyDeal(Deal[Play, ToyView]):
    """One deal of toy tricks."""

    def __init__(self, seats: int, setup: DealSetup, rules: ToyRules) -> None:
        super().__init__(seats, setup)
        self.rules = rules
        self.hands = [list(setup.deck[HAND * s : HAND * s + HAND]) for s in range(seats)]
        self.discards: list[Card | None] = [None] * seats
        self.leader = (setup.dealer + 1) % seats
        self.turn: int | None = self.leader
        self.trick: list[Card] = []
        self.tricks = [0] * seats
        self.discarding = rules.discard
        self._log(
            [
                private_event("deal", s, f"seat {s} is dealt {HAND} cards", h)
                for s, h in enumerate(self.hands)
            ]
        )

    @property
    def to_move(self) -> int | None:
        """The seat to move."""
        return self.turn

    def legal_actions(self) -> list[Play]:
        """Any card when discarding or leading, else the led suit if held."""
        if self.turn is None:
            return []
        hand = self.hands[self.turn]
        if self.discarding or not self.trick:
            return [Play(c) for c in hand]
        led = [c for c in hand if c.suit == self.trick[0].suit]
        return [Play(c) for c in (led or hand)]

    def why_illegal(self, action: Play) -> str | None:
        """The reason ``action`` is refused."""
        if self.turn is None:
            return "the deal is over"
        if action.card not in self.hands[self.turn]:
            return f"seat {self.turn} does not hold {action.card}"
        if action not in self.legal_actions():
            return "must follow suit"
        return None

    def _do(self, action: Play) -> list[Event]:
        seat = self.turn
        assert seat is not None
        self.hands[seat].remove(action.card)
        if self.discarding:
            self.discards[seat] = action.card
            self.turn = (seat + 1) % self.seats
            if self.turn == self.leader:
                self.discarding = False
            return [
                Event("discard", seat, f"seat {seat} discards", (action.card,), frozenset({seat}))
            ]
        self.trick.append(action.card)
        events = [public_event("play", seat, f"seat {seat} plays", [action.card])]
        if len(self.trick) < self.seats:
            self.turn = (seat + 1) % self.seats
            return events
        led = self.trick[0].suit
        best = max(range(self.seats), key=lambda i: (self.trick[i].suit == led, self.trick[i].rank))
        winner = (self.leader + best) % self.seats
        self.tricks[winner] += 1
        self.trick = []
        self.leader = winner
        self.turn = winner if self.hands[winner] else None
        return [*events, public_event("trick", winner, f"seat {winner} takes the trick")]

    def view(self, seat: int) -> ToyView:
        """What ``seat`` knows."""
        return ToyView(
            seat,
            tuple(self.hands[seat]),
            self.discards[seat],
            tuple(self.trick),
            tuple(self.tricks),
            self.turn,
        )

    def outcome(self) -> ToyOutcome:
        """Tricks per seat."""
        return ToyOutcome(tuple(self.tricks))


class ToyMatch(Match[Play, ToyView, ToyRules]):
    """A fixed number of deals; the ledger pays each trick from every other seat."""

    def __init__(
        self,
        game: Game[Play, ToyView, ToyRules],
        rules: ToyRules,
        seats: Sequence[str],
        preset: str | None,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        self.balance = [Fraction(0)] * len(seats)
        self.stake = 1

    @property
    def is_over(self) -> bool:
        """After the agreed number of deals."""
        return len(self.deals) >= self.rules.deals and self.current is None

    def next_dealer(self) -> int:
        """Clockwise from seat 0."""
        return len(self.deals) % len(self.seats)

    def deck(self) -> tuple[Card, ...]:
        """Sixteen cards."""
        return DECK

    def _new_deal(self, setup: DealSetup) -> ToyDeal:
        return ToyDeal(len(self.seats), setup, self.rules)

    def _book(self, deal: Deal[Play, ToyView]) -> list[Event]:
        outcome = deal.outcome()
        assert isinstance(outcome, ToyOutcome)
        tricks = outcome.tricks
        n = len(self.seats)
        total = sum(tricks)
        for seat, won in enumerate(tricks):
            self.balance[seat] += self.stake * self.rules.point * (n * won - total)
        self.stake = 1
        return [public_event("score", None, "scores " + " ".join(str(b) for b in self.balance))]

    def _do_between(self, action_text: str) -> list[Event]:
        if action_text != "double":
            raise IllegalAction(f"unknown move between deals: {action_text!r}")
        self.stake *= 2
        return [public_event("double", None, f"the next deal is played for {self.stake}")]

    def ledger(self) -> dict[str, Fraction]:
        """Net points per seat."""
        return dict(zip(self.seats, self.balance, strict=True))


class ToyGame(Game[Play, ToyView, ToyRules]):
    """Toy tricks, registered as ``toy``."""

    name = "toy"
    title = "Toy tricks"
    aliases = ("toy-tricks", "игрушка")
    players = (2, 3, 4)
    rules_type = ToyRules
    presets_package = "toygame"
    default_preset = "standard"

    def new_match(
        self, rules: ToyRules, seats: Sequence[str], preset: str | None = None
    ) -> ToyMatch:
        """A new toy match."""
        self.check_players(len(seats))
        return ToyMatch(self, rules, seats, preset)

    def parse_action(self, text: str) -> Play:
        """``play A♠`` or just ``A♠``."""
        try:
            return Play(parse_card(text.removeprefix("play ").strip()))
        except CardtableError as error:
            raise IllegalAction(f"not a toy move: {text!r} ({error})") from None

    def action_text(self, action: Play) -> str:
        """``play A♠``."""
        return f"play {action.card}"

    def deal_tags(self, outcome: object) -> list[str]:
        """Tag a deal by its top trick count."""
        assert isinstance(outcome, ToyOutcome)
        return [f"top {max(outcome.tricks)}"]


TOY = register(ToyGame())
