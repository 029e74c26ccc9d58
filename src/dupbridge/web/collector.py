"""The server process's garbage collector: short pauses with a large live heap.

CPython's full (generation 2) collection walks every container object the process holds. A
server with 2,000 tables and 8,000 sockets holds about 1.8 million, and a full collection
then stops the event loop for 1.2-1.4 s (measured, docs/server.md), about every 30 s at 286
actions a second: every command in flight meanwhile waits that long. Nearly all those objects
live on (the tables, the connections, the code), so walking them again finds little.

:class:`Collector` freezes what survives each full collection (``gc.freeze``: moved out of
the collected generations), so the next one walks only what is newer; reference counting
still frees frozen objects as usual. What it gives up is collecting *cycles* among frozen
objects that die later (a closed connection's, a finished table's), so every ``full_every``
seconds it unfreezes everything and lets the next full collection walk the whole heap once.
Installed by :func:`dupbridge.web.app.app_from_environment` (``dupbridge serve``) only, never
in a process that merely builds an app (the tests).
"""

from __future__ import annotations

import gc
import time
from typing import Any

__all__ = ["Collector"]


class Collector:
    """Freeze the survivors of each full collection; unfreeze every ``full_every`` seconds."""

    def __init__(self, full_every: float) -> None:
        self.full_every = full_every
        self.unfrozen_at = time.monotonic()
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

    def _after(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info.get("generation") != 2:
            return
        now = time.monotonic()
        if now - self.unfrozen_at >= self.full_every:
            gc.unfreeze()  # the next full collection walks everything once
            self.unfrozen_at = now
        else:
            gc.freeze()
