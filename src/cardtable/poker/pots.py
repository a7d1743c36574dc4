"""The pot, side pots, and who takes them: high, split, and high-low with declarations.

Table stakes put every chip a player cannot match into side pots (002_053e85955f9a4108.txt,
"Настольные ставки" and "Примеры настольных ставок"): a player who has put in all he has
stays in the main pot to the showdown; "Все ставки других игроков сверх поставленной им
суммы вносятся в дополнительный банк", and only those who paid into a side pot can take it.

Hands are compared through a :class:`HandOrder`, so that any evaluator plugs in: each
player's high value and optional low value, bigger is better.

>>> pots, returned = build_pots([50, 30, 50], [False, False, False])
>>> [(pot.amount, pot.eligible) for pot in pots], returned
([(90, (0, 1, 2)), (40, (0, 2))], [0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from cardtable.poker.actions import Side

SEED = "002_053e85955f9a4108.txt"

CATEGORIES = (
    "high card",
    "pair",
    "four flush",
    "two pairs",
    "three of a kind",
    "straight",
    "flush",
    "double-ace flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
    "five of a kind",
)
"""Hand categories from the lowest, as the seed names them ("Покерные расклады"; «четверной
флеш» of five-card stud; the wild-card «пятерка» and «флеш с двумя тузами»)."""


def category_at_least(category: str, threshold: str) -> bool:
    """Whether ``category`` is ``threshold`` or better (an unknown category is not).

    >>> category_at_least("full house", "flush"), category_at_least("straight", "flush")
    (True, False)
    """
    if category not in CATEGORIES:
        return False
    return CATEGORIES.index(category) >= CATEGORIES.index(threshold)


class HandOrder(Protocol):
    """How the hands at a showdown compare: the evaluator's side of the showdown."""

    def high(self, seat: int) -> int:
        """The seat's high hand value; bigger is better."""
        ...

    def low(self, seat: int) -> int | None:
        """The seat's low hand value, bigger is better; ``None`` if he has no low hand."""
        ...

    def category(self, seat: int) -> str:
        """The seat's high hand category, one of :data:`CATEGORIES`."""
        ...


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class Share:
    """Chips of one pot given to one seat, and why."""

    pot: int
    side: str
    seat: int
    amount: int


def build_pots(contributed: Sequence[int], folded: Sequence[bool]) -> tuple[list[Pot], list[int]]:
    """The main pot and side pots from what each seat put in, and the uncalled chips returned.

    A bet no one matched goes back to its bettor. Each pot after the main one holds the chips
    above an all-in player's total, and only seats that put that much in may win it. Folded
    players' chips stay in the pots they paid into.
    """
    amounts = list(contributed)
    returned = [0] * len(amounts)
    ranked = sorted(range(len(amounts)), key=lambda seat: amounts[seat], reverse=True)
    if len(ranked) >= 2 and amounts[ranked[0]] > amounts[ranked[1]]:
        top = ranked[0]
        returned[top] = amounts[top] - amounts[ranked[1]]
        amounts[top] -= returned[top]
    live = [seat for seat in range(len(amounts)) if not folded[seat]]
    levels = sorted({amounts[seat] for seat in live})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        chips = sum(min(amount, level) - min(amount, previous) for amount in amounts)
        eligible = tuple(seat for seat in live if amounts[seat] >= level)
        if chips:
            pots.append(Pot(chips, eligible))
        previous = level
    rest = sum(amounts) - sum(pot.amount for pot in pots)
    if rest and pots:
        last = pots[-1]
        pots[-1] = Pot(last.amount + rest, last.eligible)
    elif rest:
        pots.append(Pot(rest, tuple(live)))
    return pots, returned


def standing_pots(
    contributed: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool], dead: int = 0
) -> tuple[int, ...]:
    """The main pot and each side pot as they stand in mid-deal, for the table to see.

    A side pot begins above each all-in player's total ("Все ставки других игроков сверх
    поставленной им суммы вносятся в дополнительный банк", 002_053e85955f9a4108.txt,
    "Настольные ставки"): the chips up to the smallest all-in total make the main pot, each
    next all-in total closes the pot below it, and what lies above the last is the pot still
    open. Without an all-in player there is one pot; the dead chips lie in the main pot.

    >>> standing_pots([10, 30, 30], [False, False, False], [True, False, False], dead=2)
    (32, 40)
    >>> standing_pots([5, 5, 0], [False, False, True], [False, False, False])
    (10,)
    """
    if not any(all_in):
        return (sum(contributed) + dead,)
    seats = range(len(contributed))
    levels = sorted({contributed[s] for s in seats if all_in[s] and not folded[s]})
    if not levels:
        return (sum(contributed) + dead,)
    pots: list[int] = []
    previous = 0
    for level in [*levels, max(contributed, default=0)]:
        chips = sum(min(amount, level) - min(amount, previous) for amount in contributed)
        if chips or not pots:
            pots.append(chips)
        previous = max(previous, level)
    pots[0] += dead
    return tuple(pots)


