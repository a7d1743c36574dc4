"""Help drawn from the rules in force: sentences that name their options, and move hints.

A game's help is not prose written beside the rules, which drifts when an option changes: each
sentence is made by a :class:`Writer` from the rule set itself, names the options it states
with their values, and cites the clause those options cite (``option(default, doc,
source)``), or the clause of a rule that is no option. Interfaces only lay the sentences out.

A move hint says how to make the move now, built from the legal moves themselves:

>>> hint_from_moves(["discard 7♥ 8♣ 9♦", "discard 7♥ 8♣ 9♦ 10♠", "refuse talon"])
'discard 3 to 4 cards: `discard 7♥ 8♣ 9♦`; or `refuse talon`'
>>> hint_from_moves(["fold", "call", "raise to 4", "raise to 40"])
'`fold`; or `call`; or raise to between 4 and 40: `raise to 4`'

Every text is English or Russian (:data:`LANGUAGES`); a sentence not yet written in Russian
falls back to its English.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from cardtable.cards import parse_card
from cardtable.engine.reading import whole_number
from cardtable.engine.rules import describe_rules, rules_to_mapping
from cardtable.errors import CardParseError, RulesError

if TYPE_CHECKING:
    from cardtable.engine.match import Match

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

LANGUAGES = ("en", "ru")
"""The languages help is written in: the page and the table offer English and Russian."""

MOST_CHOICES = 8
"""The most kinds of move a hint lists before it says how many more there are."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One option a sentence states: its dotted name and its value in force (JSON-shaped)."""

    name: str
    value: object


@dataclass(frozen=True, slots=True)
class Sentence:
    """One short sentence of help, the options it states and the clause it comes from.

    ``source`` is the clause as the options cite it (the seed file and rule); ``cited`` the
    same clause as a player looks it up, in the book.
    """

    text: str
    settings: tuple[Setting, ...]
    source: str
    cited: str


@dataclass(frozen=True, slots=True)
class Section:
    """The sentences about one phase of a deal (``phase`` as the views name it) or one topic."""

    phase: str
    heading: str
    sentences: tuple[Sentence, ...]


@dataclass(frozen=True, slots=True)
class RulesHelp:
    """A game's rules in force as a player reads them: sections of short sentences."""

    game: str
    title: str
    language: str
    sections: tuple[Section, ...]

    def section(self, phase: str) -> Section | None:
        """The section about ``phase``, or None when the rules say nothing of it."""
        return next((each for each in self.sections if each.phase == phase), None)

    def to_data(self) -> dict[str, Any]:
        """The help as JSON-shaped data (what the server sends the page)."""
        return dataclasses.asdict(self)

    def lines(self, phase: str | None = None) -> list[str]:
        """The help as plain lines: each heading, then its sentences with their clause.

        ``phase``: only that phase's section (all of them when the rules say nothing of it).
        """
        chosen = self.section(phase) if phase is not None else None
        lines: list[str] = []
        for section in (chosen,) if chosen is not None else self.sections:
            lines.append(section.heading)
            lines += [f"  {sentence_line(sentence)}" for sentence in section.sentences]
        return lines


def sentence_line(sentence: Sentence) -> str:
    """A sentence followed by its clause in brackets."""
    return f"{sentence.text} ({sentence.cited})" if sentence.cited else sentence.text


