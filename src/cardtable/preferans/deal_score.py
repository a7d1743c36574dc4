"""A deal's result as the pulka takes it: who declared what, who whisted, the tricks.

:class:`DealScore` mirrors the scorer's JSON; :class:`ScoreError` names the deal and the field
of a result the sheet cannot take.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from cardtable.errors import CardtableError
from cardtable.preferans.contracts import Contract

TRICKS = 10
PLAYERS = (3, 4)


class ScoreError(CardtableError):
    """A deal result or written total the sheet cannot take: names the deal and the field."""


class Whist(StrEnum):
    """What a defender said after the contract (rules 24–27; the Code's 'полвиста')."""

    WHIST = "whist"
    PASS = "pass"
    HALF = "half"


class Play(StrEnum):
    """How a lone whister played: with the cards open, or closed ("втемную")."""

    OPEN = "open"
    CLOSED = "closed"


class GoodTalon(StrEnum):
    """What made a talon 'good' for the dealer of four (rule 47)."""

    ACE = "ace"
    MARRIAGE = "marriage"
    TWO_ACES = "two_aces"


class Phase(StrEnum):
    """The stage of the classic pulka a deal belongs to (rules 38–41)."""

    MAIN = "main"
    ROBBER = "robber"
    PRELIMINARY_ALLPASS = "preliminary_allpass"


@dataclass(frozen=True)
class DealScore:
    """The result of one deal as the sheet needs it; mirrors the scorer's JSON.

    A played contract names ``declarer``, ``contract`` and the declarer's ``tricks``, each
    defender's ``whist`` answer and, when both whist, their ``defender_tricks``. An all-pass
    gives ``allpass``: each player's tricks. ``dealer`` names who sat out with four players;
    ``talon``, ``off_mountain`` and ``phase`` are the classic game's extras (rules 38–42, 47).
    """

    declarer: str | None = None
    contract: Contract | None = None
    tricks: int | None = None
    whist: Mapping[str, Whist] = field(default_factory=dict)
    play: Play | None = None
    defender_tricks: Mapping[str, int] = field(default_factory=dict)
    allpass: Mapping[str, int] | None = None
    dealer: str | None = None
    talon: GoodTalon | None = None
    off_mountain: int = 0
    phase: Phase = Phase.MAIN
    coefficient: int = 1
    """A dark game's, bomb's or refet's multiplier of everything the deal writes (003 4.1.2)."""
    renonce: Mapping[str, int] = field(default_factory=dict)
    """Revokes by each player in a game on tricks, for the penalties of rules 34–37; ``tricks``
    and ``defender_tricks`` are then the tricks as rules 34–36 give them."""


@dataclass(frozen=True)
class AllPass:
    """One all-pass as the sheet's "ёлочка" keeps it: each player's tricks (rules 29, 39–40).

    The seed has every player write each all-pass in his own part of the sheet, and counts
    the zeros on the ёлочка (rule 40); the money it made is in the entries of the same deal.
    """

    deal: int
    tricks: Mapping[str, int]
    """The tricks of each player who played it (the dealer of four sat out)."""
    times: int = 1
    """The progression's multiplier for this all-pass (and a coefficient, where one is used)."""
    preliminary: bool = False
    """Whether it was one of the classic game's preliminary all-passes (rule 39)."""
