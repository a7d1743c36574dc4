"""The English sentence of every piquet event, by its key (the phrase book).

Its events are said through :class:`cardtable.engine.phrases.PhraseBook` (``told``,
``told_to``).
"""

from __future__ import annotations

import re

from cardtable.engine.deal import Event, Value
from cardtable.engine.phrases import PhraseBook

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
"""Each piquet event key and its English template (``sheet``: a line no :data:`SHEET` says)."""

SHEET: dict[str, str] = {
    "sheet-refet": "refet at {count}: a zero is written",
    "sheet-deal-doubled": "player {player} writes {amount} (doubled)",
    "sheet-deal": "player {player} writes {amount}",
    "sheet-korolik": "korolik {korolik}: player {player} writes {amount}",
    "sheet-partie": "the partie: player {player} writes {amount}",
    "sheet-clean": "a clean sheet: player {player} writes {amount}",
    "sheet-net": "the net result: {amount} to player {player}",
    "sheet-totals": "the totals: {first} to {second}",
    "sheet-rubicon": "the partie: player {player} wins {amount}",
    "sheet-totals-three": "the totals: {totals}",
    "sheet-leaves": "player {player} reaches {target} and leaves",
    "sheet-last": "player {player} is last and pays both",
}
"""The lines written on the sheet (:mod:`.scoring`, rules 46–50; the rubicon, the game for three),
each by its key, its player a seat number; the longer of two that begin alike first."""
PHRASES |= SHEET

VIEW_SHEET: dict[str, str] = {
    "view-columns": "{name}: games {games}; koroliks {koroliks}",
    "view-doubled": "this korolik is doubled (refet)",
    "view-rubicon": "partie deal {deal} of {deals}: {totals}",
    "view-three": "totals to {target}: {totals}",
    "view-out": "out: {names}",
}
"""The score sheet as a view shows it when a deal begins, a line of each kind by its key: for
two under koroliks each player's column (``games`` and ``koroliks``: the figures in the order
written, or "none") and the doubling of a refet (rules 46–49); the rubicon's deal of the partie;
the game for three, its target and who is out. Players by name; ``totals`` is "A 27, B 3"."""

_SHEET_LINES = [
    (key, re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(template))))
    for key, template in SHEET.items()
]


def sheet_line(line: str) -> Event:
    """The event of a line written on the sheet: its phrase's key and values.

    >>> event = sheet_line("korolik 2: player 1 writes 12")
    >>> event.key, event.values
    ('sheet-korolik', {'korolik': 2, 'player': 1, 'amount': 12})
    """
    for key, pattern in _SHEET_LINES:
        found = pattern.fullmatch(line)
        if found:
            values = {name: _number(text) for name, text in found.groupdict().items()}
            if SHEET[key].format_map(values) == line:
                return told("score", None, key, **values)
    return told("score", None, "sheet", line=line)


def _number(text: str) -> Value:
    return int(text) if re.fullmatch(r"-?\d+", text) else text


BOOK = PhraseBook(PHRASES)
"""The phrase book of PHRASES."""

told = BOOK.told
told_to = BOOK.told_to