class Writer:
    """Writes a game's help from a rule set, reading each option a sentence names.

    ``cite`` turns a source as options write it into the citation a player can look up (the
    seed file's name into the book's); ``cited_ru`` holds the English words of the game's
    sources, each with the Russian words a Russian help cites them by (:func:`clauses_ru`). A
    sentence's text is a template whose ``{fields}`` are the values of the options it names (by
    their last name part) and the ``words`` given.
    """

    def __init__(
        self,
        rules: Any,
        language: str = "en",
        cite: Callable[[str], str] = str,
        cited_ru: Sequence[tuple[str, str]] = (),
    ) -> None:
        if language not in LANGUAGES:
            raise RulesError(f"help is written in {', '.join(LANGUAGES)}, not {language!r}")
        self.rules = rules
        self.language = language
        self.cite = cite
        self.cited_ru = cited_ru
        self.data = rules_to_mapping(rules)
        self.sections: list[Section] = []
        self._sentences: list[Sentence] = []

    def value(self, name: str) -> Any:
        """The value in force of the option ``name``, dotted for a nested rule set.

        A number picks an element of a list of rule sets (``variant.steps.2.most``).
        """
        value = self.rules
        for part in name.split("."):
            value = value[int(part)] if part.isdigit() else getattr(value, part)
        return value

    def _field(self, name: str) -> tuple[Any, dataclasses.Field[Any]]:
        """The rule set holding the option ``name`` and the option's field."""
        owner, _, last = name.rpartition(".")
        holder = self.value(owner) if owner else self.rules
        if last.isdigit():
            return self._field(owner)
        spec = next(field for field in dataclasses.fields(holder) if field.name == last)
        return holder, spec

    def source(self, name: str) -> str:
        """The source the option ``name`` cites."""
        return str(self._field(name)[1].metadata.get("source", ""))

    def say(
        self,
        names: Sequence[str],
        en: str,
        ru: str = "",
        *,
        source: str = "",
        **words: object,
    ) -> None:
        """Add a sentence stating the options ``names``; ``source`` cites a rule that is none.

        Without ``source`` the sentence cites the sources of its options, each once. A
        sentence said already in the section (each of several like steps) is said once.
        """
        template = ru if self.language == "ru" and ru else en
        fields = {_last_word(name): _word(self.value(name)) for name in names}
        text = template.format(**fields, **words)
        sources = [source] if source else list(dict.fromkeys(self.source(n) for n in names))
        settings = tuple(Setting(name, _data_at(self.data, name)) for name in names)
        raw = "; ".join(each for each in sources if each)
        clauses = [source] if source else [self._clause(name) for name in names]
        cited = "; ".join(self.cite(each) for each in dict.fromkeys(clauses) if each)
        if self.language == "ru":
            cited = clauses_ru(cited, self.cited_ru)
        if all(said.text != text for said in self._sentences):
            self._sentences.append(Sentence(text, settings, raw, cited))

    def _clause(self, name: str) -> str:
        """The clause a player is sent to for the option ``name`` as it stands.

        An option cites the seed first and the other games' sources after it; at its default
        (the seed's reading) only the seed's clause is the rule in force.
        """
        holder, spec = self._field(name)
        source = str(spec.metadata.get("source", ""))
        return (
            source.split("; ", maxsplit=1)[0]
            if getattr(holder, spec.name) == spec.default
            else source
        )

    def section(self, phase: str, en: str, ru: str = "") -> None:
        """Close the sentences said so far into a section about ``phase``, headed ``en``/``ru``."""
        heading = ru if self.language == "ru" and ru else en
        if self._sentences:
            self.sections.append(Section(phase, heading, tuple(self._sentences)))
        self._sentences = []

    def done(self, game: str, title: str) -> RulesHelp:
        """The help written so far."""
        if self._sentences:
            raise RulesError("help has sentences outside any section")
        return RulesHelp(game, title, self.language, tuple(self.sections))


def clauses_ru(cited: str, phrases: Sequence[tuple[str, str]] = ()) -> str:
    """A citation as a Russian reader looks it up: its English phrases and rule numbers in Russian.

    Each phrase of ``phrases`` is put in its Russian words; the rule numbers are «правило 9»,
    «правила 16–18», «правила (а) и (б)».

    >>> clauses_ru("Энциклопедия игр (1992), преферанс, rules 16–18; 3.3 and 3.6; rule 9")
    'Энциклопедия игр (1992), преферанс, правила 16–18; 3.3 и 3.6; правило 9'
    >>> clauses_ru("«Покер», Козырные карты, rules (а) and (б); modern", [("modern", "ныне")])
    '«Покер», Козырные карты, правила (а) и (б); ныне'
    """
    for english, russian in phrases:
        cited = cited.replace(english, russian)
    cited = re.sub(r"\brules ([\d(])", r"правила \1", cited)
    cited = re.sub(r"\brule ([\d(])", r"правило \1", cited)
    return re.sub(r"([\d)]) and ([\d(])", r"\1 и \2", cited)


