"""The fast path for simulation: whole deals without events, views or records.

Bots and analysts simulate millions of deals; the full table (:mod:`cardtable.poker.deal`)
keeps every event, view and refusal, which costs time. This lean loop plays the same deals
for the two workloads that matter for speed, check-down (everybody checks or calls to the
showdown) and random actions (each player picks uniformly among fold, check or call, and bet
or raise), for variants whose steps are dealing, board cards, draws where everyone stands
pat, and betting rounds opened from the dealer's left or by the first bettor, with standard
high hands that the compiled kernel ranks. Chips follow the same rules as the table: antes
and blinds, fixed limits per round, the raise cap per player, the pot split with the odd
chip to the first player shown from the last round's opener.

A test plays check-down deals through both paths from the same decks and compares the
chips; the lean path is for speed only and refuses what it does not cover.

>>> from cardtable.poker.variants import VariantSpec
>>> report = simulate_lean(LeanTable.of(PokerRules()), players=3, deals=50, seed=1)
>>> report.deals, sum(report.net) + report.carried
(50, 0)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

import numpy as np
import numpy.typing as npt

from cardtable.errors import IllegalAction
from cardtable.poker.betting import AnteKind
from cardtable.poker.limits import LimitSystem
from cardtable.poker.table_rules import PokerRules

Policy = Literal["check-down", "random"]


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
    layout: tuple[tuple[str, int], ...]
    """("hole", n), ("board", n) or ("bet", round index), in order."""
    interpreted: bool = False
    """Play in Python even where the compiled loop could (to check one against the other)."""

    @property
    def compiled(self) -> bool:
        """Whether the compiled deal loop plays these rules."""
        spec = self.rules.variant
        forced = self.rules.forced
        return (
            not self.interpreted
            and not (spec.hole_exactly or spec.board_exactly)
            and forced.ante_kind in (AnteKind.NONE, AnteKind.EVERYONE)
            and forced.blind_start == 1
            and not self.rules.variant.hands.stripped
        )

    @property
    def cap(self) -> int:
        """The raise cap per player and round (0 would be no cap: a deal still ends)."""
        return self.rules.betting.raises_per_player or 1000

    @property
    def voids(self) -> bool:
        """Whether a first round of checks voids the deal."""
        first = next(step for step in self.rules.variant.steps if step.do == "bet")
        return first.void_if_all_check

    def layout_array(self) -> npt.NDArray[np.int64]:
        """The layout as kernel rows (kind, count or round)."""
        kinds = {"hole": 0, "board": 1, "bet": 2}
        return np.array([(kinds[kind], n) for kind, n in self.layout], dtype=np.int64)

    def forced_array(self, players: int) -> npt.NDArray[np.int64]:
        """(ante each, blind count, blinds...)."""
        forced = self.rules.forced
        ante = forced.ante if forced.ante_kind is AnteKind.EVERYONE else 0
        blinds = list(forced.blinds[:players])
        return np.array([ante, len(blinds), *blinds], dtype=np.int64)

    def units_array(self) -> npt.NDArray[np.int64]:
        """The bet of each betting round."""
        limits = self.rules.limits
        rounds = sum(kind == "bet" for kind, _ in self.layout)
        return np.array(
            [_per_round(limits.round_maximum, index, limits.maximum) for index in range(rounds)],
            dtype=np.int64,
        )

    @classmethod
    def of(cls, rules: PokerRules) -> LeanTable:
        """The lean form of ``rules``; raise ``IllegalAction`` for what it does not cover."""
        from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numba loads lazily

        spec = rules.variant
        why = None
        if not kernel_supports(spec.hands) or spec.win != "high" or spec.board_lines:
            why = "the lean path ranks standard high hands only"
        elif rules.limits.system is not LimitSystem.FIXED or rules.limits.chips_limit_bets:
            why = "the lean path plays fixed limits on credit only"
        elif rules.forced.straddles or rules.forced.bring_in or rules.betting.freeze_amount:
            why = "the lean path has no straddles, bring-in or freeze"
        elif spec.openers != "any" or rules.house.rake_percent or rules.house.kitty != "none":
            why = "the lean path has no openers, rake or kitty"
        elif limits_special(rules) or rules.house.bonus:
            why = "the lean path has no jackpot, wangdoodle or bonus"
        layout: list[tuple[str, int]] = []
        rounds = 0
        for step in spec.steps:
            if step.do == "deal":
                layout.append(("hole", step.down + step.up))
            elif step.do == "board":
                layout.append(("board", step.down + step.up))
            elif step.do == "bet":
                if step.opens not in ("left", "first-bettor") or not step.check:
                    why = why or "the lean path opens rounds from the left and allows checks"
                layout.append(("bet", rounds))
                rounds += 1
            elif step.do not in ("draw", "reveal"):
                why = why or f"the lean path has no {step.do} step"
        if why is not None:
            raise IllegalAction(why)
        return cls(rules, tuple(layout))


def limits_special(rules: PokerRules) -> bool:
    """Whether the limits carry anything from deal to deal (jackpot, wangdoodle)."""
    return rules.limits.jackpot or rules.limits.wangdoodle


def simulate_lean(
    table: LeanTable, *, players: int, deals: int, seed: int, policy: Policy = "check-down"
) -> LeanReport:
    """Play ``deals`` deals at ``players`` seats, the deal passing left each time.

    Decks and the random players' choices are drawn in batches from ``seed``; the compiled
    deal loop plays them where it can (every ante or none, blinds from the dealer's left,
    any cards of a hand), else the Python loop does, from the same decks and choices.
    """
    from cardtable.poker.fast import kernels, standard_value  # noqa: PLC0415 - numba

    generator = np.random.default_rng(seed)
    bits = kernels().CARD_BITS
    net = np.zeros(players, dtype=np.int64)
    carried = 0
    value = standard_value()
    started = time.perf_counter()
    done = 0
    while done < deals:
        batch = min(BATCH, deals - done)
        decks = bits[generator.permuted(np.tile(np.arange(52), (batch, 1)), axis=1)]
        choices = generator.integers(0, 1 << 30, size=(batch, CHOICES), dtype=np.int64)
        if table.compiled and not (players == 2 and table.rules.forced.button_blind_heads_up):
            carried = kernels().lean_deals(
                decks,
                choices,
                players,
                done % players,
                table.layout_array(),
                table.forced_array(players),
                table.units_array(),
                np.array([table.cap, policy == "random", table.voids, carried], dtype=np.int64),
                net,
            )
        else:
            for row in range(batch):
                changes, carried = lean_deal(
                    table,
                    players,
                    (done + row) % players,
                    decks[row].tolist(),
                    carried=carried,
                    policy=policy,
                    choices=choices[row].tolist(),
                    value=value,
                )
                net += changes
        done += batch
    seconds = time.perf_counter() - started
    return LeanReport(deals, seconds, tuple(int(n) for n in net), int(carried))


BATCH = 4096
"""Deals whose decks are shuffled at once."""
CHOICES = 256
"""Random numbers kept for one deal's choices (reused in turn if a deal needs more)."""


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
    deal's antes join ``carried``). A random player picks ``choice % options`` among fold,
    stay and raise, taking ``choices`` in turn.
    """
    if value is None:
        from cardtable.poker.fast import standard_value  # noqa: PLC0415 - numba loads lazily

        value = standard_value()
    play = _check_down if policy == "check-down" else _random_round
    stream = _Choices(choices)
    put, void, folded = _play_deal(table, players, dealer, play, stream)
    if void:
        return [-amount for amount in put], carried + sum(put)
    order = [(dealer + 1 + step) % players for step in range(players)]
    alive = [seat for seat in order if not folded[seat]]
    pot = sum(put) + carried
    if len(alive) == 1:
        winners = alive
    else:
        masks = _masks(table, players, dealer, deck)
        values = {seat: _best(value, masks[seat], table) for seat in alive}
        top = max(values.values())
        winners = [seat for seat in alive if values[seat] == top]
    share, odd = divmod(pot, len(winners))
    changes = [-amount for amount in put]
    for place, seat in enumerate(winners):
        changes[seat] += share + (1 if place < odd else 0)
    return changes, 0


def _play_deal(
    table: LeanTable,
    players: int,
    dealer: int,
    play: Callable[..., int | None],
    stream: _Choices,
) -> tuple[list[int], bool, list[bool]]:
    """The chips each seat put in, whether the deal is void, and who folded."""
    rules = table.rules
    forced = rules.forced
    put = [0] * players
    folded = [False] * players
    if forced.ante_kind is AnteKind.EVERYONE:
        put = [forced.ante] * players
    elif forced.ante_kind is not AnteKind.NONE:
        for seat in forced.ante_seats(players, dealer):
            put[seat] += forced.ante
    blinds = forced.blind_seats(players, dealer)
    limits = rules.limits
    raises_cap = rules.betting.raises_per_player
    first_bettor: int | None = blinds[0][0] if blinds else None
    for kind, index in table.layout:
        if kind != "bet":
            continue
        unit = _per_round(limits.round_maximum, index, limits.maximum)
        bets = [0] * players
        if index == 0:
            for seat, amount in blinds:
                bets[seat] = amount
        start = (dealer + 1) % players
        if index == 0 and blinds:
            start = (blinds[-1][0] + 1) % players
        opened = play(bets, folded, start, unit, raises_cap, stream=stream)
        if first_bettor is None and opened is not None:
            first_bettor = opened
        for seat in range(players):
            put[seat] += bets[seat]
        if index == 0 and not blinds and first_bettor is None and table.voids:
            return put, True, folded
        if sum(folded) == players - 1:
            break
    return put, False, folded


def _check_down(
    bets: list[int],
    folded: list[bool],
    start: int,
    unit: int,
    cap: int,
    *,
    stream: _Choices,
) -> int | None:
    """Everybody calls the highest blind (or checks): nobody opens."""
    high = max(bets)
    for seat in range(len(bets)):
        if not folded[seat]:
            bets[seat] = high
    return None


def _random_round(
    bets: list[int],
    folded: list[bool],
    start: int,
    unit: int,
    cap: int,
    *,
    stream: _Choices,
) -> int | None:
    """One betting round of uniformly random choices; returns the opener, if any."""
    players = len(bets)
    high = max(bets)
    raises = [0] * players
    pending = [seat for step in range(players) if not folded[seat := (start + step) % players]]
    opener: int | None = None
    while pending and sum(folded) < players - 1:
        seat = pending.pop(0)
        choice = stream.pick(3 if raises[seat] < cap else 2)
        if choice == 0:
            folded[seat] = True
        elif choice == 1:
            bets[seat] = high
        else:
            high += unit
            bets[seat] = high
            raises[seat] += 1
            if opener is None:
                opener = seat
            pending = [
                other for step in range(1, players) if not folded[other := (seat + step) % players]
            ]
    return opener


class _Choices:
    """A deal's random numbers, taken in turn (from the start again when used up)."""

    def __init__(self, numbers: Sequence[int]) -> None:
        self.numbers = numbers
        self.taken = 0

    def pick(self, options: int) -> int:
        number = self.numbers[self.taken % len(self.numbers)]
        self.taken += 1
        return number % options


