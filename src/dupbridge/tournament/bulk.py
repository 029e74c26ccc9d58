"""Building many small objects at once: the cyclic garbage collector paused meanwhile.

Reading a travellers file and scoring an event make tens of thousands of small objects (a
result, its location and a scored line per traveller line, two score-card entries each), all
kept. Each allocation counts towards CPython's next cyclic collection, and every collection of
the older generations walks every live object again: on a 1,000-pair event about a quarter of
the time went to collections that found nothing to free (issue 19, docs/performance.md). None
of these objects form reference cycles, so :func:`paused_gc` pauses the collector while they are
built and restores it afterwards. Reference counting still frees everything dropped at once.
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from operator import call
from typing import Generic, TypeVar

__all__ = ["Grouping", "group_by", "paused_gc"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block, if it was running; nested or
    concurrent uses leave it as the outermost found it."""
    running = gc.isenabled()
    if running:
        gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


class Grouping(Generic[K]):
    """The positions of a sequence of keys grouped by equal key, for splitting one or more
    sequences of the same length into per-key lists with every loop in C (``map``).

    Many positions usually share a few key objects (the reader makes one
    :class:`~dupbridge.tournament.results.PairId` per pair), so each distinct object is
    hashed once, by identity, and only those are compared by equality. Keys come in order of
    first appearance; each group's items in their order.

    Attributes:
        keys: the distinct keys (by equality), in order of first appearance.
        slots: the index in ``keys`` of each position's key.
    """

    def __init__(self, keys: Sequence[K]) -> None:
        ids = list(map(id, keys))  # every key is alive in ``keys``: ids are unique meanwhile
        index: dict[K, int] = {}
        slot_of: dict[int, int] = {}
        for ident, key in dict(zip(ids, keys, strict=True)).items():
            slot_of[ident] = index.setdefault(key, len(index))
        self.keys: list[K] = list(index)
        self.slots: list[int] = list(map(slot_of.__getitem__, ids))

    def split(self, items: Iterable[V]) -> list[list[V]]:
        """The items (one per position) as a list per key, in the order of :attr:`keys`."""
        groups: list[list[V]] = [[] for _key in self.keys]
        appends = [group.append for group in groups]
        deque(map(call, map(appends.__getitem__, self.slots), items), maxlen=0)
        return groups


def group_by(keys: Iterable[K], items: Iterable[V]) -> dict[K, list[V]]:
    """The items grouped by their keys (hashable values such as tuples of numbers, hashed
    in C), keys in order of first appearance, each group's items in order."""
    keys = list(keys)
    groups: dict[K, list[V]] = {}
    appends = {}
    for key in dict.fromkeys(keys):  # the distinct keys, in order
        group: list[V] = []
        groups[key] = group
        appends[key] = group.append
    deque(map(call, map(appends.__getitem__, keys), items), maxlen=0)
    return groups
