"""Duplicate tournaments of bots: every seating of the bots plays the same shuffled deck.

Each deck is dealt once for every permutation of the bots over the seats (the dealer's seat
and the cards of each seat stay where the deck puts them; the bots move), so the luck of the
cards cancels: a bot's result on a deck is the mean of what it won in each of the deck's
seatings. A deck is therefore one sample, and a bot's standard error is the sample standard
deviation of its per-deck results over the square root of the decks; the seatings of one
deck, which share its cards, are never counted as separate samples. Each seat draws its bot's
random choices from a generator of its own, seeded by the deck and the seat, so a bot that
plays against itself plays every seating alike and, in a game whose ledger sums to zero,
scores exactly nothing.

A deal's result is :meth:`~cardtable.engine.game.Game.deal_result` of a fresh match's first
deal: the ledger's change (preferans: whists; poker: the stake's units), or piquet's points.
The sums are kept as exact fractions and merged in chunk order, so the summary is the same
float for float wherever the chunks were played.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Generic, TypeVar

from cardtable.bots import SomeBot, make_bot, reads_view
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.rng import seeded_rng
from cardtable.errors import RulesError
from cardtable.harness import MAX_ACTIONS_PER_DEAL
from cardtable.scale import ScaleError
from cardtable.scale.backends import Backend, Progress, run_chunks
from cardtable.scale.chunks import Chunk, chunk_size, plan_chunks

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

LEAST_DECKS = 100
"""The fewest decks in a chunk: with two bots each deck is two deals, so a chunk is at least
two hundred deals with bots, a tenth of a second and more (docs/scale.md)."""

PLOT_POINTS = 1000
"""About how many points of the running means a tournament keeps for its plot."""

Z_95 = NormalDist().inv_cdf(0.975)
"""The two-sided 95 % quantile of the normal distribution (1.96)."""


@dataclass(frozen=True, slots=True)
class Sums:
    """Exact running sums of the bots' per-deck results: how many decks, Σx and Σx² per bot."""

    decks: int
    totals: tuple[Fraction, ...]
    squares: tuple[Fraction, ...]

    @classmethod
    def zero(cls, bots: int) -> Sums:
        """No deck yet."""
        return cls(0, (Fraction(0),) * bots, (Fraction(0),) * bots)

    def add(self, results: Sequence[Fraction]) -> Sums:
        """These sums with one more deck's results."""
        return Sums(
            self.decks + 1,
            tuple(t + x for t, x in zip(self.totals, results, strict=True)),
            tuple(s + x * x for s, x in zip(self.squares, results, strict=True)),
        )

    def __add__(self, other: Sums) -> Sums:
        """The sums of two runs of decks together."""
        return Sums(
            self.decks + other.decks,
            tuple(a + b for a, b in zip(self.totals, other.totals, strict=True)),
            tuple(a + b for a, b in zip(self.squares, other.squares, strict=True)),
        )

    def means(self) -> tuple[float, ...]:
        """Each bot's mean result per deal."""
        return tuple(float(total / self.decks) for total in self.totals)

    def standard_errors(self) -> tuple[float | None, ...]:
        """Each bot's standard error of the mean, one sample per deck (``None`` for one deck)."""
        if self.decks < 2:
            return (None,) * len(self.totals)
        return tuple(
            math.sqrt(float((square - total * total / self.decks) / (self.decks - 1)))
            / math.sqrt(self.decks)
            for total, square in zip(self.totals, self.squares, strict=True)
        )


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """One chunk's sums, and its sums so far at each of the run's plot points within it."""

    sums: Sums
    marks: tuple[tuple[int, Sums], ...]
    """Pairs of the run's deck count at a plot point and the chunk's own sums there."""


@dataclass(frozen=True, slots=True)
class Played(Generic[A, V, R]):
    """One seating's match of a deck (one finished deal), and what each bot won by it."""

    match: Match[A, V, R]
    results: dict[str, Fraction]


