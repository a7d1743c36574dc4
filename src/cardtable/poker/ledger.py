"""The banker's ledger: chips bought and sold, bonuses, the kitty and the house's rake.

The banker (банкомет) "записывает, сколько фишек выдано каждому игроку ... и производит
выплаты" (002_053e85955f9a4108.txt, "Банкомет"). Every chip is somewhere: before a player,
in the pot, in the kitty or taken by the house; so each account's balance (a player's chips
plus what he sold less what he bought; the kitty's chips; the house's takings) sums to zero.

>>> ledger = Ledger(["Аня", "Боря"], HouseRules())
>>> ledger.buy("Аня", 50); ledger.buy("Боря", 50)
>>> ledger.move({"Аня": 20, "Боря": -20})
>>> ledger.balance()
{'Аня': 20, 'Боря': -20, 'kitty': 0, 'house': 0, 'pot': 0}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from cardtable.engine.rules import MOST_CHIPS, check_ranges, option
from cardtable.errors import IllegalAction
from cardtable.poker.limits import Limits, LimitSystem
from cardtable.poker.pots import CATEGORIES, Pot, category_at_least

SEED = "002_053e85955f9a4108.txt"
KITTY = "kitty"
"""The ledger account of the kitty (фонд «банк»)."""
HOUSE = "house"
"""The ledger account of the house (club or casino) that takes the rake."""
POT = "pot"
"""The ledger account of chips left in the pot between deals (a void deal's antes)."""


class KittyTrigger(StrEnum):
    """Which pots pay a unit into the kitty."""

    NONE = "none"
    RAISES = "raises"
    """Pots in which there was more than one raise."""
    HAND = "hand"
    """Pots whose winner held the named hand or better."""


@dataclass(frozen=True)
class HouseRules:
    """Chips, bonuses, the kitty and the rake, as agreed before the first deal ("г)", "ж)")."""

    bonus: int = option(
        0,
        "The bonus every player pays a player showing a bonus hand (3-5 times the maximum).",
        f"{SEED}, Бонусы, или премиальные",
        least=0,
        most=MOST_CHIPS,
    )
    bonus_hands: tuple[str, ...] = option(
        ("royal flush", "straight flush", "four of a kind"),
        "The hands that collect the bonus at showdown.",
        f"{SEED}, Бонусы («покер», стрит-флеш или каре)",
        choices=CATEGORIES,
        longest=len(CATEGORIES),
    )
    kitty: KittyTrigger = option(
        KittyTrigger.NONE,
        "Which pots pay the kitty a unit: none, raises (more than one raise), or hand.",
        f"{SEED}, «Банк»",
    )
    kitty_unit: int = option(
        1, "The chips a pot pays into the kitty.", f"{SEED}, «Банк»", least=1, most=MOST_CHIPS
    )
    kitty_hand: str = option(
        "full house",
        "With kitty = hand, the least winning hand that pays the kitty.",
        f"{SEED}, «Банк» (победитель имел определенный расклад и выше)",
        choices=CATEGORIES,
    )
    rake_percent: int = option(
        0,
        "The house's percentage of each pot.",
        f"{SEED}, «Покер» в клубах и казино",
        least=0,
        most=100,
    )
    rake_cap: int = option(
        0,
        "The most rake from one deal; 0 for no cap.",
        "PokerKit docs, Rake",
        least=0,
        most=MOST_CHIPS,
    )
    hourly_charge: int = option(
        0,
        "The house's charge per player per hour instead of (or with) the rake.",
        f"{SEED}, «Покер» в клубах и казино (почасовой тариф)",
        least=0,
        most=MOST_CHIPS,
    )

    def __post_init__(self) -> None:
        check_ranges(self)


@dataclass(frozen=True)
class Cut:
    """What the house and the kitty take from a deal's pots before they are won."""

    pots: tuple[Pot, ...]
    rake: int
    kitty: int


def cut_pots(
    pots: Sequence[Pot], rules: HouseRules, *, raises: int, winner_category: str | None
) -> Cut:
    """Take the rake (a percentage of each pot) and the kitty's unit from the main pot.

    >>> cut_pots([Pot(100, (0, 1))], HouseRules(rake_percent=5, kitty=KittyTrigger.RAISES),
    ...          raises=2, winner_category=None)
    Cut(pots=(Pot(amount=94, eligible=(0, 1)),), rake=5, kitty=1)
    """
    left = list(pots)
    rake = 0
    for number, pot in enumerate(left):
        take = pot.amount * rules.rake_percent // 100
        if rules.rake_cap:
            take = min(take, rules.rake_cap - rake)
        rake += take
        left[number] = Pot(pot.amount - take, pot.eligible)
    kitty = 0
    due = (rules.kitty is KittyTrigger.RAISES and raises > 1) or (
        rules.kitty is KittyTrigger.HAND
        and winner_category is not None
        and category_at_least(winner_category, rules.kitty_hand)
    )
    if due and left and left[0].amount >= rules.kitty_unit:
        kitty = rules.kitty_unit
        left[0] = Pot(left[0].amount - kitty, left[0].eligible)
    return Cut(tuple(left), rake, kitty)


class Ledger:
    """The banker's book for one session: every chip issued, held, sold back or taken."""

    def __init__(self, names: Sequence[str], rules: HouseRules, limits: Limits | None = None):
        self.rules = rules
        self.limits = limits or Limits()
        self.stacks: dict[str, int] = {name: 0 for name in names}
        self.bought: dict[str, int] = {name: 0 for name in names}
        self.sold: dict[str, int] = {name: 0 for name in names}
        self.kitty = 0
        self.house = 0
        self.pot = 0
        self.started = False

    def join(self, name: str) -> None:
        """Open an account for a newcomer."""
        for book in (self.stacks, self.bought, self.sold):
            book.setdefault(name, 0)

    def why_not_buy(self, name: str, chips: int, *, in_deal: bool = False) -> str | None:
        """Why ``name`` may not buy ``chips`` chips from the banker now."""
        limits = self.limits
        first = self.bought.get(name, 0) == 0
        if name not in self.stacks:
            return f"{name} is not at the table"
        if chips <= 0:
            return "buy at least one chip"
        if limits.freeze_out:
            if not first or self.started:
                return "in a freeze-out nobody may add new chips"
            if chips != limits.freeze_out_stake:
                return f"in a freeze-out everyone starts with {limits.freeze_out_stake} chips"
        if limits.system is LimitSystem.TABLE_STAKES:
            if in_deal:
                return "a table stake may be raised only between deals"
            least = limits.buy_in_minimum if first else limits.top_up_minimum
            if chips < least:
                return f"the least a player may put on the table is {least}"
            most = limits.buy_in_maximum
            if most and first and chips > most:
                return f"the most a player may put on the table is {most}"
        return None

    def buy(self, name: str, chips: int, *, in_deal: bool = False) -> None:
        """``name`` buys ``chips`` chips from the banker."""
        reason = self.why_not_buy(name, chips, in_deal=in_deal)
        if reason is not None:
            raise IllegalAction(reason)
        self.stacks[name] += chips
        self.bought[name] += chips

    def why_not_sell(self, name: str, chips: int, *, leaving: bool) -> str | None:
        """Why ``name`` may not sell ``chips`` chips back to the banker now."""
        if chips <= 0 or chips > self.stacks.get(name, 0):
            return f"{name} has {self.stacks.get(name, 0)} chips to sell"
        if self.limits.chips_limit_bets and not leaving:
            return "a table stake may not be reduced until its player leaves the game"
        return None

    def sell(self, name: str, chips: int, *, leaving: bool = False) -> None:
        """``name`` sells ``chips`` chips back to the banker."""
        reason = self.why_not_sell(name, chips, leaving=leaving)
        if reason is not None:
            raise IllegalAction(reason)
        self.stacks[name] -= chips
        self.sold[name] += chips

    def move(
        self, changes: Mapping[str, int], *, kitty: int = 0, house: int = 0, pot: int = 0
    ) -> None:
        """Book a deal: each player's gain or loss, the kitty's, the house's and the pot's.

        ``pot`` is what stays in the pot for the next deal (negative when it is played for).
        Refused unless the changes sum to zero, so no chip is made or lost.
        """
        if sum(changes.values()) + kitty + house + pot != 0:
            raise IllegalAction("a deal's chips must balance: some chip was made or lost")
        for name, change in changes.items():
            self.stacks[name] += change
        self.kitty += kitty
        self.house += house
        self.pot += pot
        self.started = True

    def pay_bonus(self, winner: str, payers: Sequence[str]) -> dict[str, int]:
        """Every other player pays ``winner`` the bonus, in the deal or not.

        "получит выплаты от каждого игрока, как активного, так и не участвующего в игре";
        under table stakes and freeze-out a player pays at most the chips he has.
        """
        paid: dict[str, int] = {}
        for name in payers:
            if name == winner:
                continue
            amount = self.rules.bonus
            if self.limits.chips_limit_bets:
                amount = min(amount, max(self.stacks[name], 0))
            paid[name] = amount
        self.move({winner: sum(paid.values()), **{name: -amount for name, amount in paid.items()}})
        return paid

    def charge_hour(self, names: Sequence[str]) -> int:
        """The house's hourly charge from each of ``names`` (players at the table)."""
        charge = self.rules.hourly_charge
        self.move({name: -charge for name in names}, house=charge * len(names))
        return charge * len(names)

    def share_kitty(self, names: Sequence[str]) -> dict[str, int]:
        """Share the kitty equally among ``names``, those still at the table at the end.

        "Все фишки «банка» по окончании игры поровну делятся между всеми оставшимися в игре";
        chips that do not divide go one each to the first of ``names`` (in seating order
        from the last dealer's left).
        """
        base, odd = divmod(self.kitty, len(names))
        shares = {name: base + (1 if place < odd else 0) for place, name in enumerate(names)}
        self.move(shares, kitty=-self.kitty)
        return shares

    def balance(self) -> dict[str, int]:
        """What every account has won (positive) or lost; the values sum to zero."""
        book = {
            name: self.stacks[name] + self.sold[name] - self.bought[name] for name in self.stacks
        }
        return {**book, KITTY: self.kitty, HOUSE: self.house, POT: self.pot}

    def settlement(self) -> dict[str, int]:
        """The final settlement: each player's chips sold back at the end, net of his buys."""
        return {name: value for name, value in self.balance().items() if name in self.stacks}
