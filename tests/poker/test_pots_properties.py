"""Side pots and their awards never make or lose a chip."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.poker.actions import Side
from cardtable.poker.pots import award_high, award_high_low, build_pots


@dataclass
class Values:
    highs: list[int]
    lows: list[int | None]

    def high(self, seat: int) -> int:
        return self.highs[seat]

    def low(self, seat: int) -> int | None:
        return self.lows[seat]

    def category(self, seat: int) -> str:
        return "pair"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 50),
            st.booleans(),
            st.integers(0, 3),
            st.one_of(st.none(), st.integers(0, 3)),
            st.sampled_from(list(Side)),
        ),
        min_size=2,
        max_size=7,
    ),
    st.booleans(),
)
def test_pots_and_their_awards_conserve_every_chip(
    seats: list[tuple[int, bool, int, int | None, Side]], declared: bool
) -> None:
    """Настольные ставки; Если ничья, банк делится поровну; Покер «Больше-меньше».

    Whatever was put in and whoever folded, the pots plus the returned chips are all that was
    put in, only players still in may win a pot, and high, split and high-low awards give
    away exactly the pots.
    """
    contributed = [amount for amount, *_ in seats]
    folded = [fold for _, fold, *_ in seats]
    if all(folded):
        folded[0] = False
    pots, returned = build_pots(contributed, folded)
    assert sum(pot.amount for pot in pots) + sum(returned) == sum(contributed)
    for pot in pots:
        assert pot.eligible
        assert all(not folded[seat] for seat in pot.eligible)
    hands = Values([s[2] for s in seats], [s[3] for s in seats])
    order = [seat for seat in range(len(seats)) if not folded[seat]]
    total = sum(pot.amount for pot in pots)
    assert sum(share.amount for share in award_high(pots, hands, order)) == total
    said = {seat: seats[seat][4] for seat in order} if declared else None
    shares = award_high_low(pots, hands, order, said)
    assert sum(share.amount for share in shares) == total
    assert all(share.seat in pots[share.pot].eligible for share in shares)
