"""A poker deal run from its variant's steps, on top of the betting, pots and ledger.

The deal knows no particular form of poker: it runs the steps of a
:class:`~cardtable.poker.variants.VariantSpec` (deal down and up, board cards, reveals,
exposes, the draw, betting rounds, high-low declarations, the showdown), so that draw poker,
seven-card stud and every other form of the seed (002_053e85955f9a4108.txt, "Виды
«Покера»") are data. Hands are judged by a :class:`~cardtable.poker.judge.CardJudge`
built from the variant's hand rules.

What each seat learns: its own down cards and draws (private events), every up card, board
card turned up and hand shown at the showdown (public events); discards stay private; a
folded hand is never shown, and a player left alone wins without showing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import Any, cast

from cardtable.cards import Card, Rank, Suit, cards_text, parse_cards
from cardtable.engine.deal import Deal, DealSetup, Event, private_event, public_event
from cardtable.engine.game import Game
from cardtable.engine.match import Match, MatchGame
from cardtable.engine.rules import option, rules_from_mapping
from cardtable.errors import IllegalAction, RulesError
from cardtable.poker.actions import (
    Check,
    Declare,
    Discard,
    Expose,
    Fold,
    NameWild,
    Side,
    TableAction,
    action_text,
    parse_action,
)
from cardtable.poker.betting import Betting, BettingRules, ForcedBets, clockwise
from cardtable.poker.dealing import rotation
from cardtable.poker.hands import is_bobtail, spoken
from cardtable.poker.judge import (
    NAMES,
    CardJudge,
    DescribingJudge,
    HandJudge,
    ReadingJudge,
    Shown,
    choose_shown,
    hand_pools,
    showdown_judge,
)
from cardtable.poker.ledger import HouseRules, Ledger, cut_pots
from cardtable.poker.limits import Limits
from cardtable.poker.pots import (
    DeclarationMode,
    Declarations,
    HandOrder,
    Pot,
    Share,
    award_high,
    award_high_low,
    build_pots,
    showdown_order,
)
from cardtable.poker.rules import deal_wild_cards
from cardtable.poker.session import (
    DealerChoice,
    DealTerms,
    Seating,
    Session,
    SessionRules,
    first_dealer_by_jack,
    seat_by_cards,
)
from cardtable.poker.variants import MOST_PLAYERS, Step, VariantSpec, check_variant, lowball_form

SEED = "002_053e85955f9a4108.txt"

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


@dataclass(frozen=True)
class PokerRules:
    """Everything a table agrees before the first deal ("О каких правилах следует договориться")."""

    variant: VariantSpec = option(
        VariantSpec(), "The form of poker, as data (see `cardtable poker variants`).", SEED
    )
    limits: Limits = option(Limits(), "The limit system and its numbers.", f"{SEED}, Пределы")
    betting: BettingRules = option(BettingRules(), "Checking, raise caps, freeze.", SEED)
    forced: ForcedBets = option(ForcedBets(), "Antes, blinds, straddles, bring-in.", SEED)
    house: HouseRules = option(HouseRules(), "Chips, bonuses, kitty and rake.", SEED)
    session: SessionRules = option(SessionRules(), "Seating, time, dealer's choice.", SEED)
    stake: int = option(100, "The chips each player buys at the start.", f"{SEED}, Ставочные")
    deals: int = option(10, "Deals in a session (0: until a freeze-out ends).", SEED)


@dataclass(frozen=True)
class PokerView:
    """All that one seat may know: its cards, the face-up cards, the chips and the turn."""

    seat: int
    variant: str
    win: str
    """How the deal is won (the variant's ``win``; lowball once an unopened jacks deal turns)."""
    phase: str
    down: tuple[Card, ...]
    up: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    board_down: int
    shown: tuple[tuple[Card, ...], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    in_hand: tuple[int, ...]
    to_move: int | None
    round_index: int
    declarations: tuple[tuple[int, str], ...]
    seating: tuple[int, ...]
    """The seats in the deal's seating order, clockwise: each sits left of the one before."""


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
    """One deal of any variant: its steps run in order, players acting where asked.

    ``order`` is the seating, the seats clockwise (by default seat 1 sits left of seat 0);
    ``prelude`` are events of the table before the deal (the seats taken by cards).
    """

    def __init__(
        self,
        seats: int,
        setup: DealSetup,
        rules: PokerRules,
        judge: CardJudge | None = None,
        *,
        stacks: Sequence[int],
        in_deal: Sequence[bool],
        terms: DealTerms | None = None,
        carried: int = 0,
        jackpot_antes: Sequence[int] = (),
        openers: Rank | None = None,
        order: Sequence[int] | None = None,
        prelude: Sequence[Event] = (),
    ) -> None:
        super().__init__(seats, setup)
        self.ring = tuple(order) if order is not None else tuple(range(seats))
        """The seats clockwise around the table: who sits left of whom (Места за столом)."""
        if len(set(self.ring)) != len(self.ring) or not set(self.ring) <= set(range(seats)):
            raise IllegalAction(f"not a seating of seats 0 to {seats - 1}: {list(self.ring)}")
        if setup.dealer not in self.ring or any(
            playing and seat not in self.ring for seat, playing in enumerate(in_deal)
        ):
            raise IllegalAction("the dealer and every player in the deal must have a seat")
        self.place = {seat: place for place, seat in enumerate(self.ring)}
        spec = rules.variant
        self.spec = spec
        self.rules = rules
        self.judge: CardJudge = judge or HandJudge(spec.hands, spec.low_qualifier)
        self.openers = openers
        self.openers_shown: tuple[Card, ...] = ()
        self.start_stacks = tuple(stacks)
        terms = terms or DealTerms()
        self.hands = [_Seat() for _ in range(seats)]
        self.board: list[Card] = []
        self.revealed: list[int] = []
        self.stock = list(setup.deck)
        self.discards: list[Card] = []
        self.set_aside: list[Card] = []
        """The opener's discards, kept out of a reshuffle for the proof of his openers."""
        self.reshuffles = 0
        """How many times the bottom card has been shuffled with the discards."""
        self.rng = random.Random(setup.seed)
        self.phase = "bet"
        self.step = 0
        self.current: Step | None = None
        self.round_index = 0
        self.rounds_started = 0
        self.first_bettor: int | None = None
        self.round_first = self._left_of(setup.dealer)
        self.acted: set[int] = set()
        self.exposed: set[int] = set()
        self.chosen_wild: dict[int, Card] = {}
        self.players_at_start = sum(in_deal)
        self.blind_round = False
        self.declarations: Declarations | None = None
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.result: PokerOutcome | None = None
        self.betting = Betting(
            seats,
            list(stacks),
            rules.limits,
            rules.betting,
            dealer=setup.dealer,
            in_deal=list(in_deal),
            factor=terms.factor,
            blind_option=rules.forced.blind_option,
            dead=carried,
            order=self.ring,
        )
        events = [*prelude, *self._antes(jackpot_antes)]
        self.betting.jackpot_maximum = self.betting.pot if any(jackpot_antes) else 0
        events += self._post_blinds()
        if self.phase != "bet" or self.betting.round_over:
            events += self._run()
        self._log(events)

    # ----------------------------------------------------------------- protocol

    @property
    def to_move(self) -> int | None:
        """The seat to act, draw, expose or declare; ``None`` when the deal is over."""
        if self.phase == "bet":
            return self.betting.to_act
        if self.phase in ("draw", "expose", "name-wild"):
            return self._next_in_turn()
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
            return [
                Discard(combo)
                for n in range(most + 1)
                for combo in combinations(cards, n)
                if n <= self._draw_room(seat, n)
            ]
        if self.phase == "expose":
            keep = [Discard(())] if self.current is not None and self.current.optional else []
            return [*keep, *(Expose(card) for card in self.hands[seat].down)]
        if self.phase == "name-wild":
            return [NameWild(card) for card in self.hands[seat].down]
        sides = [Side.HIGH, Side.LOW, Side.BOTH]
        return [Declare(side) for side in sides if self.why_illegal(Declare(side)) is None]

    def why_illegal(self, action: TableAction) -> str | None:
        """Why ``action`` may not be played now, in one sentence."""
        seat = self.to_move
        if seat is None:
            return "the deal is over"
        if self.phase == "bet":
            if isinstance(action, Discard | Declare | Expose | NameWild):
                return "this is a betting round"
            reason = self.betting.why_illegal(seat, action)
            if reason is None and self._opens(action) and not self._may_open(seat):
                assert self.openers is not None
                bobtail = " or a bobtail" if self.spec.openers == "jacks-or-bobtail" else ""
                return f"a pair of {PAIR_NAMES[self.openers]} or better{bobtail} is needed to open"
            return reason
        if self.phase == "draw":
            if not isinstance(action, Discard):
                return "it is the draw: discard cards or stand pat"
            hand = self.hands[seat].down
            if any(card not in hand for card in action.cards):
                return f"seat {seat} does not hold {cards_text(action.cards)} face down"
            if len(set(action.cards)) != len(action.cards):
                return "a card is named twice"
            if len(action.cards) > self._draw_most():
                return f"a player may draw at most {self._draw_most()} cards"
            room = self._draw_room(seat, len(action.cards))
            if len(action.cards) > room:
                return (
                    "only 1 card is left to draw"
                    if room == 1
                    else f"only {room} cards are left to draw"
                )
            return None
        if self.phase == "expose":
            optional = self.current is not None and self.current.optional
            if optional and action == Discard(()):
                return None
            if not isinstance(action, Expose):
                if optional:
                    return "turn up one of your down cards, or stand pat"
                return "every player now turns up one of his down cards"
            if action.card not in self.hands[seat].down:
                return f"seat {seat} holds no {action.card.text()} face down"
            return None
        if self.phase == "name-wild":
            if not isinstance(action, NameWild):
                return "every player now names one of his hole cards wild"
            if action.card not in self.hands[seat].down:
                return f"seat {seat} holds no {action.card.text()} face down"
            return None
        if not isinstance(action, Declare) or self.declarations is None:
            return "it is time to declare high, low or both"
        return self.declarations.why_illegal(seat, action.side)

    def _do(self, action: TableAction) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        if self.phase in ("draw", "expose", "name-wild"):
            events = self._turn(seat, action)
            return events + (self._run() if self._next_in_turn() is None else [])
        if isinstance(action, Declare):
            return self._declare(seat, action.side)
        opening = self._opens(action)
        text = self.betting.act(seat, action)
        if opening:
            self.first_bettor = seat
            self.openers_shown = tuple(self.hands[seat].cards)
        events = [public_event("bet", seat, text)]
        if self.blind_round and self.step == 0:
            current = self.betting.round
            if current is not None and not current.straddle_window:
                events += self._run()
                return events
        if self.betting.round_over:
            events += self._after_round()
        return events

    def view(self, seat: int) -> PokerView:
        """What ``seat`` knows: its own down cards, every up card, the board turned up."""
        current = self.betting.round
        return PokerView(
            seat=seat,
            variant=self.spec.name,
            win=self.spec.win,
            phase=self.phase,
            down=tuple(self.hands[seat].down),
            up=tuple(tuple(hand.up) for hand in self.hands),
            board=tuple(self.board[place] for place in self.revealed),
            board_down=len(self.board) - len(self.revealed),
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
            seating=self.ring,
        )

    def outcome(self) -> PokerOutcome:
        """The finished deal's chips and news for the session."""
        if self.result is None:
            raise IllegalAction("the deal is not over")
        return self.result

    # ----------------------------------------------------------------- the steps

    def _run(self) -> list[Event]:
        """Run steps from the next one until a player must act or the deal ends."""
        events: list[Event] = []
        steps = self.spec.steps
        while self.step < len(steps):
            step = steps[self.step]
            self.step += 1
            self.current = step
            if self.betting.one_left and step.do != "showdown":
                return events + self._finish()
            if step.do == "deal":
                down, up = self.spec.faces(self.step - 1)
                events += self._deal_round(down=down, up=up, swap=step.down_if_exposed)
            elif step.do == "board":
                events += self._deal_board(step)
            elif step.do == "reveal":
                events += self._reveal(step)
            elif step.do in ("draw", "expose", "name-wild"):
                events += self._start_turns(step)
                if self._next_in_turn() is not None:
                    return events
            elif step.do == "bet":
                if not self._round_can_be_bet():
                    continue
                events += self._start_round(step)
                if not self.betting.round_over:
                    return events
                if self._void_now(step):
                    return events + self._unopened()
            elif step.do == "declare":
                if len(self.betting.in_hand) > 1:
                    events += self._start_declarations()
                    if self.phase == "declare":
                        return events
            else:
                break
        return events + self._finish()

    def _after_round(self) -> list[Event]:
        step = self.current
        if self.betting.one_left:
            return self._finish()
        if step is not None and self._void_now(step):
            return self._unopened()
        return self._run()

    def _unopened(self) -> list[Event]:
        """Everybody checked a round that voids the deal: void it, or play it as lowball.

        With ``unopened = "lowball"`` and openers not met, the same hands are played out
        under lowball's rules from the round just checked (:func:`lowball_form`).
        """
        if self.spec.unopened != "lowball" or self.openers is None or self.rounds_started > 1:
            return self._finish(void=True)
        self.spec = lowball_form(self.spec)
        if isinstance(self.judge, HandJudge):
            self.judge = HandJudge(self.spec.hands)
        self.openers = None
        self.step -= 1
        self.rounds_started = 0
        text = "nobody opened: the deal is played as lowball"
        return [public_event("lowball", None, text), *self._run()]

    def _round_can_be_bet(self) -> bool:
        """Whether the next betting round is played: two players can still bet in it.

        A player who put in all he has stays to the showdown but bets no more (Настольные
        ставки); with one player or none left holding chips nobody could bet against
        anyone, so the round is not announced. The blinds' round is already under way.
        """
        blinds_round = self.blind_round and self.rounds_started == 0
        return blinds_round or self.betting.more_betting_possible

    def _void_now(self, step: Step) -> bool:
        current = self.betting.round
        return step.void_if_all_check and current is not None and current.all_checked

    def _start_turns(self, step: Step) -> list[Event]:
        self.phase = step.do
        self.acted = set()
        if step.do == "name-wild":
            return [public_event("wild", None, "every player names a hole card wild")]
        if step.do == "expose":
            self.exposed = set()
            # A player keeps at least keep_down cards face down: those who have no more
            # to turn up simply pass this step.
            for seat in self._dealing_order():
                if len(self.hands[seat].down) <= step.keep_down:
                    self.acted.add(seat)
            return [public_event("expose", None, "every player turns up a card")]
        events = [public_event("draw", None, "the draw")]
        if step.burn:
            # Лоуболл 3): "перед обменом сдающий «сжигает» (вскрывает и убирает в сброс)
            # верхнюю карту колоды".
            burned = self._take(1)
            self.discards += burned
            events.append(public_event("burn", None, "the dealer burns a card", burned))
        return events

    # ----------------------------------------------------------------- dealing

    def _opens(self, action: TableAction) -> bool:
        """Whether ``action`` is the deal's first chips put in voluntarily (the opening)."""
        return self.first_bettor is None and not isinstance(
            action, Fold | Check | Discard | Declare | Expose
        )

    def _may_open(self, seat: int) -> bool:
        if self.openers is None or self.round_index > 0:
            return True
        cards = self.hands[seat].cards
        if self.spec.openers == "jacks-or-bobtail" and is_bobtail(cards, self.spec.hands):
            return True
        least = self.judge.high(opening_pair(self.openers))
        return len(cards) >= 5 and self.judge.high(cards) >= least

    def _antes(self, jackpot_antes: Sequence[int]) -> list[Event]:
        events = []
        forced = self.rules.forced
        places = forced.ante_seats(len(self.ring), self.place[self.setup.dealer])
        for seat in (self.ring[place] for place in places):
            if not self.betting.folded[seat]:
                paid = self.betting.post_ante(seat, forced.ante)
                events.append(public_event("ante", seat, f"seat {seat} antes {paid}"))
        for seat, amount in enumerate(jackpot_antes):
            if amount and not self.betting.folded[seat]:
                paid = self.betting.post_ante(seat, amount)
                events.append(public_event("ante", seat, f"seat {seat} antes {paid} (jackpot)"))
        return events

    def _post_blinds(self) -> list[Event]:
        """Post the blinds: they open the first betting round, before any card is dealt.

        "Игроки ставят втемную, то есть до получения своих раскладов"; the first ``bet``
        step then continues that round.
        """
        forced = self.rules.forced
        blinds = forced.blind_seats(len(self.ring), self.place[self.setup.dealer])
        live = [
            (self.ring[place], amount)
            for place, amount in blinds
            if not self.betting.folded[self.ring[place]]
        ]
        if not live or not any(step.do == "bet" for step in self.spec.steps):
            self.phase = "steps"
            return []
        after = self._left_of(live[-1][0])
        first_bet = next(step for step in self.spec.steps if step.do == "bet")
        self.betting.start_round(
            0,
            after,
            last=self.spec.bet_steps == 1,
            checking=first_bet.check,
            checker_may_raise=first_bet.checker_may_raise,
            straddles=forced.straddles,
        )
        self.round_first = after
        self.blind_round = True
        events = [self._post_blind(seat, amount) for seat, amount in live]
        self.first_bettor = live[0][0]
        current = self.betting.round
        if current is None or not current.straddle_window:
            self.phase = "steps"
        return events

    def _post_blind(self, seat: int, amount: int) -> Event:
        """Post one live blind, told to the table ("ставит одну фишку втемную")."""
        paid = self.betting.post_blind(seat, amount)
        return public_event("blind", seat, f"seat {seat} posts a blind of {paid}")

    def _take(self, count: int) -> list[Card]:
        """Deal ``count`` cards from the top of the stock, never its bottom card.

        "Нижняя карта колоды не используется. Если требуются дополнительные карты, нижняя
        карта и карты сноса тасуются вместе" (досдача): when only the bottom card is left,
        it is shuffled with the discards (folded hands are discards too) by the deal's seed,
        and dealing goes on from the new stock, whose bottom card again stays.
        """
        taken: list[Card] = []
        for _ in range(count):
            if len(self.stock) <= 1:
                self._reshuffle()
            if len(self.stock) <= 1:
                raise IllegalAction("the deck has run out of cards")
            taken.append(self.stock.pop(0))
        return taken

    def _reshuffle(self) -> None:
        """Shuffle the bottom card with the discards and the folded hands: the new stock."""
        folded = [
            card
            for seat in range(self.seats)
            if self.betting.folded[seat]
            for card in self.hands[seat].cards
        ]
        for seat in range(self.seats):
            if self.betting.folded[seat]:
                self.hands[seat] = _Seat()
        pool = self.stock + self.discards + folded
        self.rng.shuffle(pool)
        self.stock, self.discards = pool, []
        self.reshuffles += 1

    def _left_of(self, seat: int) -> int:
        """Who sits on ``seat``'s left."""
        return self.ring[(self.place[seat] + 1) % len(self.ring)]

    def _dealing_order(self) -> list[int]:
        """The players still in, clockwise from the dealer's left, the dealer last."""
        order = clockwise(self.ring, self._left_of(self.setup.dealer))
        return [seat for seat in order if not self.betting.folded[seat]]

    def _cards_left(self) -> int:
        """The cards still to be dealt: the stock, the discards and the folded hands, less one.

        The seed's reshuffle adds the discards and folded hands to the stock when it runs
        out, and the bottom card of a stock is never dealt.
        """
        folded = sum(
            len(self.hands[seat].cards) for seat in range(self.seats) if self.betting.folded[seat]
        )
        return max(len(self.stock) + len(self.discards) + folded - 1, 0)

    def _deal_round(self, *, down: int, up: int, swap: bool = False) -> list[Event]:
        order = self._dealing_order()
        if down + up == 1 and len(order) > self._cards_left():
            # Seven-card stud seats eight ("рассчитана на двух — восемь игроков"), but 8 × 7
            # is 56 cards: when even the reshuffled discards cannot give every player his
            # last card, one card goes face up to the centre for everyone (the common rule;
            # see docs/rules/poker-variants.md, "Seven-card stud with eight players").
            cards = self._take(1)
            self.board += cards
            self.revealed.append(len(self.board) - 1)
            text = "too few cards for everyone: one card face up to the centre, for all"
            return [public_event("board", None, text, cards)]
        counts = {seat: self._faces(seat, down, up, swap=swap) for seat in order}
        received: dict[int, tuple[list[Card], list[Card]]] = {seat: ([], []) for seat in order}
        before = self.reshuffles
        for seat, face_up in rotation(counts, order):
            received[seat][face_up].extend(self._take(1))
        events = self._reshuffle_news(before)
        for seat in order:
            cards = received[seat][False]
            if cards:
                self.hands[seat].down += cards
                text = f"seat {seat} is dealt {len(cards)}"
                events.append(private_event("deal", seat, text, cards))
        for seat in order:
            cards = received[seat][True]
            if cards:
                self.hands[seat].up += cards
                events.append(public_event("deal", seat, f"seat {seat} is dealt face up", cards))
        return events

    def _faces(self, seat: int, down: int, up: int, *, swap: bool) -> tuple[int, int]:
        """The down and up cards ``seat`` gets at this deal step."""
        if swap and seat in self.exposed:
            # "Последняя карта втемную по желанию": who turned up his hole card gets
            # this one down.
            return down + up, 0
        return down, up

    def _deal_board(self, step: Step) -> list[Event]:
        events = []
        if step.down:
            self.board += self._take(step.down)
            events.append(public_event("board", None, f"{step.down} cards to the centre, down"))
        if step.up:
            first = len(self.board)
            cards = self._take(step.up)
            self.board += cards
            self.revealed += range(first, len(self.board))
            events.append(public_event("board", None, "cards to the centre, face up", cards))
        return events

    def _reveal(self, step: Step) -> list[Event]:
        hidden = [place for place in range(len(self.board)) if place not in self.revealed]
        places = [place for place in step.cards if place in hidden] or hidden[: step.count]
        self.revealed += places
        cards = [self.board[place] for place in places]
        return [public_event("reveal", None, "the dealer turns up", cards)] if cards else []

    # ----------------------------------------------------------------- rounds

    def _start_round(self, step: Step) -> list[Event]:
        self.phase = "bet"
        self.round_index = self.rounds_started
        self.rounds_started += 1
        if self.blind_round and self.round_index == 0:
            return [public_event("round", self.round_first, "betting round 1")]
        first = self._round_opener(step)
        self.round_first = first
        last = self.rounds_started == self.spec.bet_steps
        self.betting.start_round(
            self.round_index,
            first,
            last=last,
            checking=step.check,
            checker_may_raise=step.checker_may_raise,
        )
        forced = self.rules.forced
        if self.round_index == 0 and forced.bring_in and any(h.up for h in self.hands):
            ups = {seat: self.hands[seat].up for seat in self._dealing_order()}
            low = bring_in_seat(ups, aces_low=step.opens == "low-showing")
            first = self._left_of(low)
            self.betting.start_round(0, first, last=last)
            self.round_first = first
            paid = self.betting.post_blind(low, forced.bring_in)
            self.first_bettor = low
            text = f"seat {low} brings it in for {paid}"
            return [
                public_event("round", first, f"betting round {self.round_index + 1}"),
                public_event("bring-in", low, text),
            ]
        return [public_event("round", first, f"betting round {self.round_index + 1}")]

    def _round_opener(self, step: Step) -> int:
        left = self._left_of(self.setup.dealer)
        if step.opens == "left":
            return left
        if step.opens == "first-bettor":
            return left if self.first_bettor is None else self.first_bettor
        candidates = self._dealing_order()
        if not any(self.hands[seat].up for seat in candidates):
            return left
        value: Callable[[int], int]
        if step.opens == "low-showing":

            def value(seat: int) -> int:
                found = self.judge.low(self.hands[seat].up)
                return -(10**12) if found is None else found

        else:

            def value(seat: int) -> int:
                return self.judge.high(self.hands[seat].up)

        return max(candidates, key=lambda seat: (value(seat), -candidates.index(seat)))

    # ----------------------------------------------------------------- draw and expose

    def _draw_room(self, seat: int, count: int) -> int:
        """The most cards ``seat`` can be given if he discards ``count``.

        His discards go to the discard pile before he is served (он "сбрасывает данное число
        карт ... затем сдающий выдает ему"), so they may come back in a reshuffle, except the
        opener's, which are set aside.
        """
        return self._cards_left() + (0 if self._sets_aside(seat) else count)

    def _sets_aside(self, seat: int) -> bool:
        """Whether ``seat`` opened a deal that needed openers: his discards are kept apart."""
        return self.openers is not None and seat == self.first_bettor

    def _draw_most(self) -> int:
        step = self.current
        assert step is not None
        if step.most_few and self.players_at_start <= 4:
            return min(step.most_few, 5)
        return min(step.most, 5)

    def _next_in_turn(self) -> int | None:
        for seat in self._dealing_order():
            if seat not in self.acted:
                return seat
        return None

    def _draw(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        self.acted.add(seat)
        hand = self.hands[seat]
        if not cards:
            return [public_event("draw", seat, f"seat {seat} stands pat")]
        for card in cards:
            hand.down.remove(card)
        if self._sets_aside(seat):
            self.set_aside += cards
        else:
            self.discards += cards
        before = self.reshuffles
        new = self._take(len(cards))
        hand.down += new
        count = len(cards)
        return [
            Event("discard", seat, f"seat {seat} discards {count}", cards, frozenset({seat})),
            *self._reshuffle_news(before),
            private_event("draw", seat, f"seat {seat} draws {count}", new),
        ]

    def _reshuffle_news(self, before: int) -> list[Event]:
        """Tell the table the discards were shuffled in, if they were since ``before``."""
        if self.reshuffles == before:
            return []
        text = "the dealer shuffles the bottom card with the discards and deals on"
        return [public_event("reshuffle", None, text)]

    def _turn(self, seat: int, action: TableAction) -> list[Event]:
        """One player's move at a draw, an expose or naming his wild card."""
        if isinstance(action, Expose):
            return self._expose(seat, action.card)
        if isinstance(action, NameWild):
            self.acted.add(seat)
            self.chosen_wild[seat] = action.card
            text = f"seat {seat} names his wild card"
            return [private_event("wild", seat, text, [action.card])]
        assert isinstance(action, Discard)
        if self.phase == "expose":
            self.acted.add(seat)
            return [public_event("expose", seat, f"seat {seat} keeps his cards down")]
        return self._draw(seat, action.cards)

    def _expose(self, seat: int, card: Card) -> list[Event]:
        self.acted.add(seat)
        self.exposed.add(seat)
        hand = self.hands[seat]
        hand.down.remove(card)
        hand.up.append(card)
        return [public_event("expose", seat, f"seat {seat} turns up a card", [card])]

    # ----------------------------------------------------------------- showdown

    def _start_declarations(self) -> list[Event]:
        mode = self.spec.declarations
        if mode is DeclarationMode.CARDS_SPEAK:
            return []
        both = self.spec.cards_each() + self.spec.board_size() > 5
        self.declarations = Declarations(mode, self._dealing_order(), both_allowed=both)
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
            events += self._run()
        return events

    def pools(self, seat: int) -> list[list[Card]]:
        """The sets of cards ``seat``'s final hand may be made from (the variant says which)."""
        return hand_pools(self.spec, self.hands[seat].cards, self.board)

    def wild_for(self, seat: int) -> frozenset[Card]:
        """The wild cards the deal fixed for ``seat`` (none unless the hand rules say so)."""
        rules = self.spec.hands
        chosen = self.chosen_wild.get(seat)
        named = frozenset(Card(chosen.rank, suit) for suit in Suit) if chosen else frozenset()
        if rules.deal_wild == "none":
            return named
        shown = [self.board[place] for place in self.revealed]
        return named | deal_wild_cards(rules, self.hands[seat].down, shown)

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
        first = self.round_first if called is None else called
        places = showdown_order(
            [self.place[seat] for seat in in_hand], self.place[first], len(self.ring)
        )
        order = [self.ring[place] for place in places]
        best: str | None = None
        bonus: list[int] = []
        hands = _SeatHands(self.judge, {}, {})
        if len(in_hand) > 1:
            hidden = [place for place in range(len(self.board)) if place not in self.revealed]
            if hidden:
                self.revealed += hidden
                cards = [self.board[place] for place in hidden]
                events.append(public_event("reveal", None, "the board is turned up", cards))
            hands = _SeatHands(
                showdown_judge(self.judge, self.spec.win),
                {seat: self.pools(seat) for seat in in_hand},
                {seat: self.wild_for(seat) for seat in in_hand},
            )
            if self.spec.win == "high-low":
                said_sides = self.declarations.made if self.declarations is not None else None
                hands.choose(pots, order, said_sides)
            for seat in order:
                self.shown[seat] = tuple(self.hands[seat].cards)
                said = hands.said(seat, self.spec.win)
                events.append(
                    public_event("show", seat, f"seat {seat} shows {said}", self.hands[seat].cards)
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
        shares = self._award(cut.pots, hands, in_hand, order)
        names = ["main pot", *(f"side pot {n}" for n in range(1, len(cut.pots)))]
        for share in shares:
            final[share.seat] += share.amount
            events.append(
                public_event("win", share.seat, self._win_text(share, names[share.pot], hands))
            )
        winner = in_hand[0] if len(in_hand) == 1 else None
        unopposed = winner if winner is not None and winner == self.first_bettor else None
        self.result = self._result(
            final, cut.rake, cut.kitty, 0, void=False, best=best, unopposed=unopposed, bonus=bonus
        )
        return events

    def _win_text(self, share: Share, pot: str, hands: _SeatHands) -> str:
        """Who wins how much of which pot, and with what (nothing said by one left alone)."""
        text = f"seat {share.seat} wins {share.amount} ({pot}"
        if not hands.pools:
            return text + ")"
        if self.spec.win == "high-low":
            side = "low" if share.side == "low" else "high"
            return f"{text}, {side}) with {hands.said(share.seat, side)}"
        return f"{text}) with {hands.said(share.seat, self.spec.win)}"

    def _award(
        self, pots: Sequence[Pot], hands: HandOrder, in_hand: list[int], order: list[int]
    ) -> list[Share]:
        """Who takes each pot: the variant says high, low, high-low or deuce to seven."""
        if len(in_hand) == 1:
            return award_high(pots, _Alone(in_hand[0]), order)
        if self.spec.win == "high-low":
            said = self.declarations.made if self.declarations is not None else None
            return award_high_low(pots, hands, order, said)
        if self.spec.win == "low":
            return award_high(pots, _LowWins(hands), order)
        if self.spec.win == "deuce-to-seven":
            return award_high(pots, _WorstWins(hands), order)
        return award_high(pots, hands, order)

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
    """A :class:`~cardtable.poker.pots.HandOrder` over the seats' cards, by a judge.

    Each seat's best hand is the best of its pools of cards; values are worked out once.
    At a high-low showdown :meth:`choose` fixes what each seat shows for both halves.
    """

    judge: CardJudge
    pools: dict[int, list[list[Card]]]
    wild: dict[int, frozenset[Card]]
    _high: dict[int, tuple[int, int]] = field(default_factory=dict)
    _low: dict[int, int | None] = field(default_factory=dict)
    _shown: dict[int, Shown] = field(default_factory=dict)
    _said: dict[tuple[int, str], str] = field(default_factory=dict)
    _describes: bool = field(init=False)

    def __post_init__(self) -> None:
        self._describes = isinstance(self.judge, DescribingJudge)

    def choose(
        self, pots: Sequence[Pot], order: Sequence[int], declarations: Mapping[int, Side] | None
    ) -> None:
        """Fix each seat's reading for high and low, one card for each wild card in both."""
        if not isinstance(self.judge, ReadingJudge):
            return
        readings = {
            seat: self.judge.readings(self.pools[seat], self.wild[seat]) for seat in self.pools
        }
        if all(len(options) == 1 for options in readings.values()):
            self._shown = {seat: options[0] for seat, options in readings.items()}
        else:
            self._shown = choose_shown(readings, order, pots, declarations)

    def _best_high(self, seat: int) -> tuple[int, int]:
        if seat not in self._high:
            values = [self.judge.high(pool, self.wild[seat]) for pool in self.pools[seat]]
            best = max(range(len(values)), key=values.__getitem__)
            self._high[seat] = (values[best], best)
        return self._high[seat]

    def high(self, seat: int) -> int:
        if seat in self._shown:
            return self._shown[seat].high
        return self._best_high(seat)[0]

    def low(self, seat: int) -> int | None:
        if seat in self._shown:
            return self._shown[seat].low
        if seat not in self._low:
            lows = [self.judge.low(pool, self.wild[seat]) for pool in self.pools[seat]]
            found = [value for value in lows if value is not None]
            self._low[seat] = max(found) if found else None
        return self._low[seat]

    def category(self, seat: int) -> str:
        shown = self._shown.get(seat)
        if shown is not None and shown.hands is not None:
            return NAMES[shown.hands.high.category]
        pool = self.pools[seat][self._best_high(seat)[1]]
        return self.judge.category(pool, self.wild[seat])

    def said(self, seat: int, win: str) -> str:
        """What ``seat`` shows in words for a deal won by ``win`` (or one side, high or low)."""
        if (seat, win) not in self._said:
            self._said[seat, win] = self._words(seat, win)
        return self._said[seat, win]

    def _words(self, seat: int, win: str) -> str:
        if win == "high-low":
            low = self._said_low(seat)
            return f"{self._said_high(seat)} and {low or 'no low'}"
        if win == "low":
            return self._said_low(seat) or "no low"
        return self._said_high(seat)

    def _said_high(self, seat: int) -> str:
        shown = self._shown.get(seat)
        if shown is not None and shown.hands is not None:
            return spoken(shown.hands.high)
        pool = self.pools[seat][self._best_high(seat)[1]]
        if self._describes:
            return cast(DescribingJudge, self.judge).describe_high(pool, self.wild[seat])
        return self.category(seat)

    def _said_low(self, seat: int) -> str | None:
        if self.low(seat) is None:
            return None
        shown = self._shown.get(seat)
        if shown is not None and shown.hands is not None:
            return spoken(shown.hands.low)
        pool = next(
            p for p in self.pools[seat] if self.judge.low(p, self.wild[seat]) == self.low(seat)
        )
        if self._describes:
            return cast(DescribingJudge, self.judge).describe_low(pool, self.wild[seat])
        return "a low"


@dataclass
class _Alone:
    """The order of a pot with one player left: he takes it without showing."""

    seat: int

    def high(self, seat: int) -> int:
        return 1 if seat == self.seat else 0

    def low(self, seat: int) -> int | None:
        return None

    def category(self, seat: int) -> str:
        return "high card"


@dataclass
class _LowWins:
    """Lowball's order: the best low hand is the winner ("побеждает самый младший расклад")."""

    hands: HandOrder

    def high(self, seat: int) -> int:
        low = self.hands.low(seat)
        return -1 if low is None else low

    def low(self, seat: int) -> int | None:
        return None

    def category(self, seat: int) -> str:
        return self.hands.category(seat)


@dataclass
class _WorstWins:
    """Deuce to seven: the worst high hand wins (aces high, straights and flushes count)."""

    hands: HandOrder

    def high(self, seat: int) -> int:
        return -self.hands.high(seat)

    def low(self, seat: int) -> int | None:
        return None

    def category(self, seat: int) -> str:
        return self.hands.category(seat)


def bring_in_seat(up: Mapping[int, Sequence[Card]], *, aces_low: bool = False) -> int:
    """The seat that brings in: the lowest up card (a tie of ranks goes by suit).

    Suits rank clubs, diamonds, hearts, spades from the lowest; in a low game (``aces_low``,
    razz) the highest up card brings in, an ace the lowest.
    PokerKit docs, simulation: Bring-In (the lowest card; in razz the highest, aces low).

    >>> from cardtable.cards import parse_cards
    >>> bring_in_seat({0: parse_cards("5♠"), 1: parse_cards("5♣"), 2: parse_cards("K♦")})
    1
    >>> bring_in_seat({0: parse_cards("A♠"), 1: parse_cards("Q♣"), 2: parse_cards("Q♥")},
    ...     aces_low=True)
    2
    """

    def key(card: Card) -> tuple[int, int]:
        rank = 1 if aces_low and card.rank == Rank.ACE else int(card.rank)
        return (rank, -1 if card.suit is None else int(card.suit))

    cards = {seat: max(key(card) for card in shown) for seat, shown in up.items() if shown}
    pick = max if aces_low else min
    return pick(cards, key=lambda seat: cards[seat])


class PokerMatch(Match[TableAction, PokerRules]):
    """A session of deals with the ledger, the rotation of the deal and the special deals.

    The match's seats are the chairs in clockwise order. With ``session.waiting`` the last
    chairs are empty at the start; their players sit down between deals (``join NAME``).
    """

    def __init__(
        self,
        game: Game[Any],
        rules: PokerRules,
        seats: Sequence[str],
        preset: str | None,
        judge: CardJudge | None = None,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        spec = check_variant(rules.variant)
        if not spec.players_min <= len(seats) <= spec.players_max:
            raise IllegalAction(
                f"{spec.title} is played by {spec.players_min} to {spec.players_max} players, "
                f"not {len(seats)}"
            )
        self.judge = judge
        self.unopened = 0
        waiting = min(rules.session.waiting, len(seats) - 2)
        present = list(seats[: len(seats) - waiting])
        self.session = Session(present, 0, rules.session, rules.limits, rules.house)
        for name in seats:
            self.session.ledger.join(name)
        for name in present:
            self.session.ledger.buy(name, self._stake())
        self._judges: dict[VariantSpec, CardJudge] = {}
        self.own_variants: dict[str, VariantSpec] = {}
        self.time_up = False
        """Whether the agreed end of the session has come (the move ``time-up``)."""
        self.by_cards = rules.session.seating is Seating.CARDS
        self.seated = not self.by_cards
        """Whether the seats are taken: at once at random, or by cards before the first deal."""

    def order(self) -> list[int]:
        """The seats of the players at the table, clockwise: the session's seating."""
        return [self.seats.index(name) for name in self.session.seating]

    def _shuffled(self, salt: str) -> list[Card]:
        """The table's deck shuffled for dealing seats: chance from the recorded ``salt``."""
        deck = list(self.deck())
        random.Random(salt).shuffle(deck)
        return deck

    def _seat_by_cards(self, cards: Sequence[Card]) -> list[Event]:
        """The first dealer deals a card face up to each other player and they sit by them.

        "По кругу сдает по одной карте в открытую, начиная с игрока слева от себя. Игрок с
        самой младшей картой садится слева от сдающего ..." (Места за столом).
        """
        session = self.session
        dealer = session.dealer_name
        others = [name for name in self.session.from_dealers_left() if name != dealer]
        if len(cards) != len(others):
            raise IllegalAction(
                f"deal one card to each of the {len(others)} players but the dealer"
            )
        self._check_cards(cards)
        session.seating = seat_by_cards(dealer, others, cards)
        session.dealer = 0
        self.seated = True
        events = [
            public_event("seat", self.seats.index(name), f"{name} is dealt face up", [card])
            for name, card in zip(others, cards, strict=True)
        ]
        text = "the players sit clockwise: " + ", ".join(session.seating)
        return [*events, public_event("seat", None, text)]

    def _check_cards(self, cards: Sequence[Card]) -> None:
        deck = self.deck()
        if len(set(cards)) != len(cards) or any(card not in deck for card in cards):
            raise IllegalAction(f"not cards of one deck of this table: {cards_text(cards)}")

    def _stake(self) -> int:
        limits = self.rules.limits
        return limits.freeze_out_stake if limits.freeze_out else self.rules.stake

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
        """Whether the session has ended.

        After the agreed deals or time, when a freeze-out is won, or when fewer than two can
        play.
        """
        if self.current is not None:
            return False
        enough = self.rules.deals and len(self.deals) >= self.rules.deals
        return bool(enough) or self.time_up or self.session.is_over or sum(self._playing()) < 2

    def next_dealer(self) -> int:
        """The seat of the session's next dealer."""
        return self.seats.index(self.session.dealer_name)

    def deck(self) -> tuple[Card, ...]:
        """The table's deck (fifty-two cards, with jokers or stripped if the variant says)."""
        return self.rules.variant.hands.deck().cards()

    def variant(self) -> VariantSpec:
        """The variant of the next deal: the table's, or the one the dealer named."""
        choice = self.session.choice
        if choice is None:
            return self.rules.variant
        own = self.own_variants.get(choice.variant)
        return own if own is not None else chosen_variant(self.game, choice)

    def _judge(self, spec: VariantSpec) -> CardJudge:
        if self.judge is not None:
            return self.judge
        if spec not in self._judges:
            self._judges[spec] = HandJudge(spec.hands, spec.low_qualifier)
        return self._judges[spec]

    def _new_deal(self, setup: DealSetup) -> PokerDeal:
        prelude: list[Event] = []
        if not self.seated:
            # Seats by cards not dealt by hand (``seat CARDS``) are dealt here, from a deck
            # shuffled by the first deal's recorded seed, so that a record replays them.
            prelude = self._seat_by_cards(self._shuffled(f"seating {setup.seed}")[: self._others()])
        ledger = self.session.ledger
        terms = self.session.terms()
        antes = [terms.jackpot_antes.get(name, 0) for name in self.seats]
        spec = self.variant()
        rules = self.rules if spec == self.rules.variant else replace(self.rules, variant=spec)
        openers = None
        if spec.openers != "any":
            step = self.unopened % len(PROGRESSION) if spec.progressive_openers else 0
            openers = PROGRESSION[step]
            if step and spec.progressive_doubles:
                terms = replace(terms, factor=terms.factor * 2)
        return PokerDeal(
            len(self.seats),
            setup,
            rules,
            self._judge(spec),
            stacks=[ledger.stacks[name] for name in self.seats],
            in_deal=self._playing(),
            terms=terms,
            carried=ledger.pot,
            jackpot_antes=antes,
            openers=openers,
            order=self.order(),
            prelude=prelude,
        )

    def _others(self) -> int:
        """How many players besides the dealer are at the table."""
        return len(self.session.seating) - 1

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
        """Moves between deals.

        ``buy NAME N`` and ``sell NAME N`` (the banker), ``hour`` (the house's hourly
        charge), ``time-up`` (the agreed end of the session has come), ``join NAME [CARDS]``
        (a player sits down and buys the stake; seated by cards, CARDS are those dealt to the
        players for his seat), ``seat CARDS`` (seating by cards: the cards the first dealer
        dealt face up to the others, from his left),
        ``leave NAME`` (a player leaves and sells his chips back), ``first-dealer CARDS``
        (before the first deal, cards dealt face up from the first chair until a jack:
        its holder deals, "до выпадения первого валета"), ``choose VARIANT [wild ...]``
        (the dealer's choice, "Выбор сдающего", never the limits or the deck) and
        ``choose-own JSON`` (the dealer's own variant, as the JSON of ``[rules.variant]``).
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
        if words == ["time-up"]:
            return self._time_up()
        if words == ["hour"]:
            charge = ledger.charge_hour(self.session.players)
            return [public_event("hour", None, f"the house charges {charge} for the hour")]
        if len(words) >= 2 and words[0] == "join":
            return self._join(words[1], " ".join(words[2:]))
        if words and words[0] == "seat":
            return self._seat(" ".join(words[1:]))
        if len(words) == 2 and words[0] == "leave":
            chips = self.session.leave(words[1])
            return [public_event("leave", None, f"{words[1]} leaves with {chips} chips")]
        if words and words[0] == "first-dealer":
            return self._first_dealer(action_text.split(None, 1)[1] if len(words) > 1 else "")
        if words and words[0] == "choose-own":
            return self._choose_own(action_text.split(None, 1)[1] if len(words) > 1 else "")
        if words and words[0] == "choose":
            choice = DealerChoice.parse(action_text)
            spec = self.own_variants.get(choice.variant) or chosen_variant(self.game, choice)
            if spec.hands.deck() != self.rules.variant.hands.deck():
                raise IllegalAction("the dealer may not change the limits or the deck")
            self.session.choose(choice)
            return [public_event("choose", None, f"the dealer chooses {choice.text()}")]
        raise IllegalAction(f"not a move between deals: {action_text!r}")

    def _time_up(self) -> list[Event]:
        """The agreed end of the session has come: it ends now, strictly, between deals.

        "Перед началом игры следует договориться о времени ее окончания и строго его
        соблюдать" (Продолжительность игры); the kitty is then shared among those present.
        """
        if not self.rules.session.length_minutes:
            raise IllegalAction("no end time was agreed at this table")
        self.time_up = True
        events = [public_event("time-up", None, "the agreed time is up: the session ends")]
        ledger = self.session.ledger
        if ledger.kitty:
            ledger.share_kitty(self.session.players)
            events.append(public_event("kitty", None, "the kitty is shared"))
        return events

    def _choose_own(self, text: str) -> list[Event]:
        """The dealer's own variant, written as the JSON of a ``[rules.variant]`` table.

        "Любой новый и легко объяснимый вариант, который разработал он сам".
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise IllegalAction(f"the dealer's variant is not JSON: {error}") from None
        try:
            spec = check_variant(rules_from_mapping(VariantSpec, data, where="dealer's variant"))
        except RulesError as error:
            raise IllegalAction(str(error)) from None
        if spec.hands.deck() != self.rules.variant.hands.deck():
            raise IllegalAction("the dealer may not change the limits or the deck")
        if spec.name in self.game.presets:
            raise IllegalAction(f"{spec.name!r} is a shipped variant; name your own otherwise")
        choice = DealerChoice(spec.name)
        self.session.choose(choice)
        self.own_variants[spec.name] = spec
        return [public_event("choose", None, f"the dealer chooses his own {spec.title}")]

    def _join(self, name: str, dealt: str) -> list[Event]:
        """A player sits down between deals and buys the stake.

        At random seating he takes his own chair. By cards, once the seats are taken, the
        dealer deals a card face up to every player at the table (from his left) and the
        newcomer sits left of the lowest ("новый игрок занимает место слева от игрока с самой
        младшей картой"); ``dealt`` are those cards, or, if none are written, they come from
        the deck shuffled by the last deal's recorded seed. Before the seats are taken by
        cards he simply joins the players who will draw for them.
        """
        session = self.session
        if name not in self.seats:
            raise IllegalAction(f"{name} has no chair at this table")
        if name in session.seating or name in session.out:
            raise IllegalAction(f"{name} has already sat down at this table")
        if self.rules.limits.freeze_out and session.deals:
            raise IllegalAction("nobody joins a freeze-out once it has started")
        reason = session.ledger.why_not_buy(name, self._stake())
        if reason is not None:
            raise IllegalAction(reason)
        if dealt and not (self.by_cards and self.seated):
            raise IllegalAction("a newcomer is dealt a card only once the seats are taken by cards")
        dealer = session.dealer_name
        events: list[Event] = []
        if self.by_cards and self.seated:
            events = self._seat_newcomer(name, dealt)
        elif self.by_cards:
            session.seating = [*session.seating, name]
        else:
            session.seating = [
                seat for seat in self.seats if seat in session.seating or seat == name
            ]
        session.dealer = session.seating.index(dealer)
        session.ledger.buy(name, self._stake())
        text = f"{name} sits down and buys {self._stake()} chips"
        return [*events, public_event("join", self.seats.index(name), text)]

    def _seat_newcomer(self, name: str, dealt: str) -> list[Event]:
        """Deal a card face up to each player at the table; seat ``name`` left of the lowest."""
        players = self.session.from_dealers_left()
        if dealt:
            cards = list(parse_cards(dealt))
        elif self.deals:
            cards = self._shuffled(f"join {name} {self.deals[-1].setup.seed}")[: len(players)]
        else:
            raise IllegalAction(f"write the cards dealt to the players: join {name} CARDS")
        if len(cards) != len(players):
            raise IllegalAction(f"deal one card to each of the {len(players)} players at the table")
        self._check_cards(cards)
        self.session.join(name, cards)
        events = [
            public_event("seat", self.seats.index(player), f"{player} is dealt face up", [card])
            for player, card in zip(players, cards, strict=True)
        ]
        seating = self.session.seating
        neighbour = seating[seating.index(name) - 1]
        return [*events, public_event("seat", None, f"{name} sits left of {neighbour}")]

    def _seat(self, text: str) -> list[Event]:
        """``seat CARDS``: the cards the first dealer dealt to take the seats by."""
        if not self.by_cards:
            raise IllegalAction("this table agreed to take its seats at random")
        if self.seated or self.deals:
            raise IllegalAction("the seats are taken once, before the first deal")
        return self._seat_by_cards(parse_cards(text))

    def _first_dealer(self, text: str) -> list[Event]:
        if self.deals:
            raise IllegalAction("the first dealer is chosen before the first deal")
        if self.by_cards and self.seated:
            raise IllegalAction("the first dealer is chosen before the seats are taken by cards")
        cards = parse_cards(text)
        players = self.session.seating
        place = first_dealer_by_jack(cards, len(players), 0)
        if any(card.rank is Rank.JACK for card in cards[:-1]):
            raise IllegalAction("dealing stops at the first jack")
        self.session.dealer = place
        name = players[place]
        return [public_event("first-dealer", None, f"{name} gets the first jack and deals", cards)]

    def ledger(self) -> dict[str, Fraction]:
        """Every account: players, kitty, house and the pot carried between deals."""
        return {name: Fraction(value) for name, value in self.session.ledger.balance().items()}


def chosen_variant(game: MatchGame, choice: DealerChoice) -> VariantSpec:
    """The variant a dealer names: a shipped one by name, with his wild cards if any."""
    try:
        spec: VariantSpec = game.rules(choice.variant).variant
    except (RulesError, IllegalAction, ValueError) as error:
        raise IllegalAction(f"no variant {choice.variant!r} is dealt here: {error}") from None
    if choice.wild:
        hands = replace(spec.hands, wild=tuple(choice.wild.split()))
        try:
            spec = check_variant(replace(spec, hands=hands))
        except RulesError as error:
            raise IllegalAction(str(error)) from None
    return spec


class PokerGame(Game[PokerRules]):
    """Poker by the Russian rulebook: every variant of its catalogue, as data."""

    name = "poker"
    title = "Poker"
    aliases: tuple[str, ...] = ("покер",)
    players = tuple(range(2, MOST_PLAYERS + 1))
    rules_type = PokerRules
    presets_package = "cardtable.poker"
    default_preset = "draw"
    presets_listed_by = "cardtable poker variants"

    def __init__(self, judge: CardJudge | None = None) -> None:
        self.judge = judge

    def new_match(
        self, rules: PokerRules, seats: Sequence[str], preset: str | None = None
    ) -> PokerMatch:
        """A session of poker for ``seats``."""
        self.check_seats(seats)
        return PokerMatch(self, rules, seats, preset, self.judge)

    def parse_action(self, text: str) -> TableAction:
        """Any spelling of a table action."""
        return parse_action(text)

    def action_text(self, action: Any) -> str:
        """The canonical text of a table action."""
        return action_text(action)

    def fast_simulate(
        self, rules: PokerRules, *, players: int, deals: int, seed: int, bot: str
    ) -> dict[str, Any] | None:
        """Check-down or random deals by the lean loop (:mod:`cardtable.poker.lean`)."""
        from cardtable.poker.lean import LeanTable, Policy, simulate_lean  # noqa: PLC0415

        if bot not in ("check-down", "random"):
            raise IllegalAction(f"the fast path plays check-down or random, not {bot!r}")
        self.check_players(players)
        table = LeanTable.of(rules)
        policy: Policy = "check-down" if bot == "check-down" else "random"
        report = simulate_lean(table, players=players, deals=deals, seed=seed, policy=policy)
        return {
            "game": self.name,
            "variant": rules.variant.name,
            "players": players,
            "policy": bot,
            "deals": report.deals,
            "seconds": round(report.seconds, 6),
            "deals_per_second": round(report.deals_per_second, 3),
            "net": list(report.net),
            "carried": report.carried,
        }

    def deal_tags(self, outcome: Any) -> list[str]:
        """Tag a deal as void, won unopposed, or by its best hand."""
        if outcome.void:
            return ["void"]
        return [outcome.best_category or "no showdown"]
