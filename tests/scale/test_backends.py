"""Backends: the same seed gives the same summary everywhere (docs/scale.md, "Backends")."""

from __future__ import annotations

import re
import sys

import pytest

from cardtable.engine import get_game
from cardtable.scale import ScaleError
from cardtable.scale.backends import Backend, run_chunks
from cardtable.scale.chunks import Chunk, plan_chunks
from cardtable.scale.simulation import fast_in_chunks, simulate_in_chunks
from cardtable.scale.tournament import TournamentSummary, play_tournament
from toygame.game import ToyGame

WORKER_COUNTS = [1, 2, 3]


def _chunk_index(chunk: Chunk, progress: object = None) -> tuple[int, int]:
    return chunk.index, chunk.seed


def _refuse_the_third_chunk(chunk: Chunk, progress: object = None) -> int:
    if chunk.index == 2:
        raise ScaleError("chunk 2 refused")
    return chunk.index


def test_an_error_in_a_worker_reaches_the_caller_as_itself() -> None:
    """docs/scale.md, "Backends".

    A chunk's error stops the run with the same one-line error the local backend would give.
    """
    chunks = plan_chunks(30, seed=1, size=3)
    with pytest.raises(ScaleError, match="chunk 2 refused"):
        list(run_chunks(_refuse_the_third_chunk, chunks, backend="process", workers=2))


def test_the_chunks_are_fixed_by_the_deal_count_not_the_workers() -> None:
    """docs/scale.md, "Chunks and seeds".

    Chunk ``i`` is seeded by SeedSequence's ``i``-th spawned child, whatever the run's length beyond
    it.
    """
    short, long = plan_chunks(25, seed=9, size=10), plan_chunks(1000, seed=9, size=10)
    assert [(c.start, c.count) for c in short] == [(0, 10), (10, 10), (20, 5)]
    assert [c.seed for c in short] == [c.seed for c in long[:3]]
    assert len({c.seed for c in long}) == 100


def test_the_process_pool_hands_the_results_back_in_chunk_order() -> None:
    """docs/scale.md, "Backends": results are merged in chunk order, however they finish."""
    chunks = plan_chunks(40, seed=1, size=3)
    found = list(run_chunks(_chunk_index, chunks, backend="process", workers=3))
    assert found == [(chunk.index, chunk.seed) for chunk in chunks]


def test_a_tournament_summary_is_bit_identical_on_every_backend_and_worker_count(
    toy: ToyGame,
) -> None:
    """docs/scale.md, "Backends".

    The same seed gives the same summary, float for float, in this process and in a pool of one, two
    or three processes.
    """
    rules = toy.rules("marathon")

    def summary(backend: Backend = "local", workers: int | None = None) -> TournamentSummary:
        return play_tournament(
            toy,
            rules,
            ["random", "random"],
            decks=40,
            seed=8,
            chunk=6,
            backend=backend,
            workers=workers,
        )

    here = summary()
    assert len(here.running) == 40
    for workers in WORKER_COUNTS:
        assert summary(backend="process", workers=workers) == here


def test_a_simulation_summary_is_the_same_on_every_backend_and_worker_count(
    toy: ToyGame,
) -> None:
    """docs/scale.md, "Backends".

    ``simulate``'s report, but for its timing, is the same (here and in a pool of two: the
    tournament's test tries one, two and three).
    """

    def summary(backend: Backend = "local", workers: int | None = None) -> dict[str, object]:
        report = simulate_in_chunks(
            toy,
            toy.rules(),
            players=3,
            deals=45,
            seed=4,
            chunk=10,
            backend=backend,
            workers=workers,
        )
        assert report.ok
        assert report.seconds > 0
        data = report.to_data()
        del data["seconds"], data["deals_per_second"]
        return data

    here = summary()
    assert here["deals"] == 45
    assert summary(backend="process", workers=2) == here


@pytest.mark.parametrize("workers", WORKER_COUNTS)
def test_a_lean_poker_simulation_is_the_same_in_a_pool_of_any_size(workers: int) -> None:
    """docs/scale.md, "Backends": ``simulate --fast``'s chunks add up to the same summary."""
    game = get_game("poker")
    rules = game.rules("holdem")

    def summary(backend: Backend, workers: int | None = None) -> dict[str, object]:
        found = fast_in_chunks(
            game,
            rules,
            players=4,
            deals=2500,
            seed=3,
            bot="random",
            chunk=700,
            backend=backend,
            workers=workers,
        )
        del found["seconds"], found["deals_per_second"]
        return found

    here = summary("local")
    assert (here["deals"], here["players"], len(here["net"])) == (2500, 4, 4)  # type: ignore[arg-type]
    assert summary("process", workers) == here


def test_a_piquet_tournament_is_the_same_in_a_pool_of_two() -> None:
    """docs/scale.md, "Backends", with a registered game and its own bot."""
    game = get_game("piquet")

    def summary(backend: Backend = "local", workers: int | None = None) -> TournamentSummary:
        return play_tournament(
            game,
            game.rules(),
            ["default", "random"],
            decks=8,
            seed=2,
            chunk=3,
            backend=backend,
            workers=workers,
        )

    assert summary(backend="process", workers=2) == summary()


@pytest.mark.parametrize(
    ("backend", "workers", "address", "message"),
    [
        ("cloud", None, None, "unknown backend 'cloud' (the backends: local, process, ray)"),
        ("process", 0, None, "--workers is a number of processes from 1, not 0"),
        ("local", 2, None, "the local backend plays in this process: --workers needs process"),
        ("process", None, "auto", "--address names a Ray cluster: give it with --backend ray"),
        ("ray", 2, "auto", "--workers sizes a Ray started here; the cluster at --address"),
    ],
)
def test_a_backend_that_cannot_run_as_asked_is_refused_in_one_line(
    toy: ToyGame, backend: str, workers: int | None, address: str | None, message: str
) -> None:
    """The project's rule: bad input gets one line naming what is wrong (docs/scale.md)."""
    with pytest.raises(ScaleError, match=re.escape(message)):
        play_tournament(
            toy,
            toy.rules(),
            ["random", "random"],
            decks=3,
            seed=1,
            backend=backend,  # type: ignore[arg-type]
            workers=workers,
            address=address,
        )


def test_the_ray_backend_without_its_extra_names_the_extra(
    toy: ToyGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/scale.md, "Ray": Ray is the optional extra ``cardtable[ray]``."""
    monkeypatch.setitem(sys.modules, "ray", None)  # what an interpreter without Ray imports
    needs = r"the ray backend needs the ray extra: .*cardtable\[ray\]"
    with pytest.raises(ScaleError, match=needs):
        play_tournament(toy, toy.rules(), ["random", "random"], decks=3, seed=1, backend="ray")
