"""A rule-based preferans bot that counts tricks, whists by the obligations and plays soundly.

It bids what its likely tricks allow, whists when it can carry its share of rule 26's
obligation, wins tricks cheaply, and ducks on misère and all-pass.

It sees only its seat's :class:`~cardtable.preferans.deal.PreferansView` and the legal actions.
Registered as the game's ``default`` bot and as ``rules``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from cardtable.bots import register_bot
from cardtable.cards import Card, Rank, Suit
from cardtable.preferans.actions import Action, Bid, Discard, Play, Say, WithoutTalon
from cardtable.preferans.bidding import bid_level
from cardtable.preferans.contracts import Strain, parse_contract
from cardtable.preferans.deal import PreferansView
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.tricks import winner_index

OBLIGATION_SHARE = {6: 2.0, 7: 1.0, 8: 1.0, 9: 1.0, 10: 1.0}
"""Tricks one whister should expect to take for his share of rule 26's obligation."""


def suit_tricks(ranks: list[int], trump: bool) -> float:
    """Likely tricks of one suit from its ranks (14 = ace), longest suits counting their length."""
    ranks = sorted(ranks, reverse=True)
    length = len(ranks)
    tricks = 0.0
    for position, rank in enumerate(ranks[:3]):
        needed = Rank.ACE - position
        if rank >= needed:
            tricks += 1.0
        elif rank == needed - 1 and length > position + 1:
            tricks += 0.5
    if trump and length >= 4:
        tricks += length - 3
    elif not trump and length >= 5 and tricks >= 2:
        tricks += length - 4
    return min(tricks, float(length))


def hand_tricks(hand: Sequence[Card], strain: Strain) -> float:
    """Likely tricks of ``hand`` played in ``strain``."""
    total = 0.0
    for suit in Suit:
        ranks = [int(card.rank) for card in hand if card.suit == suit]
        if ranks:
            total += suit_tricks(ranks, strain.suit == suit)
    return total


def best_strain(hand: Sequence[Card]) -> tuple[Strain, float]:
    """The strain in which ``hand`` should take most tricks, and how many."""
    scored = [(hand_tricks(hand, strain), strain) for strain in Strain]
    tricks, strain = max(scored, key=lambda pair: (pair[0], -pair[1]))
    return strain, tricks


def misere_danger(hand: Sequence[Card]) -> int:
    """Cards that could be forced to take a trick on a misère (0 means a clean misère)."""
    danger = 0
    for suit in Suit:
        ranks = sorted(int(card.rank) for card in hand if card.suit == suit)
        for position, rank in enumerate(ranks):
            if rank > Rank.SEVEN + 2 * position:
                danger += len(ranks) - position
                break
    return danger


