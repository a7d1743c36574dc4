"""Generic helpers over a game's views: which cards a view names, and its JSON shape.

A view is a game's frozen dataclass (or nested tuples, mappings and sets of plain values and
cards). These helpers walk it without knowing the game, so that the harness can check that a
view names no card its seat may not know, and a server can send any game's view as JSON.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from fractions import Fraction
from typing import Any, TypeVar

from cardtable.cards import Card

V = TypeVar("V")


def made_view(cls: type[V], fields: Mapping[str, object]) -> V:
    """A view of the frozen dataclass ``cls`` holding ``fields``, every field of it named.

    Built as its ``__init__`` would build it, without the field-by-field frozen assignment
    that makes a view of twenty fields cost more than the rest of a move; ``cls`` must have
    no ``__post_init__`` and no slots.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Seen:
    ...     seat: int
    ...     cards: tuple[Card, ...]
    >>> made_view(Seen, {"seat": 1, "cards": ()}) == Seen(1, ())
    True
    """
    names = _field_names(cls)
    view = object.__new__(cls)
    if fields.keys() == _FIELD_SETS[cls]:
        view.__dict__.update(fields)
    else:
        view.__dict__.update({name: fields[name] for name in names})
    return view


def _field_names(cls: type[Any]) -> tuple[str, ...]:
    """The fields of the dataclass ``cls``, in the order its ``__init__`` sets them."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(spec.name for spec in dataclasses.fields(cls))
        _FIELD_SETS[cls] = frozenset(names)
    return names


_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}
"""Each dataclass's fields, in the order its ``__init__`` sets them."""

_FIELD_SETS: dict[type[Any], frozenset[str]] = {}
"""The same names as a set: fields given exactly are taken as they are."""


def cards_in(value: object) -> set[Card]:
    """Every card named anywhere inside ``value``."""
    found: set[Card] = set()
    _collect(value, found)
    return found


_PLAIN = (str, int, float, type(None))
"""Leaf values that hold no card and serialize as they are (checked first: it is fast)."""


def _collect(value: object, found: set[Card]) -> None:
    if isinstance(value, _PLAIN):
        return
    if isinstance(value, Card):
        found.add(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for name in _field_names(type(value)):
            _collect(getattr(value, name), found)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _collect(key, found)
            _collect(item, found)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _collect(item, found)


def view_to_data(value: object) -> Any:
    """``value`` as JSON-shaped data: cards as text, enums by value, fractions as strings."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    convert = _CONVERTERS.get(kind)
    if convert is None:
        convert = _CONVERTERS[kind] = _converter(kind)
    return convert(value)


def _converter(kind: type[Any]) -> Callable[[Any], Any]:
    """How :func:`view_to_data` turns a value of type ``kind`` into data (found once a type)."""
    if issubclass(kind, Card):
        return _card_text
    if issubclass(kind, Enum):
        return _enum_value
    if issubclass(kind, Fraction):
        return _fraction_data
    if dataclasses.is_dataclass(kind) and not issubclass(kind, type):
        names = _field_names(kind)
        return lambda value: {name: view_to_data(getattr(value, name)) for name in names}
    if issubclass(kind, Mapping):
        return _mapping_data
    if issubclass(kind, list | tuple):
        return _sequence_data
    if issubclass(kind, set | frozenset):
        return _set_data
    return _itself


def _card_text(card: Card) -> str:
    return card.text()


def _enum_value(value: Enum) -> Any:
    return value.value


def _fraction_data(value: Fraction) -> int | str:
    return int(value) if value.denominator == 1 else str(value)


def _mapping_data(value: Mapping[Any, Any]) -> dict[str, Any]:
    return {str(view_to_data(key)): view_to_data(item) for key, item in value.items()}


def _sequence_data(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    return [view_to_data(item) for item in value]


def _set_data(value: set[Any] | frozenset[Any]) -> list[Any]:
    return sorted((view_to_data(item) for item in value), key=str)


def _itself(value: object) -> object:
    return value


_CONVERTERS: dict[type[Any], Callable[[Any], Any]] = {}
"""Each type's converter met so far: a view's types are few, its values many."""
