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

from collections.abc import Sequence
from typing import Any

from cardtable.cards import Card, Rank, Suit
from cardtable.engine.choices import CardChoice
from cardtable.engine.deal import Deal, DealSetup, Event, public_event
from cardtable.engine.views import made_view
from cardtable.errors import IllegalAction
from cardtable.poker.actions import Fold, TableAction
from cardtable.poker.betting import Betting, clockwise
from cardtable.poker.judge import CardJudge, HandJudge, hand_pools
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.phases import PHASES, Phase, PhaseRules
from cardtable.poker.phases.betting import antes, post_blinds, start_round
from cardtable.poker.phases.cards import SeatCards, TableCards
from cardtable.poker.phases.dealing import deal_board, deal_round, reveal
from cardtable.poker.phases.declaration import start_declarations
from cardtable.poker.phases.draw import start_draw
from cardtable.poker.phases.exposure import start_expose, start_name_wild
from cardtable.poker.phases.showdown import award_pots, finish
from cardtable.poker.pots import Declarations, HandOrder, Pot, Share, standing_pots
from cardtable.poker.rules import deal_wild_cards, wild_cards
from cardtable.poker.session import DealTerms
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import Step, VariantSpec, lowball_form
from cardtable.poker.view import PokerPublicView, PokerView

TURN_STARTS = {"draw": start_draw, "expose": start_expose, "name-wild": start_name_wild}
"""How each step played in turn by the players begins."""


