"""A variant's steps reduced to what the lean loop needs, and what it does not cover.

:class:`LeanTable` reads the same :class:`PokerRules` as the full table and turns them into
the compiled loop's arrays; :func:`why_not_lean` and :func:`why_not_seated` say, in one
sentence, why the lean path cannot play some rules as the table would.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from cardtable.cards import DeckSpec
from cardtable.errors import IllegalAction
from cardtable.poker.betting import AnteKind
from cardtable.poker.limits import BetContext, FixedAmounts, LimitSystem, base_limits
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import Step

OPENERS = {"left": 0, "first-bettor": 1, "high-showing": 2}
"""The openers of a round the compiled loop knows, by its number for them."""

LEAN_SYSTEMS = (LimitSystem.FIXED, LimitSystem.RISING, LimitSystem.POT, LimitSystem.UNLIMITED)
"""The limit systems the lean loop plays: those on credit where the bounds need no history."""


@dataclass(frozen=True)
class LeanTable:
    """A variant's steps reduced to what the lean loop needs, checked once."""

    rules: PokerRules
    layout: tuple[tuple[str, int, int], ...]
    """("hole", n, of them up), ("board", n, 0) or ("bet", round index, 0), in order."""
    rounds: tuple[Step, ...]
    """The variant's betting steps, by round index."""
    interpreted: bool = False
    """Play in Python even where the compiled loop could (to check one against the other)."""

    @property
    def fast_showdown(self) -> bool:
        """Whether the kernel ranks the showdown (standard high hands), not the table's judge."""
        from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numba loads lazily

        spec = self.rules.variant
        return kernel_supports(spec.hands) and spec.win == "high" and not spec.board_lines

    @property
    def compiled_low(self) -> bool:
        """Whether the kernel ranks this high-low showdown: cards speak, a lowball low."""
        from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numba loads lazily

        spec = self.rules.variant
        hands = spec.hands
        return (
            spec.win == "high-low"
            and hands.low == "lowball"
            and kernel_supports(replace(hands, low="none"))
            and not spec.board_lines
        )

    def low_array(self) -> npt.NDArray[np.int64]:
        """The kernel's low rule: rank counts and the qualifier, or empty for high only."""
        if not self.compiled_low:
            return np.zeros(0, dtype=np.int64)
        from cardtable.poker.fast import kernels  # noqa: PLC0415 - numba loads lazily

        ranks = tuple(int(rank) for rank in self.rules.variant.hands.ranks)
        count = kernels().tables(ranks)[2]
        return np.array([*count, self.rules.variant.low_qualifier], dtype=np.int64)

    @property
    def compiled_worst(self) -> bool:
        """Whether the kernel ranks this deuce-to-seven showdown: five own cards, no board."""
        from cardtable.poker.fast import kernel_supports  # noqa: PLC0415 - numba loads lazily

        spec = self.rules.variant
        return (
            spec.win == "deuce-to-seven"
            and kernel_supports(spec.hands)
            and spec.cards_each() == spec.hands.hand_size
            and not spec.board_size()
        )

    def worst_array(self) -> npt.NDArray[np.int64]:
        """Deuce to seven's straights (the ace plays high only), or empty where the best wins."""
        if not self.compiled_worst:
            return np.zeros(0, dtype=np.int64)
        from cardtable.poker.fast import kernels  # noqa: PLC0415 - numba loads lazily

        straight = kernels().tables(tuple(range(2, 15)))[0].astype(np.int64)
        straight[straight == 1] = 0  # the wheel, A-5-4-3-2, is the lowest straight's index
        result: npt.NDArray[np.int64] = straight
        return result

    @property
    def compiled(self) -> bool:
        """Whether the compiled deal loop plays these rules."""
        forced = self.rules.forced
        return (
            not self.interpreted
            and (self.fast_showdown or self.compiled_low or self.compiled_worst)
            and forced.ante_kind in (AnteKind.NONE, AnteKind.EVERYONE)
            and forced.blind_start == 1
            and all(step.opens in OPENERS for step in self.rounds)
            and self.rules.limits.amounts is not FixedAmounts.LISTED
        )

    def layout_array(self) -> npt.NDArray[np.int64]:
        """The layout as kernel rows (kind, count or round, cards of them dealt up)."""
        kinds = {"hole": 0, "board": 1, "bet": 2}
        rows = [(kinds[kind], n, up) for kind, n, up in self.layout]
        return np.array(rows, dtype=np.int64)

    def forced_array(self, players: int) -> npt.NDArray[np.int64]:
        """(ante each, blind count, blinds...)."""
        forced = self.rules.forced
        ante = forced.ante if forced.ante_kind is AnteKind.EVERYONE else 0
        blinds = list(forced.blinds[:players])
        return np.array([ante, len(blinds), *blinds], dtype=np.int64)

    def rounds_array(self) -> npt.NDArray[np.int64]:
        """Each betting round's (least bet, most bet, opener, voids).

        The opener is 0 the dealer's left, 1 the first bettor, 2 the best showing.
        """
        limits = self.rules.limits
        last = len(self.rounds) - 1
        rows = []
        for index, step in enumerate(self.rounds):
            low, high = base_limits(limits, BetContext(round_index=index, last_round=index == last))
            opener = OPENERS[step.opens]
            rows.append((low, high, opener, step.void_if_all_check))
        return np.array(rows, dtype=np.int64).reshape(len(self.rounds), 4)

    def rules_array(self) -> npt.NDArray[np.int64]:
        """(system, raises per player and per round, blind's option, raise ≥ last, bring-in)."""
        systems = {LimitSystem.FIXED: 0, LimitSystem.RISING: 0, LimitSystem.POT: 1}
        rules = self.rules
        return np.array(
            [
                systems.get(rules.limits.system, 2),
                rules.betting.raises_per_player,
                rules.betting.raises_per_round,
                rules.forced.blind_option,
                rules.limits.raise_at_least_last,
                rules.forced.bring_in,
            ],
            dtype=np.int64,
        )

    @classmethod
    def of(cls, rules: PokerRules) -> LeanTable:
        """The lean form of ``rules``; raise ``IllegalAction`` for what it does not cover."""
        why = why_not_lean(rules)
        if why is not None:
            raise IllegalAction(why)
        layout: list[tuple[str, int, int]] = []
        rounds: list[Step] = []
        for place, step in enumerate(rules.variant.steps):
            if step.do == "deal":
                down, up = rules.variant.faces(place)
                layout.append(("hole", down + up, up))
            elif step.do == "board":
                layout.append(("board", step.down + step.up, 0))
            elif step.do == "bet":
                layout.append(("bet", len(rounds), 0))
                rounds.append(step)
        return cls(rules, tuple(layout), tuple(rounds))


