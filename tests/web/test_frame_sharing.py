"""The frame after a change is built and encoded once for all the sockets that share it (a
seat's second tab, every kibitzer), and each socket still gets exactly its viewer's view."""

from __future__ import annotations

import json
from collections import Counter
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.core.calls import parse_call
from dupbridge.core.commands import MakeCall
from dupbridge.core.seats import Seat
from dupbridge.services import frames
from dupbridge.services.wire import KIBITZER, Viewer
from tests.web.conftest import DEAL
from tests.web.protocol import command, create, expected_view, reference


def test_shared_frames_are_built_once(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """North in two tabs and three kibitzers: after North's call, each viewer's frame is
    built once (North's once for both tabs, one for the three kibitzers), and the two tabs and
    the three kibitzers get the same texts. A frame is counted by its viewer, the seq it starts
    after and the head it ends at, so a presence frame that a loaded machine delivers on its
    own (a tab's connection) counts apart and cannot pass for a second build of one frame."""
    built: Counter[tuple[Viewer, int, int]] = Counter()
    real = frames.build_frame

    def counting(live: Any, viewer: Viewer, since: int, *, released: bool) -> dict[str, Any]:
        built[viewer, since, live.head] += 1
        return real(live, viewer, since, released=released)

    monkeypatch.setattr(frames, "build_frame", counting)
    created = create(client, DEAL)
    table, tokens = created["table"], created["seats"]
    with ExitStack() as stack:
        seats = {
            letter: stack.enter_context(
                client.websocket_connect(f"/tables/{table}/ws?token={tokens[letter]}")
            )
            for letter in "NESW"
        }
        second_tab = stack.enter_context(
            client.websocket_connect(f"/tables/{table}/ws?token={tokens['N']}")
        )
        kibitzers = [
            stack.enter_context(client.websocket_connect(f"/tables/{table}/kibitz"))
            for _ in range(3)
        ]
        everyone = [*seats.values(), second_tab, *kibitzers]
        head = max(socket.receive_json()["seq"] for socket in everyone)
        built.clear()
        seats["N"].send_json(command("call", "N", head, call="1C"))
        answers = [seats["N"].receive_json(), seats["N"].receive_json()]
        assert {"ack", "update"} == {frame["type"] for frame in answers}
        north = next(frame for frame in answers if frame["type"] == "update")
        others = {letter: seats[letter].receive_json() for letter in "ESW"}
        tab = second_tab.receive_text()
        watching = [socket.receive_text() for socket in kibitzers]
    assert {Seat.N, Seat.E, Seat.S, Seat.W, KIBITZER} == {viewer for viewer, _since, _head in built}
    assert {1} == set(built.values()), built
    assert north == json.loads(tab)
    assert 1 == len(set(watching))
    played = reference(DEAL)
    played.execute(MakeCall(Seat.N, parse_call("1C")))
    assert expected_view(played, Seat.N) == north["view"]
    for letter, frame in others.items():
        assert north["seq"] == frame["seq"]
        assert expected_view(played, Seat.from_str(letter)) == frame["view"]
    assert expected_view(played, KIBITZER, released=False) == json.loads(watching[0])["view"]
