"""The fast path for simulation: whole deals without events, views or records.

Bots and analysts simulate millions of deals; the full table (:mod:`cardtable.poker.deal`)
keeps every event, view and refusal, which costs time. This lean loop plays the same deals
for the two workloads that matter for speed, check-down (everybody checks or calls to the
showdown) and random actions (:class:`LeanPolicyBot` says the choice rule; the full table
can seat that bot, so both paths play the same policy), for variants whose steps deal
cards down and up, to the board, draw (everyone stands pat) and bet. Chips follow the
table's rules, read from the same :class:`PokerRules`: antes, blinds (with the blind's
option or without) and the bring-in, fixed, rising, pot and unlimited limits on credit, the
raise caps per player and per round, rounds opened from the dealer's left, by the first
bettor or by the best or lowest showing, a void deal's pot carried, the pot split with the
odd chips in showdown order from the called player. The compiled loop plays flop, stud and
draw games with standard high hands, high-low where the cards speak with a lowball low,
and five-card deuce to seven; the Python loop plays the rest (wild cards, lowball, razz)
with the table's judge.

A test plays the same decks and the same choices through both paths and compares every
seat's chips deal by deal; the lean path is for speed only and refuses, with the reason,
what it does not cover.

>>> report = simulate_lean(LeanTable.of(PokerRules()), players=3, deals=50, seed=1)
>>> report.deals, sum(report.net) + report.carried
(50, 0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from typing import Literal, TypeVar

import numpy as np
import numpy.typing as npt

from cardtable.cards import DeckSpec
from cardtable.errors import IllegalAction
from cardtable.poker.actions import Bet, Call, Check, Discard, Fold, RaiseTo
from cardtable.poker.betting import AnteKind
from cardtable.poker.hand_orders import LowWins, SeatHands, WorstWins
from cardtable.poker.judge import HandJudge, hand_pools, showdown_judge
from cardtable.poker.limits import (
    BetContext,
    Bounds,
    FixedAmounts,
    LimitSystem,
    base_limits,
    increment_bounds,
)
from cardtable.poker.phases.betting import bring_in_seat
from cardtable.poker.pots import Pot, award_high, award_high_low, split
from cardtable.poker.rules import HandRules, deal_wild_cards
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import Step

Policy = Literal["check-down", "random"]
A = TypeVar("A")

OPENERS = {"left": 0, "first-bettor": 1, "high-showing": 2}
"""The openers of a round the compiled loop knows, by its number for them."""

LEAN_SYSTEMS = (LimitSystem.FIXED, LimitSystem.RISING, LimitSystem.POT, LimitSystem.UNLIMITED)
"""The limit systems the lean loop plays: those on credit where the bounds need no history."""


@dataclass(frozen=True)
class LeanReport:
    """What a lean simulation played: deals, time, each seat's net chips, the pot left."""

    deals: int
    seconds: float
    net: tuple[int, ...]
    carried: int

    @property
    def deals_per_second(self) -> float:
        """Deals per second of wall-clock time."""
        return self.deals / self.seconds if self.seconds > 0 else float("inf")


