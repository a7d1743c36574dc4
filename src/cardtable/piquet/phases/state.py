"""What every phase of a piquet deal shares: the seats, the cards and the counts.

The counts carry the race to a repique or a pique (rules 19, 28, 32: :class:`.Race`), the
points of false calls that a correction withdraws (rule 33), and molchanka (rules 17, 33).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from cardtable.cards import Card
from cardtable.engine import Event
from cardtable.engine.deal import Value, public_event
from cardtable.piquet.declarations import Race
from cardtable.piquet.exchange import ELDER_TALON
from cardtable.piquet.phrases import told, told_to
from cardtable.piquet.rules import PiquetRules

if TYPE_CHECKING:
    from cardtable.piquet.phases.base import Phase

TWO_HAND = 12
"""Cards in each hand for two (rule 5)."""
THREE_HAND = 10
"""Cards in each hand for three (piquet for three)."""

BonusName = Literal["repique", "pique"]


@dataclass(frozen=True)
class Bonus:
    """A repique or pique made: by whom, for how much, and whether false calls helped to it."""

    seat: int
    amount: int
    name: BonusName
    false_help: bool


@dataclass
class DealState:
    """The state one deal's phases share; the phase in progress is :attr:`phase`.

    ``order`` is the seating from the dealer's left (the elder hand first, who leads first);
    ``declaring`` the order of the declarations (for three the dealer calls first).
    """

    rules: PiquetRules
    players: tuple[int, ...]
    dealer: int
    order: tuple[int, ...]
    declaring: tuple[int, ...]
    # The cards in the order they are dealt; a redeal reshuffles them with ``rng``.
    pack: list[Card]
    rng: random.Random
    turn: int | None
    hands: dict[int, list[Card]] = field(default_factory=dict)
    elder_talon: list[Card] = field(default_factory=list)
    dealer_talon: list[Card] = field(default_factory=list)
    dealt: bool = False
    discards: dict[int, list[Card]] = field(default_factory=dict)
    shown: list[Card] = field(default_factory=list)
    played: list[Card] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)
    tricks: dict[int, int] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)
    silenced: set[int] = field(default_factory=set)
    false_callers: set[int] = field(default_factory=set)
    false_points: dict[int, int] = field(default_factory=dict)
    race: Race = field(default_factory=Race)
    bonus: Bonus | None = None
    capot_announced: int | None = None
    claim: int | None = None
    """The seat whose claim of the remaining tricks lies face up, awaiting its grant."""
    phase: Phase = field(init=False)

    @classmethod
    def seat(
        cls,
        rules: PiquetRules,
        players: tuple[int, ...],
        dealer: int,
        deck: tuple[Card, ...],
        seed: int,
    ) -> DealState:
        """The state before the cards are dealt: the seats in order and the pack laid out."""
        start = players.index(dealer) + 1
        order = tuple(players[(start + i) % len(players)] for i in range(len(players)))
        declaring = (dealer, *order[:-1]) if len(players) == 3 else order
        rng = random.Random(seed)
        state = cls(rules, players, dealer, order, declaring, list(deck), rng, turn=dealer)
        state.discards = {seat: [] for seat in players}
        state.counts = {seat: 0 for seat in players}
        state.tricks = {seat: 0 for seat in players}
        state.false_points = {seat: 0 for seat in players}
        state.lay_out()
        return state

    @property
    def three(self) -> bool:
        """Whether three play."""
        return len(self.players) == 3

    @property
    def elder(self) -> int:
        """The elder hand, on the dealer's left, who leads first."""
        return self.order[0]

    @property
    def repique_at(self) -> int:
        """The count in the declarations that makes a repique."""
        return self.rules.three_repique_at if self.three else self.rules.repique_at

    @property
    def pique_at(self) -> int:
        """The elder's count in the play that makes a pique."""
        return self.rules.three_pique_at if self.three else self.rules.pique_at

    # --- the cards ---------------------------------------------------------------------------

    def lay_out(self) -> None:
        """Cut the pack into the hands, then the talon: the elder's five and the dealer's three.

        For three the talon is the dealer's two (rule 5; piquet for three).
        """
        size = THREE_HAND if self.three else TWO_HAND
        self.hands = {s: self.pack[i * size : (i + 1) * size] for i, s in enumerate(self.order)}
        talon = self.pack[size * len(self.players) :]
        self.elder_talon = [] if self.three else talon[:ELDER_TALON]
        self.dealer_talon = talon if self.three else talon[ELDER_TALON:]

    def deal_out(self) -> list[Event]:
        """Hand every player his cards, as laid out."""
        self.dealt = True
        return [
            told_to("deal", seat, "dealt", hand, seat=seat, count=len(hand))
            for seat, hand in ((seat, self.hands[seat]) for seat in self.order)
        ]

    def leftover(self) -> list[Card]:
        """The talon cards nobody has taken."""
        return self.elder_talon + self.dealer_talon

    # --- the counts, pique and repique (rules 17, 19, 28–33) ---------------------------------

    def count(self, seat: int, amount: int, why: str, race: BonusName = "repique") -> list[Event]:
        """Count ``amount`` for ``seat``; ``race`` is the bonus a count can make now.

        A repique in the declarations; a pique in the play, by the elder alone (rule 32).
        """
        if seat in self.silenced or amount <= 0:
            return []
        self.counts[seat] += amount
        total = self.counts[seat]
        # Said without the phrase book's template on this hot path (the two agree, tested).
        said: dict[str, Value] = {"seat": seat, "amount": amount, "why": why, "total": total}
        text = f"seat {seat} counts {amount} for {why}: {total}"
        events = [public_event("count", seat, text, key="counts", values=said)]
        if race == "repique":
            at: int | None = self.repique_at
            to = self.rules.repique_to
        else:
            at = self.pique_at if seat == self.elder else None
            to = self.rules.pique_to
        # Any count goes through the race: another's count ends it even where none is in reach.
        if not self.race.reaches(self.counts, seat, at) or at is None:
            return events
        self.bonus = Bonus(seat, to - at, race, self.false_points[seat] > 0)
        self.counts[seat] += to - at
        self.tags.append(race)
        total = self.counts[seat]
        return [*events, told(race, seat, "bonus", seat=seat, bonus=race, total=total)]

    def silence(self, seat: int) -> None:
        """Molchanka: ``seat`` counts nothing more in this deal, and loses what he counted."""
        self.silenced.add(seat)
        self.counts[seat] = 0
        self.tags.append("molchanka")

    def correct(self, seat: int) -> list[Event]:
        """Withdraw the points of false calls, and a repique they helped to (rule 33)."""
        withdrawn = self.false_points[seat]
        bonus = self.bonus
        if bonus is not None and bonus.seat == seat and bonus.false_help:
            withdrawn += bonus.amount
            self.tags.remove(bonus.name)
            self.bonus = None
        self.counts[seat] -= withdrawn
        self.false_points[seat] = 0
        self.false_callers.discard(seat)
        return [told("correct", seat, "correct", seat=seat, amount=withdrawn)]
