"""The command-line interface; it translates between people and the engine and holds no rule."""

from __future__ import annotations

import sys

QUICK_POKER_COMMANDS = frozenset({"hand", "showdown", "equity"})
"""``cardtable poker`` commands that start without loading the rest of the command line."""


def run() -> None:
    """Entry point of the ``cardtable`` console script.

    ``poker hand``, ``poker showdown`` and ``poker equity`` need none of the engine, the
    records or the table, so they run under a root that holds the poker commands only (the
    same options, help and one-line errors); everything else loads the whole command line.
    """
    if sys.argv[1:2] == ["poker"] and sys.argv[2:3] and sys.argv[2] in QUICK_POKER_COMMANDS:
        from cardtable.cli.common import root_app  # noqa: PLC0415
        from cardtable.cli.poker import app as poker_app  # noqa: PLC0415

        app = root_app()
        app.add_typer(poker_app, name="poker")
    else:
        from cardtable.cli.main import app  # noqa: PLC0415
    app()
