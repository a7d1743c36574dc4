"""An exact reference for the declarer's tricks of a whole deal, independent of the solver.

Pure Python. It shares nothing with :mod:`cardtable.preferans.solver` or its kernels beyond
the card types: its own card numbering, its own trick rules (rules 30–32 of
001_776ed664a35a376f.txt: the play goes to the left; follow suit, else trump, else any card;
the highest trump takes the trick, else the highest card of the suit led) and its own search.

The search asks yes/no questions, "can the declarer be held to fewer than ``t`` tricks?",
by plain minimax with early exit (a side stops as soon as one card answers the question its
way) and remembers, for each position at the start of a trick, the bounds it has proved. One
exact reduction keeps full deals within reach: of two cards of one suit in one hand with no
card of that suit between them still in play (in a hand or on the table), only one is tried,
since swapping them changes nothing in the rest of the deal.

>>> hands = ("A♠ K♠", "Q♠ J♠", "10♠ 9♠")
>>> declarer_tricks(hands, declarer=0, leader=0, trump=None, misere=False)
2
>>> declarer_tricks(hands, declarer=2, leader=0, trump=None, misere=True)
0
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card, Rank, Suit, parse_cards

RANKS = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
"""Preferans ranks, low to high (rule 2)."""


def number(card: Card) -> int:
    """The reference's own card number: ``8 * suit + rank`` with ``Suit`` values, 7 as 0."""
    assert card.suit is not None
    return 8 * int(card.suit) + RANKS.index(card.rank)


def suit_of(card: int) -> int:
    """The suit number of a card number."""
    return card >> 3


SUIT_MASK = tuple(0xFF << (8 * suit) for suit in range(4))


def cards_of(hand: int) -> list[int]:
    """The card numbers in a bitmask, low to high."""
    out = []
    while hand:
        low = hand & -hand
        out.append(low.bit_length() - 1)
        hand ^= low
    return out


def legal(hand: int, led: int, trump: int) -> int:
    """The cards of ``hand`` that may be played when ``led`` (-1: nothing yet) was led."""
    if led < 0:
        return hand
    same = hand & SUIT_MASK[led]
    if same:
        return same
    if trump >= 0:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            return trumps
    return hand


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """The position in ``trick`` (three card numbers, led first) of the card that takes it."""
    best = 0
    for place in (1, 2):
        card, top = trick[place], trick[best]
        if suit_of(card) == suit_of(top):
            if card > top:
                best = place
        elif suit_of(card) == trump:
            best = place
    return best


def distinct(options: int, live: int) -> list[int]:
    """One card of each run in ``options``: cards of a suit with no live card between them."""
    chosen = []
    previous = -1
    for card in cards_of(options):
        between = live & ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
        if previous < 0 or suit_of(previous) != suit_of(card) or between:
            chosen.append(card)
        previous = card
    return chosen


class Reference:
    """One deal's search: the hands, the strain, who declares, and the proved bounds."""

    def __init__(self, declarer: int, trump: int, misere: bool) -> None:
        """A search for ``declarer`` (0–2) with ``trump`` (a suit number or -1)."""
        self.declarer = declarer
        self.trump = trump
        self.misere = misere
        self.bounds: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0

    def reaches(self, hands: tuple[int, int, int], leader: int, target: int) -> bool:
        """Whether the declarer takes at least ``target`` more tricks, from a trick's start.

        In a game the declarer tries to reach it and the defenders to stop him; in a misère
        the sides swap.
        """
        left = hands[0].bit_count()
        if target <= 0:
            return True
        if target > left:
            return False
        key = (hands[0], hands[1], hands[2], leader)
        low, high = self.bounds.get(key, (0, left))
        if target <= low:
            return True
        if target > high:
            return False
        answer = self._play(hands, leader, (), target)
        if answer:
            low = target
        else:
            high = target - 1
        self.bounds[key] = (low, high)
        return answer

    def _play(
        self, hands: tuple[int, int, int], leader: int, trick: tuple[int, ...], target: int
    ) -> bool:
        self.nodes += 1
        mover = (leader + len(trick)) % 3
        wants = (mover == self.declarer) != self.misere
        led = suit_of(trick[0]) if trick else -1
        live = hands[0] | hands[1] | hands[2]
        for card in trick:
            live |= 1 << card
        options = distinct(legal(hands[mover], led, self.trump), live)
        for card in reversed(options):
            after = list(hands)
            after[mover] &= ~(1 << card)
            held = (after[0], after[1], after[2])
            played = (*trick, card)
            if len(played) < 3:
                result = self._play(held, leader, played, target)
            else:
                winner = (leader + trick_winner(played, self.trump)) % 3
                won = int(winner == self.declarer)
                result = self.reaches(held, winner, target - won)
            if result == wants:
                return result
        return not wants


def declarer_tricks(
    hands: Sequence[str | Sequence[Card]],
    declarer: int,
    leader: int,
    trump: Suit | None,
    misere: bool,
) -> int:
    """The declarer's tricks under best play by all from the first lead of ``hands``.

    ``hands`` are seats 0, 1, 2 clockwise (text such as ``"♠7 8 9"`` or cards); the two
    defenders cooperate; in a misère the declarer takes as few as he can.
    """
    masks = []
    for hand in hands:
        cards = parse_cards(hand) if isinstance(hand, str) else hand
        total = 0
        for card in cards:
            total |= 1 << number(card)
        masks.append(total)
    held = (masks[0], masks[1], masks[2])
    search = Reference(declarer, -1 if trump is None else int(trump), misere)
    low, high = 0, held[0].bit_count()
    while low < high:
        middle = (low + high + 1) // 2
        if search.reaches(held, leader, middle):
            low = middle
        else:
            high = middle - 1
    return low
