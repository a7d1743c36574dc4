"""Fixed-size tensors made from a seat's view, and the view's facts read back from them.

A game's observation is a list of :class:`Field` s, each a field of the game's seat view and
the :class:`Part` that writes the field's value into a slice of one flat ``float32`` vector.
Every part can also *read* its slice back (:meth:`Part.read`), to the same JSON-shaped data
that :func:`~cardtable.engine.views.view_to_data` makes of the field (put in a canonical form
by :meth:`Part.canonical`: the cards of a set in the deck's order). So the tests can rebuild
the observation from the tensor alone and compare it with the view: the tensor holds every
fact of the view, and, being written from the view alone, nothing else.

>>> from cardtable.cards import parse_cards
>>> deck = tuple(parse_cards("7♠ 8♠ 9♠ 10♠"))
>>> hand = CardSet(deck)
>>> out = np.zeros(hand.size, np.float32)
>>> hand.write(deck[2::-2], out)
>>> out.tolist(), hand.read(out)
([1.0, 0.0, 1.0, 0.0], ['7♠', '9♠'])
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.cards import Card
from cardtable.errors import CardtableError

Vector = npt.NDArray[np.float32]
"""A flat observation tensor (or a slice of one)."""


MEMO_SIZE = 4_096
"""Values of one field whose encoding a layout keeps (then it forgets them all and starts over)."""


class EncodingError(CardtableError):
    """A view holds a value its game's tensor layout has no room for."""


class Part(ABC):
    """How one field is written into ``size`` floats and read back."""

    size: int

    def write(self, data: Any, out: Vector) -> None:
        """Write ``data`` (the view's value of the field) into the zeroed ``out``."""
        at: list[int] = []
        values: list[float] = []
        self.put(data, 0, at, values)
        out[at] = values

    @abstractmethod
    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Note the floats that encode ``data``: ``values[i]`` goes to ``base + at[i]``.

        The floats are gathered and set at once (:meth:`Layout.write`): a view's hundred
        small fields cost one numpy assignment, not one each.
        """

    @abstractmethod
    def read(self, values: Vector) -> Any:
        """The field's data, read back from the floats :meth:`write` wrote."""

    def canonical(self, data: Any) -> Any:
        """``data`` as :meth:`read` gives it back (the same, unless the part forgets an order)."""
        return data

    def describe(self) -> str:
        """The layout of the part in words, for docs/rl.md."""
        return f"{self.size} floats"


class OneOf(Part):
    """One value of a fixed list, one-hot (``None`` may be one of the values)."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.values = tuple(values)
        self.index = {value: number for number, value in enumerate(self.values)}
        self.size = len(self.values)

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Set the value's float."""
        number = self.index.get(data)
        if number is None:
            raise EncodingError(f"{data!r} is not one of the {len(self.values)} values expected")
        at.append(base + number)
        values.append(1.0)

    def read(self, values: Vector) -> Any:
        """The value whose float is set."""
        return self.values[int(np.argmax(values))]

    def describe(self) -> str:
        """One-hot over the values."""
        shown = ", ".join("(absent)" if value is None else str(value) for value in self.values)
        return f"one-hot over {self.size}: {shown}"


class Whole(Part):
    """A whole number as it is, in one float (exact up to 2**24)."""

    size = 1

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Store the number."""
        if not isinstance(data, int) or abs(data) >= 1 << 24:
            raise EncodingError(f"{data!r} is no whole number a float holds exactly")
        at.append(base)
        values.append(data)

    def read(self, values: Vector) -> Any:
        """The number stored."""
        return round(float(values[0]))

    def describe(self) -> str:
        """One float."""
        return "the number, one float"


class OneCard(Part):
    """One card (or ``None``), one-hot over the deck."""

    def __init__(self, deck: Sequence[Card]) -> None:
        self.texts = tuple(card.text() for card in deck)
        self.index = {card: number for number, card in enumerate(deck)}
        self.text_index = {text: number for number, text in enumerate(self.texts)}
        self.size = len(self.texts)

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Set the card's float; ``None`` sets none."""
        if data is not None:
            at.append(base + self._number(data))
            values.append(1.0)

    def _number(self, card: Card) -> int:
        number = self.index.get(card)
        if number is None:
            raise EncodingError(f"{card} is not a card of this deck")
        return number

    def read(self, values: Vector) -> Any:
        """The card set, or ``None``."""
        return self.texts[int(np.argmax(values))] if values.any() else None

    def describe(self) -> str:
        """One-hot over the deck."""
        return f"one-hot over the {self.size} cards (none: all zero)"


class CardSet(OneCard):
    """Cards whose order says nothing (a hand, the talon), as a bit per card of the deck."""

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Set each card's float."""
        index = self.index
        try:
            at.extend([base + index[card] for card in data])
            values.extend([1.0] * len(data))
        except KeyError:
            strangers = [card for card in data if card not in index]
            raise EncodingError(f"{strangers[0]} is not a card of this deck") from None

    def read(self, values: Vector) -> Any:
        """The cards set, in the deck's order."""
        return [text for text, value in zip(self.texts, values, strict=True) if value]

    def canonical(self, data: Any) -> Any:
        """The cards in the deck's order."""
        return sorted(data, key=self.text_index.__getitem__)

    def describe(self) -> str:
        """A bit per card."""
        return f"a bit for each of the {self.size} cards"


