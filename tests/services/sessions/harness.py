"""A session service on a SQLite file with a fake clock, scripted players and robots."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase
from dupbridge.services.bus import make_bus
from dupbridge.services.sessions import FakeClock, SessionService, seat_player
from dupbridge.services.tables import TableService
from dupbridge.store import EventStore, make_engine, upgrade
from dupbridge.store.session_store import SessionStore
from tests.services.sessions.scripted import LocalRobots, actor_of, next_action

#: Each scripted action and each robot wait is bounded (seconds).
WAIT_S = 20.0


@dataclass
class Harness:
    """Everything a simulated session needs."""

    sessions: SessionService
    tables: TableService
    clock: FakeClock
    robots: LocalRobots
    url: str


@asynccontextmanager
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    """A migrated SQLite file, the table service, robots at pace 0 and a fake clock."""
    url = f"sqlite:///{tmp_path / 'session.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    tables = TableService(EventStore(engine), make_bus(None))
    await tables.start()
    robots = LocalRobots(tables, pace_s=0.0)
    clock = FakeClock()
    sessions = SessionService(
        SessionStore(engine), tables, clock=clock, robots=robots, exports_dir=tmp_path / "out"
    )
    try:
        yield Harness(sessions, tables, clock, robots, url)
    finally:
        await robots.close()
        await tables.close()
        engine.dispose()


async def play_table(
    h: Harness, table_id: str, seats: frozenset[Seat], *, until_calls: int | None = None
) -> None:
    """The scripted players in ``seats`` play their part of the board (the robots play the
    others); with ``until_calls``, they stop after that many calls in the auction."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + WAIT_S
    key = 0
    while True:
        live = await h.tables.live(table_id)
        table = live.table
        if table.phase is Phase.FINISHED:
            return
        if until_calls is not None and len(table.auction.calls) >= until_calls:
            return
        command = next_action(table, seats)
        if command is None:
            if loop.time() > give_up:
                raise AssertionError(f"table {table_id} is stuck waiting for a robot")
            await asyncio.sleep(0.001)
            continue
        key += 1
        answer = await h.tables.handle(
            table_id, actor_of(table, command), command, live.head, f"scripted-{live.head}-{key}"
        )
        if answer["type"] == "stale":  # a robot's command was being written: look again
            await asyncio.sleep(0.001)
            continue
        assert answer["type"] == "ack", answer


async def play_round(h: Harness, session_id: str) -> None:
    """The scripted players (every player no robot plays) play the current round."""
    view = h.sessions.view(session_id)
    robots = set(view.config.robot_players)
    for board in view.boards:
        if board.done:
            continue
        size = view.config.players_per_entry
        humans = frozenset(seat for seat in Seat if seat_player(board, seat, size) not in robots)
        await play_table(h, board.table_id, humans)
