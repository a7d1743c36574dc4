r"""The rules of poker hands as data: wild cards, special hands, low hands, short hands.

Every option cites the passage of the rulebook it comes from. The defaults are the seed's
standard game: no wild cards, the ten hands of "Покерные расклады", the full 52-card deck.

>>> rules = hand_rules_from_toml('wild = ["jokers"]\nwild_mode = "any"')
>>> rules.wild, rules.wild_mode
(('jokers',), 'any')
>>> sorted(card.text() for card in wild_cards(HandRules(wild=("red-tens",))))
['10♥', '10♦']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Literal

from cardtable.cards import Card, DeckSpec, Rank, Suit, parse_cards
from cardtable.engine.rules import check_ranges, option, rules_from_mapping, rules_from_toml
from cardtable.errors import CardParseError, RulesError

SEED = "002_053e85955f9a4108.txt"
"""The long poker rulebook, the source of every hand rule."""

WildMode = Literal["missing", "any"]
LowMode = Literal["none", "lowball", "high-low"]
DealWild = Literal[
    "none",
    "board-card-and-rank",
    "board-rank",
    "lowest-board-and-rank",
    "lowest-hole",
    "last-hole-and-rank",
]
BlazePlace = Literal[
    "high_card",
    "one_pair",
    "four_flush",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
]

WILD_PRESETS: dict[str, tuple[Card, ...]] = {
    "jokers": (Card.joker(1), Card.joker(2)),
    "deuce-of-spades": (Card(Rank.TWO, Suit.SPADES),),
    "deuces": tuple(Card(Rank.TWO, suit) for suit in Suit),
    "deuces-treys": tuple(Card(rank, suit) for rank in (Rank.TWO, Rank.THREE) for suit in Suit),
    "red-tens": (Card(Rank.TEN, Suit.HEARTS), Card(Rank.TEN, Suit.DIAMONDS)),
}
"""The wild cards the seed names as the most common ("Козырные карты")."""


@dataclass(frozen=True, slots=True)
class HandRules:
    """How poker hands are formed and ranked; the default is the seed's standard game."""

    wild: tuple[str, ...] = option(
        (),
        "wild cards: jokers, deuce-of-spades, deuces, deuces-treys, red-tens, or any card "
        "(K♠) or rank (K)",
        f"{SEED}, Козырные карты",
        longest=60,
    )
    wild_mode: WildMode = option(
        "missing",
        "missing: a wild card stands only for a card the player does not hold; any: for any "
        "card, even one held",
        f"{SEED}, Козырные карты, rules (а) and (б)",
    )
    deal_wild: DealWild = option(
        "none",
        "wild cards fixed by the deal: the last board card shown and all of its rank, or only "
        "the other cards of its rank; the lowest board card and its rank; each player's "
        "lowest hole card; or his last hole card and every card of its rank",
        f"{SEED}, Свинья в мешке; Перекрестье; Пит-простак; Семикарточный гвоздь: козырь — "
        "младшая забивная карта; Мексиканский гвоздь",
    )
    jokers: int = option(
        0,
        "jokers in the deck (with wild jokers and 0 here, the deck has one)",
        f"{SEED}, Игровые принадлежности 2",
        least=0,
        most=2,
    )
    five_of_a_kind: bool = option(
        True,
        "five of a kind, above the straight flush, when wild cards stand for any card",
        f"{SEED}, Расклады с козырями 1",
    )
    double_ace_flush: bool = option(
        True,
        "the flush with two aces, above the flush and below the full house, when wild cards "
        "stand for any card",
        f"{SEED}, Расклады с козырями 2",
    )
    four_flush: bool = option(
        False,
        "four cards of one suit and any fifth rank above one pair and below two pair",
        f"{SEED}, Покер-гвоздь, Дополнительные правила 4",
    )
    blaze: bool = option(
        False, "five court cards make a blaze", f"{SEED}, Покерные расклады (локальные комбинации)"
    )
    blaze_above: BlazePlace = option(
        "two_pair",
        "the hand the blaze ranks immediately above",
        f"{SEED}, Покерные расклады: the place of a local hand is agreed before play",
    )
    bobtail: bool = option(
        False,
        "a four flush or open-ended four straight may open the betting; it has no showdown value",
        f"{SEED}, Валет или бобтейл",
    )
    low: LowMode = option(
        "none",
        "lowball: the lowest hand wins, aces low, straights and flushes ignored; high-low: the "
        "highest and the lowest hands split, straights and flushes count",
        f"{SEED}, Лоуболл 5; Покер «Больше-меньше»",
    )
    three_card: bool = option(
        False,
        "three-card poker: trips, straight flush, flush, straight, pair, high card",
        f"{SEED}, Трехкарточный покер",
    )
    two_card: bool = option(
        False, "two-card poker: only pairs and high cards", f"{SEED}, Двухкарточный покер"
    )
    stripped: tuple[int, ...] = option(
        (),
        "ranks taken out of the deck (2 to 5); the lowest straight is then the ace and the "
        "lowest four ranks left",
        f"{SEED}, Иерархия карт",
        least=2,
        most=5,
        longest=4,
    )

    def __post_init__(self) -> None:
        check_ranges(self)

    @property
    def hand_size(self) -> int:
        """How many cards make a hand: 5, or 3 or 2 in three- and two-card poker."""
        return 3 if self.three_card else 2 if self.two_card else 5

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks of the deck, lowest first."""
        return _ranks_without(tuple(self.stripped))

    def deck(self) -> DeckSpec:
        """The deck these rules play with."""
        jokers = max(self.jokers, 1 if "jokers" in self.wild else 0)
        return DeckSpec(self.ranks, jokers)


@cache
def _ranks_without(stripped: tuple[int, ...]) -> tuple[Rank, ...]:
    # Every deal asks for its deck's ranks: walking the Rank enum each time is slow.
    return tuple(rank for rank in Rank if rank != Rank.JOKER and rank not in stripped)


def check_hand_rules(rules: HandRules) -> HandRules:
    """Refuse options that contradict one another; return ``rules`` unchanged otherwise.

    >>> check_hand_rules(HandRules(three_card=True, two_card=True))
    Traceback (most recent call last):
    ...
    cardtable.errors.RulesError: three-card and two-card poker cannot both be played
    """
    if rules.three_card and rules.two_card:
        raise RulesError("three-card and two-card poker cannot both be played")
    if rules.low != "none" and rules.hand_size != 5:
        raise RulesError(f"low hands are ranked for five cards, not {rules.hand_size}")
    if rules.blaze and rules.hand_size != 5:
        raise RulesError("a blaze needs five cards")
    if rules.four_flush and rules.hand_size != 5:
        raise RulesError("a four flush needs five cards")
    for rank in rules.stripped:
        if rank not in (2, 3, 4, 5):
            raise RulesError(f"only 2s, 3s, 4s and 5s may be stripped, not {rank}")
    if not 0 <= rules.jokers <= 2:
        raise RulesError(f"a deck has 0, 1 or 2 jokers, not {rules.jokers}")
    wild_cards(rules)
    return rules


def wild_cards(rules: HandRules) -> frozenset[Card]:
    """Every card the rules make wild (before any card fixed by the deal)."""
    found: set[Card] = set()
    for name in rules.wild:
        found.update(_wild_entry(name))
    return frozenset(found)


def _wild_entry(name: str) -> tuple[Card, ...]:
    preset = WILD_PRESETS.get(name.lower())
    if preset is not None:
        return preset
    rank = _RANK_NAMES.get(name.upper())
    if rank is not None:
        return tuple(Card(rank, suit) for suit in Suit)
    try:
        return parse_cards(name, allow_duplicates=True)
    except CardParseError:
        known = ", ".join(WILD_PRESETS)
        raise RulesError(f"unknown wild card {name!r}: give {known}, a card or a rank") from None


_RANK_NAMES = {
    **{str(n): Rank(n) for n in range(2, 11)},
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
    "В": Rank.JACK,
    "Д": Rank.QUEEN,
    "К": Rank.KING,
    "Т": Rank.ACE,
}


def deal_wild_cards(
    rules: HandRules, hole: Iterable[Card] = (), board: Iterable[Card] = ()
) -> frozenset[Card]:
    """The wild cards the deal fixes for a player with ``hole`` cards and a shared ``board``.

    "Свинья в мешке", "Перекрестье": the exposed (centre) board card and every card of its
    rank (or only the other cards of its rank); "Пит-простак": the lowest board card and its
    rank; "младшая забивная карта": the player's lowest hole card; "Мексиканский гвоздь": his
    last hole card and every card of its rank.

    >>> sorted(c.text() for c in deal_wild_cards(
    ...     HandRules(deal_wild="lowest-hole"), parse_cards("9♠ 4♦ K♥")))
    ['4♦']
    """
    if rules.deal_wild == "none":
        return frozenset()
    hole_cards = [card for card in hole if not card.is_joker]
    shown = [card for card in board if not card.is_joker]
    if rules.deal_wild == "lowest-hole":
        return frozenset({min(hole_cards, key=lambda c: c.rank)}) if hole_cards else frozenset()
    if rules.deal_wild == "last-hole-and-rank":
        return _rank_of(hole_cards[-1]) if hole_cards else frozenset()
    if not shown:
        return frozenset()
    if rules.deal_wild == "lowest-board-and-rank":
        return _rank_of(min(shown, key=lambda c: c.rank))
    exposed = shown[-1]
    if rules.deal_wild == "board-rank":
        return _rank_of(exposed) - {exposed}
    return _rank_of(exposed)


def _rank_of(card: Card) -> frozenset[Card]:
    return frozenset(Card(card.rank, suit) for suit in Suit)


def hand_rules(
    data: Mapping[str, object] | None = None, *, base: HandRules | None = None
) -> HandRules:
    """Hand rules from a mapping of options, checked."""
    rules = rules_from_mapping(HandRules, data or {}, base=base, where="hand rules")
    return check_hand_rules(rules)


def hand_rules_from_toml(text: str, *, where: str = "hand rules") -> HandRules:
    """Hand rules from TOML (options at the top level or under ``[rules]``), checked."""
    return check_hand_rules(rules_from_toml(HandRules, text, where=where))
