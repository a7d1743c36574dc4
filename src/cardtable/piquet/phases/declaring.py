"""The declarations (rules 20–29, 33, 34, 41), carte blanche and rouge, showing on demand (23).

The categories are called in the seed's order (point, sequence, sets), each by the first to
declare: he calls or sinks, the others answer "good", "not good" or "equal". The engine knows
what every hand holds, so it refuses an answer that is not true ("not good" when one holds
nothing better) but lets a player sink: call less than he holds, call nothing, or answer
"good" holding better. A call of something not held is accepted (as at the table) and
punished at the first lead by molchanka (:mod:`.playing`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import Card, Rank, Suit
from cardtable.engine import Event
from cardtable.engine.deal import Value
from cardtable.piquet.actions import Answer, Declare, Demand, PiquetAction, Sink, action_text
from cardtable.piquet.declarations import (
    CATEGORIES,
    CardSet,
    Combination,
    Point,
    Run,
    best_in,
    counted,
    is_carte_blanche,
    point_of,
    point_value,
    run_of,
    sequence_value,
    set_of,
    set_value,
)
from cardtable.piquet.phases.base import BeforeTheLead
from cardtable.piquet.phases.playing import Playing
from cardtable.piquet.phases.state import DealState
from cardtable.piquet.phrases import told
from cardtable.piquet.rules import PiquetRules


@dataclass
class Standing:
    """The best call so far in a category and who holds it (more than one: equal)."""

    combination: Combination
    holders: list[int]
    false: bool = False


@dataclass(frozen=True)
class Offer:
    """A counted declaration whose cards the opponents may demand to see (rule 23)."""

    seat: int
    what: str
    cards: tuple[Card, ...]
    false: bool = False


def start_declarations(state: DealState) -> list[Event]:
    """The exchange is over: carte blanche if it is shown now, then the first category."""
    phase = Declaring(state)
    state.phase = phase
    events: list[Event] = []
    if state.rules.carte_blanche_when == "exchanged":
        found, phase.offers = carte_blanche(state, proved=state.rules.showing == "always")
        events += found
    return events + phase.next_step()


def carte_blanche(state: DealState, proved: bool) -> tuple[list[Event], list[Offer]]:
    """Every hand without a court counts carte blanche (rule 29), shown if ``proved``.

    Unproved, under showing on demand, each is offered to the opponents to see.
    """
    events: list[Event] = []
    offers: list[Offer] = []
    rules = state.rules
    if not rules.carte_blanche:
        return events, offers
    for seat in state.declaring:
        hand = state.hands[seat]
        if is_carte_blanche(hand) and seat not in state.silenced:
            cards = tuple(hand) if proved else ()
            state.shown.extend(cards)
            events.append(told("carte blanche", seat, "carte-blanche", cards, seat=seat))
            events += state.count(seat, rules.carte_blanche, "carte blanche")
            state.tags.append("carte blanche")
            if not proved and rules.showing == "on_demand":
                offers.append(Offer(seat, "carte blanche", tuple(hand)))
    return events, offers


class Declaring(BeforeTheLead):
    """The categories called in turn, each counted declaration offered for showing."""

    name = "declare"

    def __init__(self, state: DealState) -> None:
        super().__init__(state)
        self.index = 0
        self.position = 0
        self.best: Standing | None = None
        self.used: dict[int, list[Card]] = {seat: [] for seat in state.players}
        self.offers: list[Offer] = []
        self.demanders: list[int] = []

    @property
    def category(self) -> str | None:
        """The category being declared, unless a showing is being decided."""
        return None if self.demanders else self._category

    @property
    def standing(self) -> str | None:
        """The best call so far in the category."""
        return None if self.best is None else _call_name(self.best.combination)

    @property
    def offer(self) -> str | None:
        """The declaration the opponents may demand to see."""
        if not self.demanders:
            return None
        return f"seat {self.offers[0].seat}'s {self.offers[0].what}"

    @property
    def _category(self) -> str:
        return CATEGORIES[self.index]

    def actions(self, seat: int) -> list[PiquetAction]:
        """Demand or trust; else call or sink; else the true answers to the standing call."""
        if self.demanders:
            return [Demand(True), Demand(False)]
        hand = self.state.hands[seat]
        if seat in self.state.silenced:
            return [Sink()] if self.best is None else [Answer("good")]
        if self.best is None:
            best = best_in(self._category, hand, self.state.rules)
            calls: list[PiquetAction] = [Sink()]
            if best is not None:
                calls.insert(0, _declare_of(best))
            return calls
        return [
            Answer(word)
            for word in ("good", "not good", "equal")
            if self._answer_true(seat, word) is None
        ]

    def refusal(self, seat: int, action: PiquetAction) -> str | None:
        """Why ``action`` is no demand now, or no call or answer ``seat`` may make."""
        if self.demanders:
            if not isinstance(action, Demand):
                return f"seat {seat} must demand to see the cards just counted or trust them"
            return None
        category = self._category
        if (
            seat in self.state.silenced
            and isinstance(action, Declare | Answer)
            and action != Answer("good")
        ):
            return f"seat {seat} plays in molchanka and declares nothing (rule 17)"
        if self.best is None:
            if isinstance(action, Sink):
                return None
            if not isinstance(action, Declare):
                return f"seat {seat} must call a {category} or sink"
            if _category_of(action) != category:
                return f"the {category} is being declared, not the {_category_of(action)}"
            if not _well_formed(action, self.state.rules, len(self.state.hands[seat])):
                return f"there is no such {category} as {action_text(action)}"
            return None
        if not isinstance(action, Answer):
            return f"seat {seat} must answer good, not good or equal"
        return self._answer_true(seat, action.word)

    def _answer_true(self, seat: int, word: str) -> str | None:
        standing = self.best
        assert standing is not None
        if word == "good":
            return None
        mine = best_in(self._category, self.state.hands[seat], self.state.rules)
        called = standing.combination
        if word == "not good":
            if mine is None or _primary(mine) <= _primary(called):
                return f"seat {seat} holds no better {self._category} than {_call_name(called)}"
            return None
        if isinstance(called, CardSet) or mine is None or _primary(mine) < _primary(called):
            return f"seat {seat} holds no {self._category} equal to {_call_name(called)}"
        return None

    def move(self, seat: int, action: PiquetAction) -> list[Event]:
        """Demand or trust a declaration; else call, sink or answer."""
        if isinstance(action, Demand):
            return self._demand(seat, action.demand)
        return self._declare(seat, action)

    def _declare(self, seat: int, action: PiquetAction) -> list[Event]:
        hand = self.state.hands[seat]
        events: list[Event]
        if isinstance(action, Sink):
            events = [told("sink", seat, "sink", seat=seat, category=self._category)]
        elif isinstance(action, Declare):
            held = _held(action, hand, self.state.rules)
            false = held is None
            combination = held if held is not None else _claimed(action)
            if false:
                self.state.false_callers.add(seat)
            self.best = Standing(combination, [seat], false)
            called = _call_name(combination)
            events = [told("call", seat, "call", seat=seat, combination=called)]
        else:
            assert isinstance(action, Answer)
            assert self.best is not None
            events = self._answer(seat, action.word, self.best)
        self.position += 1
        if self.position == len(self.state.declaring):
            events += self._close_category()
        else:
            self.state.turn = self.state.declaring[self.position]
        return events

    def _answer(self, seat: int, word: str, standing: Standing) -> list[Event]:
        hand = self.state.hands[seat]
        if word == "not good":
            mine = best_in(self._category, hand, self.state.rules)
            assert mine is not None
            self.best = Standing(mine, [seat])
            return [told("answer", seat, "not-good", seat=seat, combination=_call_name(mine))]
        if word == "equal":
            called = standing.combination
            mine = _at_primary(called, hand)
            theirs, ours = _secondary(called), _secondary(mine)
            if ours > theirs:
                self.best = Standing(mine, [seat])
            elif ours == theirs:
                standing.holders.append(seat)
            names = {"combination": _call_name(mine), "called": _call_name(called)}
            return [told("answer", seat, "equal-against", seat=seat, **names)]
        return [told("answer", seat, "answer", seat=seat, word=word)]

    def _close_category(self) -> list[Event]:
        """The category is decided: the good call counts, shown or offered for showing."""
        state = self.state
        rules = state.rules
        standing = self.best
        category = self._category
        events: list[Event] = []
        if standing is not None and len(standing.holders) > 1:
            events.append(told("equal", None, "equal", category=category))
        elif standing is not None:
            seat = standing.holders[0]
            cards: tuple[Card, ...] = ()
            if standing.false:
                score = _nominal(standing.combination, rules)
                state.false_points[seat] += score
            else:
                found = counted(standing.combination, state.hands[seat], rules)
                score = sum(points for _, points, _ in found)
                cards = tuple(card for _, _, held in found for card in held)
            self.used[seat].extend(cards)
            shown: tuple[Card, ...] = cards if rules.showing == "always" else ()
            state.shown.extend(card for card in shown if card not in state.shown)
            said: dict[str, Value] = {"seat": seat, "amount": score, "category": category}
            events.append(told("good", seat, "good", shown, **said))
            events += state.count(seat, score, category)
            if rules.showing == "on_demand":
                self.offers.append(Offer(seat, category, cards, standing.false))
        self.best = None
        self.position = 0
        self.index += 1
        return events + self.next_step()

    def next_step(self) -> list[Event]:
        """Offer the next counted declaration for showing, else go on declaring or play."""
        state = self.state
        if self.offers:
            offer = self.offers[0]
            self.demanders = [seat for seat in state.declaring if seat != offer.seat]
            state.turn = self.demanders[0]
            return []
        if self.index < len(CATEGORIES):
            state.turn = state.declaring[0]
            return []
        return self._end()

    def _demand(self, seat: int, demand: bool) -> list[Event]:
        """Showing on demand (rule 23): one opponent's demand shows the cards, or not held."""
        offer = self.offers[0]
        if not demand:
            self.demanders.pop(0)
            events = [told("trust", seat, "trust", seat=seat, category=offer.what)]
            if self.demanders:
                self.state.turn = self.demanders[0]
                return events
        elif offer.false:
            said: dict[str, Value] = {"by": seat, "category": offer.what, "seat": offer.seat}
            events = [told("show", offer.seat, "cannot-show", **said)]
        else:
            said = {"by": seat, "category": offer.what, "seat": offer.seat}
            events = [told("show", offer.seat, "shows", offer.cards, **said)]
            shown = self.state.shown
            shown.extend(card for card in offer.cards if card not in shown)
        self.offers.pop(0)
        self.demanders = []
        return events + self.next_step()

    def _end(self) -> list[Event]:
        """Carte rouge for a hand whose every card counted (rule 41), then the play."""
        state = self.state
        events: list[Event] = []
        if state.rules.carte_rouge:
            for seat in state.declaring:
                if seat not in state.silenced and set(state.hands[seat]) <= set(self.used[seat]):
                    events.append(told("carte rouge", seat, "carte-rouge", seat=seat))
                    events += state.count(seat, state.rules.carte_rouge, "carte rouge")
                    state.tags.append("carte rouge")
        state.phase = Playing(state)
        state.turn = state.elder
        return events


