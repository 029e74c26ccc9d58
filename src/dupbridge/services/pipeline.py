"""The table service's two queues off the event loop's critical path (docs/server.md).

* :class:`Committer`: the event loop's side of the group writer
  (:class:`dupbridge.store.GroupWriter`, a thread of its own): ``await write(...)`` returns
  once the command's transaction has committed, or raises what stopped it. The outcomes of a
  whole group come back to the loop in one call.
* :class:`Outbox`: the messages to the other server processes, sent in order by one task, so
  that an acknowledgement does not wait for the bus (Redis) and a bus that fails loses only
  messages (the other processes catch up from the store, which stays the truth).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from dupbridge.store import EventStore, GroupWriter, NewEvent, Outcome, Write

__all__ = ["Committer", "Outbox"]

_LOG = logging.getLogger(__name__)
_T = TypeVar("_T")


class Committer:
    """Durable writes of one server process, through one writer thread (started on first
    use, so that a service that never writes never starts it)."""

    def __init__(self, store: EventStore, *, checkpoint_s: float = 1.0) -> None:
        self._store = store
        self._checkpoint_s = checkpoint_s  # SQLite: see GroupWriter
        self._writer: GroupWriter | None = None

    @property
    def groups(self) -> int:
        """Transactions committed so far (fewer than commands under load)."""
        return 0 if self._writer is None else self._writer.groups

    async def write(self, table_id: str, new: list[NewEvent], finished: bool) -> None:
        """Store one command's events; return once their transaction has committed.

        Raises:
            ConflictError: if another writer stored this seq or key first.
        """
        if self._writer is None:
            self._writer = GroupWriter(
                self._store.engine, _settle_soon, checkpoint_s=self._checkpoint_s
            )
            self._writer.start()
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._writer.submit(Write(table_id, new, finished, done))
        await done

    async def close(self) -> None:
        """Write what is queued and stop the writer thread."""
        if self._writer is not None:
            await asyncio.to_thread(self._writer.close)


def _settle_soon(outcomes: list[Outcome]) -> None:
    """On the writer thread: hand a group's outcomes to their event loop, in one call."""
    loops: dict[asyncio.AbstractEventLoop, list[Outcome]] = {}
    for outcome in outcomes:
        loops.setdefault(outcome[0].get_loop(), []).append(outcome)
    for loop, mine in loops.items():
        with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits
            loop.call_soon_threadsafe(_settle, mine)


def _settle(outcomes: list[Outcome]) -> None:
    for done, error in outcomes:
        if done.done():  # its command was cancelled; the write stands
            continue
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)


class Outbox(Generic[_T]):
    """Items handed to ``send`` one at a time, in the order they were put, by one task."""

    def __init__(self, send: Callable[[_T], Awaitable[None]]) -> None:
        self._send = send
        self._queue: asyncio.Queue[tuple[_T] | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the sending task (on the running loop)."""
        self._task = asyncio.create_task(self._run())

    async def put(self, item: _T) -> None:
        """Queue ``item`` (sent at once, awaited, when the outbox is not started)."""
        if self._task is None or self._task.done():
            await self._send(item)
        else:
            self._queue.put_nowait((item,))

    async def close(self) -> None:
        """Send what is queued, then stop."""
        if self._task is not None and not self._task.done():
            self._queue.put_nowait(None)
            await self._task

    async def _run(self) -> None:
        while (entry := await self._queue.get()) is not None:
            try:
                await self._send(entry[0])
            except Exception:  # one lost message: the other processes read the store
                _LOG.exception("a message to the other server processes was not sent")
