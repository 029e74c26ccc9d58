"""WebSocket compression (permessage-deflate, RFC 7692) is a server setting: off by default
(``DUPBRIDGE_WS_DEFLATE``), and a seat plays the same either way. A real ``dupbridge serve``
on 127.0.0.1; the client offers compression as browsers do; every wait is bounded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.web.servers import Server, receive

pytestmark = pytest.mark.slow

DEAL = "N:AKJT.3.9843.Q542 9543.J5.QJ5.8763 6.AKT872.AK6.KT9 Q872.Q964.T72.AJ"


@pytest.mark.parametrize("deflate", [False, True])
def test_a_seat_plays_with_compression_on_and_off(
    deflate: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The extension is agreed only when the server is set to compress; North's socket gets
    its view and the acknowledgement of its call, and the others' frames show it, both ways."""
    if deflate:
        monkeypatch.setenv("DUPBRIDGE_WS_DEFLATE", "true")
    else:
        monkeypatch.delenv("DUPBRIDGE_WS_DEFLATE", raising=False)
    server = Server(f"sqlite:///{tmp_path / 'club.sqlite3'}", tmp_path / "server.log").start()
    sockets = []
    try:
        status, created = server.post("/tables", {"deal": DEAL})
        assert 201 == status, created
        table = created["table"]
        sockets = [server.socket(table, created["seats"][seat]) for seat in "NESW"]
        north, east = sockets[0], sockets[1]
        agreed = north.response.headers.get("Sec-WebSocket-Extensions") or ""
        assert deflate == ("permessage-deflate" in agreed)
        head = receive(north, "update")["seq"]
        command = {"type": "call", "seat": "N", "call": "1C", "expected_seq": head, "key": "k1"}
        north.send(json.dumps(command))
        ack = receive(north, "ack")
        assert ("k1", head + 1) == (ack["key"], ack["seq"])
        seen = receive(east, "update")
        while seen["seq"] < ack["last"]:
            seen = receive(east, "update")
        assert ack["last"] == seen["seq"]
        assert ["1C"] == [event["call"] for event in seen["events"] if event["type"] == "CallMade"]
    finally:
        for sock in sockets:
            sock.close()
        server.stop()
