"""The engine protocol every game speaks: rules, deals, matches, events, records, registry.

Each name is imported from its module on first use, so that a command which needs one part
(the rules of a hand, the bounded file reader) does not load the records, signing and the
match.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.engine.choices import CardChoice, outside_choices
    from cardtable.engine.deal import Action, Deal, DealSetup, Event, private_event, public_event
    from cardtable.engine.game import Export, Game
    from cardtable.engine.match import Match, SomeMatch
    from cardtable.engine.record import DealEntry, Record, parse_record, record_text
    from cardtable.engine.registry import SomeGame, games, get_game, register
    from cardtable.engine.replay import replay
    from cardtable.engine.rng import seeded_rng, shuffled, system_rng
    from cardtable.engine.rules import OptionInfo, Preset, describe_rules, option, rules_to_mapping
    from cardtable.engine.views import cards_in, view_to_data

_MODULES = {
    "CardChoice": "cardtable.engine.choices",
    "outside_choices": "cardtable.engine.choices",
    "Action": "cardtable.engine.deal",
    "Deal": "cardtable.engine.deal",
    "DealSetup": "cardtable.engine.deal",
    "Event": "cardtable.engine.deal",
    "private_event": "cardtable.engine.deal",
    "public_event": "cardtable.engine.deal",
    "Export": "cardtable.engine.game",
    "Game": "cardtable.engine.game",
    "Match": "cardtable.engine.match",
    "SomeMatch": "cardtable.engine.match",
    "DealEntry": "cardtable.engine.record",
    "Record": "cardtable.engine.record",
    "parse_record": "cardtable.engine.record",
    "record_text": "cardtable.engine.record",
    "games": "cardtable.engine.registry",
    "get_game": "cardtable.engine.registry",
    "register": "cardtable.engine.registry",
    "SomeGame": "cardtable.engine.registry",
    "replay": "cardtable.engine.replay",
    "seeded_rng": "cardtable.engine.rng",
    "shuffled": "cardtable.engine.rng",
    "system_rng": "cardtable.engine.rng",
    "OptionInfo": "cardtable.engine.rules",
    "Preset": "cardtable.engine.rules",
    "describe_rules": "cardtable.engine.rules",
    "option": "cardtable.engine.rules",
    "rules_to_mapping": "cardtable.engine.rules",
    "cards_in": "cardtable.engine.views",
    "view_to_data": "cardtable.engine.views",
}
"""The module that defines each name of the package."""

__all__ = [
    "Action",
    "CardChoice",
    "Deal",
    "DealEntry",
    "DealSetup",
    "Event",
    "Export",
    "Game",
    "Match",
    "OptionInfo",
    "Preset",
    "Record",
    "SomeGame",
    "SomeMatch",
    "cards_in",
    "describe_rules",
    "games",
    "get_game",
    "option",
    "outside_choices",
    "parse_record",
    "private_event",
    "public_event",
    "record_text",
    "register",
    "replay",
    "rules_to_mapping",
    "seeded_rng",
    "shuffled",
    "system_rng",
    "view_to_data",
]


def __getattr__(name: str) -> object:
    """Import ``name`` from its module the first time it is asked for."""
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_MODULES[name]), name)
    globals()[name] = value
    return value


class _Package(ModuleType):
    """The package, whose ``replay`` stays the function when its module ``replay`` is imported.

    Importing a submodule sets it as an attribute of its package; without this, ``from
    cardtable.engine import replay`` after ``import cardtable.engine.replay`` gave the module.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name in _MODULES and isinstance(value, ModuleType):
            return  # the submodule stays reachable through sys.modules
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