@dataclass(frozen=True)
class LeanTable:
    """A variant's steps reduced to what the lean loop needs, checked once."""

    rules: PokerRules
    layout: tuple[tuple[str, int, int], ...]
    """("hole", n, of them up), ("board", n, 0) or ("bet", round index, 0), in order."""
    rounds: tuple[Step, ...]
    """The variant's betting steps, by round index."""
    interpreted: bool = False
    """Play in Python even where the compiled loop could (to check one against the other)."""

    @property
    def fast_showdown(self) -> bool:
        """Whether the kernel ranks the showdown (standard high hands), not the table's judge."""
        from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numba loads lazily

        spec = self.rules.variant
        return kernel_supports(spec.hands) and spec.win == "high" and not spec.board_lines

    @property
    def compiled_low(self) -> bool:
        """Whether the kernel ranks this high-low showdown: cards speak, a lowball low."""
        from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numba loads lazily

        spec = self.rules.variant
        hands = spec.hands
        return (
            spec.win == "high-low"
            and hands.low == "lowball"
            and kernel_supports(replace(hands, low="none"))
            and not spec.board_lines
        )

    def low_array(self) -> npt.NDArray[np.int64]:
        """The kernel's low rule: rank counts and the qualifier, or empty for high only."""
        if not self.compiled_low:
            return np.zeros(0, dtype=np.int64)
        from cardtable.poker.fast import kernels  # noqa: PLC0415 - numba loads lazily

        ranks = tuple(int(rank) for rank in self.rules.variant.hands.ranks)
        count = kernels().tables(ranks)[2]
        return np.array([*count, self.rules.variant.low_qualifier], dtype=np.int64)

    @property
    def compiled_worst(self) -> bool:
        """Whether the kernel ranks this deuce-to-seven showdown: five own cards, no board."""
        from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numba loads lazily

        spec = self.rules.variant
        return (
            spec.win == "deuce-to-seven"
            and kernel_supports(spec.hands)
            and spec.cards_each() == spec.hands.hand_size
            and not spec.board_size()
        )

    def worst_array(self) -> npt.NDArray[np.int64]:
        """Deuce to seven's straights (the ace plays high only), or empty where the best wins."""
        if not self.compiled_worst:
            return np.zeros(0, dtype=np.int64)
        from cardtable.poker.fast import kernels  # noqa: PLC0415 - numba loads lazily

        straight = kernels().tables(tuple(range(2, 15)))[0].astype(np.int64)
        straight[straight == 1] = 0  # the wheel, A-5-4-3-2, is the lowest straight's index
        result: npt.NDArray[np.int64] = straight
        return result

    @property
    def compiled(self) -> bool:
        """Whether the compiled deal loop plays these rules."""
        forced = self.rules.forced
        return (
            not self.interpreted
            and (self.fast_showdown or self.compiled_low or self.compiled_worst)
            and forced.ante_kind in (AnteKind.NONE, AnteKind.EVERYONE)
            and forced.blind_start == 1
            and all(step.opens in OPENERS for step in self.rounds)
            and self.rules.limits.amounts is not FixedAmounts.LISTED
        )

    def layout_array(self) -> npt.NDArray[np.int64]:
        """The layout as kernel rows (kind, count or round, cards of them dealt up)."""
        kinds = {"hole": 0, "board": 1, "bet": 2}
        rows = [(kinds[kind], n, up) for kind, n, up in self.layout]
        return np.array(rows, dtype=np.int64)

    def forced_array(self, players: int) -> npt.NDArray[np.int64]:
        """(ante each, blind count, blinds...)."""
        forced = self.rules.forced
        ante = forced.ante if forced.ante_kind is AnteKind.EVERYONE else 0
        blinds = list(forced.blinds[:players])
        return np.array([ante, len(blinds), *blinds], dtype=np.int64)

    def rounds_array(self) -> npt.NDArray[np.int64]:
        """Each betting round's (least bet, most bet, opener, voids).

        The opener is 0 the dealer's left, 1 the first bettor, 2 the best showing.
        """
        limits = self.rules.limits
        last = len(self.rounds) - 1
        rows = []
        for index, step in enumerate(self.rounds):
            low, high = base_limits(limits, BetContext(round_index=index, last_round=index == last))
            opener = OPENERS[step.opens]
            rows.append((low, high, opener, step.void_if_all_check))
        return np.array(rows, dtype=np.int64).reshape(len(self.rounds), 4)

    def rules_array(self) -> npt.NDArray[np.int64]:
        """(system, raises per player and per round, blind's option, raise ≥ last, bring-in)."""
        systems = {LimitSystem.FIXED: 0, LimitSystem.RISING: 0, LimitSystem.POT: 1}
        rules = self.rules
        return np.array(
            [
                systems.get(rules.limits.system, 2),
                rules.betting.raises_per_player,
                rules.betting.raises_per_round,
                rules.forced.blind_option,
                rules.limits.raise_at_least_last,
                rules.forced.bring_in,
            ],
            dtype=np.int64,
        )

    @classmethod
    def of(cls, rules: PokerRules) -> LeanTable:
        """The lean form of ``rules``; raise ``IllegalAction`` for what it does not cover."""
        why = why_not_lean(rules)
        if why is not None:
            raise IllegalAction(why)
        layout: list[tuple[str, int, int]] = []
        rounds: list[Step] = []
        for place, step in enumerate(rules.variant.steps):
            if step.do == "deal":
                down, up = rules.variant.faces(place)
                layout.append(("hole", down + up, up))
            elif step.do == "board":
                layout.append(("board", step.down + step.up, 0))
            elif step.do == "bet":
                layout.append(("bet", len(rounds), 0))
                rounds.append(step)
        return cls(rules, tuple(layout), tuple(rounds))