class Group(Part):
    """A fixed tuple of parts, one after another (a seat and a card, say)."""

    def __init__(self, *parts: Part) -> None:
        self.parts = parts
        self.size = sum(part.size for part in parts)

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Write each item with its part."""
        if len(data) != len(self.parts):
            raise EncodingError(f"{len(data)} items where {len(self.parts)} are expected")
        for part, item in zip(self.parts, data, strict=True):
            part.put(item, base, at, values)
            base += part.size

    def read(self, values: Vector) -> Any:
        """Each item read back, as a list."""
        found, start = [], 0
        for part in self.parts:
            found.append(part.read(values[start : start + part.size]))
            start += part.size
        return found

    def canonical(self, data: Any) -> Any:
        """Each item in its part's canonical form."""
        return [part.canonical(item) for part, item in zip(self.parts, data, strict=True)]

    def describe(self) -> str:
        """The parts in turn."""
        return "; then ".join(part.describe() for part in self.parts)


class Rows(Part):
    """A sequence of up to ``most`` items of one part, each row a flag (present) and the item."""

    def __init__(self, most: int, item: Part) -> None:
        self.most = most
        self.item = item
        self.size = most * (1 + item.size)

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Write the rows in order."""
        if len(data) > self.most:
            raise EncodingError(f"{len(data)} items where at most {self.most} fit")
        width = 1 + self.item.size
        item = self.item
        for row, value in enumerate(data):
            start = base + row * width
            at.append(start)
            values.append(1.0)
            item.put(value, start + 1, at, values)

    def read(self, values: Vector) -> Any:
        """The rows present, in order."""
        width = 1 + self.item.size
        found = []
        for row in range(self.most):
            if not values[row * width]:
                break
            found.append(self.item.read(values[row * width + 1 : (row + 1) * width]))
        return found

    def canonical(self, data: Any) -> Any:
        """Each row in its part's canonical form."""
        return [self.item.canonical(item) for item in data]

    def describe(self) -> str:
        """Rows of flag and item."""
        return f"{self.most} rows, each a flag (present) and {self.item.describe()}"


class Each(Part):
    """Exactly ``count`` items of one part (one per seat)."""

    def __init__(self, count: int, item: Part) -> None:
        self.count = count
        self.item = item
        self.size = count * item.size

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Write every item."""
        if len(data) != self.count:
            raise EncodingError(f"{len(data)} items where {self.count} are expected")
        width = self.item.size
        for number, item in enumerate(data):
            self.item.put(item, base + number * width, at, values)

    def read(self, values: Vector) -> Any:
        """Every item read back."""
        width = self.item.size
        return [self.item.read(values[n * width : (n + 1) * width]) for n in range(self.count)]

    def canonical(self, data: Any) -> Any:
        """Each item in its part's canonical form."""
        return [self.item.canonical(item) for item in data]

    def describe(self) -> str:
        """One item per seat."""
        return f"{self.count} times {self.item.describe()}"


class BySeat(Each):
    """A mapping of seat (as JSON writes it, a string) to an item, for seats 0 to ``count``−1.

    A seat missing from the mapping is written as absent: its flag is clear.
    """

    def __init__(self, count: int, item: Part) -> None:
        super().__init__(count, Group(OneOf((False, True)), item))

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Write each seat's flag and item (the view's mapping has seat numbers for keys)."""
        unknown = set(data) - set(range(self.count))
        if unknown:
            raise EncodingError(f"seats {sorted(unknown)} are not at this table")
        width = self.item.size
        for seat in range(self.count):
            if seat in data:
                self.item.put((True, data[seat]), base + seat * width, at, values)
            else:
                at.append(base + seat * width)
                values.append(1.0)

    def read(self, values: Vector) -> Any:
        """The seats present and their items."""
        found = {}
        for seat, (present, item) in enumerate(super().read(values)):
            if present:
                found[str(seat)] = item
        return found

    def canonical(self, data: Any) -> Any:
        """The seats in order, each item canonical."""
        assert isinstance(self.item, Group)
        inner = self.item.parts[1]
        return {seat: inner.canonical(data[seat]) for seat in sorted(data, key=int)}

    def describe(self) -> str:
        """A flag and an item per seat."""
        return f"for each of {self.count} seats a flag (present) and {self.item.describe()}"


class Text(Part):
    """A short text (or ``None``) as its characters' code points, one float each.

    For the few fields that are sentences (piquet's log and sheet, poker's variant name): a
    flag (present), then up to ``most`` code points, zero after the end.
    """

    def __init__(self, most: int) -> None:
        self.most = most
        self.size = 1 + most

    def put(self, data: Any, base: int, at: list[int], values: list[float]) -> None:
        """Set the flag and the code points."""
        if data is None:
            return
        if len(data) > self.most:
            raise EncodingError(f"{data!r} is longer than the {self.most} characters that fit")
        at.extend(range(base, base + 1 + len(data)))
        values.append(1.0)
        values.extend([ord(char) for char in data])

    def read(self, values: Vector) -> Any:
        """The text, or ``None`` when the flag is clear."""
        if not values[0]:
            return None
        codes = values[1:]
        end = int(np.argmin(codes != 0)) if (codes == 0).any() else len(codes)
        return "".join(chr(int(code)) for code in codes[:end])

    def describe(self) -> str:
        """A flag and code points."""
        return f"a flag (present), then up to {self.most} code points (0 after the end)"


@dataclass(frozen=True)
class Field:
    """One field of a seat view and the part that encodes it."""

    name: str
    part: Part


PLACED = np.dtype([("at", np.int32), ("value", np.float32)])
"""One float of an encoded field: its place in the tensor and its value."""

Encoded = bytes
"""A field's value as its floats, each a place and a value (:data:`PLACED`), as bytes."""


