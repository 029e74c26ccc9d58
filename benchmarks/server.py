"""Online tables under load: N human-paced tables against a real ``dupbridge serve``.

Each table has four seat sockets on loopback; every ``--interval`` seconds (with jitter, each
table's actions in order) the seat whose turn it is sends its next call or card, planned by
the robots. Measured over ``--duration`` seconds, for SQLite, PostgreSQL and persistence off:

* the server's CPU share per table (its user+system time over wall time, per table), and the
  tables one core could carry at that rate;
* p50 and p99 latency from a command to its acknowledgement, and to the other seats' frames;
* the ratio of each against the same run with persistence off;
* the acks and frames that never came, the client's own CPU, and how long the server and the
  client waited for a CPU (other work on their core).

The load client is ``ws_client.py`` (RFC 6455 on raw asyncio protocols), a process of its own:
the server is pinned to CPU 0 and the client to CPU 1 (``--server-core``, ``--client-core``),
so that the server's figures are those of one core. ``--priority 10`` raises both above
other work on a shared machine (root); ``--raw DIR`` keeps every latency; ``--profile DIR``
runs the server under cProfile.

Usage (defaults run in under two minutes)::

    python benchmarks/server.py --tables 100 --duration 20 --interval 2
    python benchmarks/server.py --postgres postgresql://postgres@127.0.0.1:5432/test
    python benchmarks/server.py --tables 2000 --interval 7 --duration 30 --postgres ''

PostgreSQL runs in a database of its own, created and dropped by the benchmark; it is skipped
(with one line) when the server is not reachable.
"""

from __future__ import annotations

import argparse
import contextlib
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
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

