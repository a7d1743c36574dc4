"""Chips are conserved across betting, pots, the kitty, the rake and the ledger."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.poker.betting import Betting, BettingRules
from cardtable.poker.ledger import HouseRules, KittyTrigger, Ledger, cut_pots
from cardtable.poker.limits import Limits, LimitSystem
from cardtable.poker.pots import award_high, build_pots, showdown_order


@dataclass
class Ranked:
    values: list[int]

    def high(self, seat: int) -> int:
        return self.values[seat]

    def low(self, seat: int) -> int | None:
        return None

    def category(self, seat: int) -> str:
        return "flush" if self.values[seat] > 5 else "pair"


@settings(max_examples=40, deadline=None)
@given(
    system=st.sampled_from(list(LimitSystem)),
    players=st.integers(2, 6),
    deals=st.lists(
        st.tuples(
            st.lists(st.integers(0, 1000), min_size=120, max_size=120),
            st.lists(st.integers(0, 9), min_size=6, max_size=6),
        ),
        min_size=1,
        max_size=4,
    ),
    rake=st.integers(0, 10),
    kitty=st.sampled_from(list(KittyTrigger)),
)
def test_random_legal_deals_conserve_chips_across_pots_ledger_kitty_and_rake(
    system: LimitSystem,
    players: int,
    deals: list[tuple[list[int], list[int]]],
    rake: int,
    kitty: KittyTrigger,
) -> None:
    """Банкомет; «Банк»; «Покер» в клубах и казино.

    Whatever legal bets are made, once the pots are cut for the rake and kitty and won, every
    chip the banker issued is before a player, in the kitty or with the house.
    """
    limits = Limits(system=system, minimum=1, maximum=4, buy_in_minimum=10)
    rules = HouseRules(rake_percent=rake, kitty=kitty, kitty_hand="flush", bonus=3)
    names = [f"p{seat}" for seat in range(players)]
    ledger = Ledger(names, rules, limits)
    for name in names:
        ledger.buy(name, 40)
    for number, (choices, values) in enumerate(deals):
        dealer = number % players
        stacks = [ledger.stacks[name] for name in names]
        in_deal = [stack > 0 or not limits.chips_limit_bets for stack in stacks]
        if sum(in_deal) < 2:
            break
        betting = Betting(
            players, stacks, limits, BettingRules(freeze_amount=5), dealer=dealer, in_deal=in_deal
        )
        moves = iter(choices)
        for index in range(2):
            betting.start_round(index, (dealer + 1) % players, last=index == 1)
            while (seat := betting.to_act) is not None:
                legal = betting.legal_actions()
                betting.act(seat, legal[next(moves, 0) % len(legal)])
            if betting.one_left:
                break
        pots, returned = build_pots(betting.contributed, betting.folded)
        hands = Ranked(values[:players])
        order = showdown_order(betting.in_hand, betting.last_aggressor or 0, players)
        best = max(betting.in_hand, key=hands.high)
        cut = cut_pots(
            pots, rules, raises=betting.raises_in_deal, winner_category=hands.category(best)
        )
        final = [stack + back for stack, back in zip(betting.stacks, returned, strict=True)]
        for share in award_high(cut.pots, hands, order):
            final[share.seat] += share.amount
        ledger.move(
            {name: final[seat] - stacks[seat] for seat, name in enumerate(names)},
            kitty=cut.kitty,
            house=cut.rake,
        )
        assert sum(ledger.balance().values()) == 0
        if limits.chips_limit_bets:
            assert min(ledger.stacks.values()) >= 0
    ledger.share_kitty(names)
    assert sum(ledger.balance().values()) == 0
    assert ledger.kitty == 0
