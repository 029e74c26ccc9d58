"""Benchmark: tables of four robots online (issue 13, Robots: a board in under a second).

Each board is a table of the table service on a SQLite file (every command stored before it
is acknowledged, as in ``dupbridge serve``), with four robots of
:class:`dupbridge.services.robot_seats.RobotSeats` at pace 0: each reads its own seat's frames
and sends its calls and cards through ``TableService.handle``. Reported: the seconds per
board (median and slowest) at each card-play level, and the commands per second.

Run: ``.venv/bin/python benchmarks/robot_tables.py`` (``--boards N``, ``--levels basic,fast``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS
from dupbridge.services.bus import make_bus
from dupbridge.services.robot_seats import LEVELS, RobotSeats
from dupbridge.services.tables import TableService
from dupbridge.store import EventStore, make_engine, upgrade


async def run(boards: int, level: str, folder: Path) -> list[tuple[float, int]]:
    """Play ``boards`` boards, one table each; the seconds and stored events of each."""
    engine = make_engine(f"sqlite:///{folder / f'robots-{level}.sqlite3'}")
    upgrade(engine)
    service = TableService(EventStore(engine), make_bus(None))
    await service.start()
    robots = RobotSeats(service, level=level, seed=1)
    deals = random.Random(13)
    out = []
    try:
        for number in range(1, boards + 1):
            deal = Deal.random(deals)
            table_id, _session = await service.create_table(deal, Board.numbered(number))
            started = time.perf_counter()
            await robots.attach(table_id, SEATS)
            await asyncio.wait_for(robots.wait(table_id), timeout=120)
            elapsed = time.perf_counter() - started
            live = await service.live(table_id)
            assert live.finished
            out.append((elapsed, live.head))
    finally:
        await robots.close()
        await service.close()
        engine.dispose()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20, help="boards per level (default 20)")
    parser.add_argument("--levels", default="basic,fast", help="levels, comma-separated")
    args = parser.parse_args()
    levels = args.levels.split(",")
    if args.boards < 1 or any(level not in LEVELS for level in levels):
        parser.error(f"--boards must be at least 1 and --levels among {', '.join(LEVELS)}")
    import dupbridge.robots.play  # noqa: F401, PLC0415 - loaded before the clock starts

    with tempfile.TemporaryDirectory() as folder:
        for level in levels:
            played = asyncio.run(run(args.boards, level, Path(folder)))
            times = [seconds for seconds, _events in played]
            events = sum(count for _seconds, count in played)
            print(
                f"{level:8s} {args.boards} boards: median {statistics.median(times):.3f} s a "
                f"board, slowest {max(times):.3f} s, {events / sum(times):.0f} events a second"
            )


if __name__ == "__main__":
    main()
