"""A command is stale only when the game moved on (docs/server.md, "stale"): one whose
``expected_seq`` is older than the head only by quiet events (a seat's connection closing
or opening again, a chat message) is carried out at the head; one sent before a call, a
card, a robot seated or anything the Director wrote is stale and changes nothing. The log
stays one gapless sequence that a restarted server replays to the same table."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.services.live import QUIET_EVENTS
from dupbridge.store import EventStore
from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.web.conftest import DEAL, SECRET, settings_for
from tests.web.protocol import command, create


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """A fresh table on board 1: North deals (Law 2), the head is BoardStarted (0)."""
    return create(client, DEAL)


def post(client: TestClient, table: dict[str, Any], seat: str, frame: Any) -> Any:
    return client.post(
        f"/tables/{table['table']}/commands", params={"token": table["seats"][seat]}, json=frame
    )


def types(stored: EventStore, table_id: str) -> list[str]:
    return [str(row.payload["type"]) for row in stored.events(table_id)]


def until(check: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for the server's work after a socket closed (it runs after the client left)."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def disconnect(client: TestClient, stored: EventStore, table: dict[str, Any], seat: str) -> None:
    """Open ``seat``'s socket and close it: the server logs ``SeatDisconnected``."""
    url = f"/tables/{table['table']}/ws?token={table['seats'][seat]}"
    before = types(stored, table["table"]).count("SeatDisconnected")
    with client.websocket_connect(url) as socket:
        socket.receive_json()
    until(lambda: types(stored, table["table"]).count("SeatDisconnected") == before + 1)


