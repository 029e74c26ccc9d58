"""The bus that fans a table's new events out to every server process (DESIGN §2.15).

:class:`MemoryBus` (the default) delivers within the process. :class:`RedisBus` publishes on
Redis pub/sub (``DUPBRIDGE_REDIS_URL``), so that several server processes serve the same
tables: a client connected to one sees at once what was done through another. A message is a
JSON object naming the table; the store stays the truth, so a process that missed a message
(a restart, a dropped connection) catches up from the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

__all__ = ["Bus", "Handler", "MemoryBus", "RedisBus", "make_bus"]

_LOG = logging.getLogger(__name__)
_CHANNEL = "dupbridge:tables"

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Bus(Protocol):
    """Publish a table message to every process; deliver every message to the handler."""

    async def start(self, handler: Handler) -> None:
        """Begin delivering messages to ``handler``."""

    async def publish(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every process (this one included)."""

    async def close(self) -> None:
        """Stop delivering and release the connection."""


class MemoryBus:
    """The in-process bus: a message reaches this process's handler only."""

    def __init__(self) -> None:
        self._handler: Handler | None = None

    async def start(self, handler: Handler) -> None:
        """Begin delivering messages to ``handler``."""
        self._handler = handler

    async def publish(self, message: dict[str, Any]) -> None:
        """Deliver ``message`` to the handler."""
        if self._handler is not None:
            await self._handler(message)

    async def close(self) -> None:
        """Stop delivering."""
        self._handler = None


class RedisBus:
    """Redis pub/sub on one channel shared by every process of the deployment."""

    def __init__(self, url: str, channel: str = _CHANNEL) -> None:
        from redis.asyncio import Redis  # noqa: PLC0415 - only deployments that scale out

        self._redis = Redis.from_url(url)
        self._channel = channel
        self._task: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        """Subscribe, then deliver every message to ``handler`` from a background task."""
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self._channel)
        self._task = asyncio.create_task(self._listen(pubsub, handler))

    async def _listen(self, pubsub: Any, handler: Handler) -> None:
        try:
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None:
                    continue
                try:
                    await handler(json.loads(message["data"]))
                except Exception:  # one bad message must not stop the bus
                    _LOG.exception("bus message not handled")
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    async def publish(self, message: dict[str, Any]) -> None:
        """Publish ``message`` on the channel."""
        await self._redis.publish(self._channel, json.dumps(message, separators=(",", ":")))

    async def close(self) -> None:
        """Stop listening and close the connection."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._redis.aclose()


def make_bus(redis_url: str | None) -> Bus:
    """The Redis bus for ``redis_url``, or the in-process bus when there is none."""
    return MemoryBus() if not redis_url else RedisBus(redis_url)
