"""One deal of piquet for two or three as a state machine: exchange, declarations, play.

The deal follows the seed (001_776ed664a35a376f.txt): the exchange of rules 7–16, the
declarations of rules 20–29 called category by category (point, sequence, sets) with the
answers "good", "not good" and "equal", pique and repique (rules 19, 28, 32), the running
count of the play (rules 30–31, 37), lesa and capot (rules 38–40), and molchanka for a false
declaration left standing at the first lead (rule 33).

Under the ``irregularities`` option the dealer first deals (``deal``) or reports a dealing
error, and a discard may fall short: a card exposed in the deal (rule 6), a card too many
(rules 12–14), too few discarded (rules 15–16) and too many cards in play (rule 17). A redeal
happens inside the deal, by the same dealer, from the deal's own seeded generator, so that a
record replays it exactly.

The engine knows what every hand holds, so it refuses an answer that is not true ("not good"
when one holds nothing better) but lets a player sink: call less than he holds, call nothing,
or answer "good" holding better. A call of something not held is accepted (as at the table)
and punished at the first lead by molchanka.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cardtable.cards import Card, Rank, Suit, cards_text
from cardtable.engine import Deal, DealSetup, Event, private_event, public_event
from cardtable.piquet.actions import (
    AnnounceCapot,
    Answer,
    Correct,
    DealCards,
    Declare,
    Demand,
    Discard,
    Look,
    Misdeal,
    PiquetAction,
    Play,
    Redeal,
    Refuse,
    Sink,
    Take,
    action_text,
)
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
from cardtable.piquet.exchange import (
    ELDER_TALON,
    dealer_counts,
    elder_counts,
    exchanges,
    three_counts,
)
from cardtable.piquet.play import playable, trick_winner
from cardtable.piquet.rules import PiquetRules

TWO_HAND = 12
THREE_HAND = 10


@dataclass
class Standing:
    """The best call so far in a category and who holds it (more than one: equal)."""

    combination: Combination
    holders: list[int]
    false: bool = False


@dataclass(frozen=True)
class PiquetView:
    """What one seat knows of a deal: its hand, what was shown, the counts and the play."""

    seat: int
    dealer: int
    players: tuple[int, ...]
    phase: str
    to_move: int | None
    hand: tuple[Card, ...]
    discarded: tuple[Card, ...]
    talon_left: tuple[int, ...]
    category: str | None
    standing: str | None
    offer: str | None
    counts: dict[int, int]
    tricks: dict[int, int]
    trick: tuple[Card, ...]
    shown: tuple[Card, ...]
    played: tuple[Card, ...]
    sheet: tuple[str, ...]
    log: tuple[str, ...]


@dataclass(frozen=True)
class PiquetOutcome:
    """A finished deal: every active seat's count and tricks, and what marked it."""

    dealer: int
    players: tuple[int, ...]
    counts: dict[int, int]
    tricks: dict[int, int]
    tags: tuple[str, ...]


@dataclass(frozen=True)
class Offer:
    """A counted declaration whose cards the opponents may demand to see (rule 23)."""

    seat: int
    what: str
    cards: tuple[Card, ...]
    false: bool = False


@dataclass
class _Declarations:
    category: int = 0
    position: int = 0
    standing: Standing | None = None
    false_callers: set[int] = field(default_factory=set)
    used: dict[int, list[Card]] = field(default_factory=dict)