@dataclass(frozen=True)
class Tournament(Generic[A, V, R]):
    """Bots named ``bots`` (one per seat) playing ``game`` under ``rules`` in duplicate."""

    game: Game[A, V, R]
    rules: R
    bots: tuple[str, ...]
    preset: str | None = None
    plot_every: int = 1
    """Keep the running sums at every this many decks of the run (for the plot)."""

    def __post_init__(self) -> None:
        """Refuse bots that the game cannot seat or does not have, in one line."""
        if len(self.bots) < 2:
            raise ScaleError(f"a tournament needs two bots or more, not {len(self.bots)}")
        self.game.check_players(len(self.bots))
        for name in dict.fromkeys(self.bots):
            make_bot(self.game.name, name, self.rules)

    @property
    def labels(self) -> tuple[str, ...]:
        """The bots' names as results and records give them: ``random#1`` where two share one."""
        return _labels(self.bots)

    @property
    def seatings(self) -> list[tuple[int, ...]]:
        """Every seating: for each seat (in order), the number of the bot sitting there."""
        return list(itertools.permutations(range(len(self.bots))))

    def make_bots(self) -> list[SomeBot]:
        """A fresh bot for each name in :attr:`bots`."""
        return [make_bot(self.game.name, name, self.rules) for name in self.bots]

    def play_deck(self, seed: str, bots: Sequence[SomeBot]) -> list[Played[A, V, R]]:
        """The deck ``seed`` shuffles, dealt once in each seating."""
        return [self._play_seating(seed, seating, bots) for seating in self.seatings]

    def deck_results(self, played: Sequence[Played[A, V, R]]) -> tuple[Fraction, ...]:
        """Each bot's mean result over one deck's seatings, in the order of :attr:`bots`."""
        totals = dict.fromkeys(self.labels, Fraction(0))
        for one in played:
            for label, won in one.results.items():
                totals[label] += won
        return tuple(totals[label] / len(played) for label in self.labels)

    def __call__(self, chunk: Chunk, progress: Progress | None = None) -> ChunkResult:
        """Play the chunk's decks; the sums of the bots' results, with the plot's points."""
        bots = self.make_bots()
        sums = Sums.zero(len(self.bots))
        marks = []
        for number in range(chunk.count):
            sums = sums.add(self.deck_results(self.play_deck(f"{chunk.seed}/{number}", bots)))
            played = chunk.start + number + 1
            if played % self.plot_every == 0 or number == chunk.count - 1:
                marks.append((played, sums))
            if progress is not None:
                progress(1)
        return ChunkResult(sums, tuple(marks))

    def _play_seating(
        self, seed: str, seating: tuple[int, ...], bots: Sequence[SomeBot]
    ) -> Played[A, V, R]:
        labels = self.labels
        match = self.game.new_match(self.rules, [labels[bot] for bot in seating], self.preset)
        before = match.ledger()
        deal = match.start_deal(seeded_rng(f"{seed}/deck"))
        chance = [seeded_rng(f"{seed}/seat/{seat}") for seat in range(len(seating))]
        for _ in range(MAX_ACTIONS_PER_DEAL):
            seat = deal.to_move
            if seat is None:
                return Played(match, self.game.deal_result(match, before))
            bot = bots[seating[seat]]
            view = deal.view(seat) if reads_view(bot) else None
            match.apply(bot.choose(view, deal.legal_actions(), chance[seat]))
        raise RulesError(f"a deal went on past {MAX_ACTIONS_PER_DEAL} actions")


def _labels(bots: Sequence[str]) -> tuple[str, ...]:
    """Each bot's name, numbered where two bots share it.

    >>> _labels(["default", "random", "random"])
    ('default', 'random#1', 'random#2')
    """
    shared = {name for name in bots if bots.count(name) > 1}
    seen: dict[str, int] = {}
    labels = []
    for name in bots:
        seen[name] = seen.get(name, 0) + 1
        labels.append(f"{name}#{seen[name]}" if name in shared else name)
    return tuple(labels)


