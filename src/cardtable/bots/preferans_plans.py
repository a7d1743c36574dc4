"""Calls of the auction and the whist run through one layout in the engine.

The others call as the rule-based bot would, and each deal is settled under the table's
convention.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Literal

from cardtable.bots.preferans import PreferansBot, best_strain, hand_tricks, misere_danger
from cardtable.bots.preferans_layouts import HAND, active_seats
from cardtable.bots.preferans_payoffs import balance, payoff, solve_layout, split_defence
from cardtable.cards import Card, Suit
from cardtable.engine import DealSetup
from cardtable.errors import CardtableError
from cardtable.preferans.actions import (
    Action,
    Bid,
    Discard,
    Say,
    WithoutTalon,
    parse_action,
)
from cardtable.preferans.bidding import allpass_min_level, bid_level, contract_choices, is_misere
from cardtable.preferans.contracts import Strain
from cardtable.preferans.deal import PreferansDeal, PreferansView, stack_deck
from cardtable.preferans.pulka import match_scoring
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.tricks import sorted_cards

MISERE_DANGER_LIMIT = 3
"""Cards in danger (as the rule-based bot counts them) above which misère is not considered."""


GAME_FLOOR = 4.0
"""Tricks (as the rule-based bot counts them) below which bidding a game is not considered."""


STRAINS_SOLVED = 2
"""Strains a declarer's layout is solved in when the auction is weighed."""


MISERE_DISCARDS = 2
"""Discards a misère declarer's layout is solved with when the auction is weighed."""


def whist_value(
    view: PreferansView,
    rules: PreferansRules,
    hands: dict[int, tuple[Card, ...]],
    *,
    talon: tuple[Card, ...],
    say: Say,
    helper: PreferansBot,
    rng: random.Random,
) -> float | None:
    """The seat's whists in one layout if it says ``say`` (see :meth:`SamplingBot._whist`)."""
    active = active_seats(view)
    deck = stack_deck([hands[seat] for seat in active], talon, rules.talon_after_round)
    deal = PreferansDeal(view.players, DealSetup(view.dealer, deck, 0), rules)
    try:
        replay_to_play(deal, view, say, helper, rng)
    except CardtableError:
        return None  # e.g. an all-pass series this seat cannot see raised the first bid
    outcome = deal.outcome()
    if deal.phase == "play":
        assert deal.contract is not None
        assert deal.declarer is not None
        taken = solve_layout(
            {seat: tuple(deal.hands[seat]) for seat in active},
            active,
            deal.declarer,
            view.first_hand,
            deal.contract.trump,
        )
        tricks = [0] * view.players
        tricks[deal.declarer] = taken
        split_defence(tricks, deal.defenders, HAND - taken)
        outcome = replace(outcome, tricks=tuple(tricks), played=True, defence=deal.defence)
    return balance(outcome, view.seat, rules)


def replay_to_play(
    deal: PreferansDeal, view: PreferansView, say: Say, helper: PreferansBot, rng: random.Random
) -> None:
    """Bring a layout's deal to the play (or its end): the calls seen, then ``say``."""
    for _, call in view.calls:
        deal.apply(parse_action(call))
    while deal.phase in ("discard", "contract"):
        assert deal.declarer is not None
        if deal.phase == "contract" and view.contract is not None:
            deal.apply(parse_action(view.contract))
        else:
            deal.apply(helper.choose(deal.view(deal.declarer), deal.legal_actions(), rng))
    for _, word in view.whist:
        deal.apply(parse_action(word))
    deal.apply(say)
    while deal.phase not in ("play", "over"):
        seat = deal.to_move
        assert seat is not None
        deal.apply(helper.choose(deal.view(seat), deal.legal_actions(), rng))


@dataclass(frozen=True)
class Plan:
    """A way to go on in the auction: pass, bid misère, or raise up to ``top`` tricks."""

    kind: Literal["pass", "misère", "game"]
    top: int = 0

    def call(self, legal: Sequence[Action]) -> Action:
        """The plan's call among ``legal``."""
        if self.kind == "misère":
            return next((a for a in legal if isinstance(a, Bid) and is_misere(a)), Say.PASS)
        if self.kind == "game":
            if Say.HOLD in legal:
                return Say.HOLD
            for action in legal:
                if isinstance(action, Bid) and not is_misere(action):
                    if action.contract.level <= self.top:
                        return action
                    break
        return Say.PASS