class PokerDeal(Deal[TableAction, PokerView]):
    """One deal of any variant: its steps run in order, players acting where asked.

    ``order`` is the seating, the seats clockwise (by default seat 1 sits left of seat 0);
    ``prelude`` are events of the table before the deal (the seats taken by cards). The
    deal is always in one :class:`~cardtable.poker.phases.Phase`, whose rules
    (:data:`~cardtable.poker.phases.PHASES`) say who moves and what he may do.
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
        self.around = tuple(clockwise(self.ring, self.left_of(setup.dealer)))
        """Every seat clockwise from the dealer's left, the dealer last: the dealing order."""
        spec = rules.variant
        self.spec: VariantSpec = spec
        self.rules = rules
        self.judge: CardJudge = judge or HandJudge(spec.hands, spec.low_qualifier)
        self.openers = openers
        self.openers_shown: tuple[Card, ...] = ()
        self.start_stacks = tuple(stacks)
        terms = terms or DealTerms()
        self.table = TableCards([SeatCards() for _ in range(seats)], list(setup.deck), setup.seed)
        """Where every card of the deal is: the state all the phases share."""
        self.phase = Phase.BET
        self.step = 0
        self.current: Step | None = None
        self.round_index = 0
        self.rounds_started = 0
        self.first_bettor: int | None = None
        self.round_first = self.left_of(setup.dealer)
        self.acted: set[int] = set()
        self.exposed: set[int] = set()
        self.chosen_wild: dict[int, Card] = {}
        self.players_at_start = sum(in_deal)
        self.blind_round = False
        self.declarations: Declarations | None = None
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.result: PokerOutcome | None = None
        self._finished_table: dict[str, Any] | None = None
        """The fields every view shares, once the deal is over."""
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
        events = [*prelude, *antes(self, jackpot_antes)]
        self.betting.jackpot_maximum = self.betting.pot if any(jackpot_antes) else 0
        events += post_blinds(self)
        if self.phase is not Phase.BET or self.betting.round_over:
            events += self.run_steps()
        self._log(events)

    # ----------------------------------------------------------------- protocol

    @property
    def phase(self) -> Phase:
        """The phase the deal is in."""
        return self._phase

    @phase.setter
    def phase(self, phase: Phase) -> None:
        self._phase = phase
        # Looked up once here: to_move and the rest ask the phase's rules on every move.
        self._rules: PhaseRules = PHASES[phase]

    @property
    def to_move(self) -> int | None:
        """The seat to act, draw, expose or declare; ``None`` when the deal is over."""
        return self._rules.to_move(self)

    def legal_actions(self) -> list[TableAction]:
        """The seat to move's legal actions (bets by the ends of their range)."""
        seat = self.to_move
        if seat is None:
            return []
        return self._remember_listed(self._rules.legal_actions(self, seat))

    def why_illegal(self, action: TableAction) -> str | None:
        """Why ``action`` may not be played now, in one sentence."""
        seat = self.to_move
        if seat is None:
            return "the deal is over"
        return self._rules.why_illegal(self, seat, action)

    def default_action(self) -> TableAction | None:
        """A seat whose time runs out folds: "его расклад аннулируется".

        002_053e85955f9a4108.txt, "Продолжительность игры" (docs/rules/poker-table.md, "Session").
        Where folding is no legal move the rules play nothing for the seat.
        """
        return Fold() if Fold() in self.legal_actions() else None

    def _do(self, action: TableAction) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        return self._rules.do(self, seat, action)

    def choices(self) -> list[CardChoice]:
        """The draw's discard as cards to pick, up to what the variant's step allows."""
        seat = self.to_move
        return [] if seat is None else self._rules.choices(self, seat)

    def view(self, seat: int) -> PokerView:
        """What ``seat`` knows: its own down cards, every up card, the board turned up."""
        fields = self._table()
        fields["seat"] = seat
        fields["down"] = tuple(self.table.hands[seat].down)
        fields["wild"] = self._wild_seen(seat)
        return made_view(PokerView, fields)

    def public_view(self) -> PokerPublicView:
        """What a spectator knows: the up cards, the board, the hands shown and the chips."""
        fields = self._table()
        fields["wild"] = self._wild_for_everyone()
        return made_view(PokerPublicView, fields)

    def _table(self) -> dict[str, Any]:
        """The fields every view shares (a copy: each view adds its own)."""
        if self.result is None:
            return self._table_now()
        # A finished deal changes no more, and each seat asks for its last view.
        if self._finished_table is None:
            self._finished_table = self._table_now()
        return dict(self._finished_table)

    def _table_now(self) -> dict[str, Any]:
        """The fields every view shares, worked out from the deal as it is now."""
        betting = self.betting
        current = betting.round
        table = self.table
        hands = table.hands
        shown = self.shown
        declarations = self.declarations
        return {
            "variant": self.spec.name,
            "win": self.spec.win,
            "phase": self._phase.value,
            "up": tuple([tuple(hand.up) for hand in hands]),
            "board": tuple(table.shown_board()),
            "board_down": len(table.board) - len(table.revealed),
            "shown": tuple([shown.get(other, ()) for other in range(self.seats)])
            if shown
            else ((),) * self.seats,
            "stacks": self._stacks_now(),
            "bets": tuple(current.bets) if current else (0,) * self.seats,
            "pot": betting.pot,
            "in_hand": tuple([seat for seat, out in enumerate(betting.folded) if not out]),
            "to_move": self._rules.to_move(self),
            "round_index": self.round_index,
            "declarations": tuple(
                [(who, side.value) for who, side in declarations.visible().items()]
            )
            if declarations
            else (),
            "seating": self.ring,
            "dealer": self.setup.dealer,
            "pots": self._pots_now(),
            "down_counts": tuple([len(hand.down) for hand in hands]),
        }

    def _pots_now(self) -> tuple[int, ...]:
        betting = self.betting
        return standing_pots(betting.contributed, betting.folded, betting.all_in, betting.dead)

    def _wild_seen(self, seat: int) -> tuple[Card, ...]:
        """The wild cards among those ``seat`` sees, so that a table can mark them."""
        rules = self.spec.hands
        if not rules.wild and rules.deal_wild == "none" and not self.chosen_wild:
            return ()  # most variants: no wild card at all (a view is asked at every move)
        wild = wild_cards(rules) | self.wild_for(seat)
        if not wild:
            return ()
        table = self.table
        seen = [*table.hands[seat].down, *(card for hand in table.hands for card in hand.up)]
        seen += [*table.shown_board(), *(card for cards in self.shown.values() for card in cards)]
        return tuple(dict.fromkeys(card for card in seen if card in wild))

    def _wild_for_everyone(self) -> tuple[Card, ...]:
        """The face-up cards wild for every player: by the rules, or fixed by the board."""
        table = self.table
        board = table.shown_board()
        face_up = [*(card for hand in table.hands for card in hand.up), *board]
        face_up += [card for cards in self.shown.values() for card in cards]
        wild = wild_cards(self.spec.hands) | deal_wild_cards(self.spec.hands, (), board)
        return tuple(dict.fromkeys(card for card in face_up if card in wild))

    def _stacks_now(self) -> tuple[int, ...]:
        """Each seat's chips: once the deal is over, with the pots paid and bets returned."""
        if self.result is None:
            return tuple(self.betting.stacks)
        changes = self.result.changes
        return tuple(
            start + change for start, change in zip(self.start_stacks, changes, strict=True)
        )

    def outcome(self) -> PokerOutcome:
        """The finished deal's chips and news for the session."""
        if self.result is None:
            raise IllegalAction("the deal is not over")
        return self.result

    # ----------------------------------------------------------------- the cards

    @property
    def hands(self) -> list[SeatCards]:
        """Each seat's cards, down and up."""
        return self.table.hands

    @property
    def board(self) -> list[Card]:
        """The cards in the centre, in the order dealt (face down ones too)."""
        return self.table.board

    @property
    def stock(self) -> list[Card]:
        """The cards still to deal, top first."""
        return self.table.stock

    def pools(self, seat: int) -> list[list[Card]]:
        """The sets of cards ``seat``'s final hand may be made from (the variant says which)."""
        return hand_pools(self.spec, self.table.hands[seat].cards, self.table.board)

    def wild_for(self, seat: int) -> frozenset[Card]:
        """The wild cards the deal fixed for ``seat`` (none unless the hand rules say so)."""
        rules = self.spec.hands
        chosen = self.chosen_wild.get(seat)
        named = frozenset(Card(chosen.rank, suit) for suit in Suit) if chosen else frozenset()
        if rules.deal_wild == "none":
            return named
        return named | deal_wild_cards(rules, self.table.hands[seat].down, self.table.shown_board())

    def award(
        self, pots: Sequence[Pot], hands: HandOrder, in_hand: list[int], order: list[int]
    ) -> list[Share]:
        """Who takes each pot at the showdown (a deal read from elsewhere may split otherwise)."""
        return award_pots(self, pots, hands, in_hand, order)

    # ----------------------------------------------------------------- the seats

    def left_of(self, seat: int) -> int:
        """Who sits on ``seat``'s left."""
        return self.ring[(self.place[seat] + 1) % len(self.ring)]

    def dealing_order(self) -> list[int]:
        """The players still in, clockwise from the dealer's left, the dealer last."""
        folded = self.betting.folded
        return [seat for seat in self.around if not folded[seat]]

    def next_in_turn(self) -> int | None:
        """The first player in dealing order who has not yet taken his turn at this step."""
        folded, acted = self.betting.folded, self.acted
        for seat in self.around:
            if not folded[seat] and seat not in acted:
                return seat
        return None

    # ----------------------------------------------------------------- the steps

    def run_steps(self) -> list[Event]:
        """Run steps from the next one until a player must act or the deal ends."""
        events: list[Event] = []
        steps = self.spec.steps
        while self.step < len(steps):
            step = steps[self.step]
            self.step += 1
            self.current = step
            if self.betting.one_left and step.do != "showdown":
                return events + finish(self)
            if step.do == "deal":
                down, up = self.spec.faces(self.step - 1)
                events += deal_round(self, down=down, up=up, swap=step.down_if_exposed)
            elif step.do == "board":
                events += deal_board(self, step)
            elif step.do == "reveal":
                events += reveal(self, step)
            elif step.do in TURN_STARTS:
                events += self._start_turns(step)
                if self.next_in_turn() is not None:
                    return events
            elif step.do == "bet":
                if not self._round_can_be_bet():
                    continue
                events += start_round(self, step)
                if not self.betting.round_over:
                    return events
                if self._void_now(step):
                    return events + self._unopened()
            elif step.do == "declare":
                if len(self.betting.in_hand) > 1:
                    events += start_declarations(self)
                    if self.phase is Phase.DECLARE:
                        return events
            else:
                break
        return events + finish(self)

    def after_round(self) -> list[Event]:
        """A betting round is over: the deal ends, is void, or runs on."""
        step = self.current
        if self.betting.one_left:
            return finish(self)
        if step is not None and self._void_now(step):
            return self._unopened()
        return self.run_steps()

    def turn_taken(self, events: list[Event]) -> list[Event]:
        """A player has taken his turn at a step played in turn: after the last, run on."""
        return events + (self.run_steps() if self.next_in_turn() is None else [])

    def _start_turns(self, step: Step) -> list[Event]:
        """A step every player plays in turn begins (the draw, an expose, naming a wild card)."""
        self.phase = Phase(step.do)
        self.acted = set()
        return TURN_STARTS[step.do](self, step)

    def _unopened(self) -> list[Event]:
        """Everybody checked a round that voids the deal: void it, or play it as lowball.

        With ``unopened = "lowball"`` and openers not met, the same hands are played out
        under lowball's rules from the round just checked (:func:`lowball_form`).
        """
        if self.spec.unopened != "lowball" or self.openers is None or self.rounds_started > 1:
            return finish(self, void=True)
        self.spec = lowball_form(self.spec)
        if isinstance(self.judge, HandJudge):
            self.judge = HandJudge(self.spec.hands)
        self.openers = None
        self.step -= 1
        self.rounds_started = 0
        text = "nobody opened: the deal is played as lowball"
        return [public_event("lowball", None, text, key="lowball"), *self.run_steps()]

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
