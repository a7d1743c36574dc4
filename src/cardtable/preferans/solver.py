"""The double-dummy solver: with every hand known, the declarer's tricks under best play.

Seats here are the three active players numbered 0, 1, 2 clockwise, in the order they play to
a trick (rule 30 of 001_776ed664a35a376f.txt: the play goes to the left); with four players
the dealer holds nothing and is left out. The two defenders cooperate. In a game the declarer
takes as many tricks as he can and the defenders as few; in a misère (rule 22) the declarer
takes as few as he can. Cards follow rules 31–32: follow suit, else trump, else any card.

The search itself is compiled (:mod:`cardtable.preferans._kernels`, imported on first use so
the command line starts fast).

>>> from cardtable.cards import parse_cards
>>> from cardtable.preferans.contracts import parse_contract
>>> hands = (parse_cards("A♠ K♠"), parse_cards("Q♠ J♠"), parse_cards("10♠ 9♠"))
>>> position = Position.start(hands, declarer=0, leader=0, contract=parse_contract("6NT"))
>>> solve(position)
2
>>> {str(card): tricks for card, tricks in card_values(position).items()}
{'K♠': 2, 'A♠': 2}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.cards import Card, Rank, Suit, cards_text
from cardtable.errors import CardtableError
from cardtable.preferans.contracts import Contract
from cardtable.preferans.tricks import following, sorted_cards, winner_index

if TYPE_CHECKING:
    from cardtable.preferans.deal import PreferansDeal

SEATS = 3
"""Hands in play: the three active players."""


class PositionError(CardtableError):
    """A position that cannot arise in play (wrong hand sizes, a card twice, a revoke)."""


def card_bit(card: Card) -> int:
    """The card's bit in the kernel's 32-card mask: ``8 * suit + rank`` with the seven as 0.

    >>> from cardtable.cards import parse_card
    >>> card_bit(parse_card("7♣")), card_bit(parse_card("A♠"))
    (0, 31)
    """
    if card.suit is None or not Rank.SEVEN <= card.rank <= Rank.ACE:
        raise PositionError(f"{card} is not in the preferans deck")
    return 8 * int(card.suit) + int(card.rank) - int(Rank.SEVEN)


def bit_card(bit: int) -> Card:
    """The card of a kernel bit (the inverse of :func:`card_bit`)."""
    return Card(Rank(bit % 8 + int(Rank.SEVEN)), Suit(bit // 8))


def mask(cards: Sequence[Card] | frozenset[Card]) -> int:
    """The 32-bit mask of ``cards``."""
    total = 0
    for card in cards:
        total |= 1 << card_bit(card)
    return total


@dataclass(frozen=True)
class Position:
    """A moment of the play with every hand known.

    ``hands`` are the cards still held by seats 0, 1, 2 (clockwise); ``trick`` the cards on
    the table, led by ``leader``; ``taken`` the tricks already taken by each seat.
    """

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card]]
    declarer: int
    leader: int
    trump: Suit | None
    misere: bool
    trick: tuple[Card, ...] = ()
    taken: tuple[int, int, int] = (0, 0, 0)

    def __post_init__(self) -> None:
        if not 0 <= self.declarer < SEATS or not 0 <= self.leader < SEATS:
            raise PositionError("seats are 0, 1 and 2")
        if len(self.trick) > 2:
            raise PositionError("a trick in progress has at most two cards")
        if self.misere and self.trump is not None:
            raise PositionError("a misère has no trumps")
        seen: set[Card] = set(self.trick)
        for hand in self.hands:
            if seen & hand:
                twice = sorted_cards(list(seen & hand))
                verb = "appears" if len(twice) == 1 else "appear"
                raise PositionError(f"{cards_text(twice)} {verb} twice")
            seen |= hand
            mask(hand)
        mask(self.trick)
        sizes = [
            len(hand) + (1 if self.played(seat) else 0) for seat, hand in enumerate(self.hands)
        ]
        if len(set(sizes)) != 1:
            raise PositionError("the hands do not hold the same number of cards")

    @classmethod
    def start(
        cls,
        hands: Sequence[Sequence[Card]],
        declarer: int,
        leader: int,
        contract: Contract,
    ) -> Position:
        """The position before the first card of ``hands`` (seats 0, 1, 2) is played."""
        if len(hands) != SEATS:
            raise PositionError("the solver needs three hands")
        held = (frozenset(hands[0]), frozenset(hands[1]), frozenset(hands[2]))
        return cls(held, declarer, leader, contract.trump, contract.is_misere)

    def played(self, seat: int) -> bool:
        """Whether ``seat`` has already played to the trick in progress."""
        return any((self.leader + offset) % SEATS == seat for offset in range(len(self.trick)))

    @property
    def to_move(self) -> int:
        """The seat whose card is due."""
        return (self.leader + len(self.trick)) % SEATS

    @property
    def led(self) -> Suit | None:
        """The suit led to the trick in progress, if a card is on the table."""
        return self.trick[0].suit if self.trick else None

    def legal(self) -> list[Card]:
        """The cards the seat to move may play (rules 31–32: follow suit, else trump, else any)."""
        hand = sorted_cards(self.hands[self.to_move])
        return following(hand, self.led, self.trump)

    def play(self, card: Card) -> Position:
        """The position after the seat to move plays ``card`` (refused when it revokes)."""
        seat = self.to_move
        if card not in self.hands[seat]:
            raise PositionError(f"seat {seat} does not hold {card}")
        if card not in self.legal():
            raise PositionError(f"{card} does not follow: follow suit, else trump (rules 31–32)")
        hands = list(self.hands)
        hands[seat] = hands[seat] - {card}
        held = (hands[0], hands[1], hands[2])
        trick = (*self.trick, card)
        if len(trick) < SEATS:
            return Position(
                held, self.declarer, self.leader, self.trump, self.misere, trick, self.taken
            )
        winner = (self.leader + winner_index(trick, self.trump)) % SEATS
        taken = list(self.taken)
        taken[winner] += 1
        return Position(
            held, self.declarer, winner, self.trump, self.misere, (), (taken[0], taken[1], taken[2])
        )

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        return len(self.hands[self.to_move])


@dataclass(frozen=True)
class Solution:
    """The declarer's tricks for the whole deal under best play from a position.

    And the same after each legal card of the seat to move (tricks already taken included).
    """

    declarer_tricks: int
    cards: Mapping[Card, int]


class _Engine:
    """The compiled kernels and a transposition table shared by every search of a process."""

    def __init__(self) -> None:
        import numpy as np  # noqa: PLC0415

        from cardtable.preferans import _kernels  # noqa: PLC0415

        self.np = np
        self.kernels = _kernels
        self.table = _kernels.new_table()
        self.stack = _kernels.new_stack()
        self.generation = 0
        self.nodes = np.zeros(1, dtype=np.int64)

    def arguments(self, position: Position) -> tuple[Any, ...]:
        self.generation += 1
        hands = self.np.array([mask(hand) for hand in position.hands], dtype=self.np.int64)
        cards = [card_bit(card) for card in position.trick] + [-1, -1]
        trump = -1 if position.trump is None else int(position.trump)
        return (
            hands,
            position.leader,
            len(position.trick),
            cards[0],
            cards[1],
            trump,
            position.declarer,
            not position.misere,
            self.table,
            self.generation,
            self.nodes,
            *self.stack,
        )


_engine: _Engine | None = None


def _get_engine() -> _Engine:
    global _engine  # noqa: PLW0603 - one lazily built table per process
    if _engine is None:
        _engine = _Engine()
    return _engine


def nodes_searched() -> int:
    """Positions searched by this process so far (a machine-independent measure of effort)."""
    return 0 if _engine is None else int(_engine.nodes[0])


def solve(position: Position) -> int:
    """The declarer's tricks from ``position`` on under best play (the trick on the table counts.

    Tricks already taken do not).
    """
    engine = _get_engine()
    return int(engine.kernels.solve_position(*engine.arguments(position)))


def card_values(position: Position) -> dict[Card, int]:
    """For each legal card of the seat to move, the declarer's tricks from here on after it."""
    engine = _get_engine()
    out = engine.np.empty(32, dtype=engine.np.int64)
    engine.kernels.card_values(*engine.arguments(position), out)
    return {bit_card(bit): int(out[bit]) for bit in range(32) if out[bit] >= 0}