def why_not_lean(rules: PokerRules) -> str | None:
    """Why the lean loop cannot play ``rules`` as the table would, in one sentence, or None."""
    spec = rules.variant
    limits = rules.limits
    if spec.hands.deck().cards() != DeckSpec.named("52").cards():
        return "the lean path deals the 52-card deck, without jokers or stripped ranks"
    if limits.system not in LEAN_SYSTEMS or limits.chips_limit_bets:
        return (
            "the lean path plays fixed, rising, pot and unlimited limits on credit, "
            f"not {limits.system.value} limits" + (" with freeze-out" if limits.freeze_out else "")
        )
    if spec.win == "high-low" and spec.declarations != "cards-speak":
        return "the lean path plays high-low where the cards speak, without declarations"
    if rules.forced.straddles or rules.betting.freeze_amount:
        return "the lean path has no straddles or freeze"
    if spec.openers != "any" or rules.house.rake_percent or rules.house.kitty != "none":
        return "the lean path has no openers, rake or kitty"
    if limits.jackpot or limits.wangdoodle or rules.house.bonus:
        return "the lean path has no jackpot, wangdoodle or bonus"
    if not rules.betting.checking:
        return "the lean path plays rounds where a player may check"
    for step in spec.steps:
        if step.do == "bet" and (not step.check or not step.checker_may_raise):
            return "the lean path plays rounds where a player may check, and raise after"
        if step.do not in ("deal", "board", "bet", "draw", "reveal"):
            return f"the lean path has no {step.do} step"
        if step.do == "deal" and step.down_if_exposed:
            return "the lean path has no exposed cards"
    return None


def why_not_seated(rules: PokerRules, players: int) -> str | None:
    """Why the lean loop cannot deal ``rules`` to ``players``: the stock would run out."""
    spec = rules.variant
    needed = players * spec.cards_each() + spec.board_size()
    if needed > DeckSpec.named("52").size - 1:
        return f"the lean path deals no reshuffle: {players} players need {needed} cards"
    return None


class LeanPolicyBot:
    """The lean loop's players, for the full table: the same choice from the same numbers.

    At each betting turn the menu is fold, stay (check, else call) and, where a bet or raise
    is legal, the least amount the table offers (the largest would grow a pot-limit pot
    threefold at each raise); a random player takes the next of the
    deal's ``numbers`` (from the start again when used up) and picks ``number % len(menu)``;
    a check-down player always stays. At a draw both stand pat.
    """

    def __init__(self, policy: Policy, numbers: Sequence[int] = (0,)) -> None:
        self.policy = policy
        self.numbers = numbers
        self.taken = 0

    def new_deal(self, numbers: Sequence[int]) -> None:
        """Take this deal's numbers, from the first."""
        self.numbers = numbers
        self.taken = 0

    def choose(self, view: object, legal: Sequence[A], rng: random.Random) -> A:
        """The menu's pick among ``legal``: fold, stay or the least bet; stand pat."""
        if Discard(()) in legal:
            return next(action for action in legal if action == Discard(()))
        stay = _first_of(legal, Check()) or _first_of(legal, Call())
        if stay is None:
            raise IllegalAction("the lean players only bet, check, call, fold or stand pat")
        if self.policy == "check-down":
            return stay
        menu = [action for action in (_first_of(legal, Fold()), stay) if action is not None]
        raises = [action for action in legal if isinstance(action, Bet | RaiseTo)]
        if raises:
            menu.append(min(raises, key=_amount))
        number = self.numbers[self.taken % len(self.numbers)]
        self.taken += 1
        return menu[number % len(menu)]


