"""The server process's garbage collector policy (``dupbridge.web.collector``): what survives
any collection is frozen, cycles among new objects are still collected, and the whole heap is
collected again on a clock (``full_every`` seconds)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from dupbridge.web.collector import Collector
from tests.async_run import run_async


@pytest.fixture
def collector() -> Iterator[Collector]:
    """A collector installed for the test only (then Python's own policy again)."""
    installed = Collector(full_every=3600)
    installed.install()
    yield installed
    installed.uninstall()


class Cycle:
    """An object in a reference cycle with itself."""

    def __init__(self) -> None:
        self.me = self


def test_install_freezes_what_the_process_holds(collector: Collector) -> None:
    assert collector.installed
    assert gc.get_freeze_count() > 0


@pytest.mark.parametrize("generation", [0, 1, 2])
def test_the_survivors_of_every_collection_are_frozen(
    collector: Collector, generation: int
) -> None:
    survivor = [Cycle() for _ in range(100)]
    frozen = gc.get_freeze_count()
    gc.collect(generation)  # the callback freezes what survived
    assert gc.get_freeze_count() >= frozen + 100
    collectable = {id(item) for item in gc.get_objects()}  # the three generations, not frozen
    assert not any(id(item) in collectable for item in survivor)
    assert all(item.me is item for item in survivor)


def test_cycles_among_new_objects_are_still_collected(collector: Collector) -> None:
    gc.collect(0)
    Cycle()  # garbage at once, in a cycle: only the collector frees it
    assert gc.collect(0) >= 1


def test_a_cycle_that_dies_once_frozen_waits_for_the_whole_heap(collector: Collector) -> None:
    late = Cycle()
    gc.collect(0)  # survives: frozen
    del late  # now garbage, but among frozen objects
    assert gc.collect(2) == 0
    done = collector.collect_all()
    assert done is not None
    found, took = done
    assert found >= 1
    assert took >= 0
    assert gc.get_freeze_count() > 0  # the survivors frozen again


def test_run_collects_the_whole_heap_on_its_clock(collector: Collector) -> None:
    collector.full_every = 0.01

    async def one_round() -> None:
        late = Cycle()
        gc.collect(0)  # frozen, then garbage
        del late
        task = asyncio.create_task(collector.run())
        await asyncio.sleep(0.2)
        task.cancel()

    gc.set_debug(gc.DEBUG_SAVEALL)  # keep what the collections find, to see it
    try:
        run_async(one_round())
        assert any(isinstance(item, Cycle) for item in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_run_tries_again_while_another_collection_is_under_way(
    collector: Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CPython skips ``gc.collect`` while another thread collects; the whole-heap collection
    then waits a moment and runs again rather than being lost for a period."""
    collector.full_every = 0.01
    real = gc.collect
    calls: list[int] = []

    def busy_once(generation: int = 2) -> int:
        calls.append(generation)
        collector.full_every = 3600  # a second call now can only be the retry
        return 0 if len(calls) == 1 else real(generation)

    monkeypatch.setattr(gc, "collect", busy_once)

    async def until_collected() -> None:
        task = asyncio.create_task(collector.run(retry_after=0.01))
        while len(calls) < 2:
            await asyncio.sleep(0.01)
        task.cancel()

    run_async(asyncio.wait_for(until_collected(), timeout=5))
    assert len(calls) >= 2
    assert collector.collect_all() is not None  # the real collection counts as one


def test_run_ends_at_once_when_not_installed() -> None:
    run_async(asyncio.wait_for(Collector(full_every=0).run(), timeout=1))


def test_zero_keeps_pythons_own_policy() -> None:
    gc.unfreeze()
    off = Collector(full_every=0)
    off.install()
    assert not off.installed
    gc.collect()
    assert 0 == gc.get_freeze_count()


def test_uninstall_unfreezes() -> None:
    hooks = len(gc.callbacks)
    installed = Collector(full_every=3600)
    installed.install()
    assert hooks + 1 == len(gc.callbacks)
    installed.uninstall()
    assert 0 == gc.get_freeze_count()
    assert hooks == len(gc.callbacks)
