"""Poker's help and move hints, written from the table's rules and the variant in force.

A poker table's rules are its variant (what is dealt, the draws, the wild cards, who wins,
high-low declarations), its limits and its forced bets; every sentence here reads them from
:class:`~cardtable.poker.table_rules.PokerRules` and cites the rulebook
(002_053e85955f9a4108.txt) by its headings, as «Покер». The sentences are written by
topic: :mod:`.steps` (the deal's steps, the draw, exposing, declaring), :mod:`.betting`
and :mod:`.forced` (limits, raise caps, forced bets), :mod:`.showdown` and :mod:`.wild`
(who wins, wild cards), :mod:`.session` (stake, seating, the house), on :mod:`.words`
(the rulebook's name, the steps in Russian).

>>> from dataclasses import replace
>>> from cardtable.poker.table_rules import PokerRules
>>> from cardtable.poker.rules import HandRules
>>> from cardtable.poker.variants import VariantSpec
>>> rules = PokerRules(variant=VariantSpec(hands=HandRules(wild=("deuces",))))
>>> rules_help(rules).section("over").sentences[1].text
'Wild cards: 2s; each stands for a card its holder does not have.'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.help import HintPart, RulesHelp, Sentence, Writer, hint_parts, hint_text
from cardtable.poker.help.betting import AMOUNTS, LIMITS, OPENERS, UNOPENED, write_betting
from cardtable.poker.help.forced import ANTES
from cardtable.poker.help.session import write_session
from cardtable.poker.help.showdown import WINS, write_showdown
from cardtable.poker.help.steps import DECLARING, write_phases, write_variant
from cardtable.poker.help.wild import DEAL_WILD_WORDS, SUIT_NAMES, WILD_WORDS, wild_cards_text
from cardtable.poker.help.words import BOOK, CITED_RU, OPENS_RU, cite, step_text_ru
from cardtable.poker.limits import FixedAmounts, LimitSystem
from cardtable.poker.table_rules import PokerRules

__all__ = [
    "AMOUNTS",
    "ANTES",
    "BOOK",
    "DEAL_WILD_WORDS",
    "DECLARING",
    "LIMITS",
    "OPENERS",
    "OPENS_RU",
    "SUIT_NAMES",
    "UNOPENED",
    "WILD_WORDS",
    "WINS",
    "cite",
    "move_hint",
    "move_hint_parts",
    "rules_help",
    "step_text_ru",
    "wild_cards_text",
    "wild_sentences",
]


def rules_help(rules: PokerRules, language: str = "en") -> RulesHelp:
    """The table's rules in force: the variant, each phase, the limits and the winner."""
    writer = Writer(rules, language, cite, CITED_RU)
    write_variant(writer, rules)
    write_betting(writer, rules)
    write_phases(writer, rules)
    write_showdown(writer, rules)
    write_session(writer, rules)
    return writer.done("poker", rules.variant.title)


def wild_sentences(rules: PokerRules, language: str = "en") -> list[Sentence]:
    """The sentences of the help that say which cards are wild and what they stand for."""
    over = rules_help(rules, language).section("over")
    sentences = over.sentences if over is not None else ()
    return [said for said in sentences if any("hands.wild" in s.name for s in said.settings)]


def move_hint(rules: PokerRules, texts: Sequence[str], language: str = "en") -> str:
    """How to make the move now; a limit that takes only some amounts lists each of them.

    >>> from cardtable.poker.limits import Limits
    >>> move_hint(PokerRules(), ["fold", "call", "raise to 2", "raise to 6"])
    '`fold`; or `call`; or raise to between 2 and 6: `raise to 2`'
    >>> ends = PokerRules(limits=Limits(amounts=FixedAmounts.ENDS))
    >>> move_hint(ends, ["check", "bet 1", "bet 5"])
    '`check`; or bet 1 or 5: `bet 1`'
    """
    return hint_text(move_hint_parts(rules, texts), language)


def move_hint_parts(rules: PokerRules, texts: Sequence[str]) -> tuple[HintPart, ...]:
    """The kinds of move of :func:`move_hint`: amounts listed where the limit takes only some."""
    limits = rules.limits
    listed = limits.system in (LimitSystem.FIXED, LimitSystem.RISING) and (
        limits.amounts is not FixedAmounts.RANGE
    )
    return hint_parts(texts, listed_amounts=listed)
