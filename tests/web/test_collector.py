"""The server process's garbage collector policy (``dupbridge.web.collector``): what survives a
full collection is frozen, the whole heap is collectable again every ``full_every`` seconds,
and cycles among unfrozen objects are still collected."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from dupbridge.web.collector import Collector


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


def test_the_survivors_of_a_full_collection_are_frozen(collector: Collector) -> None:
    survivor = [Cycle() for _ in range(100)]
    frozen = gc.get_freeze_count()
    gc.collect()  # a full collection: the callback freezes its survivors
    assert gc.get_freeze_count() >= frozen + 100
    assert all(item.me is item for item in survivor)


def test_cycles_among_new_objects_are_still_collected(collector: Collector) -> None:
    gc.collect()
    Cycle()  # garbage at once, in a cycle: only the collector frees it
    assert gc.collect() >= 1


def test_every_full_every_seconds_everything_is_unfrozen(collector: Collector) -> None:
    collector.full_every = 0.0  # due now
    gc.collect()
    assert 0 == gc.get_freeze_count()
    collector.full_every = 3600
    gc.collect()
    assert gc.get_freeze_count() > 0


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
