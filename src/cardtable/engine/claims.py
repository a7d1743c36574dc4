"""A claim of the remaining tricks: laid down by one player, granted by the others.

Trick games whose players may claim (preferans, piquet) share these two actions and their
text; each game's deal says when they are legal and what they do (its rules page says why).
A claim is no move of the seat to move: any player of the deal may lay his cards face up and
claim the rest; the others grant it (the deal ends as claimed) or play on (the claim lapses at
the next card, the hand staying face up). Neither is ever among ``legal_actions()``: a claim
is a player's offer, never a move a bot picks from the list.

>>> claim_text(ClaimRest(1)), claim_text(GrantRest(1))
('rest 1', 'grant rest 1')
>>> parse_claim("остальные мои 2"), parse_claim("grant rest 0"), parse_claim("rest")
(ClaimRest(seat=2), GrantRest(seat=0), None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ClaimRest:
    """``seat`` lays his cards face up and claims every trick still to be played."""

    seat: int


@dataclass(frozen=True)
class GrantRest:
    """The other players grant ``seat``'s claim: he takes every remaining trick."""

    seat: int


_CLAIM = re.compile(r"(?:rest|остальные(?: мои)?) (\d)")
_GRANT = re.compile(r"(?:grant rest|отдаём остальные|отдаем остальные) (\d)")


def parse_claim(word: str) -> ClaimRest | GrantRest | None:
    """The claim or grant that ``word`` (lowercase, single spaces) spells, or ``None``."""
    claim = _CLAIM.fullmatch(word)
    if claim is not None:
        return ClaimRest(int(claim.group(1)))
    grant = _GRANT.fullmatch(word)
    if grant is not None:
        return GrantRest(int(grant.group(1)))
    return None


def claim_text(action: ClaimRest | GrantRest) -> str:
    """The canonical text: ``rest N`` for the claim, ``grant rest N`` for its grant."""
    if isinstance(action, ClaimRest):
        return f"rest {action.seat}"
    return f"grant rest {action.seat}"
