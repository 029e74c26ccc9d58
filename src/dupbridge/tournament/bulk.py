"""Building many small objects at once: the cyclic garbage collector paused meanwhile.

Reading a travellers file and scoring an event make tens of thousands of small objects (a
result, its location and a scored line per traveller line, two score-card entries each), all
kept. Each allocation counts towards CPython's next cyclic collection, and every collection of
the older generations walks every live object again: on a 1,000-pair event about a quarter of
the time went to collections that found nothing to free (issue 19, docs/performance.md). None
of these objects form reference cycles, so :func:`paused_gc` pauses the collector while they are
built and restores it afterwards. Reference counting still frees everything dropped at once.

Turned back on, the collector would at once walk every object the block built (they all count
as young): about 5-7 ms on that event, to find nothing. So the block ends by moving every
tracked object to the oldest generation (``gc.freeze()`` then ``gc.unfreeze()``, two list
splices), where only a full collection looks at them again. Cyclic garbage made meanwhile by
other code waits for that full collection too. When something keeps objects frozen on purpose
(``gc.get_freeze_count()``, as a server that forks may), the block leaves them alone and the
young collection runs as usual.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_gc"]


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
            if not gc.get_freeze_count():  # no one keeps objects frozen (a pre-fork server)
                gc.freeze()  # everything tracked, the block's objects included, ...
                gc.unfreeze()  # ... goes straight to the oldest generation
            gc.enable()
