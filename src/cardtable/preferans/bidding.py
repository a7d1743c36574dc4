"""The auction for the talon (rules 16–20, 23) and the ladder of bids it climbs (rule 17).

The seed's ladder runs 6♠ 6♣ 6♦ 6♥ 6NT … 9NT, 9 without talon, 10♠ … 10NT, 10 without
talon, misère. The modern game moves misère between 8NT and 9♠ (``misere_rank``).

>>> from cardtable.preferans.rules import PreferansRules
>>> [bid_text(b) for b in bid_ladder(PreferansRules())][-4:]
['10♥', '10NT', '10 without talon', 'misère']
>>> modern = PreferansRules(misere_rank="after-8nt")
>>> [bid_text(b) for b in bid_ladder(modern)][14:17]
['8NT', 'misère', '9♠']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from cardtable.preferans.actions import Bid, Say, WithoutTalon, action_text
from cardtable.preferans.contracts import MISERE, Contract, ladder
from cardtable.preferans.rules import PreferansRules

AuctionBid = Bid | WithoutTalon
"""A bid that can win the talon: a contract on the ladder or a game without the talon."""

BidKey = tuple[int, int]


def bid_key(bid: AuctionBid, rules: PreferansRules) -> BidKey:
    """The bid's place on the ladder: (level, step) where NT is step 4 and without talon 5."""
    if isinstance(bid, WithoutTalon):
        return bid.level, 5
    if bid.contract.is_misere:
        return (11, 0) if rules.misere_rank == "top" else (8, 6)
    assert bid.contract.strain is not None
    return bid.contract.level, int(bid.contract.strain)


@cache
def bid_ladder(rules: PreferansRules) -> tuple[AuctionBid, ...]:
    """Every bid the rules allow, from the lowest up."""
    bids: list[AuctionBid] = [Bid(contract) for contract in ladder()]
    bids += [WithoutTalon(level) for level in sorted(set(rules.without_talon_levels))]
    bids.append(Bid(MISERE))
    return tuple(sorted(bids, key=lambda bid: bid_key(bid, rules)))


@cache
def keyed_ladder(rules: PreferansRules) -> tuple[tuple[BidKey, AuctionBid], ...]:
    """:func:`bid_ladder` with each bid's :func:`bid_key`."""
    return tuple((bid_key(bid, rules), bid) for bid in bid_ladder(rules))


def bid_text(bid: AuctionBid) -> str:
    """The bid's canonical text."""
    return action_text(bid)


def bid_level(bid: AuctionBid) -> int:
    """The tricks a bid promises (0 for misère)."""
    return bid.level if isinstance(bid, WithoutTalon) else bid.contract.level


def is_misere(bid: Say | AuctionBid | None) -> bool:
    """Whether ``bid`` is a misère."""
    return isinstance(bid, Bid) and bid.contract.is_misere


