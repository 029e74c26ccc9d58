"""Running a coroutine from a synchronous test, whatever the test session has running."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

_T = TypeVar("_T")


def run_async(main: Coroutine[Any, Any, _T]) -> _T:
    """``asyncio.run(main)``, in a thread of its own when this thread already runs an event
    loop (the browser tests' Playwright keeps one running for the whole test session)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(main)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result()
