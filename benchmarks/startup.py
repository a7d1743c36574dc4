"""Time the commands people start often as whole processes, beside the floors they stand on.

    .venv/bin/python benchmarks/startup.py [--runs 7]

Each command runs ``--runs`` times after one warm-up run (which fills numba's and Python's
caches); the figure is the median CPU seconds of the child process (user plus system, from
``os.wait4``), since the load of other work on a shared machine swings wall times by 2-4x.
The floors, timed in the same run: an empty Python, Python importing typer and rich (what any
command of ours loads), a one-option typer command that does nothing (typer 0.29 and later
build a pydantic validator for every parameter, so this floor imports pydantic too), and
Python importing numba and calling one cached kernel (what any command that uses a compiled
kernel loads before its own work starts). The anchor of the equity command is the same
command counting on the numba kernel (the counter compiled ahead of time put aside,
:mod:`cardtable.poker.aot`); of ``preferans solve``, the same command under the whole command
line instead of its small root. The issue's targets (issue 19, targets 1 and 2) are printed
beside each command.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from common import machine_line

PYTHON = sys.executable

NUMBA_FLOOR = textwrap.dedent(
    """
    import numpy as np
    from numba import njit

    @njit(cache=True)
    def total(values):
        return values.sum()

    total(np.arange(3))
    """
)

EMPTY_COMMAND = textwrap.dedent(
    """
    import rich.console
    import typer

    app = typer.Typer()

    @app.command()
    def nothing(json: bool = False) -> None:
        \"\"\"Do nothing.\"\"\"

    app()
    """
)
"""A typer command with one option, doing nothing: what typer alone costs a command."""

EQUITY = ["poker", "equity", "A♥ K♥", "Q♠ Q♦"]

SOLVE = [
    "preferans",
    "solve",
    "♠7 8 9 10, ♦7 8 9, ♣8, ♥8 9",
    "♠K A, ♦A, ♣10 J Q, ♥10 Q K A",
    "♠J Q, ♦10 J Q K, ♣7 9, ♥7 J",
    *("--declarer", "0", "--lead", "2", "--contract", "misère"),
]
"""The Kovalevskaya misère, solved with the value of every card of the seat to lead."""

WHOLE_ROOT = "import sys; from cardtable.cli.main import app; sys.argv[0] = 'cardtable'; app()"
"""The whole command line, every command loaded: the anchor of the commands with a small root."""

ON_NUMBA = textwrap.dedent(
    f"""
    import importlib, sys
    from cardtable.cli import run

    compiled = importlib.import_module("cardtable.poker.equity.compiled")

    compiled.ahead_of_time_counter = lambda: None
    sys.argv = ["cardtable", *{EQUITY!r}]
    run()
    """
)
"""The equity command with the counter compiled ahead of time put aside: numba counts."""

COMMANDS: tuple[tuple[str, list[str], float | None], ...] = (
    ("python -c pass", [PYTHON, "-c", "pass"], None),
    ("python: import typer, rich", [PYTHON, "-c", "import typer, rich.console"], None),
    ("python: import numpy", [PYTHON, "-c", "import numpy"], None),
    ("python: empty typer command, one option", [PYTHON, "-c", EMPTY_COMMAND], None),
    ("python: numba, one cached kernel", [], None),
    ("poker equity A♥K♥ Q♠Q♦ on numba", [PYTHON, "-c", ON_NUMBA], None),
    ("cardtable games", ["games"], 0.3),
    ("cardtable poker hand", ["poker", "hand", "A♥ K♥ Q♥ J♥ 10♥"], 0.3),
    ("cardtable poker showdown", ["poker", "showdown", "A♥ A♦ 2♣ 7♠ 9♦", "K♣ K♦ 3♣ 4♠ 8♦"], 0.3),
    ("cardtable poker equity A♥K♥ Q♠Q♦", EQUITY, 0.5),
    ("preferans solve, whole command line", [PYTHON, "-c", WHOLE_ROOT, *SOLVE], None),
    ("cardtable preferans solve (misère)", SOLVE, 2.0),
)


def cpu_seconds(argv: list[str]) -> float:
    """The CPU seconds (user + system) of one run of ``argv``; its output is thrown away."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {process.returncode}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    cardtable = [PYTHON, "-m", "cardtable"]
    with tempfile.TemporaryDirectory() as folder:
        floor = Path(folder) / "numba_floor.py"
        floor.write_text(NUMBA_FLOOR, encoding="utf-8")
        print(machine_line())
        print(f"{'command':40} {'median CPU s':>12} {'min':>7} {'max':>7} {'target':>7}")
        for label, words, target in COMMANDS:
            if not words:
                argv = [PYTHON, str(floor)]
            elif words[0] == PYTHON:
                argv = words
            else:
                argv = [*cardtable, *words]
            cpu_seconds(argv)
            times = [cpu_seconds(argv) for _ in range(runs)]
            shown = f"{target:7.2f}" if target is not None else f"{'—':>7}"
            print(
                f"{label:40} {statistics.median(times):12.3f} {min(times):7.3f} "
                f"{max(times):7.3f} {shown}"
            )
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
