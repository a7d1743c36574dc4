"""Rules as data: frozen dataclasses whose every option names its source, and TOML presets.

A game's rules are a frozen dataclass whose fields are made with :func:`option`, so that each
option carries a sentence saying what it does and the seed clause (or outside source) it
comes from. The seed's rule is the default value. Presets are TOML files that override some
options::

    description = "Sochi: the Russian Preferans Code's prices"
    [rules]
    misere_first_bid_only = true

Rules read from a mapping or TOML are checked strictly: an unknown option or a value of the
wrong kind raises :class:`~cardtable.errors.RulesError` naming the option (and the line).
Every number, list and word option declares its range (``least``, ``most``, ``choices``,
``longest``), which :func:`check_ranges` enforces whenever rules are made, from a file or in
code, and which ``cardtable rules`` shows.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    cast,
    get_args,
    get_origin,
    get_type_hints,
)

from cardtable.engine.reading import InputError, parse_toml, whole_number
from cardtable.errors import RulesError, names_hint

if TYPE_CHECKING:
    from _typeshed import DataclassInstance
    from pydantic import TypeAdapter
    from pydantic_core import ErrorDetails

R = TypeVar("R")
T = TypeVar("T")

MOST_DEALS = 100_000
"""The most deals a match or session may be agreed to last: more than any table plays."""
MOST_POINTS = 1_000_000
"""The largest score, price or pool an option may name."""
MOST_CHIPS = 1_000_000_000
"""The largest number of chips an option may name (a stake, a bet, a bonus)."""


@dataclass(frozen=True, slots=True)
class Range:
    """The values an option may take.

    Whole numbers from ``least`` to ``most``, or one of ``choices``; a list holds at most
    ``longest`` such elements (a text, that many letters).

    >>> Range(0, 100).why_outside(500)
    '500 is outside its range 0 to 100'
    >>> Range(choices=("flush", "full house")).why_outside("two pair")
    "'two pair' is not one of 'flush', 'full house'"
    >>> Range(1, 9, longest=2).why_outside((3, 0))
    'element 2 (0) is outside its range 1 to 9'
    """

    least: int | None = None
    most: int | None = None
    choices: tuple[str, ...] = ()
    longest: int | None = None

    def text(self) -> str:
        """The range as ``cardtable rules`` prints it."""
        parts = []
        if self.choices:
            parts.append("one of " + ", ".join(self.choices))
        if self.least is not None or self.most is not None:
            parts.append(_bounds_text(self.least, self.most))
        if self.longest is not None:
            parts.append(f"at most {self.longest:,} long")
        return "; ".join(parts)

    def why_outside(self, value: object) -> str | None:
        """Why ``value`` (a number, a word, or a list of them) is outside the range, or None."""
        longest = self.longest
        if longest is not None and isinstance(value, tuple | str) and len(value) > longest:
            return f"has {len(value):,} elements, more than {longest:,}"
        if isinstance(value, tuple):
            return self._why_element_outside(value)
        if self.choices and value not in self.choices:
            return f"{value!r} is not one of " + ", ".join(repr(c) for c in self.choices)
        if isinstance(value, int) and not isinstance(value, bool) and not self._holds(value):
            return f"{_short(value)} is outside its range {_bounds_text(self.least, self.most)}"
        return None

    def _why_element_outside(self, value: tuple[object, ...]) -> str | None:
        each = Range(self.least, self.most, self.choices)
        for number, element in enumerate(value, start=1):
            why = each.why_outside(element)
            if why is not None:
                return f"element {number} ({element!r}) {why.split(' ', 1)[1]}"
        return None

    def _holds(self, value: int) -> bool:
        above = self.least is None or value >= self.least
        return above and (self.most is None or value <= self.most)


def _bounds_text(least: int | None, most: int | None) -> str:
    if most is None:
        return f"at least {least:,}"
    if least is None:
        return f"at most {most:,}"
    return f"{least:,} to {most:,}"


def _short(value: int) -> str:
    """A number as an error names it: a huge one by its digit count, not its digits."""
    digits = len(str(abs(value))) if abs(value) < 10**4000 else 4000
    return f"{value:,}" if digits <= 24 else f"a {digits:,}-digit number"


def option(
    default: T,
    doc: str,
    source: str = "",
    *,
    least: int | None = None,
    most: int | None = None,
    choices: tuple[str, ...] = (),
    longest: int | None = None,
) -> T:
    """A rule option: its default (the seed's rule), what it does, where it comes from.

    Its range (see :class:`Range`) is checked whenever rules are made; a number option gives
    ``least`` and ``most``.
    """
    bounds = Range(least, most, choices, longest)
    return dataclasses.field(
        default=default, metadata={"doc": doc, "source": source, "range": bounds}
    )


def check_ranges(rules: DataclassInstance) -> None:
    """Refuse a rule set any of whose own options lies outside its declared range.

    Called by each rules dataclass when it is made (its nested rule sets check themselves).
    """
    for spec in dataclasses.fields(rules):
        bounds = spec.metadata.get("range")
        if bounds is None:
            continue
        why = bounds.why_outside(getattr(rules, spec.name))
        if why is not None:
            raise RulesError(f"option {spec.name!r}: {why}")


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option of a rule set as a player reads it: name, value, meaning and source."""

    name: str
    value: object
    doc: str
    source: str
    range: str = ""
    kind: str = "json"
    """What the value is: ``bool``, ``int``, ``number``, ``choice`` (one of ``choices``),
    ``text``, ``list`` (of ``choices`` where it has them) or ``json`` (any other JSON value)."""
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of rule overrides shipped with a game."""

    name: str
    description: str
    overrides: Mapping[str, object]


def describe_rules(rules: object, prefix: str = "") -> list[OptionInfo]:
    """Every option of ``rules`` (a game's rules dataclass) with its value, meaning and source."""
    data = rules_to_mapping(rules)
    hints = get_type_hints(type(rules))
    infos: list[OptionInfo] = []
    for spec in dataclasses.fields(cast("DataclassInstance", rules)):
        value = getattr(rules, spec.name)
        name = prefix + spec.name
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            infos.extend(describe_rules(value, prefix=name + "."))
            continue
        bounds = spec.metadata.get("range")
        infos.append(
            OptionInfo(
                name,
                data[spec.name],
                spec.metadata.get("doc", ""),
                spec.metadata.get("source", ""),
                bounds.text() if bounds is not None else "",
                *_value_kind(hints[spec.name], bounds.choices if bounds is not None else ()),
            )
        )
    return infos


def _value_kind(hint: object, choices: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """What an option's type holds, for a form's field: its kind and the values it may take."""
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "choice", tuple(str(member.value) for member in hint)
    if get_origin(hint) is Literal:
        return "choice", tuple(str(value) for value in get_args(hint))
    if get_origin(hint) in (tuple, list):
        return "list", choices  # the values each element may take
    if choices:
        return "choice", choices
    kinds = {bool: "bool", int: "int", float: "number", Fraction: "number", str: "text"}
    if isinstance(hint, type) and hint in kinds:
        return kinds[hint], ()
    return "json", ()


def rules_to_mapping(rules: object) -> dict[str, Any]:
    """The rules as plain JSON-shaped data (enums by value, tuples as lists)."""
    dumped: dict[str, Any] = _adapter(type(rules)).dump_python(rules, mode="json")
    return dumped


def rules_from_mapping(
    cls: type[R], data: object, *, base: R | None = None, where: str = "rules"
) -> R:
    """Rules of type ``cls``: ``base`` (or the defaults) with the options in ``data`` changed."""
    start = rules_to_mapping(base if base is not None else cls())
    _refuse_unknown_options(cls, data, where, "")
    assert isinstance(data, Mapping)  # refused just above if it is not
    merged = _merge(start, data)
    from pydantic import ValidationError  # noqa: PLC0415 - pydantic loads on first use

    try:
        return _adapter(cls).validate_json(json.dumps(merged), strict=True)
    except ValidationError as error:
        raise RulesError(f"{where}: {_located(error.errors()[0])}") from None
    except TypeError as error:
        raise RulesError(f"{where}: {error}") from None


def _located(first: ErrorDetails) -> str:
    """The first validation error as one sentence naming the option by its whole path.

    A check made when a rule set is built (its ``__post_init__``) has the location of that
    rule set; its message names the option inside it, after pydantic's "Value error, ".
    """
    path = ".".join(str(part) for part in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    inner = re.match(r"option '([^']+)'(.*)", message, re.DOTALL)
    if inner is not None:
        full = f"{path}.{inner.group(1)}" if path else inner.group(1)
        return f"option {full!r}{inner.group(2)}"
    return f"option {path!r}: {message}" if path else message


def rules_from_toml(cls: type[R], text: str, *, base: R | None = None, where: str = "rules") -> R:
    """Rules from a TOML text whose options stand at the top level or under ``[rules]``.

    A ``description`` string may stand beside them, as in a preset.
    """
    document = _read_toml(text, where)
    if "rules" in document:
        _refuse_keys_beside_rules(document, where)
    elif not isinstance(document.pop("description", ""), str):
        raise RulesError(f"{where}: 'description' must be a string")
    table = document.get("rules", document)
    if not isinstance(table, dict):
        raise RulesError(f"{where}: [rules] must be a table")
    try:
        return rules_from_mapping(cls, table, base=base, where=where)
    except RulesError as error:
        raise RulesError(_with_line(str(error), text)) from None


def parse_preset(name: str, text: str, cls: type[object]) -> Preset:
    """A preset from its TOML text, checked against the rules type ``cls``."""
    preset = read_preset(name, text)
    rules_from_mapping(cls, preset.overrides, where=f"preset {name!r}")
    return preset


def read_preset(name: str, text: str) -> Preset:
    """A preset from its TOML text, its options not yet checked against a rules type.

    A game reads its shipped presets so, to list them without building the validator of its
    rules; the options are checked when the preset's rules are made.
    """
    where = f"preset {name!r}"
    document = _read_toml(text, where)
    _refuse_keys_beside_rules(document, where)
    description = document.get("description", "")
    overrides = document.get("rules", {})
    if not isinstance(description, str) or not isinstance(overrides, dict):
        raise RulesError(f"{where}: needs a description string and a [rules] table")
    return Preset(name, description, overrides)


def _refuse_keys_beside_rules(document: Mapping[str, object], where: str) -> None:
    """A file with a ``[rules]`` table holds only it and its ``description`` string."""
    for key in document:
        if key not in ("description", "rules"):
            raise RulesError(
                f"{where}: unknown key {key!r} beside [rules] (the file holds description "
                "and [rules]; options go under [rules])"
            )
    if not isinstance(document.get("description", ""), str):
        raise RulesError(f"{where}: 'description' must be a string")


def _read_toml(text: str, where: str) -> dict[str, Any]:
    """The TOML table of ``text`` read with the bounds of :mod:`cardtable.engine.reading`."""
    try:
        return parse_toml(text, what=where)
    except InputError as error:
        raise RulesError(str(error)) from None


def _with_line(message: str, text: str) -> str:
    """Add the line of the option the message names, following its path through the file.

    A path such as ``variant.steps.3.most`` is followed key by key; a number picks the
    array's element (an inline table ``{...}`` or a ``[[...]]`` header) in order.
    """
    match = re.search(r"option '([^']+)'", message)
    if match is None:
        return message
    lines = text.splitlines()
    start = 0
    found: int | None = None
    for part in match.group(1).split("."):
        index = whole_number(part)
        if index is not None:
            start = _element_line(lines, start, index)
            continue
        key = re.compile(rf"(^|[\s{{,]){re.escape(part)}\s*=|^\s*\[+[^\]]*\b{re.escape(part)}\]")
        found = next((n for n in range(start, len(lines)) if key.search(lines[n])), None)
        if found is not None:
            start = found
    if found is None:
        return message
    return f"{message} (line {found + 1})"


def _element_line(lines: list[str], start: int, index: int) -> int:
    """The line where element ``index`` of the array starting at ``start`` begins."""
    seen = -1
    for number in range(start, len(lines)):
        line = lines[number]
        opened = line.count("{") if "=" in line or line.strip().startswith("{") else 0
        if line.lstrip().startswith("[["):
            opened = 1
        for _ in range(opened):
            seen += 1
            if seen == index:
                return number
    return start


_OPTION_TYPES: dict[type[Any], dict[str, Any]] = {}


def _option_types(cls: type[Any]) -> dict[str, Any]:
    # Resolved once per class: resolving them was a third of the time a rules file took to read.
    known = _OPTION_TYPES.get(cls)
    if known is None:
        known = _OPTION_TYPES[cls] = get_type_hints(cls)
    return known


def _refuse_unknown_options(cls: type[Any], data: object, where: str, prefix: str) -> None:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: option {prefix.rstrip('.')!r} must be a table")
    hints = _option_types(cls)
    names = [spec.name for spec in dataclasses.fields(cls)]
    for key, value in data.items():
        if key not in names:
            hint = names_hint(key, names, "options", "cardtable rules GAME")
            raise RulesError(f"{where}: unknown option {prefix + key!r} ({hint})")
        nested = hints[key]
        if isinstance(nested, type) and dataclasses.is_dataclass(nested):
            _refuse_unknown_options(nested, value, where, prefix + key + ".")
            continue
        element = _dataclass_element(nested)
        if element is not None and isinstance(value, list):
            for index, item in enumerate(value):
                _refuse_unknown_options(element, item, where, f"{prefix}{key}.{index}.")


def _dataclass_element(hint: Any) -> type[Any] | None:
    """The dataclass of ``tuple[D, ...]`` or ``list[D]`` (such as a variant's steps), else None."""
    arguments = get_args(hint)
    if get_origin(hint) not in (tuple, list) or not arguments:
        return None
    element = arguments[0]
    return element if isinstance(element, type) and dataclasses.is_dataclass(element) else None


def _merge(start: Mapping[str, object], changes: Mapping[str, object]) -> dict[str, object]:
    merged = dict(start)
    for key, value in changes.items():
        was = merged.get(key)
        if isinstance(value, Mapping) and isinstance(was, dict):
            merged[key] = _merge(was, value)
        else:
            merged[key] = value
    return merged


_adapters: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(cls: type[R]) -> TypeAdapter[R]:
    adapter = _adapters.get(cls)
    if adapter is None:
        from pydantic import TypeAdapter  # noqa: PLC0415 - building one costs up to 40 ms

        adapter = _adapters[cls] = TypeAdapter(cls)
    return adapter
