"""Poker hands as the rulebook ranks them: best five of any number, wild cards, low hands.

This is the complete evaluator, written for clarity over speed: every rule option of
:class:`~cardtable.poker.rules.HandRules` is honoured here. The compiled kernel in
``_kernels.py`` is the fast path for the standard game and is checked against this module.

>>> from cardtable.cards import parse_cards
>>> hand = evaluate(parse_cards("A♥ K♥ Q♥ J♥ 10♥ 2♣ 2♦"))
>>> hand.category.value, cards_text(hand.cards)
('royal_flush', 'A♥ K♥ Q♥ J♥ 10♥')
>>> jokers = HandRules(wild=("jokers",))
>>> hand = evaluate(parse_cards("Jo K♠ K♥ 7♦ 2♣"), jokers)
>>> hand.category.value, [(w.text(), s.text()) for w, s in hand.wild]
('three_of_a_kind', [('Jo', 'K♣')])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from cardtable.cards import Card, Rank, Suit, cards_text
from cardtable.errors import CardParseError, CardtableError
from cardtable.poker.rules import HandRules, wild_cards

ACE = 14
JOKER_RANK = 15
"""A wild card showing in stud outranks the ace ("Джокер считается старше туза")."""

Pip = tuple[int, int | None]
"""A card as (rank, suit); an ace is 14, or 1 when it plays low; suit None for a bare rank."""


class HandError(CardtableError):
    """A hand that cannot be evaluated: too few cards, a card outside the deck."""


class Category(StrEnum):
    """The kinds of poker hand, named as in the JSON of ``cardtable poker``."""

    FIVE_OF_A_KIND = "five_of_a_kind"
    ROYAL_FLUSH = "royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    DOUBLE_ACE_FLUSH = "double_ace_flush"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    FOUR_FLUSH = "four_flush"
    ONE_PAIR = "one_pair"
    HIGH_CARD = "high_card"
    BLAZE = "blaze"
    LOW = "low"


C = Category
_FIVE_ORDER = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.FOUR_FLUSH,
    C.TWO_PAIR,
    C.THREE_OF_A_KIND,
    C.STRAIGHT,
    C.FLUSH,
    C.DOUBLE_ACE_FLUSH,
    C.FULL_HOUSE,
    C.FOUR_OF_A_KIND,
    C.STRAIGHT_FLUSH,
    C.ROYAL_FLUSH,
    C.FIVE_OF_A_KIND,
)
_THREE_ORDER = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.STRAIGHT,
    C.FLUSH,
    C.STRAIGHT_FLUSH,
    C.THREE_OF_A_KIND,
)
_TWO_ORDER = (C.HIGH_CARD, C.ONE_PAIR)


def category_order(rules: HandRules) -> tuple[Category, ...]:
    """The categories these rules know, lowest first ("Покерные расклады", variants).

    >>> [c.value for c in category_order(HandRules(three_card=True))][-2:]
    ['straight_flush', 'three_of_a_kind']
    """
    if rules.three_card:
        return _THREE_ORDER
    if rules.two_card:
        return _TWO_ORDER
    order = [
        c
        for c in _FIVE_ORDER
        if (c is not C.FOUR_FLUSH or rules.four_flush)
        and (c is not C.FIVE_OF_A_KIND or rules.five_of_a_kind)
        and (c is not C.DOUBLE_ACE_FLUSH or rules.double_ace_flush)
    ]
    if rules.blaze:
        place = Category(rules.blaze_above)
        if place not in order:
            order.insert(order.index(C.ONE_PAIR) + 1, place)
        order.insert(order.index(place) + 1, C.BLAZE)
    return tuple(order)


@dataclass(frozen=True, order=True, slots=True)
class Evaluation:
    """One hand's value (higher is better, a total order), category, cards and wild cards.

    ``cards`` are the cards used as the player holds them; ``wild`` pairs each wild card
    used with the card it stands for.
    """

    value: int
    category: Category = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)
    wild: tuple[tuple[Card, Card], ...] = field(compare=False, default=())

    def describe(self) -> str:
        """The hand in words: category, cards, and what each wild card stands for."""
        text = f"{self.category.value.replace('_', ' ')}: {cards_text(self.cards)}"
        if self.wild:
            text += " (" + ", ".join(f"{w.text()} as {s.text()}" for w, s in self.wild) + ")"
        return text


@dataclass(frozen=True, slots=True)
class _Table:
    """What the scorer needs from the rules, computed once per rule set."""

    codes: dict[Category, int]
    straights: dict[frozenset[int], int]
    low_straights: dict[frozenset[int], int]
    ranks: tuple[int, ...]
    wild: frozenset[Card]
    size: int
    wheel: bool
    royal: int


@lru_cache(maxsize=64)
def _table(rules: HandRules, wheel: bool = True) -> _Table:
    """The scorer's tables; without ``wheel`` the ace is only high (deuce to seven)."""
    order = category_order(rules)
    size = rules.hand_size
    ranks = tuple(int(r) for r in rules.ranks)
    sequence = (1, *ranks)
    straights: dict[frozenset[int], int] = {}
    low_straights: dict[frozenset[int], int] = {}
    if size >= 3:
        for index in range(len(sequence) - size + 1):
            window = sequence[index : index + size]
            if index or wheel:
                straights[frozenset(ACE if r == 1 else r for r in window)] = index
            if ACE not in window:
                low_straights[frozenset(window)] = index
    return _Table(
        {c: i for i, c in enumerate(order)},
        straights,
        low_straights,
        ranks,
        wild_cards(rules),
        size,
        wheel,
        len(sequence) - size,
    )