@dataclass(frozen=True)
class Standing:
    """One bot's result: its mean per deal, standard error and 95 % confidence interval."""

    bot: str
    mean: float
    standard_error: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, bot: str, mean: float, error: float | None) -> Standing:
        """The standing of a bot with this mean and standard error (normal 95 % interval)."""
        if error is None:
            return cls(bot, mean, None, None, None)
        return cls(bot, mean, error, mean - Z_95 * error, mean + Z_95 * error)

    def to_data(self) -> dict[str, object]:
        """The standing as JSON-shaped data."""
        return {
            "bot": self.bot,
            "mean": self.mean,
            "standard_error": self.standard_error,
            "ci95": None if self.low is None else [self.low, self.high],
        }


@dataclass(frozen=True)
class RunningPoint:
    """The bots' running means and standard errors after ``decks`` decks (for the plot)."""

    decks: int
    means: tuple[float, ...]
    standard_errors: tuple[float | None, ...]


@dataclass(frozen=True)
class TournamentSummary:
    """What a tournament came to: the same, float for float, on every backend."""

    game: str
    preset: str | None
    bots: tuple[str, ...]
    seed: int
    decks: int
    seatings: int
    chunk_decks: int
    standings: tuple[Standing, ...]
    running: tuple[RunningPoint, ...]

    @property
    def deals(self) -> int:
        """The deals played: each deck once per seating."""
        return self.decks * self.seatings

    def to_data(self) -> dict[str, object]:
        """The summary as JSON-shaped data (without the running means)."""
        return {
            "game": self.game,
            "preset": self.preset,
            "bots": list(self.bots),
            "seed": self.seed,
            "decks": self.decks,
            "seatings": self.seatings,
            "deals": self.deals,
            "chunk_decks": self.chunk_decks,
            "sample": "deck",
            "standings": [standing.to_data() for standing in self.standings],
        }


@dataclass(frozen=True)
class TournamentReport:
    """A tournament's summary, and how long it took on which backend."""

    summary: TournamentSummary
    backend: str
    workers: int | None
    seconds: float

    @property
    def deals_per_second(self) -> float:
        """Deals played per second of wall-clock time."""
        return self.summary.deals / self.seconds if self.seconds > 0 else float("inf")

    def to_data(self) -> dict[str, object]:
        """The report as JSON-shaped data: the summary, then the backend and the speed."""
        return {
            **self.summary.to_data(),
            "backend": self.backend,
            "workers": self.workers,
            "seconds": round(self.seconds, 6),
            "deals_per_second": round(self.deals_per_second, 3),
        }


def play_tournament(
    game: Game[A, V, R],
    rules: R,
    bots: Sequence[str],
    *,
    decks: int,
    seed: int,
    preset: str | None = None,
    backend: Backend = "local",
    workers: int | None = None,
    address: str | None = None,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> TournamentSummary:
    """Play ``decks`` decks in every seating of ``bots`` on ``backend``; the bots' standings.

    ``chunk`` is the decks in each chunk (by default :data:`LEAST_DECKS`, more for a huge
    run); ``progress`` is told of the decks played.
    """
    size = chunk if chunk is not None else chunk_size(decks, LEAST_DECKS)
    every = max(1, math.ceil(decks / PLOT_POINTS))
    tournament = Tournament(game, rules, tuple(bots), preset, every)
    chunks = plan_chunks(decks, seed=seed, size=size)
    sums = Sums.zero(len(bots))
    running: list[RunningPoint] = []
    results = run_chunks(
        tournament, chunks, backend=backend, workers=workers, address=address, progress=progress
    )
    for result in results:
        for played, so_far in result.marks:
            whole = sums + so_far
            running.append(RunningPoint(played, whole.means(), whole.standard_errors()))
        sums += result.sums
    standings = tuple(
        Standing.of(label, mean, error)
        for label, mean, error in zip(
            tournament.labels, sums.means(), sums.standard_errors(), strict=True
        )
    )
    return TournamentSummary(
        game.name,
        preset,
        tournament.labels,
        seed,
        decks,
        len(tournament.seatings),
        size,
        standings,
        tuple(running),
    )
