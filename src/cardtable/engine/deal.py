"""One deal (one hand) as a state machine: the protocol every game's deal speaks.

A deal is created from the rules, the seats, the dealer and a deck order (plus a seed for
any chance inside the deal, such as reshuffled discards). It then moves only by
:meth:`Deal.apply`, which checks the action first: an illegal action raises
:class:`~cardtable.errors.IllegalAction` with the reason and changes nothing.

Everything that happens is an :class:`Event` with an audience. A seat knows exactly the
cards named by the events it saw; :meth:`Deal.view` may show it nothing more, and the generic
harness checks that.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from cardtable.cards import Card, cards_text
from cardtable.engine.choices import CardChoice
from cardtable.engine.integrity import deck_commitment
from cardtable.errors import IllegalAction

Action = Hashable
"""A game's action: a small frozen value with one canonical text form in that game."""

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

Value = str | int
"""One value an event's sentence is made of: a seat, an amount, a count, or a word or name."""


class _NoValues(Mapping[str, Value]):
    """The one empty, unchangeable values an event gets when none are given."""

    def __getitem__(self, name: str) -> Value:
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __hash__(self) -> int:
        return 0

    def __reduce__(self) -> str:
        return "NO_VALUES"


NO_VALUES: Mapping[str, Value] = _NoValues()
"""The values of an event said without any (and of one made before events had them)."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a deal, as a sentence, with the cards it showed and to whom.

    ``audience`` is ``None`` when the event is public, else the seats that saw ``cards``.
    Everyone learns that the event happened (``text``); only the audience learns the cards.

    ``key`` and ``values`` are the sentence for machines: the game's phrase book
    (``PHRASES`` of its ``phrases`` module) holds the English template of each key, and
    ``PHRASES[key].format_map(values) == text``; a page says the event in its own language
    from them (docs/web.md, "Events in the page's language"). Values name only what ``text``
    says, never a hidden card.

    >>> e = Event("discard", seat=1, text="seat 1 discards two cards", cards=(), audience=None)
    >>> e.seen_by(0) is e
    True
    """

    kind: str
    seat: int | None
    text: str
    cards: tuple[Card, ...] = ()
    audience: frozenset[int] | None = None
    key: str = ""
    values: Mapping[str, Value] = field(default=NO_VALUES, hash=False)

    def shows_cards_to(self, seat: int | None) -> bool:
        """Whether ``seat`` saw this event's cards; ``None``, a spectator, sees public ones."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` saw it: whole, or without the cards it was not shown.

        ``None`` is a spectator, who sees the cards of public events only.
        """
        if self.shows_cards_to(seat):
            return self
        return Event(self.kind, self.seat, self.text, (), self.audience, self.key, self.values)

    def __reduce__(self) -> tuple[type[Event], tuple[object, ...]]:
        # Pickling by constructor arguments is several times faster than the slots default.
        return Event, (
            self.kind,
            self.seat,
            self.text,
            self.cards,
            self.audience,
            self.key,
            self.values,
        )

    def __str__(self) -> str:
        if self.cards:
            return f"{self.text}: {cards_text(self.cards)}"
        return self.text


def private_event(
    kind: str,
    seat: int,
    text: str,
    cards: Sequence[Card],
    *,
    key: str = "",
    values: Mapping[str, Value] = NO_VALUES,
) -> Event:
    """An event whose cards only ``seat`` sees (a dealt hand, a face-down discard)."""
    return Event(kind, seat, text, tuple(cards), frozenset({seat}), key, values)


def public_event(
    kind: str,
    seat: int | None,
    text: str,
    cards: Sequence[Card] = (),
    *,
    key: str = "",
    values: Mapping[str, Value] = NO_VALUES,
) -> Event:
    """An event everyone sees, cards included (a card played, a talon turned face up)."""
    return Event(kind, seat, text, tuple(cards), None, key, values)


@dataclass(frozen=True, slots=True)
class DealSetup:
    """What a deal starts from: the dealer, the deck order, and a seed for chance inside it.

    ``salt`` is the secret that makes the deal's deck commitment hide the deck (docs/records.md);
    it plays no part in the deal itself.
    """

    dealer: int
    deck: tuple[Card, ...]
    seed: int = 0
    salt: bytes = b""

    @property
    def commitment(self) -> str:
        """The commitment to this deal's deck order and seed (docs/records.md)."""
        return deck_commitment(cards_text(self.deck), self.seed, self.salt.hex())


