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
"""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from pydantic import TypeAdapter, ValidationError

from cardtable.errors import RulesError, names_hint

R = TypeVar("R")


def option(default: Any, doc: str, source: str = "") -> Any:
    """A rule option: its default (the seed's rule), what it does, and where it comes from."""
    return dataclasses.field(default=default, metadata={"doc": doc, "source": source})


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option of a rule set as a player reads it: name, value, meaning and source."""

    name: str
    value: Any
    doc: str
    source: str


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of rule overrides shipped with a game."""

    name: str
    description: str
    overrides: Mapping[str, Any]


def describe_rules(rules: Any, prefix: str = "") -> list[OptionInfo]:
    """Every option of ``rules`` with its value (JSON-shaped), meaning and source."""
    data = rules_to_mapping(rules)
    infos: list[OptionInfo] = []
    for spec in dataclasses.fields(rules):
        value = getattr(rules, spec.name)
        name = prefix + spec.name
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            infos.extend(describe_rules(value, prefix=name + "."))
            continue
        infos.append(
            OptionInfo(
                name, data[spec.name], spec.metadata.get("doc", ""), spec.metadata.get("source", "")
            )
        )
    return infos


def rules_to_mapping(rules: Any) -> dict[str, Any]:
    """The rules as plain JSON-shaped data (enums by value, tuples as lists)."""
    dumped: dict[str, Any] = _adapter(type(rules)).dump_python(rules, mode="json")
    return dumped


def rules_from_mapping(
    cls: type[R], data: Mapping[str, Any], *, base: R | None = None, where: str = "rules"
) -> R:
    """Rules of type ``cls``: ``base`` (or the defaults) with the options in ``data`` changed."""
    start = rules_to_mapping(base if base is not None else cls())
    _refuse_unknown_options(cls, data, where, "")
    merged = _merge(start, data)
    try:
        return _adapter(cls).validate_json(json.dumps(merged), strict=True)
    except ValidationError as error:
        first = error.errors()[0]
        name = ".".join(str(part) for part in first["loc"])
        # A check of the whole rule set (a validator) has no location: its message names
        # the option itself, after pydantic's "Value error, " prefix.
        message = first["msg"].removeprefix("Value error, ")
        raise RulesError(
            f"{where}: option {name!r}: {message}" if name else f"{where}: {message}"
        ) from None
    except TypeError as error:
        raise RulesError(f"{where}: {error}") from None


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


def parse_preset(name: str, text: str, cls: type[Any]) -> Preset:
    """A preset from its TOML text, checked against the rules type ``cls``."""
    where = f"preset {name!r}"
    document = _read_toml(text, where)
    _refuse_keys_beside_rules(document, where)
    description = document.get("description", "")
    overrides = document.get("rules", {})
    if not isinstance(description, str) or not isinstance(overrides, dict):
        raise RulesError(f"{where}: needs a description string and a [rules] table")
    rules_from_mapping(cls, overrides, where=where)
    return Preset(name, description, overrides)


def _refuse_keys_beside_rules(document: dict[str, Any], where: str) -> None:
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
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{where}: not valid TOML: {error}") from None


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
        if part.isdigit():
            start = _element_line(lines, start, int(part))
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


def _refuse_unknown_options(
    cls: type[Any], data: Mapping[str, Any], where: str, prefix: str
) -> None:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: option {prefix.rstrip('.')!r} must be a table")
    hints = get_type_hints(cls)
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


def _merge(start: dict[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(start)
    for key, value in changes.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


_adapters: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(cls: type[R]) -> TypeAdapter[R]:
    adapter = _adapters.get(cls)
    if adapter is None:
        adapter = _adapters[cls] = TypeAdapter(cls)
    return adapter
