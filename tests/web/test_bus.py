"""The Redis bus between two apps sharing PostgreSQL (in one test process, no server
started): frames and the kibitzers' release cross from one process to the other."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from dupbridge.web.app import create_app
from tests.web.conftest import DEAL, settings_for
from tests.web.protocol import command, create


def _pass_out(client: TestClient, created: dict[str, Any]) -> None:
    for seq, seat in enumerate("NESW"):
        response = client.post(
            f"/tables/{created['table']}/commands",
            params={"token": created["seats"][seat]},
            json=command("call", seat, seq, call="Pass"),
        )
        assert 200 == response.status_code, response.text


def test_frames_and_release_cross_processes(postgres_url: str, redis_url: str) -> None:
    """A seat on the second app receives the calls made through the first; a kibitzer on
    the second app sees the board only when it is over at both tables of the session, the
    last of them finished through the first app."""
    first_app = create_app(settings_for(postgres_url, redis_url=redis_url))
    second_app = create_app(settings_for(postgres_url, redis_url=redis_url))
    with TestClient(first_app) as first, TestClient(second_app) as second:
        one = create(first, DEAL)
        two = create(first, DEAL, session=one["session"])
        seat_url = f"/tables/{one['table']}/ws?token={one['seats']['S']}"
        with (
            second.websocket_connect(seat_url) as south,
            second.websocket_connect(f"/tables/{one['table']}/kibitz") as kibitzer,
        ):
            assert 0 == south.receive_json()["seq"]
            assert kibitzer.receive_json()["view"]["withheld"]
            _pass_out(first, one)
            seq = 0
            while seq < 5:  # four passes and the end of the auction
                seq = south.receive_json()["seq"]
            assert 5 == seq
            frame = kibitzer.receive_json()
            while frame["seq"] < 5:
                assert frame["view"]["withheld"]
                frame = kibitzer.receive_json()
            assert frame["view"]["withheld"]
            _pass_out(first, two)
            released = kibitzer.receive_json()
            assert set("NESW") == set(released["view"]["hands"])