def _per_round(values: Sequence[int], index: int, default: int) -> int:
    if not values:
        return default
    return values[min(index, len(values) - 1)]


def _masks(table: LeanTable, players: int, dealer: int, deck: Sequence[int]) -> list[list[int]]:
    """Each seat's cards as kernel bits (own cards first, then the board's)."""
    own: list[list[int]] = [[] for _ in range(players)]
    board: list[int] = []
    order = [(dealer + 1 + step) % players for step in range(players)]
    top = 0
    for kind, count in table.layout:
        if kind == "hole":
            # One card at a time round the table (000_75e337bfe099b695.txt, СДАЧА).
            for _ in range(count):
                for seat in order:
                    own[seat].append(deck[top])
                    top += 1
        elif kind == "board":
            board += deck[top : top + count]
            top += count
    return [cards + board for cards in own]


def _best(value: Callable[[int], int], cards: list[int], table: LeanTable) -> int:
    spec = table.rules.variant
    if not (spec.hole_exactly or spec.board_exactly):
        mask = 0
        for bit in cards:
            mask |= bit
        return int(value(mask))
    own_count = table.rules.variant.cards_each()
    own, board = cards[:own_count], cards[own_count:]
    hole = spec.hole_exactly or own_count
    shared = spec.board_exactly or 5 - hole
    return max(
        int(value(sum(mine) + sum(common)))
        for mine in combinations(own, hole)
        for common in combinations(board, shared)
    )
