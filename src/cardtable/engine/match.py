"""A match: the deals of one pulka, one piquet partie or one poker session, and their score.

The match sequences deals (it knows who deals next and what deck is used), books each
finished deal on its score sheet, knows when it is over, and keeps a ledger of what every
account has won or lost. The ledger's accounts are the seats, plus any others the game needs
(a poker house taking a rake, a kitty); its values always sum to zero.

Drivers move a match only through :meth:`Match.apply` (moves inside the current deal) and
:meth:`Match.apply_between` (moves between deals: a poker player joining, a dealer naming
his game), so that the match's :meth:`~Match.record` holds everything needed to replay it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from cardtable.cards import Card, cards_text
from cardtable.engine.deal import Deal, DealSetup, Event
from cardtable.engine.record import DealEntry, DealResult, Record, Summary
from cardtable.engine.rng import shuffle
from cardtable.engine.rules import Preset, rules_to_mapping
from cardtable.engine.views import view_to_data
from cardtable.errors import IllegalAction

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")
A_contra = TypeVar("A_contra", bound=Hashable, contravariant=True)
R_co = TypeVar("R_co", covariant=True)


class MatchGame(Protocol[A_contra, R_co]):
    """What a match knows of its game: its names, its presets and its notation.

    Every registered :class:`~cardtable.engine.game.Game` is one; the match needs no more.
    """

    @property
    def name(self) -> str:
        """The registry name, written in records."""
        ...

    @property
    def title(self) -> str:
        """The name shown to people."""
        ...

    @property
    def presets(self) -> dict[str, Preset]:
        """The named presets."""
        ...

    def rules(
        self, preset: str | None = None, overrides: Mapping[str, object] | None = None
    ) -> R_co:
        """The rules of a preset, with overrides."""
        ...

    def action_text(self, action: A_contra, /) -> str:
        """The canonical text of ``action``."""
        ...


class Match(ABC, Generic[A, V, R]):
    """The protocol every game's match speaks; subclasses supply the game's own parts.

    ``A`` is the game's action type, ``V`` the type of a seat's view, ``R`` its rules.
    """

    def __init__(
        self, game: MatchGame[A, R], rules: R, seats: Sequence[str], preset: str | None
    ) -> None:
        self.game = game
        self.rules = rules
        self.seats = tuple(seats)
        self.preset = preset
        self.deals: list[Deal[A, V]] = []
        self.between: list[list[str]] = [[]]
        self.results: list[DealResult] = []
        """Each finished deal's outcome and the ledger after it, as its record states them."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the match has ended (pools closed, partie finished, session over)."""

    @abstractmethod
    def next_dealer(self) -> int:
        """The seat that deals the next deal."""

    @abstractmethod
    def deck(self) -> tuple[Card, ...]:
        """The cards of the next deal's deck, in the fixed order that shuffling starts from."""

    @abstractmethod
    def _new_deal(self, setup: DealSetup) -> Deal[A, V]:
        """The game's deal for ``setup``."""

    @abstractmethod
    def _book(self, deal: Deal[A, V]) -> list[Event]:
        """Write a finished deal on the score sheet; return the events of the writing."""

    @abstractmethod
    def ledger(self) -> dict[str, Fraction]:
        """What every account has won (positive) or lost so far; the values sum to zero."""

    def sheet_svg(self, lang: str = "ru") -> str | None:
        """The score sheet drawn as its players draw it (SVG text), or ``None``.

        ``None`` where the game draws none. It holds no card, so any seat or spectator may
        see it at any time. Words on it are in ``lang`` (``ru``, the seeds', or ``en``).
        """
        return None

    def sheet_data(self, deal: int) -> dict[str, Any]:
        """The score sheet as public data, with deal number ``deal`` (0: none) for its counts.

        What a table draws its score panel from, locally and at a server's table
        (``GET /api/tables/{id}/sheet``): ``game``, ``seats``, the ``ledger`` as ``[account,
        amount]`` pairs (amounts as fraction text, ``"5/3"``) and the game's own part
        (:meth:`sheet_figures`). The sheet is public, as on paper: it is built from the sheet
        and the deal's public view alone, never a hand, the talon or the deck. Raises
        :class:`IllegalAction` for a deal not dealt.
        """
        if not 0 <= deal <= len(self.deals):
            raise IllegalAction(f"the match has dealt {len(self.deals)} deals, not deal {deal}")
        return {
            "game": self.game.name,
            "seats": list(self.seats),
            "ledger": [[name, str(Fraction(amount))] for name, amount in self.ledger().items()],
            **self.sheet_figures(deal),
        }

    def sheet_figures(self, deal: int) -> dict[str, Any]:
        """The game's own part of :meth:`sheet_data` (its ``kind`` and figures); none here."""
        return {}

    def between_turn(self) -> int | None:
        """The seat whose move between deals the next deal waits for, or ``None``.

        A driver deals no further deal while a seat is named here; it offers that seat
        :meth:`between_moves` and plays the one it sends with :meth:`apply_between`.
        """
        return None

    def between_moves(self, seat: int) -> list[str]:
        """The moves between deals ``seat`` is offered now, in canonical text (none if none).

        The first is the one a bot or a stand-in makes for the seat.
        """
        return []

    def offers_between(self, seat: int, text: str) -> bool:
        """Whether ``seat`` may send the move between deals ``text`` now (an offered one)."""
        return text in self.between_moves(seat)

    def _do_between(self, action_text: str) -> list[Event]:
        """Apply a move between deals; games that have such moves override this."""
        raise IllegalAction(f"{self.game.name} has no moves between deals: {action_text!r}")

    @property
    def current(self) -> Deal[A, V] | None:
        """The deal in progress, or ``None`` between deals."""
        if self.deals and not self.deals[-1].is_over:
            return self.deals[-1]
        return None

    @property
    def to_move(self) -> int | None:
        """The seat to move in the current deal, or ``None`` between deals."""
        deal = self.current
        return None if deal is None else deal.to_move

    def legal_actions(self) -> Sequence[A]:
        """The legal actions of the seat to move in the current deal."""
        return self._require_deal().legal_actions()

    def view(self, seat: int) -> V:
        """What ``seat`` may know of the current (or last) deal."""
        if not self.deals:
            raise IllegalAction("no deal has been dealt yet")
        return self.deals[-1].view(seat)

    def apply(self, action: A) -> tuple[Event, ...]:
        """Play ``action`` in the current deal; book the deal if it ends."""
        deal = self._require_deal()
        events = deal.apply(action)
        if deal.is_over:
            events += self._finish(deal)
        return events

    def _finish(self, deal: Deal[A, V]) -> tuple[Event, ...]:
        """Book a deal that has just ended and keep its result for the record."""
        events = deal._log(self._book(deal))
        outcome = view_to_data(deal.outcome())
        self.results.append(DealResult(outcome, view_to_data(self.ledger())))
        return events

    def apply_between(self, action_text: str) -> tuple[Event, ...]:
        """Apply a move between deals, written in the game's canonical text."""
        if self.current is not None:
            raise IllegalAction("a deal is in progress")
        if self.is_over:
            raise IllegalAction("the match is over")
        events = tuple(self._do_between(action_text))
        self.between[-1].append(action_text)
        return events

    def start_deal(self, rng: random.Random, salt: bytes = b"") -> Deal[A, V]:
        """Shuffle the deck with ``rng`` and deal the next deal.

        ``salt`` is the secret of the deal's deck commitment: real play passes fresh bytes from
        :func:`~cardtable.engine.integrity.fresh_salt`; without one the commitment still binds
        the deck but does not hide it.
        """
        deck = list(self.deck())
        shuffle(deck, rng)
        setup = DealSetup(self.next_dealer(), tuple(deck), rng.getrandbits(32), salt)
        return self._start(setup)  # its own deck shuffled: the same cards without counting

    def start_deal_from(self, setup: DealSetup) -> Deal[A, V]:
        """Deal the next deal from a given dealer, deck order and seed (as a record does)."""
        if not _same_cards(setup.deck, self.deck()):
            given, wanted = Counter(setup.deck), Counter(self.deck())
            # Name only the difference: a whole deck in the message hides it.
            lacking, surplus = list((wanted - given).elements()), list((given - wanted).elements())
            differences = ([f"it lacks {cards_text(lacking)}"] if lacking else []) + (
                [f"it has {cards_text(surplus)} too many"] if surplus else []
            )
            raise IllegalAction(f"the deck is not this game's deck: {'; '.join(differences)}")
        return self._start(setup)

    def _start(self, setup: DealSetup) -> Deal[A, V]:
        """Deal the next deal from ``setup``, whose deck holds this game's cards."""
        if self.is_over:
            raise IllegalAction("the match is over")
        if self.current is not None:
            raise IllegalAction("the current deal is not finished")
        expected = self.next_dealer()
        if setup.dealer != expected:
            raise IllegalAction(f"seat {expected} deals next, not seat {setup.dealer}")
        deal = self._new_deal(setup)
        self.deals.append(deal)
        self.between.append([])
        if deal.is_over:  # a variant may end its deal as it is dealt, before any move
            self._finish(deal)
        return deal

    def record(self) -> Record:
        """The whole match as data, enough to replay every state exactly."""
        entries = tuple(
            DealEntry(
                dealer=deal.setup.dealer,
                deck=deal.setup.deck,
                seed=deal.setup.seed,
                actions=tuple(self.game.action_text(action) for action in deal.history),
                before=tuple(self.between[number]),
                salt=deal.setup.salt.hex(),
                result=self.results[number] if number < len(self.results) else None,
            )
            for number, deal in enumerate(self.deals)
        )
        return Record(
            game=self.game.name,
            preset=self.preset,
            rules=rules_to_mapping(self.rules),
            seats=self.seats,
            deals=entries,
            after=tuple(self.between[len(self.deals)]),
            summary=Summary(len(self.deals), self.is_over, view_to_data(self.ledger())),
        )

    def _require_deal(self) -> Deal[A, V]:
        deal = self.current
        if deal is None:
            raise IllegalAction("no deal is in progress")
        return deal


SomeMatch = Match[Hashable, object, object]
"""A match of a game from the registry, whose action, view and rules types are forgotten."""


def _same_cards(given: Sequence[Card], wanted: Sequence[Card]) -> bool:
    """Whether ``given`` holds the cards of ``wanted``, each as many times.

    A deck of distinct cards is compared as a set (with its length); only a deck holding a
    card twice needs the counts, which cost a deal's start several times more.
    """
    if len(given) != len(wanted):
        return False
    cards = frozenset(wanted)
    if len(cards) == len(wanted):
        return cards == frozenset(given)
    return Counter(given) == Counter(wanted)
