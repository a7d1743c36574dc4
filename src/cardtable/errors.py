"""The errors cardtable raises: every one a ``ValueError`` with a one-line message.

Interfaces catch :class:`CardtableError` and print its message alone; a traceback is
never shown for bad input.
"""

from __future__ import annotations


class CardtableError(ValueError):
    """Base of every error about bad input: a card, a rule, a record, a move or a name."""


class CardParseError(CardtableError):
    """A card, hand or deck string that cannot be read, or a card given twice."""


class IllegalAction(CardtableError):
    """An action the rules do not allow now; the message says why, the state is unchanged."""


class RulesError(CardtableError):
    """A rule option or preset that does not exist or has a value of the wrong kind."""


class RecordError(CardtableError):
    """A match record that cannot be read or does not replay."""


class UnknownGame(CardtableError):
    """A game, alias or preset name that is not registered."""
