"""Writing an all-pass (the progression, the ёлочка) and the classic game's robber.

001_776ed664a35a376f.txt, preferans rules 38–40 and 48; the Code 3.7.2.
"""

from __future__ import annotations

from cardtable.preferans._writer import Writer
from cardtable.preferans.contracts import contract_text
from cardtable.preferans.deal_score import TRICKS, AllPass
from cardtable.preferans.ledger import Column
from cardtable.preferans.phrases import reason


class AllPassWriter(Writer):
    """Writes an all-pass, a preliminary all-pass or a robber."""

    def allpass_tricks(self) -> dict[str, int]:
        given = dict(self.deal.allpass or {})
        active = self.active()
        for name in given:
            if name not in active:
                raise self.fail("allpass", f"{name!r} did not play this deal")
        missing = [p for p in active if p not in given]
        if missing:
            raise self.fail("allpass", f"no tricks for {missing[0]!r}")
        for value in given.values():
            self.tricks(value, "allpass")
        if sum(given.values()) != TRICKS:
            raise self.fail("allpass", f"the tricks add up to {sum(given.values())}, not 10")
        return {p: given[p] for p in active}

    def allpass(self) -> None:
        """Rule 48 and the Code's 3.7.2: every trick costs its taker; the progression grows."""
        tricks = self.allpass_tricks()
        steps = self.rules.allpass_progression
        times = steps[min(self.ledger.allpass_run, len(steps) - 1)]
        self.ledger.allpass_run += 1
        price = self.rules.allpass_per_trick * times
        self.allpass_written = AllPass(self.number, tricks, times * self.times)
        label = "all-pass" if times == 1 else "all-pass-times"
        if self.rules.allpass_column == "mountain":
            for player, taken in tricks.items():
                said = reason(label, times=times, tricks=taken)
                self.add(player, Column.MOUNTAIN, price * taken, said)
        else:
            # The Code 3.7.2.2: only the fewest tricks (one player, or two tied) write, on
            # each partner who took more, the price of every trick that partner took.
            fewest = min(tricks.values())
            for player, taken in tricks.items():
                if taken != fewest:
                    continue
                for other, more in tricks.items():
                    if more > taken:
                        self.add(
                            player,
                            Column.WHISTS,
                            price * more,
                            reason(f"{label}-fewest", times=times, other=other, more=more),
                            on=other,
                        )
        if self.rules.allpass_clean_points:
            for player, taken in tricks.items():
                if taken == 0:
                    said = reason(f"{label}-clean", times=times)
                    self.earn(player, self.rules.allpass_clean_points * times, said)

    def preliminary_allpass(self) -> None:
        """Rules 39–40: tricks times ten on the mountain; ten off the pool for each zero."""
        tricks = self.allpass_tricks()
        self.allpass_written = AllPass(self.number, tricks, self.times, preliminary=True)
        for player, taken in tricks.items():
            if taken:
                price = self.rules.preliminary_allpass_per_trick * taken
                said = reason("preliminary", tricks=taken)
                self.add(player, Column.MOUNTAIN, price, said)
            else:
                clean = self.rules.preliminary_allpass_clean_points
                self.earn(player, clean, reason("preliminary-clean"))

    def robber(self) -> None:
        """Rule 38: the 'разбойник' writes on the mountain only, no whists.

        A made game comes off the mountain (as rule 42 allows any made game to), a failed
        one goes on it as a remiz.
        """
        deal = self.deal
        declarer = self.player("declarer", deal.declarer)
        if deal.contract is None:
            raise self.fail("contract", "missing")
        if deal.whist or deal.defender_tricks:
            raise self.fail("whist", "the 'разбойник' is played without whists")
        self.active(declarer)
        tricks = self.tricks(deal.tricks)
        name = contract_text(deal.contract)
        if deal.contract.is_misere:
            made, price, short = tricks == 0, self.rules.misere_points, tricks
            remiz = self.rules.misere_remiz_points
        else:
            prices = self.rules.price(deal.contract.level)
            made, price = tricks >= deal.contract.level, prices.points
            short, remiz = deal.contract.level - tricks, prices.remiz
        if made:
            self.add(declarer, Column.MOUNTAIN, -price, reason("robber-made", contract=name))
        else:
            said = reason("robber-down", contract=name, short=short)
            self.add(declarer, Column.MOUNTAIN, remiz * short, said)