class Deal(ABC, Generic[A, V]):
    """The state of one deal. Subclasses hold the rules; this base holds the bookkeeping.

    A subclass implements :meth:`to_move`, :meth:`legal_actions`, :meth:`why_illegal`,
    :meth:`_do` (change the state and return the events), :meth:`view`,
    :meth:`public_view` and :meth:`outcome`; it calls :meth:`_log` for the events of the
    deal's start. A deal whose moves include sets of cards offers them as :meth:`choices`.
    """

    def __init__(self, seats: int, setup: DealSetup) -> None:
        self.seats = seats
        self.setup = setup
        self.history: list[A] = []
        self.events: list[Event] = []
        self._known: list[set[Card]] = [set() for _ in range(seats)]
        self._public: set[Card] = set()
        self._listed: tuple[A, ...] = ()

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the deal is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every legal action of the seat to move (a range of amounts by its ends)."""

    @abstractmethod
    def why_illegal(self, action: A) -> str | None:
        """Why ``action`` may not be played now, or ``None`` if it may."""

    @abstractmethod
    def _do(self, action: A) -> list[Event]:
        """Play a legal ``action``: change the state and return the events it caused."""

    @abstractmethod
    def view(self, seat: int) -> V:
        """All that ``seat`` may know now, and nothing more: the only thing shown to it."""

    @abstractmethod
    def public_view(self) -> object:
        """All that a spectator may know now: only cards the table has shown to everyone.

        A game's public view is a type of its own, its seat view without a seat's cards.
        """

    def choices(self) -> list[CardChoice]:
        """The moves of the seat to move that are sets of cards, as structure to pick from.

        Every move :meth:`CardChoice.text` builds is legal, and every legal move that is a
        set of cards is built by one of them (the harness checks both). None by default.
        """
        return []

    @abstractmethod
    def outcome(self) -> object:
        """The finished deal's result in the game's own terms (contract, tricks, pots)."""

    def default_action(self) -> A | None:
        """What the rules play for a seat to move whose time has run out, if they say.

        ``None`` (the default) when they say nothing; a table then lets a bot play the seat.
        """
        return None

    def claim_action(self, seat: int) -> A | None:
        """The action by which ``seat`` claims the remaining tricks, in a game with claims.

        ``None`` (the default) for a game without them. The action is never listed among
        :meth:`legal_actions`; :meth:`why_illegal` says when it may be played.
        """
        return None

    def grant_action(self, seat: int) -> A | None:
        """The action by which the other players grant ``seat``'s claim, in a game with claims."""
        return None

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.to_move is None

    def can_apply(self, action: A) -> bool:
        """Whether ``action`` is legal now."""
        return self.why_illegal(action) is None

    def verify(self, action: A) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` is not legal now.

        A move that is one of the very objects :meth:`_remember_listed` kept from this
        position's legal list is legal without asking :meth:`why_illegal` again.
        """
        if self.is_over:
            raise IllegalAction("the deal is over")
        if any(listed is action for listed in self._listed):
            return
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)

    def apply(self, action: A) -> tuple[Event, ...]:
        """Play ``action`` for the seat to move and return the events it caused."""
        self.verify(action)
        self._listed = ()
        self.history.append(action)
        return self._log(self._do(action))

    def _remember_listed(self, actions: list[A]) -> list[A]:
        """Keep ``actions``, this position's legal list, for :meth:`verify`; return them.

        A copy is kept, so a caller that changes the list it was given changes nothing;
        :meth:`apply` forgets it, since any move changes the position.
        """
        self._listed = tuple(actions)
        return actions

    def _log(self, events: list[Event]) -> tuple[Event, ...]:
        self.events.extend(events)
        for event in events:
            if event.cards:
                if event.audience is None:
                    self._public.update(event.cards)
                audience = range(self.seats) if event.audience is None else event.audience
                for seat in audience:
                    self._known[seat].update(event.cards)
        return tuple(events)

    def events_seen_by(self, seat: int | None) -> list[Event]:
        """The deal's events as ``seat`` (``None``: a spectator) saw them."""
        return [event.seen_by(seat) for event in self.events]

    def cards_known_to(self, seat: int) -> frozenset[Card]:
        """Every card some event has shown to ``seat``."""
        return frozenset(self._known[seat])

    def public_cards(self) -> frozenset[Card]:
        """Every card a public event has shown, all a spectator may know."""
        return frozenset(self._public)

    def copy(self) -> Deal[A, V]:
        """An independent copy for search; subclasses may make it cheaper."""
        clone: Deal[A, V] = copy.deepcopy(self)
        return clone
