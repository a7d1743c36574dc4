"""One preferans deal from the deal to the last trick (001_776ed664a35a376f.txt, rules 8–37).

The phases follow the seed: the deal by twos with the talon laid aside (rules 8–10), the auction
(rules 16–20, 23), the talon shown and two cards discarded face down (rules 20–21), the contract
named (rule 21), the defenders' whist (rules 24–28), the play (rules 30–32), or the all-pass
(rule 29). With four players the dealer sits out (rule 14): the active seats are the three to
his left, first hand first. Under the ``irregularities`` option the first hand may, before the
first call, claim a misdeal (rule 12): the deal ends void and the match deals again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cardtable.cards import Card, Rank
from cardtable.engine import CardChoice, Deal, DealSetup, Event
from cardtable.engine.claims import ClaimRest, GrantRest
from cardtable.engine.views import made_view
from cardtable.errors import IllegalAction
from cardtable.preferans.actions import Action, MisdealKind, Play, Say, WithoutTalon, action_text
from cardtable.preferans.bidding import Auction, AuctionBid, allpass_min_level
from cardtable.preferans.contracts import Contract, contract_text
from cardtable.preferans.outcome import (
    DealKind,
    DealOutcome,
    Defence,
    Renonce,
    WhistChoice,
    good_talon_tricks,
)
from cardtable.preferans.phases.auction import Bidding
from cardtable.preferans.phases.playing import HAND, claim_refusal, grant_claim, lay_down_claim
from cardtable.preferans.phases.state import DealState, PhaseName
from cardtable.preferans.phrases import told, told_to
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.tricks import sorted_cards

Phase = PhaseName

_UNKNOWN = -1
"""No seat: the seat to move is not yet worked out since the last move."""
"""What views call the phases (the phases themselves are :mod:`cardtable.preferans.phases`)."""

ROUNDS = 5


@dataclass(frozen=True)
class PreferansView:
    """All one seat may know of a deal: its hand, what was shown, the calls and the tricks."""

    seat: int
    players: int
    dealer: int
    first_hand: int
    phase: Phase
    to_move: int | None
    playing_for: int | None
    """When this seat is to play a card, whose card it plays (an open whister plays for two)."""
    hand: tuple[Card, ...]
    open_hands: tuple[tuple[int, tuple[Card, ...]], ...]
    """Other seats' hands lying face up (open whist, a checked ten, an opened misère)."""
    talon: tuple[Card, ...]
    """The talon cards that have been shown."""
    discard: tuple[Card, ...]
    """The declarer's discard, shown to the declarer alone."""
    calls: tuple[tuple[int, str], ...]
    high_bid: str | None
    min_bid_level: int
    declarer: int | None
    contract: str | None
    whist: tuple[tuple[int, str], ...]
    defence: str | None
    trick: tuple[tuple[int, Card], ...]
    talon_lead: Card | None
    """In all-pass, the talon card that leads the current trick."""
    last_trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, ...]
    allpass_series: int


@dataclass(frozen=True)
class PreferansPublicView:
    """All a spectator may know: :class:`PreferansView` without a seat's own cards.

    No ``seat``, ``playing_for``, ``hand`` or ``discard``; ``open_hands`` are every hand
    lying face up.
    """

    players: int
    dealer: int
    first_hand: int
    phase: Phase
    to_move: int | None
    open_hands: tuple[tuple[int, tuple[Card, ...]], ...]
    talon: tuple[Card, ...]
    calls: tuple[tuple[int, str], ...]
    high_bid: str | None
    min_bid_level: int
    declarer: int | None
    contract: str | None
    whist: tuple[tuple[int, str], ...]
    defence: str | None
    trick: tuple[tuple[int, Card], ...]
    talon_lead: Card | None
    last_trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, ...]
    allpass_series: int


