"""The betting of one deal: forced bets, then each round's actions in turn."""

from __future__ import annotations

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
from cardtable.poker.betting.refusals import BettingRefusals
from cardtable.poker.betting.state import Round


class Betting(BettingRefusals):
    """The chips of one deal: stacks, what each seat has put in, who folded, the rounds.

    ``stacks`` are the chips before each seat. Under table stakes and freeze-out a player
    bets only those and may go all-in; under the other systems he buys on credit from the
    banker and his stack may go below zero. Seats marked out in ``in_deal`` take no part.
    ``dead`` chips (a void deal's pot carried over, and the antes) are in the main pot but
    are no seat's bets.
    """

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

    def act(self, seat: int, action: TableAction) -> str:
        """Play ``action`` for ``seat``; refuse an illegal one with its reason, changing nothing.

        Returns the sentence that tells the table what happened.
        """
        self.verify(seat, action)
        return self.play(seat, action)

    def play(self, seat: int, action: TableAction) -> str:
        """Play ``action`` for ``seat``, already verified legal (:meth:`act` verifies first)."""
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
            lone = self.active
            if len(lone) == 1 and self.owed(lone[0]) <= 0:
                current.pending.clear()
        if not current.pending:
            current.to_act = None
        elif current.to_act is None or current.to_act not in current.pending:
            start = current.to_act if current.to_act is not None else self.dealer
            current.to_act = self._next_from(start)