class PreferansBot:
    """The rule-based player; its habits need nothing from the rules but the legal actions."""

    def choose(self, view: PreferansView, legal: Sequence[Action], rng: random.Random) -> Action:
        """An action among ``legal`` for the seat whose view this is."""
        actions: list[Action] = list(legal)
        if view.phase == "auction":
            return self._bid(view, actions)
        if view.phase == "discard":
            return self._discard(view, actions)
        if view.phase == "contract":
            return self._name(view, actions)
        if view.phase == "whist":
            return self._whist(view, actions)
        if view.phase == "lone":
            return Say.CLAIM if Say.CLAIM in actions else actions[0]
        if view.phase == "answer":
            return Say.AGREE
        return self._play(view, actions)

    # ---------------------------------------------------------------- auction
    def _bid(self, view: PreferansView, legal: list[Action]) -> Action:
        hand = view.hand
        bids = [action for action in legal if isinstance(action, Bid | WithoutTalon)]
        misere = next((b for b in bids if isinstance(b, Bid) and b.contract.is_misere), None)
        if misere is not None and misere_danger(hand) <= 1:
            return misere
        _, tricks = best_strain(hand)
        target = max(6, min(10, int(tricks + 1.0))) if tricks >= 4.0 else 0
        if target < 6:
            return Say.PASS
        if Say.HOLD in legal:
            return Say.HOLD
        for bid in bids:
            if isinstance(bid, Bid) and not bid.contract.is_misere and bid_level(bid) <= target:
                return bid
        return Say.PASS

    # ---------------------------------------------------------------- talon and contract
    def _discard(self, view: PreferansView, legal: list[Action]) -> Action:
        hand = view.hand
        if view.high_bid == "misère":
            worst = sorted(hand, key=lambda card: (-_misere_weight(hand, card), card.rank))
            return Discard(frozenset(worst[:2]))
        ranks = {suit: [int(c.rank) for c in hand if c.suit == suit] for suit in Suit}

        def worth(suit: Suit, strain: Strain, without: tuple[int, ...]) -> float:
            kept = [rank for rank in ranks[suit] if rank not in without]
            return suit_tricks(kept, strain.suit == suit) if kept else 0.0

        base = {(suit, strain): worth(suit, strain, ()) for suit in Suit for strain in Strain}
        totals = {strain: sum(base[suit, strain] for suit in Suit) for strain in Strain}
        best: tuple[float, Action] | None = None
        for first, second in combinations(hand, 2):
            assert first.suit is not None
            assert second.suit is not None
            for strain in Strain:
                tricks = totals[strain]
                for suit in {first.suit, second.suit}:
                    gone = tuple(int(c.rank) for c in (first, second) if c.suit == suit)
                    tricks += worth(suit, strain, gone) - base[suit, strain]
                if best is None or tricks > best[0]:
                    best = (tricks, Discard(frozenset((first, second))))
        assert best is not None
        return best[1] if best[1] in legal else legal[0]

    def _name(self, view: PreferansView, legal: list[Action]) -> Action:
        hand = view.hand
        bids = [action for action in legal if isinstance(action, Bid)]
        fitting = [
            bid
            for bid in bids
            if bid.contract.strain is not None
            and hand_tricks(hand, bid.contract.strain) >= bid.contract.level
        ]
        if fitting:
            return fitting[0]
        return max(
            bids[:5],
            key=lambda bid: hand_tricks(hand, bid.contract.strain or Strain.NO_TRUMP),
        )

    # ---------------------------------------------------------------- whist
    def _whist(self, view: PreferansView, legal: list[Action]) -> Action:
        assert view.contract is not None
        contract = parse_contract(view.contract)
        strain = contract.strain or Strain.NO_TRUMP
        mine = _defence_tricks(view.hand, strain)
        share = OBLIGATION_SHARE[contract.level]
        partner_whisted = any(word == "whist" for _, word in view.whist)
        if mine >= share or (partner_whisted and mine >= share - 0.5):
            return Say.WHIST
        if Say.HALF_WHIST in legal and mine >= 1.0:
            return Say.HALF_WHIST
        return Say.PASS

    # ---------------------------------------------------------------- play
    def _play(self, view: PreferansView, legal: list[Action]) -> Action:
        cards = [action.card for action in legal if isinstance(action, Play)]
        seat = view.playing_for if view.playing_for is not None else view.seat
        following = _legal_following(view, seat, cards)
        trump = None
        if view.contract is not None and view.contract != "misère":
            trump = parse_contract(view.contract).trump
        trick = [card for _, card in view.trick]
        led = view.talon_lead.suit if view.talon_lead is not None else None
        if view.contract is None:
            return Play(_duck(following, trick, None, led))
        if view.contract == "misère":
            if seat == view.declarer:
                return Play(_duck(following, trick, None, led))
            return Play(_catch(view, following))
        partners = seat != view.declarer
        if not trick:
            return Play(_lead(following, trump, declarer=not partners))
        best = winner_index(trick, trump)
        winner_seat = view.trick[best][0]
        partner_winning = partners and winner_seat != view.declarer
        last = len(trick) == 2
        if partner_winning and (last or winner_seat == view.declarer):
            return Play(min(following, key=_low))
        winning = [c for c in following if winner_index([*trick, c], trump) == len(trick)]
        if winning and not (partner_winning and last):
            return Play(min(winning, key=_low))
        return Play(min(following, key=_low))


