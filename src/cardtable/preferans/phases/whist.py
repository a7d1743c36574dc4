"""The defenders' whist (rules 24–28): whist, pass or half-whist; a lone whister's choice.

A lone whister plays open or closed, or claims the declarer's tricks (under ``claim_levels``);
the declarer agrees to the claim, which ends the deal, or refuses it, and the whister chooses
again without the claim.
"""

from __future__ import annotations

from cardtable.engine import Event
from cardtable.preferans.actions import Action, Say, action_text
from cardtable.preferans.phases.base import Saying
from cardtable.preferans.phases.playing import finish, start_play
from cardtable.preferans.phases.state import DealState
from cardtable.preferans.phrases import told


class Whisting(Saying):
    """The two defenders in turn say whist or pass; the first may answer a half-whist."""

    name = "whist"
    what = "whist or pass"

    @property
    def to_move(self) -> int | None:
        """The first defender, then the second; the first again to answer a half-whist."""
        first, second = self.state.defenders
        said = dict(self.state.whist_calls)
        if first not in said:
            return first
        if second not in said:
            return second
        return first  # the first defender answers a half-whist

    def options(self) -> tuple[Say, ...]:
        """Whist or pass; after the first's pass, half-whist too at ``half_whist_levels``."""
        state = self.state
        assert state.contract is not None
        said = dict(state.whist_calls)
        first, second = state.defenders
        if first in said and second in said:
            return Say.WHIST, Say.PASS
        if (
            first in said
            and said[first] is Say.PASS
            and state.contract.level in state.rules.half_whist_levels
        ):
            return Say.WHIST, Say.PASS, Say.HALF_WHIST
        return Say.WHIST, Say.PASS

    def do(self, action: Action) -> list[Event]:
        """Say it; when both have spoken, the play, the lone whister's choice or the end."""
        assert isinstance(action, Say)
        state = self.state
        seat = self.to_move
        assert seat is not None
        said = dict(state.whist_calls)
        if seat in said:
            state.whist_calls = [(s, c) for s, c in state.whist_calls if s != seat]
        state.whist_calls.append((seat, action))
        events = [told("whist", seat, "says", seat=seat, call=action.value)]
        said = dict(state.whist_calls)
        first, second = state.defenders
        if first not in said or second not in said:
            return events
        if said[second] is Say.HALF_WHIST and said[first] is Say.PASS and seat == second:
            return events  # the first defender may now change his pass to a whist
        if said[first] is Say.WHIST and said[second] is Say.HALF_WHIST:
            state.whist_calls = [(first, Say.WHIST), (second, Say.PASS)]
        whisters = [s for s in state.defenders if dict(state.whist_calls)[s] is Say.WHIST]
        if len(whisters) == 2:
            return events + start_play(state, "closed")
        if not whisters:
            return events + finish(state, "no play")
        state.whister = whisters[0]
        return events + offer_lone(state, claim_refused=False)


def offer_lone(state: DealState, claim_refused: bool) -> list[Event]:
    """The lone whister chooses how to defend, unless the rules leave him one way."""
    choosing = Choosing(state, claim_refused)
    options = choosing.options()
    if len(options) == 1:
        return choosing.do(options[0])
    state.phase = choosing
    return []


class Choosing(Saying):
    """The lone whister plays open or closed, or claims (rules 27–28)."""

    name = "lone"
    what = "choose how to defend"

    def __init__(self, state: DealState, claim_refused: bool) -> None:
        super().__init__(state)
        self.claim_refused = claim_refused

    @property
    def to_move(self) -> int | None:
        """The lone whister."""
        return self.state.whister

    def options(self) -> tuple[Say, ...]:
        """Open and closed as ``lone_whist`` allows, and the claim unless refused already."""
        state = self.state
        assert state.contract is not None
        mode = state.rules.lone_whist
        options = [Say.OPEN] if mode in ("choose", "open") else []
        if mode in ("choose", "closed"):
            options.append(Say.CLOSED)
        if state.contract.level in state.rules.claim_levels and not self.claim_refused:
            options.append(Say.CLAIM)
        return tuple(options)

    def do(self, action: Action) -> list[Event]:
        """Claim, or play open or closed."""
        assert isinstance(action, Say)
        state = self.state
        whister = state.whister
        assert whister is not None
        events = [told("defence", whister, "says", seat=whister, call=action.value)]
        if action is Say.CLAIM:
            state.phase = Answering(state)
            return events
        return events + start_play(state, "open" if action is Say.OPEN else "closed")


class Answering(Saying):
    """The declarer agrees to the lone whister's claim or refuses it."""

    name = "answer"
    what = "agree to the claim or refuse it"

    @property
    def to_move(self) -> int | None:
        """The declarer."""
        return self.state.declarer

    def options(self) -> tuple[Say, ...]:
        """Agree or refuse."""
        return Say.AGREE, Say.REFUSE

    def do(self, action: Action) -> list[Event]:
        """Agreed, the deal ends as claimed; refused, the whister chooses again."""
        state = self.state
        declarer = state.declarer
        assert declarer is not None
        events = [told("answer", declarer, "says", seat=declarer, call=action_text(action))]
        if action is Say.AGREE:
            state.claimed = True
            return events + finish(state, "claimed")
        return events + offer_lone(state, claim_refused=True)
