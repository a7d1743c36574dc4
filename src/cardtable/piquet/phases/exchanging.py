"""The exchange with the talon (rules 7–17), and the look at what is left of it (rule 11).

Who may take how many is :mod:`cardtable.piquet.exchange`'s; here the players discard and
take in turn. Under the ``irregularities`` option a discard may fall short (rules 15–16): the
player may still discard more while the talon is untouched, or take, and then hold too many
cards and play in molchanka (rule 17).
"""

from __future__ import annotations

from cardtable.cards import Card, by_index, cards_text
from cardtable.engine import CardChoice, Event
from cardtable.piquet.actions import Discard, Look, PiquetAction, Refuse, Take, action_text
from cardtable.piquet.exchange import Exchanges, dealer_counts, elder_counts, three_counts
from cardtable.piquet.phases.base import Phase
from cardtable.piquet.phases.declaring import carte_blanche, start_declarations
from cardtable.piquet.phases.state import DealState
from cardtable.piquet.phrases import told, told_to


def begin_exchange(state: DealState, extra: dict[int, int] | None = None) -> list[Event]:
    """The cards are dealt: the exchange begins, the elder first (for three, the dealer).

    ``extra`` counts cards dealt too many to a seat (negative: too few) and accepted.
    """
    state.phase = Exchanging(state, extra or {})
    state.turn = state.order[-1] if state.three else state.elder
    if state.rules.carte_blanche_when == "dealt":
        events, _ = carte_blanche(state, proved=True)
        return events
    return []


