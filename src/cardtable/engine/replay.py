"""Replaying a record: every state rebuilt exactly, every statement compared, or the first fault.

A record states more than its moves: each finished deal's outcome and the ledger after it, and
a summary of the match. Replay recomputes them all and refuses a record whose statements differ
from what its moves give, so an edited deck, rule, seat name or dropped deal cannot pass.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

from cardtable.engine.deal import DealSetup
from cardtable.engine.game import Game
from cardtable.engine.integrity import canonical_json
from cardtable.engine.match import Match, SomeMatch
from cardtable.engine.record import DealEntry, Record
from cardtable.engine.registry import get_game
from cardtable.engine.rules import rules_to_mapping
from cardtable.engine.views import view_to_data
from cardtable.errors import CardtableError, RecordError

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")


def replay(record: Record) -> SomeMatch:
    """The match of ``record`` with every deal and action applied again.

    A record that does not replay raises :class:`RecordError` naming the deal, the action
    number and the reason; so does one whose stated results, ledger or summary differ from the
    replay. A last deal left unfinished stays in progress, so play can resume; a sealed one
    (:attr:`Record.sealed`) is not replayed, only the moves before it.
    """
    try:
        game = get_game(record.game)
        rules = game.rules(record.preset, record.rules)
        game.check_seats(record.seats)
    except CardtableError as error:
        raise RecordError(f"record: {error}") from None
    match = game.new_match(rules, record.seats, record.preset)
    for number, entry in enumerate(record.deals, start=1):
        _replay_deal(game, match, entry, f"deal {number}", stated=record.summary is not None)
    if record.sealed is not None:
        _apply_between(match, record.sealed.before, f"deal {len(record.deals) + 1}")
    _apply_between(match, record.after, "after the last deal")
    if record.summary is not None:
        _compare_summary(match, record)
    return match


def _replay_deal(
    game: Game[A, V, R], match: Match[A, V, R], entry: DealEntry, where: str, stated: bool
) -> None:
    _apply_between(match, entry.before, where)
    try:
        setup = DealSetup(entry.dealer, entry.deck, entry.seed, bytes.fromhex(entry.salt))
        match.start_deal_from(setup)
    except CardtableError as error:
        raise RecordError(f"{where}: cannot deal: {error}") from None
    for index, text in enumerate(entry.actions, start=1):
        try:
            match.apply(game.parse_action(text))
        except CardtableError as error:
            raise RecordError(f"{where}, action {index} ({text!r}): {error}") from None
    deal = match.deals[-1]
    if entry.result is None:
        if stated and deal.is_over:
            raise RecordError(f"{where} is over but the record states no result for it")
        return
    if not deal.is_over:
        raise RecordError(f"{where}: the record states a result, but its actions do not end it")
    result = match.results[-1]
    _same(entry.result.outcome, result.outcome, f"{where}: the record's outcome")
    _same(entry.result.ledger, result.ledger, f"{where}: the record's ledger after it")


def _compare_summary(match: Match[A, V, R], record: Record) -> None:
    summary = record.summary
    assert summary is not None
    dealt = len(record.deals) + (record.sealed is not None)
    if summary.deals != dealt:
        raise RecordError(
            f"record: the summary states {summary.deals} deals, the record holds {dealt}"
        )
    if summary.finished != match.is_over:
        said = "over" if summary.finished else "not over"
        raise RecordError(f"record: the summary states the match is {said}; the replay differs")
    _same(summary.ledger, view_to_data(match.ledger()), "record: the summary's ledger")


def _same(stated: object, replayed: object, what: str) -> None:
    if canonical_json(stated) != canonical_json(replayed):
        raise RecordError(f"{what} {_brief(stated)} is not the replay's {_brief(replayed)}")


def _brief(value: object) -> str:
    if isinstance(value, Mapping) and all(isinstance(v, int | str) for v in value.values()):
        text = ", ".join(f"{key} {amount}" for key, amount in value.items())
    else:
        text = canonical_json(value).decode("utf-8")
    return f"({text})" if len(text) <= 80 else f"({text[:77]}…)"


def options_changed(match: Match[A, V, R]) -> list[str]:
    """The rule options in which ``match`` differs from its preset, as dotted names.

    A record states its preset's label and every option; this is what the label does not say.
    """
    preset = match.game.rules(match.preset)
    return _differences(rules_to_mapping(preset), rules_to_mapping(match.rules), "")


def _differences(base: Mapping[str, object], rules: Mapping[str, object], prefix: str) -> list[str]:
    found: list[str] = []
    for name, value in rules.items():
        was = base.get(name)
        if isinstance(value, Mapping) and isinstance(was, Mapping):
            found += _differences(was, value, f"{prefix}{name}.")
        elif value != was:
            found.append(f"{prefix}{name}")
    return found


def _apply_between(match: Match[A, V, R], moves: tuple[str, ...], where: str) -> None:
    for index, text in enumerate(moves, start=1):
        try:
            match.apply_between(text)
        except CardtableError as error:
            raise RecordError(f"{where}, move {index} between deals ({text!r}): {error}") from None
