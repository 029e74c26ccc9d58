"""Must-show 5 over HTTP and the WebSocket: once an online session is closed, a seat's
command at one of its tables (a call, a card, a chat line) gets 410 (an ``error`` frame on
the socket) with the reason, and the table's stored log stays byte for byte the same. A
table that belongs to no online session plays on."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from dupbridge.core.seats import Seat
from dupbridge.services.access import AccessStore
from dupbridge.store import make_engine, schema, upgrade
from dupbridge.store.session_store import SessionStore
from dupbridge.web.app import create_app
from dupbridge.web.deps import SeatTokens
from tests.web.conftest import DEAL, SECRET, settings_for
from tests.web.protocol import command, create

DIRECTOR, PASSWORD = "Dora", "a long director password"


@pytest.fixture
def web(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app with a Director's account and robots at pace 0."""
    engine = make_engine(db_url)
    upgrade(engine)
    AccessStore(engine).add_director(DIRECTOR, PASSWORD)
    engine.dispose()
    results = tmp_path_factory.mktemp("results")
    app = create_app(
        settings_for(db_url, robot_pace=0.0, robot_level="basic", results_dir=str(results))
    )
    with TestClient(app, follow_redirects=False) as client:
        yield client


def _stored_log(db_url: str, table_id: str) -> list[tuple[Any, ...]]:
    """Every column of every stored event of the table, as the database holds it."""
    engine = make_engine(db_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                select(schema.events)
                .where(schema.events.c.table_id == table_id)
                .order_by(schema.events.c.seq)
            ).all()
    finally:
        engine.dispose()
    return [tuple(row) for row in rows]


def _finished_robot_session(web: TestClient) -> str:
    """A session of three robot pairs played to its end (not yet closed)."""
    assert (
        web.post("/signin/director", data={"name": DIRECTOR, "password": PASSWORD}).status_code
        == 303
    )
    answer = web.post(
        "/manage/sessions", data={"name": "Late night", "pin": "2468", "boards_per_round": "1"}
    )
    session_id = answer.headers["location"].rsplit("/", 1)[1]
    for k in range(1, 4):
        data = {"first": f"North {k}", "second": f"South {k}"}
        assert web.post(f"/manage/sessions/{session_id}/pairs", data=data).status_code == 303
    for number in range(1, 7):
        data = {"number": str(number)}
        assert web.post(f"/manage/sessions/{session_id}/robot", data=data).status_code == 303
    assert web.post(f"/manage/sessions/{session_id}/start").status_code == 303
    deadline = time.monotonic() + 90
    while "finished, not yet closed" not in web.get(f"/manage/sessions/{session_id}").text:
        assert time.monotonic() < deadline, "the robot session did not finish"
        time.sleep(0.5)
    return str(session_id)


def test_after_the_close_a_seat_call_or_card_is_refused_and_nothing_is_logged(
    web: TestClient, db_url: str
) -> None:
    session_id = _finished_robot_session(web)
    engine = make_engine(db_url)
    boards = SessionStore(engine).boards(session_id)
    engine.dispose()
    table_id = boards[-1].table_id
    tokens = SeatTokens(SECRET)
    north, west = tokens.issue(table_id, Seat.N), tokens.issue(table_id, Seat.W)

    def head() -> int:
        view = web.get(f"/tables/{table_id}/view", params={"token": north})
        assert view.status_code == 200
        return int(view.json()["seq"])

    # finished, not yet closed: a seat may still write to the table's chat
    chat = command("chat", "N", head(), text="well played")
    answer = web.post(f"/tables/{table_id}/commands", params={"token": north}, json=chat)
    assert answer.status_code == 200, answer.text

    assert web.post(f"/manage/sessions/{session_id}/close").status_code == 303
    before = _stored_log(db_url, table_id)
    seq = head()

    # over HTTP: a call and a chat line
    for frame in (
        command("call", "N", seq, call="Pass"),
        command("chat", "N", seq, text="one more thing"),
    ):
        answer = web.post(f"/tables/{table_id}/commands", params={"token": north}, json=frame)
        assert answer.status_code == 410, answer.text
        body = answer.json()
        assert body["error"] == "closed"
        assert "session 'Late night' is closed" in body["message"]

    # over the WebSocket: a card
    with web.websocket_connect(f"/tables/{table_id}/ws?token={west}") as socket:
        first = socket.receive_json()
        assert first["type"] == "update"
        assert first["seq"] == seq
        socket.send_json(command("card", "W", seq, key="late-card", card="SA"))
        error = socket.receive_json()
    assert error["type"] == "error"
    assert error["status"] == 410
    assert error["error"] == "closed"
    assert error["key"] == "late-card"
    assert "session 'Late night' is closed" in error["message"]

    assert _stored_log(db_url, table_id) == before
    assert head() == seq

    # a table of no online session is not affected
    table = create(web, DEAL, robots=[])
    answer = web.post(
        f"/tables/{table['table']}/commands",
        params={"token": table["seats"]["N"]},
        json=command("call", "N", 0, call="1C"),
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["type"] == "ack"
