"""Where a run's chunks are played: in this process, in a process pool, or on a Ray cluster.

Every backend hands the chunks' results back in chunk order, whatever order they finished
in, so that merging them gives the same summary everywhere. The pool and Ray keep a bounded
number of chunks in flight (twice the workers), so that a run of a million chunks holds a few
results at a time, not all of them.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from itertools import islice
from typing import Any, Literal, Protocol, TypeVar, get_args

from cardtable.scale import ScaleError
from cardtable.scale.chunks import Chunk

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

Backend = Literal["local", "process", "ray"]
"""The backends' names, as ``--backend`` takes them."""

BACKENDS: tuple[str, ...] = get_args(Backend)

Progress = Callable[[int], None]
"""Told how many units (deals or decks) have just been played."""


class Task(Protocol[T_co]):
    """Plays one chunk: a picklable callable, so that a worker process or Ray can run it."""

    def __call__(self, chunk: Chunk, progress: Progress | None = None) -> T_co:
        """The chunk's result; ``progress`` is told of each unit played, when given."""
        ...


def check_backend(backend: str, workers: int | None, address: str | None) -> Backend:
    """``backend`` if it can run with these ``workers`` and ``address``; else a one-line error."""
    if backend not in BACKENDS:
        raise ScaleError(f"unknown backend {backend!r} (the backends: {', '.join(BACKENDS)})")
    if workers is not None and workers < 1:
        raise ScaleError(f"--workers is a number of processes from 1, not {workers}")
    if backend == "local" and workers not in (None, 1):
        raise ScaleError("the local backend plays in this process: --workers needs process or ray")
    if address is not None and backend != "ray":
        raise ScaleError("--address names a Ray cluster: give it with --backend ray")
    if address is not None and workers is not None:
        raise ScaleError("--workers sizes a Ray started here; the cluster at --address has its own")
    chosen: Backend = backend  # type: ignore[assignment]  # checked against BACKENDS above
    return chosen


def run_chunks(
    task: Task[T],
    chunks: Sequence[Chunk],
    *,
    backend: Backend = "local",
    workers: int | None = None,
    address: str | None = None,
    progress: Progress | None = None,
) -> Iterator[T]:
    """The results of ``task`` on every chunk, in chunk order, as the backend plays them.

    ``workers`` is the pool's size or the local Ray's CPUs (default: this machine's cores);
    ``address`` is a running Ray cluster's (``auto`` finds it). The local backend tells
    ``progress`` of every unit; the others of each chunk as it comes back.
    """
    check_backend(backend, workers, address)
    if backend == "local":
        return (task(chunk, progress) for chunk in chunks)
    if backend == "process":
        return _in_process_pool(task, chunks, workers or os.cpu_count() or 1, progress)
    return _on_ray(task, chunks, workers, address, progress)


def _in_chunk_order(
    chunks: Sequence[Chunk], finished: Iterator[tuple[int, T]], progress: Progress | None
) -> Iterator[T]:
    """Results that ``finished`` yields in any order (chunk index and result), in chunk order."""
    waiting: dict[int, T] = {}
    following = 0
    for index, result in finished:
        if progress is not None:
            progress(chunks[index].count)
        waiting[index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _start_method() -> multiprocessing.context.BaseContext:
    """Forked workers where the system forks, else spawned ones.

    A forked worker starts with every module of this process loaded (a spawned one spends
    seconds importing cardtable and loading its compiled kernels: docs/scale.md, "Speed"). The
    only other thread here is a progress bar's, whose lock a worker never takes.
    """
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _in_process_pool(
    task: Task[T], chunks: Sequence[Chunk], workers: int, progress: Progress | None
) -> Iterator[T]:
    def finished() -> Iterator[tuple[int, T]]:
        pool = ProcessPoolExecutor(workers, _start_method())
        try:
            queued = iter(chunks)
            pending = {pool.submit(task, c): c.index for c in islice(queued, 2 * workers)}
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
                pending |= {pool.submit(task, c): c.index for c in islice(queued, len(done))}
        finally:
            # A run stopped early (an error, ^C) drops the chunks not yet begun.
            pool.shutdown(cancel_futures=True)

    return _in_chunk_order(chunks, finished(), progress)


def _ray() -> Any:
    try:
        import ray  # noqa: PLC0415 - an optional extra, loaded only for its backend
    except ImportError:
        raise ScaleError(
            "the ray backend needs the ray extra: pip install 'cardtable[ray]'"
        ) from None
    return ray


@contextmanager
def _ray_connected(ray: Any, workers: int | None, address: str | None) -> Iterator[None]:
    """Ray running: the one already started here, the cluster at ``address``, or a new one."""
    if ray.is_initialized():
        yield
        return
    if address is not None:
        ray.init(address=address, logging_level=logging.WARNING)
    else:
        cpus = workers or os.cpu_count() or 1
        ray.init(num_cpus=cpus, include_dashboard=False, logging_level=logging.WARNING)
    try:
        yield
    finally:
        ray.shutdown()


def _run_remote(task: Task[T], chunk: Chunk) -> tuple[int, T]:
    return chunk.index, task(chunk)


def _on_ray(
    task: Task[T],
    chunks: Sequence[Chunk],
    workers: int | None,
    address: str | None,
    progress: Progress | None,
) -> Iterator[T]:
    ray = _ray()

    def finished() -> Iterator[tuple[int, T]]:
        with _ray_connected(ray, workers, address):
            remote = ray.remote(num_cpus=1)(_run_remote)
            shared = ray.put(task)
            in_flight = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
            queued = iter(chunks)
            pending = [remote.remote(shared, chunk) for chunk in islice(queued, in_flight)]
            while pending:
                # Wait for one chunk, then take every other that is ready too, in one get.
                ready, pending = ray.wait(pending, num_returns=1)
                if pending:
                    more, pending = ray.wait(pending, num_returns=len(pending), timeout=0)
                    ready += more
                yield from ray.get(ready)
                pending += [remote.remote(shared, chunk) for chunk in islice(queued, len(ready))]

    return _in_chunk_order(chunks, finished(), progress)
