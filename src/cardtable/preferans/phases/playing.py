"""The play (rules 30–36): tricks, revokes, the open whist and misère laid face up; the end.

In all-pass the talon cards lead the first tricks (rule 29) when ``allpass_talon`` says so.
"""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.engine import Event
from cardtable.engine.claims import ClaimRest, GrantRest
from cardtable.preferans.actions import Action, Play, play_of
from cardtable.preferans.outcome import Defence, Renonce
from cardtable.preferans.phases.base import Phase
from cardtable.preferans.phases.state import DealState, seat_name
from cardtable.preferans.phrases import told
from cardtable.preferans.tricks import sorted_cards, winner_index

HAND = 10
"""Cards in each hand, and tricks in a deal."""


def start_play(state: DealState, defence: Defence) -> list[Event]:
    """The play begins, the first hand leading, under ``defence``."""
    state.defence = defence
    state.phase = Playing(state)
    state.leader = state.active[0]
    return []


def turn_talon_card(state: DealState) -> list[Event]:
    """In all-pass the dealer turns the next talon card, which leads the trick (rule 29)."""
    card = state.talon[state.trick_number]
    state.talon_lead = card
    state.talon_shown = True
    return [told("talon-lead", state.dealer, "talon-lead", [card], seat=state.dealer)]


def claim_refusal(state: DealState, action: ClaimRest | GrantRest) -> str | None:
    """Why the remaining tricks may not be claimed, or the claim granted, now (or ``None``).

    A claim is laid down in the play of a game on tricks by a seat that plays (docs/rules/
    preferans.md, "Claims of the remaining tricks"); a grant answers the claim lying face up.
    """
    seat = action.seat
    if not isinstance(state.phase, Playing) or state.kind != "game":
        return "the remaining tricks are claimed in the play of a game on tricks"
    if seat not in state.active:
        return f"{seat_name(seat)} plays no cards in this deal"
    if isinstance(action, GrantRest):
        if state.claim != seat:
            return f"{seat_name(seat)} has laid down no claim to grant"
    elif state.claim is not None:
        return f"{seat_name(state.claim)}'s claim lies face up already"
    return None


def lay_down_claim(state: DealState, seat: int) -> list[Event]:
    """``seat`` lays his cards face up and claims the remaining tricks."""
    state.claim = seat
    return state.open_hand(seat, "open-claim")


def grant_claim(state: DealState, seat: int) -> list[Event]:
    """The claim is granted: ``seat`` takes every trick not yet taken; the deal is over."""
    remaining = HAND - state.trick_number
    state.tricks[seat] += remaining
    state.trick_number = HAND
    state.trick = []
    state.claim = None
    taken = told("trick", seat, "takes-rest", seat=seat, count=remaining)
    return [taken, *finish(state, "claimed the rest")]


def finish(state: DealState, how: str) -> list[Event]:
    """The deal is over."""
    state.phase = Over(state)
    return [told("end", None, "over", how=how)]


