"""Group commit (``dupbridge.store.writer``): the commands of many tables in one transaction
on the writer thread, each still all-or-nothing; a clash on a seq or an idempotency key fails
that command only; a failed transaction stores nothing of its group. On SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.services.bus import MemoryBus
from dupbridge.services.online import decode_online
from dupbridge.services.tables import TableService
from dupbridge.store import (
    ConflictError,
    EventStore,
    GroupWriter,
    NewEvent,
    Outcome,
    UnitOfWork,
    Write,
    make_engine,
    upgrade,
)
from tests.async_run import run_async


def _store(url: str, tables: int = 3) -> EventStore:
    engine = make_engine(url)
    upgrade(engine)
    store = EventStore(engine)
    with store.unit_of_work() as uow:
        uow.create_session("s1", "", {})
        for number in range(tables):
            uow.create_table(f"t{number}", "s1", 1, {})
            uow.append(f"t{number}", [NewEvent(0, 0, {"type": "BoardStarted"}, "system")])
    return store


class Collector:
    """The ``settle`` callback: every group's outcomes, in order."""

    def __init__(self) -> None:
        self.groups: list[list[Outcome]] = []
        self.count = 0
        self.done = threading.Condition()

    def __call__(self, outcomes: list[Outcome]) -> None:
        with self.done:
            self.groups.append(outcomes)
            self.count += len(outcomes)
            self.done.notify_all()

    def wait(self, count: int) -> dict[str, BaseException | None]:
        with self.done:
            assert self.done.wait_for(lambda: self.count >= count, timeout=20)
        return {token: error for group in self.groups for token, error in group}


def _call(seq: int, key: str | None, *, batch: int | None = None) -> NewEvent:
    return NewEvent(seq, seq if batch is None else batch, {"type": "CallMade"}, "N", key)


def _run_group(store: EventStore, writes: list[Write]) -> tuple[Collector, GroupWriter]:
    """Submit ``writes`` before the thread starts, so that they form one group."""
    collector = Collector()
    writer = GroupWriter(store.engine, collector, checkpoint_s=0.05)
    for write in writes:
        writer.submit(write)
    writer.start()
    collector.wait(len(writes))
    return collector, writer


def _seqs(store: EventStore, table: str) -> list[int]:
    return [event.seq for event in store.events(table)]


def _group_of_three_with_a_clash(store: EventStore) -> None:
    with store.unit_of_work() as uow:
        uow.append("t1", [_call(1, "old")])
    writes = [
        Write("t0", [_call(1, "a"), _call(2, None, batch=1)], False, "first"),
        Write("t1", [_call(1, "b"), _call(2, None, batch=1)], False, "clash"),  # seq 1 taken
        Write("t2", [_call(1, "c")], True, "third"),
    ]
    collector, writer = _run_group(store, writes)
    writer.close()
    outcomes = collector.wait(3)
    assert outcomes["first"] is None
    assert outcomes["third"] is None
    assert isinstance(outcomes["clash"], ConflictError)
    assert [0, 1, 2] == _seqs(store, "t0")
    assert [0, 1] == _seqs(store, "t1")  # nothing of the clashing command, not even seq 2
    assert ["old"] == [event.key for event in store.events("t1")[1:]]
    assert [0, 1] == _seqs(store, "t2")
    finished = {record.id: record.finished_at for record in store.session_tables("s1")}
    assert finished["t2"] is not None
    assert finished["t0"] is None


