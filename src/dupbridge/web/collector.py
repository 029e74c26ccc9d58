"""The server process's garbage collector: short pauses with a large live heap.

CPython's cyclic collector walks the container objects of the generations it collects. A
server with 2,000 tables and 8,000 sockets holds about 1.8 million of them, and most of its
new objects live for seconds, not microseconds: each socket waiting for its next message holds
a coroutine chain, a future and a timer until the table's next action, a few seconds later.
Such objects survive the youngest generation and pile up in the middle one, and each
collection of it walked 20,000-30,000 of them: 20-90 ms every 2-3 s at 286 actions a second,
while every command in flight waited (measured with ``gc.callbacks``, docs/server.md). A full
collection, which walks everything, stopped the server for 1.2-1.7 s.

:class:`Collector` freezes (``gc.freeze``: moves out of the collected generations) whatever
survives *any* collection, so each automatic collection walks only the objects allocated
since the previous one, a few hundred: well under a millisecond. Reference counting still
frees frozen objects as usual; in a steady evening no cyclic garbage was found at all (a
census with ``gc.DEBUG_SAVEALL``). What freezing gives up is collecting cycles among objects
that die after their first collection: measured, the HTTP side of each WebSocket handshake
(about 1.4 KB a connection). So every ``full_every`` seconds :meth:`Collector.run` unfreezes
everything and collects the whole heap once (one pause of about a second at 2,000 tables),
then freezes again. Installed by :func:`dupbridge.web.app.app_from_environment`
(``dupbridge serve``) only, never in a process that merely builds an app (the tests).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

__all__ = ["Collector"]

_LOG = logging.getLogger(__name__)


class Collector:
    """Freeze the survivors of every collection; collect the whole heap every ``full_every``
    seconds (:meth:`run`)."""

    def __init__(self, full_every: float) -> None:
        self.full_every = full_every
        self.installed = False

    def install(self) -> None:
        """Freeze what the process holds now (its code, its app) and watch the collections."""
        if self.installed or self.full_every <= 0:
            return
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._after)
        self.installed = True

    def uninstall(self) -> None:
        """Back to Python's own policy, everything collectable again."""
        if self.installed:
            gc.callbacks.remove(self._after)
            gc.unfreeze()
            self.installed = False

    def collect_all(self) -> tuple[int, float] | None:
        """Collect the whole heap, frozen objects included, then freeze the survivors again:
        the cycles found and the seconds the collection took, or ``None`` when another
        thread's collection was under way (CPython then skips the call: try again later)."""
        before = gc.get_stats()[-1]["collections"]
        gc.unfreeze()
        started = time.perf_counter()
        found = gc.collect()
        took = time.perf_counter() - started
        if self.installed:
            gc.freeze()
        if gc.get_stats()[-1]["collections"] == before:
            return None
        return found, took

    async def run(self, retry_after: float = 0.1) -> None:
        """Every ``full_every`` seconds, :meth:`collect_all` (again after ``retry_after``
        seconds while it is skipped), until cancelled."""
        while self.installed:
            await asyncio.sleep(self.full_every)
            done = None
            while self.installed and done is None:
                done = self.collect_all()
                if done is None:
                    await asyncio.sleep(retry_after)
            if done is not None:
                found, took = done
                _LOG.info("whole-heap collection: %d cycles freed in %.0f ms", found, took * 1000)

    def _after(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            gc.freeze()  # O(1): the survivors join the frozen objects
