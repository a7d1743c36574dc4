"""The lean loop and the full table leave every seat the same chips from the same decks.

Both paths seat the same players (:class:`~cardtable.poker.lean_policy.LeanPolicyBot`: check-down,
or fold, stay and the least bet picked by the same numbers) and deal the same decks.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import DeckSpec, parse_cards
from cardtable.errors import IllegalAction
from cardtable.poker.betting import BettingRules, ForcedBets
from cardtable.poker.fast import card_mask
from cardtable.poker.game import POKER
from cardtable.poker.lean import CHOICES, play_batch, simulate_lean
from cardtable.poker.lean_deal import lean_deal
from cardtable.poker.lean_policy import LeanPolicyBot, Policy
from cardtable.poker.lean_table import LeanTable
from cardtable.poker.limits import LimitSystem
from cardtable.poker.match import PokerMatch
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.pots import DeclarationMode
from cardtable.poker.table_rules import PokerRules

GAME = POKER
DEALS = 6


def _rising_draw() -> PokerRules:
    """Draw at rising limits, two raises a round in all, no cap per player."""
    rules = GAME.rules("draw")
    return replace(
        rules,
        limits=replace(rules.limits, system=LimitSystem.RISING),
        betting=BettingRules(raises_per_player=0, raises_per_round=2),
    )


def _holdem_without_option() -> PokerRules:
    """Hold'em where the big blind has no option (the seed's round end, Круги ставок в))."""
    rules = GAME.rules("holdem")
    return replace(rules, forced=replace(rules.forced, blind_option=False))


def _antes_and_blinds() -> PokerRules:
    """Hold'em with everyone's ante under the blinds, at unlimited limits."""
    rules = GAME.rules("no-limit-holdem")
    return replace(rules, forced=ForcedBets(ante=1, blinds=(1, 2), blind_option=True))


def _stud_with_bring_in() -> PokerRules:
    """Seven-card stud with antes and a bring-in of one by the lowest up card."""
    rules = GAME.rules("seven-card-stud")
    return replace(rules, forced=replace(rules.forced, bring_in=1))


def _high_low(variant: str) -> PokerRules:
    """``variant`` played high-low where the cards speak, a low of eight or better."""
    rules = GAME.rules(variant)
    spec = rules.variant
    return replace(
        rules,
        variant=replace(
            spec,
            win="high-low",
            declarations=DeclarationMode.CARDS_SPEAK,
            low_qualifier=8,
            hands=replace(spec.hands, low="lowball"),
            steps=tuple(step for step in spec.steps if step.do != "declare"),
        ),
    )


FAMILIES = {
    "hold'em high-low": lambda: _high_low("holdem"),
    "seven-card stud high-low": lambda: _high_low("seven-card-stud-high-low"),
    "seven-card stud": lambda: GAME.rules("seven-card-stud"),
    "seven-card stud, bring-in": _stud_with_bring_in,
    "five-card stud": lambda: GAME.rules("five-card-stud"),
    "razz": lambda: GAME.rules("razz"),
    "Omaha high-low": lambda: GAME.rules("omaha-hi-lo"),
    "2-7 triple draw": lambda: GAME.rules("deuce-to-seven-triple-draw"),
    "lowest hole card wild": lambda: GAME.rules("seven-card-stud-low-hole-wild"),
    "two-card, deuces wild": lambda: GAME.rules("two-card"),
    "Lame Brain Pete": lambda: GAME.rules("lame-brain-pete"),
    "fixed-limit hold'em": lambda: GAME.rules("holdem"),
    "no-limit hold'em": lambda: GAME.rules("no-limit-holdem"),
    "pot-limit hold'em": lambda: GAME.rules("pot-limit-holdem"),
    "pot-limit Omaha": lambda: GAME.rules("pot-limit-omaha"),
    "fixed-limit Omaha": lambda: GAME.rules("omaha"),
    "draw": lambda: GAME.rules("draw"),
    "draw at rising limits": _rising_draw,
    "hold'em, no blind's option": _holdem_without_option,
    "antes and blinds": _antes_and_blinds,
}


def _play_both(rules: PokerRules, players: int, seed: int, policy: Policy) -> None:
    """Deal ``DEALS`` deals at the table and replay each deck by the lean loops."""
    table = LeanTable.of(rules)
    match = GAME.new_match(replace(rules, deals=DEALS), [f"P{n}" for n in range(players)])
    assert isinstance(match, PokerMatch)
    bot = LeanPolicyBot(policy)
    rng = random.Random(seed)
    numbers = np.random.default_rng(seed)
    carried = {"python": 0, "compiled": 0}
    while not match.is_over:
        dealer = match.next_dealer()
        choices = numbers.integers(0, 1 << 30, size=CHOICES, dtype=np.int64)
        bot.new_deal(choices.tolist())
        deal = match.start_deal(rng)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            match.apply(bot.choose(deal.view(seat), deal.legal_actions(), rng))
        outcome = deal.outcome()
        assert isinstance(outcome, PokerOutcome)
        deck = [card_mask([card]) for card in deal.setup.deck]
        changes, carried["python"] = lean_deal(
            table,
            players,
            dealer,
            deck,
            carried=carried["python"],
            policy=policy,
            choices=choices.tolist(),
        )
        assert tuple(changes) == outcome.changes
        net = np.zeros(players, dtype=np.int64)
        carried["compiled"] = play_batch(
            table,
            players=players,
            first_dealer=dealer,
            decks=np.array([deck], dtype=np.int64),
            choices=choices[None, :],
            policy=policy,
            carried=carried["compiled"],
            net=net,
        )
        assert tuple(net.tolist()) == outcome.changes
        assert carried["python"] == carried["compiled"] == outcome.carried


@pytest.mark.parametrize("family", sorted(FAMILIES))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_random_lean_deals_move_the_same_chips_as_the_table(
    family: str, seed: int, players: int
) -> None:
    """Круги ставок; Пределы ставок; Вскрытие карт (ties split, odd chips from the called).

    Random players who fold, stay or bet the least the table offers, picked by the same
    numbers, leave every seat the same chips deal by deal at the full table, in the Python
    lean loop and in the compiled one, and carry the same void pot.
    """
    _play_both(FAMILIES[family](), players, seed, "random")


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_check_down_lean_deals_move_the_same_chips_as_the_table(family: str) -> None:
    """Круги ставок (all check: the round ends; in draw the deal is void); Вскрытие карт.

    Five players, so that five antes make odd pots, whose odd chip a high-low split gives
    the high half (Покер «Больше-меньше»).
    """
    _play_both(FAMILIES[family](), 5, 3, "check-down")


@pytest.mark.parametrize(
    ("variant", "reason"),
    [
        ("seven-card-stud-high-low", "without declarations"),
        ("lowball", "52-card deck"),
        ("double-barrel-shotgun", "no expose step"),
        ("jacks-or-better", "openers"),
    ],
)
def test_the_lean_path_refuses_what_it_does_not_play_with_the_reason(
    variant: str, reason: str
) -> None:
    """The lean path never plays other rules than the table's: it names what it lacks."""
    with pytest.raises(IllegalAction, match=reason):
        LeanTable.of(GAME.rules(variant))


