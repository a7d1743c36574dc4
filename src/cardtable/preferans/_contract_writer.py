"""Writing a played contract: made or remiz, the whists, the obligation, misère, revokes.

001_776ed664a35a376f.txt, preferans rules 24–28, 34–37, 42–47.
"""

from __future__ import annotations

from fractions import Fraction

from cardtable.preferans._writer import Writer
from cardtable.preferans.contracts import contract_text
from cardtable.preferans.deal_score import TRICKS, GoodTalon, Whist
from cardtable.preferans.ledger import Column
from cardtable.preferans.phrases import Reason, reason
from cardtable.preferans.scoring import ContractPrice


class ContractWriter(Writer):
    """Writes a played contract, a misère among them."""

    def contract(self) -> None:
        deal = self.deal
        declarer = self.player("declarer", deal.declarer)
        if deal.contract is None:
            raise self.fail("contract", "missing")
        active = self.active(declarer)
        defenders = [p for p in self.ledger.left_of(declarer) if p in active]
        if deal.contract.is_misere:
            self.misere(declarer)
            return
        answers = self.answers(defenders)
        level = deal.contract.level
        price = self.rules.price(level)
        name = contract_text(deal.contract)
        whisters = [p for p in defenders if answers[p] is Whist.WHIST]
        halves = [p for p in defenders if answers[p] is Whist.HALF]
        if level == TRICKS and (whisters or halves) and not self.rules.ten_whisted:
            raise self.fail(
                "whist",
                "there is no whist on a ten in the classic game (rule 26: «на игру в 10 взяток "
                "виста не существует»); write both defenders as passing",
            )
        revokes = self.revokes(declarer, defenders)
        if revokes and (halves or not (whisters or level == TRICKS)):
            raise self.fail("renonce", "nobody played the cards against the declarer")
        if halves:
            self.half_whist(declarer, defenders, answers, halves)
            return
        if not whisters and not revokes:
            self.no_whist(declarer, level, name)
            return
        tricks = self.tricks(deal.tricks)
        taken = self.defence(defenders, whisters, tricks) if whisters else {}
        if revokes:
            self.renonce(declarer, whisters, taken, tricks, revokes, defenders=defenders)
            return
        short = level - tricks
        if short > 0:
            self.remiz(declarer, price, short, name)
        else:
            self.made(declarer, price.points, reason("made", contract=name))
        self.whists(declarer, whisters, taken, price, defenders=defenders, short=short)
        self.consolation(declarer, price, short)
        self.obligation(whisters, taken, price, TRICKS - tricks)
        self.talon(declarer, price)

    def revokes(self, declarer: str, defenders: list[str]) -> dict[str, int]:
        """The deal's revokes by player, checked: each a player of the deal, each at least one."""
        given = dict(self.deal.renonce)
        for name, count in given.items():
            if name != declarer and name not in defenders:
                raise self.fail("renonce", f"{name!r} did not play this deal")
            if count < 1:
                raise self.fail("renonce", f"{count} is not a number of revokes")
        return given

    def renonce(
        self,
        declarer: str,
        whisters: list[str],
        taken: dict[str, int],
        tricks: int,
        revokes: dict[str, int],
        *,
        defenders: list[str],
    ) -> None:
        """Rules 34–37: a game played with a revoke.

        Rule 35 (only defenders revoked): the declarer writes his game as made; the tricks he
        lacks come off the whisters, the revoker's first; each revoker writes one remiz (the
        contract's rule-43 price) per revoke and his share of one per trick the declarer lacked.
        Rule 34 (only the declarer revoked): everything as usual, but the whisters' shortfall
        of rules 45–46 goes on the declarer's mountain. Rule 36 (both): as usual, but a whister
        who did not revoke writes half his whists on the declarer and half on the revoker.
        Rule 37: no other shortfall of the whisters is written.
        """
        assert self.deal.contract is not None
        price = self.rules.price(self.deal.contract.level)
        name = contract_text(self.deal.contract)
        short = self.deal.contract.level - tricks
        offenders = [p for p in revokes if p != declarer]
        if declarer not in revokes:
            self.made(declarer, price.points, reason("made-rule-35", contract=name))
            lacking = max(short, 0)
            for whister in [*offenders, *whisters]:
                given_back = min(lacking, taken.get(whister, 0))
                if given_back:
                    taken[whister] -= given_back
                    lacking -= given_back
            self.whists(declarer, whisters, taken, price, defenders=defenders, short=0)
            share = Fraction(max(short, 0), len(offenders))
            for offender in offenders:
                errors = revokes[offender]
                key = "renonce-revoke" + ("s" if errors > 1 else "")
                said = reason(f"{key}-share", revokes=errors, share=str(share))
                said = said if share else reason(key, revokes=errors)
                self.add(offender, Column.MOUNTAIN, price.remiz * (errors + share), said)
            self.talon(declarer, price)
            return
        if short > 0:
            self.remiz(declarer, price, short, name)
        else:
            self.made(declarer, price.points, reason("made", contract=name))
        if offenders:
            self.shared_whists(declarer, whisters, taken, price, offenders)
        else:
            self.whists(declarer, whisters, taken, price, defenders=defenders, short=short)
        self.consolation(declarer, price, short)
        if whisters and not offenders:
            defence = TRICKS - tricks
            if defence < price.obligation:
                lack = price.obligation - defence
                self.add(
                    declarer,
                    Column.MOUNTAIN,
                    price.whister_remiz * lack,
                    reason("whist-short-renonce", short=lack),
                )
        self.talon(declarer, price)

    def shared_whists(
        self,
        declarer: str,
        whisters: list[str],
        taken: dict[str, int],
        price: ContractPrice,
        offenders: list[str],
    ) -> None:
        """Rule 36: a whister who did not revoke is paid half by the declarer, half by the revoker.

        A whister who revoked himself writes his whists on the declarer as usual.
        """
        for whister in whisters:
            amount = Fraction(price.whist * taken[whister])
            if whister in offenders:
                said = reason("whist", tricks=taken[whister])
                self.add(whister, Column.WHISTS, amount, said, declarer)
                continue
            halved = reason("whist-halved", tricks=taken[whister])
            self.add(whister, Column.WHISTS, amount / 2, halved, declarer)
            for offender in offenders:
                self.add(whister, Column.WHISTS, amount / 2 / len(offenders), halved, offender)

    def remiz(
        self, declarer: str, price: ContractPrice, short: int, name: str, key: str = "down"
    ) -> None:
        """Rule 43: the declarer writes the remiz price per missing trick on his mountain.

        ``key``: ``checked-down`` for a ten the open check shows short (rule 26).
        """
        said = reason(key, contract=name, short=short)
        self.add(declarer, Column.MOUNTAIN, price.remiz * short, said)

    def consolation(self, declarer: str, price: ContractPrice, short: int) -> None:
        """Every other player writes the consolation per missing trick on the declarer."""
        if short <= 0:
            return
        for other in self.ledger.players:
            if other != declarer:
                self.add(
                    other,
                    Column.WHISTS,
                    price.consolation * short,
                    reason("consolation", short=short),
                    on=declarer,
                )

    def made(self, declarer: str, points: int, why: Reason) -> None:
        total = points * self.times
        off = self.deal.off_mountain
        if off:
            if not self.rules.write_off_mountain:
                raise self.fail("off_mountain", "this convention writes made games in the pool")
            if not 0 < off <= total:
                raise self.fail("off_mountain", f"{off} is not part of the {total} points made")
            if off > self.ledger.mountain[declarer]:
                raise self.fail("off_mountain", f"{declarer}'s mountain is smaller than {off}")
            self.ledger.add(self.number, declarer, Column.MOUNTAIN, -off, why.off_mountain())
        if total - off:
            self.ledger.earn(self.number, declarer, total - off, why)

    def no_whist(self, declarer: str, level: int, name: str) -> None:
        """Rule 25: both pass and the declarer writes his game without play.

        A ten is not whisted but checked with the cards open (rule 26): a ten the check shows
        short is a remiz with its consolations.
        """
        price = self.rules.price(level)
        tricks = self.deal.tricks
        if tricks is not None and self.tricks(tricks) < level:
            if level != TRICKS:
                raise self.fail("tricks", "when both pass the game is written as made (rule 25)")
            self.remiz(declarer, price, level - tricks, name, "checked-down")
            self.consolation(declarer, price, level - tricks)
            return
        if self.deal.defender_tricks:
            raise self.fail("defender_tricks", "nobody whisted")
        self.made(declarer, price.points, reason("both-passed", contract=name))
        self.talon(declarer, price)

    def half_whist(
        self, declarer: str, defenders: list[str], answers: dict[str, Whist], halves: list[str]
    ) -> None:
        """Rule 27: a lone whister writes whists for half the obligation without play."""
        assert self.deal.contract is not None
        level = self.deal.contract.level
        price = self.rules.price(level)
        if not self.rules.half_whist:
            raise self.fail("whist", "this convention has no half-whist")
        if level > self.rules.half_whist_top:
            raise self.fail("whist", f"no half-whist against a {level}")
        if len(halves) != 1 or any(
            answers[p] is not Whist.PASS for p in defenders if p != halves[0]
        ):
            raise self.fail("whist", "a half-whist is said only after the other defender passed")
        name = contract_text(self.deal.contract)
        self.made(declarer, price.points, reason("half-whist-made", contract=name))
        half = price.obligation // 2
        self.add(
            halves[0],
            Column.WHISTS,
            price.whist * half,
            reason("half-whist", tricks=half),
            on=declarer,
        )
        self.talon(declarer, price)

    def defence(self, defenders: list[str], whisters: list[str], tricks: int) -> dict[str, int]:
        """Each whister's tricks, the passer's counted to a lone whister (rule 44)."""
        theirs = TRICKS - tricks
        given = dict(self.deal.defender_tricks)
        for name, value in given.items():
            if name not in defenders:
                raise self.fail("defender_tricks", f"{name!r} is not a defender")
            self.tricks(value, "defender_tricks")
        if given and sum(given.values()) != theirs:
            raise self.fail(
                "defender_tricks",
                f"the defenders took {sum(given.values())}, but the declarer's {tricks} "
                f"leave {theirs}",
            )
        if len(whisters) == 1:
            whister = whisters[0]
            if self.rules.passer_tricks_to_whister or not given:
                return {whister: theirs}
            return {whister: given.get(whister, 0)}
        if len(given) != len(defenders):
            raise self.fail("defender_tricks", "both whisted: give each defender's tricks")
        return {p: given[p] for p in whisters}

    def whists(
        self,
        declarer: str,
        whisters: list[str],
        taken: dict[str, int],
        price: ContractPrice,
        *,
        defenders: list[str],
        short: int,
    ) -> None:
        """Each whister writes his tricks' whists on the declarer.

        Under the gentleman's whist a lone whister shares them equally with the defender who
        passed when the declarer goes down (their consolations being equal already).
        """
        if self.rules.gentleman_whist and short > 0 and len(whisters) == 1:
            total = taken[whisters[0]]
            for defender in defenders:
                self.add(
                    defender,
                    Column.WHISTS,
                    Fraction(price.whist * total, len(defenders)),
                    reason("gentleman-whist", tricks=total),
                    on=declarer,
                )
            return
        for whister in whisters:
            self.add(
                whister,
                Column.WHISTS,
                price.whist * taken[whister],
                reason("whist", tricks=taken[whister]),
                on=declarer,
            )

    def obligation(
        self, whisters: list[str], taken: dict[str, int], price: ContractPrice, defence: int
    ) -> None:
        """Rules 45–46: a whister short of his obligation writes on his mountain."""
        needed = price.obligation
        if defence >= needed:
            return
        fine = price.whister_remiz
        if len(whisters) == 1 or self.rules.obligation_share == "together":
            # Rule 46: a shortfall nobody can split falls on the second (or only) whister.
            answerable = whisters[-1]
            short = needed - defence
            self.add(answerable, Column.MOUNTAIN, fine * short, reason("whist-short", short=short))
            return
        up = needed - needed // 2
        shares = [up, up] if self.rules.obligation_share == "each_half_up" else [needed - up, up]
        for whister, share in zip(whisters, shares, strict=True):
            short = share - taken[whister]
            if self.rules.obligation_share == "pair":
                # The two answer for the pair's shortfall only (rule 46 «на двоих»).
                short = min(short, needed - defence)
            if short > 0:
                said = reason("whist-short", short=short)
                self.add(whister, Column.MOUNTAIN, fine * short, said)

    def talon(self, declarer: str, price: ContractPrice) -> None:
        """Rule 47: the dealer of four writes whists for a good talon."""
        talon = self.deal.talon
        if talon is None:
            return
        if not self.rules.good_talon:
            raise self.fail("talon", "this convention pays nothing for the talon")
        dealer = self.dealer_of_four(declarer)
        if dealer is None:
            raise self.fail("talon", "only the dealer of four is paid for a good talon")
        if talon is GoodTalon.TWO_ACES:
            tricks = self.rules.good_talon_two_aces_tricks
        else:
            tricks = self.rules.good_talon_tricks
        self.add(
            dealer,
            Column.WHISTS,
            price.whist * tricks,
            reason("good-talon", talon=talon.value),
            on=declarer,
        )

    def misere(self, declarer: str) -> None:
        deal = self.deal
        if any(self.whist_word(v) is Whist.HALF for v in deal.whist.values()):
            raise self.fail("whist", "there is no half-whist against a misère")
        if deal.talon is not None:
            raise self.fail("talon", "a misère is not paid for the talon")
        tricks = self.tricks(deal.tricks)
        if tricks == 0:
            self.made(declarer, self.rules.misere_points, reason("misere-made"))
        else:
            self.add(
                declarer,
                Column.MOUNTAIN,
                self.rules.misere_remiz_points * tricks,
                reason("misere-down", tricks=tricks),
            )
            self.misere_consolation(declarer, tricks)

    def misere_consolation(self, declarer: str, tricks: int) -> None:
        """Rule 14: the dealer of four is paid for a misère's remiz, at a ten's consolation."""
        dealer = self.dealer_of_four(declarer)
        if dealer is None or not self.rules.misere_consolation:
            return
        self.add(
            dealer,
            Column.WHISTS,
            self.rules.price(TRICKS).consolation * tricks,
            reason("misere-consolation", tricks=tricks),
            on=declarer,
        )
