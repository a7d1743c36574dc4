"""A played deal written on the pulka: from :class:`DealOutcome` to the sheet's :class:`DealScore`.

The deal engine says what happened at the table; the sheet says what that is worth under a
convention. This module is the one place that translates between them:

- a lone whister's claim that the declarer accepted (rule 27) is the sheet's half-whist;
- a ten checked with the cards open (rule 26) has no whist: both defenders pass, and a ten
  that the check shows short is written as a remiz with its consolations;
- the revokes of a game on tricks are passed on, counted by player, for the sheet to apply
  rules 34–37 (in a misère or an all-pass the seed sets no penalty and a revoke is only
  recorded in the deal's outcome);
- the four-handed dealer's good talon (rule 47) and all-pass tricks are passed on as they are;
  a misère has no price per trick, so its talon pays the dealer nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from cardtable.cards import Rank
from cardtable.preferans.deal_score import DealScore, GoodTalon, Play, Whist
from cardtable.preferans.outcome import DealOutcome, WhistChoice
from cardtable.preferans.rules import PreferansRules
from cardtable.preferans.scoring import ScoringRules, convention

_WORDS: dict[WhistChoice, Whist] = {
    "whist": Whist.WHIST,
    "pass": Whist.PASS,
    "half-whist": Whist.HALF,
    "checked": Whist.PASS,
}


def match_scoring(rules: PreferansRules) -> ScoringRules:
    """The sheet's rules for a match: its convention, its pool, and whether a ten is whisted.

    A table that checks a ten (rule 26) never whists one, and one that whists a ten writes
    it, whatever the convention's own default.
    """
    return _match_scoring(rules.convention, rules.pool, not rules.ten_is_checked)


@cache
def _match_scoring(name: str, pool: int, ten_whisted: bool) -> ScoringRules:
    overrides: dict[str, object] = {"ten_whisted": ten_whisted}
    if pool:
        overrides["pool"] = pool
    return convention(name, overrides)


def deal_score(outcome: DealOutcome, names: Sequence[str], rules: ScoringRules) -> DealScore:
    """The sheet's view of a finished deal, with seats named as on the sheet."""
    dealer = names[outcome.dealer] if outcome.players == 4 else None
    talon = _good_talon(outcome) if rules.good_talon else None
    if outcome.kind == "all-pass":
        allpass = {
            names[seat]: tricks
            for seat, tricks in enumerate(outcome.tricks)
            if outcome.players == 3 or seat != outcome.dealer
        }
        return DealScore(allpass=allpass, dealer=dealer)
    assert outcome.declarer is not None
    declarer = names[outcome.declarer]
    if outcome.kind == "misère":
        return DealScore(
            declarer=declarer,
            contract=outcome.contract,
            tricks=outcome.declarer_tricks,
            dealer=dealer,
        )
    whist = {names[seat]: _whist_word(outcome, seat, choice) for seat, choice in outcome.whist}
    whisters = [seat for seat, word in outcome.whist if word == "whist"]
    taken = {seat: outcome.tricks[seat] for seat in outcome.defenders}
    if not outcome.played:
        return DealScore(
            declarer=declarer,
            contract=outcome.contract,
            whist=whist,
            dealer=dealer,
            talon=talon,
        )
    defender_tricks = (
        {names[seat]: tricks for seat, tricks in taken.items()} if len(whisters) == 2 else {}
    )
    return DealScore(
        declarer=declarer,
        contract=outcome.contract,
        tricks=10 - sum(taken.values()),
        whist=whist,
        play=_play(outcome, len(whisters)),
        defender_tricks=defender_tricks,
        dealer=dealer,
        talon=talon,
        renonce=dict(Counter(names[renonce.seat] for renonce in outcome.renonces)),
    )


def _whist_word(outcome: DealOutcome, seat: int, choice: WhistChoice) -> Whist:
    if outcome.claimed and choice == "whist":
        return Whist.HALF
    return _WORDS[choice]


def _play(outcome: DealOutcome, whisters: int) -> Play | None:
    if whisters != 1:
        return None
    return Play.OPEN if outcome.defence == "open" else Play.CLOSED


def _good_talon(outcome: DealOutcome) -> GoodTalon | None:
    if outcome.players != 4 or not outcome.good_talon_tricks:
        return None
    if outcome.good_talon_tricks == 3:
        return GoodTalon.TWO_ACES
    aces = any(card.rank is Rank.ACE for card in outcome.talon)
    return GoodTalon.ACE if aces else GoodTalon.MARRIAGE
