"""The declarations of piquet as pure functions: point, sequences, sets, carte blanche and rouge.

Rules 20–29 and 41–45 of the seed (001_776ed664a35a376f.txt). A hand's combinations are found
here and compared here; who calls what, and when, is the deal's business (:mod:`.deal`).

>>> from cardtable.cards import parse_cards
>>> hand = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♥ A♥ A♦ A♣ K♦ K♣ 7♥")
>>> best_point(hand)
Point(count=5, pips=51, suit=<Suit.SPADES: 3>)
>>> [run.name for run in sequences(hand)]
['quint major']
>>> [s.name for s in sets(hand)]
['fourteen aces', 'trio of kings']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cardtable.cards import Card, DeckSpec, Rank, Suit, by_index, cards_text
from cardtable.errors import CardParseError
from cardtable.piquet.rules import PiquetRules

PIQUET_DECK = frozenset(DeckSpec.named("32").cards())
"""The cards of piquet: sevens to aces (rule 1)."""
HAND_SIZES = {2: 12, 3: 10}
"""Cards in each hand after the deal, by the number of players (rule 5; piquet for three)."""

COURTS = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK})
"""The picture cards whose absence is carte blanche (rule 29)."""

RANK_NAMES = {
    Rank.ACE: ("ace", "aces"),
    Rank.KING: ("king", "kings"),
    Rank.QUEEN: ("queen", "queens"),
    Rank.JACK: ("jack", "jacks"),
    Rank.TEN: ("ten", "tens"),
    Rank.NINE: ("nine", "nines"),
    Rank.EIGHT: ("eight", "eights"),
    Rank.SEVEN: ("seven", "sevens"),
}
SEQUENCE_NAMES = {
    3: "tierce",
    4: "quart",
    5: "quint",
    6: "sixième",
    7: "septième",
    8: "huitième",
}


def pips(card: Card) -> int:
    """A card's pips for the point (rule 21): ace 11, courts 10, others their number.

    >>> pips(Card.of(Rank.ACE, Suit.HEARTS)), pips(Card.of(Rank.QUEEN, Suit.HEARTS))
    (11, 10)
    """
    if card.rank is Rank.ACE:
        return 11
    return min(int(card.rank), 10)


@dataclass(frozen=True, order=True)
class Point:
    """The longest suit: its number of cards, then its pips (rules 20–21)."""

    count: int
    pips: int
    suit: Suit

    @property
    def key(self) -> tuple[int, int]:
        """What decides between two points: cards, then pips."""
        return (self.count, self.pips)

    @property
    def name(self) -> str:
        """The point as players call it."""
        return f"point of {self.count} ({self.pips})"


@dataclass(frozen=True)
class Run:
    """A sequence: three or more cards of one suit in rank order (rules 42–45)."""

    length: int
    top: Rank
    suit: Suit

    @property
    def key(self) -> tuple[int, int]:
        """What decides between two sequences: length, then the top card (rule 28)."""
        return (self.length, int(self.top))

    @property
    def name(self) -> str:
        """``tierce major`` from the ace, ``quart to the king`` and so on (rule 45)."""
        if self.top is Rank.ACE:
            return f"{SEQUENCE_NAMES[self.length]} major"
        return f"{SEQUENCE_NAMES[self.length]} to the {RANK_NAMES[self.top][0]}"

    def cards(self) -> tuple[Card, ...]:
        """The run's cards, top first."""
        return tuple(Card.of(Rank(self.top - i), self.suit) for i in range(self.length))


@dataclass(frozen=True)
class CardSet:
    """A fourteen (four of a rank) or a trio (three), ten or higher (rules 23–27)."""

    count: int
    rank: Rank
    suits: tuple[Suit, ...]

    @property
    def key(self) -> tuple[int, int]:
        """Any four beats any three; then the higher rank (rules 24, 26, 27)."""
        return (self.count, int(self.rank))

    @property
    def name(self) -> str:
        """``fourteen aces`` or ``trio of kings``."""
        plural = RANK_NAMES[self.rank][1]
        return f"fourteen {plural}" if self.count == 4 else f"trio of {plural}"

    def cards(self) -> tuple[Card, ...]:
        """The set's cards."""
        return tuple(Card.of(self.rank, suit) for suit in self.suits)


