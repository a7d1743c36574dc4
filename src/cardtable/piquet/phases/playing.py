"""The play (rules 30–40): the running count, molchanka at the first lead, lesa and capot.

Each lead counts one and each trick won on the opponent's lead one (rules 30–31), the last
trick more (rule 37); the elder can pique by his leads (rules 19, 32). A false declaration
left standing at the first lead silences its caller (molchanka, rule 33). After the last
trick, the capot (all the tricks, rules 38–39) or the lesa (most tricks, rule 40).
"""

from __future__ import annotations

from cardtable.cards import Card, by_index
from cardtable.engine import Event
from cardtable.engine.claims import ClaimRest, GrantRest
from cardtable.engine.deal import public_event
from cardtable.piquet.actions import PiquetAction, Play, action_text
from cardtable.piquet.phases.base import BeforeTheLead, Phase
from cardtable.piquet.phases.state import DealState
from cardtable.piquet.phrases import told
from cardtable.piquet.play import playable, trick_winner


class Playing(BeforeTheLead):
    """The tricks, from the elder's first lead to the last trick."""

    name = "play"

    def __init__(self, state: DealState) -> None:
        super().__init__(state)
        self.cards: list[Card] = []
        self.seats: list[int] = []
        self.leads = 0

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress."""
        return tuple(self.cards)

    def before_the_lead(self) -> bool:
        """Whether the first card is yet to be led."""
        return self.leads == 0 and not self.cards

    def actions(self, seat: int) -> list[PiquetAction]:
        """The cards ``seat`` may play: the suit led if he holds it (rule 35)."""
        cards = playable(self.state.hands[seat], self.cards)
        return [Play(card) for card in sorted(cards, key=by_index)]

    def refusal(self, seat: int, action: PiquetAction) -> str | None:
        """Why ``action`` is no card ``seat`` may play now."""
        if not isinstance(action, Play):
            return f"it is time to play a card, not to {action_text(action)}"
        hand = self.state.hands[seat]
        if action.card not in hand:
            return f"seat {seat} does not hold {action.card}"
        if action.card not in playable(hand, self.cards):
            return f"seat {seat} must follow the suit led, {self.cards[0]}"
        return None

    def move(self, seat: int, action: PiquetAction) -> list[Event]:
        """Play a card: the counts of the lead and the trick, the next seat or the end."""
        assert isinstance(action, Play)
        state = self.state
        state.claim = None  # play goes on: a claim lying face up lapses
        card = action.card
        events: list[Event] = []
        if self.before_the_lead():
            events += self._first_lead()
        state.hands[seat].remove(card)
        self.cards.append(card)
        self.seats.append(seat)
        state.played.append(card)
        # The play says its sentence itself: it is most of a deal's events (the phrase book agrees).
        said = {"seat": seat}
        events.append(
            public_event("play", seat, f"seat {seat} plays", [card], key="plays", values=said)
        )
        if len(self.cards) == 1:
            self.leads += 1
            events += state.count(seat, self._point(1), "the lead", "pique")
        if len(self.cards) < len(state.players):
            position = state.order.index(seat)
            state.turn = state.order[(position + 1) % len(state.order)]
            return events
        winner = self.seats[trick_winner(self.cards)]
        state.tricks[winner] += 1
        text = f"seat {winner} takes the trick"
        events.append(
            public_event("trick", winner, text, key="takes-trick", values={"seat": winner})
        )
        if winner != self.seats[0]:
            events += state.count(winner, self._point(1), "the trick", "pique")
        self.cards, self.seats = [], []
        # With a card too many in one hand (rule 17) the play ends when another hand is empty.
        if all(state.hands[seat] for seat in state.players):
            state.turn = winner
            return events
        return events + self._finish(winner)

    def claim_refusal(self, action: ClaimRest | GrantRest) -> str | None:
        """Why the rest may not be claimed, or the claim granted, now (``None`` if it may).

        A claim is laid down once the first card is led (docs/rules/piquet.md, "Claims of
        the remaining tricks"); a grant answers the claim lying face up.
        """
        state = self.state
        seat = action.seat
        if seat not in state.players:
            return f"seat {seat} plays no cards in this deal"
        if self.before_the_lead():
            return "the remaining tricks are claimed once the first card is led"
        if isinstance(action, GrantRest):
            if state.claim != seat:
                return f"seat {seat} has laid down no claim to grant"
        elif state.claim is not None:
            return f"seat {state.claim}'s claim lies face up already"
        return None

    def lay_down_claim(self, seat: int) -> list[Event]:
        """``seat`` lays his cards face up and claims the remaining tricks."""
        self.state.claim = seat
        cards = sorted(self.state.hands[seat], key=by_index)
        return [told("claim", seat, "claim", cards, seat=seat)]

    def grant_claim(self, seat: int) -> list[Event]:
        """The claim is granted: the rest is counted as if ``seat`` had won every trick.

        Each remaining trick counts its lead to whoever leads it (the trick in progress has
        counted its lead already; the claimer leads every trick after it) and the trick to
        the claimer if he did not lead it (rules 30–31); then the last trick, the capot or
        the lesa as after any play.
        """
        state = self.state
        state.claim = None
        remaining = min(len(state.hands[s]) + (s in self.seats) for s in state.players)
        events = [told("trick", seat, "takes-rest", seat=seat, count=remaining)]
        leader = self.seats[0] if self.cards else state.turn
        assert leader is not None
        for number in range(remaining):
            if number or not self.cards:
                self.leads += 1
                events += state.count(leader, self._point(1), "the lead", "pique")
            state.tricks[seat] += 1
            if leader != seat:
                events += state.count(seat, self._point(1), "the trick", "pique")
            leader = seat
        self.cards, self.seats = [], []
        return events + self._finish(seat)

    def _point(self, amount: int) -> int:
        """What a point of the play counts: double under molchanka if the rules say so."""
        state = self.state
        return 2 * amount if state.silenced and state.rules.molchanka_doubles_tricks else amount

    def _first_lead(self) -> list[Event]:
        """Molchanka for every false call left standing (rule 33)."""
        events: list[Event] = []
        for seat in sorted(self.state.false_callers):
            self.state.silence(seat)
            events.append(told("molchanka", seat, "molchanka-false", seat=seat))
        return events

    def _finish(self, last: int) -> list[Event]:
        """The last trick's count, then the capot or the lesa; the deal is over."""
        state = self.state
        rules = state.rules
        events: list[Event] = []
        total = sum(state.tricks.values())
        capot = state.tricks[last] == total
        if not (capot and rules.capot_drops_last_trick_extra):
            events += state.count(
                last, self._point(rules.last_trick_extra), "the last trick", "pique"
            )
        # The pique is reached at the leads (rule 19 «делает заход и досчитывает до
        # тридцати»); the capot and the lesa are counted after the play and never make one.
        state.race.closed = True
        if capot:
            announced = state.capot_announced == last
            if state.three:
                bonus = rules.three_open_capot if announced else rules.three_capot
            else:
                bonus = rules.open_capot if announced else rules.capot
            if last not in state.silenced:
                state.tags.append("open capot" if announced else "capot")
            events += state.count(last, bonus, "the open capot" if announced else "the capot")
        else:
            most = max(state.tricks.values())
            leaders = [seat for seat, won in state.tricks.items() if won == most]
            if len(leaders) == 1 and (state.three or 2 * most > total):
                events += state.count(leaders[0], rules.lesa, "the lesa")
                if leaders[0] not in state.silenced:
                    state.tags.append("lesa")
        state.phase = Over(state)
        state.turn = None
        scores = ", ".join(f"seat {seat} {count}" for seat, count in state.counts.items())
        events.append(told("end", None, "ends", counts=scores))
        return events


class Over(Phase):
    """The deal is over: nothing more may be played."""

    name = "over"

    def actions(self, seat: int) -> list[PiquetAction]:
        """Nothing."""
        return []

    def refusal(self, seat: int, action: PiquetAction) -> str | None:
        """Everything."""
        return "the deal is over"

    def do(self, seat: int, action: PiquetAction) -> list[Event]:
        """Nothing is ever played after the end."""
        raise AssertionError("the deal is over")
