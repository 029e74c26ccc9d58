"""Scale-out: two server processes share PostgreSQL and Redis (DESIGN §2.15). A client on
one sees within a second a card played through the other, and of two commands sent at once
to the two processes with the same ``expected_seq`` exactly one is accepted."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from dupbridge.store import EventStore, make_engine
from tests.web.servers import Server, receive
from tests.web.test_durability import PLAYED, plan_board

pytestmark = pytest.mark.slow

#: Which process each seat's socket is connected to.
HOME = {"N": 0, "S": 0, "E": 1, "W": 1}


def _drain_to(socket: ClientConnection, seq: int) -> float:
    """Read update frames until one reaches ``seq``; the time it arrived."""
    while True:
        frame = receive(socket, "update")
        if frame["seq"] >= seq:
            return time.monotonic()


def test_two_processes_share_the_tables(postgres_url: str, redis_url: str, tmp_path: Path) -> None:
    """Cards played through one process reach the sockets of the other within 1 s, and the
    board is finished across both."""
    servers = [Server(postgres_url, tmp_path / f"s{i}.log", redis_url).start() for i in (0, 1)]
    sockets: dict[str, ClientConnection] = {}
    try:
        steps, _final = plan_board(PLAYED)
        status, created = servers[0].post("/tables", {"deal": PLAYED})
        assert 201 == status
        sockets = {
            seat: servers[HOME[seat]].socket(created["table"], token)
            for seat, token in created["seats"].items()
        }
        for socket in sockets.values():
            receive(socket, "update")
        delays = []
        for index, step in enumerate(steps[:30]):
            sent = time.monotonic()
            frame = {**step.fields, "expected_seq": step.expected, "key": f"c{index}"}
            sockets[step.actor].send(json.dumps(frame))
            for seat, socket in sockets.items():
                arrived = _drain_to(socket, step.last)
                if step.fields["type"] == "card" and HOME[seat] != HOME[step.actor]:
                    delays.append(arrived - sent)
            assert step.expected + 1 == receive(sockets[step.actor], "ack")["seq"]
        assert delays
        assert max(delays) < 1.0, delays
        for server in servers:
            status, view = server_view(server, created)
            assert (200, steps[29].last) == (status, view["seq"])
    finally:
        for socket in sockets.values():
            socket.close()
        for server in servers:
            server.stop()


def server_view(server: Server, created: dict[str, Any]) -> tuple[int, Any]:
    """A kibitzer's frame read over HTTP from ``server``."""
    import httpx

    answer = httpx.get(f"{server.http}/tables/{created['table']}/view", timeout=20)
    return answer.status_code, answer.json()


def race(servers: list[Server], created: dict[str, Any]) -> list[tuple[int, Any]]:
    """North calls 1C through the first process and 1D through the second at the same
    moment, both at ``expected_seq`` 0; the two answers."""
    barrier = threading.Barrier(2)
    answers: list[tuple[int, Any]] = [(0, None), (0, None)]

    def send(i: int, call: str) -> None:
        barrier.wait(timeout=20)
        answers[i] = servers[i].post(
            f"/tables/{created['table']}/commands",
            {"type": "call", "seat": "N", "call": call, "expected_seq": 0, "key": call},
            created["seats"]["N"],
        )

    threads = [threading.Thread(target=send, args=pair) for pair in enumerate(("1C", "1D"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return answers


def test_one_of_two_concurrent_commands_is_accepted(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    """North's two different calls sent at the same moment, one to each process, with the
    same ``expected_seq``: exactly one is accepted, the other answers stale, and the log
    holds only the accepted one."""
    servers = [Server(postgres_url, tmp_path / f"c{i}.log", redis_url).start() for i in (0, 1)]
    engine = make_engine(postgres_url)
    try:
        for attempt in range(6):
            status, created = servers[attempt % 2].post("/tables", {"deal": PLAYED})
            assert 201 == status
            for server in servers:  # both processes have the table in memory
                assert 200 == server_view(server, created)[0]
            answers = race(servers, created)
            statuses = sorted(status for status, _body in answers)
            assert [200, 409] == statuses, answers
            stale = next(body for status, body in answers if status == 409)
            assert ("stale", 1) == (stale["type"], stale["head"])
            accepted = next(body for status, body in answers if status == 200)
            rows = EventStore(engine).events(created["table"])
            assert ["BoardStarted", "CallMade"] == [row.kind for row in rows]
            assert accepted["key"] == rows[1].payload["call"]
    finally:
        engine.dispose()
        for server in servers:
            server.stop()
