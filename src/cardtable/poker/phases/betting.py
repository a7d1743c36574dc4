"""The betting phase: forced bets, the rounds' first bettors, openers, and each player's bet.

The chips are :class:`cardtable.poker.betting.Betting`'s; this phase adds what the deal knows
and the betting does not: who opens a round, the bring-in, the
blinds before any card ("Игроки ставят втемную"), and the openers a jacks deal needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from cardtable.cards import Card, Rank
from cardtable.engine.deal import Event, public_event
from cardtable.poker.actions import Check, Declare, Discard, Expose, Fold, NameWild, TableAction
from cardtable.poker.hands import is_bobtail
from cardtable.poker.openers import PAIR_NAMES, opening_pair
from cardtable.poker.phases.phase import Phase, PhaseRules
from cardtable.poker.phrases import bet_said
from cardtable.poker.variants import Step

if TYPE_CHECKING:
    from cardtable.poker.deal import PokerDeal


class BettingPhase(PhaseRules):
    """A betting round: the player to act bets, calls, checks, raises or folds."""

    def to_move(self, deal: PokerDeal) -> int | None:
        """The betting's player to act."""
        return deal.betting.to_act

    def legal_actions(self, deal: PokerDeal, seat: int) -> list[TableAction]:
        """The betting's actions (bets by the ends of their range) that this deal allows."""
        # The betting's own list holds only what it allows; the deal adds the openers.
        listed = deal.betting.legal_actions()
        if deal.openers is None:
            return listed
        return [action for action in listed if not _why_not_open(deal, seat, action)]

    def why_illegal(self, deal: PokerDeal, seat: int, action: TableAction) -> str | None:
        """The betting's refusal, or the openers the first bet needs."""
        if isinstance(action, Discard | Declare | Expose | NameWild):
            return "this is a betting round"
        reason = deal.betting.why_illegal(seat, action)
        return reason if reason is not None else _why_not_open(deal, seat, action)

    def do(self, deal: PokerDeal, seat: int, action: TableAction) -> list[Event]:
        """Bet, then run on once the round is over (or the blinds' straddles are done).

        The deal has verified ``action`` (:meth:`why_illegal`) before it is done.
        """
        opening = opens(deal, action)
        text = deal.betting.play(seat, action)
        if opening:
            deal.first_bettor = seat
            deal.openers_shown = tuple(deal.hands[seat].cards)
        key, values = bet_said(seat, text)
        events = [public_event("bet", seat, text, key=key, values=values)]
        if deal.blind_round and deal.step == 0:
            current = deal.betting.round
            if current is not None and not current.straddle_window:
                events += deal.run_steps()
                return events
        if deal.betting.round_over:
            events += deal.after_round()
        return events


def _why_not_open(deal: PokerDeal, seat: int, action: TableAction) -> str | None:
    """The openers the first bet needs, if ``seat`` lacks them."""
    if opens(deal, action) and not may_open(deal, seat):
        assert deal.openers is not None
        bobtail = " or a bobtail" if deal.spec.openers == "jacks-or-bobtail" else ""
        return f"a pair of {PAIR_NAMES[deal.openers]} or better{bobtail} is needed to open"
    return None


def opens(deal: PokerDeal, action: TableAction) -> bool:
    """Whether ``action`` is the deal's first chips put in voluntarily (the opening)."""
    return deal.first_bettor is None and not isinstance(
        action, Fold | Check | Discard | Declare | Expose
    )


def may_open(deal: PokerDeal, seat: int) -> bool:
    """Whether ``seat`` holds the openers this deal needs (any hand opens if it needs none)."""
    if deal.openers is None or deal.round_index > 0:
        return True
    cards = deal.hands[seat].cards
    if deal.spec.openers == "jacks-or-bobtail" and is_bobtail(cards, deal.spec.hands):
        return True
    least = deal.judge.high(opening_pair(deal.openers))
    return len(cards) >= 5 and deal.judge.high(cards) >= least


def antes(deal: PokerDeal, jackpot_antes: Sequence[int]) -> list[Event]:
    """Post the antes the rules ask, then the jackpot's."""
    events = []
    forced = deal.rules.forced
    places = forced.ante_seats(len(deal.ring), deal.place[deal.setup.dealer])
    for seat in (deal.ring[place] for place in places):
        if not deal.betting.folded[seat]:
            paid = deal.betting.post_ante(seat, forced.ante)
            said = {"seat": seat, "amount": paid}
            events.append(
                public_event("ante", seat, f"seat {seat} antes {paid}", key="ante", values=said)
            )
    for seat, amount in enumerate(jackpot_antes):
        if amount and not deal.betting.folded[seat]:
            paid = deal.betting.post_ante(seat, amount)
            said = {"seat": seat, "amount": paid}
            text = f"seat {seat} antes {paid} (jackpot)"
            events.append(public_event("ante", seat, text, key="ante-jackpot", values=said))
    return events


