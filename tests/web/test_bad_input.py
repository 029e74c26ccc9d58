"""Bad input gets one clear answer and leaves the stored log exactly as it was: a stale seq,
a replayed idempotency key, another seat's command, a malformed frame, an unknown table, a
card not held, a call out of turn (Law 31)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dupbridge.store import EventStore
from tests.web.conftest import DEAL
from tests.web.protocol import command, create


def log_of(stored: EventStore, table_id: str) -> list[tuple[Any, ...]]:
    """The stored log, every column."""
    return [
        (e.seq, e.batch, e.kind, e.actor, e.key, e.payload, e.created_at)
        for e in stored.events(table_id)
    ]


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """A table where North opened 1NT (the head is event 1)."""
    created = create(client, DEAL)
    response = client.post(
        f"/tables/{created['table']}/commands",
        params={"token": created["seats"]["N"]},
        json=command("call", "N", 0, key="opening", call="1NT"),
    )
    assert response.status_code == 200, response.text
    return created


def post(client: TestClient, table: dict[str, Any], seat: str, frame: Any) -> Any:
    """POST a command with ``seat``'s token."""
    return client.post(
        f"/tables/{table['table']}/commands", params={"token": table["seats"][seat]}, json=frame
    )


class TestOverHTTP:
    """Each bad command over HTTP: its status and body, and the log unchanged."""

    @pytest.mark.parametrize(
        ("seat", "frame", "status", "error", "law"),
        [
            ("E", command("call", "E", 0, call="Pass"), 409, None, None),  # stale
            ("S", command("call", "E", 1, call="Pass"), 403, "forbidden", None),
            ("E", command("card", "E", 1, card="SA"), 409, "card_exposed_during_auction", "Law 24"),
            ("S", command("call", "S", 1, call="Pass"), 409, "pass_out_of_rotation", "Law 30"),
            ("W", command("call", "W", 1, call="2C"), 409, "bid_out_of_rotation", "Law 31"),
            ("E", command("call", "E", 1, call="1C"), 409, "insufficient_bid", "Law 27"),
            ("E", command("call", "E", 1, call="8S"), 422, "notation", None),
            ("E", {"type": "call", "seat": "E", "call": "Pass"}, 422, None, None),
            ("E", {"type": "shout", "seat": "E", "expected_seq": 1, "key": "x"}, 422, None, None),
            ("E", command("chat", "E", 1, text=""), 422, None, None),
        ],
    )
    def test_refused_and_nothing_logged(  # noqa: PLR0917 - pytest passes the table row
        self,
        client: TestClient,
        stored: EventStore,
        table: dict[str, Any],
        seat: str,
        frame: dict[str, Any],
        status: int,
        error: str | None,
        law: str | None,
    ) -> None:
        """A refused command answers with its status (and the Law it breaks) and the
        stored log is identical before and after."""
        before = log_of(stored, table["table"])
        response = post(client, table, seat, frame)
        assert status == response.status_code, response.text
        body = response.json()
        if error is not None:
            assert error == body["error"]
            assert law == body["law"]
        if status == 409 and error is None:
            assert {"type": "stale", "head": 1} == {k: body[k] for k in ("type", "head")}
        assert before == log_of(stored, table["table"])

    def test_a_replayed_key_gets_the_first_answer(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """Sending a command twice with the same key answers the first answer again and
        logs nothing the second time."""
        frame = command("call", "E", 1, key="east-1", call="Pass")
        first = post(client, table, "E", frame)
        after_first = log_of(stored, table["table"])
        again = post(client, table, "E", frame)
        assert 200 == first.status_code == again.status_code
        assert first.json() == again.json() == {"type": "ack", "key": "east-1", "seq": 2, "last": 2}
        assert after_first == log_of(stored, table["table"])

    def test_a_card_not_held(self, client: TestClient, stored: EventStore) -> None:
        """Playing a card one does not hold is refused; nothing is logged."""
        created = create(client, DEAL)
        seq = 0
        for seat, call in (("N", "1S"), ("E", "Pass"), ("S", "Pass"), ("W", "Pass")):
            response = post(client, created, seat, command("call", seat, seq, call=call))
            seq = response.json()["last"]
        before = log_of(stored, created["table"])
        response = post(client, created, "E", command("card", "E", seq, card="SA"))
        assert 409 == response.status_code
        assert "does not hold" in response.json()["message"]
        assert before == log_of(stored, created["table"])

    def test_an_unknown_table(self, client: TestClient, table: dict[str, Any]) -> None:
        """A table that does not exist answers 404 (the token does not even open it)."""
        response = client.get("/tables/nosuchtable/view")
        assert 404 == response.status_code
        assert "unknown_table" == response.json()["error"]

    def test_a_forged_token(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """A token that was not signed by the server opens no seat (403)."""
        before = log_of(stored, table["table"])
        response = client.post(
            f"/tables/{table['table']}/commands",
            params={"token": table["seats"]["E"] + "x"},
            json=command("call", "E", 1, call="Pass"),
        )
        assert 403 == response.status_code
        assert before == log_of(stored, table["table"])

    def test_messages_in_the_requesters_language(
        self, client: TestClient, table: dict[str, Any]
    ) -> None:
        """Two requesters in two languages each get their own (the catalogs may not
        translate this message yet: then both read the English source)."""
        from dupbridge.i18n import _, use_language

        frame = command("call", "W", 1, call="2C")
        english = post(client, table, "W", frame).json()["message"]
        polish = client.post(
            f"/tables/{table['table']}/commands",
            params={"token": table["seats"]["W"], "lang": "pl"},
            json=frame,
        ).json()["message"]
        with use_language("pl"):
            template = _("call out of rotation: {seat} called {call} but it is {turn}'s turn")
        assert "call out of rotation" in english
        assert template.split("{")[0] in polish


class TestOverWebSocket:
    """The same refusals over a seat's socket: one error frame each, the log unchanged."""

    def test_each_bad_frame_gets_one_error_frame(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """Malformed JSON, a frame that is no command, another seat's command, a stale seq
        and a call out of turn each answer one error (or stale) frame and log nothing."""
        before = log_of(stored, table["table"])
        url = f"/tables/{table['table']}/ws?token={table['seats']['S']}"
        with client.websocket_connect(url) as socket:
            assert 1 == socket.receive_json()["seq"]
            socket.send_text("{not json")
            assert ("malformed", 422) == _error(socket.receive_json())
            socket.send_json({"type": "call", "seat": "S"})
            assert ("malformed", 422) == _error(socket.receive_json())
            socket.send_json(command("call", "E", 1, call="Pass"))
            assert ("forbidden", 403) == _error(socket.receive_json())
            socket.send_json(command("call", "S", 1, call="Pass"))
            answer = socket.receive_json()
            assert ("pass_out_of_rotation", 409, "Law 30") == (*_error(answer), answer["law"])
            socket.send_json(command("call", "S", 0, call="Pass"))
            assert {"type": "stale", "head": 1} == {
                k: v for k, v in socket.receive_json().items() if k in ("type", "head")
            }
        # closing the socket logs the seat's disconnection, at a moment of its own: not one
        # of the bad frames' doing, so it is left out of the comparison
        after = [row for row in log_of(stored, table["table"]) if row[2] != "SeatDisconnected"]
        assert before == after

    def test_an_unknown_table_closes_the_socket(self, client: TestClient) -> None:
        """Connecting to a table that does not exist: one error frame, then close 4404."""
        with client.websocket_connect("/tables/nosuchtable/kibitz") as socket:
            assert ("unknown_table", 404) == _error(socket.receive_json())
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
        assert 4404 == closed.value.code

    def test_an_unknown_language_closes_the_socket(
        self, client: TestClient, table: dict[str, Any]
    ) -> None:
        """A language dupbridge does not speak: one error frame naming it, close 4422."""
        url = f"/tables/{table['table']}/kibitz?lang=xx"
        with client.websocket_connect(url) as socket:
            frame = socket.receive_json()
            assert ("malformed", 422) == _error(frame)
            assert "'xx'" in frame["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
        assert 4422 == closed.value.code

    def test_a_kibitzer_cannot_act(
        self, client: TestClient, stored: EventStore, table: dict[str, Any]
    ) -> None:
        """A kibitzer's command is refused (403) and nothing is logged."""
        before = log_of(stored, table["table"])
        with client.websocket_connect(f"/tables/{table['table']}/kibitz") as socket:
            socket.receive_json()
            socket.send_json(command("call", "E", 1, call="Pass"))
            assert ("forbidden", 403) == _error(socket.receive_json())
        assert before == log_of(stored, table["table"])


def _error(frame: dict[str, Any]) -> tuple[str, int]:
    assert "error" == frame["type"], frame
    return frame["error"], frame["status"]


class TestStoreFailure:
    """A store that cannot be written: no acknowledgement, nothing changes, the same
    command with the same key goes through once the store is back."""

    def test_a_failed_write_is_not_acknowledged(
        self,
        client: TestClient,
        stored: EventStore,
        table: dict[str, Any],
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """The write fails: 503, the log and the view unchanged; sent again: accepted."""
        from sqlalchemy.exc import OperationalError

        from dupbridge.store import UnitOfWork

        def broken(*_args: object) -> None:
            raise OperationalError("INSERT", None, Exception("disk I/O error"))

        before = log_of(stored, table["table"])
        frame = command("call", "E", 1, key="east-again", call="Pass")
        with monkeypatch.context() as patched:
            patched.setattr(UnitOfWork, "append_many", broken)
            response = post(client, table, "E", frame)
        assert (503, "store_unavailable") == (response.status_code, response.json()["error"])
        assert before == log_of(stored, table["table"])
        view = client.get(f"/tables/{table['table']}/view").json()
        assert 1 == view["seq"]
        again = post(client, table, "E", frame)
        assert {"type": "ack", "key": "east-again", "seq": 2, "last": 2} == again.json()
        assert ["BoardStarted", "CallMade", "CallMade"] == [
            row.kind for row in stored.events(table["table"])
        ]
