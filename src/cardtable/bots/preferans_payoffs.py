"""What a layout is worth to a seat: solved double dummy, priced as the convention writes."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card, Suit
from cardtable.preferans.deal import PreferansView
from cardtable.preferans.outcome import DealOutcome
from cardtable.preferans.pulka import deal_score, match_scoring
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.scoring import ScoringRules
from cardtable.preferans.sheet import Sheet

MADE_BONUS = 10
"""A layout's score for making (or setting) the contract, beside one point a trick."""


def card_scores(
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


def solve_layout(
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


def misere_payoff(scoring: ScoringRules, taken: int) -> float:
    """A misère's score in one layout: its pool points clean; caught, its remiz a trick more."""
    if not taken:
        return float(scoring.misere_points)
    return -float(scoring.misere_remiz_points * (1 + taken))


def split_defence(tricks: list[int], seats: Sequence[int], rest: int) -> None:
    """Share ``rest`` tricks between two seats, the first taking the odd one."""
    first, second = seats
    tricks[first] = rest - rest // 2
    tricks[second] = rest // 2


def balance(outcome: DealOutcome, seat: int, rules: PreferansRules) -> float:
    """``seat``'s whists when ``outcome`` is written and settled as a one-deal pulka."""
    names = [str(number) for number in range(outcome.players)]
    sheet = Sheet(names, match_scoring(rules))
    sheet.write(deal_score(outcome, names, sheet.rules))
    sheet.close()
    return float(sheet.settlement().balance[names[seat]])
