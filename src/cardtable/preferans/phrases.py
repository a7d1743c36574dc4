"""The English sentence of every preferans event, by its key (the phrase book).

An event's ``text`` is ``PHRASES[event.key].format_map(event.values)``; a page says the same
key and values in its own language (docs/web.md, "Events in the page's language"). A seat is
written ``seat {seat}``, the way every event names it.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card
from cardtable.engine.deal import Event, Value

PHRASES: dict[str, str] = {
    "dealt": "seat {seat} is dealt {count} cards",
    "talon-aside": "two cards are laid aside as the talon",
    "says": "seat {seat} says {call}",
    "wins-talon": "seat {seat} wins the talon at {bid}",
    "misdeal": "seat {seat} claims a misdeal: {why} (rule 12)",
    "all-pass": "all pass: the deal is played as an all-pass",
    "shows-talon": "seat {seat} shows the talon to seat {to}",
    "names": "seat {seat} names {contract}",
    "names-without-talon": "seat {seat} names {contract} without the talon",
    "discards": "seat {seat} discards two cards face down",
    "open-whist": "seat {seat} lays his cards face up (open whist, rule 28)",
    "open-ten": "seat {seat} lays his cards face up to check the ten",
    "open-claim": "seat {seat} lays his cards face up and claims the remaining tricks",
    "open-misere": "seat {seat} lays his misère face up",
    "open-catch": "seat {seat} lays his cards face up to catch the misère",
    "talon-lead": "seat {seat} turns a talon card, which leads the trick",
    "takes-rest": "seat {seat} takes the remaining {count} tricks, as claimed",
    "over": "the deal is over ({how})",
    "plays": "seat {seat} plays",
    "revokes": "seat {seat} revokes with {card}",
    "no-trick": "nobody takes the trick",
    "takes-trick": "seat {seat} takes the trick",
    "redeal": "seat {seat} deals again (rule 12)",
    "entry": "deal {deal}: {player} {column} {amount} ({reason})",
    "entry-whists": "deal {deal}: {player} whists on {on} {amount} ({reason})",
    "closing": "closing: {player} {column} {amount} ({reason})",
    "closing-whists": "closing: {player} whists on {on} {amount} ({reason})",
    "pulka-closed": "the pulka is closed",
}
"""Each preferans event key and its English template."""


def told(
    kind: str, seat: int | None, key: str, cards: Sequence[Card] = (), /, **values: Value
) -> Event:
    """A public event said by its phrase (its cards shown to all)."""
    return Event(kind, seat, PHRASES[key].format_map(values), tuple(cards), None, key, values)


def told_to(kind: str, seat: int, key: str, cards: Sequence[Card], /, **values: Value) -> Event:
    """An event said by its phrase whose cards only ``seat`` sees."""
    audience = frozenset({seat})
    return Event(kind, seat, PHRASES[key].format_map(values), tuple(cards), audience, key, values)
