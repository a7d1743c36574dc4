"""The command-line interface; it translates between people and the engine and holds no rule."""

from __future__ import annotations

import sys

import typer

QUICK_POKER_COMMANDS = frozenset({"hand", "showdown", "equity"})
"""``cardtable poker`` commands that start without loading the rest of the command line."""


def run() -> None:
    """Entry point of the ``cardtable`` console script.

    ``games``, ``poker hand``, ``poker showdown``, ``poker equity`` and the ``preferans`` tools
    (the scorer, the solver) need none of the records, the table or the other commands, so they
    run under a root that holds only them (the same options, help and one-line errors);
    everything else loads the whole command line.
    """
    quick = _quick_app(sys.argv[1:3])
    if quick is not None:
        quick()
        return
    from cardtable.cli.main import app  # noqa: PLC0415

    app()


def _quick_app(words: list[str]) -> typer.Typer | None:
    """The small root for a command that loads little, or None for the whole command line."""
    if words[:1] == ["poker"] and words[1:2] and words[1] in QUICK_POKER_COMMANDS:
        from cardtable.cli.common import root_app  # noqa: PLC0415
        from cardtable.cli.poker import app as poker_app  # noqa: PLC0415

        app = root_app()
        app.add_typer(poker_app, name="poker")
        return app
    if words[:1] == ["preferans"]:
        from cardtable.cli.common import root_app  # noqa: PLC0415
        from cardtable.cli.preferans import app as preferans_app  # noqa: PLC0415

        app = root_app()
        app.add_typer(preferans_app)
        return app
    if words[:1] == ["games"]:
        from cardtable.cli.common import root_app  # noqa: PLC0415
        from cardtable.cli.games import games_command  # noqa: PLC0415

        app = root_app()
        app.callback()(_root)  # a group, as the whole root is, though it holds one command
        app.command("games")(games_command)
        return app
    return None


def _root() -> None:
    """Preferans, Piquet and Poker by the book: play, score, analyse, simulate."""
