"""What online play adds: undo (Law 25A, with consent), claims answered by both opponents
(Laws 68-70), the Director called, chat, kibitzers held back until the board is over at every
table of the session, settings and the published OpenAPI schema."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from dupbridge.services.online import SettingsError, TableSettings
from dupbridge.web.settings import Settings
from tests.web.conftest import DEAL
from tests.web.protocol import command, create


class Seats:
    """A table and its tokens, with the head seq followed."""

    def __init__(self, client: TestClient, **extra: Any) -> None:
        self.client = client
        self.created = create(client, DEAL, **extra)
        self.id = self.created["table"]
        self.seq = 0

    def send(self, seat: str, kind: str, **fields: Any) -> Any:
        """Send a command from ``seat`` at the head; follow the head when accepted."""
        response = self.client.post(
            f"/tables/{self.id}/commands",
            params={"token": self.created["seats"][seat]},
            json=command(kind, seat, self.seq, **fields),
        )
        if response.status_code == 200:
            self.seq = response.json()["last"]
        return response

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """The frame of ``seat`` (None: a kibitzer)."""
        params = {} if seat is None else {"token": self.created["seats"][seat]}
        body: dict[str, Any] = self.client.get(f"/tables/{self.id}/view", params=params).json()
        return body

    def calls(self, *calls: str) -> None:
        """The calls, in rotation from the dealer (North on board 1)."""
        for seat, call in zip("NESWNESWNESW", calls, strict=False):
            assert 200 == self.send(seat, "call", call=call).status_code


class TestUndo:
    """A call taken back before partner calls (Law 25A), with an opponent's consent."""

    def test_granted_undo_withdraws_the_call(self, client: TestClient) -> None:
        """After an opponent grants it, the call is gone and the player calls again."""
        table = Seats(client)
        table.calls("1C")
        assert 200 == table.send("N", "undo_request").status_code
        assert "N" == table.view("E")["online"]["undo_request"]
        assert 200 == table.send("E", "undo_answer", grant=True).status_code
        assert [] == table.view("N")["view"]["auction"]
        assert "N" == table.view("N")["view"]["turn"]

    def test_refused_undo_keeps_the_call(self, client: TestClient) -> None:
        """An opponent may refuse: the call stands."""
        table = Seats(client)
        table.calls("1C")
        table.send("N", "undo_request")
        assert 200 == table.send("W", "undo_answer", grant=False).status_code
        assert ["1C"] == [entry["call"] for entry in table.view("N")["view"]["auction"]]

    def test_no_undo_after_partner_called(self, client: TestClient) -> None:
        """Once partner has called, the call can no longer be taken back (Law 25A)."""
        table = Seats(client)
        table.calls("1C", "Pass", "1H")
        response = table.send("N", "undo_request")
        assert (409, "Law 25A") == (response.status_code, response.json()["law"])

    def test_partner_may_not_answer(self, client: TestClient) -> None:
        """Only an opponent grants an undo."""
        table = Seats(client)
        table.calls("1C")
        table.send("N", "undo_request")
        assert 409 == table.send("S", "undo_answer", grant=True).status_code

    def test_undo_off(self, client: TestClient) -> None:
        """With undo off no request is taken."""
        table = Seats(client, settings={"undo": "none"})
        table.calls("1C")
        assert 409 == table.send("N", "undo_request").status_code


def _to_play(table: Seats) -> None:
    table.calls("1NT", "Pass", "3NT", "Pass", "Pass", "Pass")
    assert 200 == table.send("E", "card", card="CA").status_code


class TestClaims:
    """A claim ends play when both opponents accept; one rejection calls the Director."""

    def test_both_opponents_accept(self, client: TestClient) -> None:
        """One acceptance is not enough; the second ends play (Law 69A)."""
        table = Seats(client)
        _to_play(table)
        table.send("N", "claim", tricks=12)
        table.send("E", "accept_claim")
        assert "play" == table.view()["view"]["phase"]
        assert 409 == table.send("E", "accept_claim").status_code
        assert 200 == table.send("W", "accept_claim").status_code
        assert (12, "finished") == (
            table.view("N")["view"]["result"],
            table.view("N")["view"]["phase"],
        )

    def test_one_rejection_calls_the_director(self, client: TestClient) -> None:
        """A rejection stops play for the Director (Laws 68D, 70)."""
        table = Seats(client)
        _to_play(table)
        table.send("N", "claim", tricks=12)
        assert 200 == table.send("W", "reject_claim").status_code
        assert "director" == table.view("N")["view"]["phase"]
        assert 409 == table.send("S", "card", card="C2").status_code

    def test_one_acceptance_when_the_event_says_so(self, client: TestClient) -> None:
        """With ``claims: one`` the first acceptance ends play."""
        table = Seats(client, settings={"claims": "one"})
        _to_play(table)
        table.send("N", "claim", tricks=12)
        table.send("E", "accept_claim")
        assert "finished" == table.view("N")["view"]["phase"]


