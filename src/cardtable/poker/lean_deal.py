"""The Python lean loop: one deal played as the table keeps its cards and chips.

It plays the rules the compiled loop does not (wild cards, lowball, razz), ranking the
showdown with the table's own judge and pot rules, and any other rules when asked to
(:attr:`LeanTable.interpreted`), so that the two loops can be compared deal by deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from cardtable.cards import DeckSpec
from cardtable.poker.hand_orders import LowWins, SeatHands, WorstWins
from cardtable.poker.judge import HandJudge, hand_pools, showdown_judge
from cardtable.poker.lean_policy import Policy
from cardtable.poker.lean_table import LeanTable
from cardtable.poker.limits import BetContext, Bounds, increment_bounds
from cardtable.poker.phases.betting import bring_in_seat
from cardtable.poker.pots import Pot, award_high, award_high_low, split
from cardtable.poker.rules import HandRules, deal_wild_cards
from cardtable.poker.variants import Step


def lean_deal(
    table: LeanTable,
    players: int,
    dealer: int,
    deck: Sequence[int],
    *,
    carried: int,
    policy: Policy,
    choices: Sequence[int] = (0,),
    value: Callable[[int], int] | None = None,
) -> tuple[list[int], int]:
    """One deal from ``deck`` (each card as its kernel bit).

    Returns each seat's chips won or lost, and the pot carried to the next deal (a void
    deal's pot joins ``carried``). The players follow :class:`LeanPolicyBot`'s rule, taking
    ``choices`` in turn. Standard high hands are ranked by the compiled kernel (``value``),
    any other showdown by the table's own judge and pot rules.
    """
    state = _LeanDeal(table, players, dealer, carried, policy == "random", choices, deck)
    void = state.play()
    changes = [-amount for amount in state.put]
    pot = sum(state.put) + carried
    if void:
        return changes, pot
    alive = [seat for seat in range(players) if not state.folded[seat]]
    first = state.last_aggressor if state.last_aggressor in alive else state.round_first
    order = sorted(alive, key=lambda seat: (seat - first) % players)
    for seat, chips in _award(table, state, order, pot, value).items():
        changes[seat] += chips
    return changes, 0


def _award(
    table: LeanTable,
    state: _LeanDeal,
    order: list[int],
    pot: int,
    value: Callable[[int], int] | None,
) -> dict[int, int]:
    """The pot's chips won by each seat in ``order`` (the showdown order)."""
    spec = table.rules.variant
    if len(order) == 1:
        return {order[0]: pot}
    if table.fast_showdown:
        if value is None:
            from cardtable.poker.fast import standard_value  # noqa: PLC0415 - numba

            value = standard_value()
        values = {seat: _best(value, state.own[seat], state.board, table) for seat in order}
        top = max(values.values())
        return split(pot, [seat for seat in order if values[seat] == top], order)
    cards = _CARDS
    board = [cards[bit] for bit in state.board]
    own = {seat: [cards[bit] for bit in state.own[seat]] for seat in order}
    down = {seat: [cards[bit] for bit in state.down[seat]] for seat in order}
    rules = spec.hands
    hands = SeatHands(
        showdown_judge(state.judge, spec.win),
        {seat: hand_pools(spec, own[seat], board) for seat in order},
        {
            seat: deal_wild_cards(rules, down[seat], board)
            if rules.deal_wild != "none"
            else frozenset()
            for seat in order
        },
    )
    pots = [Pot(pot, tuple(sorted(order)))]
    if spec.win == "high-low":
        hands.choose(pots, order, None)
        shares = award_high_low(pots, hands, order, None)
    elif spec.win == "low":
        shares = award_high(pots, LowWins(hands), order)
    elif spec.win == "deuce-to-seven":
        shares = award_high(pots, WorstWins(hands), order)
    else:
        shares = award_high(pots, hands, order)
    won: dict[int, int] = {}
    for share in shares:
        won[share.seat] = won.get(share.seat, 0) + share.amount
    return won


_CARDS = {card.bit: card for card in DeckSpec.named("52").cards()}
"""The 52 cards by their kernel bit."""


