"""A table's log read as a match record: the log is replayed exactly as a record is.

>>> from cardtable.store.repository import Entry, SeatInfo, TableInfo
>>> info = TableInfo("t", "toy", None, {}, True, None, "playing", (SeatInfo(0, "A", None),))
>>> record_of(info, [Entry(1, "deal", dealer=0, deck="A♠", seed=7)]).deals[0].seed
7
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardtable.cards import parse_cards
from cardtable.engine import DealEntry, Record
from cardtable.engine.replay import replay
from cardtable.errors import RecordError
from cardtable.store.repository import Entry, TableInfo


def standing(log: Sequence[Entry]) -> list[Entry]:
    """The entries of ``log`` that stand, whose replay is the table's state.

    Left out: the entries an ``undo`` took back, and the ``undo``, ``abort`` and ``notice``
    entries (an operator's word moves no card).

    >>> log = [Entry(1, "deal"), Entry(2, "act", seat=0), Entry(3, "act", seat=1),
    ...        Entry(4, "undo", seat=0, text="2"), Entry(5, "notice", text="a line removed"),
    ...        Entry(6, "act", seat=0), Entry(7, "abort")]
    >>> [entry.seq for entry in standing(log)]
    [1, 6]
    """
    kept: list[Entry] = []
    for entry in log:
        if entry.kind == "undo":
            if entry.text is None or not entry.text.isdigit():
                raise RecordError(f"log seq {entry.seq}: an undo that names no seq")
            kept = [earlier for earlier in kept if earlier.seq < int(entry.text)]
        elif entry.kind not in ("abort", "notice"):
            kept.append(entry)
    return kept


def record_of(info: TableInfo, log: Sequence[Entry]) -> Record:
    """The record that ``log`` writes down: each deal with its dealer, deck, seed, salt, actions.

    Moves taken back are left out (:func:`standing`). It states no results: :func:`match_record`
    replays it and writes them.
    """
    deals: list[DealEntry] = []
    pending: list[str] = []
    for entry in standing(log):
        if entry.kind == "deal":
            deals.append(_dealt(entry, tuple(pending)))
            pending = []
        elif entry.kind == "act":
            if not deals:
                raise RecordError(f"log seq {entry.seq}: an action before any deal")
            last = deals[-1]
            deals[-1] = replace(last, actions=(*last.actions, entry.text or ""))
        elif entry.kind == "between":
            pending.append(entry.text or "")
        else:
            raise RecordError(f"log seq {entry.seq}: unknown kind {entry.kind!r}")
    return Record(
        game=info.game,
        preset=info.preset,
        rules=info.rules,
        seats=seat_names(info),
        deals=tuple(deals),
        after=tuple(pending),
    )


def match_record(info: TableInfo, log: Sequence[Entry]) -> Record:
    """The table's full record (results, summary), from its log replayed through the engine."""
    return replay(record_of(info, log)).record()


def log_through(log: Sequence[Entry], deals: int) -> list[Entry]:
    """The part of ``log`` that plays its first ``deals`` deals: up to the next deal's moves.

    >>> log = [Entry(1, "deal"), Entry(2, "act"), Entry(3, "between"), Entry(4, "deal")]
    >>> [entry.seq for entry in log_through(log, 1)]
    [1, 2]
    """
    kept: list[Entry] = []
    dealt = 0
    for entry in log:
        if entry.kind == "deal":
            dealt += 1
            if dealt > deals:
                break
        kept.append(entry)
    while kept and kept[-1].kind == "between":
        kept.pop()
    return kept


def seat_names(info: TableInfo) -> tuple[str, ...]:
    """The seats' names as the match knows them: unique, since games tell players apart by name.

    >>> from cardtable.store.repository import SeatInfo, TableInfo
    >>> seats = (SeatInfo(0, "Anna", None), SeatInfo(1, "random", "random"),
    ...          SeatInfo(2, "random", "random"), SeatInfo(3, None, None))
    >>> seat_names(TableInfo("t", "poker", None, {}, True, None, "waiting", seats))
    ('Anna', 'random', 'random (seat 2)', 'seat 3')
    """
    names: list[str] = []
    for seat in info.seats:
        name = seat.name or f"seat {seat.seat}"
        names.append(f"{name} (seat {seat.seat})" if name in names else name)
    return tuple(names)


def _dealt(entry: Entry, before: tuple[str, ...]) -> DealEntry:
    if entry.dealer is None or entry.deck is None or entry.seed is None:
        raise RecordError(f"log seq {entry.seq}: a deal without its dealer, deck or seed")
    return DealEntry(
        entry.dealer, parse_cards(entry.deck), entry.seed, (), before, entry.salt or ""
    )
