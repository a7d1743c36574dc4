"""What every command shares: one-line errors on standard error with exit status 2."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import typer
from rich.console import Console
from typer.core import TyperGroup

from cardtable.errors import CardtableError

if TYPE_CHECKING:
    from cardtable.engine.registry import SomeGame

BAD_INPUT = 2
"""The exit status of a command given bad input."""

err = Console(stderr=True, highlight=False)
"""The console for errors and progress bars."""

out = Console(highlight=False)
"""The console for what a command prints."""


@contextmanager
def one_line_errors() -> Iterator[None]:
    """Turn bad input into one line on standard error and exit status 2."""
    try:
        yield
    except (CardtableError, OSError) as error:
        message = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        where = f"{error.filename}: " if isinstance(error, OSError) and error.filename else ""
        say_error(f"{where}{message}")
        raise typer.Exit(BAD_INPUT) from None


def say_error(message: str) -> None:
    """Print ``error: message`` on standard error as one line, whatever the message holds."""
    err.print("error: " + " ".join(message.split()), markup=False, soft_wrap=True)


def read_text(path: Path) -> str:
    """The text of a file the user named; a huge or non-UTF-8 file is refused in one sentence."""
    from cardtable.engine.reading import read_text_file  # noqa: PLC0415 - keeps start-up fast

    return read_text_file(path)


def chosen_rules(game: SomeGame, preset: str | None, rules_file: Path | None) -> object:
    """The rules of ``preset`` (or the game's default), changed by ``rules_file`` if given."""
    chosen = preset or game.default_preset
    if rules_file is None:
        return game.rules(chosen)
    return game.rules_from_toml(read_text(rules_file), str(rules_file), chosen)


# The parser's error class (click's UsageError, which typer may bundle): BadParameter's parent.
_UsageError = cast(type[Exception], typer.BadParameter.__mro__[1])


@contextmanager
def _usage_in_one_line() -> Iterator[None]:
    try:
        yield
    except _UsageError as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            raise  # a bare group prints its help, as asked
        context = getattr(error, "ctx", None)
        path = getattr(context, "command_path", "")
        hint = f"; see '{path} --help'" if path else ""
        message = getattr(error, "format_message", error.__str__)()
        say_error(f"{message.rstrip('.')}{hint}")
        raise typer.Exit(getattr(error, "exit_code", BAD_INPUT)) from None


class OneLineGroup(TyperGroup):
    """The command group whose usage errors (a bad option, a missing argument) are one line.

    Click prints a usage block and a boxed message; the project's rule is one ``error:`` line
    for any bad input, commands included.
    """

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        """Parse the command line, turning a usage error into one line and exit status 2."""
        with _usage_in_one_line():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        """Run the sub-command, whose own usage errors are turned into one line too."""
        with _usage_in_one_line():
            return super().invoke(ctx)


def root_app() -> typer.Typer:
    """The ``cardtable`` command group, before any command is added to it."""
    return typer.Typer(
        name="cardtable",
        help="Preferans, Piquet and Poker by the book: play, score, analyse, simulate.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        cls=OneLineGroup,
    )


def print_json(data: object) -> None:
    """Write ``data`` as JSON on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


@contextmanager
def lazy_progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress callback that shows a bar on standard error once a second has passed."""
    from rich.progress import Progress  # noqa: PLC0415 - only long commands draw a bar

    started = time.perf_counter()
    progress = Progress(console=err, transient=True)
    task = progress.add_task("dealing", total=total)
    shown = False

    def advance(count: int) -> None:
        nonlocal shown
        progress.advance(task, count)
        if not shown and time.perf_counter() - started > 1.0:
            progress.start()
            shown = True

    try:
        yield advance
    finally:
        if shown:
            progress.stop()