class TestSQLite:
    """The writer on a SQLite file (WAL, a checkpointer thread)."""

    def test_one_transaction_for_the_group(self, tmp_path: Path) -> None:
        """Three tables' commands submitted together are written in one transaction, each
        table's events in its order."""
        store = _store(f"sqlite:///{tmp_path / 'w.db'}")
        writes = [Write(f"t{number}", [_call(1, "k")], False, number) for number in range(3)]
        writes.append(Write("t0", [_call(2, "k2")], False, 3))
        collector, writer = _run_group(store, writes)
        writer.close()
        assert {0: None, 1: None, 2: None, 3: None} == collector.wait(4)
        assert 1 == writer.groups
        assert [0, 1, 2] == _seqs(store, "t0")
        assert [0, 1] == _seqs(store, "t2")

    def test_a_clash_fails_only_its_command(self, tmp_path: Path) -> None:
        """A seq already stored (another process got there first): that command is refused
        whole and the rest of its group is stored."""
        _group_of_three_with_a_clash(_store(f"sqlite:///{tmp_path / 'w.db'}"))

    def test_a_key_seen_before_is_a_clash(self, tmp_path: Path) -> None:
        """An idempotency key already in the table's log: refused, nothing of it stored."""
        store = _store(f"sqlite:///{tmp_path / 'w.db'}")
        writes = [
            Write("t0", [_call(1, "same")], False, "one"),
            Write("t0", [_call(2, "same")], False, "two"),
            Write("t1", [_call(1, "same")], False, "other table"),
        ]
        collector, writer = _run_group(store, writes)
        writer.close()
        outcomes = collector.wait(3)
        assert (None, None) == (outcomes["one"], outcomes["other table"])
        assert isinstance(outcomes["two"], ConflictError)
        assert [0, 1] == _seqs(store, "t0")

    def test_a_failed_transaction_stores_nothing_then_recovers(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The database fails: every command of the group gets the error and nothing is
        stored; the next group is written on a new connection."""
        store = _store(f"sqlite:///{tmp_path / 'w.db'}")
        real = UnitOfWork.append_many

        def broken(*_args: object) -> None:
            raise OperationalError("INSERT", None, Exception("disk I/O error"))

        monkeypatch.setattr(UnitOfWork, "append_many", broken)
        writes = [Write(f"t{number}", [_call(1, "k")], False, number) for number in range(2)]
        collector, writer = _run_group(store, writes)
        outcomes = collector.wait(2)
        assert all(isinstance(outcomes[number], OperationalError) for number in range(2))
        assert [0] == _seqs(store, "t0")
        monkeypatch.setattr(UnitOfWork, "append_many", real)
        writer.submit(Write("t0", [_call(1, "k")], False, "again"))
        assert collector.wait(3)["again"] is None
        writer.close()
        assert [0, 1] == _seqs(store, "t0")

    def test_close_writes_what_is_queued(self, tmp_path: Path) -> None:
        """Closing the writer writes every queued command first; nothing is accepted
        after."""
        store = _store(f"sqlite:///{tmp_path / 'w.db'}")
        collector = Collector()
        writer = GroupWriter(store.engine, collector)
        writer.start()
        for seq in range(1, 21):
            writer.submit(Write("t0", [_call(seq, f"k{seq}")], False, seq))
        writer.close()
        assert 20 == collector.count
        assert list(range(21)) == _seqs(store, "t0")
        with pytest.raises(RuntimeError):
            writer.submit(Write("t0", [_call(21, "late")], False, 21))

    def test_the_service_acknowledges_after_group_commits(self, tmp_path: Path) -> None:
        """Forty tables' opening calls sent at once through the table service: each is
        acknowledged and stored, in fewer transactions than commands (Law 17A: the dealer
        calls first)."""

        async def play() -> tuple[list[dict[str, object]], int, list[str], EventStore]:
            engine = make_engine(f"sqlite:///{tmp_path / 's.db'}")
            upgrade(engine)
            store = EventStore(engine)
            service = TableService(store, MemoryBus())
            await service.start()
            ids = []
            rng = random.Random(11)
            for _ in range(40):
                table_id, _session = await service.create_table(Deal.random(rng), Board.numbered(1))
                ids.append(table_id)
            command = decode_online({"type": "call", "seat": "N", "call": "Pass"})
            answers = await asyncio.gather(
                *(service.handle(table_id, Seat.N, command, 0, "open") for table_id in ids)
            )
            groups = service.write_groups
            await service.close()
            return answers, groups, ids, store

        answers, groups, ids, store = run_async(play())
        assert all(answer["type"] == "ack" and answer["seq"] == 1 for answer in answers)
        assert 1 <= groups < 40
        for table_id in ids:
            assert ["BoardStarted", "CallMade"] == [row.kind for row in store.events(table_id)]

    def test_a_command_cancelled_while_it_commits(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The sender leaves while his call is being written: the call is stored, the table
        in memory agrees with its log, and the next player's call (Law 17A: in rotation) is
        accepted."""
        real = UnitOfWork.append_many

        def slow(self: UnitOfWork, logs: object) -> None:
            time.sleep(0.3)  # on the writer thread
            real(self, logs)  # type: ignore[arg-type]

        async def play() -> tuple[int, list[str], dict[str, object]]:
            engine = make_engine(f"sqlite:///{tmp_path / 'c.db'}")
            upgrade(engine)
            store = EventStore(engine)
            service = TableService(store, MemoryBus())
            await service.start()
            table_id, _ = await service.create_table(
                Deal.random(random.Random(5)), Board.numbered(1)
            )
            north = decode_online({"type": "call", "seat": "N", "call": "Pass"})
            east = decode_online({"type": "call", "seat": "E", "call": "Pass"})
            monkeypatch.setattr(UnitOfWork, "append_many", slow)
            sending = asyncio.create_task(service.handle(table_id, Seat.N, north, 0, "n"))
            await asyncio.sleep(0.1)
            sending.cancel()
            with pytest.raises(asyncio.CancelledError):
                await sending
            monkeypatch.setattr(UnitOfWork, "append_many", real)
            head = (await service.live(table_id)).head
            answer = await service.handle(table_id, Seat.E, east, 1, "e")
            await service.close()
            kinds = [row.kind for row in store.events(table_id)]
            engine.dispose()
            return head, kinds, answer

        head, kinds, answer = run_async(play())
        assert 1 == head
        assert {"type": "ack", "key": "e", "seq": 2, "last": 2} == answer
        assert ["BoardStarted", "CallMade", "CallMade"] == kinds


class TestPostgreSQL:
    """The same writer on PostgreSQL (a fresh database per test; no checkpointer)."""

    def test_a_clash_fails_only_its_command(self, postgres_url: str) -> None:
        """As on SQLite: the clashing command is refused whole, the others stored."""
        store = _store(postgres_url)
        _group_of_three_with_a_clash(store)
        store.engine.dispose()