def _word(value: object) -> object:
    """An option's value as a sentence writes it: a list as ``9, 10``, an enum by its value."""
    if isinstance(value, tuple):
        return ", ".join(str(_word(item)) for item in value)
    if hasattr(value, "value") and isinstance(value.value, str | int):
        return value.value
    return value


def _last_word(name: str) -> str:
    """The name a template gives an option: its last part that is not a number."""
    return next(part for part in reversed(name.split(".")) if not part.isdigit())


def _data_at(data: Mapping[str, object], name: str) -> object:
    value: Any = data
    for part in name.split("."):
        value = value[int(part)] if part.isdigit() else value[part]
    return value


def generic_help(game: str, title: str, rules: object, language: str = "en") -> RulesHelp:
    """Help for a game without a help of its own: one sentence per option, its doc and value."""
    writer = Writer(rules, language)
    for info in describe_rules(rules):
        if "." not in info.name:
            field = "{" + info.name + "}"
            doc = info.doc.rstrip(".")
            writer.say(
                [info.name], f"{{doc}}. Here: {field}.", f"{{doc}}. Сейчас: {field}.", doc=doc
            )
    writer.section("", "Options" if language == "en" else "Правила")
    return writer.done(game, title)


HINT_WORDS = {
    "en": {
        "card": "a card",
        "cards": "{count} cards",
        "span": "{least} to {most}",
        "between": "between {least} and {most}",
        "or": "; or ",
        "either": "{first} or {second}",
        "more": "{count} more kinds of move",
    },
    "ru": {
        "card": "карту",
        "cards": "{count} карт",
        "span": "от {least} до {most}",
        "between": "от {least} до {most}",
        "or": "; или ",
        "either": "{first} или {second}",
        "more": "ещё {count} видов хода",
    },
}
"""The few words of a hint, by language."""


@dataclass
class _Kind:
    """The legal moves that share a verb: their texts and what follows the verb."""

    verb: str
    texts: list[str] = dataclasses.field(default_factory=list)
    cards: list[int] = dataclasses.field(default_factory=list)
    amounts: list[int] = dataclasses.field(default_factory=list)


@dataclass(frozen=True, slots=True)
class HintPart:
    """One kind of move a hint tells: a move, or the moves of one verb told together.

    ``moves`` are the server's texts it names: the one move, or the example of a verb's kind
    (``verb`` with ``cards``, the least and most cards, or ``amounts``, the least and most, or
    each when ``listed``), or the first and last of a span of bids (``span``, a game's name for
    what the span holds: ``auction``, ``contract``). An interface says it in its own words.
    """

    moves: tuple[str, ...]
    verb: str = ""
    cards: tuple[int, int] | None = None
    amounts: tuple[int, ...] = ()
    listed: bool = False
    span: str = ""

    def to_data(self) -> dict[str, object]:
        """The part as JSON-shaped data (``GET /api/tables/{id}/hint``'s ``parts``)."""
        return {
            "moves": list(self.moves),
            "verb": self.verb,
            "cards": None if self.cards is None else list(self.cards),
            "amounts": list(self.amounts),
            "listed": self.listed,
            "span": self.span,
        }


def hint_from_moves(
    texts: Sequence[str], language: str = "en", *, listed_amounts: bool = False
) -> str:
    """How to type the move now, from the canonical texts of the legal moves.

    Moves that share a verb are told once: with cards, how many (``discard 2 cards``); with an
    amount, its span (``bet 2 to 40``), or each amount when ``listed_amounts`` (a table whose
    limit accepts only some amounts); each with an example to copy.

    >>> hint_from_moves(["play K♥", "play 7♦"])
    'play a card: `play K♥`'
    >>> hint_from_moves(["bet 1", "bet 5", "check"], listed_amounts=True)
    'bet 1 or 5: `bet 1`; or `check`'
    """
    return hint_text(hint_parts(texts, listed_amounts=listed_amounts), language)