def test_the_lean_path_refuses_table_stakes() -> None:
    """Настольные ставки: a stake that limits the bets is the full table's alone for now."""
    rules = GAME.rules("no-limit-holdem")
    stakes = replace(rules, limits=replace(rules.limits, system=LimitSystem.TABLE_STAKES))
    with pytest.raises(IllegalAction, match="table-stakes"):
        LeanTable.of(stakes)


def test_the_lean_path_refuses_a_table_the_stock_cannot_deal() -> None:
    """«Семикарточный гвоздь» seats eight, but 8 × 7 cards need the table's reshuffle."""
    table = LeanTable.of(GAME.rules("seven-card-stud"))
    with pytest.raises(IllegalAction, match="8 players need 56 cards"):
        simulate_lean(table, players=8, deals=1, seed=1)
    assert simulate_lean(table, players=7, deals=20, seed=1).deals == 20


@pytest.mark.parametrize("interpreted", [False, True])
def test_in_deuce_to_seven_the_wheel_is_ace_high_and_beats_a_pair(interpreted: bool) -> None:
    """docs/rules/poker-variants.md, "Deuce to seven": the ace is only high.

    So A-5-4-3-2 is no straight but ace high, and, lower than any pair, it beats two deuces.
    """
    table = replace(LeanTable.of(GAME.rules("deuce-to-seven-triple-draw")), interpreted=interpreted)
    hands = {1: "A♠ 5♦ 4♣ 3♥ 2♠", 2: "2♣ 2♥ 9♦ 8♣ 7♥", 0: "K♠ K♦ K♣ Q♠ Q♦"}
    dealt = {seat: parse_cards(text) for seat, text in hands.items()}
    top = [dealt[seat][card] for card in range(5) for seat in (1, 2, 0)]
    rest = [card for card in DeckSpec.named("52").cards() if card not in top]
    deck = np.array([[card_mask([card]) for card in [*top, *rest]]], dtype=np.int64)
    net = np.zeros(3, dtype=np.int64)
    carried = play_batch(
        table,
        players=3,
        first_dealer=0,
        decks=deck,
        choices=np.zeros((1, CHOICES), dtype=np.int64),
        policy="check-down",
        carried=0,
        net=net,
    )
    assert table.compiled is not interpreted
    assert (net.tolist(), carried) == ([-2, 4, -2], 0)
