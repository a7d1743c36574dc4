"""Preferans registered as a game: the match that sequences deals, and seating by drawn cards.

A match's seats are given in their clockwise order at the table, seat 0 dealing first. Rule 7
decides that order by drawn cards; :func:`seating_by_draw` turns the drawn cards into it, so a
table that draws passes its result as the seat order. The dealer then passes clockwise (rule
6). The match keeps the pulka: each finished deal is written on its
:class:`~cardtable.preferans.sheet.Sheet` under the rules' convention, the match ends when the
pools are closed (or after the agreed number of deals, closing the sheet then), and the ledger
is the settlement in whists. A deal voided by a misdeal (rule 12, under the ``irregularities``
option) is dealt again by the same seat and writes nothing; it still takes its number on the
sheet, so that every entry names the deal of the record that made it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from fractions import Fraction
from typing import Any

from cardtable.cards import Card, Rank
from cardtable.engine import Deal, DealSetup, Event, Export, Game, Match
from cardtable.engine.help import HintPart, RulesHelp
from cardtable.engine.record import Record
from cardtable.engine.registry import register
from cardtable.errors import IllegalAction
from cardtable.preferans import help
from cardtable.preferans.actions import Action, action_text, parse_action, parse_typed
from cardtable.preferans.contracts import contract_text
from cardtable.preferans.deal import PreferansDeal, PreferansPublicView, PreferansView
from cardtable.preferans.ledger import Column, Entry
from cardtable.preferans.outcome import DealOutcome
from cardtable.preferans.phrases import told
from cardtable.preferans.pulka import deal_score, match_scoring
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.sheet import Sheet
from cardtable.preferans.tricks import DECK, card_order


def seating_by_draw(drawn: Sequence[Card], *, ace_low: bool = False) -> list[int]:
    """Rule 7: the players (by index in ``drawn``) in clockwise seating order.

    The lowest card chooses his seat and deals first; the next card sits on his left, and so
    on. Equal ranks are ordered by suit, ♠ lowest (the Code, 3.1.1); the very same card twice
    (two decks) must be drawn again. The ace ranks high as in rule 2, or with ``ace_low`` lowest,
    as the Code's 3.1.1 says is the tradition of the draw ("Туз при тираже, по традиции,
    считается самой младшей картой").

    >>> from cardtable.cards import parse_cards
    >>> seating_by_draw(parse_cards("A♠ 7♥ 7♠", allow_duplicates=True))
    [2, 1, 0]
    >>> seating_by_draw(parse_cards("A♠ 7♥ 7♠", allow_duplicates=True), ace_low=True)
    [0, 2, 1]
    """
    if len(set(drawn)) != len(drawn):
        raise IllegalAction("two players drew the same card: they draw again")

    def key(card: Card) -> tuple[int, int]:
        suit, rank = card_order(card)
        return (0 if ace_low and card.rank is Rank.ACE else rank), suit

    return sorted(range(len(drawn)), key=lambda index: key(drawn[index]))


def draw_seats(
    names: Sequence[str], rng: random.Random, *, ace_low: bool = False
) -> tuple[list[str], tuple[Card, ...]]:
    """Rule 7 played out: each player draws a card from the spread deck; the seating follows.

    Returns the names in clockwise seating order (the first deals first, as a match's seat 0)
    and the card each player drew, in the order of ``names``. One 32-card deck is drawn from,
    so no card is drawn twice. ``ace_low`` as in :func:`seating_by_draw`.

    >>> from cardtable.engine import seeded_rng
    >>> order, drawn = draw_seats(["Ann", "Bob", "Cy"], seeded_rng(1))
    >>> sorted(order) == ["Ann", "Bob", "Cy"] and len(set(drawn)) == 3
    True
    """
    drawn = tuple(rng.sample(DECK, len(names)))
    return [names[index] for index in seating_by_draw(drawn, ace_low=ace_low)], drawn


class PreferansMatch(Match[Action, PreferansView, PreferansRules]):
    """A pulka: deals with the dealer passing clockwise from seat 0, written on the sheet."""

    def __init__(
        self,
        game: Game[Action, PreferansView, PreferansRules],
        rules: PreferansRules,
        seats: Sequence[str],
        preset: str | None,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        self.sheet = Sheet(seats, match_scoring(rules))

    @property
    def is_over(self) -> bool:
        """When the sheet is closed: the pools are full or the agreed deals are played."""
        return self.sheet.ended

    def next_dealer(self) -> int:
        """Seat 0 deals first, then each seat to the left in turn (rules 6–7).

        A void deal (rule 12) is dealt again by the seat whose turn it was.
        """
        return self.played_deals() % len(self.seats)

    def played_deals(self) -> int:
        """Deals dealt so far, less those voided by a misdeal (rule 12)."""
        return sum(1 for deal in self.deals if not _void(deal))

    def deck(self) -> tuple[Card, ...]:
        """The 32-card deck (rule 1)."""
        return DECK

    def allpass_series(self) -> int:
        """All-passes in a row at the end of the deals played so far."""
        count = 0
        for deal in reversed(self.deals):
            if _void(deal):
                continue
            if deal.is_over and _outcome(deal).kind == "all-pass":
                count += 1
            else:
                break
        return count

    def _new_deal(self, setup: DealSetup) -> PreferansDeal:
        return PreferansDeal(len(self.seats), setup, self.rules, self.allpass_series())

    def _book(self, deal: Deal[Action, PreferansView]) -> list[Event]:
        outcome = _outcome(deal)
        if outcome.kind == "redeal":
            self.sheet.skip()
            return [told("redeal", outcome.dealer, "redeal", seat=outcome.dealer)]
        entries = list(self.sheet.write(deal_score(outcome, self.seats, self.sheet.rules)))
        limit = self.rules.deals
        if self.sheet.closed or (limit > 0 and self.played_deals() >= limit):
            entries += self.sheet.close()
        events = [told("score", None, key, **said) for key, said in map(Entry.said, entries)]
        if self.sheet.ended:
            events.append(told("pulka over", None, "pulka-closed"))
        return events

    def ledger(self) -> dict[str, Fraction]:
        """Each player's result in whists: the settlement of the sheet as it stands."""
        return dict(self.sheet.settlement().balance)

    def sheet_figures(self, deal: int) -> dict[str, Any]:
        """The pulka's figures: each seat's mountain, pool and whists on each other seat.

        Each column as the running totals players write (rules 38, 42–48), seats by number.
        """
        sheet = self.sheet
        players = list(sheet.players)

        def running(player: str, column: Column, on: str | None = None) -> list[str]:
            return [str(value) for value in sheet.running(player, column, on)]

        return {
            "kind": "pulka",
            "pool": str(sheet.rules.pool),
            "convention": str(self.rules.convention),
            "deals": sheet.deals,
            "ended": sheet.ended,
            "mountain": [running(player, Column.MOUNTAIN) for player in players],
            "pools": [running(player, Column.POOL) for player in players],
            "whists": [
                [[players.index(on), running(player, Column.WHISTS, on)] for on in others]
                for player, others in ((player, sheet.left_of(player)) for player in players)
            ],
        }

    def sheet_svg(self, lang: str = "ru") -> str:
        """The pulka as it stands, drawn as on paper (:mod:`cardtable.preferans.picture`).

        The pulka has figures and no words, so it is the same in every ``lang``.
        """
        from cardtable.preferans.svg import pulka_svg  # noqa: PLC0415 - drawn on demand

        return pulka_svg(self.sheet)


def _outcome(deal: Deal[Action, PreferansView]) -> DealOutcome:
    """A finished deal's outcome, as the preferans deal states it."""
    outcome = deal.outcome()
    assert isinstance(outcome, DealOutcome)
    return outcome


def _void(deal: Deal[Action, PreferansView]) -> bool:
    """Whether ``deal`` ended void on a misdeal (rule 12)."""
    return isinstance(deal, PreferansDeal) and deal.misdeal is not None


class PreferansGame(Game[Action, PreferansView, PreferansRules]):
    """Preferans for three, or four with the dealer sitting out."""

    name = "preferans"
    title = "Preferans"
    aliases = ("преферанс", "pref")
    players = (3, 4)
    rules_type = PreferansRules
    public_view_type = PreferansPublicView
    presets_package = "cardtable.preferans"
    default_preset = "classic-1992"
    exports = (Export("pulka", "image/svg+xml", ".svg", public=True),)

    def new_match(
        self, rules: PreferansRules, seats: Sequence[str], preset: str | None = None
    ) -> PreferansMatch:
        """A new match; ``seats`` in clockwise order, the first dealing first."""
        self.check_seats(seats)
        return PreferansMatch(self, rules, seats, preset)

    def parse_action(self, text: str) -> Action:
        """Any spelling of a preferans action (see :mod:`cardtable.preferans.actions`)."""
        return parse_action(text)

    def parse_typed(self, text: str, view: PreferansView) -> Action:
        """A typed move read by the deal's phase: in the play a bare ``9♠`` is the card."""
        return parse_typed(text, playing=view.phase == "play")

    def action_text(self, action: Action) -> str:
        """The canonical text of ``action``."""
        return action_text(action)

    def export(
        self, match: Match[Action, PreferansView, PreferansRules], name: str, deal: int | None
    ) -> str:
        """The pulka as ``match`` leaves it, drawn as SVG; the sheet is public, as on paper."""
        if name != "pulka" or not isinstance(match, PreferansMatch):
            return super().export(match, name, deal)
        from cardtable.preferans.svg import pulka_svg  # noqa: PLC0415 - drawn on demand

        return pulka_svg(match.sheet)

    def deal_analysis(
        self, record: Record, number: int, shown: Collection[str] | None = None
    ) -> list[dict[str, Any]]:
        """Every card played in deal ``number``, valued double dummy (:mod:`.analysis`).

        Each card's ``trick``, ``seat`` and ``card``, the declarer's tricks under best play
        after it (``declarer_tricks``) and after the best card (``best_tricks``), the ``best``
        cards (those in ``shown`` only, when it is given), the tricks it ``cost`` and whether
        it was judged ``paranoid`` (an all-pass: its player against the other two).
        """
        # The solver is loaded with the first analysis, not with the game.
        from cardtable.preferans.analysis import judge_record  # noqa: PLC0415

        return [
            {
                "trick": judged.trick,
                "seat": judged.seat,
                "card": judged.card.text(),
                "declarer_tricks": judged.declarer_tricks,
                "best_tricks": judged.best_tricks,
                "best": [
                    card.text() for card in judged.best if shown is None or card.text() in shown
                ],
                "cost": judged.cost,
                "paranoid": judged.paranoid,
            }
            for judged in judge_record(record, number)
        ]

    def deal_statistics(
        self, match: Match[Action, PreferansView, PreferansRules], number: int
    ) -> list[dict[str, Any]]:
        """Each seat's part in deal ``number``: played, declared, the contract, made, whists.

        ``whists`` are what the seat wrote in its whist columns for the deal; ``contract`` and
        ``made`` are the declarer's; a redeal (rule 12) is played by nobody, and the
        four-handed dealer sits out (rule 14).
        """
        assert isinstance(match, PreferansMatch)
        outcome = match.deals[number - 1].outcome()
        assert isinstance(outcome, DealOutcome)
        written = match.sheet.entries_of(number)
        facts: list[dict[str, Any]] = []
        for seat, name in enumerate(match.seats):
            declared = outcome.declarer == seat
            facts.append(
                {
                    "played": outcome.kind != "redeal"
                    and not (outcome.players == 4 and seat == outcome.dealer),
                    "all_pass": outcome.kind == "all-pass",
                    "declared": declared,
                    "contract": contract_text(outcome.contract)
                    if declared and outcome.contract is not None
                    else None,
                    "made": declared and bool(outcome.made),
                    "whists": sum(
                        (
                            e.amount
                            for e in written
                            if e.player == name and e.column is Column.WHISTS
                        ),
                        Fraction(0),
                    ),
                }
            )
        return facts

    def rules_help(self, rules: PreferansRules, language: str = "en") -> RulesHelp:
        """The rules in force, phase by phase (:mod:`cardtable.preferans.help`)."""
        return help.rules_help(rules, language)

    def move_hint(
        self,
        rules: PreferansRules,
        view: PreferansView,
        legal: Sequence[Action],
        language: str = "en",
    ) -> str:
        """How to make the move now: the auction's bids as a span, other moves by verb."""
        texts = [self.action_text(action) for action in legal]
        return help.move_hint(rules, str(view.phase), texts, language)

    def move_hint_parts(
        self, rules: PreferansRules, view: PreferansView, legal: Sequence[Action]
    ) -> tuple[HintPart, ...]:
        """The kinds of move now: the auction's bids (or the contracts) as a span."""
        texts = [self.action_text(action) for action in legal]
        return help.move_hint_parts(rules, str(view.phase), texts)

    def deal_tags(self, outcome: object) -> list[str]:
        """Tags for a simulation's tally: the contract, all-pass, misère, the defence."""
        assert isinstance(outcome, DealOutcome)
        if outcome.kind == "redeal":
            return ["redeal", f"misdeal {outcome.misdeal}"]
        if outcome.kind == "all-pass":
            return ["all-pass"]
        assert outcome.contract is not None
        tags = [f"contract {contract_text(outcome.contract)}"]
        if outcome.kind == "misère":
            tags.append("misère")
        if outcome.without_talon:
            tags.append("without talon")
        words = [choice for _, choice in outcome.whist]
        if outcome.kind == "game":
            if "checked" in words:
                tags.append("ten checked")
            elif "half-whist" in words and "whist" not in words:
                tags.append("half-whist")
            else:
                tags.append(
                    {0: "no whist", 1: "one whister", 2: "two whisters"}[words.count("whist")]
                )
            if outcome.claimed:
                tags.append("claimed")
            if outcome.defence == "open":
                tags.append("open whist")
        tags.append("made" if outcome.made else "remiz")
        if outcome.renonces:
            tags.append("renonce")
        return tags


PREFERANS = PreferansGame()
"""The registered game."""
register(PREFERANS)
