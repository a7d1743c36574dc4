"""The betting of one deal: antes, blinds, straddles, bring-ins and the betting rounds.

Everything follows 002_053e85955f9a4108.txt, "Круги ставок" and "Принципы, по которым
делаются ставки": one player opens, then each in turn clockwise folds, stays (calls) or
raises; checking is allowed where the rules allow it; the round ends when all checked, when
one player is left, or when the bets are equal and the turn is back at the last raiser (or,
with no raise, at the opener). "Ограничение на повышение ставок" caps raises per player and
per round; "«Замораживание» повышения ставок" is the freeze.

Every action can be checked before it is played: :meth:`Betting.why_illegal` names the
reason in one sentence and :meth:`Betting.act` refuses with it, changing nothing.

>>> from cardtable.poker.actions import Bet, Call, Check
>>> b = Betting(3, [100, 100, 100], Limits(minimum=1, maximum=5), BettingRules(), dealer=0)
>>> b.start_round(0, first=1, last=False)
>>> b.act(1, Bet(5))
'seat 1 bets 5'
>>> b.why_illegal(2, Check())
'there is a bet of 5 to call'
>>> b.act(2, Call()), b.act(0, Call())
('seat 2 calls 5', 'seat 0 calls 5')
>>> b.round_over, b.pot
(True, 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from cardtable.engine.rules import option
from cardtable.errors import IllegalAction
from cardtable.poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Freeze,
    NoStraddle,
    RaiseTo,
    Straddle,
    TableAction,
)
from cardtable.poker.limits import BetContext, Bounds, Limits, LimitSystem, increment_bounds

SEED = "002_053e85955f9a4108.txt"


class AnteKind(StrEnum):
    """Who puts in the ante (предварительная ставка) before the deal."""

    NONE = "none"
    EVERYONE = "everyone"
    """Every player ("Обычно всеми игроками вносится обязательная небольшая ставка")."""
    DEALER = "dealer"
    """The dealer alone ("сдающий делает предварительную ставку", Начало втемную)."""
    DEALER_AND_LEFT = "dealer-and-left"
    """The dealer and his left neighbours (lowball's "сдающий и игрок слева от него")."""
    BIG_BLIND = "big-blind"
    """The last blind antes for the table (the modern big-blind ante; PHH ``antes``)."""


@dataclass(frozen=True)
class BettingRules:
    """What the table agreed about betting before the first deal ("д)" and "е)")."""

    checking: bool = option(
        True,
        "Whether a player may check (пропуск хода) when nothing has been bet.",
        f"{SEED}, О каких правилах следует договориться, д)",
    )
    raises_per_player: int = option(
        3,
        "The most raises one player may make in one betting round; 0 for no cap.",
        f"{SEED}, Ограничение на повышение ставок, а)",
    )
    raises_per_round: int = option(
        0,
        "The most raises all players together may make in one betting round; 0 for no cap.",
        f"{SEED}, Ограничение на повышение ставок, б)",
    )
    freeze_amount: int = option(
        0,
        "The freeze price added to a call (usually two to five times the maximum); 0: no freeze.",
        f"{SEED}, «Замораживание» повышения ставок",
    )
    short_all_in_reopens: bool = option(
        False,
        "Whether an all-in raise smaller than a full raise lets players who already acted "
        "raise again (the seed is silent; the WSOP rules PokerKit follows say no).",
        "PokerKit docs, simulation: Betting; WSOP Tournament Rules",
    )


@dataclass(frozen=True)
class ForcedBets:
    """The antes, blinds, straddles and bring-in of every deal."""

    ante_kind: AnteKind = option(
        AnteKind.EVERYONE,
        "Who antes: none, everyone, dealer, dealer-and-left, or big-blind.",
        f"{SEED}, Предварительная ставка; Начало втемную; Лоуболл 1)",
    )
    ante: int = option(1, "The ante in chips; antes are dead (they do not count to call).", SEED)
    ante_left: int = option(
        1,
        "With dealer-and-left antes, how many left neighbours ante with the dealer.",
        f"{SEED}, Лоуболл 1) (иногда также второй игрок слева)",
    )
    blinds: tuple[int, ...] = option(
        (),
        "Blind bets, live (they count to stay), posted clockwise from blind_start.",
        f"{SEED}, Начало втемную 2)-3)",
    )
    blind_start: int = option(
        1,
        "Seats left of the dealer where the first blind sits (0: the dealer himself).",
        f"{SEED}, Начало втемную (игрок слева от него ставит одну фишку втемную)",
    )
    button_blind_heads_up: bool = option(
        False,
        "Two-handed, the dealer posts the first blind, acts first in the blinds' round and last "
        "after it (the modern rule); otherwise the blinds sit left of the dealer as at a full "
        "table.",
        "PokerKit docs, simulation: Blinds and straddles (heads-up)",
    )
    straddles: int = option(
        0,
        "How many voluntary blind bets, each double the last, may follow the blinds.",
        f"{SEED}, Начало втемную (до трех добровольных ставок втемную)",
    )
    bring_in: int = option(
        0,
        "A forced opening bet by the seat the variant names (stud); 0 for none.",
        "PokerKit docs, simulation: Bring-In",
    )
    blind_option: bool = option(
        False,
        "Whether the last blind may still raise when all have only called him; the seed ends "
        "the round when the turn comes back to the last raiser, a blind's raise included.",
        f"{SEED}, Круги ставок, в); Начало втемную 3)",
    )

    def ante_seats(self, seats: int, dealer: int) -> list[int]:
        """The seats that ante before a deal dealt by ``dealer``."""
        if self.ante_kind is AnteKind.NONE or self.ante <= 0:
            return []
        if self.ante_kind is AnteKind.EVERYONE:
            return [(dealer + 1 + step) % seats for step in range(seats)]
        if self.ante_kind is AnteKind.DEALER:
            return [dealer]
        if self.ante_kind is AnteKind.BIG_BLIND:
            return [(dealer + self._blind_start(seats) + max(len(self.blinds), 1) - 1) % seats]
        return [(dealer + step) % seats for step in range(min(seats, self.ante_left + 1))]

    def blind_seats(self, seats: int, dealer: int) -> list[tuple[int, int]]:
        """Each blind's seat and amount, clockwise from ``blind_start`` seats left of dealer."""
        start = self._blind_start(seats)
        blinds = enumerate(self.blinds)
        return [((dealer + start + step) % seats, amount) for step, amount in blinds]

    def _blind_start(self, seats: int) -> int:
        return 0 if seats == 2 and self.button_blind_heads_up else self.blind_start


@dataclass
class Round:
    """One betting round in progress."""

    index: int
    last: bool
    checking: bool
    checker_may_raise: bool
    bets: list[int] = field(default_factory=list)
    high: int = 0
    to_act: int | None = None
    pending: set[int] = field(default_factory=set)
    may_raise: set[int] = field(default_factory=set)
    acted: set[int] = field(default_factory=set)
    checked: set[int] = field(default_factory=set)
    raises: int = 0
    raises_by: list[int] = field(default_factory=list)
    frozen: bool = False
    last_full: int = 0
    last_put: int = 0
    straddles: int = 0
    straddle_window: bool = False

    @property
    def all_checked(self) -> bool:
        """Whether everyone who acted checked and nothing was bet (the round's end "а)")."""
        return self.high == 0 and bool(self.acted) and not self.pending


class Betting:
    """The chips of one deal: stacks, what each seat has put in, who folded, the rounds.

    ``stacks`` are the chips before each seat. Under table stakes and freeze-out a player
    bets only those and may go all-in; under the other systems he buys on credit from the
    banker and his stack may go below zero. Seats marked out in ``in_deal`` take no part.
    ``dead`` chips (a void deal's pot carried over, and the antes) are in the main pot but
    are no seat's bets.
    """

    def __init__(
        self,
        seats: int,
        stacks: list[int],
        limits: Limits,
        rules: BettingRules,
        *,
        dealer: int,
        in_deal: list[bool] | None = None,
        factor: int = 1,
        jackpot_maximum: int = 0,
        blind_option: bool = False,
        dead: int = 0,
        order: Sequence[int] | None = None,
    ) -> None:
        self.seats = seats
        self.ring = tuple(order) if order is not None else tuple(range(seats))
        """The seats clockwise around the table (by default seat 1 sits left of seat 0)."""
        self.stacks = list(stacks)
        self.limits = limits
        self.rules = rules
        self.dealer = dealer
        self.folded = [not playing for playing in (in_deal or [True] * seats)]
        self.all_in = [False] * seats
        self.contributed = [0] * seats
        self.factor = factor
        self.jackpot_maximum = jackpot_maximum
        self.carried_put = 0
        self.blind_option = blind_option
        self.dead = dead
        self.opened = False
        self.raises_in_deal = 0
        self.last_aggressor: int | None = None
        """The last seat to bet, raise, freeze or post the highest blind in the current round.

        The called player ("игрок, который первым сделал наивысшую ставку").
        """
        self.round: Round | None = None

    # ----------------------------------------------------------------- queries

    @property
    def pot(self) -> int:
        """Every chip put in so far in this deal, with any dead chips carried into it."""
        return sum(self.contributed) + self.dead

    @property
    def in_hand(self) -> list[int]:
        """The seats that have not folded, in seat order."""
        return [seat for seat in range(self.seats) if not self.folded[seat]]

    @property
    def active(self) -> list[int]:
        """The seats still in the hand that can still bet (not all-in)."""
        return [seat for seat in self.in_hand if not self.all_in[seat]]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the current round, or ``None``."""
        return None if self.round is None else self.round.to_act

    @property
    def round_over(self) -> bool:
        """Whether the current round has ended (or none is in progress)."""
        return self.to_act is None

    @property
    def one_left(self) -> bool:
        """Whether all but one player have folded (the round's end "б)")."""
        return len(self.in_hand) == 1

    @property
    def more_betting_possible(self) -> bool:
        """Whether a later round could see any betting (two players who can still bet)."""
        return len(self.active) >= 2 and not self.one_left

    def owed(self, seat: int) -> int:
        """What ``seat`` must put in to stay in the current round."""
        current = self._round()
        return current.high - current.bets[seat]

    def bounds(self, seat: int) -> Bounds:
        """The increments ``seat`` may bet or raise by now, before his chips are counted."""
        current = self._round()
        opened = self.opened
        previous = current.last_put
        if not self.limits.previous_bet_resets:
            previous = max(previous, self.carried_put)
        elif self.limits.system is LimitSystem.PREVIOUS_BET and not any(current.bets):
            opened = False
        context = BetContext(
            round_index=current.index,
            last_round=current.last,
            opened=opened,
            pot_after_call=self.pot + self.owed(seat),
            previous_put=previous,
            factor=self.factor,
            jackpot_maximum=self.jackpot_maximum,
        )
        bounds = increment_bounds(self.limits, context)
        if self.limits.raise_at_least_last and current.high > 0:
            return Bounds(max(bounds.minimum, current.last_full), bounds.maximum, bounds.listed)
        return bounds

    # ----------------------------------------------------------------- forced bets

    def post_ante(self, seat: int, amount: int) -> int:
        """Put a dead ante of ``amount`` from ``seat`` (less if his table stake is short).

        Antes go to the dead chips of the main pot, not to the seat's bets: they do not count
        to stay, and unequal antes (the dealer's, a jackpot's) must not make side pots.
        """
        paid = self._pay_capped(seat, amount)
        self.contributed[seat] -= paid
        self.dead += paid
        return paid

    def start_round(
        self,
        index: int,
        first: int,
        *,
        last: bool,
        checking: bool | None = None,
        checker_may_raise: bool = True,
        straddles: int = 0,
    ) -> None:
        """Begin betting round ``index`` with ``first`` to act (or the next able seat).

        ``checking`` overrides the table's rule for this round (some variants forbid it);
        ``checker_may_raise`` is false in lowball's second round; ``straddles`` opens the
        window for voluntary blind bets once the blinds are posted.
        """
        allowed = self.rules.checking if checking is None else checking and self.rules.checking
        current = Round(
            index=index,
            last=last,
            checking=allowed,
            checker_may_raise=checker_may_raise,
            bets=[0] * self.seats,
            raises_by=[0] * self.seats,
        )
        self.round = current
        self.last_aggressor = None
        if self.limits.previous_bet_resets:
            self.carried_put = 0
        current.pending = set(self.active)
        current.may_raise = set(self.active)
        current.straddles = straddles
        current.straddle_window = straddles > 0
        current.to_act = self._next_from(first)
        self._settle()

    def post_blind(self, seat: int, amount: int) -> int:
        """Post a live blind (or bring-in) of ``amount`` for ``seat`` in the current round."""
        current = self._round()
        paid = self._pay_capped(seat, amount)
        current.bets[seat] += paid
        previous_high = current.high
        current.high = max(current.high, current.bets[seat])
        current.last_full = max(current.last_full, current.high - previous_high, paid)
        current.last_put = paid
        if current.high > previous_high:
            # A blind above the others is a bet: whoever calls it has called him.
            self.last_aggressor = seat
        self.opened = True
        self._blind_posted(seat)
        return paid

    def _blind_posted(self, seat: int) -> None:
        """After a blind: whoever now owes must act; the poster keeps the option if agreed."""
        current = self._round()
        for other in self.active:
            if self.owed(other) > 0:
                current.pending.add(other)
        if not self.blind_option and self.owed(seat) == 0:
            current.pending.discard(seat)
        self._settle()

    # ----------------------------------------------------------------- actions

    def why_illegal(self, seat: int, action: TableAction) -> str | None:
        """Why ``seat`` may not play ``action`` now, in one sentence, or ``None``."""
        current = self.round
        if current is None or current.to_act is None:
            return "no betting round is in progress"
        if seat != current.to_act:
            return f"it is seat {current.to_act}'s turn, not seat {seat}'s"
        if current.straddle_window:
            if isinstance(action, Straddle | NoStraddle):
                return self._why_not_straddle(seat) if isinstance(action, Straddle) else None
            return "first say whether you straddle: straddle or no straddle"
        match action:
            case Fold():
                return None
            case Check():
                return self._why_not_check(seat)
            case Call():
                return None if self.owed(seat) > 0 else "there is nothing to call; check or bet"
            case Bet(amount):
                return self._why_not_bet(seat, amount)
            case RaiseTo(total):
                return self._why_not_raise(seat, total)
            case AllIn():
                return self._why_not_all_in(seat)
            case Freeze():
                return self._why_not_freeze(seat)
            case Straddle() | NoStraddle():
                return "straddles are only taken right after the blinds"
        return f"{type(action).__name__.lower()} is not a betting action"

    def verify(self, seat: int, action: TableAction) -> None:
        """Raise :class:`IllegalAction` with the reason unless ``seat`` may play ``action``."""
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)

    def legal_actions(self) -> list[TableAction]:
        """The legal actions of the seat to act: amounts by the ends of their range."""
        seat = self.to_act
        if seat is None:
            return []
        current = self._round()
        candidates: list[TableAction]
        if current.straddle_window:
            candidates = [Straddle(), NoStraddle()]
        else:
            candidates = [Fold(), Check(), Call(), AllIn(), Freeze()]
            bounds = self.bounds(seat)
            for increment in bounds.landmarks():
                if current.high == 0:
                    candidates.append(Bet(increment))
                else:
                    candidates.append(RaiseTo(current.high + increment))
        legal: list[TableAction] = []
        for action in candidates:
            if action not in legal and self.why_illegal(seat, action) is None:
                legal.append(action)
        return legal

    def act(self, seat: int, action: TableAction) -> str:
        """Play ``action`` for ``seat``; refuse an illegal one with its reason, changing nothing.

        Returns the sentence that tells the table what happened.
        """
        self.verify(seat, action)
        current = self._round()
        current.acted.add(seat)
        match action:
            case Fold():
                self.folded[seat] = True
                current.pending.discard(seat)
                text = f"seat {seat} folds"
            case Check():
                current.pending.discard(seat)
                current.checked.add(seat)
                text = f"seat {seat} checks"
            case Call():
                paid = self._put(seat, self.owed(seat))
                current.pending.discard(seat)
                text = f"seat {seat} calls {paid}" + (" all-in" if self.all_in[seat] else "")
            case Bet(amount):
                self._raise_to(seat, amount)
                text = f"seat {seat} bets {amount}"
            case RaiseTo(total):
                self._raise_to(seat, total)
                text = f"seat {seat} raises to {total}"
            case AllIn():
                total = current.bets[seat] + self.stacks[seat]
                if total <= current.high:
                    self._put(seat, self.stacks[seat])
                    current.pending.discard(seat)
                else:
                    self._raise_to(seat, total)
                text = f"seat {seat} goes all-in for {current.bets[seat]}"
            case Freeze():
                text = self._freeze(seat)
            case Straddle():
                text = self._straddle(seat)
            case NoStraddle():
                current.straddle_window = False
                current.acted.discard(seat)
                return f"seat {seat} does not straddle"
            case _:
                raise IllegalAction(f"{action!r} is not a betting action")
        self._advance(seat)
        return text

    def _freeze(self, seat: int) -> str:
        current = self._round()
        self._put(seat, self.owed(seat) + self.rules.freeze_amount)
        current.high = current.bets[seat]
        current.frozen = True
        self.raises_in_deal += 1
        self.last_aggressor = seat
        self._reopen(seat, full=True)
        current.may_raise.clear()
        return f"seat {seat} freezes the raising at {current.high}"

    def _straddle(self, seat: int) -> str:
        current = self._round()
        amount = 2 * current.high
        self._put(seat, amount)
        current.high = current.bets[seat]
        current.last_full = max(current.last_full, amount)
        current.straddles -= 1
        current.straddle_window = current.straddles > 0
        current.acted.discard(seat)
        self._blind_posted(seat)
        return f"seat {seat} straddles {amount} blind"

    # ----------------------------------------------------------------- refusals

    def _why_not_check(self, seat: int) -> str | None:
        current = self._round()
        if self.owed(seat) > 0:
            return f"there is a bet of {current.high} to call"
        if current.high == 0 and not current.checking:
            return "checking is not allowed in this round: bet or fold"
        return None

    def _why_not_straddle(self, seat: int) -> str | None:
        amount = 2 * self._round().high
        if self.limits.chips_limit_bets and amount > self.stacks[seat]:
            return f"a straddle of {amount} needs more than your {self.stacks[seat]} chips"
        return None

    def _why_not_bet(self, seat: int, amount: int) -> str | None:
        current = self._round()
        if current.high > 0:
            return f"there is already a bet of {current.high}; call, raise or fold"
        return self._why_not_increment(seat, amount, amount)

    def _why_not_raise(self, seat: int, total: int) -> str | None:
        current = self._round()
        if current.high == 0:
            return "nothing has been bet yet: bet instead of raising"
        if total <= current.high:
            return f"a raise must go above the bet of {current.high}"
        reason = self._why_no_raising(seat)
        if reason is not None:
            return reason
        return self._why_not_increment(seat, total - current.high, total - current.bets[seat])

    def _why_no_raising(self, seat: int) -> str | None:
        current = self._round()
        if current.frozen:
            return "the raising is frozen for this round: call or fold"
        if not current.checker_may_raise and seat in current.checked:
            return "a player who checked may not raise in this round"
        if seat not in current.may_raise:
            return "a short all-in did not reopen the raising to a player who has acted"
        cap = self.rules.raises_per_player
        if cap and current.raises_by[seat] >= cap:
            return f"you have made the {cap} raises one player may make in a round"
        cap = self.rules.raises_per_round
        if cap and current.raises >= cap:
            return f"this round has had the {cap} raises allowed"
        return None

    def _why_not_increment(self, seat: int, increment: int, cost: int) -> str | None:
        all_in = self.limits.chips_limit_bets and cost == self.stacks[seat]
        if self.limits.chips_limit_bets and cost > self.stacks[seat]:
            return f"that needs {cost} chips and you have {self.stacks[seat]}"
        reason = self.bounds(seat).why_illegal(increment, short_all_in=all_in)
        if reason is not None:
            return f"a bet or raise of {reason}"
        return None

    def _why_not_all_in(self, seat: int) -> str | None:
        current = self._round()
        if not self.limits.chips_limit_bets:
            return "chips do not limit bets under these limits, so there is no all-in"
        stack = self.stacks[seat]
        if stack <= 0:
            return "you have no chips left"
        total = current.bets[seat] + stack
        if total <= current.high:
            return None
        if current.high == 0:
            return self._why_not_increment(seat, total, stack)
        reason = self._why_no_raising(seat)
        if reason is not None:
            return reason
        return self._why_not_increment(seat, total - current.high, stack)

    def _why_not_freeze(self, seat: int) -> str | None:
        current = self._round()
        price = self.rules.freeze_amount
        if price <= 0:
            return "freezing was not agreed at this table"
        if current.frozen:
            return "the raising is already frozen in this round"
        if current.raises < 2:
            return "a freeze needs two or more raises in the round"
        if current.raises_by[seat] > 0:
            return "only a player who has not raised in this round may freeze"
        if not current.checker_may_raise and seat in current.checked:
            return "a player who checked may not raise in this round"
        cost = self.owed(seat) + price
        if self.limits.chips_limit_bets and cost > self.stacks[seat]:
            return f"the freeze costs {cost} chips and you have {self.stacks[seat]}"
        return None

    # ----------------------------------------------------------------- effects

    def _round(self) -> Round:
        if self.round is None:
            raise IllegalAction("no betting round is in progress")
        return self.round

    def _pay_capped(self, seat: int, amount: int) -> int:
        paid = min(amount, self.stacks[seat]) if self.limits.chips_limit_bets else amount
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        if self.limits.chips_limit_bets and self.stacks[seat] == 0:
            self.all_in[seat] = True
            if self.round is not None:
                self.round.pending.discard(seat)
        return paid

    def _put(self, seat: int, amount: int) -> int:
        current = self._round()
        paid = self._pay_capped(seat, amount)
        current.bets[seat] += paid
        if paid:
            current.last_put = paid
            self.carried_put = paid
        return paid

    def _raise_to(self, seat: int, total: int) -> None:
        current = self._round()
        increment = total - current.high
        bounds = self.bounds(seat)
        is_bet = current.high == 0
        self._put(seat, total - current.bets[seat])
        full = is_bet or increment >= bounds.minimum
        current.high = total
        if not is_bet:
            current.raises += 1
            current.raises_by[seat] += 1
            self.raises_in_deal += 1
        if full:
            current.last_full = max(increment, 1)
        self.opened = True
        self.last_aggressor = seat
        self._reopen(seat, full=full or self.rules.short_all_in_reopens)

    def _reopen(self, seat: int, *, full: bool) -> None:
        current = self._round()
        others = {other for other in self.active if other != seat}
        if full:
            current.may_raise = set(others)
            current.acted = {seat}
        else:
            current.may_raise = {other for other in others if other not in current.acted}
        current.pending = others
        current.pending.discard(seat)

    def _advance(self, seat: int) -> None:
        current = self._round()
        current.to_act = self._next_from(seat, after=True)
        self._settle()

    def _settle(self) -> None:
        """End the round when no one is left to act or nobody is left to bet against."""
        current = self._round()
        if self.one_left:
            current.pending.clear()
        elif current.pending and not current.straddle_window:
            lone = [seat for seat in self.in_hand if not self.all_in[seat]]
            if len(lone) == 1 and self.owed(lone[0]) <= 0:
                current.pending.clear()
        if not current.pending:
            current.to_act = None
        elif current.to_act is None or current.to_act not in current.pending:
            start = current.to_act if current.to_act is not None else self.dealer
            current.to_act = self._next_from(start)

    def _next_from(self, start: int, *, after: bool = False) -> int | None:
        """The first seat still to act clockwise from ``start`` (or from his left)."""
        current = self._round()
        seats = clockwise(self.ring, start)
        for seat in seats[1:] + seats[:1] if after else seats:
            if seat in current.pending:
                return seat
        return None


def clockwise(ring: Sequence[int], start: int) -> list[int]:
    """The seats of ``ring`` (clockwise order) beginning with ``start``.

    >>> clockwise((0, 3, 1, 2), 1)
    [1, 2, 0, 3]
    """
    at = ring.index(start)
    return [*ring[at:], *ring[:at]]
