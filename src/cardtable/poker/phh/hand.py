"""The PHH hand as the table reads it: its actions, amounts in chips, and the bounds of a file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from cardtable.cards import Card, cards_text

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


def phh_cards(cards: Sequence[Card]) -> str:
    """``cards`` as PHH writes them, run together (``AcTd``)."""
    return cards_text(cards, "ascii").replace(" ", "").replace("10", "T")
