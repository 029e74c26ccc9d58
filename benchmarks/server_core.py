"""Online tables in one process: the server's own cost per action, without HTTP or sockets.

``benchmarks/server.py`` drives a real server over WebSockets, but on this two-core machine its
load generator (four sockets a table) needs more CPU than the server and shares its cores, so
it cannot show 2,000 tables (issue 11). This benchmark measures what the server itself does
for each action, in its own process, and nothing else:

* the command is decoded from its JSON frame (``decode_online``), checked and carried out by
  the ``TableService`` (the core Table, strict mode), written to the store (SQLite file, WAL,
  group commit; or nothing with ``--no-persist``) and acknowledged only once durable;
* each of the four seats' listeners then builds its frame (``TableService.frame``: the events
  it may see and its view) and serialises it to JSON, as the WebSocket layer does before
  sending.

N tables play the robots' boards at a human pace (one action per ``--interval`` seconds a
table, with jitter, each table's actions in order). Printed: the process's CPU time per
action (``time.process_time``, robust to other work on the machine), the tables one core can
carry at that pace, and the latency from a command's send time to its durable acknowledgement
and to the last of the four seats' frames (p50, p99), measured inside the process, with the
ratio against the same run with persistence off.

Run: ``.venv/bin/python benchmarks/server_core.py --tables 2000 --duration 30 --interval 7``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from dupbridge.core.boards import Board
from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.table import Phase, Table
from dupbridge.services.bus import MemoryBus
from dupbridge.services.online import decode_online
from dupbridge.services.robot import robot_call, robot_card
from dupbridge.services.tables import TableService
from dupbridge.store.database import make_engine, upgrade
from dupbridge.store.repositories import EventStore

Step = tuple[Seat, dict[str, Any]]


def plan(deal: Deal, board: Board) -> list[Step]:
    """The robots' board as (actor, JSON fields) commands."""
    table = Table(board, deal)
    steps: list[Step] = []
    while table.phase is not Phase.FINISHED:
        turn = table.turn
        assert turn is not None
        if table.phase is Phase.AUCTION:
            call = robot_call(table.auction, table.deal[turn])
            table.execute(MakeCall(turn, call))
            steps.append((turn, {"type": "call", "seat": turn.letter, "call": str(call)}))
        else:
            card = robot_card(table)
            table.execute(PlayCard(turn, card))
            actor = table.declarer if turn is table.dummy else turn
            assert actor is not None
            steps.append((actor, {"type": "card", "seat": turn.letter, "card": str(card)}))
    return steps


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (0 if empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Run:
    """One measured run: N tables at a human pace against one TableService."""

    def __init__(self, service: TableService, interval: float, duration: float) -> None:
        self.service = service
        self.interval = interval
        self.duration = duration
        self.ack: list[float] = []
        self.frames: list[float] = []
        self.actions = 0
        self.frames_built = 0
        self.refused = 0

    async def table(self, table_id: str, steps: list[Step], rng: random.Random, end: float) -> None:
        """Play ``steps`` at the pace until ``end``; each command waits for the one before."""
        service = self.service
        live = await service.live(table_id)
        pending: dict[str, Any] = {"since": [0, 0, 0, 0], "sent": 0.0, "left": 0}
        done = asyncio.Event()

        async def send_frames() -> None:
            for seat in SEATS:
                frame = await service.frame(live, seat, pending["since"][seat])
                pending["since"][seat] = frame["seq"]
                json.dumps(frame, separators=(",", ":"))
                self.frames_built += 1
            self.frames.append(time.perf_counter() - pending["sent"])
            done.set()

        def listener(what: str, _at: float | None) -> None:
            if what == "update":
                asyncio.get_running_loop().create_task(send_frames())

        service.listen(table_id, listener)
        next_time = time.perf_counter() + rng.uniform(0, self.interval)
        try:
            for actor, fields in steps:
                await asyncio.sleep(max(0.0, next_time - time.perf_counter()))
                if time.perf_counter() >= end:
                    return
                sent = time.perf_counter()
                pending["sent"] = sent
                done.clear()
                command = decode_online(json.loads(json.dumps(fields)))
                answer = await service.handle(table_id, actor, command, live.head, f"k{sent}")
                if answer["type"] != "ack":
                    self.refused += 1
                    return
                self.ack.append(time.perf_counter() - sent)
                self.actions += 1
                await done.wait()
                next_time = sent + self.interval * rng.uniform(0.5, 1.5)
        finally:
            service.unlisten(table_id, listener)


async def measure(  # noqa: PLR0917 - one run's six settings, one call site
    tables: int, interval: float, duration: float, persist: bool, folder: Path, seed: int
) -> dict[str, float]:
    """One run; its CPU and latency figures."""
    engine = make_engine(f"sqlite:///{folder / ('on.db' if persist else 'off.db')}")
    upgrade(engine)
    service = TableService(EventStore(engine), MemoryBus(), persist=persist)
    await service.start()
    rng = random.Random(seed)
    deals = [Deal.random(rng) for _ in range(tables)]
    boards = [Board.numbered(number % 32 + 1) for number in range(tables)]
    plans = [plan(deal, board) for deal, board in zip(deals, boards, strict=True)]
    ids = []
    for deal, board in zip(deals, boards, strict=True):
        table_id, _session = await service.create_table(deal, board)
        ids.append(table_id)
    for table_id in ids:
        await service.live(table_id)
    run = Run(service, interval, duration)
    gc.collect()
    cpu, wall = time.process_time(), time.perf_counter()
    end = wall + duration
    await asyncio.gather(
        *(
            run.table(table_id, steps, random.Random(seed + i), end)
            for i, (table_id, steps) in enumerate(zip(ids, plans, strict=True))
        )
    )
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    await service.close()
    engine.dispose()
    per_action = cpu / max(1, run.actions)
    return {
        "actions": run.actions,
        "refused": run.refused,
        "wall": wall,
        "cpu": cpu,
        "cpu_per_action_ms": 1e3 * per_action,
        "cpu_share": cpu / wall,
        "tables_per_core": interval / per_action if run.actions else 0.0,
        "ack_p50_ms": 1e3 * percentile(run.ack, 0.5),
        "ack_p99_ms": 1e3 * percentile(run.ack, 0.99),
        "frames_p50_ms": 1e3 * percentile(run.frames, 0.5),
        "frames_p99_ms": 1e3 * percentile(run.frames, 0.99),
    }


def main() -> None:
    """Run with persistence on and off and print both with their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--interval", type=float, default=7.0, help="seconds between actions")
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        runs = {
            persist: asyncio.run(
                measure(
                    options.tables,
                    options.interval,
                    options.duration,
                    persist,
                    Path(tmp),
                    options.seed,
                )
            )
            for persist in (False, True)
        }
    on, off = runs[True], runs[False]
    print(
        f"{options.tables} tables, one action per {options.interval:g} s a table, "
        f"{options.duration:g} s measured"
    )
    print(f"{'':<28} {'SQLite':>10} {'no store':>10} {'ratio':>7}")
    rows = (
        ("actions acknowledged", "actions", "{:10.0f}"),
        ("CPU per action (ms)", "cpu_per_action_ms", "{:10.3f}"),
        ("CPU share of the process", "cpu_share", "{:10.2f}"),
        ("tables one core carries", "tables_per_core", "{:10.0f}"),
        ("ack p50 (ms)", "ack_p50_ms", "{:10.2f}"),
        ("ack p99 (ms)", "ack_p99_ms", "{:10.2f}"),
        ("4 seats' frames p50 (ms)", "frames_p50_ms", "{:10.2f}"),
        ("4 seats' frames p99 (ms)", "frames_p99_ms", "{:10.2f}"),
    )
    for name, key, spec in rows:
        ratio = on[key] / off[key] if off[key] else float("nan")
        print(f"{name:<28} {spec.format(on[key])} {spec.format(off[key])} {ratio:7.2f}")
    print(f"refused or stale commands: {int(on['refused'])} (SQLite), {int(off['refused'])}")
    target = on["tables_per_core"] >= options.tables and on["ack_p99_ms"] <= 20
    print(
        f"target (issue 11: {options.tables} tables on one core, p99 <= 20 ms): "
        f"{'met' if target else 'NOT met'} in this run"
    )


if __name__ == "__main__":
    main()
