"""A poker deal on top of the table: cards, betting rounds, the draw, declarations, showdown.

This is the thin layer that puts the betting (:mod:`cardtable.poker.betting`), the limits,
the pots and the ledger around the cards of two forms of the seed (002_053e85955f9a4108.txt):
standard draw poker («Покер с досдачей»: ante, five cards, a betting round, the draw of up to
three cards, a second round, the showdown) and seven-card stud («Семикарточный гвоздь»: two
cards down and one up, rounds alternating with cards dealt face up to seven, the last down).

Hands are judged by an injected :class:`CardJudge` (the hand evaluator of issue 6 at
integration); the tests use a tiny explicit judge of their own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from itertools import combinations
from typing import Any, Protocol

from cardtable.cards import Card, DeckSpec, Rank, Suit, cards_text
from cardtable.engine.deal import Deal, DealSetup, Event, private_event, public_event
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.rules import option
from cardtable.errors import IllegalAction
from cardtable.poker.actions import (
    Check,
    Declare,
    Discard,
    Fold,
    Side,
    TableAction,
    action_text,
    parse_action,
)
from cardtable.poker.betting import Betting, BettingRules, ForcedBets
from cardtable.poker.ledger import HouseRules, Ledger, cut_pots
from cardtable.poker.limits import Limits
from cardtable.poker.pots import (
    DeclarationMode,
    Declarations,
    HandOrder,
    Pot,
    award_high,
    award_high_low,
    build_pots,
    showdown_order,
)
from cardtable.poker.session import DealerChoice, DealTerms, Session, SessionRules

SEED = "002_053e85955f9a4108.txt"


class Variant(StrEnum):
    """The forms of poker this layer deals."""

    DRAW = "draw"
    """«Покер с досдачей»: стандартный вариант."""
    SEVEN_CARD_STUD = "seven-card-stud"
    """«Семикарточный гвоздь»."""
    LOWBALL = "lowball"
    """«Лоуболл»: draw poker won by the lowest hand, with its own betting."""

    @property
    def draws(self) -> bool:
        """Whether the form has a draw (five cards down, two betting rounds)."""
        return self is not Variant.SEVEN_CARD_STUD


class Openers(StrEnum):
    """What a player needs to open the first round of draw poker."""

    ANY = "any"
    """«Пас со сбросом»: any hand opens."""
    JACKS = "jacks"
    """«Валеты и выше»: a pair of jacks or better."""


PROGRESSION = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.KING, Rank.QUEEN)
"""The progressive openers after deals nobody opened: jacks, queens, kings, aces, kings,
queens, and back to jacks ("Прогрессивная система приема начальной ставки")."""


PAIR_NAMES = {Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings", Rank.ACE: "aces"}
"""How players name the opening pairs."""


def opening_pair(rank: Rank) -> tuple[Card, ...]:
    """The least hand that opens at ``rank``: a pair of that rank with 4, 3, 2.

    Any judge ranks every qualifying hand at least as high, so no evaluator needs to know
    about openers.
    """
    others = [r for r in (Rank.FOUR, Rank.THREE, Rank.TWO, Rank.FIVE) if r != rank][:3]
    suits = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS)
    ranks = (rank, rank, *others)
    return tuple(Card(r, suit) for r, suit in zip(ranks, suits, strict=True))


class CardJudge(Protocol):
    """Judges any set of cards: the hand evaluator's side of the table."""

    def high(self, cards: Sequence[Card]) -> int:
        """The best high hand in ``cards`` (any number of them); bigger is better."""
        ...

    def low(self, cards: Sequence[Card]) -> int | None:
        """The best low hand in ``cards``, bigger is better; ``None`` if there is none."""
        ...

    def category(self, cards: Sequence[Card]) -> str:
        """The category of the best high hand in ``cards`` (one of ``pots.CATEGORIES``)."""
        ...


