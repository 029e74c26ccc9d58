"""Two server processes on one store (docs/server.md, "Several processes"): when the other
process has written only quiet events (a seat's connection closing, chat) at the seq a command
expected, the command is carried out at the new head, as it would have been had this process
known of them; behind a call or a card it stays stale and changes nothing. Two services on one
SQLite file stand for the two processes; no bus joins them, so neither hears of the other's
events until its write clashes in the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dupbridge.core.boards import Board
from dupbridge.core.calls import parse_call
from dupbridge.core.commands import MakeCall
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.services.bus import make_bus
from dupbridge.services.tables import TableService
from dupbridge.store import EventStore, make_engine, upgrade
from tests.async_run import run_async
from tests.web.conftest import DEAL


def _types(store: EventStore, table_id: str) -> list[str]:
    return [str(row.payload["type"]) for row in store.events(table_id)]


def _two_processes(tmp_path: Path, between: str) -> dict[str, Any]:
    """North opens 1C through process one; process two reads the table, then writes
    ``between`` ("presence": East's connection to it closing; "call": East's 1D through it);
    then East passes through process one with the seq both processes knew before."""
    seen: dict[str, Any] = {}

    async def main() -> None:
        engine = make_engine(f"sqlite:///{tmp_path / 'two.sqlite3'}")
        upgrade(engine)
        store = EventStore(engine)
        one = TableService(store, make_bus(None))
        two = TableService(EventStore(engine), make_bus(None))
        await one.start()
        await two.start()
        try:
            table_id, _session = await one.create_table(Deal.from_pbn(DEAL), Board.numbered(1))
            first = await one.handle(table_id, Seat.N, MakeCall(Seat.N, parse_call("1C")), 0, "n")
            assert first["type"] == "ack", first
            head = first["last"]
            live_two = await two.live(table_id)  # process two reads the table: head 1
            assert live_two.head == head
            if between == "presence":  # East's last connection to process two closes
                await two.presence(table_id, Seat.E, connected=True)
                await two.presence(table_id, Seat.E, connected=False)
            else:  # East calls through process two
                reply = await two.handle(
                    table_id, Seat.E, MakeCall(Seat.E, parse_call("1D")), head, "e2"
                )
                assert reply["type"] == "ack", reply
            seen["between"] = _types(store, table_id)
            # Process one has not heard of it; East's pass expects the head it knows.
            seen["answer"] = await one.handle(
                table_id, Seat.E, MakeCall(Seat.E, parse_call("Pass")), head, "e1"
            )
            seen["after"] = _types(store, table_id)
            seen["calls"] = [
                str(row.payload.get("call"))
                for row in store.events(table_id)
                if row.payload["type"] == "CallMade"
            ]
        finally:
            await one.close()
            await two.close()
            engine.dispose()

    run_async(main())
    return seen


def test_a_command_behind_the_other_process_presence_event_is_made(tmp_path: Path) -> None:
    """East's pass, sent to process one when it knew event 1, is made after the
    ``SeatDisconnected`` that process two wrote at seq 2: quiet, so not stale (before, it was
    answered ``stale`` and the player had to make his call again)."""
    seen = _two_processes(tmp_path, "presence")
    assert seen["between"][-1] == "SeatDisconnected"
    assert seen["answer"]["type"] == "ack", seen["answer"]
    assert seen["answer"]["seq"] == len(seen["between"])  # at the new head
    assert seen["after"] == [*seen["between"], "CallMade"]
    assert seen["calls"] == ["1C", "Pass"]


def test_a_command_behind_the_other_process_call_is_stale(tmp_path: Path) -> None:
    """East's pass, sent to process one when it knew event 1, after East's 1D through
    process two: the game moved on, so it is stale and the log is as process two left it."""
    seen = _two_processes(tmp_path, "call")
    assert seen["answer"]["type"] == "stale", seen["answer"]
    assert seen["answer"]["head"] == len(seen["between"]) - 1
    assert seen["after"] == seen["between"]
    assert seen["calls"] == ["1C", "1D"]
