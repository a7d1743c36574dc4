"""The engine protocol every game speaks: rules, deals, matches, events, records, registry."""

from cardtable.engine.deal import Action, Deal, DealSetup, Event, private_event, public_event
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.record import DealEntry, Record, parse_record, record_text
from cardtable.engine.registry import games, get_game, register
from cardtable.engine.replay import replay
from cardtable.engine.rng import seeded_rng, shuffled, system_rng
from cardtable.engine.rules import OptionInfo, Preset, describe_rules, option, rules_to_mapping
from cardtable.engine.views import cards_in, view_to_data

__all__ = [
    "Action",
    "Deal",
    "DealEntry",
    "DealSetup",
    "Event",
    "Game",
    "Match",
    "OptionInfo",
    "Preset",
    "Record",
    "cards_in",
    "describe_rules",
    "games",
    "get_game",
    "option",
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
