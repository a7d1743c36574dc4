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
from itertools import combinations
from typing import Literal

from cardtable.cards import Card, Rank, Suit, cards_text
from cardtable.engine import Deal, DealSetup, Event, private_event, public_event
from cardtable.errors import IllegalAction
from cardtable.preferans.actions import (
    MISDEAL_KINDS,
    Action,
    Bid,
    Discard,
    Misdeal,
    MisdealKind,
    Play,
    Say,
    WithoutTalon,
    action_text,
)
from cardtable.preferans.bidding import (
    Auction,
    AuctionBid,
    allpass_min_level,
    contract_choices,
    is_misere,
)
from cardtable.preferans.contracts import MISERE, Contract, contract_text
from cardtable.preferans.outcome import (
    DealKind,
    DealOutcome,
    Defence,
    Renonce,
    WhistChoice,
    good_talon_tricks,
)
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.tricks import following, sorted_cards, winner_index

Phase = Literal["auction", "discard", "contract", "whist", "lone", "answer", "play", "over"]

HAND = 10
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


class PreferansDeal(Deal[Action, PreferansView]):
    """The state machine of one deal for three or four players."""

    def __init__(
        self, seats: int, setup: DealSetup, rules: PreferansRules, allpass_series: int = 0
    ) -> None:
        super().__init__(seats, setup)
        self.rules = rules
        self.dealer = setup.dealer
        self.active = tuple((self.dealer + step) % seats for step in range(1, 4))
        self.previous_allpasses = allpass_series
        self.hands, self.talon = deal_cards(setup.deck, self.active, rules.talon_after_round)
        min_level = allpass_min_level(rules, allpass_series)
        self.auction = Auction(rules, self.active, min_level)
        self.phase: Phase = "auction"
        self.kind: DealKind | None = None
        self.declarer: int | None = None
        self.bid: AuctionBid | None = None
        self.contract: Contract | None = None
        self.discarded: tuple[Card, ...] = ()
        self.talon_shown = False
        self.defenders: tuple[int, ...] = ()
        self.whist_calls: list[tuple[int, Say]] = []
        self.whister: int | None = None
        self.claim_refused = False
        self.claimed = False
        self.defence: Defence = "none"
        self.controller = {seat: seat for seat in self.active}
        self.opened: set[int] = set()
        self.trick: list[tuple[int, Card]] = []
        self.talon_lead: Card | None = None
        self.leader = self.active[0]
        self.tricks = [0] * seats
        self.trick_number = 0
        self.last_trick: tuple[tuple[int, Card], ...] = ()
        self.renonces: list[Renonce] = []
        self.trick_renonces: list[Renonce] = []
        self.misdeal: MisdealKind | None = None
        self._log(
            [
                private_event("deal", seat, f"seat {seat} is dealt {HAND} cards", hand)
                for seat, hand in self.hands.items()
            ]
            + [public_event("talon", self.dealer, "two cards are laid aside as the talon")]
        )

    # ----------------------------------------------------------------- whose turn
    @property
    def to_move(self) -> int | None:
        """The seat that decides now (an open whister decides for his partner's cards)."""
        if self.phase == "auction":
            return self.auction.turn
        if self.phase in ("discard", "contract", "answer"):
            return self.declarer
        if self.phase == "whist":
            return self._whist_turn()
        if self.phase == "lone":
            return self.whister
        if self.phase == "play":
            return self.controller[self.card_seat]
        return None

    @property
    def card_seat(self) -> int:
        """The seat whose card is due in the play."""
        if not self.trick:
            return self.active[0] if self.talon_lead is not None else self.leader
        return self._next_active(self.trick[-1][0])

    def _next_active(self, seat: int) -> int:
        return self.active[(self.active.index(seat) + 1) % 3]

    def _whist_turn(self) -> int:
        first, second = self.defenders
        said = dict(self.whist_calls)
        if first not in said:
            return first
        if second not in said:
            return second
        return first  # the first defender answers a half-whist

    # ----------------------------------------------------------------- legality
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move."""
        if self.phase == "auction":
            claims = [Misdeal(kind) for kind in MISDEAL_KINDS] if self._may_claim_misdeal() else []
            return [*self.auction.legal(), *claims]
        if self.phase == "discard":
            hand = sorted_cards(self._hand(self.declarer))
            return [Discard(frozenset(pair)) for pair in combinations(hand, 2)]
        if self.phase == "contract":
            assert self.bid is not None
            return [Bid(contract) for contract in contract_choices(self.bid)]
        if self.phase == "whist":
            return list(self._whist_options())
        if self.phase == "lone":
            return list(self._lone_options())
        if self.phase == "answer":
            return [Say.AGREE, Say.REFUSE]
        if self.phase == "play":
            held = self.hands[self.card_seat]
            if self.rules.renonce_allowed:
                return [Play(card) for card in sorted_cards(held)]
            return [Play(card) for card in self._strict_follow(held)]
        return []

    def _may_claim_misdeal(self) -> bool:
        """Rule 12 under the option: a misdeal is claimed during the deal, before any call."""
        return self.rules.irregularities and self.phase == "auction" and not self.auction.calls

    def following(self) -> list[Play]:
        """The cards the seat due may play without a revoke (rules 31–32)."""
        return [Play(card) for card in self._strict_follow(self.hands[self.card_seat])]

    def _strict_follow(self, hand: Sequence[Card]) -> list[Card]:
        led = self._led_suit()
        trump = None if self.contract is None else self.contract.trump
        return following(hand, led, trump)

    def _led_suit(self) -> Suit | None:
        if self.talon_lead is not None:
            return self.talon_lead.suit
        return self.trick[0][1].suit if self.trick else None

    def _whist_options(self) -> tuple[Say, ...]:
        assert self.contract is not None
        said = dict(self.whist_calls)
        first, second = self.defenders
        if first in said and second in said:
            return Say.WHIST, Say.PASS
        if (
            first in said
            and said[first] is Say.PASS
            and self.contract.level in self.rules.half_whist_levels
        ):
            return Say.WHIST, Say.PASS, Say.HALF_WHIST
        return Say.WHIST, Say.PASS

    def _lone_options(self) -> tuple[Say, ...]:
        assert self.contract is not None
        mode = self.rules.lone_whist
        options = [Say.OPEN] if mode in ("choose", "open") else []
        if mode in ("choose", "closed"):
            options.append(Say.CLOSED)
        if self.contract.level in self.rules.claim_levels and not self.claim_refused:
            options.append(Say.CLAIM)
        return tuple(options)

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` may not be played now, in one sentence, or ``None``."""
        phase = self.phase
        if phase == "over":
            return "the deal is over"
        if isinstance(action, Misdeal):
            return self._why_not_misdeal()
        if phase == "auction":
            return self.auction.why_illegal(action)
        if phase == "discard":
            return self._why_not_discard(action)
        if phase == "contract":
            return self._why_not_contract(action)
        if phase == "play":
            return self._why_not_play(action)
        options: tuple[Say, ...]
        if phase == "whist":
            options, what = self._whist_options(), "whist or pass"
        elif phase == "lone":
            options, what = self._lone_options(), "choose how to defend"
        else:
            options, what = (Say.AGREE, Say.REFUSE), "agree to the claim or refuse it"
        if action in options:
            return None
        words = ", ".join(repr(option.value) for option in options)
        return f"now {_seat(self.to_move)} must {what}: {words}"

    def _why_not_misdeal(self) -> str | None:
        if not self.rules.irregularities:
            return "a program's deal has no misdeal (the 'irregularities' option is off)"
        if not self._may_claim_misdeal():
            return "a misdeal is claimed during the deal, before the first call (rule 12)"
        return None

    def _why_not_discard(self, action: Action) -> str | None:
        if not isinstance(action, Discard):
            return f"{_seat(self.declarer)} must first discard two cards face down (rule 21)"
        if len(action.cards) != 2:
            return "the discard is exactly two cards"
        missing = [card for card in action.cards if card not in self._hand(self.declarer)]
        if missing:
            return f"{_seat(self.declarer)} does not hold {cards_text(missing)}"
        return None

    def _why_not_contract(self, action: Action) -> str | None:
        assert self.bid is not None
        if not isinstance(action, Bid):
            return f"{_seat(self.declarer)} must name his contract"
        if action.contract.is_misere:
            return "misère is announced in the auction, before the talon is opened (rule 23)"
        if action.contract in contract_choices(self.bid):
            return None
        bought = action_text(self.bid)
        return f"bought at {bought}, one may not play {contract_text(action.contract)} (rule 21)"

    def _why_not_play(self, action: Action) -> str | None:
        if not isinstance(action, Play):
            return "the cards are being played: play a card"
        seat = self.card_seat
        hand = self.hands[seat]
        if action.card not in hand:
            return f"{_seat(seat)} does not hold {action.card}"
        if self.rules.renonce_allowed or action.card in self._strict_follow(hand):
            return None
        return (
            f"{action.card} does not follow: follow suit, else trump, else any card (rules 31–32)"
        )

    def _hand(self, seat: int | None) -> list[Card]:
        assert seat is not None
        return self.hands[seat]

    # ----------------------------------------------------------------- moves
    def _do(self, action: Action) -> list[Event]:
        if isinstance(action, Misdeal):
            return self._do_misdeal(action.kind)
        if self.phase == "auction":
            return self._do_auction(action)
        if self.phase == "discard":
            assert isinstance(action, Discard)
            return self._do_discard(action)
        if self.phase == "contract":
            assert isinstance(action, Bid)
            return self._name_contract(action.contract)
        if self.phase == "whist":
            assert isinstance(action, Say)
            return self._do_whist(action)
        if self.phase == "lone":
            assert isinstance(action, Say)
            return self._do_lone(action)
        if self.phase == "answer":
            return self._do_answer(action)
        assert isinstance(action, Play)
        return self._do_play(action.card)

    def _do_misdeal(self, kind: MisdealKind) -> list[Event]:
        """Rule 12: the deal is void; the match deals again, by the seat whose turn it is."""
        seat = self.auction.turn
        self.misdeal = kind
        self.kind = "redeal"
        what = {
            "exposed": "a card was exposed in the deal",
            "count": "a hand has the wrong number of cards",
            "turn": "the cards were dealt out of turn",
        }[kind]
        claim = public_event("misdeal", seat, f"{_seat(seat)} claims a misdeal: {what} (rule 12)")
        return [claim, *self._finish("void: the cards are dealt again")]

    def _do_auction(self, action: Action) -> list[Event]:
        seat = self.auction.turn
        assert seat is not None
        assert isinstance(action, Say | Bid | WithoutTalon)
        self.auction.apply(action)
        events = [public_event("call", seat, f"{_seat(seat)} says {action_text(action)}")]
        if not self.auction.is_over:
            return events
        if self.auction.winner is None:
            return events + self._start_allpass()
        self.declarer = self.auction.winner
        self.bid = self.auction.high
        assert self.bid is not None
        self.defenders = (self._next_active(self.declarer),)
        self.defenders += (self._next_active(self.defenders[0]),)
        events.append(
            public_event(
                "won",
                self.declarer,
                f"{_seat(self.declarer)} wins the talon at {action_text(self.bid)}",
            )
        )
        if isinstance(self.bid, WithoutTalon):
            self.phase = "contract"
            return events
        return events + self._show_talon()

    def _show_talon(self) -> list[Event]:
        assert self.declarer is not None
        self.talon_shown = True
        self.hands[self.declarer].extend(self.talon)
        self.phase = "discard"
        return [
            public_event(
                "talon",
                self.dealer,
                f"{_seat(self.dealer)} shows the talon to {_seat(self.declarer)}",
                self.talon,
            )
        ]

    def _do_discard(self, action: Discard) -> list[Event]:
        assert self.declarer is not None
        cards = sorted_cards(action.cards)
        for card in cards:
            self.hands[self.declarer].remove(card)
        self.discarded = cards
        event = private_event(
            "discard", self.declarer, f"{_seat(self.declarer)} discards two cards face down", cards
        )
        if is_misere(self.bid):
            return [event, *self._name_contract(MISERE)]
        self.phase = "contract"
        return [event]

    def _name_contract(self, contract: Contract) -> list[Event]:
        assert self.declarer is not None
        self.contract = contract
        self.kind = "misère" if contract.is_misere else "game"
        events = [
            public_event(
                "contract",
                self.declarer,
                f"{_seat(self.declarer)} names {contract_text(contract)}"
                + (" without the talon" if isinstance(self.bid, WithoutTalon) else ""),
            )
        ]
        if contract.is_misere:
            return events + self._start_play("closed")
        if contract.level == 10 and self.rules.ten_is_checked:
            events += self._start_play("checked")
            for seat in self.active:
                events += self._open_hand(seat, "lays his cards face up to check the ten")
            return events
        self.phase = "whist"
        return events

    def _do_whist(self, say: Say) -> list[Event]:
        seat = self._whist_turn()
        said = dict(self.whist_calls)
        if seat in said:
            self.whist_calls = [(s, c) for s, c in self.whist_calls if s != seat]
        self.whist_calls.append((seat, say))
        events = [public_event("whist", seat, f"{_seat(seat)} says {say.value}")]
        said = dict(self.whist_calls)
        first, second = self.defenders
        if first not in said or second not in said:
            return events
        if said[second] is Say.HALF_WHIST and said[first] is Say.PASS and seat == second:
            return events  # the first defender may now change his pass to a whist
        if said[first] is Say.WHIST and said[second] is Say.HALF_WHIST:
            self.whist_calls = [(first, Say.WHIST), (second, Say.PASS)]
        whisters = [s for s in self.defenders if dict(self.whist_calls)[s] is Say.WHIST]
        if len(whisters) == 2:
            return events + self._start_play("closed")
        if not whisters:
            return events + self._finish("no play")
        self.whister = whisters[0]
        return events + self._offer_lone()

    def _offer_lone(self) -> list[Event]:
        options = self._lone_options()
        if len(options) == 1:
            return self._do_lone(options[0])
        self.phase = "lone"
        return []

    def _do_lone(self, say: Say) -> list[Event]:
        whister = self.whister
        assert whister is not None
        events = [public_event("defence", whister, f"{_seat(whister)} says {say.value}")]
        if say is Say.CLAIM:
            self.phase = "answer"
            return events
        return events + self._start_play("open" if say is Say.OPEN else "closed")

    def _do_answer(self, action: Action) -> list[Event]:
        declarer = self.declarer
        events = [public_event("answer", declarer, f"{_seat(declarer)} says {action_text(action)}")]
        if action is Say.AGREE:
            self.claimed = True
            return events + self._finish("claimed")
        self.claim_refused = True
        return events + self._offer_lone()

    def _start_allpass(self) -> list[Event]:
        self.kind = "all-pass"
        events = [public_event("all-pass", None, "all pass: the deal is played as an all-pass")]
        events += self._start_play("none")
        if self.rules.allpass_talon == "lead":
            events += self._turn_talon_card()
        return events

    def _turn_talon_card(self) -> list[Event]:
        card = self.talon[self.trick_number]
        self.talon_lead = card
        self.talon_shown = True
        text = f"{_seat(self.dealer)} turns a talon card, which leads the trick"
        return [public_event("talon-lead", self.dealer, text, [card])]

    def _start_play(self, defence: Defence) -> list[Event]:
        self.defence = defence
        self.phase = "play"
        self.leader = self.active[0]
        return []

    def _open_hand(self, seat: int, why: str) -> list[Event]:
        self.opened.add(seat)
        return [public_event("open", seat, f"{_seat(seat)} {why}", sorted_cards(self.hands[seat]))]

    def _do_play(self, card: Card) -> list[Event]:
        seat = self.card_seat
        revoke = card not in self._strict_follow(self.hands[seat])
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events = [public_event("play", seat, f"{_seat(seat)} plays", [card])]
        if revoke:
            renonce = Renonce(seat, self.trick_number + 1, card)
            self.renonces.append(renonce)
            self.trick_renonces.append(renonce)
            events.append(public_event("renonce", seat, f"{_seat(seat)} revokes with {card}"))
        if self._defence_opens_after(seat):
            events += self._open_defence()
        if len(self.trick) == 3:
            events += self._end_trick()
        return events

    def _defence_opens_after(self, seat: int) -> bool:
        """Whether the card ``seat`` just played lays an open whist's hands face up (rule 28)."""
        if self.defence != "open" or self.trick_number != 0:
            return False
        if self.rules.open_whist_after == "declarer-card":
            return seat == self.declarer
        return len(self.trick) == 1

    def _open_defence(self) -> list[Event]:
        whister = self.whister
        assert whister is not None
        passer = next(seat for seat in self.defenders if seat != whister)
        self.controller[passer] = whister
        events: list[Event] = []
        for seat in self.defenders:
            events += self._open_hand(seat, "lays his cards face up (open whist, rule 28)")
        return events

    def _end_trick(self) -> list[Event]:
        cards = [card for _, card in self.trick]
        trump = None if self.contract is None else self.contract.trump
        led = self.talon_lead.suit if self.talon_lead is not None else None
        winner: int | None = self.trick[winner_index(cards, trump, led)][0]
        if led is not None and all(card.suit != led for card in cards):
            winner = None  # nobody followed the talon card: the trick is nobody's
        winner = self._renonce_winner(winner)
        self.trick_number += 1
        self.last_trick = tuple(self.trick)
        self.trick = []
        self.trick_renonces = []
        events: list[Event] = []
        if winner is None:
            events.append(public_event("trick", None, "nobody takes the trick"))
        else:
            self.tricks[winner] += 1
            events.append(public_event("trick", winner, f"{_seat(winner)} takes the trick"))
        talon_trick = self.talon_lead is not None
        self.talon_lead = None
        if self.trick_number == HAND:
            return events + self._finish("played")
        if talon_trick and self.trick_number < len(self.talon):
            events += self._turn_talon_card()
        elif talon_trick or winner is None:
            self.leader = self.active[0]  # rule 29: after the talon the first hand leads
        else:
            self.leader = winner
        if self.trick_number == 1 and self.kind == "misère" and self.rules.misere_open != "none":
            events += self._open_misere()
        return events

    def _open_misere(self) -> list[Event]:
        assert self.declarer is not None
        if self.rules.misere_open == "declarer":
            return self._open_hand(self.declarer, "lays his misère face up")
        events: list[Event] = []
        for seat in self.defenders:
            events += self._open_hand(seat, "lays his cards face up to catch the misère")
        return events

    def _renonce_winner(self, winner: int | None) -> int | None:
        """Rules 34–36: who a trick with a revoke goes to, in a game on tricks."""
        if not self.trick_renonces or self.kind != "game" or self.declarer is None:
            return winner
        revokers = {renonce.seat for renonce in self.trick_renonces}
        declarer = self.declarer
        defenders_revoked = revokers - {declarer}
        led = self.trick[0][1].suit
        trump = None if self.contract is None else self.contract.trump
        if declarer in revokers and not defenders_revoked:
            followers = [(s, c) for s, c in self.trick if s != declarer and c.suit == led]
            if not followers:
                return winner
            return followers[winner_index([c for _, c in followers], None, led)][0]
        if declarer not in revokers:
            return declarer if winner in defenders_revoked else winner

        def seniority(card: Card) -> tuple[bool, bool, int]:
            return card.suit == trump, card.suit == led, int(card.rank)

        offenders = [(s, c) for s, c in self.trick if s in revokers]
        return max(offenders, key=lambda pair: seniority(pair[1]))[0]

    def _finish(self, how: str) -> list[Event]:
        self.phase = "over"
        return [public_event("end", None, f"the deal is over ({how})")]

    # ----------------------------------------------------------------- what seats see
    def view(self, seat: int) -> PreferansView:
        """What ``seat`` knows: its own cards and what the table has shown."""
        to_move = self.to_move
        playing_for = self.card_seat if self.phase == "play" and to_move == seat else None
        own = tuple(sorted_cards(self.hands[seat])) if seat in self.hands else ()
        opened = tuple(
            (other, sorted_cards(self.hands[other]))
            for other in sorted(self.opened)
            if other != seat
        )
        return PreferansView(
            seat=seat,
            players=self.seats,
            dealer=self.dealer,
            first_hand=self.active[0],
            phase=self.phase,
            to_move=to_move,
            playing_for=playing_for,
            hand=own,
            open_hands=opened,
            talon=self._shown_talon(),
            discard=self.discarded if seat == self.declarer else (),
            calls=tuple((s, action_text(call)) for s, call in self.auction.calls),
            high_bid=None if self.auction.high is None else action_text(self.auction.high),
            min_bid_level=self.auction.min_level,
            declarer=self.declarer,
            contract=None if self.contract is None else contract_text(self.contract),
            whist=tuple((s, say.value) for s, say in self.whist_calls),
            defence=None if self.phase in ("auction", "discard", "contract") else self.defence,
            trick=tuple(self.trick),
            talon_lead=self.talon_lead,
            last_trick=self.last_trick,
            tricks=tuple(self.tricks),
            allpass_series=self._series(),
        )

    def _shown_talon(self) -> tuple[Card, ...]:
        if not self.talon_shown:
            return ()
        if self.kind == "all-pass":
            return self.talon[: min(self.trick_number + 1, len(self.talon))]
        return self.talon

    def _series(self) -> int:
        return self.previous_allpasses + 1 if self.kind == "all-pass" else 0

    def outcome(self) -> DealOutcome:
        """The finished deal as a score sheet needs it."""
        kind = self.kind or "all-pass"
        talon = self._shown_talon()
        return DealOutcome(
            kind=kind,
            players=self.seats,
            dealer=self.dealer,
            first_hand=self.active[0],
            bids=tuple((s, action_text(call)) for s, call in self.auction.calls),
            declarer=self.declarer,
            winning_bid=None if self.bid is None else action_text(self.bid),
            contract=self.contract,
            without_talon=isinstance(self.bid, WithoutTalon),
            defenders=self.defenders,
            whist=self._final_whist(),
            defence=self.defence if self.phase == "over" and self.trick_number else "none",
            played=self.trick_number > 0,
            claimed=self.claimed,
            tricks=tuple(self.tricks),
            allpass_series=self._series(),
            talon=talon,
            good_talon_tricks=good_talon_tricks(talon) if kind != "all-pass" and talon else 0,
            talon_aces=0 if kind == "all-pass" else sum(card.rank is Rank.ACE for card in talon),
            renonces=tuple(self.renonces),
            declarer_credited=self._revoked("defence") and not self._revoked("declarer"),
            declarer_revoked=self._revoked("declarer"),
            misdeal=self.misdeal,
        )

    def _revoked(self, side: Literal["declarer", "defence"]) -> bool:
        """Whether that side revoked in a game on tricks (where rules 34–36 apply)."""
        if self.kind != "game":
            return False
        return any((r.seat == self.declarer) == (side == "declarer") for r in self.renonces)

    def _final_whist(self) -> tuple[tuple[int, WhistChoice], ...]:
        if self.kind != "game":
            return ()
        if self.defence == "checked":
            return tuple((seat, "checked") for seat in self.defenders)
        words: dict[Say, WhistChoice] = {
            Say.WHIST: "whist",
            Say.PASS: "pass",
            Say.HALF_WHIST: "half-whist",
        }
        return tuple((seat, words[say]) for seat, say in self.whist_calls)


def deal_cards(
    deck: tuple[Card, ...], active: tuple[int, ...], talon_after_round: int
) -> tuple[dict[int, list[Card]], tuple[Card, Card]]:
    """Deal by twos from the first hand, the talon after round one or two (rules 9–10).

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


def _seat(seat: int | None) -> str:
    return f"seat {seat}"
