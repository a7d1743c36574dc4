"""A poker session as a match: the ledger, the rotation of the deal, the moves between deals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from cardtable.engine.deal import Deal, DealSetup, Event, public_event
from cardtable.engine.game import Game
from cardtable.errors import IllegalAction
from cardtable.poker.actions import (
    BetweenMove,
    Buy,
    ChooseOwn,
    DealerChoice,
    FirstDealer,
    Hour,
    Join,
    Leave,
    SeatByCards,
    Sell,
    TableAction,
    TimeUp,
    parse_between,
)
from cardtable.poker.deal import PokerDeal
from cardtable.poker.dealers_choice import ChoiceMatch
from cardtable.poker.judge import CardJudge, HandJudge
from cardtable.poker.ledger import Ledger
from cardtable.poker.openers import PROGRESSION
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import VariantSpec
from cardtable.poker.view import PokerView

SEED = "002_053e85955f9a4108.txt"

MOST_JUDGES = 64
"""Variants whose hand judge is kept for every match (then all are forgotten, and made anew)."""

_JUDGES: dict[int, tuple[VariantSpec, HandJudge]] = {}
"""Each variant's judge by the variant's ``id``: a judge holds only its rules."""


class PokerMatch(ChoiceMatch):
    """A session of deals with the ledger, the rotation of the deal and the special deals.

    The match's seats are the chairs in clockwise order. With ``session.waiting`` the last
    chairs are empty at the start; their players sit down between deals (``join NAME``).
    """

    def __init__(
        self,
        game: Game[TableAction, PokerView, PokerRules],
        rules: PokerRules,
        seats: Sequence[str],
        preset: str | None,
        judge: CardJudge | None = None,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        self.judge = judge
        self.unopened = 0
        self.time_up = False
        """Whether the agreed end of the session has come (the move ``time-up``)."""

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

    def _judge(self, spec: VariantSpec) -> CardJudge:
        if self.judge is not None:
            return self.judge
        # Found by the variant's identity: hashing a whole variant is dear, and every new
        # match asks on its first deal. The variant is kept with its judge, so that its
        # number is no other's while it is kept.
        known = _JUDGES.get(id(spec))
        if known is None or known[0] is not spec:
            if len(_JUDGES) >= MOST_JUDGES:
                _JUDGES.clear()
            known = _JUDGES[id(spec)] = (spec, HandJudge(spec.hands, spec.low_qualifier))
        return known[1]

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

    def _book(self, deal: Deal[TableAction, PokerView]) -> list[Event]:
        outcome = deal.outcome()
        assert isinstance(outcome, PokerOutcome)
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
            amount = sum(paid.values())
            said = {"seat": seat, "amount": amount}
            events.append(
                public_event(
                    "bonus", seat, f"seat {seat} collects {amount}", key="bonus", values=said
                )
            )
        unopposed = outcome.won_unopposed_by
        self.session.finish_deal(
            best_category=outcome.best_category,
            won_unopposed_by=None if unopposed is None else self.seats[unopposed],
        )
        if self.is_over and ledger.kitty:
            ledger.share_kitty(self.session.players)
            events.append(public_event("kitty", None, "the kitty is shared", key="kitty"))
        return events

    def _do_between(self, action_text: str) -> list[Event]:
        """A move between deals (:data:`~cardtable.poker.actions.BetweenMove`): read, then played.

        ``buy NAME N`` and ``sell NAME N`` (the banker), ``hour`` (the house's hourly
        charge), ``time-up``, ``join NAME [CARDS]``, ``seat CARDS``, ``leave NAME``,
        ``first-dealer CARDS``, ``choose VARIANT [wild ...]`` (the dealer's choice, "Выбор
        сдающего", never the limits or the deck) and ``choose-own JSON``. A move
        :meth:`why_not_between` refuses raises :class:`~cardtable.errors.IllegalAction`.
        """
        move = parse_between(action_text)
        reason = self.why_not_between(move)
        if reason is not None:
            raise IllegalAction(reason)
        return self._play_between(move)

    def why_not_between(self, move: BetweenMove) -> str | None:
        """Why ``move`` may not be played between deals now, or ``None`` if it may."""
        ledger = self.session.ledger
        match move:
            case Buy(name, chips):
                return ledger.why_not_buy(name, chips)
            case Sell(name, chips):
                return ledger.why_not_sell(name, chips, leaving=False)
            case TimeUp():
                return (
                    None
                    if self.rules.session.length_minutes
                    else "no end time was agreed at this table"
                )
            case Join(name, cards):
                return self._why_not_join(name, cards)
            case Leave(name):
                return None if name in self.session.seating else f"{name} is not playing"
            case SeatByCards():
                return self._why_not_seat()
            case FirstDealer():
                return self._why_not_first_dealer()
            case DealerChoice():
                return self._why_not_choose(move)
            case ChooseOwn(variant_json):
                return self._why_not_choose_own(variant_json)
        return None

    def _play_between(self, move: BetweenMove) -> list[Event]:
        ledger = self.session.ledger
        match move:
            case Buy(name, chips):
                ledger.buy(name, chips)
                return [_chips_event("buy", name, chips)]
            case Sell(name, chips):
                ledger.sell(name, chips)
                return [_chips_event("sell", name, chips)]
            case TimeUp():
                return self._time_up()
            case Hour():
                charge = ledger.charge_hour(self.session.players)
                text = f"the house charges {charge} for the hour"
                return [public_event("hour", None, text, key="hour", values={"amount": charge})]
            case Join(name, cards):
                return self._join(name, cards)
            case SeatByCards(cards):
                return self._seat_by_cards(cards)
            case Leave(name):
                chips = self.session.leave(name)
                text = f"{name} leaves with {chips} chips"
                return [
                    public_event(
                        "leave", None, text, key="leave", values={"name": name, "chips": chips}
                    )
                ]
            case FirstDealer(cards):
                return self._first_dealer(cards)
            case ChooseOwn(variant_json):
                return self._choose_own(variant_json)
            case DealerChoice():
                self.session.choose(move)
                named = move.text().removeprefix("choose ")
                return [
                    public_event(
                        "choose",
                        None,
                        f"the dealer chooses {named}",
                        key="choose",
                        values={"variant": named},
                    )
                ]

    def _time_up(self) -> list[Event]:
        """The agreed end of the session has come: it ends now, strictly, between deals.

        "Перед началом игры следует договориться о времени ее окончания и строго его
        соблюдать" (Продолжительность игры); the kitty is then shared among those present.
        """
        self.time_up = True
        events = [
            public_event("time-up", None, "the agreed time is up: the session ends", key="time-up")
        ]
        ledger = self.session.ledger
        if ledger.kitty:
            ledger.share_kitty(self.session.players)
            events.append(public_event("kitty", None, "the kitty is shared", key="kitty"))
        return events

    def sheet_figures(self, deal: int) -> dict[str, Any]:
        """Deal ``deal``'s stacks and bets as everyone sees them, for its pots and side pots.

        The public view's stacks (once the deal is over, with the pots paid), the chips each
        seat has put in, who folded and who is all in; nothing before a deal.
        """
        shown = self.deals[deal - 1] if deal else None
        if not isinstance(shown, PokerDeal):
            return {"kind": "pots", "betting": None}
        betting = shown.betting
        return {
            "kind": "pots",
            "betting": {
                "stacks": list(shown.public_view().stacks),
                "pot": betting.pot,
                "dead": betting.dead,
                "contributed": list(betting.contributed),
                "folded": list(betting.folded),
                "all_in": list(betting.all_in),
            },
        }

    def ledger(self) -> dict[str, Fraction]:
        """Every account: players, kitty, house and the pot carried between deals."""
        return {name: Fraction(value) for name, value in self.session.ledger.balance().items()}


def _chips_event(kind: str, name: str, chips: int) -> Event:
    # "buy" or "sell": the public event of ``name`` buying or selling ``chips`` at the bank.
    return public_event(
        kind, None, f"{name} {kind}s {chips} chips", key=kind, values={"name": name, "chips": chips}
    )