def _encoded(field: Field, start: int, value: Any) -> Encoded:
    """The places and floats of ``field``'s ``value``, the field starting at ``start``."""
    at: list[int] = []
    values: list[float] = []
    try:
        field.part.put(value, start, at, values)
    except EncodingError as error:
        raise EncodingError(f"field {field.name}: {error}") from None
    placed = np.empty(len(at), PLACED)
    placed["at"] = at
    placed["value"] = values
    return placed.tobytes()


class Layout:
    """A game's observation: its view's fields, each with its slice of one flat tensor."""

    def __init__(self, fields: Sequence[Field], own: Sequence[str] = ()) -> None:
        """``fields`` of the view, then the fields named in ``own`` (not the view's), in order."""
        self.fields = tuple(fields)
        self.own = tuple(own)
        names = [field.name for field in self.fields]
        if names[len(names) - len(self.own) :] != list(self.own):
            raise EncodingError(f"the layout's own fields {self.own} must come last")
        mine = names[: len(names) - len(self.own)]
        # attrgetter of two names or more gives a tuple: the view's values in one call.
        self._of_view = attrgetter(*mine, *mine[:1]) if mine else None
        self.slices: dict[str, slice] = {}
        start = 0
        for field in self.fields:
            self.slices[field.name] = slice(start, start + field.part.size)
            start += field.part.size
        self.size = start
        self._memos: list[dict[Any, Encoded]] = [{} for _ in self.fields]
        """Each field's values met so far and their encodings: a deal's views repeat most."""

    def write(self, view: object, extra: dict[str, Any], out: Vector) -> None:
        """Write every field of ``view``, then the layout's own from ``extra``, into ``out``.

        ``out`` is zero; ``extra`` maps the layout's own fields to their values, in order.
        """
        memos = self._memos
        given = self._of_view(view)[: len(memos) - len(self.own)] if self._of_view else ()
        values = (*given, *extra.values())
        if len(values) != len(memos):
            raise EncodingError(f"{len(values)} values for the {len(memos)} fields")
        try:
            found: list[Encoded | None] = list(map(dict.get, memos, values))
        except TypeError:  # a mapping: not hashable, so every field is looked up alone
            found = [None] * len(memos)
        if None in found:
            for number, known in enumerate(found):
                if known is None:
                    found[number] = self._find(number, values[number])
        # One buffer for one numpy assignment: the lookups and the joining are done in C,
        # where a Python loop over the view's fields cost more than all the rest of a write.
        placed = np.frombuffer(b"".join(found), PLACED)  # type: ignore[arg-type]
        out[placed["at"]] = placed["value"]

    def _find(self, number: int, value: Any) -> Encoded:
        """The encoding of ``value`` in field ``number``: remembered, or made now."""
        field = self.fields[number]
        start = self.slices[field.name].start
        memo = self._memos[number]
        try:
            known = memo.get(value)
        except TypeError:  # a mapping: not hashable, so written afresh
            return _encoded(field, start, value)
        return self._remember(field, start, memo, value) if known is None else known

    def _remember(self, field: Field, start: int, memo: dict[Any, Encoded], value: Any) -> Encoded:
        """Encode ``value`` and keep its floats: a deal's views repeat most fields move to move."""
        found = _encoded(field, start, value)
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[value] = found
        return found

    def read(self, values: Vector) -> dict[str, Any]:
        """Every field read back from the tensor."""
        return {
            field.name: field.part.read(values[self.slices[field.name]]) for field in self.fields
        }

    def canonical(self, data: dict[str, Any]) -> dict[str, Any]:
        """The fields of ``data`` as :meth:`read` gives them back."""
        return {field.name: field.part.canonical(data[field.name]) for field in self.fields}

    def text(self, data: dict[str, Any]) -> str:
        """The observation as text, a line per field: what OpenSpiel's strings show."""
        return "\n".join(
            f"{field.name}: {json.dumps(data[field.name], ensure_ascii=False)}"
            for field in self.fields
        )

    def describe(self) -> list[tuple[str, int, int, str]]:
        """Each field's name, first float, size and layout in words (docs/rl.md's tables)."""
        return [
            (field.name, self.slices[field.name].start, field.part.size, field.part.describe())
            for field in self.fields
        ]