def _legal_following(view: PreferansView, seat: int, cards: list[Card]) -> list[Card]:
    """The legal cards that do not revoke (a sensible player never revokes on purpose)."""
    led = view.talon_lead.suit if view.talon_lead is not None else None
    if led is None and view.trick:
        led = view.trick[0][1].suit
    if led is None:
        return cards
    same = [card for card in cards if card.suit == led]
    if same:
        return same
    trump = None
    if view.contract is not None and view.contract != "misère":
        trump = parse_contract(view.contract).trump
    trumps = [card for card in cards if trump is not None and card.suit == trump]
    return trumps or cards


def _low(card: Card) -> tuple[int, int]:
    return int(card.rank), int(card.suit or 0)


def _lead(cards: list[Card], trump: Suit | None, *, declarer: bool) -> Card:
    aces = [card for card in cards if card.rank is Rank.ACE]
    if declarer:
        trumps = [card for card in cards if card.suit == trump]
        if trumps:
            return max(trumps, key=_low)
        if aces:
            return aces[0]
        return max(cards, key=_low)
    side_aces = [card for card in aces if card.suit != trump]
    if side_aces:
        return side_aces[0]
    return min(cards, key=_low)


def _duck(cards: list[Card], trick: list[Card], trump: Suit | None, led: Suit | None) -> Card:
    """The highest card that does not take the trick, else the highest card (shed danger)."""
    if not trick and led is None:
        return min(cards, key=_low)
    ducking = [
        card
        for card in cards
        if winner_index([*trick, card], trump, led) != len(trick)
        or (led is not None and card.suit != led and all(c.suit != led for c in trick))
    ]
    return max(ducking or cards, key=_low)


def _catch(view: PreferansView, cards: list[Card]) -> Card:
    """A misère catcher leads low and keeps the declarer winning when he can."""
    if not view.trick:
        return min(cards, key=_low)
    declarer_played = any(seat == view.declarer for seat, _ in view.trick)
    trick = [card for _, card in view.trick]
    if declarer_played:
        under = [c for c in cards if winner_index([*trick, c], None) != len(trick)]
        return max(under or cards, key=_low)
    return min(cards, key=_low)


def _misere_weight(hand: Sequence[Card], card: Card) -> int:
    same = sorted(int(c.rank) for c in hand if c.suit == card.suit)
    position = same.index(int(card.rank))
    return int(card.rank) - (Rank.SEVEN + 2 * position)


def _defence_tricks(hand: Sequence[Card], strain: Strain) -> float:
    """Tricks a defender can count: aces and guarded kings, trumps in length."""
    tricks = 0.0
    for suit in Suit:
        ranks = sorted((int(card.rank) for card in hand if card.suit == suit), reverse=True)
        if not ranks:
            continue
        if suit == strain.suit:
            tricks += max(0, len(ranks) - 2) * 0.5 + (1 if ranks[0] >= Rank.KING else 0)
            continue
        if ranks[0] == Rank.ACE:
            tricks += 1
        if Rank.KING in ranks and len(ranks) >= 2:
            tricks += 1 if ranks[0] == Rank.ACE else 0.5
    return tricks


def make_preferans_bot(rules: PreferansRules) -> PreferansBot:
    """The bot for a table playing ``rules`` (every preset plays with the same habits)."""
    return PreferansBot()


register_bot("preferans", "default", make_preferans_bot)
register_bot("preferans", "rules", make_preferans_bot)
register_bot("preferans", "sampling", "cardtable.bots.preferans_sampling:make_sampling_bot")
