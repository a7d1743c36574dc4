"""What every command shares: one-line errors on standard error with exit status 2."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console
from rich.progress import Progress

from cardtable.errors import CardtableError

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
        err.print(f"error: {where}{message}", markup=False, soft_wrap=True)
        raise typer.Exit(BAD_INPUT) from None


def print_json(data: Any) -> None:
    """Write ``data`` as JSON on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


@contextmanager
def lazy_progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress callback that shows a bar on standard error once a second has passed."""
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
