"""A poker session between deals: seats, dealers, newcomers, dealer's choice, jackpots.

From 002_053e85955f9a4108.txt, "Места за столом", "Продолжительность игры", "Схема
построения игры", "Смена сдающего", "Выбор сдающего", "Джекпот", "Вангдудл" and
"«Замороженный вклад»". Chance comes only from an injected :class:`random.Random` or a
given deck order.

>>> from cardtable.cards import parse_cards
>>> first_dealer_by_jack(parse_cards("9♠ 2♥ J♣ J♦"), players=3, start=0)
2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from cardtable.cards import Card, Rank
from cardtable.engine.rules import option
from cardtable.errors import IllegalAction
from cardtable.poker.actions import DealerChoice
from cardtable.poker.ledger import HouseRules, Ledger
from cardtable.poker.limits import Limits, WangdoodleSpan
from cardtable.poker.pots import category_at_least

SEED = "002_053e85955f9a4108.txt"


class Seating(StrEnum):
    """How the players take their seats at the start of a session."""

    RANDOM = "random"
    """"В начале игровой сессии занимаются наугад"."""
    CARDS = "cards"
    """By cards dealt face up: the lowest sits left of the dealer, and so on."""


class ChoiceScope(StrEnum):
    """Dealer's choice: how far the dealer's choice reaches (Выбор сдающего)."""

    NONE = "none"
    DEAL = "deal"
    """а) only his own deal."""
    ROUND = "round"
    """б) a whole round: one deal by each player."""


@dataclass(frozen=True)
class SessionRules:
    """What the table agreed about the session itself."""

    seating: Seating = option(
        Seating.RANDOM, "Seats at random, or by cards dealt face up.", f"{SEED}, Места за столом"
    )
    length_minutes: int = option(
        0,
        "The agreed length of the session in minutes (0: none agreed); kept strictly.",
        f"{SEED}, Продолжительность игры",
    )
    waiting: int = option(
        0,
        "Chairs (the last ones) whose players come later and sit down between deals.",
        f"{SEED}, Места за столом (новый игрок)",
    )
    dealers_choice: ChoiceScope = option(
        ChoiceScope.NONE,
        "Dealer's choice: none, for his deal, or for a whole round.",
        f"{SEED}, Выбор сдающего а)/б)",
    )


def seat_at_random(names: Sequence[str], rng: random.Random) -> list[str]:
    """The players in a random seating order."""
    order = list(names)
    rng.shuffle(order)
    return order


def first_dealer_by_jack(deck: Sequence[Card], players: int, start: int) -> int:
    """Deal face up, one card each from ``start`` clockwise; the first jack's holder deals.

    "Выбор первого сдающего определяется сдачей: до выпадения первого валета".
    """
    for number, card in enumerate(deck):
        if card.rank is Rank.JACK:
            return (start + number) % players
    raise IllegalAction("the deck has no jack to choose the first dealer by")


def _lowest_first(dealt: Sequence[tuple[str, Card]]) -> list[str]:
    """Names by their cards from the lowest; of equal ranks the one dealt first is higher."""
    order = sorted(range(len(dealt)), key=lambda place: (dealt[place][1].rank, -place))
    return [dealt[place][0] for place in order]


def seat_by_cards(dealer: str, others: Sequence[str], deck: Sequence[Card]) -> list[str]:
    """The seating after the first dealer deals one card face up to each of ``others``.

    "Игрок с самой младшей картой садится слева от сдающего, игрок со следующей младшей
    картой — слева от того игрока и т. д. При наличии двух карт одного достоинства сданная
    первой считается старше." The result lists the seats clockwise from the dealer.
    """
    dealt = list(zip(others, deck, strict=False))
    return [dealer, *_lowest_first(dealt)]


def seat_newcomer(seating: Sequence[str], newcomer: str, deck: Sequence[Card]) -> list[str]:
    """Seat a newcomer left of the player dealt the lowest card ("Места за столом").

    "сдающий в промежутке между играми сдает по карте всем действующим игрокам, и новый
    игрок занимает место слева от игрока с самой младшей картой".
    """
    lowest = _lowest_first(list(zip(seating, deck, strict=False)))[0]
    place = list(seating).index(lowest) + 1
    return [*seating[:place], newcomer, *seating[place:]]


@dataclass
class DealTerms:
    """What one deal is played for: the limits' factor and any jackpot antes and maximum."""

    factor: int = 1
    jackpot_antes: dict[str, int] = field(default_factory=dict)
    jackpot_maximum: int = 0


