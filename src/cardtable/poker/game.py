"""The ``poker`` game as the registry knows it: every variant of the catalogue as a preset."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine.game import Export, Game
from cardtable.engine.help import HintPart, RulesHelp
from cardtable.engine.match import Match
from cardtable.engine.registry import register
from cardtable.errors import IllegalAction
from cardtable.poker import help
from cardtable.poker.actions import TableAction, action_text, parse_action
from cardtable.poker.deal import PokerDeal
from cardtable.poker.judge import CardJudge
from cardtable.poker.match import PokerMatch
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import MOST_PLAYERS
from cardtable.poker.view import PokerPublicView, PokerView

if TYPE_CHECKING:
    from cardtable.poker.lean_policy import Policy


class PokerGame(Game[TableAction, PokerView, PokerRules]):
    """Poker by the Russian rulebook: every variant of its catalogue, as data."""

    name = "poker"
    title = "Poker"
    aliases: tuple[str, ...] = ("покер",)
    players = tuple(range(2, MOST_PLAYERS + 1))
    rules_type = PokerRules
    public_view_type = PokerPublicView
    presets_package = "cardtable.poker"
    default_preset = "draw"
    presets_listed_by = "cardtable poker variants"
    exports = (Export("phh", "application/x-toml", ".phh", public=False),)

    def __init__(self, judge: CardJudge | None = None) -> None:
        self.judge = judge

    def new_match(
        self, rules: PokerRules, seats: Sequence[str], preset: str | None = None
    ) -> PokerMatch:
        """A session of poker for ``seats``."""
        self.check_seats(seats)
        return PokerMatch(self, rules, seats, preset, self.judge)

    def parse_action(self, text: str) -> TableAction:
        """Any spelling of a table action."""
        return parse_action(text)

    def action_text(self, action: TableAction) -> str:
        """The canonical text of a table action."""
        return action_text(action)

    def export(
        self, match: Match[TableAction, PokerView, PokerRules], name: str, deal: int | None
    ) -> str:
        """The finished deals as PHH hands (one ``.phh`` hand, or ``[1]``, ``[2]``… hands).

        PHH writes every hole card, a folded hand's too: it is no form for a deal in play.
        """
        if name != "phh":
            return super().export(match, name, deal)
        return phh_of_match(match, deal)

    def deal_statistics(
        self, match: Match[TableAction, PokerView, PokerRules], number: int
    ) -> list[dict[str, Any]]:
        """Whether each seat was dealt in (``played``): a hand's net is the ledger's."""
        played = _dealt_in(match.deals[number - 1])
        return [{"played": seat in played} for seat in range(len(match.seats))]

    def rules_help(self, rules: PokerRules, language: str = "en") -> RulesHelp:
        """The variant and the table's rules in force (:mod:`cardtable.poker.help`)."""
        return help.rules_help(rules, language)

    def move_hint_parts(
        self, rules: PokerRules, view: PokerView, legal: Sequence[TableAction]
    ) -> tuple[HintPart, ...]:
        """The kinds of move now: amounts as a span, or each where the limit lists them."""
        return help.move_hint_parts(rules, [self.action_text(action) for action in legal])

    def fast_simulate(
        self, rules: PokerRules, *, players: int, deals: int, seed: int, bot: str
    ) -> dict[str, object] | None:
        """Check-down or random deals by the lean loop (:mod:`cardtable.poker.lean`)."""
        from cardtable.poker.lean import simulate_lean  # noqa: PLC0415 - numpy
        from cardtable.poker.lean_table import LeanTable  # noqa: PLC0415 - numpy

        if bot not in ("check-down", "random"):
            raise IllegalAction(f"the fast path plays check-down or random, not {bot!r}")
        self.check_players(players)
        table = LeanTable.of(rules)
        policy: Policy = "check-down" if bot == "check-down" else "random"
        report = simulate_lean(table, players=players, deals=deals, seed=seed, policy=policy)
        return {
            "game": self.name,
            "variant": rules.variant.name,
            "players": players,
            "policy": bot,
            "deals": report.deals,
            "seconds": round(report.seconds, 6),
            "deals_per_second": round(report.deals_per_second, 3),
            "net": list(report.net),
            "carried": report.carried,
        }

    def deal_tags(self, outcome: object) -> list[str]:
        """Tag a deal as void, won unopposed, or by its best hand."""
        assert isinstance(outcome, PokerOutcome)
        if outcome.void:
            return ["void"]
        return [outcome.best_category or "no showdown"]


POKER = register(PokerGame())
"""The registered poker game."""


def _dealt_in(deal: Any) -> set[int]:
    return {event.seat for event in deal.events if event.kind == "deal" and event.seat is not None}


def phh_of_match(match: Match[TableAction, PokerView, PokerRules], deal: int | None = None) -> str:
    """Deal ``deal`` (from 1) of ``match`` as a PHH hand, or every finished deal as a PHHS file.

    A deal PHH cannot express (a variant without a PHH code) is refused in one line naming it.
    """
    from cardtable.poker.phh import export_phh  # noqa: PLC0415 - the reader is large

    finished = [d for d in match.deals if isinstance(d, PokerDeal) and d.is_over]
    if deal is not None and not 1 <= deal <= len(finished):
        raise IllegalAction(f"the match has {len(finished)} finished deals, not {deal}")
    numbers = [deal] if deal is not None else list(range(1, len(finished) + 1))
    texts = []
    for number in numbers:
        try:
            texts.append(export_phh(finished[number - 1], names=match.seats))
        except IllegalAction as error:
            raise IllegalAction(f"deal {number}: {error}") from None
    if len(texts) == 1:
        return texts[0]
    return "".join(f"[{number}]\n{text}\n" for number, text in zip(numbers, texts, strict=True))
