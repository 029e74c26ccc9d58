"""Replaying a table's stored log reproduces its final state and every seat's view, byte for
byte (DESIGN §2.5: the event log is the truth)."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from dupbridge.core.commands import MakeCall, PlayCard, command_of
from dupbridge.core.event_json import EVENT_TYPES, event_from_json, event_to_json
from dupbridge.core.seats import SEATS
from dupbridge.core.table import Phase, Table
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.services.live import LiveTable
from dupbridge.services.online import TableSettings
from dupbridge.services.wire import KIBITZER, table_view
from dupbridge.store import EventStore
from dupbridge.web.app import create_app
from tests.web.conftest import DEAL, settings_for
from tests.web.protocol import command, create, reference


def _bytes(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False).encode()


def play_robots(client: TestClient, created: dict[str, Any], deal: str) -> Table:
    """Robots play the whole board over HTTP; returns the reference table."""
    table = reference(deal)
    seq = 0
    while table.phase is not Phase.FINISHED:
        turn = table.turn
        assert turn is not None
        if table.phase is Phase.AUCTION:
            value: MakeCall | PlayCard = MakeCall(turn, robot_call(table.auction, table.deal[turn]))
            actor = turn
            frame = command("call", turn.letter, seq, call=str(value.call))
        else:
            value = PlayCard(turn, robot_card(table))
            actor = table.declarer if turn is table.dummy else turn
            assert actor is not None
            frame = command("card", turn.letter, seq, card=str(value.card))
        table.execute(value)
        response = client.post(
            f"/tables/{created['table']}/commands",
            params={"token": created["seats"][actor.letter]},
            json=frame,
        )
        assert 200 == response.status_code, response.text
        seq = response.json()["last"]
    return table


def views(client: TestClient, created: dict[str, Any]) -> dict[str, bytes]:
    """Every seat's and the kibitzer's view as the server sends it."""
    out = {}
    for seat in SEATS:
        response = client.get(
            f"/tables/{created['table']}/view", params={"token": created["seats"][seat.letter]}
        )
        out[seat.letter] = _bytes(response.json()["view"])
    out["kibitzer"] = _bytes(client.get(f"/tables/{created['table']}/view").json()["view"])
    return out


class TestReplay:
    """The stored log, replayed, is the table."""

    def test_replaying_the_stored_log_reproduces_events_state_and_views(
        self, client: TestClient, stored: EventStore
    ) -> None:
        """``Table.replay`` over the stored action events regenerates every stored event
        (derived ones included) and every viewer's view, byte for byte."""
        created = create(client, DEAL)
        played = play_robots(client, created, DEAL)
        rows = stored.events(created["table"])
        actions = [
            event_from_json(row.payload) for row in rows if not EVENT_TYPES[row.kind].derived
        ]
        replayed = Table.replay(actions)
        assert [_bytes(row.payload) for row in rows] == [
            _bytes(event_to_json(event)) for event in replayed.events
        ]
        assert (played.phase, played.result, played.contract) == (
            replayed.phase,
            replayed.result,
            replayed.contract,
        )
        server = views(client, created)
        for seat in SEATS:
            assert server[seat.letter] == _bytes(
                table_view(replayed, seat, explanations_after_board=False)
            )
        assert server["kibitzer"] == _bytes(
            table_view(replayed, KIBITZER, explanations_after_board=False)
        )
        assert all(command_of(event) is not None for event in actions[1:])

    def test_a_restarted_server_serves_the_same_views(
        self, db_url: str, client: TestClient, stored: EventStore
    ) -> None:
        """A second server on the same store, with nothing in memory, rebuilds the table
        from the log, service events (undo, claim agreement, chat) included."""
        created = create(client, DEAL)
        base = f"/tables/{created['table']}/commands"
        steps = [
            ("N", command("call", "N", 0, call="1S")),
            ("N", command("undo_request", "N", 1)),
            ("E", command("undo_answer", "E", 2, grant=True)),
            ("N", command("call", "N", 3, call="1NT", alert=True, explanation="15-17")),
            ("E", command("call", "E", 4, call="Pass")),
            ("S", command("chat", "S", 5, text="good luck")),
            ("S", command("call", "S", 6, call="3NT")),
            ("W", command("call", "W", 7, call="Pass")),
            ("N", command("call", "N", 8, call="Pass")),
            ("E", command("call", "E", 9, call="Pass")),
            ("E", command("card", "E", 11, card="CA")),
            ("N", command("claim", "N", 12, tricks=9)),
            ("E", command("accept_claim", "E", 13)),
        ]
        for seat, frame in steps:
            response = client.post(base, params={"token": created["seats"][seat]}, json=frame)
            assert 200 == response.status_code, (frame, response.text)
        first = views(client, created)
        online = client.get(
            f"/tables/{created['table']}/view", params={"token": created["seats"]["N"]}
        ).json()["online"]
        assert {"undo_request": None, "claim_agreed": ["E"], "director_called": None,
                "director_ruling": False} == online  # fmt: skip
        with TestClient(create_app(settings_for(db_url))) as restarted:
            assert first == views(restarted, created)
        record = stored.table(created["table"])
        assert record is not None
        live = LiveTable(record.id, record.session_id, record.board_number, TableSettings())
        for row in stored.events(created["table"]):
            live.fold(row.seq, row.batch, row.payload, row.key)
        assert [str(call) for call in live.table.auction.calls] == [
            "1NT",
            "Pass",
            "3NT",
            "Pass",
            "Pass",
            "Pass",
        ]
        for seat in SEATS:
            assert first[seat.letter] == _bytes(
                table_view(live.table, seat, explanations_after_board=False)
            )
