"""Group commits: the log entries of many tables that arrive together, stored in one transaction.

Every table appends through :meth:`GroupCommit.append`, which returns only once its entries'
transaction has committed (so an ``ack`` still follows its commit). The appends wait in one
queue; the database thread takes everything queued at the moment it comes to them and commits
it as one transaction (:meth:`Store.append_group`), so a table never waits for a commit to
start, and under load each commit, thread hand-over and (on PostgreSQL) round trip is shared
by every table whose action came meanwhile.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Executor
from dataclasses import dataclass

from cardtable.store.repository import Append, Entry, Store


@dataclass
class CommitCounts:
    """What the committer has done: the groups committed, the appends they held, the largest.

    Each group is one transaction, unless one of its appends failed and each was tried alone.
    """

    groups: int = 0
    appends: int = 0
    largest: int = 0


class GroupCommit:
    """The tables' appends to the log, grouped into transactions on the database thread."""

    def __init__(self, store: Store, executor: Executor) -> None:
        self.store = store
        self.executor = executor
        self.counts = CommitCounts()
        self._queue: list[tuple[Append, asyncio.Future[None]]] = []
        self._queued = threading.Lock()

    async def append(self, table_id: str, entries: list[Entry], status: str | None) -> None:
        """Store ``entries`` of table ``table_id``; return once committed, else raise why not."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        with self._queued:
            self._queue.append((Append(table_id, tuple(entries), status), done))
        # One drain per append: the first takes every append queued by then; later ones may
        # find the queue empty and return at once.
        loop.run_in_executor(self.executor, self._drain, loop)
        await done

    def _drain(self, loop: asyncio.AbstractEventLoop) -> None:
        # On the database thread: commit what is queued now, then settle each caller.
        with self._queued:
            group, self._queue = self._queue, []
        if not group:
            return
        try:
            outcomes = self.store.append_group([append for append, _ in group])
        except Exception as error:  # every append of the group failed with it
            outcomes = [error] * len(group)
        self.counts.groups += 1
        self.counts.appends += len(group)
        self.counts.largest = max(self.counts.largest, len(group))
        loop.call_soon_threadsafe(_settle, [done for _, done in group], outcomes)


def _settle(waiting: list[asyncio.Future[None]], outcomes: list[Exception | None]) -> None:
    for done, outcome in zip(waiting, outcomes, strict=True):
        if done.done():
            continue  # its caller was cancelled: the entries are stored all the same
        if outcome is None:
            done.set_result(None)
        else:
            done.set_exception(outcome)
