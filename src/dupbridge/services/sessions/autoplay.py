"""Calling the robots' runner, whose methods may be coroutines or plain functions (the
server's :class:`dupbridge.services.robot_seats.RobotSeats`, or a test's scripted players)."""

from __future__ import annotations

import inspect
from typing import Any

__all__ = ["call_maybe_async"]


async def call_maybe_async(function: Any, *args: Any) -> Any:
    """Call ``function`` and await its answer if it is awaitable."""
    answer = function(*args)
    if inspect.isawaitable(answer):
        return await answer
    return answer