class PiquetDeal(Deal[PiquetAction, PiquetView]):
    """One deal among the ``players`` (two or three seats, in seating order).

    ``sheet`` is the match's score sheet as it stood when the deal began, shown in views.
    """

    def __init__(
        self,
        seats: int,
        setup: DealSetup,
        rules: PiquetRules,
        players: tuple[int, ...],
        sheet: tuple[str, ...] = (),
    ) -> None:
        super().__init__(seats, setup)
        self.sheet = sheet
        self.rules = rules
        self.players = players
        self.three = len(players) == 3
        start = players.index(setup.dealer) + 1
        # Seating order from the dealer's left: the first is the elder hand, who leads first.
        self.order = tuple(players[(start + i) % len(players)] for i in range(len(players)))
        self.declaring = (setup.dealer, *self.order[:-1]) if self.three else self.order
        self.size = THREE_HAND if self.three else TWO_HAND
        # The cards in the order they are dealt; a redeal reshuffles them with ``rng``.
        self.pack = list(setup.deck)
        self.rng = random.Random(setup.seed)
        self.hands: dict[int, list[Card]] = {}
        self.elder_talon: list[Card] = []
        self.dealer_talon: list[Card] = []
        self._lay_out()
        # Cards dealt too many (rule 12; negative: too few), whether the hands are dealt out
        # yet, and the seat whose discard fell short with the talon untouched (rule 16).
        self.extra = {seat: 0 for seat in players}
        self.dealt = False
        self.short: int | None = None
        self.discards: dict[int, list[Card]] = {seat: [] for seat in players}
        self.refused: set[int] = set()
        self.phase = "deal"
        self.turn: int | None = setup.dealer
        self.counts = {seat: 0 for seat in players}
        self.tricks = {seat: 0 for seat in players}
        self.decl = _Declarations(used={seat: [] for seat in players})
        self.bonus_done = False
        # Who made the pique or repique, how much, which, and whether false calls helped.
        self.bonus: tuple[int, int, str, bool] | None = None
        self.false_points = {seat: 0 for seat in players}
        self.silenced: set[int] = set()
        self.capot_announced: int | None = None
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.leads = 0
        self.shown: list[Card] = []
        self.lookers: list[int] = []
        self.offers: list[Offer] = []
        self.demanders: list[int] = []
        self.played: list[Card] = []
        self.tags: list[str] = []
        self.repique_at = rules.three_repique_at if self.three else rules.repique_at
        self.pique_at = rules.three_pique_at if self.three else rules.pique_at
        if not rules.irregularities:
            self._log(self._deal_out() + self._begin_exchange())

    # --- the protocol -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the deal is over."""
        return self.turn

    def legal_actions(self) -> list[PiquetAction]:
        """Every legal action of the seat to move; false calls are legal but never listed."""
        seat = self.turn
        if seat is None:
            return []
        actions = self._actions(seat)
        if self._may_correct(seat):
            actions.append(Correct())
        if self._may_announce_capot(seat):
            actions.append(AnnounceCapot())
        return actions

    def _actions(self, seat: int) -> list[PiquetAction]:
        if self.phase == "deal":
            return [
                DealCards(),
                *(Misdeal("exposed", other) for other in self.order),
                Misdeal("exposed", None),
                *(Misdeal("extra", other) for other in self.order),
                *(Misdeal("short", other) for other in self.order),
            ]
        if self.phase == "misdeal":
            return [Redeal(False), Redeal(True)]
        if self.phase == "exchange":
            return self._exchange_actions(seat)
        if self.phase == "look":
            return [Look(True), Look(False)]
        if self.demanders:
            return [Demand(True), Demand(False)]
        if self.phase == "declare":
            return self._declaration_actions(seat)
        return [
            Play(card)
            for card in sorted(playable(self.hands[seat], self.trick), key=lambda c: c.index)
        ]

    def why_illegal(self, action: PiquetAction) -> str | None:
        """Why ``action`` may not be played now, in one sentence, or ``None``."""
        seat = self.turn
        if seat is None:
            return "the deal is over"
        if isinstance(action, Correct):
            if not self._may_correct(seat):
                return f"seat {seat} has no false declaration to correct before the first lead"
            return None
        if isinstance(action, AnnounceCapot):
            if not self._may_announce_capot(seat):
                return "a capot is announced once, after the exchange and before the first lead"
            return None
        if self.phase == "deal":
            return self._why_not_deal(seat, action)
        if self.phase == "misdeal":
            if not isinstance(action, Redeal):
                return f"seat {seat} must choose to have the cards dealt again or accept the deal"
            return None
        if self.phase == "exchange":
            return self._why_not_exchange(seat, action)
        if self.phase == "look":
            if not isinstance(action, Look):
                return f"seat {seat} may look at the talon left over or not, nothing else now"
            return None
        if self.demanders:
            if not isinstance(action, Demand):
                return f"seat {seat} must demand to see the cards just counted or trust them"
            return None
        if self.phase == "declare":
            return self._why_not_declaration(seat, action)
        if not isinstance(action, Play):
            return f"it is time to play a card, not to {action_text(action)}"
        if action.card not in self.hands[seat]:
            return f"seat {seat} does not hold {action.card}"
        if action.card not in playable(self.hands[seat], self.trick):
            return f"seat {seat} must follow the suit led, {self.trick[0]}"
        return None

    def _do(self, action: PiquetAction) -> list[Event]:
        seat = self.turn
        assert seat is not None
        if self.phase == "deal":
            return self._do_deal(seat, action)
        if self.phase == "misdeal":
            assert isinstance(action, Redeal)
            return self._do_choice(seat, action.redeal)
        if self.phase == "exchange":
            return self._do_exchange(seat, action)
        if isinstance(action, Correct):
            return self._correct(seat)
        if isinstance(action, AnnounceCapot):
            self.capot_announced = seat
            return [public_event("capot", seat, f"seat {seat} announces a capot")]
        if isinstance(action, Look):
            return self._do_look(seat, action.look)
        if isinstance(action, Demand):
            return self._do_demand(seat, action.demand)
        if self.phase == "declare":
            return self._do_declaration(seat, action)
        assert isinstance(action, Play)
        return self._do_play(seat, action.card)

    def view(self, seat: int) -> PiquetView:
        """All that ``seat`` may know now."""
        standing = self.decl.standing
        return PiquetView(
            seat=seat,
            dealer=self.setup.dealer,
            players=self.players,
            phase=self.phase,
            to_move=self.turn,
            hand=tuple(sorted(self.hands.get(seat, []), key=lambda c: c.index))
            if self.dealt
            else (),
            discarded=tuple(self.discards.get(seat, [])),
            talon_left=(len(self.elder_talon), len(self.dealer_talon)),
            category=self._category if self.phase == "declare" and not self.demanders else None,
            standing=None if standing is None else _call_name(standing.combination),
            offer=None
            if not self.demanders
            else f"seat {self.offers[0].seat}'s {self.offers[0].what}",
            counts=dict(self.counts),
            tricks=dict(self.tricks),
            trick=tuple(self.trick),
            shown=tuple(self.shown),
            played=tuple(self.played),
            sheet=self.sheet,
            log=tuple(str(event.seen_by(seat)) for event in self.events),
        )

    def outcome(self) -> PiquetOutcome:
        """Each active seat's count and tricks, and the deal's tags."""
        return PiquetOutcome(
            self.setup.dealer, self.players, dict(self.counts), dict(self.tricks), tuple(self.tags)
        )

    # --- the deal and its irregularities (rules 5, 6, 12) ------------------------------------

    def _lay_out(self) -> None:
        """Cut the pack into the hands, then the talon: the elder's five and the dealer's three.

        For three the talon is the dealer's two (rule 5; piquet for three).
        """
        size = self.size
        self.hands = {s: self.pack[i * size : (i + 1) * size] for i, s in enumerate(self.order)}
        talon = self.pack[size * len(self.players) :]
        self.elder_talon = [] if self.three else talon[:ELDER_TALON]
        self.dealer_talon = talon if self.three else talon[ELDER_TALON:]

    def _deal_out(self) -> list[Event]:
        self.dealt = True
        return [
            private_event("deal", seat, f"seat {seat} is dealt {len(hand)} cards", hand)
            for seat, hand in ((seat, self.hands[seat]) for seat in self.order)
        ]

    def _begin_exchange(self) -> list[Event]:
        self.phase = "exchange"
        self.turn = self.order[-1] if self.three else self.order[0]
        if self.rules.carte_blanche_when == "dealt":
            return self._carte_blanche(proved=True)
        return []

    def _why_not_deal(self, seat: int, action: PiquetAction) -> str | None:
        if isinstance(action, DealCards):
            return None
        if not isinstance(action, Misdeal):
            return f"seat {seat} deals the cards first, not {action_text(action)}"
        if action.seat is None:
            if action.kind != "exposed":
                return "a wrong number of cards is dealt to a player, not to the talon"
            return None
        if action.seat not in self.players:
            return f"seat {action.seat} is not dealt cards in this deal"
        return None

    def _do_deal(self, dealer: int, action: PiquetAction) -> list[Event]:
        if isinstance(action, DealCards):
            return self._deal_out() + self._begin_exchange()
        assert isinstance(action, Misdeal)
        self.tags.append("misdeal")
        if action.kind != "exposed":
            assert action.seat is not None
            return self._wrong_count(dealer, action.seat, 1 if action.kind == "extra" else -1)
        return self._exposed(dealer, action.seat)

    def _exposed(self, dealer: int, owner: int | None) -> list[Event]:
        """A card turned face up in dealing (rule 6).

        The dealer's own: the deal stands; an opponent's, who has not yet seen his cards: a
        redeal if he wishes; the talon's: a redeal. Which card of that place shows is chance,
        drawn from the deal's generator.
        """
        card = self.rng.choice(self._leftover() if owner is None else self.hands[owner])
        whose = "the talon" if owner is None else f"seat {owner}"
        text = f"seat {dealer} exposes a card of {whose} in dealing"
        events = [public_event("exposed", dealer, text, [card])]
        if owner is None:
            return events + self._redeal("a talon card exposed obliges a redeal (rule 6)")
        self.shown.append(card)
        if owner == dealer:
            text = "the dealer's own card: there is no redeal (rule 6)"
            events += [public_event("misdeal", dealer, text), *self._deal_out()]
            return events + self._begin_exchange()
        self.phase = "misdeal"
        self.turn = owner
        return events

    def _wrong_count(self, dealer: int, seat: int, extra: int) -> list[Event]:
        """A card too many (rule 12) or too few: the dealer's opponent accepts or has a redeal.

        For three the two-card talon must be taken whole, so such a deal cannot stand.
        """
        kind = "extra" if extra > 0 else "short"
        text = f"seat {dealer} deals seat {seat} a card too {'many' if extra > 0 else 'few'}"
        if self.three:
            why = "for three the talon of two must be taken whole: the deal is void"
            return [public_event(kind, dealer, text), *self._redeal(why)]
        # The card too many is the top card of that player's part of the talon (rules 13, 14);
        # the card too few is his last one, left on top of his part of the talon.
        part = self.elder_talon if seat == self.order[0] else self.dealer_talon
        if extra > 0:
            self.hands[seat].append(part.pop(0))
        else:
            part.insert(0, self.hands[seat].pop())
        self.extra[seat] = extra
        events = [public_event(kind, dealer, f"{text}: {len(self.hands[seat])} cards")]
        self.phase = "misdeal"
        self.turn = self.order[0]
        return events + self._deal_out()

    def _do_choice(self, seat: int, redeal: bool) -> list[Event]:
        if redeal:
            return self._redeal(f"seat {seat} has the cards dealt again")
        events = [public_event("accept", seat, f"seat {seat} accepts the deal")]
        if not self.dealt:
            events += self._deal_out()
        return events + self._begin_exchange()

    def _redeal(self, why: str) -> list[Event]:
        """The same dealer shuffles and deals again (rules 6, 12)."""
        dealer = self.setup.dealer
        self.rng.shuffle(self.pack)
        self._lay_out()
        self.extra = {seat: 0 for seat in self.players}
        self.dealt = False
        self.shown = []
        self.tags.append("redeal")
        self.phase = "deal"
        self.turn = dealer
        return [public_event("redeal", dealer, f"{why}: seat {dealer} deals again")]

    # --- the exchange (rules 7–17) --------------------------------------------------------

    def _exchange_actions(self, seat: int) -> list[PiquetAction]:
        """The proper exchanges, and under ``irregularities`` the discards one card too few.

        After such a discard: the takes, and the further discards that complete it.
        """
        counts = self._exchange_counts(seat)
        hand = self.hands[seat]
        if self.short == seat:
            done = len(self.discards[seat])
            takes: list[PiquetAction] = [Take(n - self.extra[seat]) for n in counts]
            return takes + list(exchanges(hand, [n - done for n in counts if n > done], False))
        found: list[PiquetAction] = list(exchanges(hand, counts, self._may_refuse(seat)))
        if self.rules.irregularities and min(counts) > 1:
            found += exchanges(hand, [min(counts) - 1], False)
        return found

    def _exchange_counts(self, seat: int) -> list[int]:
        if self.three:
            return three_counts(self.rules)
        if seat == self.order[0]:
            return elder_counts(self.rules)
        leftover = 0 if self.order[0] in self.refused else len(self.elder_talon)
        return dealer_counts(self.rules, leftover)

    def _may_refuse(self, seat: int) -> bool:
        if self.extra[seat]:
            return False
        if seat == self.setup.dealer:
            return self.rules.dealer_may_refuse
        return self.rules.elder_may_refuse

    def _why_not_exchange(self, seat: int, action: PiquetAction) -> str | None:
        counts = self._exchange_counts(seat)
        short = self.short == seat
        if isinstance(action, Take):
            if not short:
                return f"seat {seat} discards before he touches the talon (rule 15)"
            takes = [n - self.extra[seat] for n in counts]
            if action.count not in takes:
                allowed = " or ".join(str(n) for n in takes)
                return f"seat {seat} may take {allowed} cards, not {action.count}"
            return None
        if isinstance(action, Refuse):
            if short:
                return f"seat {seat} has discarded: he takes from the talon or discards more"
            if self.extra[seat] > 0:
                return f"seat {seat} holds a card too many and must discard (rules 13, 14)"
            if self.extra[seat] < 0:
                return f"seat {seat} holds a card too few and must take one more than he discards"
            return None if self._may_refuse(seat) else f"seat {seat} may not refuse the talon"
        if not isinstance(action, Discard):
            return f"seat {seat} must exchange first, not {action_text(action)}"
        if not action.cards or len(set(action.cards)) != len(action.cards):
            return "a discard names at least one card, and each card once"
        missing = [card for card in action.cards if card not in self.hands[seat]]
        if missing:
            return f"seat {seat} does not hold {cards_text(missing)}"
        total = len(action.cards) + (len(self.discards[seat]) if short else 0)
        if total in counts or (self.rules.irregularities and total < min(counts)):
            return None
        allowed = " or ".join(str(n) for n in counts)
        return f"seat {seat} must discard {allowed} cards, not {total}"

    def _do_exchange(self, seat: int, action: PiquetAction) -> list[Event]:
        events: list[Event]
        if isinstance(action, Refuse):
            self.refused.add(seat)
            events = [public_event("refuse", seat, f"seat {seat} refuses the talon")]
        elif isinstance(action, Take):
            events = self._take_short(seat, action.count)
        else:
            assert isinstance(action, Discard)
            count = len(action.cards)
            for card in action.cards:
                self.hands[seat].remove(card)
            self.discards[seat] = self.discards[seat] + list(action.cards)
            total = len(self.discards[seat])
            if total not in self._exchange_counts(seat):
                # Too few discarded, the talon untouched: he may still discard more (rule 16).
                self.short = seat
                text = f"seat {seat} discards {count}, too few, and has not touched the talon"
                return [private_event("discard", seat, text, action.cards)]
            self.short = None
            take = total - self.extra[seat]
            taken = self._take(seat, take)
            self.hands[seat].extend(taken)
            events = [
                private_event("discard", seat, f"seat {seat} discards {count}", action.cards),
                private_event("take", seat, f"seat {seat} takes {take} from the talon", taken),
            ]
        if seat == self.setup.dealer:
            events += self._end_exchange()
        else:
            self.turn = self.setup.dealer
        return events

    def _take_short(self, seat: int, count: int) -> list[Event]:
        """Taking after too few discarded: too many cards in play, molchanka (rules 16, 17)."""
        self.short = None
        taken = self._take(seat, count)
        self.hands[seat].extend(taken)
        held = len(self.hands[seat])
        self.silenced.add(seat)
        self.counts[seat] = 0
        self.tags.append("molchanka")
        text = f"seat {seat} takes {count} from the talon"
        why = (
            f"seat {seat} discarded {len(self.discards[seat])} and took {count}: holding {held} "
            "cards he plays in molchanka (rules 16, 17)"
        )
        return [private_event("take", seat, text, taken), public_event("molchanka", seat, why)]

    def _take(self, seat: int, count: int) -> list[Card]:
        if seat != self.setup.dealer:
            taken, self.elder_talon = self.elder_talon[:count], self.elder_talon[count:]
            return taken
        # The elder's leftovers lie on top of the dealer's own three (rule 9).
        pool = [] if self.order[0] in self.refused else self.elder_talon
        pool = pool + self.dealer_talon
        taken = pool[:count]
        self.elder_talon = [card for card in self.elder_talon if card not in taken]
        self.dealer_talon = [card for card in self.dealer_talon if card not in taken]
        return taken

    def _end_exchange(self) -> list[Event]:
        left = self._leftover()
        if left and self.rules.leftover_talon == "shown":
            event = public_event("talon", None, "the talon cards left over", left)
            return [event, *self._start_declarations()]
        if left and self.rules.leftover_talon == "look":
            self.phase = "look"
            self.lookers = list(self.order)
            self.turn = self.lookers[0]
            return []
        return self._start_declarations()

    def _leftover(self) -> list[Card]:
        return self.elder_talon + self.dealer_talon

    def _do_look(self, seat: int, look: bool) -> list[Event]:
        """Each player in turn may look at the talon left over, for himself (rule 11)."""
        if look:
            text = f"seat {seat} looks at the talon left over"
            events = [private_event("look", seat, text, self._leftover())]
        else:
            events = [public_event("look", seat, f"seat {seat} does not look at the talon")]
        self.lookers.pop(0)
        if self.lookers:
            self.turn = self.lookers[0]
            return events
        return events + self._start_declarations()

    def _start_declarations(self) -> list[Event]:
        self.phase = "declare"
        events: list[Event] = []
        if self.rules.carte_blanche_when == "exchanged":
            events += self._carte_blanche(proved=self.rules.showing == "always")
        return events + self._next_step()

    def _carte_blanche(self, proved: bool) -> list[Event]:
        events: list[Event] = []
        if not self.rules.carte_blanche:
            return events
        for seat in self.declaring:
            if is_carte_blanche(self.hands[seat]) and seat not in self.silenced:
                cards = tuple(self.hands[seat]) if proved else ()
                self.shown.extend(cards)
                events.append(
                    public_event("carte blanche", seat, f"seat {seat}: carte blanche", cards)
                )
                events += self._count(seat, self.rules.carte_blanche, "carte blanche")
                self.tags.append("carte blanche")
                if not proved and self.rules.showing == "on_demand":
                    self.offers.append(Offer(seat, "carte blanche", tuple(self.hands[seat])))
        return events

    # --- showing on demand (rule 23) ------------------------------------------------------

    def _next_step(self) -> list[Event]:
        """Offer the next counted declaration for showing, else go on declaring or play."""
        if self.offers:
            offer = self.offers[0]
            self.demanders = [seat for seat in self.declaring if seat != offer.seat]
            self.turn = self.demanders[0]
            return []
        if self.decl.category < len(CATEGORIES):
            self.turn = self.declaring[0]
            return []
        return self._end_declarations()

    def _do_demand(self, seat: int, demand: bool) -> list[Event]:
        offer = self.offers[0]
        if not demand:
            self.demanders.pop(0)
            events = [public_event("trust", seat, f"seat {seat} trusts the {offer.what}")]
            if self.demanders:
                self.turn = self.demanders[0]
                return events
        elif offer.false:
            text = f"seat {seat} demands the {offer.what}: seat {offer.seat} cannot show it"
            events = [public_event("show", offer.seat, text)]
        else:
            text = f"seat {seat} demands the {offer.what}: seat {offer.seat} shows"
            events = [public_event("show", offer.seat, text, offer.cards)]
            self.shown.extend(card for card in offer.cards if card not in self.shown)
        self.offers.pop(0)
        self.demanders = []
        return events + self._next_step()

    # --- the declarations (rules 20–29, 33, 34, 41) ---------------------------------------

    @property
    def _category(self) -> str:
        return CATEGORIES[self.decl.category]

    def _declaration_actions(self, seat: int) -> list[PiquetAction]:
        hand = self.hands[seat]
        standing = self.decl.standing
        if seat in self.silenced:
            return [Sink()] if standing is None else [Answer("good")]
        if standing is None:
            best = best_in(self._category, hand, self.rules)
            calls: list[PiquetAction] = [Sink()]
            if best is not None:
                calls.insert(0, _declare_of(best))
            return calls
        return [
            Answer(word)
            for word in ("good", "not good", "equal")
            if self._answer_true(seat, word) is None
        ]

    def _why_not_declaration(self, seat: int, action: PiquetAction) -> str | None:
        category = self._category
        if (
            seat in self.silenced
            and isinstance(action, Declare | Answer)
            and action != Answer("good")
        ):
            return f"seat {seat} plays in molchanka and declares nothing (rule 17)"
        if self.decl.standing is None:
            if isinstance(action, Sink):
                return None
            if not isinstance(action, Declare):
                return f"seat {seat} must call a {category} or sink"
            if _category_of(action) != category:
                return f"the {category} is being declared, not the {_category_of(action)}"
            if not _well_formed(action, self.rules, len(self.hands[seat])):
                return f"there is no such {category} as {action_text(action)}"
            return None
        if not isinstance(action, Answer):
            return f"seat {seat} must answer good, not good or equal"
        return self._answer_true(seat, action.word)

    def _answer_true(self, seat: int, word: str) -> str | None:
        standing = self.decl.standing
        assert standing is not None
        if word == "good":
            return None
        mine = best_in(self._category, self.hands[seat], self.rules)
        called = standing.combination
        if word == "not good":
            if mine is None or _primary(mine) <= _primary(called):
                return f"seat {seat} holds no better {self._category} than {_call_name(called)}"
            return None
        if isinstance(called, CardSet) or mine is None or _primary(mine) < _primary(called):
            return f"seat {seat} holds no {self._category} equal to {_call_name(called)}"
        return None

    def _do_declaration(self, seat: int, action: PiquetAction) -> list[Event]:
        decl = self.decl
        hand = self.hands[seat]
        events: list[Event]
        if isinstance(action, Sink):
            events = [public_event("sink", seat, f"seat {seat} calls no {self._category}")]
        elif isinstance(action, Declare):
            held = _held(action, hand, self.rules)
            false = held is None
            combination = held if held is not None else _claimed(action)
            if false:
                decl.false_callers.add(seat)
            decl.standing = Standing(combination, [seat], false)
            events = [public_event("call", seat, f"seat {seat} calls {_call_name(combination)}")]
        else:
            assert isinstance(action, Answer)
            assert decl.standing is not None
            events = self._answer(seat, action.word, decl.standing)
        decl.position += 1
        if decl.position == len(self.declaring):
            events += self._close_category()
        else:
            self.turn = self.declaring[decl.position]
        return events

    def _answer(self, seat: int, word: str, standing: Standing) -> list[Event]:
        text = f"seat {seat}: {word}"
        if word == "not good":
            mine = best_in(self._category, self.hands[seat], self.rules)
            assert mine is not None
            self.decl.standing = Standing(mine, [seat])
            return [public_event("answer", seat, f"{text}, {_call_name(mine)}")]
        if word == "equal":
            called = standing.combination
            mine = _at_primary(called, self.hands[seat], self.rules)
            theirs, ours = _secondary(called), _secondary(mine)
            if ours > theirs:
                self.decl.standing = Standing(mine, [seat])
            elif ours == theirs:
                standing.holders.append(seat)
            return [
                public_event(
                    "answer", seat, f"{text}: {_call_name(mine)} against {_call_name(called)}"
                )
            ]
        return [public_event("answer", seat, text)]

    def _close_category(self) -> list[Event]:
        decl = self.decl
        standing = decl.standing
        category = self._category
        events: list[Event] = []
        if standing is not None and len(standing.holders) > 1:
            events.append(public_event("equal", None, f"the {category} is equal: nobody counts it"))
        elif standing is not None:
            seat = standing.holders[0]
            cards: tuple[Card, ...] = ()
            if standing.false:
                score = _nominal(standing.combination, self.rules)
                self.false_points[seat] += score
            else:
                found = counted(category, standing.combination, self.hands[seat], self.rules)
                score = sum(points for _, points, _ in found)
                cards = tuple(card for _, _, held in found for card in held)
            decl.used[seat].extend(cards)
            shown: tuple[Card, ...] = cards if self.rules.showing == "always" else ()
            self.shown.extend(card for card in shown if card not in self.shown)
            events.append(
                public_event("good", seat, f"seat {seat} counts {score} for the {category}", shown)
            )
            events += self._count(seat, score, category)
            if self.rules.showing == "on_demand":
                self.offers.append(Offer(seat, category, cards, standing.false))
        decl.standing = None
        decl.position = 0
        decl.category += 1
        return events + self._next_step()

    def _end_declarations(self) -> list[Event]:
        decl = self.decl
        events: list[Event] = []
        if self.rules.carte_rouge:
            for seat in self.declaring:
                if seat not in self.silenced and set(self.hands[seat]) <= set(decl.used[seat]):
                    events.append(public_event("carte rouge", seat, f"seat {seat}: carte rouge"))
                    events += self._count(seat, self.rules.carte_rouge, "carte rouge")
                    self.tags.append("carte rouge")
        self.phase = "play"
        self.turn = self.order[0]
        return events

    # --- the counts, pique and repique (rules 19, 28–32) ----------------------------------

    def _count(self, seat: int, amount: int, why: str) -> list[Event]:
        if seat in self.silenced or amount <= 0:
            return []
        self.counts[seat] += amount
        events = [
            public_event(
                "count", seat, f"seat {seat} counts {amount} for {why}: {self.counts[seat]}"
            )
        ]
        if self.bonus_done:
            return events
        others = sum(self.counts.values()) - self.counts[seat]
        if others:
            self.bonus_done = True
            return events
        if self.phase != "play" and self.counts[seat] >= self.repique_at:
            return events + self._bonus(
                seat,
                "repique",
                self.rules.repique_to - self.rules.repique_at
                if not self.three
                else self.rules.repique_to - self.repique_at,
            )
        if self.phase == "play" and seat == self.order[0] and self.counts[seat] >= self.pique_at:
            return events + self._bonus(seat, "pique", self.rules.pique_to - self.pique_at)
        return events

    def _bonus(self, seat: int, name: str, amount: int) -> list[Event]:
        self.bonus_done = True
        self.bonus = (seat, amount, name, self.false_points[seat] > 0)
        self.counts[seat] += amount
        self.tags.append(name)
        return [public_event(name, seat, f"seat {seat} makes a {name}: {self.counts[seat]}")]

    # --- the play (rules 30–40) -------------------------------------------------------

    def _may_announce_capot(self, seat: int) -> bool:
        """Any player, at a turn of his between the exchange and the first lead (rule 38)."""
        before_lead = self.phase in ("declare", "play") and self.leads == 0 and not self.trick
        return before_lead and self.capot_announced is None and seat not in self.silenced

    def _do_play(self, seat: int, card: Card) -> list[Event]:
        events: list[Event] = []
        if self.leads == 0 and not self.trick:
            events += self._first_lead()
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.played.append(card)
        events.append(public_event("play", seat, f"seat {seat} plays", [card]))
        if len(self.trick) == 1:
            self.leads += 1
            events += self._count(seat, self._play_point(1), "the lead")
        if len(self.trick) < len(self.players):
            position = self.order.index(seat)
            self.turn = self.order[(position + 1) % len(self.order)]
            return events
        winner = self.trick_seats[trick_winner(self.trick)]
        self.tricks[winner] += 1
        events.append(public_event("trick", winner, f"seat {winner} takes the trick"))
        if winner != self.trick_seats[0]:
            events += self._count(winner, self._play_point(1), "the trick")
        self.trick, self.trick_seats = [], []
        # With a card too many in one hand (rule 17) the play ends when another hand is empty.
        if all(self.hands[seat] for seat in self.players):
            self.turn = winner
            return events
        return events + self._finish(winner)

    def _play_point(self, amount: int) -> int:
        return 2 * amount if self.silenced and self.rules.molchanka_doubles_tricks else amount

    def _may_correct(self, seat: int) -> bool:
        return seat in self.decl.false_callers and self.leads == 0 and not self.trick

    def _correct(self, seat: int) -> list[Event]:
        """Withdraw the points of false calls, and a repique they helped to (rule 33)."""
        withdrawn = self.false_points[seat]
        if self.bonus is not None and self.bonus[0] == seat and self.bonus[3]:
            _, amount, name, _ = self.bonus
            withdrawn += amount
            self.tags.remove(name)
            self.bonus = None
        self.counts[seat] -= withdrawn
        self.false_points[seat] = 0
        self.decl.false_callers.discard(seat)
        text = f"seat {seat} corrects a false declaration and withdraws {withdrawn}"
        return [public_event("correct", seat, text)]

    def _first_lead(self) -> list[Event]:
        events: list[Event] = []
        for seat in sorted(self.decl.false_callers):
            self.silenced.add(seat)
            self.counts[seat] = 0
            self.tags.append("molchanka")
            events.append(
                public_event(
                    "molchanka", seat, f"seat {seat} called what he does not hold: molchanka"
                )
            )
        return events

    def _finish(self, last: int) -> list[Event]:
        events: list[Event] = []
        total = sum(self.tricks.values())
        capot = self.tricks[last] == total
        if not (capot and self.rules.capot_drops_last_trick_extra):
            events += self._count(
                last, self._play_point(self.rules.last_trick_extra), "the last trick"
            )
        # The pique is reached at the leads (rule 19 «делает заход и досчитывает до
        # тридцати»); the capot and the lesa are counted after the play and never make one.
        self.bonus_done = True
        if capot:
            announced = self.capot_announced == last
            if self.three:
                bonus = self.rules.three_open_capot if announced else self.rules.three_capot
            else:
                bonus = self.rules.open_capot if announced else self.rules.capot
            if last not in self.silenced:
                self.tags.append("open capot" if announced else "capot")
            events += self._count(last, bonus, "the open capot" if announced else "the capot")
        else:
            most = max(self.tricks.values())
            leaders = [seat for seat, won in self.tricks.items() if won == most]
            if len(leaders) == 1 and (self.three or 2 * most > total):
                events += self._count(leaders[0], self.rules.lesa, "the lesa")
                if leaders[0] not in self.silenced:
                    self.tags.append("lesa")
        self.phase = "over"
        self.turn = None
        scores = ", ".join(f"seat {seat} {count}" for seat, count in self.counts.items())
        events.append(public_event("end", None, f"the deal ends: {scores}"))
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


def _at_primary(called: Combination, hand: list[Card], rules: PiquetRules) -> Combination:
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