class PreferansDeal(Deal[Action, PreferansView]):
    """The state machine of one deal for three or four players.

    Its phases are types (:mod:`cardtable.preferans.phases`) sharing one
    :class:`~cardtable.preferans.phases.state.DealState`; this class answers the engine's
    protocol by asking the phase in progress.
    """

    def __init__(
        self, seats: int, setup: DealSetup, rules: PreferansRules, allpass_series: int = 0
    ) -> None:
        super().__init__(seats, setup)
        self.rules = rules
        dealer = setup.dealer
        active = tuple((dealer + step) % seats for step in range(1, 4))
        hands, talon = deal_cards(setup.deck, active, rules.talon_after_round)
        auction = Auction(rules, active, allpass_min_level(rules, allpass_series))
        self.state = DealState(rules, seats, dealer, active, allpass_series, hands, talon, auction)
        self.state.controller = {seat: seat for seat in active}
        self.state.leader = active[0]
        self.state.tricks = [0] * seats
        self.state.phase = Bidding(self.state)
        self._calls_written: tuple[tuple[int, str], ...] = ()
        # Asked several times a move (the table, the views, the harness); only a move changes it.
        self._to_move: int | None = _UNKNOWN
        self._log(
            [
                told_to("deal", seat, "dealt", hand, seat=seat, count=HAND)
                for seat, hand in hands.items()
            ]
            + [told("talon", dealer, "talon-aside")]
        )

    # ----------------------------------------------------------------- the protocol
    @property
    def to_move(self) -> int | None:
        """The seat that decides now (an open whister decides for his partner's cards)."""
        seat = self._to_move
        if seat == _UNKNOWN:
            seat = self._to_move = self.state.phase.to_move
        return seat

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move."""
        return self._remember_listed(self.state.phase.legal_actions())

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` may not be played now, in one sentence, or ``None``."""
        if isinstance(action, ClaimRest | GrantRest):
            return claim_refusal(self.state, action)
        return self.state.phase.why_illegal(action)

    def _do(self, action: Action) -> list[Event]:
        try:
            if isinstance(action, ClaimRest):
                return lay_down_claim(self.state, action.seat)
            if isinstance(action, GrantRest):
                return grant_claim(self.state, action.seat)
            return self.state.phase.do(action)
        finally:
            self._to_move = _UNKNOWN

    def claim_action(self, seat: int) -> ClaimRest:
        """``seat``'s claim of the remaining tricks (legal in the play of a game on tricks)."""
        return ClaimRest(seat)

    def grant_action(self, seat: int) -> GrantRest:
        """The grant of ``seat``'s claim laid down."""
        return GrantRest(seat)

    def choices(self) -> list[CardChoice]:
        """The declarer's discard as two cards to pick from his twelve (rule 21)."""
        return self.state.phase.choices()

    def following(self) -> list[Play]:
        """The cards the seat due may play without a revoke (rules 31–32)."""
        state = self.state
        return [Play(card) for card in state.strict_follow(state.hands[state.card_seat])]

    # ----------------------------------------------------------------- what tools read
    @property
    def phase(self) -> Phase:
        """The name of the phase in progress."""
        return self.state.phase.name

    @property
    def card_seat(self) -> int:
        """The seat whose card is due in the play."""
        return self.state.card_seat

    @property
    def dealer(self) -> int:
        """The dealer (with four, he sits out)."""
        return self.state.dealer

    @property
    def active(self) -> tuple[int, ...]:
        """The three seats that play, first hand first."""
        return self.state.active

    @property
    def previous_allpasses(self) -> int:
        """The all-passes in a row before this deal."""
        return self.state.previous_allpasses

    @property
    def hands(self) -> dict[int, list[Card]]:
        """Every active seat's cards."""
        return self.state.hands

    @property
    def talon(self) -> tuple[Card, Card]:
        """The two talon cards."""
        return self.state.talon

    @property
    def auction(self) -> Auction:
        """The auction's calls."""
        return self.state.auction

    @property
    def kind(self) -> DealKind | None:
        """What the deal is, once known: a game, a misère, an all-pass or a redeal."""
        return self.state.kind

    @property
    def declarer(self) -> int | None:
        """The auction's winner."""
        return self.state.declarer

    @property
    def bid(self) -> AuctionBid | None:
        """The winning bid."""
        return self.state.bid

    @property
    def contract(self) -> Contract | None:
        """The contract named."""
        return self.state.contract

    @property
    def defenders(self) -> tuple[int, ...]:
        """The declarer's two opponents, in order of play."""
        return self.state.defenders

    @property
    def defence(self) -> Defence:
        """How the contract is defended."""
        return self.state.defence

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The trick in progress: who played what."""
        return self.state.trick

    @property
    def talon_lead(self) -> Card | None:
        """In all-pass, the talon card that leads the current trick."""
        return self.state.talon_lead

    @property
    def leader(self) -> int:
        """The seat that leads the trick to come."""
        return self.state.leader

    @property
    def tricks(self) -> list[int]:
        """The tricks each seat has taken."""
        return self.state.tricks

    @property
    def trick_number(self) -> int:
        """The tricks played."""
        return self.state.trick_number

    @property
    def renonces(self) -> list[Renonce]:
        """The revokes made."""
        return self.state.renonces

    @property
    def misdeal(self) -> MisdealKind | None:
        """The misdeal claimed, which voids the deal (rule 12)."""
        return self.state.misdeal

    # ----------------------------------------------------------------- what seats see
    def view(self, seat: int) -> PreferansView:
        """What ``seat`` knows: its own cards and what the table has shown."""
        state = self.state
        playing_for = state.card_seat if self.phase == "play" and self.to_move == seat else None
        fields = self._table(seat)
        fields["seat"] = seat
        fields["playing_for"] = playing_for
        fields["hand"] = sorted_cards(state.hands[seat]) if seat in state.hands else ()
        fields["discard"] = state.discarded if seat == state.declarer else ()
        return made_view(PreferansView, fields)

    def public_view(self) -> PreferansPublicView:
        """What a spectator knows: the calls, the tricks and the cards laid face up."""
        return made_view(PreferansPublicView, self._table(None))

    def _table(self, seat: int | None) -> dict[str, Any]:
        """The fields every view shares; ``seat``'s own hand is not among its open hands."""
        state = self.state
        return {
            "players": self.seats,
            "dealer": state.dealer,
            "first_hand": state.active[0],
            "phase": self.phase,
            "to_move": self.to_move,
            "open_hands": self._open_hands(seat) if state.opened else (),
            "talon": state.shown_talon(),
            "calls": self._calls_text(),
            "high_bid": None if state.auction.high is None else action_text(state.auction.high),
            "min_bid_level": state.auction.min_level,
            "declarer": state.declarer,
            "contract": None if state.contract is None else contract_text(state.contract),
            "whist": tuple((s, say.value) for s, say in state.whist_calls)
            if state.whist_calls
            else (),
            "defence": None if self.phase in ("auction", "discard", "contract") else state.defence,
            "trick": tuple(state.trick),
            "talon_lead": state.talon_lead,
            "last_trick": state.last_trick,
            "tricks": tuple(state.tricks),
            "allpass_series": state.series(),
        }

    def _open_hands(self, seat: int | None) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The hands lying face up, but ``seat``'s own."""
        state = self.state
        return tuple(
            (other, sorted_cards(state.hands[other]))
            for other in sorted(state.opened)
            if other != seat
        )

    def _calls_text(self) -> tuple[tuple[int, str], ...]:
        """The auction's calls as text, written once each: every view shows them all."""
        calls = self.state.auction.calls
        written = self._calls_written
        if len(written) != len(calls):
            written += tuple((seat, action_text(call)) for seat, call in calls[len(written) :])
            self._calls_written = written
        return written

    def outcome(self) -> DealOutcome:
        """The finished deal as a score sheet needs it."""
        state = self.state
        kind = state.kind or "all-pass"
        talon = state.shown_talon()
        return DealOutcome(
            kind=kind,
            players=self.seats,
            dealer=state.dealer,
            first_hand=state.active[0],
            bids=tuple((s, action_text(call)) for s, call in state.auction.calls),
            declarer=state.declarer,
            winning_bid=None if state.bid is None else action_text(state.bid),
            contract=state.contract,
            without_talon=isinstance(state.bid, WithoutTalon),
            defenders=state.defenders,
            whist=self._final_whist(),
            defence=state.defence if self.phase == "over" and state.trick_number else "none",
            played=state.trick_number > 0,
            claimed=state.claimed,
            tricks=tuple(state.tricks),
            allpass_series=state.series(),
            talon=talon,
            good_talon_tricks=good_talon_tricks(talon) if kind != "all-pass" and talon else 0,
            talon_aces=0 if kind == "all-pass" else sum(card.rank is Rank.ACE for card in talon),
            renonces=tuple(state.renonces),
            declarer_credited=self._revoked("defence") and not self._revoked("declarer"),
            declarer_revoked=self._revoked("declarer"),
            misdeal=state.misdeal,
        )

    def _revoked(self, side: Literal["declarer", "defence"]) -> bool:
        """Whether that side revoked in a game on tricks (where rules 34–36 apply)."""
        state = self.state
        if state.kind != "game":
            return False
        return any((r.seat == state.declarer) == (side == "declarer") for r in state.renonces)

    def _final_whist(self) -> tuple[tuple[int, WhistChoice], ...]:
        state = self.state
        if state.kind != "game":
            return ()
        if state.defence == "checked":
            return tuple((seat, "checked") for seat in state.defenders)
        words: dict[Say, WhistChoice] = {
            Say.WHIST: "whist",
            Say.PASS: "pass",
            Say.HALF_WHIST: "half-whist",
        }
        return tuple((seat, words[say]) for seat, say in state.whist_calls)


