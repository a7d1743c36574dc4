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

It sees only its view. The number of layouts is fixed and the budget per decision is counted
in positions searched, so a seeded game stays reproducible; a budget in seconds can be set too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Literal

from cardtable.bots.preferans import PreferansBot, best_strain, hand_tricks, misere_danger
from cardtable.cards import Card, Suit
from cardtable.engine import DealSetup
from cardtable.errors import CardtableError
from cardtable.preferans.actions import (
    Action,
    Bid,
    Discard,
    Play,
    Say,
    WithoutTalon,
    parse_action,
)
from cardtable.preferans.bidding import allpass_min_level, bid_level, contract_choices, is_misere
from cardtable.preferans.contracts import Strain, parse_contract
from cardtable.preferans.deal import PreferansDeal, PreferansView, stack_deck
from cardtable.preferans.outcome import DealOutcome
from cardtable.preferans.pulka import deal_score, match_scoring
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.scoring import ScoringRules
from cardtable.preferans.sheet import Sheet
from cardtable.preferans.solver import nodes_searched
from cardtable.preferans.tricks import DECK, following, sorted_cards

HAND = 10
"""Cards in a hand before the first trick."""
SPARE = -1
"""The holder of the unseen cards that are out of play."""
TALON = -2
"""The holder of the talon's cards when they are dealt in a layout."""
BIDDING_TRIES = 40
"""Layouts drawn to find one whose declarer could have bought his contract."""
BIDDING_SLACK = 1.5
"""How far below his contract the declarer's counted tricks may fall in a layout."""
DISCARD_CANDIDATES = 5
"""Pairs of cards the discard solves, the likeliest by the rule-based bot's count."""
MADE_BONUS = 10
"""A layout's score for making (or setting) the contract, beside one point a trick."""
AUCTION_NODE_BUDGET = 6_000_000
"""Positions the solver may search for one call of the auction before the layouts stop."""
MISERE_DANGER_LIMIT = 3
"""Cards in danger (as the rule-based bot counts them) above which misère is not considered."""
GAME_FLOOR = 4.0
"""Tricks (as the rule-based bot counts them) below which bidding a game is not considered."""
STRAINS_SOLVED = 2
"""Strains a declarer's layout is solved in when the auction is weighed."""
MISERE_DISCARDS = 2
"""Discards a misère declarer's layout is solved with when the auction is weighed."""


@dataclass
class _Memory:
    """What one seat has seen of the deal being played: every finished trick by number."""

    tricks: dict[int, tuple[tuple[int, Card], ...]] = field(default_factory=dict)


