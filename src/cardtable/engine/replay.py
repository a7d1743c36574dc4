"""Replaying a record: every state rebuilt exactly, or the first broken action named."""

from __future__ import annotations

from typing import Any

from cardtable.engine.deal import DealSetup
from cardtable.engine.match import Match
from cardtable.engine.record import Record
from cardtable.engine.registry import get_game
from cardtable.errors import CardtableError, RecordError


def replay(record: Record) -> Match[Any, Any]:
    """The match of ``record`` with every deal and action applied again.

    A record that does not replay raises :class:`RecordError` naming the deal, the action
    number and the reason. A last deal left unfinished stays in progress, so play can resume.
    """
    try:
        game = get_game(record.game)
        rules = game.rules(record.preset, record.rules)
        game.check_seats(record.seats)
    except CardtableError as error:
        raise RecordError(f"record: {error}") from None
    match = game.new_match(rules, record.seats, record.preset)
    for number, entry in enumerate(record.deals, start=1):
        where = f"deal {number}"
        _apply_between(match, entry.before, where)
        try:
            match.start_deal_from(DealSetup(entry.dealer, entry.deck, entry.seed))
        except CardtableError as error:
            raise RecordError(f"{where}: cannot deal: {error}") from None
        for index, text in enumerate(entry.actions, start=1):
            try:
                match.apply(game.parse_action(text))
            except CardtableError as error:
                raise RecordError(f"{where}, action {index} ({text!r}): {error}") from None
    _apply_between(match, record.after, "after the last deal")
    return match


def _apply_between(match: Match[Any, Any], moves: tuple[str, ...], where: str) -> None:
    for index, text in enumerate(moves, start=1):
        try:
            match.apply_between(text)
        except CardtableError as error:
            raise RecordError(f"{where}, move {index} between deals ({text!r}): {error}") from None
