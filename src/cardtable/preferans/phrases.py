"""The English sentence of every preferans event, by its key (the phrase book).

Its events are said through :class:`cardtable.engine.phrases.PhraseBook` (``told``,
``told_to``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cardtable.engine.deal import NO_VALUES, Value
from cardtable.engine.phrases import PhraseBook

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

REASONS: dict[str, str] = {
    "made": "{contract} made",
    "made-off": "{contract} made, off the mountain",
    "made-rule-35": "{contract} made (rule 35)",
    "made-rule-35-off": "{contract} made (rule 35), off the mountain",
    "both-passed": "{contract}, both passed",
    "both-passed-off": "{contract}, both passed, off the mountain",
    "half-whist-made": "{contract}, half-whist",
    "half-whist-made-off": "{contract}, half-whist, off the mountain",
    "misere-made": "misère made",
    "misere-made-off": "misère made, off the mountain",
    "down": "{contract} down {short}",
    "checked-down": "{contract} checked down {short}",
    "consolation": "consolation, {short} down",
    "whist": "whist, {tricks} tricks",
    "whist-halved": "whist, {tricks} tricks, half on the declarer, half on the revoker (rule 36)",
    "gentleman-whist": "gentleman's whist, {tricks} tricks shared",
    "half-whist": "half-whist, {tricks} tricks",
    "whist-short": "whist {short} short",
    "whist-short-renonce": "whist {short} short after the declarer's renonce (rule 34)",
    "renonce-revoke": "renonce: {revokes} revoke (rule 35)",
    "renonce-revokes": "renonce: {revokes} revokes (rule 35)",
    "renonce-revoke-share": (
        "renonce: {revokes} revoke, {share} of the declarer's missing tricks (rule 35)"
    ),
    "renonce-revokes-share": (
        "renonce: {revokes} revokes, {share} of the declarer's missing tricks (rule 35)"
    ),
    "good-talon": "good talon ({talon})",
    "misere-down": "misère, {tricks} tricks",
    "misere-consolation": "consolation, misère {tricks} tricks",
    "all-pass": "all-pass, {tricks} tricks",
    "all-pass-times": "all-pass x{times}, {tricks} tricks",
    "all-pass-fewest": "all-pass, fewest tricks; {other} took {more}",
    "all-pass-times-fewest": "all-pass x{times}, fewest tricks; {other} took {more}",
    "all-pass-clean": "all-pass, no trick",
    "all-pass-times-clean": "all-pass x{times}, no trick",
    "preliminary": "preliminary all-pass, {tricks}",
    "preliminary-clean": "preliminary all-pass, no trick",
    "robber-made": "robber {contract} made",
    "robber-down": "robber {contract} down {short}",
    "help-from": "help from {helper}",
    "help": "help, {points} points",
    "over-the-pool": "points over the pool",
    "points-over": "{points} points over",
    "written-total": "written total",
    "pool-carried": "pool carried to the mountain",
    "short-of-the-pool": "{points} short of the pool",
    "over-the-pool-closing": "over the pool",
    "points-over-the-pool": "{points} over the pool",
}
"""Why a figure is written on the pulka, each reason by its key (rules 38–48; 003 4.1–4.2).

Its values never take the name of an entry's own (``player``, ``column``, ``amount``, ``deal``,
``on``, ``reason``, ``why``), so an entry's event carries both. A made game's key with ``-off``
is the part of it written off the mountain (rule 42).
"""


@dataclass(frozen=True)
class Reason:
    """Why a figure is written: its key in :data:`REASONS` and the values that fill it.

    >>> str(reason("down", contract="7♥", short=2))
    '7♥ down 2'
    """

    key: str
    values: Mapping[str, Value] = field(default=NO_VALUES, hash=False)

    def __str__(self) -> str:
        return REASONS[self.key].format_map(self.values)

    def off_mountain(self) -> Reason:
        """The same made game, for the part of it written off the mountain (rule 42)."""
        return Reason(f"{self.key}-off", self.values)


def reason(key: str, /, **values: Value) -> Reason:
    """The reason of ``key`` with its values."""
    return Reason(key, values)


BOOK = PhraseBook(PHRASES)
"""The phrase book of PHRASES."""

told = BOOK.told
told_to = BOOK.told_to
