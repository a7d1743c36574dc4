"""A preferans bot that plays its cards by sampling the unseen hands and solving each layout.

At each card it deals the cards it cannot see to the hands it cannot see, consistently with
what the play has shown (how many cards each hand holds, the suits a hand has shown void in:
a hand that did not follow is void in the suit led, and also in trumps if it did not trump,
rules 31–32 of 001_776ed664a35a376f.txt) and, loosely, with the bidding
(:func:`auction_layout`), solves every layout double dummy
(:mod:`cardtable.preferans.solver`) and plays the card with the best average score for its
side: a made or a set contract first, tricks second. In an all-pass (rule 29) it takes the
paranoid view: the two others play against it. This is the "Monte Carlo" sampling of bridge
programs (Ginsberg's GIB, 2001). Having bought the talon it discards and names its contract
the same way, solving layouts of the defenders' hands; as a defender it whists or passes by
settling layouts in the engine. In the auction it weighs passing, misère and bidding on to
each level by running every such plan through sampled layouts of the hidden hands and the
talon in the engine, the others calling as the rule-based bot would, and settling each deal
under the table's convention. Tricks led by the talon it leaves to the rule-based bot.

Its rooms: ``preferans_layouts`` (dealing the unseen cards as the play and the bidding allow),
``preferans_payoffs`` (a layout solved and priced by the convention) and ``preferans_plans``
(calls run through a layout in the engine).

It sees only its view. The number of layouts is fixed and the budget per decision is counted
in positions searched, so a seeded game stays reproducible; a budget in seconds can be set too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from cardtable.bots.preferans import PreferansBot, hand_tricks, misere_danger
from cardtable.bots.preferans_layouts import HAND, TALON, active_seats, auction_layout, shown_voids
from cardtable.bots.preferans_payoffs import card_scores, misere_payoff, payoff, solve_layout
from cardtable.bots.preferans_plans import LayoutTable, plans_for, whist_value
from cardtable.cards import Card
from cardtable.preferans.actions import (
    Action,
    Bid,
    Discard,
    Play,
    Say,
    WithoutTalon,
    parse_action,
)
from cardtable.preferans.bidding import contract_choices, is_misere
from cardtable.preferans.contracts import Strain, parse_contract
from cardtable.preferans.deal import PreferansView
from cardtable.preferans.pulka import match_scoring
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.scoring import ScoringRules
from cardtable.preferans.solver import nodes_searched
from cardtable.preferans.tricks import DECK, following, sorted_cards

DISCARD_CANDIDATES = 5
"""Pairs of cards the discard solves, the likeliest by the rule-based bot's count."""


AUCTION_NODE_BUDGET = 6_000_000
"""Positions the solver may search for one call of the auction before the layouts stop."""


@dataclass
class _Memory:
    """What one seat has seen of the deal being played: every finished trick by number."""

    tricks: dict[int, tuple[tuple[int, Card], ...]] = field(default_factory=dict)