def _category_of(action: Declare) -> str:
    return "sets" if action.kind in ("fourteen", "trio") else action.kind


def _declare_of(combination: Combination) -> Declare:
    if isinstance(combination, Point):
        return Declare("point", combination.count)
    if isinstance(combination, Run):
        return Declare("sequence", combination.length)
    return Declare(
        "fourteen" if combination.count == 4 else "trio", combination.count, combination.rank
    )


def _well_formed(action: Declare, rules: PiquetRules, size: int) -> bool:
    if action.kind == "point":
        return 1 <= action.count <= size
    if action.kind == "sequence":
        return 3 <= action.count <= 8
    return action.rank is not None and int(action.rank) >= rules.min_set_rank


def _held(action: Declare, hand: list[Card], rules: PiquetRules) -> Combination | None:
    if action.kind == "point":
        return point_of(hand, action.count)
    if action.kind == "sequence":
        return run_of(hand, action.count)
    assert action.rank is not None
    return set_of(hand, action.count, action.rank, rules)


def _claimed(action: Declare) -> Combination:
    """The combination a false call claims, at its lowest where the call leaves it open."""
    if action.kind == "point":
        return Point(action.count, 0, Suit.CLUBS)
    if action.kind == "sequence":
        return Run(action.count, Rank(int(Rank.SEVEN) + action.count - 1), Suit.CLUBS)
    assert action.rank is not None
    return CardSet(action.count, action.rank, ())


def _nominal(combination: Combination, rules: PiquetRules) -> int:
    if isinstance(combination, Point):
        return point_value(combination.count)
    if isinstance(combination, Run):
        return sequence_value(combination.length, rules)
    return set_value(combination.count)


def _primary(combination: Combination) -> tuple[int, ...]:
    if isinstance(combination, Point):
        return (combination.count,)
    if isinstance(combination, Run):
        return (combination.length,)
    return combination.key


def _secondary(combination: Combination) -> int:
    if isinstance(combination, Point):
        return combination.pips
    if isinstance(combination, Run):
        return int(combination.top)
    return 0


def _at_primary(called: Combination, hand: list[Card]) -> Combination:
    found: Combination | None
    if isinstance(called, Point):
        found = point_of(hand, called.count)
    else:
        assert isinstance(called, Run)
        found = run_of(hand, called.length)
    assert found is not None
    return found


def _call_name(combination: Combination) -> str:
    if isinstance(combination, Point):
        return f"a point of {combination.count}"
    if isinstance(combination, Run):
        return f"a {combination.name.split(' ')[0]}"
    return combination.name
