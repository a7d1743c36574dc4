"""One deal of piquet for two or three as a state machine: exchange, declarations, play.

The deal follows the seed (001_776ed664a35a376f.txt): the exchange of rules 7–16, the
declarations of rules 20–29 called category by category (point, sequence, sets) with the
answers "good", "not good" and "equal", pique and repique (rules 19, 28, 32), the running
count of the play (rules 30–31, 37), lesa and capot (rules 38–40), and molchanka for a false
declaration left standing at the first lead (rule 33).

Under the ``irregularities`` option the dealer first deals (``deal``) or reports a dealing
error, and a discard may fall short: a card exposed in the deal (rule 6), a card too many
(rules 12–14), too few discarded (rules 15–16) and too many cards in play (rule 17). A redeal
happens inside the deal, by the same dealer, from the deal's own seeded generator, so that a
record replays it exactly.

The engine knows what every hand holds, so it refuses an answer that is not true ("not good"
when one holds nothing better) but lets a player sink: call less than he holds, call nothing,
or answer "good" holding better. A call of something not held is accepted (as at the table)
and punished at the first lead by molchanka.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, by_index
from cardtable.engine import CardChoice, Deal, DealSetup, Event
from cardtable.engine.claims import ClaimRest, GrantRest
from cardtable.engine.views import made_view
from cardtable.piquet.actions import PiquetAction
from cardtable.piquet.phases.dealing import Dealing
from cardtable.piquet.phases.exchanging import begin_exchange
from cardtable.piquet.phases.playing import Playing
from cardtable.piquet.phases.state import DealState
from cardtable.piquet.rules import PiquetRules


@dataclass(frozen=True)
class PiquetView:
    """What one seat knows of a deal: its hand, what was shown, the counts and the play."""

    seat: int
    dealer: int
    players: tuple[int, ...]
    phase: str
    to_move: int | None
    hand: tuple[Card, ...]
    discarded: tuple[Card, ...]
    talon_left: tuple[int, ...]
    category: str | None
    standing: str | None
    offer: str | None
    counts: dict[int, int]
    tricks: dict[int, int]
    trick: tuple[Card, ...]
    shown: tuple[Card, ...]
    played: tuple[Card, ...]
    sheet: tuple[str, ...]
    log: tuple[str, ...]


@dataclass(frozen=True)
class PiquetPublicView:
    """What a spectator knows: :class:`PiquetView` without ``seat``, ``hand`` and ``discarded``.

    ``log`` is the deal's events as the public saw them.
    """

    dealer: int
    players: tuple[int, ...]
    phase: str
    to_move: int | None
    talon_left: tuple[int, ...]
    category: str | None
    standing: str | None
    offer: str | None
    counts: dict[int, int]
    tricks: dict[int, int]
    trick: tuple[Card, ...]
    shown: tuple[Card, ...]
    played: tuple[Card, ...]
    sheet: tuple[str, ...]
    log: tuple[str, ...]


@dataclass(frozen=True)
class PiquetOutcome:
    """A finished deal: every active seat's count and tricks, and what marked it."""

    dealer: int
    players: tuple[int, ...]
    counts: dict[int, int]
    tricks: dict[int, int]
    tags: tuple[str, ...]


