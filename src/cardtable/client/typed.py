"""The server's JSON read back into the game's own objects, so that the local screens draw it.

A table socket sends a seat's view as ``view_to_data(view)``: cards as text, tuples as lists,
mapping keys as strings. :func:`typed_view` turns it back into the game's frozen view
dataclass by the dataclass's type hints, so that a screen that draws a local ``PreferansView``
draws a remote one unchanged; a spectator's public view is read into the game's
``public_view_type`` the same way. Events and card choices come back as :class:`Event` and
:class:`CardChoice`. Nothing here knows a game: the view class is the one the game declares.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from cardtable.cards import Card, parse_card
from cardtable.engine import CardChoice, Event, Game
from cardtable.errors import CardtableError
from cardtable.server.protocol import ChoiceData, EventData

T = TypeVar("T")


class UnreadableView(CardtableError):
    """A view from the server that does not fit the game's view class."""


def view_class(game: Game[Any, Any, Any]) -> type[Any]:
    """The dataclass of a seat's view in ``game``: the ``V`` its class gives ``Game[A, V, R]``.

    >>> from cardtable.engine import get_game
    >>> view_class(get_game("preferans")).__name__
    'PreferansView'
    """
    for klass in type(game).__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if get_origin(base) is Game:
                found = get_args(base)[1]
                if isinstance(found, type) and dataclasses.is_dataclass(found):
                    return found
    raise UnreadableView(f"{game.name} declares no view dataclass")


def typed_view(game: Game[Any, Any, Any], data: Any) -> Any:
    """The view JSON ``data`` as ``game``'s view dataclass (``None`` stays ``None``)."""
    if data is None:
        return None
    return from_data(view_class(game), data)


def typed_public_view(game: Game[Any, Any, Any], data: Any) -> Any:
    """A spectator's view JSON ``data`` as ``game``'s public view dataclass (``None`` stays).

    >>> from cardtable.engine import get_game
    >>> typed_public_view(get_game("poker"), None) is None
    True
    """
    if data is None:
        return None
    return from_data(game.public_view_type, data)


def typed_event(data: EventData | Mapping[str, Any]) -> Event:
    """An event as the server sent it: its cards are those this seat was shown (none if hidden)."""
    event = data if isinstance(data, EventData) else EventData.model_validate(data)
    cards = tuple(parse_card(text) for text in event.cards)
    return Event(event.kind, event.seat, event.text, cards, None, event.key, event.values)


def typed_choice(data: ChoiceData | Mapping[str, Any]) -> CardChoice:
    """A card choice as the server sent it, as the engine's :class:`CardChoice`."""
    choice = data if isinstance(data, ChoiceData) else ChoiceData.model_validate(data)
    cards = tuple(parse_card(text) for text in choice.cards)
    return CardChoice(choice.verb, cards, tuple(choice.counts), choice.note)


def from_data(kind: Any, data: Any) -> Any:
    """``data`` (JSON-shaped, as :func:`~cardtable.engine.view_to_data` writes) as type ``kind``.

    >>> from cardtable.cards import Card
    >>> from_data(tuple[tuple[int, Card], ...], [[0, "A♠"], [2, "7♥"]])
    ((0, Card('A♠')), (2, Card('7♥')))
    >>> from_data(dict[int, int], {"0": 12, "1": 3})
    {0: 12, 1: 3}
    """
    origin = get_origin(kind)
    if kind is Any or kind is object:
        return data
    if origin in (Union, types.UnionType):
        return _one_of(get_args(kind), data)
    if origin is Literal:
        return _literal(get_args(kind), data)
    if origin is not None:
        return _container(origin, get_args(kind), data)
    if kind is Card:
        return parse_card(_given(str, data))
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind, data)
    return _leaf(kind, data)


def _one_of(options: tuple[Any, ...], data: Any) -> Any:
    if data is None and type(None) in options:
        return None
    for option in options:
        if option is type(None):
            continue
        try:
            return from_data(option, data)
        except (CardtableError, TypeError, ValueError):
            continue
    raise UnreadableView(f"{data!r} is none of {', '.join(map(_name, options))}")


def _literal(values: tuple[Any, ...], data: Any) -> Any:
    if data in values:
        return data
    raise UnreadableView(f"{data!r} is none of {', '.join(map(repr, values))}")


def _container(origin: Any, args: tuple[Any, ...], data: Any) -> Any:
    if origin is tuple:
        items = _given(list, data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], item) for item in items)
        if len(args) != len(items):
            raise UnreadableView(f"{data!r} does not hold {len(args)} items")
        return tuple(from_data(arg, item) for arg, item in zip(args, items, strict=True))
    if origin in (list, set, frozenset):
        made = [from_data(args[0] if args else Any, item) for item in _given(list, data)]
        return origin(made)
    if origin in (dict, Mapping) or (isinstance(origin, type) and issubclass(origin, Mapping)):
        key, value = args or (Any, Any)
        return {
            _key(key, text): from_data(value, item) for text, item in _given(dict, data).items()
        }
    raise UnreadableView(f"a view field of type {_name(origin)} cannot be read back")


def _key(kind: Any, text: str) -> Any:
    # JSON keys are strings: view_to_data wrote each key with str().
    if kind is int:
        return int(text)
    return from_data(kind, text)


def _dataclass(kind: type[Any], data: Any) -> Any:
    fields = _given(dict, data)
    hints = _hints(kind)
    wanted = [spec.name for spec in dataclasses.fields(kind) if spec.init]
    missing = [name for name in wanted if name not in fields]
    if missing:
        raise UnreadableView(f"{kind.__name__} lacks {', '.join(missing)}")
    return kind(**{name: from_data(hints[name], fields[name]) for name in wanted})


def _hints(kind: type[Any]) -> dict[str, Any]:
    hints = _HINTS.get(kind)
    if hints is None:
        hints = _HINTS[kind] = get_type_hints(kind)
    return hints


_HINTS: dict[type[Any], dict[str, Any]] = {}
"""Each view class's resolved field types."""


def _leaf(kind: Any, data: Any) -> Any:
    if kind is bool or kind is str:
        return _given(kind, data)
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise UnreadableView(f"{data!r} is not a whole number")
        return data
    if kind is float:
        return float(_given((int, float), data))  # type: ignore[arg-type]
    if kind is Fraction:
        return Fraction(_given((int, str), data))  # type: ignore[arg-type]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if kind is type(None):
        if data is not None:
            raise UnreadableView(f"{data!r} is not null")
        return None
    raise UnreadableView(f"a view field of type {_name(kind)} cannot be read back")


def _given(kind: type[T], data: Any) -> T:
    if not isinstance(data, kind):
        raise UnreadableView(f"{data!r} is not a {_name(kind)}")
    return data


def _name(kind: Any) -> str:
    return getattr(kind, "__name__", None) or str(kind)