@dataclass
class _LeanDeal:
    """The cards and chips of one lean deal as the table keeps them (betting/round.py)."""

    table: LeanTable
    players: int
    dealer: int
    carried: int
    random_play: bool
    choices: Sequence[int]
    deck: Sequence[int]
    put: list[int] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    own: list[list[int]] = field(default_factory=list)
    down: list[list[int]] = field(default_factory=list)
    up: list[list[int]] = field(default_factory=list)
    board: list[int] = field(default_factory=list)
    top: int = 0
    taken: int = 0
    opened: bool = False
    first_bettor: int | None = None
    last_aggressor: int | None = None
    round_first: int = 0

    @property
    def judge(self) -> HandJudge:
        """The table's judge of these hand rules (one per rules, made once)."""
        spec = self.table.rules.variant
        return _judge(spec.hands, spec.low_qualifier)

    def play(self) -> bool:
        """Deal and bet the variant's steps in order; whether the deal is void."""
        rules = self.table.rules
        forced = rules.forced
        self.put = [0] * self.players
        self.folded = [False] * self.players
        self.own = [[] for _ in range(self.players)]
        self.down = [[] for _ in range(self.players)]
        self.up = [[] for _ in range(self.players)]
        for seat in forced.ante_seats(self.players, self.dealer):
            self.put[seat] += forced.ante
        blinds = forced.blind_seats(self.players, self.dealer)
        self.first_bettor = blinds[0][0] if blinds else None
        index = 0
        spec = rules.variant
        for place, step in enumerate(spec.steps):
            if step.do == "deal":
                self._deal(*spec.faces(place))
            elif step.do == "board":
                self.board += self.deck[self.top : self.top + step.down + step.up]
                self.top += step.down + step.up
            elif step.do == "bet":
                if self._round(index, step, blinds if index == 0 else []):
                    return True
                index += 1
                if sum(self.folded) == self.players - 1:
                    break
        return False

    def _order(self) -> list[int]:
        """The players still in, clockwise from the dealer's left."""
        seats = [(self.dealer + 1 + step) % self.players for step in range(self.players)]
        return [seat for seat in seats if not self.folded[seat]]

    def _deal(self, down: int, up: int) -> None:
        """A card at a time round the players still in, down cards' passes first (СДАЧА)."""
        order = self._order()
        for index in range(down + up):
            for seat in order:
                card = self.deck[self.top]
                self.top += 1
                self.own[seat].append(card)
                (self.up if index >= down else self.down)[seat].append(card)

    def _opener(self, step: Step) -> int:
        """Who bets first: the dealer's left, the first bettor, or the best showing."""
        left = (self.dealer + 1) % self.players
        if step.opens == "left":
            return left
        if step.opens == "first-bettor":
            return left if self.first_bettor is None else self.first_bettor
        candidates = self._order()
        if not any(self.up[seat] for seat in candidates):
            return left
        judge = self.judge
        ups = {seat: [_CARDS[bit] for bit in self.up[seat]] for seat in candidates}

        def showing(seat: int) -> int:
            if step.opens == "low-showing":
                found = judge.low(ups[seat])
                return -(10**12) if found is None else found
            return judge.high(ups[seat])

        return max(candidates, key=lambda seat: (showing(seat), -candidates.index(seat)))

    def _round(self, index: int, step: Step, blinds: list[tuple[int, int]]) -> bool:
        """One betting round; whether it voids the deal (everybody checked)."""
        players = self.players
        first = self._opener(step)
        forced = self.table.rules.forced
        if blinds:
            first = (blinds[-1][0] + 1) % players
        elif index == 0 and forced.bring_in and any(self.up):
            ups = {seat: [_CARDS[bit] for bit in self.up[seat]] for seat in self._order()}
            low = bring_in_seat(ups, aces_low=step.opens == "low-showing")
            blinds = [(low, forced.bring_in)]
            self.first_bettor = low
            first = (low + 1) % players
        self.round_first = first
        self.last_aggressor = None
        bets = [0] * players
        raises_by = [0] * players
        state = _Round(bets, raises_by, pending={s for s in range(players) if not self.folded[s]})
        for seat, amount in blinds:
            self._post_blind(state, seat, amount)
        seat_to_act = self._next(state.pending, first)
        last = index == len(self.table.rounds) - 1
        while seat_to_act is not None:
            self._act(state, seat_to_act, index, last)
            if sum(self.folded) == players - 1:
                state.pending.clear()
            seat_to_act = self._next(state.pending, (seat_to_act + 1) % players)
        for seat in range(players):
            self.put[seat] += bets[seat]
        if sum(self.folded) == players - 1:
            return False
        return step.void_if_all_check and state.high == 0 and state.acted

    def _post_blind(self, state: _Round, seat: int, amount: int) -> None:
        state.bets[seat] += amount
        previous = state.high
        state.high = max(state.high, state.bets[seat])
        state.last_full = max(state.last_full, state.high - previous, amount)
        if state.high > previous:
            self.last_aggressor = seat
        self.opened = True
        for other in range(self.players):
            if not self.folded[other] and state.bets[other] < state.high:
                state.pending.add(other)
        if not self.table.rules.forced.blind_option and state.bets[seat] == state.high:
            state.pending.discard(seat)

    def _act(self, state: _Round, seat: int, index: int, last: bool) -> None:
        owed = state.high - state.bets[seat]
        raise_to = self._raise_to(state, seat, index, last)
        options = 2 if raise_to is None else 3
        pick = 1
        if self.random_play:
            pick = self.choices[self.taken % len(self.choices)] % options
            self.taken += 1
        state.acted = True
        state.pending.discard(seat)
        if pick == 0:
            self.folded[seat] = True
        elif pick == 1:
            state.bets[seat] += owed
        else:
            assert raise_to is not None
            if state.high > 0:
                state.raises += 1
                state.raises_by[seat] += 1
            state.last_full = max(raise_to - state.high, 1)
            state.bets[seat] = raise_to
            state.high = raise_to
            self.opened = True
            self.last_aggressor = seat
            state.pending = {s for s in range(self.players) if not self.folded[s] and s != seat}
        if pick > 0 and self.first_bettor is None and state.high > 0:
            self.first_bettor = seat

    def _raise_to(self, state: _Round, seat: int, index: int, last: bool) -> int | None:
        """The total of the least bet or raise the table offers ``seat``, if any."""
        betting = self.table.rules.betting
        if state.high > 0:
            if betting.raises_per_player and state.raises_by[seat] >= betting.raises_per_player:
                return None
            if betting.raises_per_round and state.raises >= betting.raises_per_round:
                return None
        limits = self.table.rules.limits
        owed = state.high - state.bets[seat]
        context = BetContext(
            round_index=index,
            last_round=last,
            opened=self.opened,
            pot_after_call=sum(self.put) + sum(state.bets) + self.carried + owed,
        )
        bounds = increment_bounds(limits, context)
        if limits.raise_at_least_last and state.high > 0:
            bounds = Bounds(max(bounds.minimum, state.last_full), bounds.maximum, bounds.listed)
        if bounds.maximum is not None and bounds.minimum > bounds.maximum:
            return None
        amounts = bounds.landmarks()
        return state.high + min(amounts) if amounts else None

    def _next(self, pending: set[int], start: int) -> int | None:
        for step in range(self.players):
            seat = (start + step) % self.players
            if seat in pending:
                return seat
        return None


@dataclass
class _Round:
    bets: list[int]
    raises_by: list[int]
    pending: set[int]
    high: int = 0
    raises: int = 0
    last_full: int = 0
    acted: bool = False


def _best(value: Callable[[int], int], own: list[int], board: list[int], table: LeanTable) -> int:
    """The kernel's value of the best hand of ``own`` cards and the ``board``."""
    spec = table.rules.variant
    if not (spec.hole_exactly or spec.board_exactly) or not board:
        mask = 0
        for bit in own + board:
            mask |= bit
        return int(value(mask))
    hole = spec.hole_exactly or len(own)
    shared = spec.board_exactly or 5 - hole
    return max(
        int(value(sum(mine) + sum(common)))
        for mine in combinations(own, min(hole, len(own)))
        for common in combinations(board, min(shared, len(board)))
    )


@lru_cache(maxsize=16)
def _judge(rules: HandRules, qualifier: int) -> HandJudge:
    return HandJudge(rules, qualifier)