def why_not_lean(rules: PokerRules) -> str | None:
    """Why the lean loop cannot play ``rules`` as the table would, in one sentence, or None."""
    spec = rules.variant
    limits = rules.limits
    if spec.hands.deck().cards() != DeckSpec.named("52").cards():
        return "the lean path deals the 52-card deck, without jokers or stripped ranks"
    if limits.system not in LEAN_SYSTEMS or limits.chips_limit_bets:
        return (
            "the lean path plays fixed, rising, pot and unlimited limits on credit, "
            f"not {limits.system.value} limits" + (" with freeze-out" if limits.freeze_out else "")
        )
    if spec.win == "high-low" and spec.declarations != "cards-speak":
        return "the lean path plays high-low where the cards speak, without declarations"
    if rules.forced.straddles or rules.betting.freeze_amount:
        return "the lean path has no straddles or freeze"
    if spec.openers != "any" or rules.house.rake_percent or rules.house.kitty != "none":
        return "the lean path has no openers, rake or kitty"
    if limits.jackpot or limits.wangdoodle or rules.house.bonus:
        return "the lean path has no jackpot, wangdoodle or bonus"
    if not rules.betting.checking:
        return "the lean path plays rounds where a player may check"
    for step in spec.steps:
        if step.do == "bet" and (not step.check or not step.checker_may_raise):
            return "the lean path plays rounds where a player may check, and raise after"
        if step.do not in ("deal", "board", "bet", "draw", "reveal"):
            return f"the lean path has no {step.do} step"
        if step.do == "deal" and step.down_if_exposed:
            return "the lean path has no exposed cards"
    return None


def why_not_seated(rules: PokerRules, players: int) -> str | None:
    """Why the lean loop cannot deal ``rules`` to ``players``: the stock would run out."""
    spec = rules.variant
    needed = players * spec.cards_each() + spec.board_size()
    if needed > DeckSpec.named("52").size - 1:
        return f"the lean path deals no reshuffle: {players} players need {needed} cards"
    return None