@dataclass
class Auction:
    """The bidding of one deal among the active seats, first hand first.

    Speaking goes round clockwise among those who have not passed; a pass is final (rule 16).
    The auction ends when all pass (all-pass, rule 29) or when all but the holder of the
    highest bid have passed (rule 20).
    """

    rules: PreferansRules
    order: tuple[int, ...]
    min_level: int = 6
    calls: list[tuple[int, Say | AuctionBid]] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    high: AuctionBid | None = None
    high_seat: int | None = None
    high_by_hold: bool = False
    has_bid: set[int] = field(default_factory=set)
    turn: int | None = None
    ladder: tuple[tuple[BidKey, AuctionBid], ...] = field(init=False, repr=False, compare=False)
    """The bids of the rules with their places, looked up once: the rules are slow to hash."""

    def __post_init__(self) -> None:
        self.turn = self.order[0]
        self.ladder = keyed_ladder(self.rules)

    @property
    def is_over(self) -> bool:
        """Whether the auction has ended."""
        return self.turn is None

    @property
    def winner(self) -> int | None:
        """The seat that won the talon, or ``None`` (all-pass or not over)."""
        return self.high_seat if self.is_over else None

    def may_hold(self, seat: int) -> bool:
        """Whether ``seat`` may hold the standing bid without raising (rule 19; 'здесь')."""
        if self.high is None or self.high_by_hold or is_misere(self.high):
            return False
        if self.rules.misere_first_bid_only and self._bid_misere(seat):
            return False
        if self.rules.hold == "after-pass":
            return bool(self.calls) and self.calls[-1][1] is Say.PASS
        if self.rules.hold == "senior":
            assert self.high_seat is not None
            return self.order.index(seat) < self.order.index(self.high_seat)
        return False

    def _bid_misere(self, seat: int) -> bool:
        return any(s == seat and is_misere(call) for s, call in self.calls)

    def raises(self, seat: int) -> list[AuctionBid]:
        """The bids ``seat`` may make now."""
        if self.rules.misere_first_bid_only and self._bid_misere(seat):
            return []
        floor = None if self.high is None else bid_key(self.high, self.rules)
        allowed: list[AuctionBid] = []
        for key, bid in self.ladder:
            if floor is not None and key <= floor:
                continue
            if is_misere(bid):
                if self.rules.misere_first_bid_only and seat in self.has_bid:
                    continue
            elif bid_level(bid) < self.min_level:
                continue
            allowed.append(bid)
        return allowed

    def legal(self) -> list[Say | AuctionBid]:
        """The calls of the seat to speak."""
        seat = self.turn
        if seat is None:
            return []
        calls: list[Say | AuctionBid] = [Say.PASS]
        if self.may_hold(seat):
            calls.append(Say.HOLD)
        calls.extend(self.raises(seat))
        return calls

    def why_illegal(self, call: object) -> str | None:
        """Why ``call`` may not be made now."""
        seat = self.turn
        if seat is None:
            return "the auction is over"
        if call is Say.PASS:
            return None
        if call is Say.HOLD:
            if self.may_hold(seat):
                return None
            if self.high is None:
                return "there is no bid to hold"
            if self.rules.misere_first_bid_only and self._bid_misere(seat):
                return "the misère bidder may only pass"
            if self.rules.hold == "none":
                return "these rules do not let a bid be held without raising"
            if self.rules.hold == "senior":
                return "only a hand senior to the bidder may hold his bid ('здесь')"
            return "a bid may be held ('mine') only right after a pass, and only once"
        if not isinstance(call, Bid | WithoutTalon):
            return "in the auction say a bid, 'pass' or 'mine'"
        if call in self.raises(seat):
            return None
        if is_misere(call):
            if self.rules.misere_first_bid_only and seat in self.has_bid:
                return "misère may be bid only as a first call"
            return "misère does not beat the standing bid"
        if bid_level(call) < self.min_level:
            return f"after all-pass the lowest bid is {self.min_level}"
        if isinstance(call, WithoutTalon) and call.level not in self.rules.without_talon_levels:
            return f"these rules allow no {call.level} without talon"
        if self.rules.misere_first_bid_only and self._bid_misere(seat):
            return "the misère bidder may only pass"
        assert self.high is not None
        return f"{bid_text(call)} does not beat {bid_text(self.high)}"

    def apply(self, call: Say | AuctionBid) -> None:
        """Record a legal call and pass the turn."""
        seat = self.turn
        assert seat is not None
        self.calls.append((seat, call))
        if call is Say.PASS:
            self.passed.add(seat)
        elif call is Say.HOLD:
            self.high_seat = seat
            self.high_by_hold = True
        else:
            assert isinstance(call, Bid | WithoutTalon)
            self.high, self.high_seat, self.high_by_hold = call, seat, False
            self.has_bid.add(seat)
        live = [s for s in self.order if s not in self.passed]
        if not live or (len(live) == 1 and live[0] == self.high_seat):
            self.turn = None
            return
        position = self.order.index(seat)
        for step in range(1, len(self.order) + 1):
            candidate = self.order[(position + step) % len(self.order)]
            if candidate not in self.passed:
                self.turn = candidate
                return


def allpass_min_level(rules: PreferansRules, series: int) -> int:
    """The lowest bid after ``series`` all-passes in a row ('выход из распасов').

    >>> allpass_min_level(PreferansRules(allpass_exit_levels=(6, 7)), 3)
    7
    """
    if series <= 0 or not rules.allpass_exit_levels:
        return 6
    levels = rules.allpass_exit_levels
    return levels[min(series, len(levels)) - 1]


def contract_choices(bid: AuctionBid) -> list[Contract]:
    """The contracts a declarer who won the talon with ``bid`` may name (rule 21).

    No lower than the bid on the ladder: bought at 7♦ he may play 7♦, 7♥, 7NT, 8♠…, never 7♠.
    Bought without the talon at nine, any strain at nine or ten.
    """
    if isinstance(bid, WithoutTalon):
        return [contract for contract in ladder() if contract.level >= bid.level]
    if bid.contract.is_misere:
        return [MISERE]
    return [contract for contract in ladder() if contract >= bid.contract]
