"""Fuzzing the record reader with mutated real records: a value or a CardtableError, nothing else.

docs/records.md, "Reading": a record is read through the bounded reader and one validating
model per version; bad input of any shape is refused in one line. Rule options are mutated by
the rules' own fuzz tests; here everything else in a record is.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Match, get_game, record_text, seeded_rng
from cardtable.engine.record import read_record
from cardtable.engine.signing import verify_record
from cardtable.errors import CardtableError

EXAMPLES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _played(game_name: str, preset: str, seats: int, seed: int) -> Match[Any, Any, Any]:
    game = get_game(game_name)
    match = game.new_match(game.rules(preset), [f"P{n}" for n in range(seats)], preset)
    rng = seeded_rng(seed)
    for number in range(2):
        if match.is_over:
            break
        deal = match.start_deal(rng, bytes([number]) * 16)
        while deal.to_move is not None and len(deal.history) < 400:
            match.apply(rng.choice(match.legal_actions()))
    return match


@functools.cache
def _records() -> tuple[str, ...]:
    played = [
        _played("preferans", "sochi", 3, 1),
        _played("piquet", "seed", 2, 2),
        _played("poker", "holdem", 3, 3),
    ]
    return tuple(record_text(match.record()) for match in played)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            if path == () and key == "rules":
                continue
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    """A real record with one to three of its values replaced, removed or duplicated."""
    data = json.loads(draw(st.sampled_from(_records())))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        path = draw(st.sampled_from(_paths(data)[1:]))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        kind = draw(st.sampled_from(["replace", "remove", "duplicate"]))
        if kind == "replace":
            parent[path[-1]] = draw(JSON)
        elif kind == "remove":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.insert(path[-1], parent[path[-1]])
        else:
            parent[path[-1]] = [parent[path[-1]]]
        if not _paths(data)[1:]:
            break
    return json.dumps(data, ensure_ascii=False)


@st.composite
def garbled_texts(draw: st.DrawFn) -> str:
    """A real record's text with a few characters cut, changed or inserted."""
    text = draw(st.sampled_from(_records()))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(text)))
        cut = draw(st.integers(min_value=0, max_value=8))
        text = text[:at] + draw(st.text(max_size=4)) + text[at + cut :]
    return text


def _refusal(read: Callable[[str], object], text: str) -> str:
    """Why ``read`` refused ``text`` (empty when it read it); any other error escapes."""
    try:
        read(text)
    except CardtableError as error:
        return str(error)
    return ""


@EXAMPLES
@given(mutated_records())
def test_a_mutated_record_replays_or_is_refused_as_bad_input(text: str) -> None:
    """Whatever is changed, replacing, removing or doubling values: a value or CardtableError."""
    assert "\n" not in _refusal(verify_record, text)


@EXAMPLES
@given(garbled_texts())
def test_a_garbled_record_text_is_read_or_refused_as_bad_input(text: str) -> None:
    """Characters cut, changed or inserted anywhere: a value or a CardtableError."""
    assert "\n" not in _refusal(read_record, text)