def hint_parts(texts: Sequence[str], *, listed_amounts: bool = False) -> tuple[HintPart, ...]:
    """The kinds of move of the legal moves' texts, as :func:`hint_from_moves` tells them.

    >>> hint_parts(["pass", "discard 7♥ 8♣", "discard 9♦ 10♠"])[1].cards
    (2, 2)
    """
    kinds: dict[str, _Kind] = {}
    for text in texts:
        verb, cards, amount = _split_move(text)
        kind = kinds.setdefault(verb, _Kind(verb))
        kind.texts.append(text)
        if cards:
            kind.cards.append(cards)
        if amount is not None:
            kind.amounts.append(amount)
    return tuple(part for kind in kinds.values() for part in _kind_parts(kind, listed_amounts))


def hint_text(
    parts: Sequence[HintPart],
    language: str = "en",
    spans: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """The hint's parts as one line in ``language``, each move to copy in backticks.

    ``spans`` words a span of bids, by language and the span's name (``{0}`` to ``{1}``).
    """
    words = HINT_WORDS[language if language in HINT_WORDS else "en"]
    told = [_part_text(part, words, language, spans or {}) for part in parts]
    if len(told) > MOST_CHOICES:
        told = [*told[:MOST_CHOICES], words["more"].format(count=len(told) - MOST_CHOICES)]
    return words["or"].join(told)


def _split_move(text: str) -> tuple[str, int, int | None]:
    """The verb of a move's text, the number of cards after it, and its amount if any."""
    parts = text.split()
    verb: list[str] = []
    cards = 0
    amount = None
    for part in parts:
        number = whole_number(part)
        if number is not None and not cards and amount is None and verb:
            amount = number
            continue
        if verb and _is_card(part):
            cards += 1
            continue
        if cards or amount is not None:
            return text, 0, None
        verb.append(part)
    return " ".join(verb), cards, amount


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardParseError:
        return False
    return True


def _kind_parts(kind: _Kind, listed_amounts: bool) -> list[HintPart]:
    if kind.cards and len(kind.cards) == len(kind.texts):
        least, most = min(kind.cards), max(kind.cards)
        example = next(text for text, n in zip(kind.texts, kind.cards, strict=True) if n == least)
        return [HintPart((example,), kind.verb, cards=(least, most))]
    if kind.amounts and len(kind.amounts) == len(kind.texts) and len(set(kind.amounts)) > 1:
        amounts = sorted(set(kind.amounts))
        example = kind.texts[kind.amounts.index(amounts[0])]
        told = tuple(amounts) if listed_amounts else (amounts[0], amounts[-1])
        return [HintPart((example,), kind.verb, amounts=told, listed=listed_amounts)]
    return [HintPart((text,)) for text in kind.texts]


def _part_text(
    part: HintPart, words: Mapping[str, str], language: str, spans: Mapping[str, Mapping[str, str]]
) -> str:
    if part.span:
        return spans.get(language, spans["en"])[part.span].format(*part.moves)
    example = f"`{part.moves[0]}`"
    if part.cards is not None:
        least, most = part.cards
        if least == most == 1:
            count = words["card"]
        elif least == most:
            count = words["cards"].format(count=least)
        else:
            count = words["cards"].format(count=words["span"].format(least=least, most=most))
        return f"{part.verb} {count}: {example}"
    if part.amounts:
        if part.listed:
            first = ", ".join(str(n) for n in part.amounts[:-1])
            span = words["either"].format(first=first, second=part.amounts[-1])
        else:
            form = "between" if part.verb.endswith(" to") else "span"
            span = words[form].format(least=part.amounts[0], most=part.amounts[-1])
        return f"{part.verb} {span}: {example}"
    return example


def rules_in_force(match: Match[A, V, R]) -> R:
    """The rules the deal on the table is played under, else the match's.

    A deal may play under other rules than the match agreed (a poker dealer's choice names
    the variant of his deal), and help speaks of the deal on the table.
    """
    if not match.deals:
        return match.rules
    rules: R = getattr(match.deals[-1], "rules", match.rules)
    return rules
