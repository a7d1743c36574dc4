"""The English sentence of every piquet event, by its key (the phrase book).

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
    "carte-blanche": "seat {seat}: carte blanche",
    "carte-rouge": "seat {seat}: carte rouge",
    "sink": "seat {seat} calls no {category}",
    "call": "seat {seat} calls {combination}",
    "answer": "seat {seat}: {word}",
    "not-good": "seat {seat}: not good, {combination}",
    "equal-against": "seat {seat}: equal: {combination} against {called}",
    "equal": "the {category} is equal: nobody counts it",
    "good": "seat {seat} counts {amount} for the {category}",
    "trust": "seat {seat} trusts the {category}",
    "cannot-show": "seat {by} demands the {category}: seat {seat} cannot show it",
    "shows": "seat {by} demands the {category}: seat {seat} shows",
    "refuse": "seat {seat} refuses the talon",
    "discards-short": "seat {seat} discards {count}, too few, and has not touched the talon",
    "discards": "seat {seat} discards {count}",
    "takes": "seat {seat} takes {count} from the talon",
    "molchanka-held": (
        "seat {seat} discarded {discarded} and took {count}: holding {held} "
        "cards he plays in molchanka (rules 16, 17)"
    ),
    "talon-left": "the talon cards left over",
    "looks": "seat {seat} looks at the talon left over",
    "no-look": "seat {seat} does not look at the talon",
    "capot": "seat {seat} announces a capot",
    "counts": "seat {seat} counts {amount} for {why}: {total}",
    "bonus": "seat {seat} makes a {bonus}: {total}",
    "correct": "seat {seat} corrects a false declaration and withdraws {amount}",
    "plays": "seat {seat} plays",
    "takes-trick": "seat {seat} takes the trick",
    "claim": "seat {seat} lays his cards face up and claims the remaining tricks",
    "takes-rest": "seat {seat} takes the remaining {count} tricks, as claimed",
    "molchanka-false": "seat {seat} called what he does not hold: molchanka",
    "ends": "the deal ends: {counts}",
    "exposed-talon": "seat {seat} exposes a card of the talon in dealing",
    "exposed": "seat {seat} exposes a card of seat {owner} in dealing",
    "own-card": "the dealer's own card: there is no redeal (rule 6)",
    "too-many": "seat {seat} deals seat {to} a card too many",
    "too-few": "seat {seat} deals seat {to} a card too few",
    "too-many-held": "seat {seat} deals seat {to} a card too many: {held} cards",
    "too-few-held": "seat {seat} deals seat {to} a card too few: {held} cards",
    "accept": "seat {seat} accepts the deal",
    "redeal-talon": "a talon card exposed obliges a redeal (rule 6): seat {seat} deals again",
    "redeal-three": (
        "for three the talon of two must be taken whole: the deal is void: seat {seat} deals again"
    ),
    "redeal-asked": "seat {by} has the cards dealt again: seat {seat} deals again",
    "sheet": "{line}",
}
"""Each piquet event key and its English template."""


def told(
    kind: str, seat: int | None, key: str, cards: Sequence[Card] = (), /, **values: Value
) -> Event:
    """A public event said by its phrase (its cards shown to all)."""
    return Event(kind, seat, PHRASES[key].format_map(values), tuple(cards), None, key, values)


def told_to(kind: str, seat: int, key: str, cards: Sequence[Card], /, **values: Value) -> Event:
    """An event said by its phrase whose cards only ``seat`` sees."""
    audience = frozenset({seat})
    return Event(kind, seat, PHRASES[key].format_map(values), tuple(cards), audience, key, values)
