"""The Director's queue: the automatic call for a disconnected player (issue 16).

A seat's WebSocket that closes while its board is in play makes the server log
``SeatDisconnected``; once the player has been away longer than the grace period
(``disconnect_grace``) the queue shows table, board, seat, player and how long ago, until he
is back (``SeatReconnected``) or the Director attends the call. A player back within the
grace never appears; a robot's seat never counts; no browser can send the event. The
Director's call itself is Law 9B1(a); the queue is the console's, read from the log, so it
is the same in every server process."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.event_json import event_to_json
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.services.live import LiveTable
from dupbridge.services.online import TableSettings
from dupbridge.store import EventStore, make_engine
from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.web.conftest import DEAL, SECRET, settings_for
from tests.web.protocol import command, create

GRACE = 0.4


@pytest.fixture
def app_client(db_url: str) -> Iterator[tuple[Any, TestClient]]:
    app = create_app(settings_for(db_url, disconnect_grace=GRACE))
    with TestClient(app, follow_redirects=False) as client:
        yield app, client


def _types(db_url: str, table_id: str) -> list[str]:
    store = EventStore(make_engine(db_url))
    return [str(row.payload["type"]) for row in store.events(table_id)]


def _until(check: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for the server's work after a socket closed (it runs after the client left)."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def _socket_url(table: dict[str, Any], seat: str) -> str:
    return f"/tables/{table['table']}/ws?token={table['seats'][seat]}"


def _queue(client: TestClient, session: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/director/sessions/{session}/queue")
    assert answer.status_code == 200, answer.text
    return [item for item in answer.json() if item["kind"] == "SeatDisconnected"]


def test_disconnected_player_enters_the_queue_and_leaves_it_on_return(
    app_client: tuple[Any, TestClient], db_url: str
) -> None:
    _app, client = app_client
    table = create(client, DEAL, board=3)
    player = {"cookie": f"{AUTH_COOKIE}={role_cookie(SECRET, 'player', 'Jan Kowalski')}"}
    with client.websocket_connect(_socket_url(table, "E"), headers=player) as east:
        east.receive_json()
    _until(lambda: "SeatDisconnected" in _types(db_url, table["table"]))
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    time.sleep(GRACE + 0.1)
    [item] = _queue(client, table["session"])
    assert (item["table"], item["board"], item["seat"], item["player"]) == (
        table["table"], 3, "E", "Jan Kowalski",
    )  # fmt: skip
    assert item["age_s"] >= 0
    page = client.get(f"/director/sessions/{table['session']}")
    assert "Jan Kowalski" in page.text

    with client.websocket_connect(_socket_url(table, "E")) as east:
        frame = east.receive_json()
        assert frame["events"][-1]["type"] == "SeatReconnected"  # logged before the frame
        assert _queue(client, table["session"]) == []
    _until(lambda: _types(db_url, table["table"]).count("SeatDisconnected") == 2)
    time.sleep(GRACE + 0.1)
    [again] = _queue(client, table["session"])
    done = client.post(
        f"/api/director/tables/{table['table']}/attended", json={"seq": again["seq"]}
    )
    assert done.status_code == 201, done.text
    assert _queue(client, table["session"]) == []


def test_a_player_back_within_the_grace_never_appears(
    app_client: tuple[Any, TestClient], db_url: str
) -> None:
    app, client = app_client
    table = create(client, DEAL, board=1)
    with client.websocket_connect(_socket_url(table, "S")) as south:
        south.receive_json()
    _until(lambda: "SeatDisconnected" in _types(db_url, table["table"]))
    console = app.state.director.online
    kinds = [item["kind"] for item in console.queue(table["session"])]
    assert "SeatDisconnected" not in kinds  # still within the grace
    with client.websocket_connect(_socket_url(table, "S")) as south:
        south.receive_json()
        later = console.queue(table["session"], datetime.now(UTC) + timedelta(minutes=5))
        assert later == []  # he came back within the grace: no call, ever
    _until(lambda: _types(db_url, table["table"]).count("SeatDisconnected") == 2)
    assert _types(db_url, table["table"]) == [
        "BoardStarted", "SeatDisconnected", "SeatReconnected", "SeatDisconnected",
    ]  # fmt: skip


def test_two_connections_of_a_seat_and_a_finished_board(
    app_client: tuple[Any, TestClient], db_url: str
) -> None:
    _app, client = app_client
    table = create(client, DEAL, board=1)
    with client.websocket_connect(_socket_url(table, "N")) as first:
        first.receive_json()
        with client.websocket_connect(_socket_url(table, "N")) as second:
            second.receive_json()
        time.sleep(0.2)  # the second closed, the first is still open: not gone
        assert "SeatDisconnected" not in _types(db_url, table["table"])
    _until(lambda: "SeatDisconnected" in _types(db_url, table["table"]))
    # A passed-out board is over: leaving then calls nobody.
    seq = len(_types(db_url, table["table"])) - 1
    with client.websocket_connect(_socket_url(table, "W")) as west:
        west.receive_json()
        for seat in "NESW":
            answer = client.post(
                f"/tables/{table['table']}/commands",
                json=command("call", seat, seq, call="Pass"),
                headers={"Authorization": f"Bearer {table['seats'][seat]}"},
            )
            assert answer.status_code == 200, answer.text
            seq = answer.json()["last"]
    time.sleep(0.3)
    assert _types(db_url, table["table"]).count("SeatDisconnected") == 1


def test_no_browser_sends_the_event(app_client: tuple[Any, TestClient]) -> None:
    _app, client = app_client
    table = create(client, DEAL)
    for kind in ("SeatDisconnected", "SeatReconnected"):
        answer = client.post(
            f"/tables/{table['table']}/commands",
            json=command(kind, "N", 0),
            headers={"Authorization": f"Bearer {table['seats']['N']}"},
        )
        assert answer.status_code == 422, answer.text


def test_a_robot_seat_never_counts() -> None:
    start = Table(Board.numbered(1), Deal.from_pbn(DEAL)).events[0]
    live = LiveTable("t", "s", 1, TableSettings())
    live.fold(0, 0, event_to_json(start), None)
    live.fold(1, 1, {"type": "RobotSeated", "seat": "W"}, None)
    assert live.presence_payload(Seat.W, connected=False, player="", at="x") is None
    payload = live.presence_payload(Seat.N, connected=False, player="", at="x")
    assert payload is not None
    assert payload["type"] == "SeatDisconnected"
    live.fold(2, 2, payload, None)
    assert live.presence_payload(Seat.N, connected=False, player="", at="x") is None
    back = live.presence_payload(Seat.N, connected=True, player="", at="x")
    assert back is not None
    assert back["type"] == "SeatReconnected"


def test_the_call_is_seen_and_ended_by_another_server_process(db_url: str) -> None:
    """The call is read from the table's log: a second server process on the same store
    shows it, and the player's return through that process ends it."""
    first_app = create_app(settings_for(db_url, disconnect_grace=GRACE))
    second_app = create_app(settings_for(db_url, disconnect_grace=GRACE))
    with TestClient(first_app) as first, TestClient(second_app) as second:
        table = create(first, DEAL, board=2)
        with first.websocket_connect(_socket_url(table, "W")) as west:
            west.receive_json()
        _until(lambda: "SeatDisconnected" in _types(db_url, table["table"]))
        time.sleep(GRACE + 0.1)
        second.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
        assert [item["seat"] for item in _queue(second, table["session"])] == ["W"]
        with second.websocket_connect(_socket_url(table, "W")) as west:
            west.receive_json()
            assert _queue(second, table["session"]) == []
