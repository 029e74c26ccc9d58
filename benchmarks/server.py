"""Online tables under load: N human-paced tables against a real ``dupbridge serve``.

Each table has four seat sockets on loopback; every ``--interval`` seconds (with jitter, each
table's actions in order) the seat whose turn it is sends its next call or card, planned by
the robots. Measured over ``--duration`` seconds, for SQLite, PostgreSQL and persistence off:

* the server's CPU share per table (its user+system time over wall time, per table), and the
  tables one core could carry at that rate;
* p50 and p99 latency from a command to its acknowledgement, and to the other seats' frames;
* the ratio of each against the same run with persistence off.

Usage (defaults run in under two minutes)::

    python benchmarks/server.py --tables 100 --duration 20 --interval 2
    python benchmarks/server.py --postgres postgresql://postgres@127.0.0.1:5432/test

PostgreSQL runs in a database of its own, created and dropped by the benchmark; it is skipped
(with one line) when the server is not reachable.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

import psycopg
from websockets.asyncio.client import ClientConnection, connect

from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.table import Phase, Table
from dupbridge.robots.baseline import robot_call, robot_card

SECRET = "benchmark-secret-of-some-length"  # noqa: S105 - a local test server only


def plan(deal: Deal) -> list[tuple[str, dict[str, Any], int, int]]:
    """The robots' board as (actor, fields, expected seq, last seq) commands."""
    table = Table(1, deal)
    steps = []
    while table.phase is not Phase.FINISHED:
        turn = table.turn
        assert turn is not None
        head = table.last_seq
        if table.phase is Phase.AUCTION:
            call = robot_call(table.auction, table.deal[turn])
            table.execute(MakeCall(turn, call))
            fields: dict[str, Any] = {"type": "call", "seat": turn.letter, "call": str(call)}
            actor = turn
        else:
            card = robot_card(table)
            table.execute(PlayCard(turn, card))
            fields = {"type": "card", "seat": turn.letter, "card": str(card)}
            actor = table.declarer if turn is table.dummy else turn
            assert actor is not None
        steps.append((actor.letter, fields, head, table.last_seq))
    return steps