def plans_for(view: PreferansView, legal: Sequence[Action]) -> list[Plan]:
    """Pass first (it wins ties), then misère if legal, then raising up to each level.

    Hopeless plans are left out unsolved, to spend the time where the call is in doubt: a
    misère with more than :data:`MISERE_DANGER_LIMIT` cards in danger, a game with a hand
    that counts fewer than :data:`GAME_FLOOR` tricks in its best strain.
    """
    plans = [Plan("pass")]
    misere = any(isinstance(a, Bid) and is_misere(a) for a in legal)
    if misere and misere_danger(view.hand) <= MISERE_DANGER_LIMIT:
        plans.append(Plan("misère"))
    if best_strain(view.hand)[1] < GAME_FLOOR:
        return plans
    levels = [a.contract.level for a in legal if isinstance(a, Bid) and not is_misere(a)]
    if Say.HOLD in legal and view.high_bid is not None:
        high = parse_action(view.high_bid)
        assert isinstance(high, Bid | WithoutTalon)
        levels.append(bid_level(high))
    if levels:
        plans += [Plan("game", top) for top in range(min(levels), 11)]
    return plans


class LayoutTable:
    """One layout of the whole deal, run in the engine for each auction plan of one seat."""

    def __init__(
        self,
        view: PreferansView,
        rules: PreferansRules,
        hands: dict[int, tuple[Card, ...]],
        talon: tuple[Card, ...],
    ) -> None:
        """The layout ``hands`` (every active seat) and ``talon`` at the table of ``view``."""
        self.view = view
        self.rules = rules
        self.active = active_seats(view)
        self.deck = stack_deck(
            [hands[seat] for seat in self.active], talon, rules.talon_after_round
        )
        self.series = previous_allpasses(rules, view.min_bid_level)
        self.solved: dict[tuple[Hashable, ...], int] = {}
        self.settled: dict[tuple[Hashable, ...], float] = {}

    def value(self, plan: Plan, helper: PreferansBot, rng: random.Random) -> float | None:
        """The seat's whists in the layout if it follows ``plan``; ``None`` if it cannot."""
        view = self.view
        deal = PreferansDeal(
            view.players, DealSetup(view.dealer, self.deck, 0), self.rules, self.series
        )
        try:
            for _, call in view.calls:
                deal.apply(parse_action(call))
            while deal.phase == "auction":
                seat = deal.to_move
                assert seat is not None
                legal = deal.legal_actions()
                if seat == view.seat:
                    deal.apply(plan.call(legal))
                else:
                    deal.apply(helper.choose(deal.view(seat), legal, rng))
        except CardtableError:
            return None
        key = tuple(deal.auction.calls)
        if key not in self.settled:
            if deal.declarer == view.seat:
                self._declare(deal)
            while deal.phase not in ("play", "over"):
                seat = deal.to_move
                assert seat is not None
                deal.apply(helper.choose(deal.view(seat), deal.legal_actions(), rng))
            self.settled[key] = self._settle(deal)
        return self.settled[key]

    def solve(
        self,
        deal: PreferansDeal,
        trump: Suit | None,
        *,
        misere: bool,
        kept: list[Card] | None = None,
    ) -> int:
        """The declarer's tricks, first hand leading, with the deal's hands as they are now.

        Or with the declarer holding ``kept`` (the twelve cards less a discard being tried).
        """
        declarer = deal.declarer
        assert declarer is not None
        hands = {seat: tuple(deal.hands[seat]) for seat in self.active}
        if kept is not None:
            hands[declarer] = tuple(kept)
        key = (declarer, *(frozenset(hands[seat]) for seat in self.active), trump, misere)
        if key not in self.solved:
            self.solved[key] = solve_layout(
                hands, self.active, declarer, self.active[0], trump, misere=misere
            )
        return self.solved[key]

    def solve_allpass(self, deal: PreferansDeal) -> int:
        """The seat's fewest tricks in the all-pass if the other two play against it."""
        hands = {seat: tuple(deal.hands[seat]) for seat in self.active}
        key: tuple[Hashable, ...] = ("all-pass", *(frozenset(hands[seat]) for seat in self.active))
        if key not in self.solved:
            seat = self.view.seat
            self.solved[key] = solve_layout(
                hands, self.active, seat, self.active[0], None, misere=True
            )
        return self.solved[key]

    def _declare(self, deal: PreferansDeal) -> None:
        """Discard and name the contract that does best in this very layout (rule 21).

        In the :data:`STRAINS_SOLVED` strains the twelve cards count best in, the two cards
        laid aside are those the rule-based bot's count likes least in that strain; the
        contract is the one whose price, made or set, is best for the tricks the layout gives
        (:func:`payoff`). For a misère, the
        :data:`MISERE_DISCARDS` discards that leave fewest cards in danger are solved and the
        best kept.
        """
        assert deal.bid is not None
        assert deal.declarer is not None
        twelve = list(deal.hands[deal.declarer])
        pairs = [frozenset(pair) for pair in combinations(sorted_cards(twelve), 2)]

        def kept(pair: frozenset[Card]) -> list[Card]:
            return [card for card in twelve if card not in pair]

        if is_misere(deal.bid):
            ranked = sorted(pairs, key=lambda pair: misere_danger(kept(pair)))[:MISERE_DISCARDS]
            best = min(ranked, key=lambda p: self.solve(deal, None, misere=True, kept=kept(p)))
            deal.apply(Discard(best))
            return
        choices = contract_choices(deal.bid)
        strains = sorted(
            {contract.strain for contract in choices if contract.strain is not None},
            key=lambda strain: -hand_tricks(twelve, strain),
        )[:STRAINS_SOLVED]
        choices = [contract for contract in choices if contract.strain in strains]
        tricks: dict[Strain | None, tuple[int, frozenset[Card]]] = {}
        for strain in strains:
            if strain is not None:
                pair = max(pairs, key=lambda p: hand_tricks(kept(p), strain))
                taken = self.solve(deal, strain.suit, misere=False, kept=kept(pair))
                tricks[strain] = (taken, pair)
        scoring = match_scoring(self.rules)
        contract = max(choices, key=lambda c: payoff(scoring, c.level, tricks[c.strain][0]))
        deal.apply(Discard(tricks[contract.strain][1]))
        if deal.phase == "contract":
            deal.apply(Bid(contract))

    def _settle(self, deal: PreferansDeal) -> float:
        """The seat's whists when the deal, now in its play or over, is played double dummy.

        A game or misère is solved; in an all-pass this seat takes its paranoid count (its
        fewest tricks against the other two, as :func:`cardtable.preferans.solver.paranoid`
        counts) and the other two share the rest. Tricks led by the talon are not modelled.
        """
        outcome = deal.outcome()
        if deal.phase == "play":
            tricks = [0] * self.view.players
            if deal.kind == "all-pass":
                mine = self.solve_allpass(deal)
                rest = HAND - mine
                others = [seat for seat in self.active if seat != self.view.seat]
                tricks[self.view.seat] = mine
                split_defence(tricks, others, rest)
                outcome = replace(outcome, tricks=tuple(tricks))
            else:
                assert deal.contract is not None
                assert deal.declarer is not None
                taken = self.solve(deal, deal.contract.trump, misere=deal.contract.is_misere)
                tricks[deal.declarer] = taken
                split_defence(tricks, deal.defenders, HAND - taken)
                outcome = replace(outcome, tricks=tuple(tricks), played=True, defence=deal.defence)
        return balance(outcome, self.view.seat, self.rules)


def previous_allpasses(rules: PreferansRules, min_level: int) -> int:
    """The fewest all-passes in a row before this deal that make its lowest bid ``min_level``."""
    series = 0
    while allpass_min_level(rules, series) < min_level and series < 10:
        series += 1
    return series