class SamplingBot:
    """Bids, plays, discards, names and whists by double-dummy sampling."""

    def __init__(
        self,
        layouts: int = 16,
        node_budget: int = 2_000_000,
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
                tricks = _solve_layout(hands, active, view.seat, view.first_hand, strain.suit)
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
                    taken = _solve_layout(
                        hands, active, view.seat, view.first_hand, None, misere=True
                    )
                    score = _misere_payoff(scoring, taken)
                    totals[pair, None] = totals.get((pair, None), 0.0) + score
                    continue
                strains = sorted(Strain, key=lambda s: -hand_tricks(kept(pair), s))[:2]
                for strain in strains:
                    taken = _solve_layout(hands, active, view.seat, view.first_hand, strain.suit)
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
                whists = _settle(
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
        and every plan is run through it in the engine (:class:`_Table`): the others call as
        the rule-based bot would, a talon this seat wins is taken, discarded and named with
        the layout in sight (the best contract double dummy), and the deal is solved and
        settled as a one-deal pulka under the table's convention.
        """
        plans = _plans(view, legal)
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
            table = _Table(view, rules, {**hands, view.seat: view.hand}, layout[TALON])
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
            scores = _scores(
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


def shown_voids(
    history: list[tuple[tuple[int, Card], ...]],
    trick: tuple[tuple[int, Card], ...],
    trump: Suit | None,
    skip: int,
) -> dict[int, set[Suit]]:
    """The suits each seat has shown void in (rules 31–32).

    The first ``skip`` tricks, led by the talon in an all-pass, show nothing this way.
    """
    voids: dict[int, set[Suit]] = {}
    for trick_cards in [*history[skip:], trick]:
        if not trick_cards:
            continue
        led = trick_cards[0][1].suit
        for seat, card in trick_cards[1:]:
            if card.suit != led and led is not None:
                voids.setdefault(seat, set()).add(led)
                if trump is not None and card.suit != trump:
                    voids[seat].add(trump)
    return voids


def deal_unseen(
    unseen: Sequence[Card],
    hidden: dict[int, int],
    voids: dict[int, set[Suit]],
    rng: random.Random,
    *,
    tries: int = 50,
) -> dict[int, tuple[Card, ...]] | None:
    """The unseen cards dealt to the hidden hands (sizes ``hidden``), none in a shown void.

    Cards left over are out of play (a discard, an unturned talon card).
    """
    for _ in range(tries):
        order = list(unseen)
        rng.shuffle(order)
        room = dict(hidden)
        dealt: dict[int, list[Card]] = {seat: [] for seat in hidden}
        spare = len(unseen) - sum(hidden.values())
        ok = True
        for card in order:
            takers = [s for s, left in room.items() if left and card.suit not in voids.get(s, ())]
            weights = [room[s] for s in takers]
            if spare:
                takers.append(SPARE)
                weights.append(spare)
            if not takers:
                ok = False
                break
            taker = rng.choices(takers, weights)[0]
            if taker == SPARE:
                spare -= 1
            else:
                dealt[taker].append(card)
                room[taker] -= 1
        if ok:
            return {seat: tuple(cards) for seat, cards in dealt.items()}
    return None


def _scores(
    hands: dict[int, tuple[Card, ...]],
    active: list[int],
    *,
    declarer: int,
    leader: int,
    view: PreferansView,
    trump: Suit | None,
    misere: bool,
    level: int,
    is_declarer: bool,
) -> dict[Card, float]:
    """Each legal card's score for the side of the seat to move, in one complete layout."""
    from cardtable.preferans.solver import Position, card_values  # noqa: PLC0415

    index = {seat: place for place, seat in enumerate(active)}
    position = Position(
        (frozenset(hands[active[0]]), frozenset(hands[active[1]]), frozenset(hands[active[2]])),
        index[declarer],
        index[leader],
        trump,
        misere,
        tuple(card for _, card in view.trick),
    )
    taken = view.tricks[declarer]
    scores: dict[Card, float] = {}
    for card, value in card_values(position).items():
        total = taken + value
        if view.contract is None:
            declarer_score = -float(total)  # all-pass: fewest tricks
        elif misere:
            declarer_score = -float(total) - (MADE_BONUS if total > 0 else 0)
        else:
            declarer_score = float(total) + (MADE_BONUS if total >= level else 0)
        scores[card] = declarer_score if is_declarer else -declarer_score
    return scores


def _solve_layout(
    hands: dict[int, tuple[Card, ...]],
    active: list[int],
    declarer: int,
    leader: int,
    trump: Suit | None,
    *,
    misere: bool = False,
) -> int:
    """The declarer's tricks in a whole deal of ``hands`` with ``trump``, double dummy."""
    from cardtable.preferans.solver import Position, solve  # noqa: PLC0415

    index = {seat: place for place, seat in enumerate(active)}
    held = (frozenset(hands[active[0]]), frozenset(hands[active[1]]), frozenset(hands[active[2]]))
    return solve(Position(held, index[declarer], index[leader], trump, misere=misere))


def _settle(
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
        _replay_to_play(deal, view, say, helper, rng)
    except CardtableError:
        return None  # e.g. an all-pass series this seat cannot see raised the first bid
    outcome = deal.outcome()
    if deal.phase == "play":
        assert deal.contract is not None
        assert deal.declarer is not None
        taken = _solve_layout(
            {seat: tuple(deal.hands[seat]) for seat in active},
            active,
            deal.declarer,
            view.first_hand,
            deal.contract.trump,
        )
        tricks = [0] * view.players
        tricks[deal.declarer] = taken
        first, second = deal.defenders
        tricks[first] = (HAND - taken) - (HAND - taken) // 2
        tricks[second] = (HAND - taken) // 2
        outcome = replace(outcome, tricks=tuple(tricks), played=True, defence=deal.defence)
    return _balance(outcome, view.seat, rules)


def _replay_to_play(
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


def active_seats(view: PreferansView) -> list[int]:
    """The three seats that play the deal, first hand first (a fourth player deals and sits out)."""
    return [(view.first_hand + step) % view.players for step in range(3)]


def payoff(scoring: ScoringRules, level: int, tricks: int) -> float:
    """A contract's score in one layout under ``scoring``: rules 42–43 as its convention writes.

    Made, what the contract writes in the pool; short, what it writes on the mountain for
    each trick short.

    >>> from cardtable.preferans.scoring import convention
    >>> sochi = convention("sochi")
    >>> payoff(sochi, 6, 6), payoff(sochi, 7, 8), payoff(sochi, 8, 6)
    (2.0, 4.0, -12.0)
    >>> payoff(convention("classic-1992"), 10, 10)
    50.0
    """
    price = scoring.price(level)
    short = max(0, level - tricks)
    return float(price.points) if short == 0 else -float(price.remiz * short)


def _misere_payoff(scoring: ScoringRules, taken: int) -> float:
    """A misère's score in one layout: its pool points clean; caught, its remiz a trick more."""
    if not taken:
        return float(scoring.misere_points)
    return -float(scoring.misere_remiz_points * (1 + taken))


def _split_defence(tricks: list[int], seats: Sequence[int], rest: int) -> None:
    """Share ``rest`` tricks between two seats, the first taking the odd one."""
    first, second = seats
    tricks[first] = rest - rest // 2
    tricks[second] = rest // 2


@dataclass(frozen=True)
class _Plan:
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


def _plans(view: PreferansView, legal: Sequence[Action]) -> list[_Plan]:
    """Pass first (it wins ties), then misère if legal, then raising up to each level.

    Hopeless plans are left out unsolved, to spend the time where the call is in doubt: a
    misère with more than :data:`MISERE_DANGER_LIMIT` cards in danger, a game with a hand
    that counts fewer than :data:`GAME_FLOOR` tricks in its best strain.
    """
    plans = [_Plan("pass")]
    misere = any(isinstance(a, Bid) and is_misere(a) for a in legal)
    if misere and misere_danger(view.hand) <= MISERE_DANGER_LIMIT:
        plans.append(_Plan("misère"))
    if best_strain(view.hand)[1] < GAME_FLOOR:
        return plans
    levels = [a.contract.level for a in legal if isinstance(a, Bid) and not is_misere(a)]
    if Say.HOLD in legal and view.high_bid is not None:
        high = parse_action(view.high_bid)
        assert isinstance(high, Bid | WithoutTalon)
        levels.append(bid_level(high))
    if levels:
        plans += [_Plan("game", top) for top in range(min(levels), 11)]
    return plans


def auction_layout(
    unseen: list[Card],
    hidden: dict[int, int],
    view: PreferansView,
    rng: random.Random,
    *,
    voids: dict[int, set[Suit]] | None = None,
    played: dict[int, list[Card]] | None = None,
    contract: tuple[int, Strain] | None = None,
) -> dict[int, tuple[Card, ...]] | None:
    """The hidden hands (and talon), drawn so that the calls so far look sensible.

    A seat that bid or held ``n`` should count (as the rule-based bot counts) at least ``n``
    less :data:`BIDDING_SLACK` tricks in its best strain; a seat that bid misère should have
    at most two cards in danger; a seat whose first call was a pass should count fewer than
    six. In the play a hand is judged with the cards it has ``played``, as at the first trick, and
    kept clear of its shown ``voids``. Given the ``contract`` (level and strain) the declarer
    bought, his dealt hand with the talon should count at least the level less the slack in
    that strain, for he could then have bought it. Of :data:`BIDDING_TRIES` draws the first
    that breaks none of these is taken, else the one that breaks fewest: the constraints are
    loose, as other players bid their own way, and a layout is always found when the voids
    allow one.
    """
    need: dict[int, int] = {}
    misere_seats: set[int] = set()
    first_passes: set[int] = set()
    spoken: set[int] = set()
    high = 0
    for seat, text in view.calls:
        call = parse_action(text)
        if isinstance(call, Bid) and is_misere(call):
            misere_seats.add(seat)
        elif isinstance(call, Bid | WithoutTalon):
            high = bid_level(call)
            need[seat] = max(need.get(seat, 0), high)
        elif call is Say.HOLD:
            need[seat] = max(need.get(seat, 0), high)
        elif call is Say.PASS and seat not in spoken:
            first_passes.add(seat)
        spoken.add(seat)
    judged = [seat for seat in hidden if seat in spoken]
    shown = played or {}

    def misses(layout: dict[int, tuple[Card, ...]]) -> int:
        count = 0
        for seat in judged:
            hand = [*layout[seat], *shown.get(seat, ())]
            tricks = best_strain(hand)[1]
            count += int(seat in need and tricks < need[seat] - BIDDING_SLACK)
            count += int(seat in misere_seats and misere_danger(hand) > 2)
            count += int(seat in first_passes and tricks >= 6)
        if contract is not None:
            assert view.declarer is not None
            level, strain = contract
            bought = layout[view.declarer] + layout.get(TALON, view.talon)
            count += int(hand_tricks(bought, strain) < level - BIDDING_SLACK)
        return count

    best: dict[int, tuple[Card, ...]] | None = None
    fewest = 0
    for _ in range(BIDDING_TRIES):
        layout = deal_unseen(unseen, hidden, voids or {}, rng)
        if layout is None:
            return None
        missed = misses(layout)
        if best is None or missed < fewest:
            best, fewest = layout, missed
        if not missed:
            break
    return best


class _Table:
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
        self.series = _previous_allpasses(rules, view.min_bid_level)
        self.solved: dict[tuple[Hashable, ...], int] = {}
        self.settled: dict[tuple[Hashable, ...], float] = {}

    def value(self, plan: _Plan, helper: PreferansBot, rng: random.Random) -> float | None:
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
            self.solved[key] = _solve_layout(
                hands, self.active, declarer, self.active[0], trump, misere=misere
            )
        return self.solved[key]

    def solve_allpass(self, deal: PreferansDeal) -> int:
        """The seat's fewest tricks in the all-pass if the other two play against it."""
        hands = {seat: tuple(deal.hands[seat]) for seat in self.active}
        key: tuple[Hashable, ...] = ("all-pass", *(frozenset(hands[seat]) for seat in self.active))
        if key not in self.solved:
            seat = self.view.seat
            self.solved[key] = _solve_layout(
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
                _split_defence(tricks, others, rest)
                outcome = replace(outcome, tricks=tuple(tricks))
            else:
                assert deal.contract is not None
                assert deal.declarer is not None
                taken = self.solve(deal, deal.contract.trump, misere=deal.contract.is_misere)
                tricks[deal.declarer] = taken
                _split_defence(tricks, deal.defenders, HAND - taken)
                outcome = replace(outcome, tricks=tuple(tricks), played=True, defence=deal.defence)
        return _balance(outcome, self.view.seat, self.rules)


def _previous_allpasses(rules: PreferansRules, min_level: int) -> int:
    """The fewest all-passes in a row before this deal that make its lowest bid ``min_level``."""
    series = 0
    while allpass_min_level(rules, series) < min_level and series < 10:
        series += 1
    return series


def _balance(outcome: DealOutcome, seat: int, rules: PreferansRules) -> float:
    """``seat``'s whists when ``outcome`` is written and settled as a one-deal pulka."""
    names = [str(number) for number in range(outcome.players)]
    sheet = Sheet(names, match_scoring(rules))
    sheet.write(deal_score(outcome, names, sheet.rules))
    sheet.close()
    return float(sheet.settlement().balance[names[seat]])


def make_sampling_bot(rules: PreferansRules) -> SamplingBot:
    """The sampling bot for a table playing ``rules`` (registered as ``sampling``)."""
    return SamplingBot(rules=rules)
