"""Durability: ``dupbridge serve`` killed with SIGKILL between commands and during a burst
loses no acknowledged action; clients resync with ``since=`` and finish the board. On SQLite
and on PostgreSQL. Every wait is bounded; the servers listen on 127.0.0.1 only."""

from __future__ import annotations

import itertools
import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.event_json import event_to_json
from dupbridge.core.seats import SEATS
from dupbridge.core.table import Phase, Table
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.services.wire import table_view
from dupbridge.store import EventStore, make_engine
from tests.web.protocol import reference
from tests.web.servers import Server, receive

pytestmark = pytest.mark.slow

#: A deal the robots bid to 2H by South and play out: 62 commands.
PLAYED = "N:AKJT.3.9843.Q542 9543.J5.QJ5.8763 6.AKT872.AK6.KT9 Q872.Q964.T72.AJ"


@dataclass(frozen=True)
class Step:
    """One planned command: who sends it, its fields, the head before it and its last seq."""

    actor: str
    fields: dict[str, Any]
    expected: int
    last: int


def plan_board(deal: str) -> tuple[list[Step], Table]:
    """The robots' whole board as commands, with the seqs they will be stored at."""
    table = reference(deal)
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
        steps.append(Step(actor.letter, fields, head, table.last_seq))
    return steps, table


class Player:
    """Four seat sockets at one table of a server, playing the plan."""

    def __init__(self, server: Server, created: dict[str, Any], steps: list[Step]) -> None:
        self.created = created
        self.steps = steps
        self.next = 0
        self.acked: dict[str, tuple[int, int]] = {}
        self.sockets: dict[str, ClientConnection] = {}
        self.connect(server, -1)

    @property
    def table_id(self) -> str:
        """The table's id."""
        return str(self.created["table"])

    def connect(self, server: Server, since: int) -> list[dict[str, Any]]:
        """Open the four sockets with ``since``; returns their first frames."""
        for socket in self.sockets.values():
            socket.close()
        self.sockets = {
            seat: server.socket(self.table_id, token, since)
            for seat, token in self.created["seats"].items()
        }
        return [receive(socket, "update") for socket in self.sockets.values()]

    def send(self, index: int) -> None:
        """Send planned command ``index`` (its key is fixed, so a resend is harmless)."""
        step = self.steps[index]
        frame = {**step.fields, "expected_seq": step.expected, "key": f"cmd-{index}"}
        self.sockets[step.actor].send(json.dumps(frame))

    def answer(self, index: int) -> None:
        """Wait for the acknowledgement of command ``index``."""
        step = self.steps[index]
        ack = receive(self.sockets[step.actor], "ack")
        assert (f"cmd-{index}", step.expected + 1, step.last) == (
            ack["key"],
            ack["seq"],
            ack["last"],
        )
        self.acked[ack["key"]] = (ack["seq"], ack["last"])

    def play(self, count: int) -> None:
        """Play the next ``count`` commands, one at a time."""
        for _ in range(count):
            self.send(self.next)
            self.answer(self.next)
            self.next += 1

    def burst(self, stop: threading.Event) -> None:
        """Play as fast as acknowledgements come until the server dies or ``stop``."""
        try:
            while not stop.is_set() and self.next < len(self.steps):
                self.send(self.next)
                self.answer(self.next)
                self.next += 1
        except (ConnectionClosed, OSError, TimeoutError):
            return

    def resend_unacknowledged(self) -> None:
        """After a restart: send again, with the same key, the command in flight."""
        if self.next < len(self.steps):
            self.send(self.next)
            self.answer(self.next)
            self.next += 1


def check_log(url: str, player: Player) -> list[dict[str, Any]]:
    """Every acknowledged command is in the stored log, at the seqs it was acknowledged."""
    engine = make_engine(url)
    try:
        rows = EventStore(engine).events(player.table_id)
    finally:
        engine.dispose()
    by_seq = {row.seq: row for row in rows}
    for key, (first, last) in player.acked.items():
        assert key == by_seq[first].key
        assert all(by_seq[seq].batch == first for seq in range(first, last + 1))
    return [row.payload for row in rows]


def check_resync(frames: list[dict[str, Any]], since: int, table: Table, seats: list[str]) -> None:
    """A resync frame carries exactly the events after ``since`` and the seat's view."""
    for seat, frame in zip(seats, frames, strict=True):
        assert list(range(since + 1, frame["seq"] + 1)) == [
            event["seq"] for event in frame["events"]
        ]
        if frame["seq"] == table.last_seq:
            from dupbridge.core.seats import Seat

            assert (
                table_view(table, Seat.from_str(seat), explanations_after_board=False)
                == frame["view"]
            )


def replayed_to(steps: list[Step], count: int) -> Table:
    """The reference table after the first ``count`` planned commands."""
    table = reference(PLAYED)
    for step in steps[:count]:
        fields = step.fields
        from dupbridge.core.command_json import decode_command

        table.execute(decode_command(fields))
    return table


def run_durability(url: str, tmp_path: Path) -> None:
    """The scenario, on one database."""
    steps, final = plan_board(PLAYED)
    server = Server(url, tmp_path / "server.log").start()
    players: list[Player] = []
    try:
        status, created = server.post("/tables", {"deal": PLAYED})
        assert 201 == status, created
        status, created_2 = server.post("/tables", {"deal": PLAYED, "session": created["session"]})
        assert 201 == status, created_2
        players = [Player(server, created, steps), Player(server, created_2, steps)]
        # 1. SIGKILL between commands.
        players[0].play(6)
        server.kill()
        check_log(url, players[0])
        server.start()
        since = steps[players[0].next - 1].last
        frames = players[0].connect(server, since - 3)
        check_resync(
            frames, since - 3, replayed_to(steps, players[0].next), list(players[0].sockets)
        )
        players[1].connect(server, -1)
        # 2. SIGKILL during a burst on two tables at once.
        stop = threading.Event()
        threads = [threading.Thread(target=player.burst, args=(stop,)) for player in players]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while sum(len(player.acked) for player in players) < 30 and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        for player in players:
            check_log(url, player)
        server.start()
        for player in players:
            head = steps[player.next - 1].last if player.next else 0
            player.connect(server, head)
            player.resend_unacknowledged()
            player.play(len(steps) - player.next)
            assert final.events == replayed_to(steps, len(steps)).events
            stored = check_log(url, player)
            assert [event_to_json(event) for event in final.events] == stored
            frames = player.connect(server, 0)
            check_resync(frames, 0, final, list(player.sockets))
            assert all(frame["view"]["phase"] == "finished" for frame in frames)
        assert len(players[0].acked) == len(steps)
    finally:
        for player in players:
            for socket in player.sockets.values():
                socket.close()
        server.stop()


class TestDurability:
    """Kill the server; nothing acknowledged is lost."""

    def test_sqlite(self, tmp_path: Path) -> None:
        """On the embedded SQLite default."""
        run_durability(f"sqlite:///{tmp_path / 'tables.sqlite3'}", tmp_path)

    def test_postgresql(self, postgres_url: str, tmp_path: Path) -> None:
        """On PostgreSQL."""
        run_durability(postgres_url, tmp_path)


def test_plan_is_a_whole_board() -> None:
    """The plan the durability test plays is a complete board, seqs without gaps."""
    steps, final = plan_board(PLAYED)
    assert final.phase is Phase.FINISHED
    assert all(a.last == b.expected for a, b in itertools.pairwise(steps))
    assert {step.actor for step in steps} <= {seat.letter for seat in SEATS}
