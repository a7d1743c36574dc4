"""The settlement of a closed pulka: level the mountains, convert them, balance the whists.

The seed's method ("ПОДСЧЕТЫ И РАСЧЕТЫ", 001_776ed664a35a376f.txt and 000_75e337bfe099b695.txt):
subtract the same amount from every mountain until one is at zero, divide each remainder by
the number of players and write that many whists on its owner for each partner (the owner's
own share is the one he keeps: 003_b655b01c110fd414.txt, 4.1.1 b), then net each pair's
whists and sum them. The totals always sum to zero and do not depend on which mountain is
brought to zero, nor on levelling at all: the "average mountain" method gives the same.

>>> result = settle(["A", "B", "C"], {"A": 0, "B": 6, "C": 0},
...                 {"A": {"B": 0, "C": 0}, "B": {"A": 0, "C": 0}, "C": {"A": 0, "B": 0}},
...                 mountain_point_whists=10)
>>> result.balance
{'A': Fraction(20, 1), 'B': Fraction(-40, 1), 'C': Fraction(20, 1)}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

Number = int | Fraction


@dataclass(frozen=True)
class Settlement:
    """Every step of a settlement, so players can check it line by line."""

    players: tuple[str, ...]
    levelled: dict[str, Fraction]
    """Each mountain after the same amount was taken off all of them."""
    mountain_whists: dict[str, Fraction]
    """Whists each partner writes on a player for his levelled mountain."""
    whists: dict[str, dict[str, Fraction]]
    """Whists each player has on each other once the mountains are converted."""
    pairwise: dict[str, dict[str, Fraction]]
    """What each player won (+) or lost (-) against each other one."""
    balance: dict[str, Fraction]
    """Each player's result in whists; the results sum to zero."""

    def money(self, stake: Number) -> dict[str, Fraction]:
        """Each balance at ``stake`` per whist."""
        return {player: whists * stake for player, whists in self.balance.items()}


def settle(
    players: Sequence[str],
    mountains: Mapping[str, Number],
    whists: Mapping[str, Mapping[str, Number]],
    *,
    mountain_point_whists: int,
    reference: str | None = None,
    rounding: str = "exact",
) -> Settlement:
    """Settle a sheet's totals; ``reference`` is the player whose mountain goes to zero.

    By default the smallest mountain is brought to zero, as the seed does; any other choice
    gives the same balances.
    """
    seats = tuple(players)
    count = len(seats)
    base = (
        min(Fraction(mountains[p]) for p in seats)
        if reference is None
        else Fraction(mountains[reference])
    )
    levelled = {p: Fraction(mountains[p]) - base for p in seats}
    share = {p: levelled[p] * mountain_point_whists / count for p in seats}
    converted = {
        p: {q: Fraction(whists[p].get(q, 0)) + share[q] for q in seats if q != p} for p in seats
    }
    pairwise = {p: {q: converted[p][q] - converted[q][p] for q in seats if q != p} for p in seats}
    balance = {p: sum(pairwise[p].values(), Fraction(0)) for p in seats}
    if rounding == "whole":
        balance = round_whole(balance)
    elif rounding == "pairs_up":
        pairwise = round_pairs_up(pairwise)
        balance = {p: sum(pairwise[p].values(), Fraction(0)) for p in seats}
    return Settlement(seats, levelled, share, converted, pairwise, balance)


def settle_by_average(
    players: Sequence[str],
    mountains: Mapping[str, Number],
    whists: Mapping[str, Mapping[str, Number]],
    *,
    mountain_point_whists: int,
) -> dict[str, Fraction]:
    """The balances by the "average mountain" method: no levelling, no pairwise table.

    Each player wins ten (or the convention's) whists per point his mountain is below the
    average, plus the whists he wrote minus those written on him.
    """
    seats = tuple(players)
    average = sum((Fraction(mountains[p]) for p in seats), Fraction(0)) / len(seats)
    return {
        p: (average - Fraction(mountains[p])) * mountain_point_whists
        + sum((Fraction(whists[p].get(q, 0)) for q in seats if q != p), Fraction(0))
        - sum((Fraction(whists[q].get(p, 0)) for q in seats if q != p), Fraction(0))
        for p in seats
    }


def round_whole(balance: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Balances rounded to whole whists that still sum to zero (largest remainders).

    Each balance is rounded down; the whists so lost go one each to the largest fractional
    parts, earlier players first on ties.

    >>> round_whole({"A": Fraction(10, 3), "B": Fraction(10, 3), "C": Fraction(-20, 3)})
    {'A': Fraction(4, 1), 'B': Fraction(3, 1), 'C': Fraction(-7, 1)}
    """
    floors = {p: Fraction(value.__floor__()) for p, value in balance.items()}
    missing = int(sum(balance.values(), Fraction(0)) - sum(floors.values(), Fraction(0)))
    order = sorted(balance, key=lambda p: -(balance[p] - floors[p]))
    for player in order[:missing]:
        floors[player] += 1
    return floors


def round_pairs_up(
    pairwise: Mapping[str, Mapping[str, Fraction]],
) -> dict[str, dict[str, Fraction]]:
    """Each pair's net rounded up to a whole whist for the pair's winner.

    Players who settle pair by pair round each pair's fraction in the winner's favour; the
    table stays antisymmetric, so the balances still sum to zero.

    >>> round_pairs_up({"A": {"B": Fraction(1, 3)}, "B": {"A": Fraction(-1, 3)}})
    {'A': {'B': Fraction(1, 1)}, 'B': {'A': Fraction(-1, 1)}}
    """
    return {
        p: {
            q: Fraction(net.__ceil__()) if net >= 0 else -Fraction((-net).__ceil__())
            for q, net in row.items()
        }
        for p, row in pairwise.items()
    }
