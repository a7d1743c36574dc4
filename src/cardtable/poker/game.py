"""The ``poker`` game as the registry knows it: every variant of the catalogue as a preset."""

from __future__ import annotations

from cardtable.engine.registry import register
from cardtable.poker.table import PokerGame

POKER = register(PokerGame())
"""The registered poker game."""