class Session:
    """The table between deals: who sits where, who deals, the ledger, the special deals."""

    def __init__(
        self,
        seating: Sequence[str],
        dealer: int,
        rules: SessionRules,
        limits: Limits,
        house: HouseRules,
    ) -> None:
        self.seating = list(seating)
        self.dealer = dealer
        self.rules = rules
        self.limits = limits
        self.ledger = Ledger(seating, house, limits)
        self.out: set[str] = set()
        self.choice: DealerChoice | None = None
        self.choice_deals_left = 0
        self.wangdoodle_left = 0
        self.jackpot_from: str | None = None
        self.deals = 0

    @property
    def players(self) -> list[str]:
        """The players still playing, in seating order."""
        return list(self.seating)

    @property
    def dealer_name(self) -> str:
        """Who deals the next deal."""
        return self.seating[self.dealer]

    @property
    def is_over(self) -> bool:
        """A freeze-out ends when one player has every chip; otherwise at the agreed end."""
        return self.limits.freeze_out and len(self.players) <= 1

    def terms(self) -> DealTerms:
        """The next deal's factor (wangdoodle) and jackpot antes and maximum."""
        factor = self.limits.wangdoodle_factor if self.wangdoodle_left > 0 else 1
        terms = DealTerms(factor=factor)
        if self.jackpot_from is not None:
            unit = self.limits.minimum
            terms.jackpot_antes = {name: unit for name in self.players if name != self.jackpot_from}
            terms.jackpot_maximum = sum(terms.jackpot_antes.values())
        return terms

    def why_not_choose(self, choice: DealerChoice) -> str | None:
        """Why the dealer may not name ``choice`` now."""
        if self.rules.dealers_choice is ChoiceScope.NONE:
            return "dealer's choice was not agreed at this table"
        if self.choice_deals_left > 0:
            return "the game of this round was already named by an earlier dealer"
        return None

    def choose(self, choice: DealerChoice) -> None:
        """The dealer names the game for his deal or the round."""
        reason = self.why_not_choose(choice)
        if reason is not None:
            raise IllegalAction(reason)
        self.choice = choice
        span = len(self.players) if self.rules.dealers_choice is ChoiceScope.ROUND else 1
        self.choice_deals_left = span

    def from_dealers_left(self) -> list[str]:
        """The players in the order the dealer deals to them: from his left, he last.

        "Сдача идет по часовой стрелке ... начиная с активного игрока, ближайшего слева к
        сдающему" (Схема построения игры).
        """
        start = (self.dealer + 1) % len(self.seating)
        return [*self.seating[start:], *self.seating[:start]]

    def join(self, name: str, deck: Sequence[Card]) -> None:
        """A newcomer sits left of whoever is dealt the lowest card; between deals only.

        The dealer deals ``deck``'s cards one each from his left, himself last.
        """
        if name in self.seating:
            raise IllegalAction(f"{name} is already at the table")
        if self.limits.freeze_out and self.deals:
            raise IllegalAction("nobody joins a freeze-out once it has started")
        players = self.from_dealers_left()
        if len(deck) != len(players):
            count = len(players)
            raise IllegalAction(f"deal one card to each of the {count} players at the table")
        dealer, first = self.dealer_name, self.seating[0]
        around = seat_newcomer(players, name, deck)
        # The same circle, listed from the same first player as before.
        start = around.index(first)
        self.seating = [*around[start:], *around[:start]]
        self.dealer = self.seating.index(dealer)
        self.ledger.join(name)

    def leave(self, name: str) -> int:
        """A player leaves between deals, selling his chips back; he loses his kitty share."""
        if name not in self.seating:
            raise IllegalAction(f"{name} is not playing")
        chips = self.ledger.stacks[name]
        if chips > 0:
            self.ledger.sell(name, chips, leaving=True)
        self._remove([name], self.dealer_name if self.dealer_name != name else None)
        return chips

    def finish_deal(
        self, *, best_category: str | None, won_unopposed_by: str | None = None
    ) -> None:
        """After a deal is booked: the deal passes left and the special deals are set.

        ``best_category`` is the best hand shown at the showdown (None without one);
        ``won_unopposed_by`` names the opener when all others folded to him (the jackpot).
        A broke player leaves a freeze-out.
        """
        self.deals += 1
        if self.wangdoodle_left > 0:
            self.wangdoodle_left -= 1
        if self.choice_deals_left > 0:
            self.choice_deals_left -= 1
            if self.choice_deals_left == 0:
                self.choice = None
        limits = self.limits
        if (
            limits.wangdoodle
            and best_category is not None
            and category_at_least(best_category, limits.wangdoodle_trigger)
        ):
            span = len(self.players) if limits.wangdoodle_span is WangdoodleSpan.ROUND else 1
            self.wangdoodle_left = span
        self.jackpot_from = won_unopposed_by if limits.jackpot else None
        broke = [name for name in self.seating if self.ledger.stacks[name] <= 0]
        gone = broke if limits.freeze_out else []
        after = [name for name in self._clockwise_from(self.dealer_name) if name not in gone]
        following = after[0] if after else self.dealer_name
        self._remove(gone, following)
        self.dealer = self.seating.index(following) if following in self.seating else 0

    def _clockwise_from(self, name: str) -> list[str]:
        """The players after ``name``, clockwise."""
        start = self.seating.index(name)
        return [
            self.seating[(start + step) % len(self.seating)] for step in range(1, len(self.seating))
        ]

    def _remove(self, names: Sequence[str], keep_dealer: str | None) -> None:
        """Take ``names`` off the table; the next dealer stays, or passes to his left."""
        if not names:
            return
        current = self.dealer_name
        following = current
        if current in names:
            after = [name for name in self._clockwise_from(current) if name not in names]
            following = after[0] if after else current
        self.out.update(names)
        self.seating = [name for name in self.seating if name not in names]
        target = keep_dealer or following
        self.dealer = self.seating.index(target) if target in self.seating else 0
