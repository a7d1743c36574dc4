"""The score sheets of piquet: the seed's koroliks and partie, the rubicon, the game for three.

The seed (001_776ed664a35a376f.txt, rules 46–50) writes each deal's difference in its winner's
game column; after each korolik (two deals) the korolik's difference plus 100, rounded up to
tens, goes to the korolik column of its winner; after three koroliks the difference of the
game columns plus 100 goes to its winner's korolik column, and the difference of the korolik
columns is the net result. A refet (equal counts) writes a zero, closes its korolik and doubles
the next one.

>>> round_up(128), round_up(115), round_up(120)
(130, 120, 120)
>>> rubicon(105, 101, 100), rubicon(97, 89, 100)
(104, 286)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from cardtable.piquet.rules import PiquetRules

KOROLIK_DEALS = 2
PARTIE_KOROLIKS = 3
RUBICON_DEALS = 6


def round_up(points: int) -> int:
    """Round up to whole tens, as korolik records are (rule 46: 128 is written 130)."""
    return -(-points // 10) * 10


def deal_difference(counts: tuple[int, int], doubled: bool) -> tuple[int | None, int]:
    """The deal's winner (0 or 1; ``None`` for a refet) and what he writes (rules 46, 47)."""
    first, second = counts
    if first == second:
        return None, 0
    winner = 0 if first > second else 1
    return winner, abs(first - second) * (2 if doubled else 1)


def korolik_entry(sums: tuple[int, int], rules: PiquetRules) -> tuple[int | None, int]:
    """The korolik's winner and his korolik record: the difference plus 100, rounded up."""
    if sums[0] == sums[1]:
        return None, 0
    winner = 0 if sums[0] > sums[1] else 1
    amount = abs(sums[0] - sums[1]) + rules.korolik_bonus
    return winner, round_up(amount) if rules.round_koroliks else amount


def rubicon(winner_total: int, loser_total: int, threshold: int) -> int:
    """What the winner of a rubicon partie scores.

    The difference plus 100, or the sum plus 100 when the loser stayed below the rubicon
    (Parlett's rules, 'Rubicon Piquet').
    """
    if loser_total >= threshold:
        return winner_total - loser_total + threshold
    return winner_total + loser_total + threshold


@dataclass(frozen=True)
class Mark:
    """One figure written on the sheet: a deal's, a korolik's, the partie's or a clean sheet's.

    ``player`` is whose column it goes in (``None`` for a refet's zero, or a tied korolik).
    """

    kind: str
    player: int | None
    amount: int


@dataclass
class KorolikSheet:
    """One partie's sheet for two in the seed's way (rules 46–50)."""

    rules: PiquetRules
    doubled: bool = False
    games: list[list[int]] = field(default_factory=lambda: [[], []])
    koroliks: list[list[int]] = field(default_factory=lambda: [[], []])
    current: list[int] = field(default_factory=lambda: [0, 0])
    deals_in_korolik: int = 0
    closed: int = 0
    refets: int = 0
    carry_double: bool = False
    net: tuple[int, int] | None = None
    marks: list[Mark] = field(default_factory=list)
    """Everything written, in the order it was written, for drawing the sheet."""

    @property
    def finished(self) -> bool:
        """Whether the partie's three koroliks are closed."""
        return self.closed >= PARTIE_KOROLIKS

    def book(self, counts: tuple[int, int]) -> list[str]:
        """Write a deal's counts; return the lines written."""
        lines: list[str] = []
        winner, amount = deal_difference(counts, self.doubled)
        self.deals_in_korolik += 1
        refet = winner is None
        if refet:
            self.refets += 1
            self.marks.append(Mark("refet", None, 0))
            lines.append(f"refet at {counts[0]}: a zero is written")
        else:
            assert winner is not None
            self.games[winner].append(amount)
            self.current[winner] += amount
            self.marks.append(Mark("deal", winner, amount))
            lines.append(
                f"player {winner} writes {amount}" + (" (doubled)" if self.doubled else "")
            )
        if self.deals_in_korolik >= KOROLIK_DEALS or (refet and self.rules.refet_closes_korolik):
            lines += self._close_korolik(double_next=refet)
        elif refet:
            self.carry_double = True
        return lines

    def _close_korolik(self, double_next: bool) -> list[str]:
        lines = []
        winner, amount = korolik_entry((self.current[0], self.current[1]), self.rules)
        self.marks.append(Mark("korolik", winner, amount))
        if winner is not None:
            self.koroliks[winner].append(amount)
            lines.append(f"korolik {self.closed + 1}: player {winner} writes {amount}")
        self.closed += 1
        self.current = [0, 0]
        self.deals_in_korolik = 0
        self.doubled = double_next or self.carry_double
        self.carry_double = False
        if self.finished:
            lines += self._close_partie()
        return lines

    def _close_partie(self) -> list[str]:
        lines = []
        sums = (sum(self.games[0]), sum(self.games[1]))
        winner, amount = korolik_entry(sums, self.rules)
        self.marks.append(Mark("partie", winner, amount))
        if winner is not None:
            self.koroliks[winner].append(amount)
            lines.append(f"the partie: player {winner} writes {amount}")
            if not self.games[1 - winner] and self.rules.clean_sheet:
                self.koroliks[winner].append(self.rules.clean_sheet)
                self.marks.append(Mark("clean", winner, self.rules.clean_sheet))
                lines.append(f"a clean sheet: player {winner} writes {self.rules.clean_sheet}")
        totals = (sum(self.koroliks[0]), sum(self.koroliks[1]))
        self.net = (totals[0] - totals[1], totals[1] - totals[0])
        lines.append(f"the net result: {self.net[0]} to player 0")
        return lines


def money(points: int, kopecks_per_point: Fraction | int) -> str:
    """The net in roubles and kopecks (rule 46): 260 points at a kopeck a point are 2 р. 60 к.

    >>> money(260, 1), money(260, Fraction(1, 10)), money(260, Fraction(1, 20))
    ('2 р. 60 к.', '0 р. 26 к.', '0 р. 13 к.')
    """
    kopecks = abs(points) * Fraction(kopecks_per_point)
    whole = int(kopecks)
    sign = "-" if points < 0 and kopecks else ""
    rest = "" if kopecks == whole else f" {kopecks - whole}"
    return f"{sign}{whole // 100} р. {whole % 100}{rest} к."
