"""Every limit system of "Пределы ставок" as rules data, and the bounds of one bet or raise.

The seed (002_053e85955f9a4108.txt, "Пределы ставок") measures a bet or a raise by the chips a
player adds *beyond* what he needs to stay: "игрок, которого ... вынуждают поставить максимум,
чтобы остаться в игре, может все равно при этом ходе поднять ставку на максимум". So every
bound here is on the increment, never on the total a player has put in.

>>> limits = Limits(minimum=1, maximum=5)
>>> increment_bounds(limits, BetContext()).maximum
5
>>> increment_bounds(Limits(system=LimitSystem.POT, minimum=1), BetContext(pot_after_call=30,
...     opened=True)).maximum
30
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cardtable.engine.rules import MOST_CHIPS, check_ranges, option
from cardtable.errors import RulesError
from cardtable.poker.pots import CATEGORIES

SEED = "002_053e85955f9a4108.txt"


class LimitSystem(StrEnum):
    """The systems of "Пределы ставок"."""

    FIXED = "fixed"
    """Установленные пределы: фиксированные."""
    RISING = "rising"
    """Установленные пределы: изменяемые (the last round's limits are multiplied)."""
    PREVIOUS_BET = "previous-bet"
    """Предел последней ставки: the most is what the previous player put in."""
    POT = "pot"
    """Банковский лимит: the most is the pot, the raiser's call counted in first."""
    TABLE_STAKES = "table-stakes"
    """Настольные ставки: the most is what the player has on the table."""
    UNLIMITED = "unlimited"
    """Неограниченные ставки: any amount."""


# Read once: under Python 3.11 a member read from its enum class goes through EnumType's
# __getattr__ hook (about half a microsecond), and the betting asks chips_limit_bets at every
# legal list and action.
_TABLE_STAKES = LimitSystem.TABLE_STAKES


class FixedAmounts(StrEnum):
    """Which amounts between the minimum and the maximum a fixed limit accepts."""

    RANGE = "range"
    """а) any amount between the minimum and the maximum."""
    LISTED = "listed"
    """б) only the listed amounts."""
    ENDS = "ends"
    """в) only the minimum or the maximum, nothing between."""


class WangdoodleSpan(StrEnum):
    """How long the wangdoodle's doubled limits last."""

    DEAL = "deal"
    """The next deal only."""
    ROUND = "round"
    """The next round of deals: one deal by each player."""


@dataclass(frozen=True)
class Limits:
    """The limit system agreed before the first deal, with all its numbers."""

    system: LimitSystem = option(
        LimitSystem.FIXED,
        "The limit system: fixed, rising, previous-bet, pot, table-stakes or unlimited.",
        f"{SEED}, Пределы ставок",
    )
    minimum: int = option(
        1,
        "The smallest bet or raise, in chips.",
        f"{SEED}, Пределы ставок",
        least=1,
        most=MOST_CHIPS,
    )
    maximum: int = option(
        5,
        "The largest bet or raise under fixed and rising limits, and the opening bet's largest "
        "under the previous-bet and pot limits.",
        f"{SEED}, Установленные пределы: фиксированные",
        least=1,
        most=MOST_CHIPS,
    )
    amounts: FixedAmounts = option(
        FixedAmounts.RANGE,
        "Which amounts a fixed limit accepts: range (any between), listed, or ends (min or max).",
        f"{SEED}, Установленные пределы: фиксированные, а)-в)",
    )
    listed: tuple[int, ...] = option(
        (),
        "The amounts accepted when amounts = listed.",
        f"{SEED}, фиксированные, б)",
        least=1,
        most=MOST_CHIPS,
        longest=100,
    )
    rising_last_round_factor: int = option(
        2,
        "Under rising limits, the last betting round's minimum and maximum are multiplied by this.",
        f"{SEED}, Установленные пределы: изменяемые",
        least=1,
        most=100,
    )
    round_minimum: tuple[int, ...] = option(
        (),
        "Per-round minimums (round 1, 2, ...; the last repeats); empty means use minimum.",
        f"{SEED}, Начало втемную (one chip before the draw, two after)",
        least=1,
        most=MOST_CHIPS,
        longest=100,
    )
    round_maximum: tuple[int, ...] = option(
        (),
        "Per-round maximums (round 1, 2, ...; the last repeats); empty means use maximum.",
        f"{SEED}, Начало втемную",
        least=1,
        most=MOST_CHIPS,
        longest=100,
    )
    previous_bet_resets: bool = option(
        True,
        "Previous-bet limit: the initial limit returns in each betting round (true) or the "
        "bets keep growing through the deal (false).",
        f"{SEED}, Предел последней ставки, а)/б)",
    )
    raise_at_least_last: bool = option(
        False,
        "A raise must be at least the previous bet or raise of the round (the modern rule); "
        "the seed knows only the agreed minimum.",
        "PokerKit docs, simulation: min completion/betting/raising amount",
    )
    buy_in_minimum: int = option(
        50,
        "Table stakes: the least a player puts on the table.",
        f"{SEED}, Настольные ставки",
        least=0,
        most=MOST_CHIPS,
    )
    buy_in_maximum: int = option(
        0,
        "Table stakes: the most a player puts on the table; 0 for none.",
        f"{SEED}, Настольные",
        least=0,
        most=MOST_CHIPS,
    )
    top_up_minimum: int = option(
        50,
        "Table stakes: the least a player adds from his pocket, only between deals.",
        f"{SEED}, Настольные ставки",
        least=0,
        most=MOST_CHIPS,
    )
    freeze_out: bool = option(
        False,
        "Freeze-out: equal stakes, no new chips, a broke player is out, play until one has all.",
        f"{SEED}, «Замороженный вклад»",
    )
    freeze_out_stake: int = option(
        50,
        "Freeze-out: the chips every player starts with.",
        f"{SEED}, «Замороженный вклад»",
        least=1,
        most=MOST_CHIPS,
    )
    jackpot: bool = option(
        False,
        "Jackpot: when all fold to the opener, the others ante the previous unit next deal, "
        "whose maximum becomes the pot.",
        f"{SEED}, Джекпот",
    )
    wangdoodle: bool = option(
        False,
        "Wangdoodle: after a very good hand the limits are doubled for the next deal or round.",
        f"{SEED}, Вангдудл, или «большой болван»",
    )
    wangdoodle_trigger: str = option(
        "flush",
        "The least hand category at showdown that triggers the wangdoodle.",
        f"{SEED}, Вангдудл (например, флеша и выше)",
        choices=CATEGORIES,
    )
    wangdoodle_factor: int = option(
        2, "The wangdoodle's multiplier.", f"{SEED}, Вангдудл", least=1, most=100
    )
    wangdoodle_span: WangdoodleSpan = option(
        WangdoodleSpan.DEAL,
        "How long the wangdoodle lasts: the next deal or the next round of deals.",
        f"{SEED}, Вангдудл",
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        why = self.why_invalid()
        if why is not None:
            raise RulesError(why)

    @property
    def chips_limit_bets(self) -> bool:
        """Whether a player can bet only the chips before him (table stakes, freeze-out).

        Under the other systems a player who runs short buys on credit from the banker
        (the seed allows borrowing in unlimited play), so his stack may go below zero.
        """
        return self.system is _TABLE_STAKES or self.freeze_out

    def why_invalid(self) -> str | None:
        """Why these limits cannot be played as the seed describes them, or ``None``.

        Checked whenever limits are made, so every reader of rules refuses them with this
        sentence; a minimum below one chip is already outside the option's range.
        """
        if self.freeze_out and self.system is LimitSystem.TABLE_STAKES:
            return "freeze-out is played with any limit system except table stakes"
        uses_maximum = self.system not in (LimitSystem.TABLE_STAKES, LimitSystem.UNLIMITED)
        if uses_maximum and self.maximum < self.minimum:
            return f"the maximum {self.maximum} is below the minimum {self.minimum}"
        if self.amounts is FixedAmounts.LISTED and not self.listed:
            return "listed amounts need a list"
        if self.buy_in_maximum and self.buy_in_maximum < self.buy_in_minimum:
            return "the buy-in maximum is below its minimum"
        return None


@dataclass(frozen=True)
class BetContext:
    """What a bet's bounds depend on at the moment it is made."""

    round_index: int = 0
    """The betting round, from 0."""
    last_round: bool = False
    """Whether this is the deal's last betting round."""
    opened: bool = False
    """Whether a bet has already been made in the deal (the opening bet is by the limits)."""
    pot_after_call: int = 0
    """Every chip in the pot and in front of the players, plus the bettor's call."""
    previous_put: int = 0
    """The chips the previous player to put chips in put in with that action."""
    factor: int = 1
    """The wangdoodle's multiplier for this deal."""
    jackpot_maximum: int = 0
    """The jackpot deal's maximum (the pot before the deal), 0 when not a jackpot deal."""


@dataclass(frozen=True)
class Bounds:
    """The increments allowed for one bet or raise."""

    minimum: int
    maximum: int | None
    """``None``: no upper bound."""
    listed: tuple[int, ...] | None = None
    """When only some amounts are allowed, those amounts (within the bounds)."""

    def why_illegal(self, increment: int, *, short_all_in: bool = False) -> str | None:
        """Why a bet or raise of ``increment`` chips is outside these bounds.

        A player going all-in may bet or raise less than the minimum (``short_all_in``).
        """
        if self.maximum is not None and increment > self.maximum:
            return f"{increment} is above the limit of {self.maximum}"
        if short_all_in:
            return None
        if increment < self.minimum:
            return f"{increment} is below the minimum of {self.minimum}"
        if self.listed is not None and increment not in self.listed:
            allowed = ", ".join(str(amount) for amount in self.listed)
            return f"{increment} is not one of the agreed amounts ({allowed})"
        return None

    def landmarks(self) -> tuple[int, ...]:
        """A few amounts worth offering: every listed amount, or the ends and the middle."""
        if self.listed is not None:
            return self.listed
        if self.maximum is None:
            return (self.minimum, 2 * self.minimum, 5 * self.minimum)
        middle = (self.minimum + self.maximum) // 2
        return tuple(sorted({self.minimum, middle, self.maximum}))


def _per_round(values: tuple[int, ...], index: int, default: int) -> int:
    if not values:
        return default
    return values[min(index, len(values) - 1)]


def base_limits(limits: Limits, context: BetContext) -> tuple[int, int]:
    """The minimum and maximum of the fixed numbers for this round, wangdoodle included."""
    low = _per_round(limits.round_minimum, context.round_index, limits.minimum)
    high = _per_round(limits.round_maximum, context.round_index, limits.maximum)
    if limits.system is LimitSystem.RISING and context.last_round:
        low *= limits.rising_last_round_factor
        high *= limits.rising_last_round_factor
    low *= context.factor
    high *= context.factor
    high = max(high, context.jackpot_maximum)
    return low, high


def increment_bounds(limits: Limits, context: BetContext) -> Bounds:
    """The bounds on the next bet or raise under ``limits``."""
    low, high = base_limits(limits, context)
    system = limits.system
    maximum: int | None
    listed: tuple[int, ...] | None = None
    if system in (LimitSystem.FIXED, LimitSystem.RISING):
        maximum = high
        if limits.amounts is FixedAmounts.LISTED:
            listed = tuple(a * context.factor for a in limits.listed if low <= a * context.factor)
            listed = tuple(a for a in listed if a <= high)
        elif limits.amounts is FixedAmounts.ENDS:
            listed = tuple(sorted({low, high}))
    elif system is LimitSystem.PREVIOUS_BET:
        maximum = max(context.previous_put, low) if context.opened else high
    elif system is LimitSystem.POT:
        maximum = max(context.pot_after_call, low) if context.opened else high
    else:
        maximum = None
    return Bounds(low, maximum, listed)