@dataclass(frozen=True)
class PokerRules:
    """Everything a table agrees before the first deal ("О каких правилах следует договориться")."""

    variant: Variant = option(
        Variant.DRAW, "The form of poker: draw, seven-card-stud or lowball.", SEED
    )
    limits: Limits = option(Limits(), "The limit system and its numbers.", f"{SEED}, Пределы")
    betting: BettingRules = option(BettingRules(), "Checking, raise caps, freeze.", SEED)
    forced: ForcedBets = option(ForcedBets(), "Antes, blinds, straddles, bring-in.", SEED)
    house: HouseRules = option(HouseRules(), "Chips, bonuses, kitty and rake.", SEED)
    session: SessionRules = option(SessionRules(), "Seating, time, dealer's choice.", SEED)
    high_low: DeclarationMode | None = option(
        None,
        "High-low: None for high only, or in-turn, chips or cards-speak.",
        f"{SEED}, Покер «Больше-меньше»",
    )
    draw_most: int = option(
        3, "The most cards a player may draw.", f"{SEED}, досдача (одну, две или три карты)"
    )
    openers: Openers = option(
        Openers.ANY,
        "Draw poker's first round: open with any hand (пас со сбросом) or jacks or better.",
        f"{SEED}, «Покер с досдачей»: стандартный вариант, Первый круг ставок 1)-2)",
    )
    progressive_openers: bool = option(
        False,
        "After a deal nobody opened, the next needs queens, then kings, aces, kings, queens, "
        "jacks; an opened deal returns to jacks.",
        f"{SEED}, Варианты «Валеты и выше» 1)",
    )
    stake: int = option(100, "The chips each player buys at the start.", f"{SEED}, Ставочные")
    deals: int = option(10, "Deals in a session (0: until a freeze-out ends).", SEED)


