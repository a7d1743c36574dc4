"""The writer of one deal onto a ledger: the fields it reads, and who sits where.

Every refusal names the deal and the field. :mod:`~cardtable.preferans._contract_writer` and
:mod:`~cardtable.preferans._allpass_writer` write the deal's kinds; ``Sheet`` writes through
their union.
"""

from __future__ import annotations

from fractions import Fraction

from cardtable.preferans.deal_score import TRICKS, AllPass, DealScore, ScoreError, Whist
from cardtable.preferans.ledger import Column, Ledger
from cardtable.preferans.phrases import Reason


class Writer:
    """Writes one deal onto a sheet; every refusal names the deal and the field."""

    def __init__(self, ledger: Ledger, number: int, deal: DealScore) -> None:
        self.ledger = ledger
        self.rules = ledger.rules
        self.number = number
        self.deal = deal
        self.times = deal.coefficient
        self.allpass_written: AllPass | None = None

    def fail(self, name: str, message: str) -> ScoreError:
        return ScoreError(f"deal {self.number}: field {name!r}: {message}")

    def add(
        self, player: str, column: Column, amount: int | Fraction, why: Reason, on: str = ""
    ) -> None:
        self.ledger.add(self.number, player, column, amount * self.times, why, on=on or None)

    def earn(self, player: str, points: int, why: Reason) -> None:
        self.ledger.earn(self.number, player, points * self.times, why)

    def player(self, name: str, value: str | None) -> str:
        if value is None:
            raise self.fail(name, "missing")
        if value not in self.ledger.players:
            raise self.fail(name, f"{value!r} is not a player")
        return value

    # ----- who sits where ---------------------------------------------------------------

    def active(self, declarer: str | None = None) -> list[str]:
        """The players in the deal: all of three, or the four less the dealer."""
        players = list(self.ledger.players)
        dealer = self.deal.dealer
        if len(players) == 3:
            if dealer is not None:
                self.player("dealer", dealer)
            return players
        if dealer is None:
            dealer = self.infer_dealer(declarer)
        self.player("dealer", dealer)
        if dealer == declarer:
            raise self.fail("dealer", "the dealer of four does not play")
        return [p for p in players if p != dealer]

    def dealer_of_four(self, declarer: str | None) -> str | None:
        if len(self.ledger.players) == 3:
            return None
        active = self.active(declarer)
        return next(p for p in self.ledger.players if p not in active)

    def infer_dealer(self, declarer: str | None) -> str:
        named = set(self.deal.allpass or {}) | set(self.deal.whist)
        if declarer is not None:
            named.add(declarer)
        left = [p for p in self.ledger.players if p not in named]
        if len(left) != 1:
            raise self.fail("dealer", "with four players name the dealer who sat out")
        return left[0]

    def answers(self, defenders: list[str]) -> dict[str, Whist]:
        whist = self.deal.whist
        for name in whist:
            if name not in defenders:
                raise self.fail("whist", f"{name!r} is not a defender in this deal")
        missing = [p for p in defenders if p not in whist]
        if missing:
            raise self.fail("whist", f"no answer from {missing[0]!r}")
        return {p: self.whist_word(whist[p]) for p in defenders}

    def whist_word(self, value: str) -> Whist:
        try:
            return Whist(value)
        except ValueError:
            known = ", ".join(w.value for w in Whist)
            raise self.fail("whist", f"{value!r} is not one of {known}") from None

    def tricks(self, value: int | None, name: str = "tricks") -> int:
        if value is None:
            raise self.fail(name, "missing")
        if not 0 <= value <= TRICKS:
            raise self.fail(name, f"{value} is not a number of tricks from 0 to 10")
        return value
