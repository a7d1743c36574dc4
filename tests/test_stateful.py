"""A stateful test per game: legal and illegal moves interleaved with copies, views and replay.

docs/reliability.md, "Stateful tests": a refused move changes nothing; a copy of a deal goes
its own way without touching the original; every seat's view can be taken at any moment;
and the match's record replays to the same views.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardtable.engine import get_game, view_to_data
from cardtable.engine.deal import Deal
from cardtable.engine.match import Match
from cardtable.engine.replay import replay
from cardtable.errors import CardtableError, IllegalAction
from fuzzing import EXAMPLES, hostile_text, time_limit
from test_fuzz import WORDS

SEATS = {"preferans": 3, "piquet": 2, "poker": 4}
"""The table each machine plays at."""


def _views(match: Match[Any, Any, Any]) -> list[Any]:
    return [view_to_data(match.view(seat)) for seat in range(len(match.seats))]


def _deal_views(deal: Deal[Any, Any], seats: int) -> list[Any]:
    return [view_to_data(deal.view(seat)) for seat in range(seats)]


class TableMachine(RuleBasedStateMachine):
    """One match of ``game_name``, driven by moves Hypothesis picks; subclasses name the game."""

    game_name = ""

    def __init__(self) -> None:
        super().__init__()
        self.game = get_game(self.game_name)
        self.seats = [f"P{n}" for n in range(SEATS[self.game_name])]
        self.match: Match[Any, Any, Any] = self.game.new_match(self.game.rules(), self.seats)
        self.seen: list[Any] = []

    @initialize(seed=st.integers(0, 2**32 - 1))
    def deal(self, seed: int) -> None:
        """The first deal, shuffled by the seed."""
        self.match.start_deal(random.Random(seed))

    def _in_deal(self) -> bool:
        return self.match.current is not None

    @precondition(_in_deal)
    @rule(pick=st.integers(0, 10_000))
    def play_a_legal_move(self, pick: int) -> None:
        """Any legal move is applied."""
        legal = self.match.legal_actions()
        self.seen.extend(legal[:8])
        with time_limit():
            self.match.apply(legal[pick % len(legal)])

    @precondition(_in_deal)
    @rule(pick=st.integers(0, 10_000))
    def a_move_legal_elsewhere_is_refused_or_applied(self, pick: int) -> None:
        """A move met in another state is refused (changing nothing) unless allowed now."""
        if not self.seen:
            return
        action = self.seen[pick % len(self.seen)]
        self._refused_changes_nothing(action)

    @precondition(_in_deal)
    @rule(data=st.data())
    def a_typed_move_is_read_and_refused_or_applied(self, data: st.DataObject) -> None:
        """Typed text is read, then refused or applied; a refusal changes nothing."""
        text = data.draw(hostile_text(WORDS[self.game_name]))
        try:
            action = self.game.parse_action(text)
        except CardtableError:
            return
        self._refused_changes_nothing(action)

    def _refused_changes_nothing(self, action: Any) -> None:
        """Apply ``action`` if the rules allow it now; else it is refused, changing nothing.

        A listed move is always allowed, but not every allowed move is listed (a poker bet
        may be any amount within the limits).
        """
        deal = self.match.current
        assert deal is not None
        if action in deal.legal_actions():
            assert deal.why_illegal(action) is None
        if deal.why_illegal(action) is None:
            self.match.apply(action)
            return
        before, history = _views(self.match), list(deal.history)
        with pytest.raises(IllegalAction):
            self.match.apply(action)
        assert _views(self.match) == before
        assert list(deal.history) == history

    @precondition(_in_deal)
    @rule(pick=st.integers(0, 10_000))
    def a_copy_goes_its_own_way(self, pick: int) -> None:
        """A copied deal plays a move; the original is untouched and plays it the same."""
        deal = self.match.current
        assert deal is not None
        seats = len(self.seats)
        before = _deal_views(deal, seats)
        twin = deal.copy()
        legal = twin.legal_actions()
        action = legal[pick % len(legal)]
        twin.apply(action)
        assert _deal_views(deal, seats) == before
        self.match.apply(action)
        if not deal.is_over:
            assert _deal_views(deal, seats) == _deal_views(twin, seats)

    @precondition(lambda self: not self._in_deal() and not self.match.is_over)
    @rule(seed=st.integers(0, 2**32 - 1))
    def deal_again(self, seed: int) -> None:
        """Between deals, the next deal is dealt."""
        self.match.start_deal(random.Random(seed))

    @rule()
    def the_record_replays_to_the_same_views(self) -> None:
        """The match's record, replayed, shows every seat what the match shows it."""
        assert _views(replay(self.match.record())) == _views(self.match)

    @invariant()
    def every_seat_has_a_view(self) -> None:
        """Each seat's view can be taken at any moment."""
        _views(self.match)


MACHINE = settings(
    max_examples=max(3, EXAMPLES // 10),
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=True,
)


class PreferansMachine(TableMachine):
    """The preferans machine."""

    game_name = "preferans"


class PiquetMachine(TableMachine):
    """The piquet machine."""

    game_name = "piquet"


class PokerMachine(TableMachine):
    """The poker machine (draw poker at four)."""

    game_name = "poker"


TestPreferansMachine = PreferansMachine.TestCase
TestPreferansMachine.settings = MACHINE
TestPiquetMachine = PiquetMachine.TestCase
TestPiquetMachine.settings = MACHINE
TestPokerMachine = PokerMachine.TestCase
TestPokerMachine.settings = MACHINE