def post_blinds(deal: PokerDeal) -> list[Event]:
    """Post the blinds: they open the first betting round, before any card is dealt.

    "Игроки ставят втемную, то есть до получения своих раскладов"; the first ``bet``
    step then continues that round.
    """
    forced = deal.rules.forced
    blinds = forced.blind_seats(len(deal.ring), deal.place[deal.setup.dealer])
    live = [
        (deal.ring[place], amount)
        for place, amount in blinds
        if not deal.betting.folded[deal.ring[place]]
    ]
    if not live or not any(step.do == "bet" for step in deal.spec.steps):
        deal.phase = Phase.DEALING
        return []
    after = deal.left_of(live[-1][0])
    first_bet = next(step for step in deal.spec.steps if step.do == "bet")
    deal.betting.start_round(
        0,
        after,
        last=deal.spec.bet_steps == 1,
        checking=first_bet.check,
        checker_may_raise=first_bet.checker_may_raise,
        straddles=forced.straddles,
    )
    deal.round_first = after
    deal.blind_round = True
    events = [_post_blind(deal, seat, amount) for seat, amount in live]
    deal.first_bettor = live[0][0]
    current = deal.betting.round
    if current is None or not current.straddle_window:
        deal.phase = Phase.DEALING
    return events


def _post_blind(deal: PokerDeal, seat: int, amount: int) -> Event:
    """Post one live blind, told to the table ("ставит одну фишку втемную")."""
    paid = deal.betting.post_blind(seat, amount)
    said = {"seat": seat, "amount": paid}
    return public_event(
        "blind", seat, f"seat {seat} posts a blind of {paid}", key="blind", values=said
    )


def start_round(deal: PokerDeal, step: Step) -> list[Event]:
    """Begin a betting round: its first bettor, and the bring-in of the first round of stud."""
    deal.phase = Phase.BET
    deal.round_index = deal.rounds_started
    deal.rounds_started += 1
    if deal.blind_round and deal.round_index == 0:
        return [
            public_event(
                "round", deal.round_first, "betting round 1", key="round", values={"round": 1}
            )
        ]
    first = _round_opener(deal, step)
    deal.round_first = first
    last = deal.rounds_started == deal.spec.bet_steps
    deal.betting.start_round(
        deal.round_index,
        first,
        last=last,
        checking=step.check,
        checker_may_raise=step.checker_may_raise,
    )
    forced = deal.rules.forced
    if deal.round_index == 0 and forced.bring_in and any(h.up for h in deal.hands):
        ups = {seat: deal.hands[seat].up for seat in deal.dealing_order()}
        low = bring_in_seat(ups, aces_low=step.opens == "low-showing")
        first = deal.left_of(low)
        deal.betting.start_round(0, first, last=last)
        deal.round_first = first
        paid = deal.betting.post_blind(low, forced.bring_in)
        deal.first_bettor = low
        text = f"seat {low} brings it in for {paid}"
        return [
            _round_event(first, deal.round_index + 1),
            public_event(
                "bring-in", low, text, key="bring-in", values={"seat": low, "amount": paid}
            ),
        ]
    return [_round_event(first, deal.round_index + 1)]


def _round_event(first: int, number: int) -> Event:
    """The betting round ``number`` begins with ``first``."""
    return public_event(
        "round", first, f"betting round {number}", key="round", values={"round": number}
    )


def _round_opener(deal: PokerDeal, step: Step) -> int:
    """Who bets first in the round: the dealer's left, the first bettor, or the best showing."""
    left = deal.left_of(deal.setup.dealer)
    if step.opens == "left":
        return left
    if step.opens == "first-bettor":
        return left if deal.first_bettor is None else deal.first_bettor
    candidates = deal.dealing_order()
    if not any(deal.hands[seat].up for seat in candidates):
        return left
    value: Callable[[int], int]
    if step.opens == "low-showing":

        def value(seat: int) -> int:
            found = deal.judge.low(deal.hands[seat].up)
            return -(10**12) if found is None else found

    else:

        def value(seat: int) -> int:
            return deal.judge.high(deal.hands[seat].up)

    return max(candidates, key=lambda seat: (value(seat), -candidates.index(seat)))


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