def suit_cards(hand: Iterable[Card], suit: Suit) -> list[Card]:
    """The cards of ``suit`` in ``hand``, highest first."""
    return sorted((c for c in hand if c.suit == suit), key=lambda c: -int(c.rank))


def points(hand: Sequence[Card]) -> list[Point]:
    """Every suit held as a point, best first."""
    found = []
    for suit in Suit:
        cards = suit_cards(hand, suit)
        if cards:
            found.append(Point(len(cards), sum(pips(c) for c in cards), suit))
    return sorted(found, key=lambda p: (p.key, p.suit), reverse=True)


def best_point(hand: Sequence[Card]) -> Point | None:
    """The hand's point: its longest suit, by pips between equal lengths."""
    found = points(hand)
    return found[0] if found else None


def point_of(hand: Sequence[Card], count: int) -> Point | None:
    """The best point of exactly ``count`` cards a hand can call (its top cards of a longer suit).

    A player who sinks part of his point calls fewer cards than he holds; his pips are then
    those of the called cards, the highest of the suit.
    """
    best: Point | None = None
    for suit in Suit:
        cards = suit_cards(hand, suit)
        if len(cards) >= count > 0:
            found = Point(count, sum(pips(c) for c in cards[:count]), suit)
            if best is None or found.key > best.key:
                best = found
    return best


def sequences(hand: Sequence[Card]) -> list[Run]:
    """Every maximal sequence of three or more cards, best first."""
    found = []
    for suit in Suit:
        ranks = sorted({int(c.rank) for c in hand if c.suit == suit}, reverse=True)
        start = 0
        for i in range(1, len(ranks) + 1):
            if i == len(ranks) or ranks[i] != ranks[i - 1] - 1:
                length = i - start
                if length >= 3:
                    found.append(Run(length, Rank(ranks[start]), suit))
                start = i
    return sorted(found, key=lambda r: (r.key, r.suit), reverse=True)


def run_of(hand: Sequence[Card], length: int) -> Run | None:
    """The best sequence of exactly ``length`` cards the hand can call (the top of a longer one)."""
    best: Run | None = None
    for run in sequences(hand):
        if run.length >= length >= 3:
            found = Run(length, run.top, run.suit)
            if best is None or found.key > best.key:
                best = found
    return best


def sets(hand: Sequence[Card], rules: PiquetRules | None = None) -> list[CardSet]:
    """Every fourteen and trio of rank ten or higher (rule 25), best first."""
    lowest = (rules or PiquetRules()).min_set_rank
    by_rank = Counter(c.rank for c in hand)
    found = [
        CardSet(
            n, rank, tuple(sorted(c.suit for c in hand if c.rank == rank and c.suit is not None))
        )
        for rank, n in by_rank.items()
        if n >= 3 and int(rank) >= lowest
    ]
    return sorted(found, key=lambda s: s.key, reverse=True)


def set_of(hand: Sequence[Card], count: int, rank: Rank, rules: PiquetRules) -> CardSet | None:
    """The set of ``count`` cards of ``rank`` if the hand holds it (a trio may sink a fourteen)."""
    if int(rank) < rules.min_set_rank or count not in (3, 4):
        return None
    suits = tuple(sorted(c.suit for c in hand if c.rank == rank and c.suit is not None))
    if len(suits) < count:
        return None
    return CardSet(count, rank, suits[-count:] if count == 3 else suits)


def is_carte_blanche(hand: Iterable[Card]) -> bool:
    """No king, queen or jack in the hand (rule 29)."""
    return not any(card.rank in COURTS for card in hand)


def point_value(count: int) -> int:
    """A point scores one for each of its cards (rules 20, 22)."""
    return count


def sequence_value(length: int, rules: PiquetRules) -> int:
    """Tierce 3, quart 4, quint and longer their length plus ten (rule 22): 15, 16, 17, 18."""
    return length if length < 5 else length + rules.long_sequence_bonus