class TestDirectorAndChat:
    """The Director called and chat are logged and shown."""

    def test_director_call_and_chat(self, client: TestClient) -> None:
        """A Director call shows to all; chat reaches the players, not the kibitzers."""
        table = Seats(client)
        assert 200 == table.send("S", "chat", text="hello partner").status_code
        assert 200 == table.send("E", "director_call", reason="hesitation").status_code
        assert "E" == table.view("N")["online"]["director_called"]
        kinds = [event["type"] for event in table.view("N")["events"]]
        assert ["BoardStarted", "ChatSent", "DirectorCalled"] == kinds
        assert "hello partner" not in str(table.view())


class TestKibitzers:
    """Never while the board is in play at any table of the session (delay setting)."""

    def test_withheld_until_every_table_finished(self, client: TestClient) -> None:
        """The kibitzer of a table that finished still sees nothing while the other table
        of the session plays the board; then both kibitzers see all four hands."""
        first = Seats(client)
        second = Seats(client, session=first.created["session"])
        first.calls("Pass", "Pass", "Pass", "Pass")
        assert "finished" == first.view("N")["view"]["phase"]
        assert first.view()["view"]["withheld"]
        second.calls("Pass", "Pass", "Pass", "Pass")
        for table in (first, second):
            kibitzer = table.view()["view"]
            assert not kibitzer["withheld"]
            assert set("NESW") == set(kibitzer["hands"])

    def test_the_delay(self, client: TestClient) -> None:
        """With a delay the kibitzer waits after the board is over."""
        table = Seats(client, settings={"kibitzer_delay": 3600})
        table.calls("Pass", "Pass", "Pass", "Pass")
        assert table.view()["view"]["withheld"]

    def test_unknown_session(self, client: TestClient) -> None:
        """A table for a session that does not exist is refused (404)."""
        response = client.post("/tables", json={"deal": DEAL, "session": "nosuch"})
        assert 404 == response.status_code


class TestSettings:
    """Server and table settings."""

    def test_default_secret_refused_outside_development(self) -> None:
        """Production with the development secret does not start."""
        with pytest.raises(ValidationError, match="DUPBRIDGE_SECRET_KEY"):
            Settings(environment="production")

    def test_table_settings_defaults_and_errors(self) -> None:
        """Defaults follow the Laws; unknown or mistyped settings are named."""
        assert TableSettings() == TableSettings.from_json({})
        assert ("law25a", "both", False) == (
            TableSettings().undo,
            TableSettings().claims,
            TableSettings().explanations_after_board,
        )
        with pytest.raises(SettingsError, match="colour"):
            TableSettings.from_json({"colour": "red"})
        with pytest.raises(SettingsError, match="undo"):
            TableSettings.from_json({"undo": 3})

    def test_bad_deal(self, client: TestClient) -> None:
        """A deal that is not four hands of thirteen cards is a notation error (422)."""
        response = client.post("/tables", json={"deal": "N:AKQ... ..."})
        assert 422 == response.status_code
        assert "notation" == response.json()["error"]
        response = client.post("/tables", json={"deal": 3})
        assert (422, "malformed") == (response.status_code, response.json()["error"])
        assert "body.deal" in response.json()["message"]

    def test_organiser_key(self, db_url: str) -> None:
        """With an organiser key, creating tables needs it."""
        from dupbridge.web.app import create_app
        from tests.web.conftest import settings_for

        app = create_app(settings_for(db_url, organiser_key="club-secret-key"))
        with TestClient(app) as guarded:
            refused = guarded.post("/tables", json={"deal": DEAL})
            assert (401, "unauthorized") == (refused.status_code, refused.json()["error"])
            ok = guarded.post(
                "/tables",
                json={"deal": DEAL},
                headers={"Authorization": "Bearer club-secret-key"},
            )
            assert 201 == ok.status_code


class TestOpenAPI:
    """The schema is served."""

    def test_schema_lists_the_routes_and_the_command_union(self, client: TestClient) -> None:
        """``/openapi.json`` names the table routes and the command types."""
        schema = client.get("/openapi.json").json()
        assert {"/tables", "/tables/{table_id}/view", "/tables/{table_id}/commands"} <= set(
            schema["paths"]
        )
        body = schema["paths"]["/tables/{table_id}/commands"]["post"]["requestBody"]
        mapping = body["content"]["application/json"]["schema"]["discriminator"]["mapping"]
        assert {"call", "card", "claim", "undo_request", "chat"} <= set(mapping)
