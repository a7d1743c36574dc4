"""The chips of one deal as the betting leaves them: stacks, bets, folds, the round in progress.

The queries and the bookkeeping every betting move shares; :mod:`.refusals` says what a seat
may not do and :class:`~cardtable.poker.betting.Betting` does it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.errors import IllegalAction
from cardtable.poker.betting.structures import BettingRules
from cardtable.poker.limits import BetContext, Bounds, Limits, LimitSystem, increment_bounds

MOST_BOUNDS = 4_096
"""Bounds kept for every deal (then all are forgotten and worked out anew)."""

_BOUNDS: dict[tuple[int | bool, ...], tuple[Limits, Bounds]] = {}
"""The bounds of each moment's numbers, with the limits they are under (kept alive, so that
the limits' ``id`` in the key is no other's)."""


@dataclass
class Round:
    """One betting round in progress."""

    index: int
    last: bool
    checking: bool
    checker_may_raise: bool
    bets: list[int] = field(default_factory=list)
    high: int = 0
    to_act: int | None = None
    pending: set[int] = field(default_factory=set)
    may_raise: set[int] = field(default_factory=set)
    acted: set[int] = field(default_factory=set)
    checked: set[int] = field(default_factory=set)
    raises: int = 0
    raises_by: list[int] = field(default_factory=list)
    frozen: bool = False
    last_full: int = 0
    last_put: int = 0
    straddles: int = 0
    straddle_window: bool = False

    @property
    def all_checked(self) -> bool:
        """Whether everyone who acted checked and nothing was bet (the round's end "а)")."""
        return self.high == 0 and bool(self.acted) and not self.pending


class BettingState:
    """The chips of one deal and the round in progress: what every betting move reads and keeps.

    The arguments are :class:`~cardtable.poker.betting.Betting`'s.
    """

    def __init__(
        self,
        seats: int,
        stacks: list[int],
        limits: Limits,
        rules: BettingRules,
        *,
        dealer: int,
        in_deal: list[bool] | None = None,
        factor: int = 1,
        jackpot_maximum: int = 0,
        blind_option: bool = False,
        dead: int = 0,
        order: Sequence[int] | None = None,
    ) -> None:
        self.seats = seats
        self.ring = tuple(order) if order is not None else tuple(range(seats))
        """The seats clockwise around the table (by default seat 1 sits left of seat 0)."""
        self._around = {seat: _clockwise_from(self.ring, seat) for seat in self.ring}
        """The ring clockwise from each seat: who acts next is asked after every move."""
        self._after = {seat: _clockwise_from(self.ring, seat, after=True) for seat in self.ring}
        """The ring clockwise from each seat's left neighbour, the seat himself last."""
        self.stacks = list(stacks)
        self.limits = limits
        self.rules = rules
        self.dealer = dealer
        self.folded = [not playing for playing in (in_deal or [True] * seats)]
        self.all_in = [False] * seats
        self.contributed = [0] * seats
        self.factor = factor
        self.jackpot_maximum = jackpot_maximum
        self.carried_put = 0
        self.blind_option = blind_option
        self.dead = dead
        self.opened = False
        self.raises_in_deal = 0
        self.last_aggressor: int | None = None
        """The last seat to bet, raise, freeze or post the highest blind in the current round.

        The called player ("игрок, который первым сделал наивысшую ставку").
        """
        self.round: Round | None = None
        self._listing: tuple[int, Bounds] | None = None
        """While the legal actions are listed: the seat to act and his bounds, worked out once."""

    # ----------------------------------------------------------------- queries

    @property
    def pot(self) -> int:
        """Every chip put in so far in this deal, with any dead chips carried into it."""
        return sum(self.contributed) + self.dead

    @property
    def in_hand(self) -> list[int]:
        """The seats that have not folded, in seat order."""
        return [seat for seat in range(self.seats) if not self.folded[seat]]

    @property
    def active(self) -> list[int]:
        """The seats still in the hand that can still bet (not all-in)."""
        folded, all_in = self.folded, self.all_in
        return [seat for seat in range(self.seats) if not folded[seat] and not all_in[seat]]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the current round, or ``None``."""
        return None if self.round is None else self.round.to_act

    @property
    def round_over(self) -> bool:
        """Whether the current round has ended (or none is in progress)."""
        return self.to_act is None

    @property
    def one_left(self) -> bool:
        """Whether all but one player have folded (the round's end "б)")."""
        # Counted, not listed: asked after every bet.
        return self.folded.count(False) == 1

    @property
    def more_betting_possible(self) -> bool:
        """Whether a later round could see any betting (two players who can still bet)."""
        return len(self.active) >= 2 and not self.one_left

    def owed(self, seat: int) -> int:
        """What ``seat`` must put in to stay in the current round."""
        current = self._round()
        return current.high - current.bets[seat]

    def bounds(self, seat: int) -> Bounds:
        """The increments ``seat`` may bet or raise by now, before his chips are counted."""
        listing = self._listing
        if listing is not None and listing[0] == seat:
            return listing[1]
        current = self._round()
        limits = self.limits
        opened = self.opened
        previous = current.last_put
        if not limits.previous_bet_resets:
            previous = max(previous, self.carried_put)
        elif limits.system is LimitSystem.PREVIOUS_BET and not any(current.bets):
            opened = False
        pot_after_call = self.pot + self.owed(seat)
        floor = current.last_full if current.high > 0 else -1
        key: tuple[int | bool, ...]
        # The bounds are a function of these numbers alone: worked out once for all deals.
        key = (id(limits), current.index, current.last, opened, pot_after_call, previous, floor)
        key += (self.factor, self.jackpot_maximum)
        known = _BOUNDS.get(key)
        if known is not None and known[0] is limits:
            return known[1]
        context = BetContext(
            round_index=current.index,
            last_round=current.last,
            opened=opened,
            pot_after_call=pot_after_call,
            previous_put=previous,
            factor=self.factor,
            jackpot_maximum=self.jackpot_maximum,
        )
        bounds = increment_bounds(limits, context)
        if limits.raise_at_least_last and floor >= 0:
            bounds = Bounds(max(bounds.minimum, floor), bounds.maximum, bounds.listed)
        if len(_BOUNDS) >= MOST_BOUNDS:
            _BOUNDS.clear()
        _BOUNDS[key] = (limits, bounds)
        return bounds

    # ----------------------------------------------------------------- effects

    def _round(self) -> Round:
        if self.round is None:
            raise IllegalAction("no betting round is in progress")
        return self.round

    def _pay_capped(self, seat: int, amount: int) -> int:
        paid = min(amount, self.stacks[seat]) if self.limits.chips_limit_bets else amount
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        if self.limits.chips_limit_bets and self.stacks[seat] == 0:
            self.all_in[seat] = True
            if self.round is not None:
                self.round.pending.discard(seat)
        return paid

    def _put(self, seat: int, amount: int) -> int:
        current = self._round()
        paid = self._pay_capped(seat, amount)
        current.bets[seat] += paid
        if paid:
            current.last_put = paid
            self.carried_put = paid
        return paid

    def _next_from(self, start: int, *, after: bool = False) -> int | None:
        """The first seat still to act clockwise from ``start`` (or from his left)."""
        pending = self._round().pending
        for seat in (self._after if after else self._around)[start]:
            if seat in pending:
                return seat
        return None


def clockwise(ring: Sequence[int], start: int) -> list[int]:
    """The seats of ``ring`` (clockwise order) beginning with ``start``.

    >>> clockwise((0, 3, 1, 2), 1)
    [1, 2, 0, 3]
    """
    at = ring.index(start)
    return [*ring[at:], *ring[:at]]


def _clockwise_from(ring: Sequence[int], start: int, *, after: bool = False) -> tuple[int, ...]:
    """:func:`clockwise` from ``start``, or (``after``) from his left with him last."""
    seats = clockwise(ring, start)
    return tuple(seats[1:] + seats[:1] if after else seats)
