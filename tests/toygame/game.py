"""The toy game's rules, deal, match and registration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from cardtable.cards import Card, DeckSpec, Rank, cards_text, parse_card, parse_cards
from cardtable.engine import (
    CardChoice,
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
    pairs: bool = option(False, "The discard is two cards laid aside at once.", "toy game")


@dataclass(frozen=True)
class Play:
    """Play (or, before the tricks, discard) one card."""

    card: Card


@dataclass(frozen=True)
class Discard:
    """Lay two cards aside face down at once (under the ``pairs`` option)."""

    cards: frozenset[Card]


Move = Play | Discard


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
class ToyPublicView:
    """What a spectator knows: the trick on the table and the tricks taken."""

    trick: tuple[Card, ...]
    tricks: tuple[int, ...]
    to_move: int | None


@dataclass(frozen=True)
class ToyOutcome:
    """Tricks won by each seat."""

    tricks: tuple[int, ...]


HAND = 4
DECK = DeckSpec((Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)).cards()


class ToyDeal(Deal[Move, ToyView]):
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

    def legal_actions(self) -> list[Move]:
        """A card (a pair under ``pairs``) to discard; any to lead, else the led suit if held."""
        if self.turn is None:
            return []
        hand = self.hands[self.turn]
        if self.discarding and self.rules.pairs:
            return [Discard(frozenset(pair)) for pair in combinations(hand, 2)]
        if self.discarding or not self.trick:
            return [Play(c) for c in hand]
        led = [c for c in hand if c.suit == self.trick[0].suit]
        return [Play(c) for c in (led or hand)]

    def choices(self) -> list[CardChoice]:
        """Under ``pairs``, the discard: two of the hand."""
        if self.turn is None or not (self.discarding and self.rules.pairs):
            return []
        return [CardChoice("discard", tuple(self.hands[self.turn]), (2,), "two cards")]

    def why_illegal(self, action: Move) -> str | None:
        """The reason ``action`` is refused."""
        if self.turn is None:
            return "the deal is over"
        cards = action.cards if isinstance(action, Discard) else {action.card}
        missing = [card for card in cards if card not in self.hands[self.turn]]
        if missing:
            return f"seat {self.turn} does not hold {missing[0]}"
        if action not in self.legal_actions():
            return "must follow suit" if isinstance(action, Play) else "discard two cards"
        return None

    def _do(self, action: Move) -> list[Event]:
        seat = self.turn
        assert seat is not None
        if isinstance(action, Discard):
            return self._discard_pair(seat, action.cards)
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

    def _discard_pair(self, seat: int, cards: frozenset[Card]) -> list[Event]:
        for card in cards:
            self.hands[seat].remove(card)
        self.turn = (seat + 1) % self.seats
        if self.turn == self.leader:
            self.discarding = False
        return [
            Event(
                "discard",
                seat,
                f"seat {seat} discards two",
                tuple(sorted(cards, key=lambda c: c.index)),
                frozenset({seat}),
            )
        ]

    def public_view(self) -> ToyPublicView:
        """The trick and the tricks taken."""
        return ToyPublicView(tuple(self.trick), tuple(self.tricks), self.turn)

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


class ToyMatch(Match[Move, ToyView, ToyRules]):
    """A fixed number of deals; the ledger pays each trick from every other seat."""

    def __init__(
        self,
        game: Game[Move, ToyView, ToyRules],
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

    def _book(self, deal: Deal[Move, ToyView]) -> list[Event]:
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


class ToyGame(Game[Move, ToyView, ToyRules]):
    """Toy tricks, registered as ``toy``."""

    name = "toy"
    title = "Toy tricks"
    aliases = ("toy-tricks", "игрушка")
    players = (2, 3, 4)
    rules_type = ToyRules
    public_view_type = ToyPublicView
    presets_package = "toygame"
    default_preset = "standard"

    def new_match(
        self, rules: ToyRules, seats: Sequence[str], preset: str | None = None
    ) -> ToyMatch:
        """A new toy match."""
        self.check_players(len(seats))
        return ToyMatch(self, rules, seats, preset)

    def parse_action(self, text: str) -> Move:
        """``play A♠`` or just ``A♠``; ``discard A♠ K♠``."""
        try:
            if text.startswith("discard "):
                return Discard(frozenset(parse_cards(text.removeprefix("discard "))))
            return Play(parse_card(text.removeprefix("play ").strip()))
        except CardtableError as error:
            raise IllegalAction(f"not a toy move: {text!r} ({error})") from None

    def action_text(self, action: Move) -> str:
        """``play A♠``, ``discard A♠ K♠``."""
        if isinstance(action, Discard):
            return "discard " + cards_text(sorted(action.cards, key=lambda card: card.index))
        return f"play {action.card}"

    def deal_tags(self, outcome: object) -> list[str]:
        """Tag a deal by its top trick count."""
        assert isinstance(outcome, ToyOutcome)
        return [f"top {max(outcome.tricks)}"]


TOY = register(ToyGame())
