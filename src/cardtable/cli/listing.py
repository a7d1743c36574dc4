"""Listings a person reads in a terminal of any width: names never cut, values as TOML.

A name a user must type (a game, a preset, a variant, an option) is printed whole on its own
line or in a column wide enough for it; a rule option is printed as the line a ``--rules``
file would hold (``variant.players_max = 10``), structured values as TOML inline tables with
the fields left at their defaults omitted, one item a line.

>>> toml_value(["deuces", 2], ("deuces", 2))
'["deuces", 2]'
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence

from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from cardtable.engine.help import RulesHelp
from cardtable.engine.rules import describe_rules

INDENT = 4
"""How far a line that belongs to the line above is set in."""


def add_name_column(table: Table, header: str, names: Sequence[str]) -> None:
    """A column wide enough for each of ``names`` (written one a line), never wrapped or cut."""
    width = max((len(name) for name in names), default=0)
    table.add_column(header, no_wrap=True, min_width=max(width, len(header)))


def whole_names(names: Sequence[str]) -> Text:
    """Names one a line (a preset list in a cell), each whole."""
    return Text("\n".join(names), no_wrap=True)


def print_rules(console: Console, rules: object, title: str) -> None:
    """Every option of ``rules`` as a rules file writes it, its meaning and source beneath."""
    console.print(Text(title, style="bold"))
    console.print(
        Text("Each option as a --rules file writes it; --json gives the data.", style="dim")
    )
    for info in describe_rules(rules):
        real = _option_value(rules, info.name)
        console.print()
        console.print(_assignment(info.name, info.value, real))
        about = Text(info.doc)
        if info.range:
            about.append(f" Range: {info.range}.", style="dim")
        if info.source:
            about.append(f" — {info.source}", style="dim")
        console.print(Padding(about, (0, 0, 0, INDENT), expand=False))


def print_summary(console: Console, help: RulesHelp, title: str) -> None:
    """The rules in force as the table's help tells them: sections of sentences, each cited."""
    console.print(Text(title, style="bold"))
    console.print(
        Text("Each sentence names its clause; `cardtable rules` lists every option.", style="dim")
    )
    for section in help.sections:
        console.print()
        console.print(Text(section.heading, style="bold"))
        for sentence in section.sentences:
            line = Text(sentence.text)
            if sentence.cited:
                line.append(f" ({sentence.cited})", style="dim")
            console.print(Padding(line, (0, 0, 0, INDENT), expand=False))


def _assignment(name: str, data: object, real: object) -> Group | Text:
    """``name = value``; a list of tables is written one table a line."""
    head = Text(name, style="bold") + Text(" = ")
    tables = isinstance(data, list) and any(isinstance(item, dict) for item in data)
    if tables and isinstance(data, list) and isinstance(real, list | tuple):
        lines = [head + Text("[")]
        lines += [
            Text(" " * INDENT + toml_value(d, r) + ",") for d, r in zip(data, real, strict=True)
        ]
        lines.append(Text("]"))
        return Group(*lines)
    return head + Text(toml_value(data, real))


def toml_value(data: object, real: object) -> str:
    """A JSON-shaped option value as TOML; ``real`` (the option's object) names the defaults.

    A dataclass item is an inline table of its first field and the fields not at their
    default, as a rules file may write it (an omitted field takes its default).
    """
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, str):
        return json.dumps(data, ensure_ascii=False)
    if isinstance(data, list):
        items = real if isinstance(real, (list, tuple)) else [None] * len(data)
        return "[" + ", ".join(toml_value(d, r) for d, r in zip(data, items, strict=True)) + "]"
    if isinstance(data, dict):
        kept = _changed_fields(real, data)
        parts = [f"{key} = {toml_value(data[key], getattr(real, key, None))}" for key in kept]
        return "{ " + ", ".join(parts) + " }" if parts else "{}"
    return json.dumps(data)


def _changed_fields(real: object, data: Mapping[str, object]) -> list[str]:
    """The keys of ``data`` a reader needs; all of them for a plain mapping.

    Of a dataclass: its first field (what the item is) and every field not at its default.
    """
    if not dataclasses.is_dataclass(real) or isinstance(real, type):
        return list(data)
    fields = dataclasses.fields(real)
    kept = [fields[0].name]
    for spec in fields[1:]:
        if spec.default is not dataclasses.MISSING:
            default: object = spec.default
        elif spec.default_factory is not dataclasses.MISSING:
            default = spec.default_factory()
        else:
            kept.append(spec.name)
            continue
        if getattr(real, spec.name) != default:
            kept.append(spec.name)
    return [key for key in kept if key in data]


def _option_value(rules: object, dotted: str) -> object:
    """The object an option's dotted name reaches in ``rules``."""
    value = rules
    for part in dotted.split("."):
        value = getattr(value, part)
    return value
