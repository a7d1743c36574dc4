"""The finished deal in the terms a score sheet needs (issue 3 item 7).

:class:`DealOutcome` carries every fact of the deal that the pulka (rules 42–48) or a modern
convention's sheet writes: who declared what, who whisted, how the defence was played, each
seat's tricks, the all-pass tricks and series, the renonces, and the four-handed dealer's
consolation inputs (rule 14 and rule 47's good talon). It holds no price: prices are the
sheet's business.

>>> from cardtable.cards import parse_cards
>>> good_talon_tricks(parse_cards("A♠ A♥")), good_talon_tricks(parse_cards("K♦ Q♦"))
(3, 1)
>>> good_talon_tricks(parse_cards("K♦ Q♥"))
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cardtable.cards import Card, Rank
from cardtable.preferans.actions import MisdealKind
from cardtable.preferans.contracts import Contract

DealKind = Literal["game", "misère", "all-pass", "redeal"]
WhistChoice = Literal["whist", "pass", "half-whist", "checked"]
Defence = Literal["closed", "open", "checked", "none"]


@dataclass(frozen=True)
class Renonce:
    """One revoke (rule 33): who, in which trick (1-based), with which card."""

    seat: int
    trick: int
    card: Card


@dataclass(frozen=True)
class DealOutcome:
    """Everything a score sheet needs from one finished deal.

    Seats are numbered as at the table. ``tricks`` has one entry per seat (the four-handed
    dealer's is always 0) and already applies rules 34–36 to tricks with a revoke.
    """

    kind: DealKind
    """'game' (a contract on tricks), 'misère', 'all-pass' (rule 29), or 'redeal' (rule 12)."""
    players: int
    """Seats at the table, 3 or 4."""
    dealer: int
    """The dealer; with four players he sits out and takes consolations (rule 14)."""
    first_hand: int
    """The seat left of the dealer: it spoke first and led first."""
    bids: tuple[tuple[int, str], ...]
    """The auction, call by call: (seat, canonical text)."""
    declarer: int | None
    """The seat that won the talon, or ``None`` in an all-pass."""
    winning_bid: str | None
    """The bid that won the talon (``7♦``, ``9 without talon``, ``misère``)."""
    contract: Contract | None
    """The contract named (rule 21), or ``None`` in an all-pass."""
    without_talon: bool
    """Whether the declarer played without taking the talon (rule 17)."""
    defenders: tuple[int, ...]
    """The declarer's opponents in whisting order (left of the declarer first)."""
    whist: tuple[tuple[int, WhistChoice], ...]
    """Each defender's final word: whist, pass, half-whist, or 'checked' for a ten (rule 26)."""
    defence: Defence
    """How the cards were played: closed, open (в светлую), checked (all open), or none."""
    played: bool
    """Whether the cards were played out (not when both passed, a half-whist or a claim)."""
    claimed: bool
    """A lone whister scored without play with the declarer's consent (rule 27)."""
    tricks: tuple[int, ...]
    """Tricks taken by each seat (all-pass tricks too), after the renonce rules."""
    allpass_series: int
    """For an all-pass, its place in a run of consecutive all-passes (1 = the first); else 0."""
    talon: tuple[Card, ...]
    """The talon if it was shown (taken by a declarer or turned in all-pass); else empty."""
    good_talon_tricks: int
    """Rule 47: tricks of the contract the four-handed dealer writes for a good talon."""
    talon_aces: int
    """Aces in a shown talon: the 'sold' aces of rule 14."""
    renonces: tuple[Renonce, ...]
    """Every revoke, in order (only when the rules let players revoke)."""
    declarer_credited: bool
    """Rule 35: a defender revoked and the declarer did not, so the declarer is paid as if he
    made his contract."""
    declarer_revoked: bool
    """Rules 34 and 36: the declarer revoked, and answers for his own tricks as usual."""
    misdeal: MisdealKind | None = None
    """Rule 12: the irregularity claimed in a void deal ('exposed', 'count', 'turn')."""

    @property
    def declarer_tricks(self) -> int:
        """Tricks the declarer took (0 in an all-pass)."""
        return 0 if self.declarer is None else self.tricks[self.declarer]

    @property
    def made(self) -> bool | None:
        """Whether the declarer fulfilled his contract (rule 22); ``None`` in an all-pass."""
        if self.contract is None or self.declarer is None:
            return None
        if self.declarer_credited:
            return True
        if self.contract.is_misere:
            return self.declarer_tricks == 0
        if not self.played:
            return True
        return self.declarer_tricks >= self.contract.tricks

    def whist_choice(self, seat: int) -> WhistChoice | None:
        """The final word of defender ``seat``, if it is one."""
        return dict(self.whist).get(seat)


def good_talon_tricks(talon: Sequence[Card]) -> int:
    """Rule 47: an ace or a marriage (king and queen of a suit) counts one trick, two aces three."""
    aces = sum(1 for card in talon if card.rank is Rank.ACE)
    if aces >= 2:
        return 3
    suits = {card.suit for card in talon}
    ranks = {card.rank for card in talon}
    marriage = len(talon) == 2 and len(suits) == 1 and ranks == {Rank.KING, Rank.QUEEN}
    return 1 if aces == 1 or marriage else 0