def set_value(count: int) -> int:
    """A fourteen scores 14 and a trio 3 (rules 23–27)."""
    return 14 if count == 4 else 3


Combination = Point | Run | CardSet
"""Anything a player calls in the point, sequence or set category."""

CATEGORIES = ("point", "sequence", "sets")
"""The declarations in the seed's order (rules 20, 22, 23)."""


def best_in(category: str, hand: Sequence[Card], rules: PiquetRules) -> Combination | None:
    """The hand's best combination of ``category``."""
    if category == "point":
        return best_point(hand)
    found: list[Run] | list[CardSet] = (
        sequences(hand) if category == "sequence" else sets(hand, rules)
    )
    return found[0] if found else None


def counted(
    called: Combination, hand: Sequence[Card], rules: PiquetRules
) -> list[tuple[str, int, tuple[Card, ...]]]:
    """What a player whose ``called`` combination is good counts with it: name, score, cards.

    The point scores its called cards. The holder of the best sequence or set also counts
    every other sequence or set he holds (rules 24, 26; for sequences by the same custom).
    """
    if isinstance(called, Point):
        cards = tuple(suit_cards(hand, called.suit)[: called.count])
        return [(called.name, point_value(called.count), cards)]
    if isinstance(called, Run):
        found = [(called.name, sequence_value(called.length, rules), called.cards())]
        for run in sequences(hand):
            inside = run.suit == called.suit and run.top >= called.top > run.top - run.length
            if not inside:
                found.append((run.name, sequence_value(run.length, rules), run.cards()))
        return found
    found = [(called.name, set_value(called.count), called.cards())]
    for other in sets(hand, rules):
        if other.rank != called.rank:
            found.append((other.name, set_value(other.count), other.cards()))
    return found


@dataclass(frozen=True)
class Call:
    """One line of the reckoning: who counted what, whether it was good, and what it scored."""

    player: int
    kind: str
    text: str
    status: str
    score: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Reckoning:
    """The declarations of every hand laid open, as players would call them at best."""

    calls: tuple[Call, ...]
    scores: tuple[int, ...]
    repique: int | None
    pique: int | None


@dataclass
class Race:
    """The race to a repique or a pique (rules 19, 28, 32), open until a second player counts.

    The first player to reach the threshold while nobody else has counted makes the bonus;
    a count by anyone else, or the bonus made, ends the race for the deal.

    >>> race = Race()
    >>> race.reaches({0: 30, 1: 0}, 0, 30), race.closed
    (True, True)
    """

    closed: bool = False

    def reaches(self, totals: Mapping[int, int], player: int, at: int | None) -> bool:
        """Whether ``player``, who has just counted to ``totals[player]``, reaches ``at`` first.

        ``at`` is ``None`` for a player who cannot make the bonus now; his count still ends
        the race if another has counted before him.
        """
        if self.closed:
            return False
        if sum(totals.values()) != totals[player]:
            self.closed = True
            return False
        if at is not None and totals[player] >= at:
            self.closed = True
            return True
        return False


HAND_NAMES = {2: ("elder", "younger"), 3: ("first", "second", "third")}
"""What the hands are called, in declaring order, in the messages about them."""


def check_hands(hands: Sequence[Sequence[Card]], *, partial: bool = False) -> None:
    """Refuse hands that no deal of piquet gives (rules 1, 5; ten cards each for three).

    A hand of the wrong count, a card foreign to the deck or a card in two hands is refused.

    ``partial`` hands (parts of hands, reckoned alone) may hold fewer cards.

    >>> from cardtable.cards import parse_cards
    >>> check_hands([parse_cards("A♠ K♠"), parse_cards("Q♠ J♠")])
    Traceback (most recent call last):
    cardtable.errors.CardParseError: the elder hand has 2 cards, not 12
    """
    if len(hands) not in HAND_NAMES:
        raise CardParseError(f"piquet is reckoned for two or three hands, not {len(hands)}")
    size = HAND_SIZES[len(hands)]
    for name, hand in zip(HAND_NAMES[len(hands)], hands, strict=True):
        if len(hand) != size and not (partial and len(hand) < size):
            raise CardParseError(f"the {name} hand has {len(hand)} cards, not {size}")
        foreign = [card for card in hand if card not in PIQUET_DECK]
        if foreign:
            raise CardParseError(
                f"the {name} hand holds {foreign[0]}, which is not in the piquet deck "
                "(sevens to aces)"
            )
    seen: set[Card] = set()
    for hand in hands:
        common = sorted(seen & set(hand), key=by_index)
        if common:
            which = "both hands" if len(hands) == 2 else "two hands"
            raise CardParseError(f"{which} hold {cards_text(common)}")
        seen |= set(hand)


