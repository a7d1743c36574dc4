"""``cardtable tournament`` and the backend options it shares with ``cardtable simulate``.

The tournament itself is :mod:`cardtable.scale.tournament`; this module reads the options,
shows a progress bar with the time left on a terminal, and prints the standings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from cardtable.cli.common import chosen_rules, err, one_line_errors, out, print_json
from cardtable.engine import get_game
from cardtable.engine.rules import MOST_DEALS

if TYPE_CHECKING:
    from cardtable.scale.tournament import TournamentReport

BackendOption = Annotated[
    str,
    typer.Option(
        "--backend", help="Where the chunks are played: local, process or ray (cardtable[ray])."
    ),
]
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", help="Processes of the process backend, CPUs of a local Ray."),
]
AddressOption = Annotated[
    str | None,
    typer.Option("--address", help="A running Ray cluster's address (auto: find it)."),
]
ChunkOption = Annotated[
    int | None,
    typer.Option(
        "--chunk", min=1, help="Deals in each chunk (default: set by the number of deals)."
    ),
]


@contextmanager
def chunk_progress(total: int, what: str, shown: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar with the time left, on standard error when ``shown``; else nothing."""
    if not shown:
        yield None
        return
    bar = Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    )
    task = bar.add_task(what, total=total)
    with bar:
        yield lambda count: bar.advance(task, count)


def tournament_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game's name or alias.")],
    bots: Annotated[
        str, typer.Option("--bots", help="One bot per seat, comma-separated: default,random.")
    ],
    deals: Annotated[
        int,
        typer.Option(
            "--deals", min=1, max=MOST_DEALS * 100, help="Decks, each dealt in every seating."
        ),
    ] = 1000,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the decks and the bots.")] = 1,
    preset: Annotated[
        str | None, typer.Option("--preset", "--variant", help="A preset (poker: a variant).")
    ] = None,
    rules_file: Annotated[
        Path | None, typer.Option("--rules", help="A TOML file of rule options over the preset.")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Draw the running means with their bands (cardtable[plot])."),
    ] = None,
    backend: BackendOption = "local",
    workers: WorkersOption = None,
    address: AddressOption = None,
    chunk: ChunkOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Play bots against each other in duplicate: every seating of the bots on the same decks.

    Each bot's mean result per deal is given with its standard error and 95 % confidence
    interval, one sample per deck (docs/scale.md).
    """
    import time  # noqa: PLC0415

    from cardtable.scale.backends import check_backend  # noqa: PLC0415 - keeps start-up fast
    from cardtable.scale.tournament import TournamentReport, play_tournament  # noqa: PLC0415

    with one_line_errors():
        game = get_game(game_name)
        chosen = preset or game.default_preset
        rules = chosen_rules(game, preset, rules_file)
        names = [name.strip() for name in bots.split(",")]
        kind = check_backend(backend, workers, address)
        if plot is not None:
            from cardtable.scale.plot import check_plot_path  # noqa: PLC0415 - matplotlib

            check_plot_path(plot)
        started = time.perf_counter()
        shown = not as_json and err.is_terminal
        with chunk_progress(deals, "decks", shown) as advance:
            summary = play_tournament(
                game,
                rules,
                names,
                decks=deals,
                seed=seed,
                preset=chosen,
                backend=kind,
                workers=workers,
                address=address,
                chunk=chunk,
                progress=advance,
            )
        report = TournamentReport(summary, kind, workers, time.perf_counter() - started)
        if plot is not None:
            from cardtable.scale.plot import plot_running_means  # noqa: PLC0415

            plot_running_means(summary, plot)
    if as_json:
        print_json({**report.to_data(), "plot": None if plot is None else str(plot)})
        return
    _print_report(report, game.title, plot)


def _print_report(report: TournamentReport, title: str, plot: Path | None) -> None:
    summary = report.summary
    rules = f" ({summary.preset})" if summary.preset else ""
    out.print(
        f"{summary.decks} decks of {title}{rules} × {summary.seatings} seatings = "
        f"{summary.deals} deals, seed {summary.seed}: {report.seconds:.2f} s, "
        f"{report.deals_per_second:,.0f} deals/s ({report.backend} backend)",
        soft_wrap=True,
    )
    table = Table("bot", "mean per deal", "standard error", "95 % interval")
    for standing in summary.standings:
        error = "—" if standing.standard_error is None else f"{standing.standard_error:.4g}"
        interval = "—" if standing.low is None else f"{standing.low:+.4g} … {standing.high:+.4g}"
        table.add_row(standing.bot, f"{standing.mean:+.4g}", error, interval)
    out.print(table)
    out.print("One sample per deck: its seatings' mean, so the cards' luck cancels.")
    if plot is not None:
        out.print(f"Running means drawn in {plot}.", soft_wrap=True)
