"""A game's phrase book: the English sentence of each of its events, by the event's key.

An event's ``text`` is ``phrases[event.key].format_map(event.values)``; a page says the same
key and values in its own language (docs/web.md, "Events in the page's language"). A seat is
written ``seat {seat}``, the way every event names it.

>>> book = PhraseBook({"dealt": "seat {seat} is dealt {count} cards"})
>>> event = book.told("deal", 1, "dealt", seat=1, count=10)
>>> event.text, event.key, dict(event.values)
('seat 1 is dealt 10 cards', 'dealt', {'seat': 1, 'count': 10})
>>> sorted(book.told_to("deal", 1, "dealt", (), seat=1, count=10).audience or ())
[1]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardtable.cards import Card
from cardtable.engine.deal import Event, Value


@dataclass(frozen=True)
class PhraseBook:
    """The English sentences of one game's events by key, and the events they say."""

    phrases: Mapping[str, str]

    def told(
        self, kind: str, seat: int | None, key: str, cards: Sequence[Card] = (), /, **values: Value
    ) -> Event:
        """A public event said by its phrase (its cards shown to all)."""
        text = self.phrases[key].format_map(values)
        return Event(kind, seat, text, tuple(cards), None, key, values)

    def told_to(
        self, kind: str, seat: int, key: str, cards: Sequence[Card], /, **values: Value
    ) -> Event:
        """An event said by its phrase whose cards only ``seat`` sees."""
        text = self.phrases[key].format_map(values)
        return Event(kind, seat, text, tuple(cards), frozenset({seat}), key, values)