class Playing(Phase):
    """The tricks, ten of them."""

    name = "play"

    def __init__(self, state: DealState) -> None:
        super().__init__(state)
        self.trick_renonces: list[Renonce] = []

    @property
    def to_move(self) -> int | None:
        """Whoever plays the due seat's card: the seat, or the open whister for his partner."""
        return self.state.controller[self.state.card_seat]

    def legal_actions(self) -> list[Action]:
        """The due seat's cards: all of them where a revoke is allowed, else those that follow."""
        state = self.state
        held = state.hands[state.card_seat]
        if state.rules.renonce_allowed:
            return [play_of(card) for card in sorted_cards(held)]
        return [play_of(card) for card in state.strict_follow(held)]

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` is not a card the due seat may play."""
        if not isinstance(action, Play):
            return "the cards are being played: play a card"
        state = self.state
        seat = state.card_seat
        hand = state.hands[seat]
        if action.card not in hand:
            return f"{seat_name(seat)} does not hold {action.card}"
        if state.rules.renonce_allowed or action.card in state.strict_follow(hand):
            return None
        return (
            f"{action.card} does not follow: follow suit, else trump, else any card (rules 31–32)"
        )

    def do(self, action: Action) -> list[Event]:
        """Play the card; a revoke is recorded; the trick is taken when complete."""
        assert isinstance(action, Play)
        state = self.state
        state.claim = None  # play goes on: a claim lying face up lapses
        card = action.card
        seat = state.card_seat
        revoke = card not in state.strict_follow(state.hands[seat])
        state.hands[seat].remove(card)
        state.trick.append((seat, card))
        events = [told("play", seat, "plays", [card], seat=seat)]
        if revoke:
            renonce = Renonce(seat, state.trick_number + 1, card)
            state.renonces.append(renonce)
            self.trick_renonces.append(renonce)
            events.append(told("renonce", seat, "revokes", seat=seat, card=card.text()))
        if self._defence_opens_after(seat):
            events += self._open_defence()
        if len(state.trick) == 3:
            events += self._end_trick()
        return events

    def _defence_opens_after(self, seat: int) -> bool:
        """Whether the card ``seat`` just played lays an open whist's hands face up (rule 28)."""
        state = self.state
        if state.defence != "open" or state.trick_number != 0:
            return False
        if state.rules.open_whist_after == "declarer-card":
            return seat == state.declarer
        return len(state.trick) == 1

    def _open_defence(self) -> list[Event]:
        state = self.state
        whister = state.whister
        assert whister is not None
        passer = next(seat for seat in state.defenders if seat != whister)
        state.controller[passer] = whister
        events: list[Event] = []
        for seat in state.defenders:
            events += state.open_hand(seat, "open-whist")
        return events

    def _end_trick(self) -> list[Event]:
        state = self.state
        cards = [card for _, card in state.trick]
        trump = None if state.contract is None else state.contract.trump
        led = state.talon_lead.suit if state.talon_lead is not None else None
        winner: int | None = state.trick[winner_index(cards, trump, led)][0]
        if led is not None and all(card.suit != led for card in cards):
            winner = None  # nobody followed the talon card: the trick is nobody's
        winner = self._renonce_winner(winner)
        state.trick_number += 1
        state.last_trick = tuple(state.trick)
        state.trick = []
        self.trick_renonces = []
        events: list[Event] = []
        if winner is None:
            events.append(told("trick", None, "no-trick"))
        else:
            state.tricks[winner] += 1
            events.append(told("trick", winner, "takes-trick", seat=winner))
        talon_trick = state.talon_lead is not None
        state.talon_lead = None
        if state.trick_number == HAND:
            return events + finish(state, "played")
        if talon_trick and state.trick_number < len(state.talon):
            events += turn_talon_card(state)
        elif talon_trick or winner is None:
            state.leader = state.active[0]  # rule 29: after the talon the first hand leads
        else:
            state.leader = winner
        if state.trick_number == 1 and state.kind == "misère" and state.rules.misere_open != "none":
            events += self._open_misere()
        return events

    def _open_misere(self) -> list[Event]:
        state = self.state
        assert state.declarer is not None
        if state.rules.misere_open == "declarer":
            return state.open_hand(state.declarer, "open-misere")
        events: list[Event] = []
        for seat in state.defenders:
            events += state.open_hand(seat, "open-catch")
        return events

    def _renonce_winner(self, winner: int | None) -> int | None:
        """Rules 34–36: who a trick with a revoke goes to, in a game on tricks."""
        state = self.state
        if not self.trick_renonces or state.kind != "game" or state.declarer is None:
            return winner
        revokers = {renonce.seat for renonce in self.trick_renonces}
        declarer = state.declarer
        defenders_revoked = revokers - {declarer}
        led = state.trick[0][1].suit
        trump = None if state.contract is None else state.contract.trump
        if declarer in revokers and not defenders_revoked:
            followers = [(s, c) for s, c in state.trick if s != declarer and c.suit == led]
            if not followers:
                return winner
            return followers[winner_index([c for _, c in followers], None, led)][0]
        if declarer not in revokers:
            return declarer if winner in defenders_revoked else winner

        def seniority(card: Card) -> tuple[bool, bool, int]:
            return card.suit == trump, card.suit == led, int(card.rank)

        offenders = [(s, c) for s, c in state.trick if s in revokers]
        return max(offenders, key=lambda pair: seniority(pair[1]))[0]


class Over(Phase):
    """The deal is over: nothing more may be played."""

    name = "over"

    @property
    def to_move(self) -> int | None:
        """Nobody."""
        return None

    def legal_actions(self) -> list[Action]:
        """Nothing."""
        return []

    def why_illegal(self, action: Action) -> str | None:
        """Everything."""
        return "the deal is over"

    def refusal(self, action: Action) -> str | None:
        """Everything."""
        return "the deal is over"

    def do(self, action: Action) -> list[Event]:
        """Nothing is ever played after the end."""
        raise AssertionError("the deal is over")
