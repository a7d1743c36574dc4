"""Hand ranges as players write them, and the equity of ranges against each other.

A range is a list of two-card holdings ("combos"), each with a weight (how often it is
held, 0 to 1). Items are separated by commas or spaces:

- ``QQ`` a pair (its six combos), ``QQ+`` that pair and every higher one, ``QQ-99`` the
  pairs from queens down to nines;
- ``AKs`` suited (four combos), ``AKo`` offsuit (twelve), ``AK`` both; ``A2s+`` the
  kicker up to the one below the top card (``A2s`` … ``AKs``); ``T9s-65s`` a run of hands
  moving both cards together, or one card (``A9o-A5o``);
- ``A♥K♥`` or ``AhKh`` one combo;
- ``:0.5`` after any item weighs its combos so (``AKs:0.5``).

>>> r = parse_range("QQ+, AKs:0.5")
>>> len(r), range_text(r)
(22, 'QQ+, AKs:0.5')
>>> range_text(parse_range("T9s-87s 22-44 AhKh"))
'44-22, T9s, 98s, 87s, A♥K♥'
>>> parse_range("AKx")
Traceback (most recent call last):
...
cardtable.poker.ranges.RangeError: not a hand of a range: 'AKx'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations, product
from math import comb, sqrt

from cardtable.cards import Card, Rank, Suit, parse_cards
from cardtable.errors import CardParseError
from cardtable.poker.equity import equity
from cardtable.poker.hands import HandError
from cardtable.poker.rules import HandRules

_RANKS = "23456789TJQKA"
_CLASS_RE = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([SO]?)(\+?)$")
_RUN_RE = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([SO]?)-([2-9TJQKA])([2-9TJQKA])([SO]?)$")

RANGE_EXACT_BOARDS = 400_000_000
"""Most boards (distinct matchups × boards each) a range equity enumerates, not samples."""
RANGE_ENUMERATED = 20_000
"""Most matchups of combos listed (to find the distinct ones) before sampling instead."""
RANGE_MATCHUPS = 2_000
"""Matchups of combos drawn when sampling, each over ``RANGE_BOARDS`` boards."""
RANGE_BOARDS = 200
"""Boards dealt for each sampled matchup."""


class RangeError(HandError):
    """A range that cannot be read or used: an unknown hand, a bad weight, a combo twice."""


@dataclass(frozen=True, slots=True)
class Combo:
    """Two hole cards of a range and how often they are held (``weight``, 0 to 1)."""

    cards: tuple[Card, Card]
    weight: float = 1.0


HandRange = tuple[Combo, ...]
"""A range: its combos, each once."""


def parse_range(text: str) -> HandRange:
    """Read a range (see the module's help); a combo named twice is an error."""
    combos: dict[frozenset[Card], Combo] = {}
    items = [item for item in re.split(r"[\s,;]+", text.strip()) if item]
    if not items:
        raise RangeError("a range needs at least one hand")
    for item in items:
        name, _, weight_text = item.partition(":")
        weight = _weight(weight_text, item) if weight_text else 1.0
        for cards in _combos_of(name):
            key = frozenset(cards)
            if key in combos:
                raise RangeError(f"{_combo_text(cards)} is in the range twice ({item})")
            combos[key] = Combo(cards, weight)
    return tuple(combos.values())


def _weight(text: str, item: str) -> float:
    try:
        weight = float(text)
    except ValueError:
        raise RangeError(f"not a weight: {item!r} (a number from 0 to 1 after ':')") from None
    if not 0 < weight <= 1:
        raise RangeError(f"a weight is more than 0 and at most 1, not {text} ({item})")
    return weight


def _combos_of(name: str) -> list[tuple[Card, Card]]:
    """Every combo an item of a range names, weight left off."""
    upper = name.upper().replace("10", "T")
    if match := _CLASS_RE.match(upper):
        high, low, kind, plus = match.groups()
        return [cards for hand in _classes(high, low, kind.lower(), bool(plus)) for cards in hand]
    if match := _RUN_RE.match(upper):
        return [cards for hand in _run(match.groups(), name) for cards in hand]
    try:
        cards = parse_cards(name)
    except CardParseError:
        raise RangeError(f"not a hand of a range: {name!r}") from None
    if len(cards) != 2 or any(card.is_joker for card in cards):
        raise RangeError(f"a combo of a range is two cards, not {name!r}")
    return [_ordered(cards[0], cards[1])]


def _classes(high: str, low: str, kind: str, plus: bool) -> list[list[tuple[Card, Card]]]:
    """The hands of ``high`` ``low`` ``kind`` and, with ``plus``, those above it."""
    top, bottom = _rank(high), _rank(low)
    if top == bottom:
        if kind:
            raise RangeError(f"a pair is neither suited nor offsuit: {high}{low}{kind}")
        return [_class(rank, rank, "") for rank in range(top, 15 if plus else top + 1)]
    if top < bottom:
        top, bottom = bottom, top
    last = top - 1 if plus else bottom
    return [_class(top, kicker, kind) for kicker in range(bottom, last + 1)]


def _run(groups: Sequence[str], name: str) -> list[list[tuple[Card, Card]]]:
    """``T9s-65s`` (both cards move), ``A9s-A5s`` (the kicker moves) or ``QQ-99``."""
    first_high, first_low, first_kind, last_high, last_low, last_kind = groups
    if first_kind != last_kind:
        raise RangeError(f"both ends of a run are of one kind: {name!r}")
    a, b, c, d = (_rank(x) for x in (first_high, first_low, last_high, last_low))
    kind = first_kind.lower()
    if a == b and c == d:
        return [_class(rank, rank, "") for rank in range(min(a, c), max(a, c) + 1)]
    if a == c and a not in (b, d):
        return [_class(a, kicker, kind) for kicker in range(min(b, d), max(b, d) + 1)]
    if a - b == c - d and a != b:
        low, high = min(a, c), max(a, c)
        return [_class(top, top - (a - b), kind) for top in range(low, high + 1)]
    raise RangeError(f"not a run of hands: {name!r} (T9s-65s, A9s-A5s or QQ-99)")


def _rank(symbol: str) -> int:
    return _RANKS.index(symbol) + 2


def _class(high: int, low: int, kind: str) -> list[tuple[Card, Card]]:
    """The combos of one of the 169 hands: a pair, suited or offsuit (``""``: both)."""
    if high == low:
        return [
            _ordered(Card(Rank(high), a), Card(Rank(high), b))
            for a, b in product(Suit, Suit)
            if a < b
        ]
    return [
        (Card(Rank(high), a), Card(Rank(low), b))
        for a, b in product(Suit, Suit)
        if (kind != "s" or a == b) and (kind != "o" or a != b)
    ]


def _ordered(a: Card, b: Card) -> tuple[Card, Card]:
    """The two cards higher rank first (then higher suit), as the classes list them."""
    return (a, b) if (a.rank, a.suit or 0) >= (b.rank, b.suit or 0) else (b, a)


def _combo_text(cards: tuple[Card, Card]) -> str:
    return cards[0].text() + cards[1].text()


def range_text(combos: HandRange) -> str:
    """The range written short: whole hands by name, runs of pairs and kickers joined.

    The inverse of :func:`parse_range`: reading the text gives the same combos.
    """
    by_key = {frozenset(combo.cards): combo for combo in combos}
    items: list[str] = []
    used: set[frozenset[Card]] = set()
    pairs = [
        (rank, weight)
        for rank in range(14, 1, -1)
        if (weight := _whole(by_key, _class(rank, rank, ""))) is not None
    ]
    items += _join_pairs(pairs)
    used |= {frozenset(c) for rank, _ in pairs for c in _class(rank, rank, "")}
    for top in range(14, 2, -1):
        for kind in ("s", "o"):
            kickers = [
                (kicker, weight)
                for kicker in range(top - 1, 1, -1)
                if (weight := _whole(by_key, _class(top, kicker, kind))) is not None
            ]
            items += _join_kickers(top, kind, kickers)
            used |= {frozenset(c) for kicker, _ in kickers for c in _class(top, kicker, kind)}
    for combo in combos:
        if frozenset(combo.cards) not in used:
            items.append(_combo_text(_ordered(*combo.cards)) + _weight_text(combo.weight))
    return ", ".join(items)


def _whole(by_key: dict[frozenset[Card], Combo], hand: list[tuple[Card, Card]]) -> float | None:
    """The one weight of every combo of ``hand`` when all are in the range, else None."""
    weights = {by_key[key].weight for c in hand if (key := frozenset(c)) in by_key}
    if len(weights) != 1 or not all(frozenset(c) in by_key for c in hand):
        return None
    return weights.pop()


def _weight_text(weight: float) -> str:
    return "" if weight == 1.0 else f":{weight:g}"


def _runs(items: list[tuple[int, float]]) -> list[list[tuple[int, float]]]:
    """``(rank, weight)`` pairs, highest first, cut where a rank is skipped or a weight changes."""
    runs: list[list[tuple[int, float]]] = []
    for rank, weight in items:
        if runs and runs[-1][-1][0] == rank + 1 and runs[-1][-1][1] == weight:
            runs[-1].append((rank, weight))
        else:
            runs.append([(rank, weight)])
    return runs


def _join_pairs(pairs: list[tuple[int, float]]) -> list[str]:
    texts = []
    for run in _runs(pairs):
        (high, weight), (low, _) = run[0], run[-1]
        name = _RANKS[low - 2] * 2
        if high == 14 and low < 14:
            text = name + "+"
        elif high == low:
            text = name
        else:
            text = f"{_RANKS[high - 2] * 2}-{name}"
        texts.append(text + _weight_text(weight))
    return texts


def _join_kickers(top: int, kind: str, kickers: list[tuple[int, float]]) -> list[str]:
    texts = []
    head = _RANKS[top - 2]
    for run in _runs(kickers):
        (high, weight), (low, _) = run[0], run[-1]
        name = f"{head}{_RANKS[low - 2]}{kind}"
        if high == top - 1 and low < high:
            text = name + "+"
        elif high == low:
            text = name
        else:
            text = f"{head}{_RANKS[high - 2]}{kind}-{name}"
        texts.append(text + _weight_text(weight))
    return texts


@dataclass(frozen=True, slots=True)
class RangeEquity:
    """One range's results over the matchups: ``win``, ``tie``, ``equity`` and its error."""

    range: HandRange
    win: float
    tie: float
    equity: float
    standard_error: float
    """0 when exact; otherwise the standard error of ``equity`` from the sampling."""


@dataclass(frozen=True, slots=True)
class RangeEquityResult:
    """Each range's equity; how many matchups of combos were played, and whether all were."""

    ranges: tuple[RangeEquity, ...]
    matchups: int
    exact: bool


def range_equity(
    ranges: Sequence[HandRange],
    *,
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    rules: HandRules | None = None,
    exact: bool | None = None,
    seed: int = 1,
) -> RangeEquityResult:
    """The equity of each range against the others, combos weighted.

    Every matchup of combos that share no card (with one another, the board or the dead
    cards) counts with the product of its weights. Matchups that differ only by a renaming
    of the suits have one equity, worked out once; when these distinct matchups times their
    boards are few enough (``RANGE_EXACT_BOARDS``) every board of each is dealt; otherwise
    ``RANGE_MATCHUPS`` matchups are drawn by weight with ``seed``, each over
    ``RANGE_BOARDS`` boards, and each equity comes with its standard error.
    """
    if not 2 <= len(ranges) <= 10:
        raise RangeError(f"range equity needs two to ten ranges, not {len(ranges)}")
    if any(not combos for combos in ranges):
        raise RangeError("a range has no combos")
    taken = set(board) | set(dead)
    live = [tuple(c for c in combos if not taken & set(c.cards)) for combos in ranges]
    if any(not combos for combos in live):
        raise RangeError("every combo of a range holds a card of the board or the dead cards")
    deck_size = len((rules or HandRules()).deck().cards()) - len(taken) - 2 * len(ranges)
    boards = comb(deck_size, 5 - len(board)) if deck_size >= 5 - len(board) else 0
    count = 1
    for combos in live:
        count *= len(combos)
    if exact is False or (exact is None and count > RANGE_ENUMERATED):
        return _sampled(live, board, dead, rules, seed)
    groups = _suit_classes(_matchups(live), board, dead)
    if exact is None and len(groups) * boards > RANGE_EXACT_BOARDS:
        return _sampled(live, board, dead, rules, seed)
    return _exact(live, groups, board, dead, rules)


def _matchups(live: Sequence[HandRange]) -> list[tuple[Combo, ...]]:
    found = []
    for matchup in product(*live):
        cards = [card for combo in matchup for card in combo.cards]
        if len(set(cards)) == len(cards):
            found.append(matchup)
    if not found:
        raise RangeError("the ranges have no matchup without a card in common")
    return found


def _suit_classes(
    matchups: list[tuple[Combo, ...]], board: Sequence[Card], dead: Sequence[Card]
) -> dict[tuple[object, ...], list[tuple[Combo, ...]]]:
    """The matchups grouped by suit isomorphism: one group per renaming of the suits."""
    groups: dict[tuple[object, ...], list[tuple[Combo, ...]]] = {}
    for matchup in matchups:
        key = _suit_free_key([combo.cards for combo in matchup], board, dead)
        groups.setdefault(key, []).append(matchup)
    return groups


def _exact(
    live: Sequence[HandRange],
    groups: dict[tuple[object, ...], list[tuple[Combo, ...]]],
    board: Sequence[Card],
    dead: Sequence[Card],
    rules: HandRules | None,
) -> RangeEquityResult:
    """Every board of one matchup per group, counted for every matchup of the group."""
    players = len(live)
    totals = [[0.0, 0.0, 0.0] for _ in range(players)]
    weight_sum = 0.0
    for members in groups.values():
        hands = [combo.cards for combo in members[0]]
        result = equity(hands, board=board, dead=dead, rules=rules, exact=True)
        for matchup in members:
            weight = 1.0
            for combo in matchup:
                weight *= combo.weight
            weight_sum += weight
            for p, hand in enumerate(result.hands):
                totals[p][0] += weight * hand.win
                totals[p][1] += weight * hand.tie
                totals[p][2] += weight * hand.equity
    return RangeEquityResult(
        tuple(
            RangeEquity(
                live[p],
                win=totals[p][0] / weight_sum,
                tie=totals[p][1] / weight_sum,
                equity=totals[p][2] / weight_sum,
                standard_error=0.0,
            )
            for p in range(players)
        ),
        sum(len(members) for members in groups.values()),
        True,
    )


def _suit_free_key(
    hands: Sequence[tuple[Card, Card]], board: Sequence[Card], dead: Sequence[Card]
) -> tuple[object, ...]:
    """The same key for every renaming of the suits: the least of the renamed deals."""
    best: tuple[object, ...] | None = None
    for order in permutations(range(4)):

        def index(card: Card, order: tuple[int, ...] = order) -> int:
            return 13 * order[card.suit or 0] + card.rank

        key = (
            tuple(tuple(sorted(index(c) for c in hand)) for hand in hands),
            tuple(sorted(index(c) for c in board)),
            tuple(sorted(index(c) for c in dead)),
        )
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def _sampled(
    live: Sequence[HandRange],
    board: Sequence[Card],
    dead: Sequence[Card],
    rules: HandRules | None,
    seed: int,
) -> RangeEquityResult:
    import numpy as np  # noqa: PLC0415 - numpy on demand

    from cardtable.poker.fast import card_mask, kernel_supports, kernels, tables  # noqa: PLC0415

    rules = rules or HandRules()
    if not kernel_supports(rules):
        raise RangeError("sampled range equity needs standard high hands (no wild cards, lows)")
    players = len(live)
    width = max(len(combos) for combos in live)
    masks = np.zeros((players, width), dtype=np.int64)
    cumulative = np.zeros((players, width), dtype=np.float64)
    for p, combos in enumerate(live):
        masks[p, : len(combos)] = [card_mask(combo.cards) for combo in combos]
        cumulative[p, : len(combos)] = np.cumsum([combo.weight for combo in combos])
    taken = set(board) | set(dead)
    deck = np.array([card.bit for card in rules.deck().cards() if card not in taken])
    results = kernels().sampled_range_equity(
        masks,
        np.array([len(combos) for combos in live], dtype=np.int64),
        cumulative,
        card_mask(board),
        deck.astype(np.int64),
        5 - len(board),
        RANGE_MATCHUPS,
        RANGE_BOARDS,
        seed,
        *tables(tuple(int(rank) for rank in rules.ranks)),
    )
    if np.isnan(results).any():
        raise RangeError("the ranges have too few matchups without a card in common")
    return RangeEquityResult(
        tuple(_summary(live[p], results[:, p, :].tolist()) for p in range(players)),
        RANGE_MATCHUPS,
        False,
    )


def _summary(combos: HandRange, samples: list[list[float]]) -> RangeEquity:
    """A range's mean results over sampled matchups, and the standard error of the equity."""
    n = len(samples)
    win, tie, share = (sum(s[i] for s in samples) / n for i in range(3))
    spread = sum((s[2] - share) ** 2 for s in samples) / (n - 1) if n > 1 else 0.0
    return RangeEquity(combos, win, tie, share, sqrt(spread / n))
