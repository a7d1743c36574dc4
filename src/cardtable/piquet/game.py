"""Piquet as the registry knows it, and its match: parties for two, the game for three.

For two, the seed's partie is three koroliks scored on a :class:`~.scoring.KorolikSheet`; the
``rubicon`` scoring plays partie of six deals in the English way. For three, every deal's count
adds to its player's total; the first to reach the target leaves and the other two play on
with the game for two; the last pays each of the others the difference of their totals.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from cardtable.cards import Card, DeckSpec
from cardtable.engine import Deal, DealSetup, Event, Game, Match, register
from cardtable.engine.help import RulesHelp
from cardtable.piquet import actions, help
from cardtable.piquet.deal import PiquetDeal, PiquetOutcome, PiquetPublicView, PiquetView
from cardtable.piquet.phrases import VIEW_SHEET, sheet_line
from cardtable.piquet.rules import PiquetRules
from cardtable.piquet.scoring import KOROLIK_DEALS, RUBICON_DEALS, KorolikSheet, rubicon
from cardtable.piquet.sheet_picture import korolik_svg

DECK = DeckSpec.named("32").cards()


class PiquetMatch(Match[actions.PiquetAction, PiquetView, PiquetRules]):
    """A match of piquet: ``rules.parties`` parties for two, or the game for three."""

    def __init__(
        self,
        game: Game[actions.PiquetAction, PiquetView, PiquetRules],
        rules: PiquetRules,
        seats: Sequence[str],
        preset: str | None,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        self.three = len(seats) == 3
        self.active = list(range(len(seats)))
        self.balance = [Fraction(0)] * len(seats)
        self.totals = [0] * len(seats)
        self.finishers: list[int] = []
        self.parties_done = 0
        self.partie_deals = 0
        self.sheet = KorolikSheet(rules)
        self.closed_sheets: list[KorolikSheet] = []
        """The sheets of the parties played to their end, for the picture."""
        self.last_dealer: int | None = None
        self.cut: int | None = None

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        if self.current is not None:
            return False
        if self.three:
            return len(self.active) <= 1
        return self.parties_done >= self.rules.parties

    def next_dealer(self) -> int:
        """The cut's dealer at the start of a korolik (rule 4), else the next player in turn."""
        if self._cut_due() and self.cut is not None:
            return self.cut
        if self.last_dealer is None:
            return self.active[0]
        later = [seat for seat in self.active if seat > self.last_dealer]
        return later[0] if later else self.active[0]

    def _cut_due(self) -> bool:
        """Whether the next deal's dealer is cut for: a korolik's, a partie's or the first deal."""
        if self.three:
            return not self.deals
        if self.rules.scoring == "rubicon":
            return self.partie_deals == 0
        return self.sheet.deals_in_korolik == 0

    def start_deal(
        self, rng: random.Random, salt: bytes = b""
    ) -> Deal[actions.PiquetAction, PiquetView]:
        """Cut for the dealer when a korolik begins (rule 4), then shuffle and deal."""
        if self._cut_due() and self.current is None:
            self.cut = cut_for_dealer(self.active, rng)
        return super().start_deal(rng, salt)

    def _start(self, setup: DealSetup) -> Deal[actions.PiquetAction, PiquetView]:
        """Deal ``setup`` (a record's too), its dealer what the cut decided when one was due."""
        if self._cut_due() and self.current is None and setup.dealer in self.active:
            self.cut = setup.dealer
        return super()._start(setup)

    def deck(self) -> tuple[Card, ...]:
        """The 32 cards, ace to seven (rule 1)."""
        return DECK

    def _new_deal(self, setup: DealSetup) -> PiquetDeal:
        self.last_dealer = setup.dealer
        return PiquetDeal(
            len(self.seats), setup, self.rules, tuple(self.active), self.sheet_lines()
        )

    def sheet_figures(self, deal: int) -> dict[str, Any]:
        """The counts of deal ``deal`` (for two), and the partie's sheet or the sheet lines.

        For two under korolik scoring each player's games and koroliks (rules 46–50), else
        :meth:`sheet_lines`; the counts are the deal's public view's, seats by number.
        """
        counts = None
        if deal and not self.three:
            public = self.deals[deal - 1].public_view()
            counts = [[seat, count] for seat, count in getattr(public, "counts", {}).items()]
        if self.three or self.rules.scoring == "rubicon":
            return {"kind": "lines", "counts": counts, "lines": list(self.sheet_lines())}
        sheet = self.sheet
        return {
            "kind": "korolik",
            "counts": counts,
            "partie": self.parties_done + 1,
            "korolik": sheet.closed + 1,
            "korolik_deal": sheet.deals_in_korolik + 1,
            "deals": KOROLIK_DEALS,
            "doubled": sheet.doubled,
            "games": [list(sheet.games[seat]) for seat in (0, 1)],
            "koroliks": [list(sheet.koroliks[seat]) for seat in (0, 1)],
        }

    def sheet_lines(self) -> tuple[str, ...]:
        """The score sheet so far, a line for each column, as the players would read it.

        Each line is a phrase of :data:`~cardtable.piquet.phrases.VIEW_SHEET` filled in.
        """
        if self.three:
            return self._three_lines()
        if self.rules.scoring == "rubicon":
            totals = ", ".join(f"{self.seats[p]} {self.totals[p]}" for p in (0, 1))
            deal = self.partie_deals + 1
            return (
                VIEW_SHEET["view-rubicon"].format(deal=deal, deals=RUBICON_DEALS, totals=totals),
            )
        return self._korolik_lines()

    def _three_lines(self) -> tuple[str, ...]:
        totals = ", ".join(f"{name} {self.totals[s]}" for s, name in enumerate(self.seats))
        head = VIEW_SHEET["view-three"].format(target=self.rules.three_target, totals=totals)
        left = ", ".join(self.seats[s] for s in self.finishers)
        return (head,) + ((VIEW_SHEET["view-out"].format(names=left),) if left else ())

    def _korolik_lines(self) -> tuple[str, ...]:
        sheet = self.sheet
        if not any(sheet.games) and not any(sheet.koroliks) and not sheet.doubled:
            return ()
        lines = [
            VIEW_SHEET["view-columns"].format(
                name=self.seats[p],
                games=_figures(sheet.games[p]),
                koroliks=_figures(sheet.koroliks[p]),
            )
            for p in (0, 1)
        ]
        if sheet.doubled:
            lines.append(VIEW_SHEET["view-doubled"])
        return tuple(lines)

    def _book(self, deal: Deal[actions.PiquetAction, PiquetView]) -> list[Event]:
        outcome = deal.outcome()
        assert isinstance(outcome, PiquetOutcome)
        return self.book_outcome(outcome)

    def book_outcome(self, outcome: PiquetOutcome) -> list[Event]:
        """Write a finished deal's counts on the sheet; return the events of the writing."""
        self.cut = None
        if self.three:
            return self._book_three(outcome)
        counts = (outcome.counts[0], outcome.counts[1])
        if self.rules.scoring == "rubicon":
            return self._book_rubicon(counts)
        lines = self.sheet.book(counts)
        if self.sheet.finished:
            assert self.sheet.net is not None
            self._pay(0, 1, self.sheet.net[0])
            self.parties_done += 1
            self.closed_sheets.append(self.sheet)
            self.sheet = KorolikSheet(self.rules, doubled=self.sheet.doubled)
        return [sheet_line(line) for line in lines]

    def _book_rubicon(self, counts: tuple[int, int]) -> list[Event]:
        self.totals[0] += counts[0]
        self.totals[1] += counts[1]
        self.partie_deals += 1
        lines = [f"the totals: {self.totals[0]} to {self.totals[1]}"]
        if self.partie_deals == RUBICON_DEALS:
            first, second = self.totals
            if first != second:
                winner = 0 if first > second else 1
                amount = rubicon(max(first, second), min(first, second), self.rules.rubicon)
                self._pay(winner, 1 - winner, amount)
                lines.append(f"the partie: player {winner} wins {amount}")
            self.totals = [0, 0]
            self.partie_deals = 0
            self.parties_done += 1
        return [sheet_line(line) for line in lines]

    def _book_three(self, outcome: PiquetOutcome) -> list[Event]:
        lines = []
        for seat, count in outcome.counts.items():
            self.totals[seat] += count
        lines.append(
            "the totals: " + ", ".join(f"{self.totals[s]}" for s in range(len(self.seats)))
        )
        for seat in sorted(outcome.counts, key=lambda s: -self.totals[s]):
            if self.totals[seat] >= self.rules.three_target and len(self.active) > 1:
                self.active.remove(seat)
                self.finishers.append(seat)
                lines.append(f"player {seat} reaches {self.rules.three_target} and leaves")
        if len(self.active) == 1:
            last = self.active[0]
            for seat in self.finishers:
                self._pay(seat, last, self.totals[seat] - self.totals[last])
            lines.append(f"player {last} is last and pays both")
        return [sheet_line(line) for line in lines]

    def sheet_svg(self, lang: str = "ru") -> str | None:
        """The korolik sheet of the parties so far, drawn as on paper (:mod:`.sheet_picture`).

        ``None`` for the rubicon and the game for three, whose totals are the sheet's lines;
        its words in ``lang`` (``ru`` or ``en``).
        """
        if self.three or self.rules.scoring == "rubicon":
            return None
        sheets = [*self.closed_sheets]
        if self.sheet.marks or not sheets:
            sheets.append(self.sheet)
        return korolik_svg(self.seats, sheets, lang)

    def _pay(self, winner: int, loser: int, points: int) -> None:
        amount = Fraction(points * self.rules.stake)
        self.balance[winner] += amount
        self.balance[loser] -= amount

    def ledger(self) -> dict[str, Fraction]:
        """What each seat has won (in kopecks at the rules' stake); the values sum to zero."""
        return dict(zip(self.seats, self.balance, strict=True))


