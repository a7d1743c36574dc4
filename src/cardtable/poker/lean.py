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

>>> from cardtable.poker.table_rules import PokerRules
>>> report = simulate_lean(LeanTable.of(PokerRules()), players=3, deals=50, seed=1)
>>> report.deals, sum(report.net) + report.carried
(50, 0)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cardtable.errors import IllegalAction
from cardtable.poker.lean_deal import lean_deal
from cardtable.poker.lean_policy import LeanPolicyBot, Policy
from cardtable.poker.lean_table import LeanTable, why_not_seated

__all__ = [
    "BATCH",
    "CHOICES",
    "LeanPolicyBot",
    "LeanReport",
    "LeanTable",
    "Policy",
    "lean_batches",
    "play_batch",
    "simulate_lean",
]


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
