"""The exchange with the talon as pure functions: who may take how many (rules 7–16).

For two, the talon is eight cards: five for the elder hand, three for the dealer. The elder
takes at least three of his five (or refuses), and what he leaves passes to the dealer, who
takes all he is entitled to or only three, the elder's leftovers among them (rule 9). For
three, the dealer alone has the two-card talon and takes both or none.

>>> from cardtable.piquet.rules import PiquetRules
>>> elder_counts(PiquetRules())
[3, 4, 5]
>>> dealer_counts(PiquetRules(), leftover=2)
[3, 5]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardtable.cards import Card
from cardtable.piquet.actions import Discard, Refuse, discard
from cardtable.piquet.rules import PiquetRules

ELDER_TALON = 5
DEALER_TALON = 3
THREE_TALON = 2


def elder_counts(rules: PiquetRules) -> list[int]:
    """How many cards the elder hand may exchange (rule 9)."""
    return list(range(rules.elder_min_exchange, ELDER_TALON + 1))


def dealer_counts(rules: PiquetRules, leftover: int) -> list[int]:
    """How many the dealer may exchange when the elder left ``leftover`` cards (rule 9)."""
    available = leftover + DEALER_TALON
    if rules.dealer_takes == "any":
        return list(range(1, available + 1))
    return sorted({DEALER_TALON, available})


def three_counts(rules: PiquetRules) -> list[int]:
    """How many the dealer for three may exchange: both talon cards, or one if allowed."""
    return [THREE_TALON] if rules.three_talon_all_or_none else [1, THREE_TALON]


def exchanges(
    hand: Sequence[Card], counts: Sequence[int], may_refuse: bool
) -> list[Discard | Refuse]:
    """Every discard of one of ``counts`` cards from ``hand``, and the refusal if allowed."""
    found: list[Discard | Refuse] = [Refuse()] if may_refuse else []
    ordered = sorted(hand, key=lambda c: c.index)
    for count in counts:
        found.extend(discard(list(cards)) for cards in combinations(ordered, count))
    return found