def view(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """North's frame from the start: the head seq and his view."""
    answer = client.get(f"/tables/{table['table']}/view", params={"token": table["seats"]["N"]})
    assert 200 == answer.status_code, answer.text
    frame: dict[str, Any] = answer.json()
    return frame


def stored_rows(stored: EventStore, table_id: str) -> list[tuple[int, int, str]]:
    return [(row.seq, row.batch, str(row.payload["type"])) for row in stored.events(table_id)]


class TestQuietEvents:
    """Presence and chat do not make a command stale."""

    def test_a_call_sent_before_a_disconnection_is_made(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """East's socket closes (seq 1) while North, who saw BoardStarted, opens 1NT: the
        call is stored at seq 2, after the presence event, and the auction has it."""
        disconnect(client, stored, table, "E")
        answer = post(client, table, "N", command("call", "N", 0, key="open", call="1NT"))
        assert 200 == answer.status_code, answer.text
        assert {"type": "ack", "key": "open", "seq": 2, "last": 2} == answer.json()
        assert [(0, 0, "BoardStarted"), (1, 1, "SeatDisconnected"), (2, 2, "CallMade")] == (
            stored_rows(stored, table["table"])
        )
        frame = view(client, table)
        assert 2 == frame["seq"]
        assert ["1NT"] == [call["call"] for call in frame["view"]["auction"]]

    def test_a_call_sent_before_chat_and_a_return_is_made(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """Chat (seq 1), East's socket closing (2) and East back (3, ``SeatReconnected``):
        North's call with expected_seq 0 is still stored, at seq 4."""
        chat = post(client, table, "S", command("chat", "S", 0, text="good luck"))
        assert 200 == chat.status_code, chat.text
        disconnect(client, stored, table, "E")
        url = f"/tables/{table['table']}/ws?token={table['seats']['E']}"
        with client.websocket_connect(url) as east:
            assert "SeatReconnected" == east.receive_json()["events"][-1]["type"]
            answer = post(client, table, "N", command("call", "N", 0, call="Pass"))
            assert 200 == answer.status_code, answer.text
            assert 4 == answer.json()["seq"]
        assert ["BoardStarted", "ChatSent", "SeatDisconnected", "SeatReconnected", "CallMade"] == (
            types(stored, table["table"])[:5]
        )

    def test_the_log_replays_to_the_same_table(
        self, db_url: str, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """A call accepted over a presence event leaves a log a new server process replays
        to the same view (the log is the truth, and it has no gap)."""
        disconnect(client, stored, table, "W")
        assert 200 == post(client, table, "N", command("call", "N", 0, call="1C")).status_code
        assert 200 == post(client, table, "E", command("call", "E", 2, call="Pass")).status_code
        here = view(client, table)
        assert [row[0] for row in stored_rows(stored, table["table"])] == list(range(4))
        assert ["1C", "Pass"] == [call["call"] for call in here["view"]["auction"]]
        with TestClient(create_app(settings_for(db_url))) as restarted:
            again = view(restarted, table)
        assert here == again


class TestStillStale:
    """A command sent before the game moved on is stale, and nothing is logged."""

    def test_a_call_sent_before_another_call_is_stale(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """North opens (seq 1); East's Pass sent having seen only BoardStarted is stale."""
        assert 200 == post(client, table, "N", command("call", "N", 0, call="1NT")).status_code
        before = stored_rows(stored, table["table"])
        answer = post(client, table, "E", command("call", "E", 0, call="Pass"))
        assert 409 == answer.status_code
        assert {"type": "stale", "head": 1} == {k: answer.json()[k] for k in ("type", "head")}
        assert before == stored_rows(stored, table["table"])

    def test_a_call_behind_a_call_and_a_presence_event_is_stale(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """A call (1) then a disconnection (2): a command that saw 0 is stale (the call is
        not quiet); one that saw the call (1) is carried out."""
        assert 200 == post(client, table, "N", command("call", "N", 0, call="1NT")).status_code
        disconnect(client, stored, table, "S")
        stale = post(client, table, "E", command("call", "E", 0, call="Pass"))
        assert 409 == stale.status_code
        assert 2 == stale.json()["head"]
        made = post(client, table, "E", command("call", "E", 1, call="Pass"))
        assert 200 == made.status_code, made.text
        assert 3 == made.json()["seq"]

    def test_a_command_sent_before_a_robot_took_a_seat_is_stale(
        self, client: TestClient, stored: EventStore
    ) -> None:
        """A robot seated in West (who plays a seat changed) is not quiet: North's opening
        sent having seen only BoardStarted is stale."""
        table = create(client, DEAL, robots=["W"])
        until(lambda: "RobotSeated" in types(stored, table["table"]))
        before = stored_rows(stored, table["table"])
        answer = post(client, table, "N", command("call", "N", 0, call="1NT"))
        assert 409 == answer.status_code
        assert "stale" == answer.json()["type"]
        assert before == stored_rows(stored, table["table"])

    def test_a_directors_message_is_not_quiet(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """The Director's message (Law 81) may change what a player does next: a call
        sent before it is stale."""
        client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
        said = client.post(
            f"/api/director/tables/{table['table']}/message", json={"text": "wait please"}
        )
        assert 201 == said.status_code, said.text
        client.cookies.clear()
        answer = post(client, table, "N", command("call", "N", 0, call="1NT"))
        assert 409 == answer.status_code
        assert ["BoardStarted", "DirectorMessage"] == types(stored, table["table"])


class TestTheDirector:
    """The Director's steps at a table follow the same rule (Law 81C3: he rules on the
    table as it stands)."""

    def test_the_directors_step_over_a_presence_event_is_entered(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """North opens (1), East's socket closes (2): the Director, who saw the call,
        switches the table to recording mode (stored at 3); one who saw only
        BoardStarted is stale."""
        assert 200 == post(client, table, "N", command("call", "N", 0, call="1NT")).status_code
        disconnect(client, stored, table, "E")
        client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
        engine = f"/api/director/tables/{table['table']}/engine"
        stale = client.post(engine, json={"expected_seq": 0})
        assert 409 == stale.status_code, stale.text
        assert 3 == len(types(stored, table["table"]))
        opened = client.post(engine, json={"expected_seq": 1})
        assert 201 == opened.status_code, opened.text
        assert 3 == opened.json()["seq"]


def test_quiet_events_are_the_service_events_that_change_no_state() -> None:
    """Only presence and chat are quiet: no core event, no Director's event, no robot."""
    assert frozenset({"SeatDisconnected", "SeatReconnected", "ChatSent"}) == QUIET_EVENTS