class PiquetDeal(Deal[PiquetAction, PiquetView]):
    """One deal among the ``players`` (two or three seats, in seating order).

    ``sheet`` is the match's score sheet as it stood when the deal began, shown in views. The
    deal's phases are types (:mod:`cardtable.piquet.phases`); this class answers the engine's
    protocol by asking the phase in progress.
    """

    def __init__(
        self,
        seats: int,
        setup: DealSetup,
        rules: PiquetRules,
        players: tuple[int, ...],
        sheet: tuple[str, ...] = (),
    ) -> None:
        super().__init__(seats, setup)
        self.sheet = sheet
        self.rules = rules
        self.players = players
        self.state = DealState.seat(rules, players, setup.dealer, setup.deck, setup.seed)
        self.state.phase = Dealing(self.state)
        self._logs: dict[int | None, tuple[str, ...]] = {}
        self._event_texts: list[str] = []
        if not rules.irregularities:
            self._log(self.state.deal_out() + begin_exchange(self.state))

    # --- the protocol -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the deal is over."""
        return self.state.turn

    def legal_actions(self) -> Sequence[PiquetAction]:
        """Every legal action of the seat to move; false calls are legal but never listed."""
        seat = self.state.turn
        if seat is None:
            return []
        actions = self.state.phase.legal_actions(seat)
        # An exchange's discards are made only when asked for: they are not kept (verify asks).
        return self._remember_listed(actions) if isinstance(actions, list) else actions

    def why_illegal(self, action: PiquetAction) -> str | None:
        """Why ``action`` may not be played now, in one sentence, or ``None``."""
        seat = self.state.turn
        if seat is None:
            return "the deal is over"
        if isinstance(action, ClaimRest | GrantRest):
            phase = self.state.phase
            if not isinstance(phase, Playing):
                return "the remaining tricks are claimed in the play"
            return phase.claim_refusal(action)
        return self.state.phase.why_illegal(seat, action)

    def _do(self, action: PiquetAction) -> list[Event]:
        seat = self.state.turn
        assert seat is not None
        phase = self.state.phase
        if isinstance(action, ClaimRest) and isinstance(phase, Playing):
            return phase.lay_down_claim(action.seat)
        if isinstance(action, GrantRest) and isinstance(phase, Playing):
            return phase.grant_claim(action.seat)
        return phase.do(seat, action)

    def claim_action(self, seat: int) -> ClaimRest:
        """``seat``'s claim of the remaining tricks (legal once the first card is led)."""
        return ClaimRest(seat)

    def grant_action(self, seat: int) -> GrantRest:
        """The grant of ``seat``'s claim laid down."""
        return GrantRest(seat)

    def choices(self) -> list[CardChoice]:
        """The exchange's discard as cards to pick, as many as the rules in force allow."""
        seat = self.state.turn
        return [] if seat is None else self.state.phase.choices(seat)

    def view(self, seat: int) -> PiquetView:
        """All that ``seat`` may know now."""
        state = self.state
        fields = self._table(seat)
        fields["seat"] = seat
        fields["hand"] = (
            tuple(sorted(state.hands.get(seat, []), key=by_index)) if state.dealt else ()
        )
        fields["discarded"] = tuple(state.discards.get(seat, []))
        return made_view(PiquetView, fields)

    def public_view(self) -> PiquetPublicView:
        """What a spectator knows: the counts, the cards shown and played, the public log."""
        return made_view(PiquetPublicView, self._table(None))

    def _table(self, seat: int | None) -> dict[str, Any]:
        """The fields every view shares, the log as ``seat`` (``None``: the public) saw it."""
        state = self.state
        phase = state.phase
        return {
            "dealer": self.setup.dealer,
            "players": self.players,
            "phase": phase.name,
            "to_move": state.turn,
            "talon_left": (len(state.elder_talon), len(state.dealer_talon)),
            "category": phase.category,
            "standing": phase.standing,
            "offer": phase.offer,
            "counts": dict(state.counts),
            "tricks": dict(state.tricks),
            "trick": phase.trick,
            "shown": tuple(state.shown),
            "played": tuple(state.played),
            "sheet": self.sheet,
            "log": self._log_seen_by(seat),
        }

    def _log_seen_by(self, seat: int | None) -> tuple[str, ...]:
        """The events as ``seat`` saw them, as text; each written once, for every view has all."""
        written = self._logs.get(seat, ())
        events = self.events
        if len(written) < len(events):
            whole = self._texts()
            written += tuple(
                whole[number] if events[number].shows_cards_to(seat) else events[number].text
                for number in range(len(written), len(events))
            )
            self._logs[seat] = written
        return written

    def _texts(self) -> list[str]:
        """Each event written whole, once for all seats (one not shown its cards reads its text)."""
        texts = self._event_texts
        texts.extend(str(event) for event in self.events[len(texts) :])
        return texts

    def outcome(self) -> PiquetOutcome:
        """Each active seat's count and tricks, and the deal's tags."""
        state = self.state
        return PiquetOutcome(
            self.setup.dealer,
            self.players,
            dict(state.counts),
            dict(state.tricks),
            tuple(state.tags),
        )

    # --- what tests and tools read of the state ------------------------------------------

    @property
    def phase(self) -> str:
        """The name of the phase in progress, as views give it."""
        return self.state.phase.name

    @property
    def hands(self) -> dict[int, list[Card]]:
        """Every active seat's cards."""
        return self.state.hands

    @property
    def counts(self) -> dict[int, int]:
        """Every active seat's count so far."""
        return self.state.counts

    @property
    def tricks(self) -> dict[int, int]:
        """The tricks each active seat has taken."""
        return self.state.tricks

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress."""
        return list(self.state.phase.trick)

    @property
    def tags(self) -> list[str]:
        """What has marked the deal so far (pique, molchanka, redeal…)."""
        return self.state.tags
