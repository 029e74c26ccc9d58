"""The group writer alone: N tables each appending one event every ``--interval`` seconds
to a SQLite file, measured from submit to commit, with the WAL checkpointed by a thread of
its own (the server's setting) and by SQLite's automatic checkpoints on the writer's
connection (``checkpoint_s=0``), alternately, so both see the same machine.

Run: ``.venv/bin/python benchmarks/group_writer.py --tables 300 --duration 12``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from dupbridge.services.pipeline import Committer
from dupbridge.store import EventStore, NewEvent, make_engine, upgrade

#: The size of a typical stored card event.
PAYLOAD = {"type": "CardPlayed", "seat": "N", "card": "SA", "pad": "x" * 200}


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values``, in milliseconds."""
    ordered = sorted(values)
    return 1e3 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(folder: Path, tables: int, interval: float, duration: float, ckpt: float) -> str:
    """One run; a line of figures."""
    engine = make_engine(f"sqlite:///{folder / f'w{time.monotonic_ns()}.db'}")
    upgrade(engine)
    store = EventStore(engine)
    ids = [f"t{number}" for number in range(tables)]
    with store.unit_of_work() as uow:
        uow.create_session("s", "", {})
        for table_id in ids:
            uow.create_table(table_id, "s", 1, {})
    committer = Committer(store, checkpoint_s=ckpt)
    latencies: list[float] = []
    end = time.perf_counter() + duration

    async def table(table_id: str, offset: float) -> None:
        await asyncio.sleep(offset)
        seq = 0
        while time.perf_counter() < end:
            seq += 1
            sent = time.perf_counter()
            await committer.write(table_id, [NewEvent(seq, seq, PAYLOAD, "N", f"k{seq}")], False)
            latencies.append(time.perf_counter() - sent)
            await asyncio.sleep(interval)

    offsets = [i * interval / tables for i in range(tables)]
    await asyncio.gather(*(table(table_id, at) for table_id, at in zip(ids, offsets, strict=True)))
    groups = committer.groups
    await committer.close()
    engine.dispose()
    return (
        f"checkpoints {'by a thread' if ckpt else 'automatic'}: {len(latencies)} writes in "
        f"{groups} transactions; submit to commit p50 {percentile(latencies, 0.5):.2f} ms, "
        f"p99 {percentile(latencies, 0.99):.2f} ms, p99.9 {percentile(latencies, 0.999):.2f} ms"
    )


def main() -> None:
    """Alternate the two checkpoint settings, ``--rounds`` times each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--duration", type=float, default=12.0)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(options.rounds):
            for ckpt in (1.0, 0.0):
                line = asyncio.run(
                    measure(Path(tmp), options.tables, options.interval, options.duration, ckpt)
                )
                print(line, flush=True)


if __name__ == "__main__":
    main()