def _pack(code: int, order: Sequence[int], tail: int) -> int:
    packed = code
    for position in range(5):
        packed = packed * 16 + (order[position] if position < len(order) else 0)
    return packed * 16 + tail


def _grouped(ranks: Sequence[int]) -> tuple[list[int], list[int]]:
    """Counts largest first and ranks in comparing order (bigger groups, then higher ranks)."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return [c for _, c in groups], [r for r, c in groups for _ in range(c)]


def _score(pips: Sequence[Pip], rules: HandRules, table: _Table) -> tuple[Category, int]:
    """The category and packed value (without the wild-card count) of a hand.

    The cards may be real or substituted; the work is cached on what matters: the ranks, a
    flush, a four flush's ranks.
    """
    ranks = tuple(sorted((r for r, _ in pips), reverse=True))
    suits = [s for _, s in pips]
    full = len(pips) == table.size
    flush = full and table.size >= 3 and None not in suits and len(set(suits)) == 1
    suited: tuple[int, ...] = ()
    if rules.four_flush and len(pips) >= 4 and not flush:
        suit, count = Counter(suits).most_common(1)[0]
        if count >= 4 and suit is not None:
            suited = tuple(sorted((r for r, s in pips if s == suit), reverse=True))
    return _scored(ranks, flush, suited, full, rules, wheel=table.wheel)


@lru_cache(maxsize=1 << 16)
def _scored(
    ranks: tuple[int, ...],
    flush: bool,
    suited: tuple[int, ...],
    full: bool,
    rules: HandRules,
    *,
    wheel: bool,
) -> tuple[Category, int]:
    table = _table(rules, wheel)
    category, order = _categorise(ranks, flush=flush, suited=suited, full=full, table=table)
    code = table.codes.get(category, -1)
    return category, (_pack(code, order, 0) if code >= 0 else -1)


def _categorise(
    ranks: tuple[int, ...], *, flush: bool, suited: tuple[int, ...], full: bool, table: _Table
) -> tuple[Category, list[int]]:
    shape, order = _grouped(ranks)
    window = table.straights.get(frozenset(ranks)) if full and len(shape) == table.size else None
    descending = list(ranks)
    if table.size == 2:
        return (C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD), order
    if table.size == 3:
        if shape[0] == 3:
            return C.THREE_OF_A_KIND, order
        if flush and window is not None:
            return C.STRAIGHT_FLUSH, [window]
        if flush:
            return C.FLUSH, descending
        if window is not None:
            return C.STRAIGHT, [window]
        return (C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD), order
    category, order = _score_five(
        shape,
        order,
        flush=flush,
        window=window,
        descending=descending,
        suited=suited,
        table=table,
    )
    court = full and all(r in (11, 12, 13) for r in ranks)
    if C.BLAZE in table.codes and court and table.codes[C.BLAZE] > table.codes[category]:
        return C.BLAZE, order
    return category, order


def _score_five(
    shape: list[int],
    order: list[int],
    *,
    flush: bool,
    window: int | None,
    descending: list[int],
    suited: tuple[int, ...],
    table: _Table,
) -> tuple[Category, list[int]]:
    if shape[0] == 5:
        return C.FIVE_OF_A_KIND, order
    if flush and window is not None:
        return (C.ROYAL_FLUSH if window == table.royal else C.STRAIGHT_FLUSH), [window]
    if shape[0] == 4:
        return C.FOUR_OF_A_KIND, order
    if shape[:2] == [3, 2]:
        return C.FULL_HOUSE, order
    if flush:
        double = descending[1] == ACE and descending[2] != ACE
        return (C.DOUBLE_ACE_FLUSH if double else C.FLUSH), descending
    if window is not None:
        return C.STRAIGHT, [window]
    if shape[0] == 3:
        return C.THREE_OF_A_KIND, order
    if shape[:2] == [2, 2]:
        return C.TWO_PAIR, order
    if suited:
        rest = list(descending)
        for rank in suited:
            rest.remove(rank)
        return C.FOUR_FLUSH, list(suited) + rest
    return (C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD), order


def _pips(cards: Iterable[Card]) -> list[Pip]:
    return [(int(c.rank), None if c.suit is None else int(c.suit)) for c in cards]


def _card(pip: Pip, wild: Card) -> Card:
    rank, suit = pip
    if rank == JOKER_RANK or suit is None:
        return wild
    return Card(Rank(ACE if rank == 1 else rank), Suit(suit))


def _check(cards: Sequence[Card], rules: HandRules, wild: frozenset[Card]) -> None:
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardParseError(f"card given twice: {card.text()}")
            seen.add(card)
    ranks = _table(rules).ranks
    for card in cards:
        if card.is_joker and card not in wild:
            raise HandError(f"{card.text()} is in the hand but jokers are not wild")
        if not card.is_joker and card.rank not in ranks:
            raise HandError(f"{card.text()} is not in a deck stripped of {list(rules.stripped)}")


def _substitutions(
    natural: list[Pip],
    count: int,
    *,
    forbidden: frozenset[Pip],
    rules: HandRules,
    table: _Table,
    extra_ranks: tuple[int, ...] = (),
) -> Iterator[tuple[list[Pip], bool]]:
    """Every useful choice of cards for ``count`` wild cards, and whether a card repeats.

    Suits matter only for flushes, so each choice of ranks is tried once with every wild
    card in the naturals' common suit and once with suits picked to be legal.
    """
    suits = {s for _, s in natural}
    flush_suits = sorted(s for s in suits if s is not None) if len(suits) == 1 else []
    if not natural:
        flush_suits = list(range(4))
    off_suits = [s for s in range(4) if s not in suits] + sorted(s for s in suits if s is not None)
    used0 = set(natural)
    for ranks in combinations_with_replacement(table.ranks + extra_ranks, count):
        for fixed in [None, *flush_suits]:
            chosen: list[Pip] = []
            used = set(used0)
            repeated = False
            for rank in ranks:
                if rank == JOKER_RANK:
                    chosen.append((rank, None))
                    continue
                options = off_suits if fixed is None else [fixed]
                pick = next(
                    (s for s in options if (rank, s) not in forbidden and (rank, s) not in used),
                    None,
                )
                if pick is None:
                    if rules.wild_mode == "missing":
                        break
                    pick = options[0]
                    repeated = True
                chosen.append((rank, pick))
                used.add((rank, pick))
            else:
                yield chosen, repeated


_Reading = tuple[int, Category, list[Card], list[Card], list[Pip]]
"""One way to play some of the cards: packed value (no wild-card count), category, the
natural and the wild cards used, and the cards played (the naturals', then the wilds')."""


def _readings(
    cards: Sequence[Card], rules: HandRules, wild: Iterable[Card], table: _Table
) -> Iterator[_Reading]:
    """Every legal hand of the right size in ``cards``, each wild card tried as it may be."""
    wild_set = table.wild | frozenset(wild)
    cards = tuple(cards)
    _check(cards, rules, wild_set)
    if not cards:
        raise HandError("a hand needs at least one card")
    naturals = frozenset(p for c, p in zip(cards, _pips(cards), strict=True) if c not in wild_set)
    forbidden = naturals if rules.wild_mode == "missing" else frozenset()
    extra = (JOKER_RANK,) if len(cards) < table.size else ()
    seen: set[tuple[tuple[Card, ...], int]] = set()
    for used in combinations(cards, min(table.size, len(cards))):
        natural = [c for c in used if c not in wild_set]
        wilds = [c for c in used if c in wild_set]
        natural_pips = _pips(natural)
        key = (tuple(natural), len(wilds))
        if key in seen:
            continue
        seen.add(key)
        for chosen, repeated in _substitutions(
            natural_pips,
            len(wilds),
            forbidden=forbidden,
            rules=rules,
            table=table,
            extra_ranks=extra,
        ):
            played = natural_pips + chosen
            category, base = _score(played, rules, table)
            if base < 0:
                continue
            if repeated and category not in (C.FIVE_OF_A_KIND, C.DOUBLE_ACE_FLUSH):
                continue
            yield base, category, natural, wilds, played


def _evaluation(value: int, reading: _Reading) -> Evaluation:
    _, category, natural, wilds, played = reading
    chosen = played[len(natural) :]
    stands = tuple((w, _card(p, w)) for w, p in zip(wilds, chosen, strict=True))
    return Evaluation(value, category, _in_order([*natural, *wilds], played), stands)


def evaluate(
    cards: Sequence[Card],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> Evaluation:
    """The best hand (for high) that ``cards`` make under ``rules``.

    ``wild`` adds the wild cards fixed by the deal (see
    :func:`~cardtable.poker.rules.deal_wild_cards`). With more cards than a hand holds, the
    best hand of the right size is chosen; with fewer (a stud player's showing cards), the
    cards are ranked as they are, without straights or flushes. Equal hands are told apart
    by fewer wild cards ("Расклады с козырями").
    """
    rules = rules or HandRules()
    best: tuple[int, _Reading] | None = None
    for reading in _readings(cards, rules, wild, _table(rules)):
        value = reading[0] + 15 - len(reading[3])
        if best is None or value > best[0]:
            best = (value, reading)
    if best is None:
        raise HandError(f"no hand can be made of {cards_text(cards)} under these rules")
    return _evaluation(*best)


def evaluate_deuce_to_seven(
    cards: Sequence[Card],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> Evaluation:
    """The best deuce-to-seven hand of ``cards``: the worst high hand, the ace only high.

    The higher the value, the better (the lower) the hand. With more than five cards the
    five that make the lowest hand play; a wild card stands for the card that makes the hand
    lowest; A-5-4-3-2 is an ace-high hand, not a straight. Equal hands are told apart by
    fewer wild cards ("Расклады с козырями").

    >>> from cardtable.cards import parse_cards
    >>> evaluate_deuce_to_seven(parse_cards("A♠ 5♦ 4♣ 3♥ 2♠ 7♦ K♣")).describe()
    'high card: 7♦ 5♦ 4♣ 3♥ 2♠'
    """
    rules = rules or HandRules()
    best: tuple[int, _Reading] | None = None
    for reading in _readings(cards, rules, wild, _table(rules, wheel=False)):
        value = -(reading[0] + len(reading[3]))
        if best is None or value > best[0]:
            best = (value, reading)
    if best is None:
        raise HandError(f"no hand can be made of {cards_text(cards)} under these rules")
    return _evaluation(*best)


def _in_order(cards: Sequence[Card], pips: Sequence[Pip]) -> tuple[Card, ...]:
    """The cards as players lay them out: bigger groups first, then higher ranks."""
    counts = Counter(r for r, _ in pips)
    order = sorted(range(len(cards)), key=lambda i: (counts[pips[i][0]], pips[i][0]), reverse=True)
    return tuple(cards[i] for i in order)


def evaluate_best_of(
    pools: Iterable[Sequence[Card]],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> Evaluation:
    """The best hand of several pools of cards, each ranked as by :func:`evaluate`.

    For variants that restrict which cards go together: in crisscross a player may use only
    the three board cards of one line ("Перекрестье"), so each pool is his hand plus a line.

    >>> from cardtable.cards import parse_cards
    >>> hand = parse_cards("A♠ A♦ 7♣ 2♥")
    >>> across, down = parse_cards("A♣ 9♥ K♦"), parse_cards("7♦ 9♥ 7♠")
    >>> evaluate_best_of([hand + across, hand + down]).category.value
    'full_house'
    """
    extra = frozenset(wild)
    best = [evaluate(pool, rules, wild=extra) for pool in pools]
    if not best:
        raise HandError("no pools of cards to choose from")
    return max(best)


def evaluate_low(
    cards: Sequence[Card],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> Evaluation:
    """The best low hand of ``cards``: the higher its value, the lower (better) the hand.

    Under ``low = "lowball"`` aces are always low and straights and flushes do not count; a
    wild card is the lowest card the hand lacks ("Лоуболл" 5). Otherwise the high-low rule
    applies: the ace plays low, straights and flushes count, and a wild card is a low ace
    that pairs nothing, so 4-3-2-A-joker is the lowest hand (Покер «Больше-меньше»).
    """
    return _best_low(cards, rules or HandRules(), wild)


def _best_low(
    cards: Sequence[Card],
    rules: HandRules,
    wild: Iterable[Card],
    pins: Mapping[Card, Card] | None = None,
) -> Evaluation:
    """The best low of ``cards``, each wild card in ``pins`` standing for the card given."""
    table = _table(rules)
    wild_set = table.wild | frozenset(wild)
    cards = tuple(cards)
    _check(cards, rules, wild_set)
    if not cards:
        raise HandError("a hand needs at least one card")
    held = frozenset(_pips(c for c in cards if c not in wild_set))
    best: Evaluation | None = None
    for used in combinations(cards, min(5, len(cards))):
        natural = [c for c in used if c not in wild_set]
        wilds = [c for c in used if c in wild_set]
        badness, stands = _low_badness(
            natural, wilds, held=held, rules=rules, table=table, pins=pins
        )
        value = -badness
        if best is None or value > best.value:
            best = Evaluation(value, C.LOW, tuple(natural) + tuple(wilds), stands)
    if best is None:
        raise HandError("a hand needs at least one card")
    return best


def evaluate_high_low(
    cards: Sequence[Card],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> tuple[Evaluation, Evaluation]:
    """The best high and the best low hand of ``cards`` at once, each judged alone.

    With more than five cards each may use a different five (Покер «Больше-меньше»:
    "составлять два разных расклада"). A wild card may stand for different cards in the
    two; :func:`high_low_readings` gives the ways to show both with one card for each.
    """
    return evaluate(cards, rules, wild=wild), evaluate_low(cards, rules, wild=wild)


@dataclass(frozen=True, slots=True)
class HighLow:
    """One way to show a hand for both halves of a high-low pot.

    "При вскрытии карт джокер может обозначать только один номинал и масть" (Покер
    «Больше-меньше», Козыри): a wild card used in both the high and the low hand stands for
    the same card in both.
    """

    high: Evaluation
    low: Evaluation


def high_low_readings(
    pools: Sequence[Sequence[Card]],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> tuple[HighLow, ...]:
    """Every reading of a hand for high-low worth showing, the best high first.

    Each of ``pools`` is a set of cards a hand may be made of (one pool for draw and stud).
    For each high hand the best low that gives every wild card it shares with the high the
    same card is found; only readings that no other betters on both halves are kept, so
    the list runs from the best high down to the best low. Without a clash there is one.

    >>> from cardtable.cards import parse_cards
    >>> rules = HandRules(wild=("jokers",), low="high-low")
    >>> for r in high_low_readings([parse_cards("A♠ 2♦ 3♣ 4♥ Jo K♠ K♦")], rules):
    ...     print(spoken(r.high), "|", spoken(r.low))
    straight, five high (Jo as 5♣) | K-4-3-2-A low
    two pair, aces and kings (Jo as A♣) | 4-3-2-A-A low (Jo as A♣)
    """
    rules = rules or HandRules()
    table = _table(rules)
    extra = frozenset(wild)
    by_stand_ins: dict[frozenset[tuple[Card, Card]], Evaluation] = {}
    for pool in pools:
        for reading in _readings(pool, rules, extra, table):
            found = _evaluation(reading[0] + 15 - len(reading[3]), reading)
            key = frozenset(found.wild)
            if key not in by_stand_ins or found.value > by_stand_ins[key].value:
                by_stand_ins[key] = found
    if not by_stand_ins:
        raise HandError("no hand can be made of these cards under these rules")
    best_low = max(_best_low(pool, rules, extra) for pool in pools)
    readings: list[HighLow] = []
    for high in sorted(by_stand_ins.values(), reverse=True):
        pins = dict(high.wild)
        low = max(_best_low(pool, rules, extra, pins) for pool in pools)
        if not readings or low.value > readings[-1].low.value:
            if readings and readings[-1].high.value == high.value:
                readings.pop()
            readings.append(HighLow(high, low))
        if low.value >= best_low.value:
            break
    return tuple(readings)


Reading = tuple[int, int | None]
"""A hand's high value and low value (``None``: no low) as one player shows them."""


def choose_readings(
    options: Sequence[Sequence[Reading]],
    payoff: Callable[[Sequence[Reading]], Sequence[float]],
    order: Sequence[int] | None = None,
) -> list[int]:
    """Which of his readings each player shows: the one that wins him most.

    ``options[i]`` are player ``i``'s readings (see :func:`high_low_readings`) and
    ``payoff`` gives every player's winnings for one reading each. Players fix their wild
    cards in showing ``order``: each takes the reading that wins him the most against the
    readings already shown and, for those still to show, the best each could show on
    either half; on equal winnings the better high, then the better low.

    The first player's better high would leave the low to the second; his better low
    scoops the pot:

    >>> choose_readings([[(9, 1), (5, 8)], [(4, 2)]], halves)
    [1, 0]
    """
    order = list(range(len(options))) if order is None else list(order)
    chosen = {seat: 0 for seat in range(len(options)) if len(options[seat]) == 1}
    strongest = [_strongest(option) for option in options]
    for seat in order:
        if seat in chosen:
            continue
        trial = [
            options[s][chosen[s]] if s in chosen else strongest[s] for s in range(len(options))
        ]

        def gain(
            index: int, seat: int = seat, trial: list[Reading] = trial
        ) -> tuple[float, int, int]:
            trial[seat] = options[seat][index]
            high, low = options[seat][index]
            return float(payoff(trial)[seat]), high, -1 if low is None else low

        chosen[seat] = max(range(len(options[seat])), key=gain)
    return [chosen[seat] for seat in range(len(options))]


def _strongest(options: Sequence[Reading]) -> Reading:
    lows = [low for _, low in options if low is not None]
    return max(high for high, _ in options), (max(lows) if lows else None)


def halves(readings: Sequence[Reading]) -> list[float]:
    """Each hand's share of a high-low pot as the cards speak.

    The best high takes half and the best low half, equal hands sharing a half; if no hand
    has a low (none qualifies) the best high takes it all.

    >>> halves([(9, 1), (5, 8), (5, None)])
    [0.5, 0.5, 0.0]
    """
    high = _shares([h for h, _ in readings])
    lows = [low for _, low in readings]
    if all(low is None for low in lows):
        return high
    best = max(low for low in lows if low is not None)
    winners = sum(1 for low in lows if low == best)
    return [
        (h + (1.0 / winners if low == best else 0.0)) / 2 for h, low in zip(high, lows, strict=True)
    ]


def _shares(values: Sequence[int]) -> list[float]:
    best = max(values)
    winners = sum(1 for v in values if v == best)
    return [1.0 / winners if v == best else 0.0 for v in values]


_LOW_CODES = {c: i for i, c in enumerate(_FIVE_ORDER)}


def _low_badness(
    natural: Sequence[Card],
    wilds: Sequence[Card],
    *,
    held: frozenset[Pip],
    rules: HandRules,
    table: _Table,
    pins: Mapping[Card, Card] | None = None,
) -> tuple[int, tuple[tuple[Card, Card], ...]]:
    """How bad a low is (packed, fewer wild cards better) and what its wild cards stand for.

    A wild card in ``pins`` stands for the card given there, as the same card does in the
    high hand; under the high-low rule a wild card pinned to an ace is still the low ace
    that pairs nothing.
    """
    pins = pins or {}
    low_ace = rules.low != "lowball"
    stands = [(w, pins[w]) for w in wilds if w in pins and (pins[w].rank != ACE or not low_ace)]
    free = [w for w in wilds if w not in pins or (pins[w].rank == ACE and low_ace)]
    natural = [*natural, *(stand for _, stand in stands)]
    ranks = [1 if c.rank == ACE else int(c.rank) for c in natural]
    if not low_ace:
        taken = set(ranks)
        for w in free:
            rank = next(r for r in (1, *table.ranks) if r not in taken and r != ACE)
            taken.add(rank)
            ranks.append(rank)
            suit = next((s for s in range(4) if (_as_high(rank), s) not in held), 0)
            stands.append((w, _card((rank, suit), w)))
        shape, order = _grouped(ranks)
        category = _low_category(shape, False, None)
        return _pack(_LOW_CODES[category], order, len(wilds)), tuple(stands)
    shape, order = _grouped(ranks)
    for w in free:
        shape.append(1)
        order.append(1)
        suit = next((s for s in range(4) if (ACE, s) not in held), 0)
        stands.append((w, pins.get(w, _card((ACE, suit), w))))
    full = len(natural) == 5
    flush = full and len({c.suit for c in natural}) == 1
    window = table.low_straights.get(frozenset(ranks)) if full and len(set(ranks)) == 5 else None
    category = _low_category(shape, flush, window)
    if window is not None:
        order = [window]
    return _pack(_LOW_CODES[category], order, len(wilds)), tuple(stands)


def _as_high(rank: int) -> int:
    return ACE if rank == 1 else rank


def _low_category(shape: list[int], flush: bool, window: int | None) -> Category:
    if flush and window is not None:
        return C.STRAIGHT_FLUSH
    if shape[0] == 5:
        return C.FIVE_OF_A_KIND
    if shape[0] == 4:
        return C.FOUR_OF_A_KIND
    if shape[:2] == [3, 2]:
        return C.FULL_HOUSE
    if flush:
        return C.FLUSH
    if window is not None:
        return C.STRAIGHT
    if shape[0] == 3:
        return C.THREE_OF_A_KIND
    if shape[:2] == [2, 2]:
        return C.TWO_PAIR
    return C.ONE_PAIR if shape[0] == 2 else C.HIGH_CARD


_RANK_WORDS = {
    2: ("deuce", "deuces"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
    JOKER_RANK: ("joker", "jokers"),
}


def _one(rank: int) -> str:
    return _RANK_WORDS[rank][0]


def _many(rank: int) -> str:
    return _RANK_WORDS[rank][1]


def played_cards(hand: Evaluation) -> tuple[Card, ...]:
    """The cards ``hand`` plays as: each wild card replaced by the card it stands for."""
    stands = dict(hand.wild)
    return tuple(stands.get(card, card) for card in hand.cards)


def low_text(cards: Iterable[Card]) -> str:
    """Cards read as a low hand, highest first and the ace lowest: ``8-6-4-3-2``, ``5-4-3-2-A``.

    >>> from cardtable.cards import parse_cards
    >>> low_text(parse_cards("A♠ 2♦ 3♣ 4♥ 5♠"))
    '5-4-3-2-A'
    """
    ranks = sorted((card.rank for card in cards), key=lambda r: 1 if r == ACE else int(r))
    return "-".join(Rank(rank).text() for rank in reversed(ranks))


def spoken(hand: Evaluation, *, ace_high_only: bool = False) -> str:
    """The hand as players say it at the showdown, with what each wild card stands for.

    ``ace_high_only`` reads a deuce-to-seven hand: an unpaired hand is named by its cards
    (``7-5-4-3-2``), the ace then highest.

    >>> from cardtable.cards import parse_cards
    >>> spoken(evaluate(parse_cards("K♠ K♦ K♣ 7♥ 7♠ 2♦ 3♣")))
    'full house, kings over sevens'
    >>> spoken(evaluate(parse_cards("J♠ J♦ 4♣ 4♥ 9♠")))
    'two pair, jacks and fours'
    >>> spoken(evaluate(parse_cards("Jo A♠ 2♦ 3♣ 4♥"), HandRules(wild=("jokers",))))
    'straight, five high (Jo as 5♣)'
    >>> spoken(evaluate_low(parse_cards("8♠ 6♦ 4♣ 3♥ 2♠"), HandRules(low="lowball")))
    '8-6-4-3-2 low'
    """
    played = played_cards(hand)
    if hand.category is C.LOW:
        text = f"{low_text(played)} low"
    else:
        ranks = [int(card.rank) for card in _deciding(hand.category, played)]
        text = hand_words(hand.category, ranks, ace_high_only=ace_high_only)
    if hand.wild:
        text += " (" + ", ".join(f"{w.text()} as {s.text()}" for w, s in hand.wild) + ")"
    return text


def _deciding(category: Category, played: Sequence[Card]) -> Sequence[Card]:
    """The cards a hand is named by: a four flush by its four suited cards."""
    if category is not C.FOUR_FLUSH:
        return played
    suit = Counter(card.suit for card in played).most_common(1)[0][0]
    return [card for card in played if card.suit == suit]


def hand_words(category: Category, ranks: Sequence[int], *, ace_high_only: bool = False) -> str:
    """A high hand of ``category`` with these ranks (2 to 14) in words, as :func:`spoken`.

    >>> hand_words(Category.FULL_HOUSE, [7, 13, 7, 13, 13])
    'full house, kings over sevens'
    """
    counts = Counter(ranks)
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    top = max(ranks)
    if category in (C.STRAIGHT, C.STRAIGHT_FLUSH) and ACE in ranks and 13 not in ranks:
        top = max(r for r in ranks if r != ACE)
    template = _WORDS[category]
    if ace_high_only and category is C.HIGH_CARD:
        template = "{cards}"
    return template.format(
        first=_many(grouped[0]),
        second=_many(grouped[1 % len(grouped)]),
        last=_many(grouped[-1]),
        top=_one(top),
        cards="-".join(Rank(r).text() for r in sorted(ranks, reverse=True)),
    )


_WORDS = {
    C.FIVE_OF_A_KIND: "five of a kind, {first}",
    C.ROYAL_FLUSH: "royal flush",
    C.STRAIGHT_FLUSH: "straight flush, {top} high",
    C.FOUR_OF_A_KIND: "four of a kind, {first}",
    C.FULL_HOUSE: "full house, {first} over {last}",
    C.DOUBLE_ACE_FLUSH: "double-ace flush, {cards}",
    C.FLUSH: "flush, {top} high",
    C.STRAIGHT: "straight, {top} high",
    C.THREE_OF_A_KIND: "three of a kind, {first}",
    C.TWO_PAIR: "two pair, {first} and {second}",
    C.FOUR_FLUSH: "four flush, {top} high",
    C.ONE_PAIR: "pair of {first}",
    C.HIGH_CARD: "{top} high",
    C.BLAZE: "blaze",
}
"""How players say each kind of high hand; ``first`` is the rank of the biggest group."""


def is_bobtail(cards: Sequence[Card], rules: HandRules | None = None) -> bool:
    """Whether ``cards`` hold a bobtail: a four flush or an open-ended four straight.

    Not A-K-Q-J nor 4-3-2-A; it may open the betting and is worth nothing at the showdown
    ("Валет или бобтейл").

    >>> from cardtable.cards import parse_cards
    >>> is_bobtail(parse_cards("9♠ 8♦ 7♣ 6♥ 2♦")), is_bobtail(parse_cards("A♠ K♦ Q♣ J♥ 2♦"))
    (True, False)
    """
    rules = rules or HandRules()
    natural = [c for c in cards if not c.is_joker]
    if max(Counter(c.suit for c in natural).values(), default=0) >= 4:
        return True
    present = {int(c.rank) for c in natural}
    present |= {1} if ACE in present else set()
    sequence = (1, *(int(r) for r in rules.ranks))
    windows = [sequence[i : i + 4] for i in range(1, len(sequence) - 4)]
    return any(all(r in present for r in window) for window in windows)


@dataclass(frozen=True, slots=True)
class Showdown:
    """The hands at a showdown and who wins.

    ``winners`` take the pot (the high half in high-low, where ``low_winners`` take the low
    half); several indices mean a split.
    """

    hands: tuple[Evaluation, ...]
    lows: tuple[Evaluation, ...]
    winners: tuple[int, ...]
    low_winners: tuple[int, ...]


def _best(values: Sequence[int]) -> tuple[int, ...]:
    top = max(values)
    return tuple(i for i, v in enumerate(values) if v == top)


def showdown(
    hands: Sequence[Sequence[Card]],
    rules: HandRules | None = None,
    *,
    wild: Sequence[Iterable[Card]] | None = None,
) -> Showdown:
    """Rank several hands and name the winners ("Ничья": equal hands split the pot).

    Under lowball the lowest hands win; under high-low the high and the low hands split.
    """
    rules = rules or HandRules()
    if len(hands) < 2:
        raise HandError("a showdown needs at least two hands")
    _refuse_shared_cards(hands)
    extra = [frozenset(w) for w in wild] if wild is not None else [frozenset()] * len(hands)
    if rules.low == "lowball":
        lows = tuple(evaluate_low(h, rules, wild=w) for h, w in zip(hands, extra, strict=True))
        winners = _best([e.value for e in lows])
        return Showdown(lows, lows, winners, winners)
    if rules.low == "high-low":
        shown = consistent_high_low([[h] for h in hands], rules, wild=extra)
        highs = tuple(r.high for r in shown)
        lows = tuple(r.low for r in shown)
        return Showdown(
            highs, lows, _best([e.value for e in highs]), _best([e.value for e in lows])
        )
    highs = tuple(evaluate(h, rules, wild=w) for h, w in zip(hands, extra, strict=True))
    return Showdown(highs, (), _best([e.value for e in highs]), ())


def consistent_high_low(
    pools: Sequence[Sequence[Sequence[Card]]],
    rules: HandRules,
    *,
    wild: Sequence[Iterable[Card]] | None = None,
) -> list[HighLow]:
    """The reading each player shows at a high-low showdown where the cards speak.

    ``pools[i]`` are the sets of cards player ``i``'s hands may be made of. Each wild card
    is one card for both halves (:func:`high_low_readings`), and each player shows the
    reading that wins him the most (:func:`choose_readings`), in the order listed.
    """
    extra = [frozenset(w) for w in wild] if wild is not None else [frozenset()] * len(pools)
    options = [high_low_readings(own, rules, wild=w) for own, w in zip(pools, extra, strict=True)]
    values = [[(r.high.value, r.low.value) for r in own] for own in options]
    chosen = choose_readings(values, halves)
    return [own[index] for own, index in zip(options, chosen, strict=True)]


def _refuse_shared_cards(hands: Sequence[Sequence[Card]]) -> None:
    seen: set[Card] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise CardParseError(f"card given twice: {card.text()}")
            seen.add(card)


def first_to_bet(
    showing: Sequence[Sequence[Card]],
    rules: HandRules | None = None,
    *,
    wild: Iterable[Card] = (),
) -> int:
    """The seat (counted from the dealer's left) whose showing cards bet first in stud.

    The highest showing hand bets first, a wild card showing ranks above the ace, and a tie
    goes to the player nearest the dealer's left ("Покер-гвоздь", Первый круг ставок). In
    stud lowball the lowest showing hand bets first ("Гвоздь-мизер").

    >>> from cardtable.cards import parse_cards
    >>> first_to_bet([parse_cards("K♠"), parse_cards("A♦"), parse_cards("A♣")])
    1
    """
    rules = rules or HandRules()
    if not showing:
        raise HandError("no showing hands to compare")
    if rules.low != "none":
        values = [evaluate_low(cards, rules, wild=wild).value for cards in showing]
    else:
        values = [evaluate(cards, rules, wild=wild).value for cards in showing]
    return _best(values)[0]