def deal_cards(
    deck: tuple[Card, ...], active: tuple[int, ...], talon_after_round: int
) -> tuple[dict[int, list[Card]], tuple[Card, Card]]:
    """Deal by twos from the first hand, the talon after round one or two (rules 9–10).

    >>> from cardtable.cards import cards_text
    >>> from cardtable.preferans.tricks import DECK
    >>> hands, talon = deal_cards(DECK, (1, 2, 0), 1)
    >>> [len(hands[s]) for s in (0, 1, 2)], cards_text(talon), cards_text(hands[1][:2])
    ([10, 10, 10], 'K♣ A♣', '7♣ 8♣')
    """
    hands: dict[int, list[Card]] = {seat: [] for seat in active}
    talon: list[Card] = []
    position = 0
    for round_number in range(1, ROUNDS + 1):
        for seat in active:
            hands[seat].extend(deck[position : position + 2])
            position += 2
        if round_number == talon_after_round:
            talon.extend(deck[position : position + 2])
            position += 2
    return hands, (talon[0], talon[1])


def stack_deck(
    hands: Sequence[Sequence[Card]], talon: Sequence[Card], talon_after_round: int = 1
) -> tuple[Card, ...]:
    """The deck order that deals ``hands`` (first hand first) and ``talon`` (rules 9–10).

    The inverse of :func:`deal_cards`: for setting up a known deal, as when an offline game is
    scored or a worked example replayed.

    >>> from cardtable.preferans.tricks import DECK
    >>> hands, talon = deal_cards(DECK, (1, 2, 0), 2)
    >>> stack_deck([hands[1], hands[2], hands[0]], talon, 2) == DECK
    True
    """
    if len(hands) != 3 or any(len(hand) != HAND for hand in hands) or len(talon) != 2:
        raise IllegalAction("a preferans deal is three hands of ten cards and a talon of two")
    deck: list[Card] = []
    for round_number in range(1, ROUNDS + 1):
        for hand in hands:
            deck.extend(hand[2 * round_number - 2 : 2 * round_number])
        if round_number == talon_after_round:
            deck.extend(talon)
    return tuple(deck)