class SamplingBot:
    """Bids, plays, discards, names and whists by double-dummy sampling."""

    def __init__(
        self,
        layouts: int = 32,
        node_budget: int = 4_000_000,
        seconds: float | None = None,
        rules: PreferansRules | None = None,
        auction_layouts: int = 12,
    ) -> None:
        """``layouts`` deals of the unseen cards per decision (``auction_layouts`` per call).

        Fewer when the searches of one decision pass ``node_budget`` positions or take more
        than ``seconds``.  The node budget keeps a seeded game reproducible on any machine;
        a budget in seconds makes the play depend on the machine's speed, so it is off
        unless asked for.
        """
        self.layouts = layouts
        self.node_budget = node_budget
        self.seconds = seconds
        self.rules = rules
        self.auction_layouts = auction_layouts
        self.rules_bot = PreferansBot()
        self.memory: dict[int, _Memory] = {}

    def _scoring(self) -> ScoringRules:
        """The score sheet of the table's convention (the classic game's without rules)."""
        rules = self.rules or PreferansRules()
        return match_scoring(rules)

    def choose(self, view: PreferansView, legal: Sequence[Action], rng: random.Random) -> Action:
        """An action among ``legal`` for the seat whose view this is."""
        if view.phase == "auction" and self.rules is not None:
            call = self._bid(view, legal, self.rules, rng)
            if call is not None:
                return call
        if view.phase == "play":
            history = self.remember(view)
            if history is not None and len(legal) > 1:
                cards = [a.card for a in legal if isinstance(a, Play)]
                card = self._play(view, cards, history, rng)
                if card is not None:
                    return Play(card)
        if view.phase == "whist" and self.rules is not None and Say.WHIST in legal:
            say = self._whist(view, self.rules, rng)
            if say is not None:
                return say
        if view.phase == "discard" and view.high_bid is not None:
            return self._discard(view, parse_action(view.high_bid), rng)
        if view.phase == "contract":
            bids = [a for a in legal if isinstance(a, Bid) and not a.contract.is_misere]
            if len(bids) > 1:
                return self._name(view, bids, rng)
        action: Action = self.rules_bot.choose(view, legal, rng)
        return action

    # ------------------------------------------------------------------ the contract
    def _name(self, view: PreferansView, bids: list[Bid], rng: random.Random) -> Bid:
        """The contract with the best average over layouts of the defenders' hands.

        A made contract scores what the table's convention writes in the pool for it, each
        trick short loses what it writes on the mountain (:func:`payoff`).
        """
        scoring = self._scoring()
        active = active_seats(view)
        known = set(view.hand) | set(view.discard) | set(view.talon)
        unseen = [card for card in DECK if card not in known]
        hidden = {seat: HAND for seat in active if seat != view.seat}
        strains = {bid.contract.strain for bid in bids}
        totals = dict.fromkeys(bids, 0.0)
        for _ in range(self.layouts):
            layout = auction_layout(unseen, hidden, view, rng)
            if layout is None:
                break
            hands = {**layout, view.seat: view.hand}
            for strain in strains:
                assert strain is not None
                tricks = solve_layout(hands, active, view.seat, view.first_hand, strain.suit)
                for bid in bids:
                    if bid.contract.strain is strain:
                        totals[bid] += payoff(scoring, bid.contract.level, tricks)
        return max(bids, key=lambda bid: totals[bid])

    # ------------------------------------------------------------------ the discard
    def _discard(self, view: PreferansView, bought: Action, rng: random.Random) -> Discard:
        """The two cards whose laying aside does best on average over layouts (rule 21).

        The rule-based bot's count picks the :data:`DISCARD_CANDIDATES` likeliest pairs; for
        each, in each layout of the defenders' hands, the cards kept are solved in the two
        strains they count best in (a misère as a misère) and scored as :meth:`_name` scores.
        """
        assert isinstance(bought, Bid | WithoutTalon)
        hand = list(view.hand)
        misere = is_misere(bought)
        pairs = [frozenset(pair) for pair in combinations(sorted_cards(hand), 2)]

        def kept(pair: frozenset[Card]) -> list[Card]:
            return [card for card in hand if card not in pair]

        def count(pair: frozenset[Card]) -> float:
            if misere:
                return -float(misere_danger(kept(pair)))
            return max(hand_tricks(kept(pair), strain) for strain in Strain)

        candidates = sorted(pairs, key=count, reverse=True)[:DISCARD_CANDIDATES]
        choices = [] if misere else contract_choices(bought)
        scoring = self._scoring()
        active = active_seats(view)
        unseen = [card for card in DECK if card not in set(hand)]
        hidden = {seat: HAND for seat in active if seat != view.seat}
        totals: dict[tuple[frozenset[Card], Strain | None], float] = {}
        for _ in range(self.layouts // 2):
            layout = auction_layout(unseen, hidden, view, rng)
            if layout is None:
                break
            for pair in candidates:
                hands = {**layout, view.seat: tuple(kept(pair))}
                if misere:
                    taken = solve_layout(
                        hands, active, view.seat, view.first_hand, None, misere=True
                    )
                    score = misere_payoff(scoring, taken)
                    totals[pair, None] = totals.get((pair, None), 0.0) + score
                    continue
                strains = sorted(Strain, key=lambda s: -hand_tricks(kept(pair), s))[:2]
                for strain in strains:
                    taken = solve_layout(hands, active, view.seat, view.first_hand, strain.suit)
                    score = max(
                        (payoff(scoring, c.level, taken) for c in choices if c.strain is strain),
                        default=-100.0,
                    )
                    totals[pair, strain] = totals.get((pair, strain), 0.0) + score
        if not totals:
            return Discard(candidates[0])
        return Discard(max(totals, key=lambda key: totals[key])[0])

    # ------------------------------------------------------------------ the whist
    def _whist(self, view: PreferansView, rules: PreferansRules, rng: random.Random) -> Say | None:
        """Whist or pass, whichever settles better on average over layouts.

        Layouts of the hidden hands (and of the talon when it was not shown) are drawn, as in
        the auction and the play, loosely consistent with every call (:func:`auction_layout`),
        the declarer's cards with the talon counting near his contract. Each layout is
        dealt again in the engine: the auction, the declarer's discard and the calls so far replayed
        (the discard and the partner's answer made as the rule-based bot makes them), this
        seat's answer applied, the cards solved double dummy, and the deal settled as a
        one-deal pulka under the table's convention.
        """
        assert view.declarer is not None
        active = active_seats(view)
        partner = next(s for s in active if s not in (view.seat, view.declarer))
        unseen = [card for card in DECK if card not in set(view.hand) | set(view.talon)]
        hidden = {view.declarer: HAND, partner: HAND}
        if not view.talon:
            hidden[TALON] = 2
        contract = parse_contract(view.contract or "misère")
        strain = contract.strain
        if strain is None:
            return None
        totals = {Say.WHIST: 0.0, Say.PASS: 0.0}
        for _ in range(self.layouts):
            layout = auction_layout(unseen, hidden, view, rng, contract=(contract.level, strain))
            if layout is None:
                return None
            hands = {**layout, view.seat: view.hand}
            talon = layout.get(TALON, view.talon)
            for say in totals:
                whists = whist_value(
                    view, rules, hands, talon=talon, say=say, helper=self.rules_bot, rng=rng
                )
                if whists is None:
                    return None
                totals[say] += whists
        return Say.WHIST if totals[Say.WHIST] > totals[Say.PASS] else Say.PASS

    # ------------------------------------------------------------------ the auction
    def _bid(
        self,
        view: PreferansView,
        legal: Sequence[Action],
        rules: PreferansRules,
        rng: random.Random,
    ) -> Action | None:
        """The call of the plan that settles best on average over layouts (rules 16–23).

        The plans: pass; misère, when it may be bid; and "go on up to ``n``" for each level
        ``n`` from the cheapest raise to ten (hold the bid when allowed, else make the cheapest
        raise while it is no higher than ``n``, then pass). Each layout deals the two hidden
        hands and the talon, loosely as the calls so far suggest (:func:`auction_layout`),
        and every plan is run through it in the engine (:class:`LayoutTable`): the others call as
        the rule-based bot would, a talon this seat wins is taken, discarded and named with
        the layout in sight (the best contract double dummy), and the deal is solved and
        settled as a one-deal pulka under the table's convention.
        """
        plans = plans_for(view, legal)
        if len(plans) < 2:
            return None
        active = active_seats(view)
        unseen = [card for card in DECK if card not in set(view.hand)]
        hidden = {seat: HAND for seat in active if seat != view.seat}
        hidden[TALON] = 2
        totals = dict.fromkeys(plans, 0.0)
        started = time.perf_counter()
        nodes = nodes_searched()
        counted = 0
        for _ in range(self.auction_layouts):
            layout = auction_layout(unseen, hidden, view, rng)
            if layout is None:
                break
            hands = {seat: cards for seat, cards in layout.items() if seat != TALON}
            table = LayoutTable(view, rules, {**hands, view.seat: view.hand}, layout[TALON])
            values = {plan: table.value(plan, self.rules_bot, rng) for plan in plans}
            if any(value is None for value in values.values()):
                return None  # the calls so far do not replay (an unseen all-pass series)
            for plan, value in values.items():
                assert value is not None
                totals[plan] += value
            counted += 1
            if nodes_searched() - nodes > AUCTION_NODE_BUDGET:
                break
            if self.seconds is not None and time.perf_counter() - started > self.seconds:
                break
        if not counted:
            return None
        best = max(plans, key=lambda plan: totals[plan])
        return best.call(legal)

    # ------------------------------------------------------------------ what is known
    def remember(self, view: PreferansView) -> list[tuple[tuple[int, Card], ...]] | None:
        """Note the last finished trick; every finished trick of this deal, if all were seen.

        Called at every card the seat plays, so no trick of the deal goes unseen; what is
        remembered from another deal is dropped as the trick count starts again.
        """
        seat = view.seat if view.playing_for is None else view.playing_for
        hand = view.hand if seat == view.seat else dict(view.open_hands).get(seat)
        if hand is None:
            return None
        done = HAND - len(hand)
        memory = self.memory.setdefault(view.seat, _Memory())
        for number in [n for n in memory.tricks if n >= done - 1]:
            del memory.tricks[number]
        if done and view.last_trick:
            memory.tricks[done - 1] = view.last_trick
        if any(number not in memory.tricks for number in range(done)):
            return None  # the bot joined mid-deal: it cannot know what fell
        return [memory.tricks[number] for number in range(done)]

    def _play(
        self,
        view: PreferansView,
        cards: list[Card],
        history: list[tuple[tuple[int, Card], ...]],
        rng: random.Random,
    ) -> Card | None:
        if view.talon_lead is not None:
            return None
        seat = view.seat if view.playing_for is None else view.playing_for
        active = active_seats(view)
        hands: dict[int, tuple[Card, ...]] = dict(view.open_hands)
        hands[view.seat] = view.hand
        done = len(history)
        contract = None if view.contract is None else parse_contract(view.contract)
        trump = None if contract is None else contract.trump
        led = view.trick[0][1].suit if view.trick else None
        cards = following(cards, led, trump)  # never revoke on purpose, even where allowed
        if len(cards) == 1:
            return cards[0]
        played = [card for trick in history for _, card in trick] + [c for _, c in view.trick]
        known = set(played) | set(view.talon) | set(view.discard)
        for hand in hands.values():
            known |= set(hand)
        unseen = [card for card in DECK if card not in known]
        on_table = {s for s, _ in view.trick}
        hidden = {s: HAND - done - (s in on_table) for s in active if s not in hands}
        voids = shown_voids(history, view.trick, trump, skip=2 if contract is None else 0)
        if contract is None:
            declarer, misere = seat, True
        else:
            assert view.declarer is not None
            declarer, misere = view.declarer, contract.is_misere
        leader = view.trick[0][0] if view.trick else seat
        level = 0 if contract is None else contract.level
        totals = dict.fromkeys(cards, 0.0)
        started = time.perf_counter()
        nodes = nodes_searched()
        by_seat: dict[int, list[Card]] = {}
        for trick in [*history, view.trick]:
            for who, card in trick:
                by_seat.setdefault(who, []).append(card)
        for _ in range(self.layouts):
            layout = auction_layout(unseen, hidden, view, rng, voids=voids, played=by_seat)
            if layout is None:
                return None
            full = {**hands, **layout}
            scores = card_scores(
                full,
                active,
                declarer=declarer,
                leader=leader,
                view=view,
                trump=trump,
                misere=misere,
                level=level,
                is_declarer=seat == declarer,
            )
            for card in cards:
                totals[card] += scores[card]
            if nodes_searched() - nodes > self.node_budget:
                break
            if self.seconds is not None and time.perf_counter() - started > self.seconds:
                break
        return max(cards, key=lambda card: totals[card])


def make_sampling_bot(rules: PreferansRules) -> SamplingBot:
    """The sampling bot for a table playing ``rules`` (registered as ``sampling``)."""
    return SamplingBot(rules=rules)
