"""The errors cardtable raises: every one a ``ValueError`` with a one-line message.

Interfaces catch :class:`CardtableError` and print its message alone; a traceback is
never shown for bad input.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager


class CardtableError(ValueError):
    """Base of every error about bad input: a card, a rule, a record, a move or a name."""


class CardParseError(CardtableError):
    """A card, hand or deck string that cannot be read, or a card given twice."""


class IllegalAction(CardtableError):
    """An action the rules do not allow now; the message says why, the state is unchanged."""


class ActionParseError(CardtableError):
    """A typed or recorded move that cannot be read; the message names the word or card."""


@contextmanager
def reading_move(raw: str) -> Iterator[None]:
    """Turn any bad-input error met while reading the move ``raw`` into one that names it.

    >>> with reading_move("play Z"):
    ...     raise CardParseError("not a card: 'Z'")
    Traceback (most recent call last):
    cardtable.errors.ActionParseError: cannot read 'play Z': not a card: 'Z'
    """
    try:
        yield
    except CardtableError as error:
        raise ActionParseError(f"cannot read {raw!r}: {error}") from None


def said_as(word: str, phrases: Iterable[str]) -> str | None:
    """Why a move that begins with ``word`` is none of the set ``phrases`` that begin so.

    ``None`` when no phrase begins with ``word``.

    >>> said_as("sink", ["sink", "good", "not good"])
    'sink is said alone'
    >>> said_as("no", ["no look", "no straddle", "good"])
    "no begins only 'no look' or 'no straddle'"
    """
    forms = [phrase for phrase in phrases if phrase.split(" ")[0] == word]
    if not forms:
        return None
    if forms == [word]:
        return f"{word} is said alone"
    return f"{word} begins only " + " or ".join(repr(form) for form in forms)


class RulesError(CardtableError):
    """A rule option or preset that does not exist or has a value of the wrong kind."""


class RecordError(CardtableError):
    """A match record that cannot be read or does not replay."""


class UnknownGame(CardtableError):
    """A game, alias or preset name that is not registered."""


def names_hint(name: str, known: Sequence[str], kind: str, listed_by: str) -> str:
    """What to say after an unknown ``name``: the close ones, and all if they are few.

    A long list is not printed: the command ``listed_by`` prints it.

    >>> names_hint("pokr", ["piquet", "poker", "preferans"], "games", "cardtable games")
    "did you mean 'poker'? games: piquet, poker, preferans"
    >>> names_hint("holdm", ["holdem", *"abcdefghij"], "variants", "cardtable poker variants")
    "did you mean 'holdem'? `cardtable poker variants` lists all 11 variants"
    """
    close = difflib.get_close_matches(name.casefold(), known, n=3)
    guess = f"did you mean {' or '.join(repr(match) for match in close)}? " if close else ""
    if len(known) <= _SHORT_LIST:
        return f"{guess}{kind}: {', '.join(known) or 'none'}"
    return f"{guess}`{listed_by}` lists all {len(known)} {kind}"


_SHORT_LIST = 8
"""The most names an error message lists whole."""