@dataclass(frozen=True)
class PokerView:
    """All that one seat may know: its cards, the face-up cards, the chips and the turn."""

    seat: int
    variant: str
    phase: str
    down: tuple[Card, ...]
    up: tuple[tuple[Card, ...], ...]
    shown: tuple[tuple[Card, ...], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    in_hand: tuple[int, ...]
    to_move: int | None
    round_index: int
    declarations: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class PokerOutcome:
    """What a deal did to the chips, and what the session needs to know of it."""

    changes: tuple[int, ...]
    rake: int
    kitty: int
    carried: int
    void: bool
    best_category: str | None
    won_unopposed_by: int | None
    bonus_seats: tuple[int, ...]


@dataclass
class _Seat:
    down: list[Card] = field(default_factory=list)
    up: list[Card] = field(default_factory=list)

    @property
    def cards(self) -> list[Card]:
        return [*self.down, *self.up]


class PokerDeal(Deal[TableAction, PokerView]):
    """One deal of draw poker or seven-card stud."""

    def __init__(
        self,
        seats: int,
        setup: DealSetup,
        rules: PokerRules,
        judge: CardJudge,
        *,
        stacks: Sequence[int],
        in_deal: Sequence[bool],
        terms: DealTerms | None = None,
        carried: int = 0,
        jackpot_antes: Sequence[int] = (),
        openers: Rank | None = None,
    ) -> None:
        super().__init__(seats, setup)
        self.openers = openers
        self.openers_shown: tuple[Card, ...] = ()
        self.rules = rules
        self.judge = judge
        self.start_stacks = tuple(stacks)
        terms = terms or DealTerms()
        self.hands = [_Seat() for _ in range(seats)]
        self.stock = list(setup.deck)
        self.discards: list[Card] = []
        self.rng = random.Random(setup.seed)
        self.phase = "bet"
        self.round_index = 0
        self.first_bettor: int | None = None
        self.round_first = 0
        self.drawn: set[int] = set()
        self.declarations: Declarations | None = None
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.result: PokerOutcome | None = None
        dealer = setup.dealer
        self.betting = Betting(
            seats,
            list(stacks),
            rules.limits,
            rules.betting,
            dealer=dealer,
            in_deal=list(in_deal),
            factor=terms.factor,
            blind_option=rules.forced.blind_option,
            dead=carried,
        )
        events = self._antes(jackpot_antes)
        self.betting.jackpot_maximum = self.betting.pot if any(jackpot_antes) else 0
        self.dealt = False
        if rules.variant is Variant.SEVEN_CARD_STUD:
            events += self._deal_first()
        events += self._start_round()
        self._log(events)

    # ----------------------------------------------------------------- protocol

    @property
    def to_move(self) -> int | None:
        """The seat to act, draw or declare; ``None`` when the deal is over."""
        if self.phase == "bet":
            return self.betting.to_act
        if self.phase == "draw":
            return self._next_drawer()
        if self.phase == "declare" and self.declarations is not None:
            return self.declarations.to_declare
        return None

    def legal_actions(self) -> list[TableAction]:
        """The seat to move's legal actions (bets by the ends of their range)."""
        seat = self.to_move
        if seat is None:
            return []
        if self.phase == "bet":
            return [
                action for action in self.betting.legal_actions() if not self.why_illegal(action)
            ]
        if self.phase == "draw":
            cards = self.hands[seat].down
            most = self._draw_most()
            return [Discard(combo) for n in range(most + 1) for combo in combinations(cards, n)]
        sides = [Side.HIGH, Side.LOW, Side.BOTH]
        return [Declare(side) for side in sides if self.why_illegal(Declare(side)) is None]

    def why_illegal(self, action: TableAction) -> str | None:
        """Why ``action`` may not be played now, in one sentence."""
        seat = self.to_move
        if seat is None:
            return "the deal is over"
        if self.phase == "bet":
            if isinstance(action, Discard | Declare):
                return "this is a betting round"
            reason = self.betting.why_illegal(seat, action)
            if reason is None and self._opens(action) and not self._may_open(seat):
                assert self.openers is not None
                return f"a pair of {PAIR_NAMES[self.openers]} or better is needed to open"
            return reason
        if self.phase == "draw":
            if not isinstance(action, Discard):
                return "it is the draw: discard cards or stand pat"
            hand = self.hands[seat].down
            if any(card not in hand for card in action.cards):
                return f"seat {seat} does not hold {cards_text(action.cards)}"
            if len(set(action.cards)) != len(action.cards):
                return "a card is named twice"
            if len(action.cards) > self._draw_most():
                return f"a player may draw at most {self._draw_most()} cards"
            return None
        if not isinstance(action, Declare) or self.declarations is None:
            return "it is time to declare high, low or both"
        return self.declarations.why_illegal(seat, action.side)

    def _do(self, action: TableAction) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        if isinstance(action, Discard):
            return self._draw(seat, action.cards) + self._after_draw()
        if isinstance(action, Declare):
            return self._declare(seat, action.side)
        opening = self._opens(action)
        text = self.betting.act(seat, action)
        if opening:
            self.first_bettor = seat
            self.openers_shown = tuple(self.hands[seat].cards)
        events = [public_event("bet", seat, text), *self._deal_after_blinds()]
        if self.betting.round_over:
            events += self._after_round()
        return events

    def view(self, seat: int) -> PokerView:
        """What ``seat`` knows: its own down cards, everyone's up cards, what was shown."""
        current = self.betting.round
        return PokerView(
            seat=seat,
            variant=self.rules.variant.value,
            phase=self.phase,
            down=tuple(self.hands[seat].down),
            up=tuple(tuple(hand.up) for hand in self.hands),
            shown=tuple(self.shown.get(other, ()) for other in range(self.seats)),
            stacks=tuple(self.betting.stacks),
            bets=tuple(current.bets) if current else (0,) * self.seats,
            pot=self.betting.pot,
            in_hand=tuple(self.betting.in_hand),
            to_move=self.to_move,
            round_index=self.round_index,
            declarations=tuple(
                (who, side.value)
                for who, side in (self.declarations.visible() if self.declarations else {}).items()
            ),
        )

    def outcome(self) -> PokerOutcome:
        """The finished deal's chips and news for the session."""
        if self.result is None:
            raise IllegalAction("the deal is not over")
        return self.result

    # ----------------------------------------------------------------- dealing

    def _opens(self, action: TableAction) -> bool:
        """Whether ``action`` is the deal's first chips put in voluntarily (the opening)."""
        return self.first_bettor is None and not isinstance(
            action, Fold | Check | Discard | Declare
        )

    def _may_open(self, seat: int) -> bool:
        if self.openers is None or self.round_index > 0:
            return True
        least = self.judge.high(opening_pair(self.openers))
        return self.judge.high(self.hands[seat].cards) >= least

    def _antes(self, jackpot_antes: Sequence[int]) -> list[Event]:
        events = []
        forced = self.rules.forced
        for seat in forced.ante_seats(self.seats, self.setup.dealer):
            if not self.betting.folded[seat]:
                paid = self.betting.post_ante(seat, forced.ante)
                events.append(public_event("ante", seat, f"seat {seat} antes {paid}"))
        for seat, amount in enumerate(jackpot_antes):
            if amount and not self.betting.folded[seat]:
                paid = self.betting.post_ante(seat, amount)
                events.append(public_event("ante", seat, f"seat {seat} antes {paid} (jackpot)"))
        return events

    def _take(self, count: int) -> list[Card]:
        if len(self.stock) - 1 < count:
            # "Нижняя карта колоды не используется": the bottom card and the discards are
            # shuffled together to go on dealing.
            pool = self.stock + self.discards
            self.rng.shuffle(pool)
            self.stock, self.discards = pool, []
        taken, self.stock = self.stock[:count], self.stock[count:]
        return taken

    def _dealing_order(self) -> list[int]:
        dealer = self.setup.dealer
        order = [(dealer + 1 + step) % self.seats for step in range(self.seats)]
        return [seat for seat in order if not self.betting.folded[seat]]

    def _deal_round(self, *, down: int, up: int) -> list[Event]:
        events = []
        for seat in self._dealing_order():
            if down:
                cards = self._take(down)
                self.hands[seat].down += cards
                events.append(private_event("deal", seat, f"seat {seat} is dealt {down}", cards))
            if up:
                cards = self._take(up)
                self.hands[seat].up += cards
                events.append(public_event("deal", seat, f"seat {seat} is dealt face up", cards))
        return events

    # ----------------------------------------------------------------- rounds

    def _rounds(self) -> int:
        return 2 if self.rules.variant.draws else 5

    def _start_round(self) -> list[Event]:
        first = self._round_opener()
        self.round_first = first
        last = self.round_index == self._rounds() - 1
        lowball = self.rules.variant is Variant.LOWBALL
        # Лоуболл 2) and 4): no check in the first round; a checker may not raise in the second.
        checking = None if not lowball or self.round_index > 0 else False
        checker_may_raise = not (lowball and self.round_index > 0)
        self.betting.start_round(
            self.round_index,
            first,
            last=last,
            checking=checking,
            checker_may_raise=checker_may_raise,
        )
        forced = self.rules.forced
        if self.round_index == 0 and self.rules.variant is Variant.SEVEN_CARD_STUD:
            if forced.bring_in:
                order = self._dealing_order()
                low = min(
                    order,
                    key=lambda seat: (highest_up_card(self.hands[seat].up), order.index(seat)),
                )
                first = (low + 1) % self.seats
                self.betting.start_round(0, first, last=last)
                self.round_first = first
                self.betting.post_blind(low, forced.bring_in)
                self.first_bettor = low
        elif self.round_index == 0:
            blinds = forced.blind_seats(self.seats, self.setup.dealer)
            live = [(seat, amount) for seat, amount in blinds if not self.betting.folded[seat]]
            if live:
                after = (live[-1][0] + 1) % self.seats
                self.betting.start_round(
                    0, after, last=last, checking=checking, straddles=forced.straddles
                )
                self.round_first = after
                for seat, amount in live:
                    self.betting.post_blind(seat, amount)
                self.first_bettor = live[0][0]
        events = [public_event("round", first, f"betting round {self.round_index + 1}")]
        events += self._deal_after_blinds()
        if self.betting.round_over:
            events += self._after_round()
        return events

    def _deal_first(self) -> list[Event]:
        """The first cards: five down in draw, two down and one up in stud."""
        self.dealt = True
        if self.rules.variant.draws:
            return self._deal_round(down=5, up=0)
        return self._deal_round(down=2, up=1)

    def _deal_after_blinds(self) -> list[Event]:
        """Deal once the blind bets are made: blinds and straddles come before the cards.

        "Перед сдачей ... ставит одну фишку втемную"; "при ставках до расдачи".
        """
        current = self.betting.round
        if self.dealt or (current is not None and current.straddle_window):
            return []
        return self._deal_first()

    def _round_opener(self) -> int:
        dealer = self.setup.dealer
        left = (dealer + 1) % self.seats
        if self.rules.variant is Variant.LOWBALL:
            return left
        if self.rules.variant is Variant.DRAW:
            if self.round_index == 0 or self.first_bettor is None:
                return left
            return self.first_bettor
        candidates = self._dealing_order()

        def shown_value(seat: int) -> tuple[int, int]:
            up = self.hands[seat].up
            if self.round_index == 0:
                return (highest_up_card(up), -candidates.index(seat))
            return (self.judge.high(up), -candidates.index(seat))

        return max(candidates, key=shown_value)

    def _after_round(self) -> list[Event]:
        betting = self.betting
        current = betting.round
        events: list[Event] = []
        if betting.one_left:
            return self._finish()
        if (
            self.rules.variant is Variant.DRAW
            and self.round_index == 0
            and current is not None
            and current.all_checked
        ):
            return self._finish(void=True)
        self.round_index += 1
        if self.round_index >= self._rounds():
            return self._declare_or_show()
        if self.rules.variant.draws:
            self.phase = "draw"
            events.append(public_event("draw", None, "the draw"))
            if self.rules.variant is Variant.LOWBALL:
                # Лоуболл 3): "перед обменом сдающий «сжигает» (вскрывает и убирает в сброс)
                # верхнюю карту колоды".
                burned = self._take(1)
                self.discards += burned
                events.append(public_event("burn", None, "the dealer burns a card", burned))
            if self._next_drawer() is None:
                events += self._after_draw()
            return events
        street = self.round_index + 3
        events += self._deal_round(down=1 if street == 7 else 0, up=0 if street == 7 else 1)
        return events + self._start_round()

    # ----------------------------------------------------------------- the draw

    def _draw_most(self) -> int:
        return min(self.rules.draw_most, 5)

    def _next_drawer(self) -> int | None:
        for seat in self._dealing_order():
            if seat not in self.drawn:
                return seat
        return None

    def _draw(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        self.drawn.add(seat)
        hand = self.hands[seat]
        if not cards:
            return [public_event("draw", seat, f"seat {seat} stands pat")]
        for card in cards:
            hand.down.remove(card)
        new = self._take(len(cards))
        self.discards += cards
        hand.down += new
        count = len(cards)
        return [
            Event("discard", seat, f"seat {seat} discards {count}", cards, frozenset({seat})),
            private_event("draw", seat, f"seat {seat} draws {count}", new),
        ]

    def _after_draw(self) -> list[Event]:
        if self._next_drawer() is not None:
            return []
        self.phase = "bet"
        return self._start_round()

    # ----------------------------------------------------------------- showdown

    def _declare_or_show(self) -> list[Event]:
        mode = self.rules.high_low
        if mode is None or mode is DeclarationMode.CARDS_SPEAK:
            return self._finish()
        order = self._dealing_order()
        both = self.rules.variant is Variant.SEVEN_CARD_STUD
        self.declarations = Declarations(mode, order, both_allowed=both)
        self.phase = "declare"
        return [public_event("declare", None, "declarations, from the dealer's left")]

    def _declare(self, seat: int, side: Side) -> list[Event]:
        declarations = self.declarations
        assert declarations is not None
        declarations.declare(seat, side)
        if declarations.mode is DeclarationMode.IN_TURN:
            events = [public_event("declare", seat, f"seat {seat} declares {side.value}")]
        else:
            events = [public_event("declare", seat, f"seat {seat} holds a chip in his hand")]
        if declarations.done:
            said = ", ".join(f"seat {s} {d.value}" for s, d in declarations.made.items())
            if declarations.mode is DeclarationMode.CHIPS:
                events.append(public_event("declare", None, f"the chips are shown: {said}"))
            events += self._finish()
        return events

    def _finish(self, *, void: bool = False) -> list[Event]:
        betting = self.betting
        self.phase = "over"
        events: list[Event] = []
        final = list(betting.stacks)
        if void:
            carried = betting.pot
            events.append(public_event("void", None, "everyone checked: the deal is void"))
            self.result = self._result(final, 0, 0, carried, void=True, best=None)
            return events
        pots, returned = build_pots(betting.contributed, betting.folded)
        for seat, back in enumerate(returned):
            final[seat] += back
        in_hand = betting.in_hand
        if pots:
            pots[0] = Pot(pots[0].amount + betting.dead, pots[0].eligible)
        elif betting.dead:
            pots = [Pot(betting.dead, tuple(in_hand))]
        called = betting.last_aggressor if betting.last_aggressor in in_hand else None
        order = showdown_order(in_hand, self.round_first if called is None else called, self.seats)
        hands = _SeatHands(self.judge, {seat: self.hands[seat].cards for seat in in_hand})
        judged: HandOrder = hands
        if self.rules.variant is Variant.LOWBALL:
            judged = _LowWins(hands)
        best: str | None = None
        bonus: list[int] = []
        if len(in_hand) > 1:
            for seat in order:
                self.shown[seat] = tuple(self.hands[seat].cards)
                events.append(
                    public_event("show", seat, f"seat {seat} shows", self.hands[seat].cards)
                )
                if hands.category(seat) in self.rules.house.bonus_hands and self.rules.house.bonus:
                    bonus.append(seat)
            best = hands.category(max(in_hand, key=hands.high))
        if self.openers is not None and self.first_bettor is not None:
            opener = self.first_bettor
            events.append(
                public_event(
                    "openers", opener, f"seat {opener} proves his openers", self.openers_shown
                )
            )
        cut = cut_pots(pots, self.rules.house, raises=betting.raises_in_deal, winner_category=best)
        if self.rules.high_low is None or len(in_hand) == 1:
            shares = award_high(cut.pots, judged, order)
        else:
            said = self.declarations.made if self.declarations is not None else None
            shares = award_high_low(cut.pots, hands, order, said)
        names = ["main pot", *(f"side pot {n}" for n in range(1, len(cut.pots)))]
        for share in shares:
            final[share.seat] += share.amount
            events.append(
                public_event(
                    "win", share.seat, f"seat {share.seat} wins {share.amount} ({names[share.pot]})"
                )
            )
        winner = in_hand[0] if len(in_hand) == 1 else None
        unopposed = winner if winner is not None and winner == self.first_bettor else None
        self.result = self._result(
            final, cut.rake, cut.kitty, 0, void=False, best=best, unopposed=unopposed, bonus=bonus
        )
        return events

    def _result(
        self,
        final: list[int],
        rake: int,
        kitty: int,
        carried: int,
        *,
        void: bool,
        best: str | None,
        unopposed: int | None = None,
        bonus: Sequence[int] = (),
    ) -> PokerOutcome:
        changes = tuple(
            after - before for after, before in zip(final, self.start_stacks, strict=True)
        )
        return PokerOutcome(changes, rake, kitty, carried, void, best, unopposed, tuple(bonus))


@dataclass
class _SeatHands:
    """A :class:`~cardtable.poker.pots.HandOrder` over the seats' cards, by a judge."""

    judge: CardJudge
    cards: dict[int, list[Card]]

    def high(self, seat: int) -> int:
        return self.judge.high(self.cards[seat])

    def low(self, seat: int) -> int | None:
        return self.judge.low(self.cards[seat])

    def category(self, seat: int) -> str:
        return self.judge.category(self.cards[seat])


@dataclass
class _LowWins:
    """Lowball's order: the best low hand is the winner ("побеждает самый младший расклад")."""

    hands: _SeatHands

    def high(self, seat: int) -> int:
        low = self.hands.low(seat)
        return -1 if low is None else low

    def low(self, seat: int) -> int | None:
        return None

    def category(self, seat: int) -> str:
        return self.hands.category(seat)


DECK = DeckSpec.named("52").cards()


class PokerMatch(Match[TableAction, PokerRules]):
    """A session of deals with the ledger, the rotation of the deal and the special deals."""

    def __init__(
        self,
        game: Game[Any],
        rules: PokerRules,
        seats: Sequence[str],
        preset: str | None,
        judge: CardJudge,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        self.judge = judge
        self.unopened = 0
        self.session = Session(seats, 0, rules.session, rules.limits, rules.house)
        stake = rules.limits.freeze_out_stake if rules.limits.freeze_out else rules.stake
        for name in seats:
            self.session.ledger.buy(name, stake)

    @property
    def ledger_book(self) -> Ledger:
        """The banker's ledger of this session."""
        return self.session.ledger

    def _playing(self) -> list[bool]:
        ledger = self.session.ledger
        chips = self.rules.limits.chips_limit_bets
        return [
            name in self.session.players and (ledger.stacks[name] > 0 or not chips)
            for name in self.seats
        ]

    @property
    def is_over(self) -> bool:
        """After the agreed deals, when a freeze-out is won, or when fewer than two can play."""
        if self.current is not None:
            return False
        enough = self.rules.deals and len(self.deals) >= self.rules.deals
        return bool(enough) or self.session.is_over or sum(self._playing()) < 2

    def next_dealer(self) -> int:
        """The seat of the session's next dealer."""
        return self.seats.index(self.session.dealer_name)

    def deck(self) -> tuple[Card, ...]:
        """Fifty-two cards."""
        return DECK

    def _new_deal(self, setup: DealSetup) -> PokerDeal:
        ledger = self.session.ledger
        terms = self.session.terms()
        antes = [terms.jackpot_antes.get(name, 0) for name in self.seats]
        rules = self.rules
        if self.session.choice is not None:
            rules = replace(rules, variant=Variant(self.session.choice.variant))
        openers = None
        if rules.variant is Variant.DRAW and rules.openers is Openers.JACKS:
            step = self.unopened % len(PROGRESSION) if rules.progressive_openers else 0
            openers = PROGRESSION[step]
        return PokerDeal(
            len(self.seats),
            setup,
            rules,
            self.judge,
            stacks=[ledger.stacks[name] for name in self.seats],
            in_deal=self._playing(),
            terms=terms,
            carried=ledger.pot,
            jackpot_antes=antes,
            openers=openers,
        )

    def _book(self, deal: Deal[TableAction, Any]) -> list[Event]:
        outcome: PokerOutcome = deal.outcome()
        ledger = self.session.ledger
        self.unopened = self.unopened + 1 if outcome.void else 0
        changes = dict(zip(self.seats, outcome.changes, strict=True))
        ledger.move(
            changes,
            kitty=outcome.kitty,
            house=outcome.rake,
            pot=outcome.carried - ledger.pot,
        )
        events = []
        for seat in outcome.bonus_seats:
            paid = ledger.pay_bonus(self.seats[seat], self.session.players)
            events.append(public_event("bonus", seat, f"seat {seat} collects {sum(paid.values())}"))
        unopposed = outcome.won_unopposed_by
        self.session.finish_deal(
            best_category=outcome.best_category,
            won_unopposed_by=None if unopposed is None else self.seats[unopposed],
        )
        if self.is_over and ledger.kitty:
            ledger.share_kitty(self.session.players)
            events.append(public_event("kitty", None, "the kitty is shared"))
        return events

    def _do_between(self, action_text: str) -> list[Event]:
        """Moves between deals: ``buy NAME N``, ``sell NAME N``, ``hour``, ``choose VARIANT``.

        ``hour`` books the house's hourly charge; ``choose`` is the dealer's choice of the
        next game ("Выбор сдающего"), refused unless agreed and for the limits or the deck.
        """
        words = action_text.split()
        ledger = self.session.ledger
        if len(words) == 3 and words[0] in ("buy", "sell") and words[2].isdigit():
            name, chips = words[1], int(words[2])
            if words[0] == "buy":
                ledger.buy(name, chips)
            else:
                ledger.sell(name, chips)
            return [public_event(words[0], None, f"{name} {words[0]}s {chips} chips")]
        if words == ["hour"]:
            charge = ledger.charge_hour(self.session.players)
            return [public_event("hour", None, f"the house charges {charge} for the hour")]
        if words and words[0] == "choose":
            choice = DealerChoice.parse(action_text)
            if choice.variant not in {variant.value for variant in Variant}:
                known = ", ".join(variant.value for variant in Variant)
                raise IllegalAction(f"no variant {choice.variant!r} is dealt here ({known})")
            self.session.choose(choice)
            return [public_event("choose", None, f"the dealer chooses {choice.text()}")]
        raise IllegalAction(f"not a move between deals: {action_text!r}")

    def ledger(self) -> dict[str, Fraction]:
        """Every account: players, kitty, house and the pot carried between deals."""
        return {name: Fraction(value) for name, value in self.session.ledger.balance().items()}


class PokerTableGame(Game[PokerRules]):
    """Draw poker and seven-card stud with an injected judge (unregistered until issue 6)."""

    name = "poker"
    title = "Poker"
    players = (2, 3, 4, 5, 6, 7)
    rules_type = PokerRules

    def __init__(self, judge: CardJudge) -> None:
        self.judge = judge

    def new_match(
        self, rules: PokerRules, seats: Sequence[str], preset: str | None = None
    ) -> PokerMatch:
        """A session of poker for ``seats``."""
        self.check_players(len(seats))
        return PokerMatch(self, rules, seats, preset, self.judge)

    def parse_action(self, text: str) -> TableAction:
        """Any spelling of a table action."""
        return parse_action(text)

    def action_text(self, action: Any) -> str:
        """The canonical text of a table action."""
        return action_text(action)

    def deal_tags(self, outcome: Any) -> list[str]:
        """Tag a deal as void, won unopposed, or by its best hand."""
        if outcome.void:
            return ["void"]
        return [outcome.best_category or "no showdown"]


def highest_up_card(cards: Sequence[Card]) -> Rank:
    """The highest face-up card's rank (a joker beats an ace: "Джокер считается старше туза")."""
    return max(card.rank for card in cards)