def cut_for_dealer(players: Sequence[int], rng: random.Random) -> int:
    """Each player cuts a card; the lowest deals, equal lowest cut again (rule 4; Parlett).

    >>> cut_for_dealer([0, 1], random.Random(1)) in (0, 1)
    True
    """
    while True:
        ranks = [card.rank for card in rng.sample(DECK, len(players))]
        lowest = min(ranks)
        if ranks.count(lowest) == 1:
            return players[ranks.index(lowest)]


class PiquetGame(Game[actions.PiquetAction, PiquetView, PiquetRules]):
    """Piquet for two and for three, registered as ``piquet`` (``пикет``)."""

    name = "piquet"
    title = "Piquet"
    aliases = ("пикет",)
    players = (2, 3)
    rules_type = PiquetRules
    public_view_type = PiquetPublicView
    presets_package = "cardtable.piquet"
    default_preset = "seed"

    def new_match(
        self, rules: PiquetRules, seats: Sequence[str], preset: str | None = None
    ) -> PiquetMatch:
        """A new match of piquet."""
        self.check_seats(seats)
        return PiquetMatch(self, rules, seats, preset)

    def parse_action(self, text: str) -> actions.PiquetAction:
        """Read an action in English or Russian (see :mod:`cardtable.piquet.actions`)."""
        return actions.parse_action(text)

    def action_text(self, action: actions.PiquetAction) -> str:
        """The canonical text of ``action``."""
        return actions.action_text(action)

    def rules_help(self, rules: PiquetRules, language: str = "en") -> RulesHelp:
        """The rules in force, phase by phase (:mod:`cardtable.piquet.help`)."""
        return help.rules_help(rules, language)

    def deal_tags(self, outcome: object) -> list[str]:
        """The deal's pique, repique, capot, lesa, molchanka, refet and so on."""
        assert isinstance(outcome, PiquetOutcome)
        tags = list(outcome.tags)
        values = list(outcome.counts.values())
        if len(values) == 2 and values[0] == values[1]:
            tags.append("refet")
        return tags or ["plain"]

    def deal_result(
        self,
        match: Match[actions.PiquetAction, PiquetView, PiquetRules],
        before: Mapping[str, Fraction],
    ) -> dict[str, Fraction]:
        """A deal's points against the mean of the other players' (docs/scale.md).

        Piquet's stakes change hands only when a partie ends (rules 46–50; docs/rules/piquet.md),
        so a single deal is scored by what it counts; a seat out of the deal scores nothing.
        """
        outcome = match.deals[-1].outcome()
        assert isinstance(outcome, PiquetOutcome)
        total, others = sum(outcome.counts.values()), len(outcome.counts) - 1
        return {
            name: Fraction(0)
            if seat not in outcome.counts
            else outcome.counts[seat] - Fraction(total - outcome.counts[seat], others)
            for seat, name in enumerate(match.seats)
        }


PIQUET = register(PiquetGame())


def _figures(written: list[int]) -> str:
    """A column of the sheet read out: its figures in the order written, or "none"."""
    return " ".join(str(figure) for figure in written) or "none"
