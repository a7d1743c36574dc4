"""A tournament's running means drawn with their 95 % bands (matplotlib, the ``plot`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.scale import ScaleError
from cardtable.scale.tournament import Z_95, TournamentSummary


def _pyplot() -> Any:
    try:
        import matplotlib  # noqa: PLC0415 - an optional extra, loaded only to draw

        matplotlib.use("Agg")
        from matplotlib import pyplot  # noqa: PLC0415
    except ImportError:
        raise ScaleError("--plot needs the plot extra: pip install 'cardtable[plot]'") from None
    return pyplot


def check_plot_path(path: Path) -> None:
    """Refuse, before any deal is played, a plot that could not be written to ``path``."""
    pyplot = _pyplot()
    formats = pyplot.figure().canvas.get_supported_filetypes()
    pyplot.close("all")
    kind = path.suffix.lstrip(".").lower()
    if kind not in formats:
        raise ScaleError(
            f"{path}: a plot is written as one of {', '.join(sorted(formats))}, "
            f"named by its ending (.png)"
        )
    if not path.parent.is_dir():
        raise ScaleError(f"{path}: no folder {path.parent} to write the plot in")


def plot_running_means(summary: TournamentSummary, path: Path) -> None:
    """Draw each bot's running mean per deal against the decks played, with its 95 % band."""
    pyplot = _pyplot()
    figure, axes = pyplot.subplots(figsize=(8, 4.5))
    decks = [point.decks for point in summary.running]
    for number, bot in enumerate(summary.bots):
        means = [point.means[number] for point in summary.running]
        errors = [point.standard_errors[number] or 0.0 for point in summary.running]
        (line,) = axes.plot(decks, means, label=bot)
        axes.fill_between(
            decks,
            [mean - Z_95 * error for mean, error in zip(means, errors, strict=True)],
            [mean + Z_95 * error for mean, error in zip(means, errors, strict=True)],
            color=line.get_color(),
            alpha=0.2,
        )
    axes.axhline(0, color="grey", linewidth=0.5)
    axes.set_xscale("log")
    axes.set_xlabel("decks played (each in every seating)")
    axes.set_ylabel("mean result per deal")
    preset = f" ({summary.preset})" if summary.preset else ""
    axes.set_title(f"{summary.game}{preset}: running means with 95 % bands, seed {summary.seed}")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)