def reckon(
    hands: Sequence[Sequence[Card]],
    rules: PiquetRules,
    *,
    first_leader: int = 0,
    repique_at: int | None = None,
    pique_at: int | None = None,
    partial: bool = False,
) -> Reckoning:
    """Every hand's declarations, all called at their best, in the seed's order (rules 19–29).

    ``hands`` are in declaring order; ``first_leader`` indexes the hand that leads first,
    the only one that can pique (rule 32). Hands no deal gives are refused
    (:func:`check_hands`); ``partial`` ones may be short.

    >>> from cardtable.cards import parse_cards
    >>> elder = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ A♥ A♦ A♣ K♦ K♣ K♥")
    >>> younger = parse_cards("8♠ 7♠ Q♥ J♥ 10♥ 9♥ 8♥ Q♦ J♦ 10♦ 9♦ 8♦")
    >>> r = reckon([elder, younger], PiquetRules())
    >>> r.scores, r.repique
    ((130, 0), 0)
    """
    check_hands(hands, partial=partial)
    repique_at = rules.repique_at if repique_at is None else repique_at
    pique_at = rules.pique_at if pique_at is None else pique_at
    calls = _calls(hands, rules)
    race = Race()
    totals = dict.fromkeys(range(len(hands)), 0)
    repique = pique = None
    for call in calls:
        if call.score > 0:
            totals[call.player] += call.score
            if race.reaches(totals, call.player, repique_at):
                repique = call.player
                break
    if repique is not None:
        bonus = rules.repique_to - repique_at
        calls.append(Call(repique, "repique", "repique", "counted", bonus))
    # The lead counts one: the first leader piques if his count then reaches the mark alone.
    totals[first_leader] += 1
    if race.reaches(totals, first_leader, pique_at):
        pique = first_leader
    scores = [0] * len(hands)
    for call in calls:
        scores[call.player] += call.score
    return Reckoning(tuple(calls), tuple(scores), repique, pique)


def _calls(hands: Sequence[Sequence[Card]], rules: PiquetRules) -> list[Call]:
    """Every hand's calls at their best, in counting order: blanche, the categories, rouge."""
    calls: list[Call] = []
    if rules.carte_blanche:
        for player, hand in enumerate(hands):
            if is_carte_blanche(hand):
                calls.append(
                    Call(player, "carte blanche", "carte blanche", "counted", rules.carte_blanche)
                )
    used: list[list[Card]] = [[] for _ in hands]
    for category in CATEGORIES:
        best = [best_in(category, hand, rules) for hand in hands]
        keys = [b.key if b is not None else None for b in best]
        top = max((k for k in keys if k is not None), default=None)
        holders = [i for i, k in enumerate(keys) if k is not None and k == top]
        for player, combination in enumerate(best):
            if combination is None:
                continue
            if len(holders) > 1 and player in holders:
                calls.append(Call(player, category, combination.name, "equal", 0))
            elif player in holders:
                for name, score, cards in counted(combination, hands[player], rules):
                    calls.append(Call(player, category, name, "good", score, cards))
                    used[player].extend(cards)
            else:
                calls.append(Call(player, category, combination.name, "not good", 0))
    if rules.carte_rouge:
        for player, hand in enumerate(hands):
            if set(hand) <= set(used[player]):
                calls.append(
                    Call(player, "carte rouge", "carte rouge", "counted", rules.carte_rouge)
                )
    return calls
