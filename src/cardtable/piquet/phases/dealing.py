"""The deal and its irregularities (rules 5, 6, 12), under the ``irregularities`` option.

The dealer deals (``deal``) or reports a dealing error: a card exposed (rule 6), a card too
many or too few (rule 12). A redeal happens inside the deal, by the same dealer, from the
deal's own seeded generator, so that a record replays it exactly.
"""

from __future__ import annotations

from cardtable.engine import Event
from cardtable.engine.deal import Value
from cardtable.piquet.actions import DealCards, Misdeal, PiquetAction, Redeal, action_text
from cardtable.piquet.phases.base import Phase
from cardtable.piquet.phases.exchanging import begin_exchange
from cardtable.piquet.phases.state import DealState
from cardtable.piquet.phrases import told


class Dealing(Phase):
    """The dealer deals the cards or reports how he misdealt them."""

    name = "deal"

    def actions(self, seat: int) -> list[PiquetAction]:
        """Dealing, or any of the misdeals the dealer may report."""
        order = self.state.order
        return [
            DealCards(),
            *(Misdeal("exposed", other) for other in order),
            Misdeal("exposed", None),
            *(Misdeal("extra", other) for other in order),
            *(Misdeal("short", other) for other in order),
        ]

    def refusal(self, seat: int, action: PiquetAction) -> str | None:
        """Only a deal or a misdeal of a player's (or, exposed, the talon's) cards."""
        if isinstance(action, DealCards):
            return None
        if not isinstance(action, Misdeal):
            return f"seat {seat} deals the cards first, not {action_text(action)}"
        if action.seat is None:
            if action.kind != "exposed":
                return "a wrong number of cards is dealt to a player, not to the talon"
            return None
        if action.seat not in self.state.players:
            return f"seat {action.seat} is not dealt cards in this deal"
        return None

    def do(self, seat: int, action: PiquetAction) -> list[Event]:
        """Deal, or misdeal as reported."""
        state = self.state
        if isinstance(action, DealCards):
            return state.deal_out() + begin_exchange(state)
        assert isinstance(action, Misdeal)
        state.tags.append("misdeal")
        if action.kind != "exposed":
            assert action.seat is not None
            return self._wrong_count(seat, action.seat, 1 if action.kind == "extra" else -1)
        return self._exposed(seat, action.seat)

    def _exposed(self, dealer: int, owner: int | None) -> list[Event]:
        """A card turned face up in dealing (rule 6).

        The dealer's own: the deal stands; an opponent's, who has not yet seen his cards: a
        redeal if he wishes; the talon's: a redeal. Which card of that place shows is chance,
        drawn from the deal's generator.
        """
        state = self.state
        card = state.rng.choice(state.leftover() if owner is None else state.hands[owner])
        if owner is None:
            events = [told("exposed", dealer, "exposed-talon", [card], seat=dealer)]
            return events + redeal(state, "redeal-talon")
        events = [told("exposed", dealer, "exposed", [card], seat=dealer, owner=owner)]
        state.shown.append(card)
        if owner == dealer:
            events += [told("misdeal", dealer, "own-card"), *state.deal_out()]
            return events + begin_exchange(state)
        state.phase = Misdealt(state)
        state.turn = owner
        return events

    def _wrong_count(self, dealer: int, seat: int, extra: int) -> list[Event]:
        """A card too many (rule 12) or too few: the dealer's opponent accepts or has a redeal.

        For three the two-card talon must be taken whole, so such a deal cannot stand.
        """
        state = self.state
        kind = "extra" if extra > 0 else "short"
        key = "too-many" if extra > 0 else "too-few"
        if state.three:
            return [told(kind, dealer, key, seat=dealer, to=seat), *redeal(state, "redeal-three")]
        # The card too many is the top card of that player's part of the talon (rules 13, 14);
        # the card too few is his last one, left on top of his part of the talon.
        part = state.elder_talon if seat == state.elder else state.dealer_talon
        if extra > 0:
            state.hands[seat].append(part.pop(0))
        else:
            part.insert(0, state.hands[seat].pop())
        held = len(state.hands[seat])
        events = [told(kind, dealer, f"{key}-held", seat=dealer, to=seat, held=held)]
        state.phase = Misdealt(state, {seat: extra})
        state.turn = state.elder
        return events + state.deal_out()


class Misdealt(Phase):
    """After a misdeal the player wronged chooses a redeal or accepts the cards (rules 6, 12).

    ``extra`` counts the cards dealt too many to a seat (negative: too few).
    """

    name = "misdeal"

    def __init__(self, state: DealState, extra: dict[int, int] | None = None) -> None:
        super().__init__(state)
        self.extra = extra or {}

    def actions(self, seat: int) -> list[PiquetAction]:
        """Accept the deal, or have the cards dealt again."""
        return [Redeal(False), Redeal(True)]

    def refusal(self, seat: int, action: PiquetAction) -> str | None:
        """Nothing but the choice."""
        if not isinstance(action, Redeal):
            return f"seat {seat} must choose to have the cards dealt again or accept the deal"
        return None

    def do(self, seat: int, action: PiquetAction) -> list[Event]:
        """Redeal, or accept the cards and go on to the exchange."""
        assert isinstance(action, Redeal)
        state = self.state
        if action.redeal:
            return redeal(state, "redeal-asked", by=seat)
        events = [told("accept", seat, "accept", seat=seat)]
        if not state.dealt:
            events += state.deal_out()
        return events + begin_exchange(state, self.extra)


def redeal(state: DealState, why: str, by: int | None = None) -> list[Event]:
    """The same dealer shuffles and deals again (rules 6, 12); ``why`` is the phrase's key."""
    dealer = state.dealer
    state.rng.shuffle(state.pack)
    state.lay_out()
    state.dealt = False
    state.shown = []
    state.tags.append("redeal")
    state.phase = Dealing(state)
    state.turn = dealer
    said: dict[str, Value] = {"seat": dealer} if by is None else {"seat": dealer, "by": by}
    return [told("redeal", dealer, why, **said)]
