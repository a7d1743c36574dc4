"""The harness's checked simulation (:func:`cardtable.harness.simulate`), cut into chunks.

Each chunk is a simulation of its own, seeded by its chunk's seed; the chunks' reports are
added up in chunk order (deals, matches, each check, the first failures, the tally), so the
summary is the same on every backend with any number of workers. A game's lean loop
(``simulate --fast``: :meth:`~cardtable.engine.game.Game.fast_simulate`) is cut the same way.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from cardtable.bots import make_bot
from cardtable.engine.game import Game
from cardtable.harness import CHECKS, CheckMode, SimulationReport, simulate
from cardtable.scale import ScaleError
from cardtable.scale.backends import Backend, Progress, run_chunks
from cardtable.scale.chunks import Chunk, chunk_size, plan_chunks

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

LEAST_DEALS = 200
"""The fewest deals in a chunk: a tenth of a second and more of the checked harness for the
fastest game (docs/scale.md)."""

LEAST_FAST_DEALS = 50_000
"""The fewest deals in a chunk of a lean loop: a fifth of a second of poker's compiled loop
(some 270,000 six-handed deals a second; its Python loop, heads-up, plays 15,000)."""

KEPT_FAILURES = 5
"""Failures kept per check when the chunks' reports are added up."""


@dataclass(frozen=True)
class SimulationJob(Generic[A, V, R]):
    """One chunk's simulation: ``game`` under ``rules`` with bot ``bot`` in every seat."""

    game: Game[A, V, R]
    rules: R
    players: int
    preset: str | None
    bot: str
    checks: bool | CheckMode

    def __call__(self, chunk: Chunk, progress: Progress | None = None) -> SimulationReport:
        """The harness's report of the chunk's deals, played from the chunk's seed."""
        bots = [make_bot(self.game.name, self.bot, self.rules) for _ in range(self.players)]
        return simulate(
            self.game,
            self.rules,
            players=self.players,
            deals=chunk.count,
            seed=chunk.seed,
            preset=self.preset,
            bots=bots,
            checks=self.checks,
            progress=progress,
        )


def simulate_in_chunks(
    game: Game[A, V, R],
    rules: R,
    *,
    players: int,
    deals: int,
    seed: int,
    preset: str | None = None,
    bot: str = "default",
    checks: bool | CheckMode = True,
    backend: Backend = "local",
    workers: int | None = None,
    address: str | None = None,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> SimulationReport:
    """Play ``deals`` deals bot against bot on ``backend``, in chunks of ``chunk`` deals."""
    game.check_players(players)
    make_bot(game.name, bot, rules)
    job = SimulationJob(game, rules, players, preset, bot, checks)
    size = chunk if chunk is not None else chunk_size(deals, LEAST_DEALS)
    chunks = plan_chunks(deals, seed=seed, size=size)
    started = time.perf_counter()
    reports = list(
        run_chunks(
            job, chunks, backend=backend, workers=workers, address=address, progress=progress
        )
    )
    return merged_report(reports, time.perf_counter() - started)


def merged_report(reports: Sequence[SimulationReport], seconds: float) -> SimulationReport:
    """The chunks' reports, in chunk order, as one report of ``seconds``."""
    first = reports[0]
    failures: dict[str, list[str]] = {name: [] for name in CHECKS}
    tally: Counter[str] = Counter()
    for report in reports:
        for name, found in report.failures.items():
            failures[name].extend(found[: KEPT_FAILURES - len(failures[name])])
        tally.update(report.tally)
    return SimulationReport(
        first.game,
        first.preset,
        first.players,
        sum(report.deals for report in reports),
        sum(report.matches for report in reports),
        seconds,
        {name: all(report.checks[name] for report in reports) for name in CHECKS},
        failures,
        dict(tally),
        first.check_mode,
        sum(report.checked for report in reports),
        sum(report.replayed for report in reports),
        first.sample_every,
    )


FastSummary = dict[str, object]
"""What a game's lean loop reports (:meth:`~cardtable.engine.game.Game.fast_simulate`)."""


@dataclass(frozen=True)
class FastJob(Generic[A, V, R]):
    """One chunk of a game's lean loop: ``players`` seats, the lean bot ``bot`` in each."""

    game: Game[A, V, R]
    rules: R
    players: int
    bot: str

    def __call__(self, chunk: Chunk, progress: Progress | None = None) -> FastSummary:
        """The lean loop's summary of the chunk's deals, played from the chunk's seed."""
        found = self.game.fast_simulate(
            self.rules, players=self.players, deals=chunk.count, seed=chunk.seed, bot=self.bot
        )
        if found is None:
            raise ScaleError(f"{self.game.name} has no fast path; drop --fast")
        if progress is not None:
            progress(chunk.count)
        return found


def fast_in_chunks(
    game: Game[A, V, R],
    rules: R,
    *,
    players: int,
    deals: int,
    seed: int,
    bot: str,
    backend: Backend = "local",
    workers: int | None = None,
    address: str | None = None,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> FastSummary:
    """``deals`` deals of ``game``'s lean loop on ``backend``, in chunks of ``chunk`` deals."""
    game.check_players(players)
    size = chunk if chunk is not None else chunk_size(deals, LEAST_FAST_DEALS)
    chunks = plan_chunks(deals, seed=seed, size=size)
    job = FastJob(game, rules, players, bot)
    started = time.perf_counter()
    found = list(
        run_chunks(
            job, chunks, backend=backend, workers=workers, address=address, progress=progress
        )
    )
    return merged_fast(found, time.perf_counter() - started)


ADDED_UP = ("deals", "net", "carried")
"""The counts of a lean summary that its chunks add up (``net``: each seat's, a list)."""


def merged_fast(found: Sequence[FastSummary], seconds: float) -> FastSummary:
    """The chunks' lean summaries, in chunk order, as one summary of ``seconds``.

    The counts (:data:`ADDED_UP`: the deals, each seat's net, the pot carried at a chunk's
    end) are added up; the rest (game, variant, seats, bot) is the same in every chunk.
    """
    merged = dict(found[0])
    for name in ADDED_UP:
        value = merged.get(name)
        if isinstance(value, int):
            merged[name] = sum(_whole(summary[name]) for summary in found)
        elif isinstance(value, list):
            columns = zip(*(_wholes(summary[name]) for summary in found), strict=True)
            merged[name] = [sum(column) for column in columns]
    deals = _whole(merged["deals"])
    merged["seconds"] = round(seconds, 6)
    merged["deals_per_second"] = round(deals / seconds, 3) if seconds > 0 else float("inf")
    return merged


def _whole(value: object) -> int:
    assert isinstance(value, int)
    return value


def _wholes(value: object) -> list[int]:
    assert isinstance(value, list)
    return [_whole(item) for item in value]