@dataclass
class Stats:
    """Latencies of one run, in seconds."""

    ack: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0..1) of ``values``, 0 if empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class TablePlayer:
    """One table's four sockets and its paced plan."""

    def __init__(self, base: str, created: dict[str, Any], steps: list[Any]) -> None:
        self.base = base
        self.created = created
        self.steps = steps
        self.sockets: dict[str, ClientConnection] = {}
        self.waiting: dict[tuple[str, int], asyncio.Future[float]] = {}
        self.readers: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        """Connect the four seats and start reading their frames."""
        table = self.created["table"]
        for seat, token in self.created["seats"].items():
            sock = await connect(f"{self.base}/tables/{table}/ws?token={token}", max_size=None)
            await sock.recv()
            self.sockets[seat] = sock
            self.readers.append(asyncio.create_task(self._read(seat, sock)))

    async def _read(self, seat: str, sock: ClientConnection) -> None:
        try:
            async for text in sock:
                now = time.perf_counter()
                frame = json.loads(text)
                if frame["type"] == "ack":
                    done = [(seat, -1 - int(frame["seq"]))]
                elif frame["type"] == "update":
                    seq = int(frame["seq"])
                    done = [key for key in self.waiting if key[0] == seat and 0 <= key[1] <= seq]
                else:
                    continue
                for key in done:
                    future = self.waiting.pop(key, None)
                    if future is not None and not future.done():
                        future.set_result(now)
        except Exception:  # the server went away at the end of the run
            return

    def _expect(self, seat: str, key: int) -> asyncio.Future[float]:
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiting[(seat, key)] = future
        return future

    async def run(self, stats: Stats, interval: float, until: float, rng: random.Random) -> None:
        """Play one action every ``interval`` seconds (jittered) until ``until``."""
        await asyncio.sleep(rng.uniform(0, interval))
        for index, (actor, fields, expected, last) in enumerate(self.steps):
            if time.perf_counter() >= until:
                return
            ack = self._expect(actor, -1 - (expected + 1))
            others = [self._expect(seat, last) for seat in self.sockets if seat != actor]
            frame = {**fields, "expected_seq": expected, "key": f"b{index}"}
            sent = time.perf_counter()
            await self.sockets[actor].send(json.dumps(frame))
            try:
                acked = await asyncio.wait_for(ack, 10)
                seen = await asyncio.wait_for(asyncio.gather(*others), 10)
            except TimeoutError:
                stats.errors += 1
                return
            stats.actions += 1
            stats.ack.append(acked - sent)
            stats.others.extend(moment - sent for moment in seen)
            await asyncio.sleep(max(0.0, interval * rng.uniform(0.5, 1.5)))

    async def close(self) -> None:
        """Close the sockets."""
        for task in self.readers:
            task.cancel()
        for sock in self.sockets.values():
            await sock.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def measure(url: str, persist: bool, args: argparse.Namespace) -> dict[str, float]:
    """One run against a fresh server on ``url``."""
    port = free_port()
    env = {
        **os.environ,
        "DUPBRIDGE_ENVIRONMENT": "test",
        "DUPBRIDGE_SECRET_KEY": SECRET,
        "DUPBRIDGE_PERSIST": "true" if persist else "false",
    }
    dupbridge = str(Path(sys.executable).parent / "dupbridge")
    server = subprocess.Popen(  # noqa: S603 - our own command, fixed arguments
        [dupbridge, "serve", "--port", str(port), "--database-url", url],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    players: list[TablePlayer] = []
    try:
        for _ in range(600):
            try:
                with urlopen(f"{base}/health", timeout=2) as answer:  # noqa: S310 - loopback
                    if answer.status == 200:
                        break
            except OSError:
                await asyncio.sleep(0.2)
        rng = random.Random(args.seed)
        for _ in range(args.tables):
            deal = Deal.random(rng)
            request = Request(  # noqa: S310 - loopback
                f"{base}/tables",
                data=json.dumps({"deal": deal.to_pbn()}).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urlopen(request, timeout=30) as answer:  # noqa: S310 - loopback
                created = json.loads(answer.read())
            players.append(TablePlayer(f"ws://127.0.0.1:{port}", created, plan(deal)))
        for start in range(0, len(players), 50):
            await asyncio.gather(*(player.open() for player in players[start : start + 50]))
        stats = Stats()
        cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()
        until = wall_before + args.duration
        await asyncio.gather(
            *(
                player.run(stats, args.interval, until, random.Random(i))
                for i, player in enumerate(players)
            )
        )
        cpu = cpu_seconds(server.pid) - cpu_before
        wall = time.perf_counter() - wall_before
        for player in players:
            await player.close()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
    share = cpu / wall / args.tables
    return {
        "actions": stats.actions,
        "errors": stats.errors,
        "cpu_share_per_table": share,
        "cpu_ms_per_action": 1000 * cpu / max(1, stats.actions),
        "tables_per_core": 1 / share if share else 0.0,
        "tables_at_pace": args.pace / (cpu / max(1, stats.actions)) if cpu else 0.0,
        "ack_p50_ms": 1000 * percentile(stats.ack, 0.50),
        "ack_p99_ms": 1000 * percentile(stats.ack, 0.99),
        "others_p50_ms": 1000 * percentile(stats.others, 0.50),
        "others_p99_ms": 1000 * percentile(stats.others, 0.99),
        "mean_ack_ms": 1000 * statistics.fmean(stats.ack) if stats.ack else 0.0,
    }


def postgres_database(admin_url: str) -> tuple[str, str] | None:
    """A fresh database in the PostgreSQL server (None: unreachable)."""
    try:
        name = f"dupbridge_bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=3) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
    except Exception as error:
        print(f"PostgreSQL at {admin_url} is not reachable ({str(error).splitlines()[0]}); skipped")
        return None
    return f"{admin_url.rsplit('/', 1)[0]}/{name}", name


def drop_database(admin_url: str, name: str) -> None:
    """Drop the benchmark's database."""
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def report(name: str, result: dict[str, float], baseline: dict[str, float], pace: float) -> None:
    """One line per run, with the ratios against persistence off."""

    def ratio(key: str) -> float:
        return result[key] / baseline[key] if baseline[key] else float("nan")

    print(
        f"{name:<11} actions {int(result['actions']):>6}  errors {int(result['errors']):>3}  "
        f"CPU/table {100 * result['cpu_share_per_table']:.3f}% of a core "
        f"({result['cpu_ms_per_action']:.2f} ms/action: ~{result['tables_per_core']:.0f} "
        f"tables/core at this pace, ~{result['tables_at_pace']:.0f} at one action/{pace:g} s)  "
        f"ack p50 {result['ack_p50_ms']:.1f} p99 {result['ack_p99_ms']:.1f} ms  "
        f"others p50 {result['others_p50_ms']:.1f} p99 {result['others_p99_ms']:.1f} ms  "
        f"ratio vs off: CPU x{ratio('cpu_ms_per_action'):.2f}, ack p99 x{ratio('ack_p99_ms'):.2f}"
    )


def main() -> None:
    """Run the three configurations and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables played at once")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between actions")
    parser.add_argument(
        "--pace",
        type=float,
        default=6.0,
        help="seconds between a real table's actions, for the tables-per-core estimate "
        "(a board of ~60 actions in ~6 minutes)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres",
        default="postgresql://postgres@127.0.0.1:5432/test",
        help="PostgreSQL admin URL ('' to skip)",
    )
    args = parser.parse_args()
    print(
        f"{args.tables} tables, one action per table every ~{args.interval:g} s "
        f"(~{args.tables / args.interval:.0f} actions/s), {args.duration:g} s measured"
    )
    with tempfile.TemporaryDirectory() as folder:
        off = asyncio.run(measure(f"sqlite:///{folder}/off.sqlite3", False, args))
        report("no storage", off, off, args.pace)
        sqlite = asyncio.run(measure(f"sqlite:///{folder}/on.sqlite3", True, args))
        report("SQLite", sqlite, off, args.pace)
    created = postgres_database(args.postgres) if args.postgres else None
    if created is not None:
        url, name = created
        try:
            report("PostgreSQL", asyncio.run(measure(url, True, args)), off, args.pace)
        finally:
            drop_database(args.postgres, name)


if __name__ == "__main__":
    main()