class Exchanging(Phase):
    """Each in turn discards and takes as many from the talon, or refuses it (rules 7–10)."""

    name = "exchange"

    def __init__(self, state: DealState, extra: dict[int, int]) -> None:
        super().__init__(state)
        self.extra = {seat: extra.get(seat, 0) for seat in state.players}
        # The seat whose discard fell short with the talon untouched (rule 16).
        self.short: int | None = None
        self.refused: set[int] = set()

    def counts(self, seat: int) -> list[int]:
        """How many cards ``seat`` may exchange (rule 9)."""
        rules = self.state.rules
        if self.state.three:
            return three_counts(rules)
        if seat == self.state.elder:
            return elder_counts(rules)
        leftover = 0 if self.state.elder in self.refused else len(self.state.elder_talon)
        return dealer_counts(rules, leftover)

    def may_refuse(self, seat: int) -> bool:
        """Whether ``seat`` may refuse the talon (rule 10): never with a card too many or few."""
        if self.extra[seat]:
            return False
        if seat == self.state.dealer:
            return self.state.rules.dealer_may_refuse
        return self.state.rules.elder_may_refuse

    def actions(self, seat: int) -> Exchanges:
        """The proper exchanges, and under ``irregularities`` the discards one card too few.

        After such a discard: the takes, and the further discards that complete it.
        """
        counts = self.counts(seat)
        hand = self.state.hands[seat]
        if self.short == seat:
            done = len(self.state.discards[seat])
            takes = [Take(n - self.extra[seat]) for n in counts]
            return Exchanges(takes, hand, [n - done for n in counts if n > done])
        first = (Refuse(),) if self.may_refuse(seat) else ()
        if self.state.rules.irregularities and min(counts) > 1:
            counts = [*counts, min(counts) - 1]
        return Exchanges(first, hand, counts)

    def choices(self, seat: int) -> list[CardChoice]:
        """The discard as cards to pick: as many as :meth:`actions` lists (rules 7–9, 15–16)."""
        counts = self.counts(seat)
        hand = tuple(sorted(self.state.hands[seat], key=by_index))
        if self.short == seat:
            done = len(self.state.discards[seat])
            more = tuple(n - done for n in counts if n > done)
            note = f"discard {_numbers(more)} more: the talon is untouched (rule 16)"
            return [CardChoice("discard", hand, more, note)] if more else []
        allowed = set(counts)
        if self.state.rules.irregularities and min(counts) > 1:
            allowed.add(min(counts) - 1)
        ordered = tuple(sorted(allowed))
        note = f"discard {_numbers(ordered)} cards and take as many from the talon (rule 9)"
        return [CardChoice("discard", hand, ordered, note)]

    def refusal(self, seat: int, action: PiquetAction) -> str | None:
        """Why this take, refusal or discard is not one ``seat`` may make."""
        if isinstance(action, Take):
            return self._why_not_take(seat, action.count)
        if isinstance(action, Refuse):
            return self._why_not_refuse(seat)
        if not isinstance(action, Discard):
            return f"seat {seat} must exchange first, not {action_text(action)}"
        return self._why_not_discard(seat, action.cards)

    def _why_not_take(self, seat: int, count: int) -> str | None:
        if self.short != seat:
            return f"seat {seat} discards before he touches the talon (rule 15)"
        takes = [n - self.extra[seat] for n in self.counts(seat)]
        if count not in takes:
            allowed = " or ".join(str(n) for n in takes)
            return f"seat {seat} may take {allowed} cards, not {count}"
        return None

    def _why_not_refuse(self, seat: int) -> str | None:
        if self.short == seat:
            return f"seat {seat} has discarded: he takes from the talon or discards more"
        if self.extra[seat] > 0:
            return f"seat {seat} holds a card too many and must discard (rules 13, 14)"
        if self.extra[seat] < 0:
            return f"seat {seat} holds a card too few and must take one more than he discards"
        return None if self.may_refuse(seat) else f"seat {seat} may not refuse the talon"

    def _why_not_discard(self, seat: int, cards: tuple[Card, ...]) -> str | None:
        if not cards or len(set(cards)) != len(cards):
            return "a discard names at least one card, and each card once"
        missing = [card for card in cards if card not in self.state.hands[seat]]
        if missing:
            return f"seat {seat} does not hold {cards_text(missing)}"
        counts = self.counts(seat)
        total = len(cards) + (len(self.state.discards[seat]) if self.short == seat else 0)
        if total in counts or (self.state.rules.irregularities and total < min(counts)):
            return None
        allowed = " or ".join(str(n) for n in counts)
        return f"seat {seat} must discard {allowed} cards, not {total}"

    def do(self, seat: int, action: PiquetAction) -> list[Event]:
        """Refuse, take after a short discard, or discard and take; then the next seat."""
        events: list[Event]
        if isinstance(action, Refuse):
            self.refused.add(seat)
            events = [told("refuse", seat, "refuse", seat=seat)]
        elif isinstance(action, Take):
            events = self._take_short(seat, action.count)
        else:
            assert isinstance(action, Discard)
            events = self._discard(seat, action.cards)
            if self.short == seat:
                return events
        if seat == self.state.dealer:
            return events + self._end()
        self.state.turn = self.state.dealer
        return events

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        """Discard ``cards``, and take as many unless the discard falls short (rule 16)."""
        state = self.state
        count = len(cards)
        for card in cards:
            state.hands[seat].remove(card)
        state.discards[seat] = state.discards[seat] + list(cards)
        total = len(state.discards[seat])
        if total not in self.counts(seat):
            # Too few discarded, the talon untouched: he may still discard more (rule 16).
            self.short = seat
            return [told_to("discard", seat, "discards-short", cards, seat=seat, count=count)]
        self.short = None
        take = total - self.extra[seat]
        taken = self._take(seat, take)
        state.hands[seat].extend(taken)
        return [
            told_to("discard", seat, "discards", cards, seat=seat, count=count),
            told_to("take", seat, "takes", taken, seat=seat, count=take),
        ]

    def _take_short(self, seat: int, count: int) -> list[Event]:
        """Taking after too few discarded: too many cards in play, molchanka (rules 16, 17)."""
        state = self.state
        self.short = None
        taken = self._take(seat, count)
        state.hands[seat].extend(taken)
        held = len(state.hands[seat])
        state.silence(seat)
        discarded = len(state.discards[seat])
        said = {"seat": seat, "discarded": discarded, "count": count, "held": held}
        return [
            told_to("take", seat, "takes", taken, seat=seat, count=count),
            told("molchanka", seat, "molchanka-held", **said),
        ]

    def _take(self, seat: int, count: int) -> list[Card]:
        state = self.state
        if seat != state.dealer:
            taken, state.elder_talon = state.elder_talon[:count], state.elder_talon[count:]
            return taken
        # The elder's leftovers lie on top of the dealer's own three (rule 9).
        pool = [] if state.elder in self.refused else state.elder_talon
        pool = pool + state.dealer_talon
        taken = pool[:count]
        state.elder_talon = [card for card in state.elder_talon if card not in taken]
        state.dealer_talon = [card for card in state.dealer_talon if card not in taken]
        return taken

    def _end(self) -> list[Event]:
        """The talon left over is shown, looked at in turn, or left; then the declarations."""
        state = self.state
        left = state.leftover()
        if left and state.rules.leftover_talon == "shown":
            event = told("talon", None, "talon-left", left)
            return [event, *start_declarations(state)]
        if left and state.rules.leftover_talon == "look":
            state.phase = Looking(state)
            state.turn = state.elder
            return []
        return start_declarations(state)


def _numbers(counts: tuple[int, ...]) -> str:
    """``(3, 4, 5)`` as players say it: ``3, 4 or 5``."""
    words = [str(count) for count in counts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class Looking(Phase):
    """Each player in turn may look at the talon left over, for himself (rule 11)."""

    name = "look"

    def __init__(self, state: DealState) -> None:
        super().__init__(state)
        self.lookers = list(state.order)

    def actions(self, seat: int) -> list[PiquetAction]:
        """Look, or not."""
        return [Look(True), Look(False)]

    def refusal(self, seat: int, action: PiquetAction) -> str | None:
        """Nothing but looking or not."""
        if not isinstance(action, Look):
            return f"seat {seat} may look at the talon left over or not, nothing else now"
        return None

    def do(self, seat: int, action: PiquetAction) -> list[Event]:
        """Look or not; after the last player, the declarations."""
        assert isinstance(action, Look)
        state = self.state
        if action.look:
            events = [told_to("look", seat, "looks", state.leftover(), seat=seat)]
        else:
            events = [told("look", seat, "no-look", seat=seat)]
        self.lookers.pop(0)
        if self.lookers:
            state.turn = self.lookers[0]
            return events
        return events + start_declarations(state)