def _first_of(legal: Sequence[A], wanted: object) -> A | None:
    return next((action for action in legal if action == wanted), None)


def _amount(action: object) -> int:
    if isinstance(action, Bet):
        return action.amount
    return action.total if isinstance(action, RaiseTo) else 0


def simulate_lean(
    table: LeanTable, *, players: int, deals: int, seed: int, policy: Policy = "check-down"
) -> LeanReport:
    """Play ``deals`` deals at ``players`` seats, the deal passing left each time.

    Decks and the random players' choices are drawn in batches from ``seed``
    (:func:`lean_batches`) and played by :func:`play_batch`.
    """
    why = why_not_seated(table.rules, players)
    if why is not None:
        raise IllegalAction(why)
    net = np.zeros(players, dtype=np.int64)
    carried = 0
    started = time.perf_counter()
    done = 0
    for decks, choices in lean_batches(seed, deals):
        carried = play_batch(
            table,
            players=players,
            first_dealer=done % players,
            decks=decks,
            choices=choices,
            policy=policy,
            carried=carried,
            net=net,
        )
        done += decks.shape[0]
    seconds = time.perf_counter() - started
    return LeanReport(deals, seconds, tuple(int(n) for n in net), int(carried))


def play_batch(
    table: LeanTable,
    *,
    players: int,
    first_dealer: int,
    decks: npt.NDArray[np.int64],
    choices: npt.NDArray[np.int64],
    policy: Policy,
    carried: int,
    net: npt.NDArray[np.int64],
) -> int:
    """Play one deal per row of ``decks`` and ``choices``, adding the chips to ``net``.

    The compiled loop plays where it can (every ante or none, blinds from the dealer's
    left, any cards of a hand), else the Python loop; returns the pot carried on.
    """
    from cardtable.poker.fast import kernels, standard_value  # noqa: PLC0415 - numba

    spec = table.rules.variant
    if table.compiled and not (players == 2 and table.rules.forced.button_blind_heads_up):
        found: int = kernels().lean_deals(
            decks,
            choices,
            players,
            first_dealer,
            table.layout_array(),
            table.forced_array(players),
            table.rounds_array(),
            table.rules_array(),
            np.array([policy == "random", carried], dtype=np.int64),
            np.array([spec.hole_exactly, spec.board_exactly, spec.cards_each()], dtype=np.int64),
            table.low_array(),
            table.worst_array(),
            net,
        )
        return found
    value = standard_value()
    for row in range(decks.shape[0]):
        changes, carried = lean_deal(
            table,
            players,
            (first_dealer + row) % players,
            decks[row].tolist(),
            carried=carried,
            policy=policy,
            choices=choices[row].tolist(),
            value=value,
        )
        net += changes
    return carried


BATCH = 4096
"""Deals whose decks are shuffled at once."""
CHOICES = 256
"""Random numbers kept for one deal's choices (reused in turn if a deal needs more)."""


def lean_batches(
    seed: int, deals: int
) -> list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """The decks (each card as its kernel bit, top first) and choice rows of ``deals`` deals."""
    from cardtable.poker.fast import kernels  # noqa: PLC0415 - numba

    generator = np.random.default_rng(seed)
    bits = kernels().CARD_BITS
    batches = []
    done = 0
    while done < deals:
        batch = min(BATCH, deals - done)
        decks = bits[generator.permuted(np.tile(np.arange(52), (batch, 1)), axis=1)]
        choices = generator.integers(0, 1 << 30, size=(batch, CHOICES), dtype=np.int64)
        batches.append((decks, choices))
        done += batch
    return batches


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
