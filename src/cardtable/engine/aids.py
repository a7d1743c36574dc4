"""The aids a player at home expects, for any game: a hint, and the judgement of a claim.

Each game that offers them has a ``hints`` module (``cardtable.<game>.hints``) with its own
typed answer; this module is the one door for an interface that handles any game. A hint is
help for one seat: it reads the deal only as that seat may know it (its view, the events as it
saw them, the cards it was shown) and every random choice comes from the generator passed in,
so the same seat in the same position with the same seed is given the same hint. A claim is
judged by the engine, which knows every card: the claimer's cards lie face up by then.

>>> hint_games()
('piquet', 'poker', 'preferans')
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TypeVar

from cardtable.engine.deal import Deal
from cardtable.errors import CardtableError

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")

HINT_MODULES = {
    "piquet": "cardtable.piquet.hints",
    "poker": "cardtable.poker.hints",
    "preferans": "cardtable.preferans.hints",
}
"""The module of each game's hints (each defines ``game_hint`` and, for trick games, ``judge``)."""


class HintUnavailable(CardtableError):
    """No hint, or no judgement of a claim, can be given now; the reason in one line."""


@dataclass(frozen=True)
class Hint:
    """Help for one seat, laid out by any interface.

    ``kind`` names what was worked out (``card values``, ``equity``, ``discard``); ``best`` holds
    the canonical texts of the moves the hint rates best (none for an equity); ``lines`` are
    sentences for a help panel; ``samples`` the layouts of the unseen cards it averaged over
    (1 when ``exact``: every card that matters was known to the seat).
    """

    game: str
    seat: int
    kind: str
    best: tuple[str, ...]
    lines: tuple[str, ...]
    samples: int
    exact: bool


@dataclass(frozen=True)
class ClaimVerdict:
    """Whether the cards prove ``seat``'s claim of the ``tricks`` still to be played, and why."""

    seat: int
    tricks: int
    proved: bool
    reason: str


def hint_games() -> tuple[str, ...]:
    """The games that offer hints."""
    return tuple(sorted(HINT_MODULES))


def _module(game: str) -> object:
    if game not in HINT_MODULES:
        raise HintUnavailable(f"{game} offers no hints")
    return importlib.import_module(HINT_MODULES[game])


def hint(
    game: str, deal: Deal[A, V], seat: int, rng: random.Random, *, samples: int | None = None
) -> Hint:
    """The hint for ``seat`` in ``deal`` of ``game``, from ``samples`` layouts (the game's default).

    Raises :class:`HintUnavailable` when the game has no hint for this moment.
    """
    module = _module(game)
    answer: Hint = module.game_hint(deal, seat, rng, samples)  # type: ignore[attr-defined]
    return answer


def judge_claim(game: str, deal: Deal[A, V], seat: int) -> ClaimVerdict:
    """Whether the cards prove ``seat``'s claim of every remaining trick in ``deal``.

    Proved when he takes every trick still to be played however every other hand plays (his
    partner's too); raises :class:`HintUnavailable` for a game or a moment without claims.
    """
    module = _module(game)
    if not hasattr(module, "judge"):
        raise HintUnavailable(f"{game} has no claims of the remaining tricks")
    verdict: ClaimVerdict = module.judge(deal, seat)
    return verdict
