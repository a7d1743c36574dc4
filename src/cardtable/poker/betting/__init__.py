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
>>> from cardtable.poker.limits import Limits
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

from cardtable.poker.betting.round import Betting
from cardtable.poker.betting.state import BettingState, Round, clockwise
from cardtable.poker.betting.structures import SEED, AnteKind, BettingRules, ForcedBets

__all__ = [
    "SEED",
    "AnteKind",
    "Betting",
    "BettingRules",
    "BettingState",
    "ForcedBets",
    "Round",
    "clockwise",
]