def showdown_order(in_hand: Sequence[int], first: int, seats: int) -> list[int]:
    """The order of showing: from ``first`` (the called player) clockwise ("Вскрытие карт")."""
    return sorted(in_hand, key=lambda seat: (seat - first) % seats)


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` equally among ``winners``; odd chips one each in showdown ``order``.

    >>> split(10, [2, 0, 1], [1, 2, 0])
    {1: 4, 2: 3, 0: 3}
    """
    ordered = [seat for seat in order if seat in winners]
    base, odd = divmod(amount, len(ordered))
    return {seat: base + (1 if place < odd else 0) for place, seat in enumerate(ordered)}


def _best(seats: Sequence[int], value: Mapping[int, int]) -> list[int]:
    top = max(value[seat] for seat in seats)
    return [seat for seat in seats if value[seat] == top]


def award_high(pots: Sequence[Pot], hands: HandOrder, order: Sequence[int]) -> list[Share]:
    """Each pot to the best high hand among its eligible seats; ties split ("Если ничья")."""
    shares: list[Share] = []
    for number, pot in enumerate(pots):
        values = {seat: hands.high(seat) for seat in pot.eligible}
        for seat, chips in split(pot.amount, _best(pot.eligible, values), order).items():
            shares.append(Share(number, "high", seat, chips))
    return shares


class DeclarationMode(StrEnum):
    """How high-low declarations are made ("Заявка")."""

    IN_TURN = "in-turn"
    """а) in turn from the dealer's left, each hearing the ones before."""
    CHIPS = "chips"
    """б) at once: a chip hidden in the hand, white low, red high, blue both."""
    CARDS_SPEAK = "cards-speak"
    """No declarations: the best high and the best low hands split the pot."""


@dataclass
class Declarations:
    """The high-low declarations of one showdown, in turn or with chips in the hand."""

    mode: DeclarationMode
    order: list[int]
    both_allowed: bool = True
    made: dict[int, Side] = field(default_factory=dict)

    @property
    def to_declare(self) -> int | None:
        """The next seat to declare, or ``None`` when all have."""
        for seat in self.order:
            if seat not in self.made:
                return seat
        return None

    @property
    def done(self) -> bool:
        """Whether everyone has declared (and, with chips, the chips are shown)."""
        return self.to_declare is None

    def visible(self) -> dict[int, Side]:
        """The declarations the table can see: all so far in turn; none until all, by chips."""
        if self.mode is DeclarationMode.CHIPS and not self.done:
            return {}
        return dict(self.made)

    def why_illegal(self, seat: int, side: Side) -> str | None:
        """Why ``seat`` may not declare ``side`` now."""
        if self.mode is DeclarationMode.CARDS_SPEAK:
            return "cards speak at this table: nobody declares"
        if self.to_declare is None:
            return "everyone has declared"
        if seat != self.to_declare:
            return f"it is seat {self.to_declare}'s turn to declare"
        if side is Side.BOTH and not self.both_allowed:
            return "both can be declared only with more than five cards to make two hands"
        return None

    def declare(self, seat: int, side: Side) -> None:
        """Record ``seat``'s declaration (checked by :meth:`why_illegal` first)."""
        self.made[seat] = side


def award_high_low(
    pots: Sequence[Pot],
    hands: HandOrder,
    order: Sequence[int],
    declarations: Mapping[int, Side] | None,
) -> list[Share]:
    """Split each pot between the best high and the best low (Покер «Больше-меньше»).

    Halves are equal and an odd chip goes to the high half. With ``declarations`` a player
    wins only the half he declared for, the best of those who declared it taking it; if all
    declared one side the best hand takes everything; a player who declared both must win or
    tie both sides or his hand is void and gets nothing. Without declarations the cards
    speak: the best high and the best low hand split the pot.
    """
    shares: list[Share] = []
    for number, pot in enumerate(pots):
        high_side, low_side = _contenders(pot, hands, declarations)
        highs = {seat: hands.high(seat) for seat in pot.eligible}
        lows = {seat: low for seat in pot.eligible if (low := hands.low(seat)) is not None}
        low_side = [seat for seat in low_side if seat in lows]
        if high_side and low_side:
            low_half = pot.amount // 2
            halves = [("high", pot.amount - low_half, high_side, highs)]
            halves.append(("low", low_half, low_side, lows))
        elif low_side:
            halves = [("low", pot.amount, low_side, lows)]
        else:
            halves = [("high", pot.amount, high_side or list(pot.eligible), highs)]
        for side, chips, seats, values in halves:
            for seat, won in split(chips, _best(seats, values), order).items():
                shares.append(Share(number, side, seat, won))
    return shares


def _contenders(
    pot: Pot, hands: HandOrder, declarations: Mapping[int, Side] | None
) -> tuple[list[int], list[int]]:
    """The seats contending for the high half and for the low half of ``pot``."""
    if declarations is None:
        return list(pot.eligible), list(pot.eligible)
    said = {seat: declarations[seat] for seat in pot.eligible}
    high = [seat for seat in pot.eligible if said[seat] in (Side.HIGH, Side.BOTH)]
    low = [seat for seat in pot.eligible if said[seat] in (Side.LOW, Side.BOTH)]
    void = {
        seat
        for seat in pot.eligible
        if said[seat] is Side.BOTH and not _wins_or_ties_both(seat, high, low, hands)
    }
    high = [seat for seat in high if seat not in void]
    low = [seat for seat in low if seat not in void]
    if not high and not low:
        return list(pot.eligible), list(pot.eligible)
    return high, low


def _wins_or_ties_both(seat: int, high: list[int], low: list[int], hands: HandOrder) -> bool:
    mine = hands.low(seat)
    if mine is None:
        return False
    beats_high = all(hands.high(seat) >= hands.high(other) for other in high)
    beats_low = all(_low_or_none(hands, other) <= mine for other in low)
    return beats_high and beats_low


def _low_or_none(hands: HandOrder, seat: int) -> int | float:
    low = hands.low(seat)
    return float("-inf") if low is None else low
