"""The best hand of any cards: every hand of the right size, each wild card tried as it may stand.

:func:`evaluate` (high), :func:`evaluate_deuce_to_seven` (the worst high hand wins) and
:func:`evaluate_best_of` (pools of cards that may go together).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement

from cardtable.cards import Card, cards_text
from cardtable.errors import CardParseError
from cardtable.poker.hands.categories import (
    JOKER_RANK,
    C,
    Category,
    Evaluation,
    HandError,
    Pip,
    RankTable,
    card_of,
    pips_of,
    rank_table,
    score,
)
from cardtable.poker.rules import HandRules


def check_hand(cards: Sequence[Card], rules: HandRules, wild: frozenset[Card]) -> None:
    """Refuse a card named twice, a joker that is not wild, a rank the deck is stripped of."""
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardParseError(f"card given twice: {card.text()}")
            seen.add(card)
    ranks = rank_table(rules).ranks
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
    table: RankTable,
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


def hand_readings(
    cards: Sequence[Card], rules: HandRules, wild: Iterable[Card], table: RankTable
) -> Iterator[_Reading]:
    """Every legal hand of the right size in ``cards``, each wild card tried as it may be."""
    wild_set = table.wild | frozenset(wild)
    cards = tuple(cards)
    check_hand(cards, rules, wild_set)
    if not cards:
        raise HandError("a hand needs at least one card")
    naturals = frozenset(p for c, p in zip(cards, pips_of(cards), strict=True) if c not in wild_set)
    forbidden = naturals if rules.wild_mode == "missing" else frozenset()
    extra = (JOKER_RANK,) if len(cards) < table.size else ()
    seen: set[tuple[tuple[Card, ...], int]] = set()
    for used in combinations(cards, min(table.size, len(cards))):
        natural = [c for c in used if c not in wild_set]
        wilds = [c for c in used if c in wild_set]
        natural_pips = pips_of(natural)
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
            category, base = score(played, rules, table)
            if base < 0:
                continue
            if repeated and category not in (C.FIVE_OF_A_KIND, C.DOUBLE_ACE_FLUSH):
                continue
            yield base, category, natural, wilds, played


def evaluation_of(value: int, reading: _Reading) -> Evaluation:
    """The evaluation of one reading worth ``value``, its cards laid out as players lay them."""
    _, category, natural, wilds, played = reading
    chosen = played[len(natural) :]
    stands = tuple((w, card_of(p, w)) for w, p in zip(wilds, chosen, strict=True))
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
    for reading in hand_readings(cards, rules, wild, rank_table(rules)):
        value = reading[0] + 15 - len(reading[3])
        if best is None or value > best[0]:
            best = (value, reading)
    if best is None:
        raise HandError(f"no hand can be made of {cards_text(cards)} under these rules")
    return evaluation_of(*best)


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
    for reading in hand_readings(cards, rules, wild, rank_table(rules, wheel=False)):
        value = -(reading[0] + len(reading[3]))
        if best is None or value > best[0]:
            best = (value, reading)
    if best is None:
        raise HandError(f"no hand can be made of {cards_text(cards)} under these rules")
    return evaluation_of(*best)


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