def analyse(position: Position) -> Solution:
    """The whole-deal answer: the declarer's tricks and the value of every legal card."""
    already = position.taken[position.declarer]
    if not position.tricks_left:
        return Solution(already, {})
    values = card_values(position)
    maximising = (position.to_move == position.declarer) != position.misere
    best = max(values.values()) if maximising else min(values.values())
    return Solution(
        already + best, {card: already + value for card, value in sorted_values(values)}
    )


def sorted_values(values: Mapping[Card, int]) -> list[tuple[Card, int]]:
    """``values`` in the order players sort a hand (♠ ♣ ♦ ♥, low to high)."""
    return [(card, values[card]) for card in sorted_cards(list(values))]


def replay(
    hands: Sequence[Sequence[Card]],
    declarer: int,
    leader: int,
    contract: Contract,
    played: Sequence[Card],
) -> Position:
    """The position after ``played`` (in play order from ``leader``'s lead) from full hands."""
    position = Position.start(hands, declarer, leader, contract)
    for card in played:
        position = position.play(card)
    return position


def position_of_deal(
    deal: PreferansDeal, player: int | None = None
) -> tuple[Position, tuple[int, int, int]]:
    """The position of an engine deal in its play, and the engine seat of solver seats 0–2.

    ``deal`` is a :class:`cardtable.preferans.deal.PreferansDeal` in the play of a contract (a
    game or a misère), or of an all-pass seen paranoid for the engine seat ``player``: he is
    the "declarer" of a no-trump misère, the other two against him.
    """
    from cardtable.preferans.deal import PreferansDeal  # noqa: PLC0415

    assert isinstance(deal, PreferansDeal)
    if deal.phase != "play":
        raise PositionError("only the play of a deal can be solved")
    if deal.talon_lead is not None:
        raise PositionError("a trick led by the talon is nobody's lead")
    if deal.contract is not None and deal.declarer is not None:
        declarer, trump, misere = deal.declarer, deal.contract.trump, deal.contract.is_misere
    elif player is not None and player in deal.active:
        declarer, trump, misere = player, None, True
    else:
        raise PositionError("an all-pass is solved for one player, against the other two")
    seats = deal.active
    index = {seat: place for place, seat in enumerate(seats)}
    hands = tuple(frozenset(deal.hands[seat]) for seat in seats)
    trick = tuple(card for _, card in deal.trick)
    leader = index[deal.trick[0][0]] if deal.trick else index[deal.leader]
    taken = tuple(deal.tricks[seat] for seat in seats)
    position = Position(
        (hands[0], hands[1], hands[2]),
        index[declarer],
        leader,
        trump,
        misere,
        trick,
        (taken[0], taken[1], taken[2]),
    )
    return position, (seats[0], seats[1], seats[2])


def paranoid(
    hands: Sequence[Sequence[Card]], leader: int, played: Sequence[Card] = ()
) -> tuple[int, int, int]:
    """All-pass, paranoid: each seat's fewest tricks if the other two play against him.

    An all-pass has no sides (rule 29: each plays for himself); the answer for seat ``s`` is
    the misère value with ``s`` as declarer, no trumps. The three answers need not add up to
    the tricks left: each assumes a different coalition.
    """
    misere = Contract(0, None)
    answers = []
    for seat in range(SEATS):
        position = replay(hands, seat, leader, misere, played)
        answers.append(position.taken[seat] + solve(position))
    return answers[0], answers[1], answers[2]
