"""A poker session's chairs and seats: taken at random or by cards, newcomers, the first dealer.

002_053e85955f9a4108.txt, "Места за столом": the seats by cards dealt face up, a newcomer
seated left of the lowest card, and the first dealer found by dealing "до выпадения первого
валета".
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.cards import Card, Rank, cards_text
from cardtable.engine.deal import Event, Value, public_event
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.errors import IllegalAction
from cardtable.poker.actions import TableAction
from cardtable.poker.session import Seating, Session, first_dealer_by_jack, seat_by_cards
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.view import PokerView


class SeatingMatch(Match[TableAction, PokerView, PokerRules]):
    """A session's seating: the chairs in clockwise order, the players present, the dealer.

    The match's seats are the chairs; with ``session.waiting`` the last chairs are empty at
    the start. The moves between deals that seat players (``join``, ``seat``,
    ``first-dealer``) are checked and played here; :class:`cardtable.poker.match.PokerMatch`
    dispatches them.
    """

    def __init__(
        self,
        game: Game[TableAction, PokerView, PokerRules],
        rules: PokerRules,
        seats: Sequence[str],
        preset: str | None,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        spec = rules.variant  # checked by PokerRules itself
        if not spec.players_min <= len(seats) <= spec.players_max:
            raise IllegalAction(
                f"{spec.title} is played by {spec.players_min} to {spec.players_max} players, "
                f"not {len(seats)}"
            )
        waiting = min(rules.session.waiting, len(seats) - 2)
        present = list(seats[: len(seats) - waiting])
        self.session = Session(present, 0, rules.session, rules.limits, rules.house)
        for name in seats:
            self.session.ledger.join(name)
        for name in present:
            self.session.ledger.buy(name, self._stake())
        self.by_cards = rules.session.seating is Seating.CARDS
        self.seated = not self.by_cards
        """Whether the seats are taken: at once at random, or by cards before the first deal."""

    def order(self) -> list[int]:
        """The seats of the players at the table, clockwise: the session's seating."""
        return [self.seats.index(name) for name in self.session.seating]

    def _shuffled(self, salt: str) -> list[Card]:
        """The table's deck shuffled for dealing seats: chance from the recorded ``salt``."""
        deck = list(self.deck())
        random.Random(salt).shuffle(deck)
        return deck

    def _seat_by_cards(self, cards: Sequence[Card]) -> list[Event]:
        """The first dealer deals a card face up to each other player and they sit by them.

        "По кругу сдает по одной карте в открытую, начиная с игрока слева от себя. Игрок с
        самой младшей картой садится слева от сдающего ..." (Места за столом).
        """
        session = self.session
        dealer = session.dealer_name
        others = [name for name in self.session.from_dealers_left() if name != dealer]
        if len(cards) != len(others):
            raise IllegalAction(
                f"deal one card to each of the {len(others)} players but the dealer"
            )
        self._check_cards(cards)
        session.seating = seat_by_cards(dealer, others, cards)
        session.dealer = 0
        self.seated = True
        events = self._dealt_face_up(others, cards)
        text = "the players sit clockwise: " + ", ".join(session.seating)
        names = ", ".join(session.seating)
        return [*events, public_event("seat", None, text, key="seating", values={"names": names})]

    def _dealt_face_up(self, names: Sequence[str], cards: Sequence[Card]) -> list[Event]:
        # The seating's public events: each of ``names`` dealt his card face up, in turn.
        return [
            public_event(
                "seat",
                self.seats.index(name),
                f"{name} is dealt face up",
                [card],
                key="seat-card",
                values={"name": name},
            )
            for name, card in zip(names, cards, strict=True)
        ]

    def _check_cards(self, cards: Sequence[Card]) -> None:
        deck = self.deck()
        if len(set(cards)) != len(cards) or any(card not in deck for card in cards):
            raise IllegalAction(f"not cards of one deck of this table: {cards_text(cards)}")

    def _stake(self) -> int:
        limits = self.rules.limits
        return limits.freeze_out_stake if limits.freeze_out else self.rules.stake

    def next_dealer(self) -> int:
        """The seat of the session's next dealer."""
        return self.seats.index(self.session.dealer_name)

    def deck(self) -> tuple[Card, ...]:
        """The table's deck (fifty-two cards, with jokers or stripped if the variant says)."""
        return self.rules.variant.hands.deck().cards()

    def _others(self) -> int:
        """How many players besides the dealer are at the table."""
        return len(self.session.seating) - 1

    def _join(self, name: str, cards: tuple[Card, ...]) -> list[Event]:
        """A player sits down between deals and buys the stake.

        At random seating he takes his own chair. By cards, once the seats are taken, the
        dealer deals a card face up to every player at the table (from his left) and the
        newcomer sits left of the lowest ("новый игрок занимает место слева от игрока с самой
        младшей картой"); ``cards`` are those dealt, or, if none are written, they come from
        the deck shuffled by the last deal's recorded seed. Before the seats are taken by
        cards he simply joins the players who will draw for them.
        """
        session = self.session
        dealer = session.dealer_name
        events: list[Event] = []
        if self.by_cards and self.seated:
            events = self._seat_newcomer(name, cards)
        elif self.by_cards:
            session.seating = [*session.seating, name]
        else:
            session.seating = [
                seat for seat in self.seats if seat in session.seating or seat == name
            ]
        session.dealer = session.seating.index(dealer)
        session.ledger.buy(name, self._stake())
        text = f"{name} sits down and buys {self._stake()} chips"
        said: dict[str, Value] = {"name": name, "chips": self._stake()}
        return [
            *events,
            public_event("join", self.seats.index(name), text, key="join", values=said),
        ]

    def _why_not_join(self, name: str, cards: tuple[Card, ...]) -> str | None:
        """No chair, already seated, a freeze-out under way, no stake, or cards not asked for."""
        session = self.session
        if name not in self.seats:
            return f"{name} has no chair at this table"
        if name in session.seating or name in session.out:
            return f"{name} has already sat down at this table"
        if self.rules.limits.freeze_out and session.deals:
            return "nobody joins a freeze-out once it has started"
        reason = session.ledger.why_not_buy(name, self._stake())
        if reason is not None:
            return reason
        if cards and not (self.by_cards and self.seated):
            return "a newcomer is dealt a card only once the seats are taken by cards"
        return None

    def _seat_newcomer(self, name: str, dealt: tuple[Card, ...]) -> list[Event]:
        """Deal a card face up to each player at the table; seat ``name`` left of the lowest."""
        players = self.session.from_dealers_left()
        if dealt:
            cards = list(dealt)
        elif self.deals:
            cards = self._shuffled(f"join {name} {self.deals[-1].setup.seed}")[: len(players)]
        else:
            raise IllegalAction(f"write the cards dealt to the players: join {name} CARDS")
        if len(cards) != len(players):
            raise IllegalAction(f"deal one card to each of the {len(players)} players at the table")
        self._check_cards(cards)
        self.session.join(name, cards)
        events = self._dealt_face_up(players, cards)
        seating = self.session.seating
        neighbour = seating[seating.index(name) - 1]
        said = {"name": name, "neighbour": neighbour}
        return [
            *events,
            public_event(
                "seat", None, f"{name} sits left of {neighbour}", key="sits-left", values=said
            ),
        ]

    def _why_not_seat(self) -> str | None:
        """``seat CARDS`` only where seats go by cards, and once, before the first deal."""
        if not self.by_cards:
            return "this table agreed to take its seats at random"
        if self.seated or self.deals:
            return "the seats are taken once, before the first deal"
        return None

    def _why_not_first_dealer(self) -> str | None:
        """The first dealer is chosen before the first deal and before the seats by cards."""
        if self.deals:
            return "the first dealer is chosen before the first deal"
        if self.by_cards and self.seated:
            return "the first dealer is chosen before the seats are taken by cards"
        return None

    def _first_dealer(self, cards: tuple[Card, ...]) -> list[Event]:
        """Cards dealt face up from the first chair: the first jack's holder deals first."""
        players = self.session.seating
        place = first_dealer_by_jack(cards, len(players), 0)
        if any(card.rank is Rank.JACK for card in cards[:-1]):
            raise IllegalAction("dealing stops at the first jack")
        self.session.dealer = place
        name = players[place]
        text = f"{name} gets the first jack and deals"
        return [
            public_event(
                "first-dealer", None, text, cards, key="first-dealer", values={"name": name}
            )
        ]
