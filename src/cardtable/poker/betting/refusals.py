"""What a seat may not do in a betting round, each refusal one sentence.

002_053e85955f9a4108.txt, "Принципы, по которым делаются ставки", "Ограничение на повышение
ставок", "«Замораживание» повышения ставок".
"""

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
from cardtable.poker.betting.state import BettingState
from cardtable.poker.limits import Bounds


class BettingRefusals(BettingState):
    """The betting's refusals and legal actions: :meth:`why_illegal` is the authority."""

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
        """The legal actions of the seat to act: amounts by the ends of their range.

        In the order fold, check, call, all-in, freeze, then the bets or raises by their
        increments, each kept exactly when :meth:`why_illegal` allows it; the checks every
        candidate shares (the turn, the raising, the bounds) are made once.
        """
        seat = self.to_act
        if seat is None:
            return []
        current = self._round()
        if current.straddle_window:
            straddle: list[TableAction] = [] if self._why_not_straddle(seat) else [Straddle()]
            return [*straddle, NoStraddle()]
        listed: list[TableAction] = [Fold()]
        if self._why_not_check(seat) is None:
            listed.append(Check())
        if current.high > current.bets[seat]:
            listed.append(Call())
        if self.limits.chips_limit_bets and self._why_not_all_in(seat) is None:
            listed.append(AllIn())
        if self.rules.freeze_amount > 0 and self._why_not_freeze(seat) is None:
            listed.append(Freeze())
        bounds = self.bounds(seat)
        # Nothing changes while the list is made, so every amount shares these bounds.
        self._listing = (seat, bounds)
        try:
            listed += self._legal_amounts(seat, bounds)
        finally:
            self._listing = None
        return listed

    def _legal_amounts(self, seat: int, bounds: Bounds) -> list[TableAction]:
        """The bets (or raises) by each of ``bounds``' landmark increments that are legal."""
        current = self._round()
        high = current.high
        # Each increment once: the actions are told apart by their kind and amount.
        increments = dict.fromkeys(bounds.landmarks())
        if high == 0:
            return [
                Bet(increment)
                for increment in increments
                if self._why_not_increment(seat, increment, increment) is None
            ]
        if self._why_no_raising(seat) is not None:
            return []
        put = current.bets[seat]
        return [
            RaiseTo(high + increment)
            for increment in increments
            if increment > 0
            and self._why_not_increment(seat, increment, high + increment - put) is None
        ]

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