import psycopg

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


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0..1) of ``values``, 0 if empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def pin(pid: int, core: int | None, priority: int = 0) -> None:
    """Keep every thread of ``pid`` (and those it starts later) on ``core``, at nice
    ``-priority`` (and its session's scheduling group too: with Linux's autogroups a
    thread's nice counts only within its group)."""
    if priority:
        with contextlib.suppress(OSError):
            Path(f"/proc/{pid}/autogroup").write_text(str(-priority))
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            if core is not None:
                os.sched_setaffinity(int(task.name), {core})
            if priority:
                os.setpriority(os.PRIO_PROCESS, int(task.name), -priority)


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def measure(url: str, persist: bool, args: argparse.Namespace) -> dict[str, float]:
    """One run against a fresh server on ``url``, driven by ``ws_client.py`` in its own process."""
    port = free_port()
    env = {
        **os.environ,
        "DUPBRIDGE_ENVIRONMENT": "test",
        "DUPBRIDGE_SECRET_KEY": SECRET,
        "DUPBRIDGE_PERSIST": "true" if persist else "false",
    }
    dupbridge = str(Path(sys.executable).parent / "dupbridge")
    command = [dupbridge, "serve", "--port", str(port), "--database-url", url]
    if args.profile:  # the server under cProfile, its statistics written when it stops
        name = f"{'sqlite' if url.startswith('sqlite') else 'postgresql'}-{persist}.prof"
        profile = ["-m", "cProfile", "-o", str(Path(args.profile) / name)]
        command = [sys.executable, *profile, dupbridge, *command[1:]]
    server = subprocess.Popen(  # noqa: S603 - our own command, fixed arguments
        command,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=bool(args.priority),  # a scheduling group of its own
    )
    pin(server.pid, args.server_core, args.priority)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                with urlopen(f"{base}/health", timeout=2) as answer:  # noqa: S310 - loopback
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        rng = random.Random(args.seed)
        tables = []
        for _ in range(args.tables):
            deal = Deal.random(rng)
            request = Request(  # noqa: S310 - loopback
                f"{base}/tables",
                data=json.dumps({"deal": deal.to_pbn()}).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urlopen(request, timeout=30) as answer:  # noqa: S310 - loopback
                created = json.loads(answer.read())
            steps = [
                (actor, json.dumps({**fields, "expected_seq": expected, "key": f"b{index}"}),
                 expected + 1, last)
                for index, (actor, fields, expected, last) in enumerate(plan(deal))
            ]  # fmt: skip
            tables.append({"table": created["table"], "seats": created["seats"], "steps": steps})
        pin(server.pid, args.server_core, args.priority)  # the threads started meanwhile too
        with tempfile.TemporaryDirectory() as folder:
            spec, result = Path(folder) / "spec.json", Path(folder) / "result.json"
            spec.write_text(
                json.dumps(
                    {
                        "port": port,
                        "server_pid": server.pid,
                        "interval": args.interval,
                        "duration": args.duration,
                        "seed": args.seed,
                        "core": args.client_core,
                        "priority": args.priority,
                        "tables": tables,
                    }
                )
            )
            client = Path(__file__).with_name("ws_client.py")
            subprocess.run(  # noqa: S603 - our own script
                [sys.executable, str(client), str(spec), str(result)],
                check=True,
                timeout=args.duration + 600,
                start_new_session=bool(args.priority),
            )
            measured = json.loads(result.read_text())
            if args.raw:  # every latency with its send time, for a closer look
                name = f"{'sqlite' if url.startswith('sqlite') else 'postgresql'}-{persist}.json"
                Path(args.raw).mkdir(parents=True, exist_ok=True)
                (Path(args.raw) / name).write_text(result.read_text())
    finally:
        # SIGINT under cProfile: uvicorn passes it on as KeyboardInterrupt, and the profile
        # is written on the way out (SIGTERM would end the process first)
        server.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
        try:
            server.wait(timeout=120 if args.profile else 20)
        except subprocess.TimeoutExpired:
            server.kill()
    actions = max(1, measured["actions"])
    cpu, wall = measured["server_cpu"], measured["wall"]
    share = cpu / wall / args.tables
    expected_frames = 3 * measured["actions"]
    pairs = zip(measured["ack"], measured["sent_at"], strict=True)
    late = [ack for ack, sent in pairs if sent >= 10]  # the first seconds left out
    return {
        "actions": measured["actions"],
        "errors": measured["timeouts"] + measured["refused"],
        "missing_acks": measured["missing_acks"],
        "missing_frames": measured["missing_frames"] + expected_frames - len(measured["others"]),
        "cpu_share_per_table": share,
        "cpu_ms_per_action": 1000 * cpu / actions,
        "server_core_share": cpu / wall,
        "client_core_share": measured["client_cpu"] / wall,
        "client_ms_per_action": 1000 * measured["client_cpu"] / actions,
        "tables_per_core": 1 / share if share else 0.0,
        "tables_at_pace": args.pace / (cpu / actions) if cpu else 0.0,
        "ack_p50_ms": 1000 * percentile(measured["ack"], 0.50),
        "ack_p99_ms": 1000 * percentile(measured["ack"], 0.99),
        "others_p50_ms": 1000 * percentile(measured["others"], 0.50),
        "others_p99_ms": 1000 * percentile(measured["others"], 0.99),
        "mean_ack_ms": 1000 * statistics.fmean(measured["ack"]) if measured["ack"] else 0.0,
        "connect_s": measured["connect_seconds"],
        "tables": args.tables,
        "server_waited": measured["server_waited"] / wall,
        "client_waited": measured["client_waited"] / wall,
        "ack_p99_late_ms": 1000 * percentile(late, 0.99),
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
    """Two lines per run, with the ratios against persistence off."""

    late = f"{result['ack_p99_late_ms']:.1f} ms" if result["ack_p99_late_ms"] else "-"

    def ratio(key: str) -> float:
        return result[key] / baseline[key] if baseline[key] else float("nan")

    print(
        f"{name:<11} actions {int(result['actions']):>6}  errors {int(result['errors']):>3} "
        f"(missing: {int(result['missing_acks'])} acks, {int(result['missing_frames'])} frames)  "
        f"CPU/table {100 * result['cpu_share_per_table']:.3f}% of a core "
        f"({result['cpu_ms_per_action']:.2f} ms/action: ~{result['tables_per_core']:.0f} "
        f"tables/core at this pace, ~{result['tables_at_pace']:.0f} at one action/{pace:g} s)  "
        f"ack p50 {result['ack_p50_ms']:.1f} p99 {result['ack_p99_ms']:.1f} ms  "
        f"others p50 {result['others_p50_ms']:.1f} p99 {result['others_p99_ms']:.1f} ms  "
        f"ratio vs off: CPU x{ratio('cpu_ms_per_action'):.2f}, ack p99 x{ratio('ack_p99_ms'):.2f}"
    )
    print(
        f"{'':<11} server {100 * result['server_core_share']:.0f}% of its core, "
        f"client {100 * result['client_core_share']:.0f}% of its core "
        f"({result['client_ms_per_action']:.2f} ms/action), "
        f"{4 * int(result['tables'])} sockets connected in "
        f"{result['connect_s']:.1f} s; waiting for a CPU (other work on its core): server "
        f"{100 * result['server_waited']:.0f}%, client {100 * result['client_waited']:.0f}% "
        f"of the time; ack p99 after the first 10 s {late}"
    )
    if result["server_waited"] > 0.1:
        print(
            f"{'':<11} (the server waited for its CPU {100 * result['server_waited']:.0f}% of "
            "the time: other work shares its core, and the latencies measure that too)"
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
    parser.add_argument(
        "--server-core", type=int, default=0, help="the CPU the server is pinned to (-1: none)"
    )
    parser.add_argument(
        "--client-core", type=int, default=1, help="the CPU the load client is pinned to (-1: none)"
    )
    parser.add_argument(
        "--profile",
        metavar="DIR",
        help="run the server under cProfile and write its statistics to DIR (slows it down)",
    )
    parser.add_argument(
        "--priority",
        type=int,
        default=0,
        metavar="N",
        help="run the server and the client at nice -N (needs the right to: root), so that "
        "other work on a shared machine delays them less; the CPU figures do not change",
    )
    parser.add_argument(
        "--raw", metavar="DIR", help="write each run's latencies and send times to DIR"
    )
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0))
    for name in ("server_core", "client_core"):
        core = getattr(args, name)
        if core < 0 or core not in cores:
            if core >= 0:
                flag = name.replace("_", "-")
                print(f"CPU {core} is not available here ({cores}): --{flag} unpinned")
            setattr(args, name, None)
    print(
        f"{args.tables} tables, one action per table every ~{args.interval:g} s "
        f"(~{args.tables / args.interval:.0f} actions/s), {args.duration:g} s measured; "
        f"server on CPU {_cpu(args.server_core)}, load client on CPU {_cpu(args.client_core)}; "
        f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}"
    )
    with tempfile.TemporaryDirectory() as folder:
        off = measure(f"sqlite:///{folder}/off.sqlite3", False, args)
        report("no storage", off, off, args.pace)
        sqlite = measure(f"sqlite:///{folder}/on.sqlite3", True, args)
        report("SQLite", sqlite, off, args.pace)
    created = postgres_database(args.postgres) if args.postgres else None
    if created is not None:
        url, name = created
        try:
            report("PostgreSQL", measure(url, True, args), off, args.pace)
        finally:
            drop_database(args.postgres, name)


def _cpu(core: int | None) -> str:
    return "any" if core is None else str(core)


if __name__ == "__main__":
    main()
