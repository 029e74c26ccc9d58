"""The console on an online session over HTTP (issue 16): adjusted scores and their
revision are events of the board's table log, the ranking is worked out again, the audit
shows both events; a penalty (Laws 90, 91), a robot and a substitute are entries of the
session's log, the penalty counted in the ranking. And the
playing Director: a board he may still have to play is refused without an explicit
override (nothing of it shown); with it, shown and logged with his name and the time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.web.conftest import DEAL, SECRET, settings_for
from tests.web.protocol import command, create, start_session


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(settings_for(db_url))
    with TestClient(app, follow_redirects=False) as test_client:
        yield test_client


def _session(client: TestClient) -> str:
    return start_session(client, "Console")


def _ranking(data: dict[str, Any]) -> dict[int, str]:
    return {row["pair"]: row["total"] for row in data["ranking"]}


def test_scores_revision_robot_and_substitute(client: TestClient) -> None:
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    session_id = _session(client)
    base = f"/api/director/sessions/{session_id}"
    boards = client.get(f"{base}/results").json()["boards"]
    assert len(boards) == 2  # round 1: two tables, one board each
    first, second = boards
    # board not played at either table (Law 12C2(a)): 60/40 at one, 50/50 at the other
    given = client.post(f"{base}/adjusted", json={"table": first["table_id"], "score": "A60/40",
                                                  "kind": "not_played"})  # fmt: skip
    assert given.status_code == 201, given.text
    assert given.json()["laws"] == ["12C2(a)"]
    other = {"table": second["table_id"], "score": "A50/50", "kind": "not_played"}
    assert client.post(f"{base}/adjusted", json=other).status_code == 201
    scored = client.get(f"{base}/results").json()
    assert all(line["director"] for line in scored["lines"])
    before = _ranking(scored)
    assert before[first["ns"]] > before[first["ew"]]

    # a revision: a compensating event; the ranking follows it; the audit shows both
    revision = client.post(f"{base}/revisions", json={"table": first["table_id"],
                                                      "seq": given.json()["seq"],
                                                      "score": "A40/60"})  # fmt: skip
    assert revision.status_code == 201, revision.text
    after = client.get(f"{base}/results").json()
    ranked = _ranking(after)
    assert ranked[first["ns"]] < ranked[first["ew"]]
    assert ranked != before
    audit = [item for item in after["audit"] if item["table"] == first["table_id"]]
    assert [(item["kind"], item["revises"], item["director"]) for item in audit] == [
        ("not_played", None, "Maria Nowak"),
        ("revision", given.json()["seq"], "Maria Nowak"),
    ]
    log = client.get(f"/api/director/tables/{first['table_id']}").json()["log"]
    assert [row["type"] for row in log].count("DirectorScored") == 2

    # the old entry is no longer in force: refused, with the reason, nothing written
    stale = client.post(f"{base}/revisions", json={"table": first["table_id"],
                                                   "seq": given.json()["seq"],
                                                   "score": "A50/50"})  # fmt: skip
    assert stale.status_code == 422
    assert "in force" in stale.json()["detail"]
    bad = client.post(f"{base}/adjusted", json={"table": first["table_id"], "score": "7NT"})
    assert bad.status_code == 422
    assert len(client.get(f"{base}/audit").json()) == 3

    # a procedural penalty (Law 90): an entry of the session's log; the ranking counts it
    pair = first["ns"]
    given = client.post(f"{base}/penalties", json={"pair": pair, "points": "-25", "law": "90",
                                                   "reason": "slow play"})  # fmt: skip
    assert given.status_code == 201, given.text
    penalised = _ranking(client.get(f"{base}/results").json())
    assert float(penalised[pair]) < float(ranked[pair])
    assert {p: t for p, t in penalised.items() if p != pair} == {
        p: t for p, t in ranked.items() if p != pair
    }
    assert client.post(f"{base}/penalties", json={"pair": pair, "points": "-1",
                                                  "law": "12"}).status_code == 422  # fmt: skip
    withdrawn = client.post(f"{base}/penalties/{given.json()['id']}/withdrawal")
    assert withdrawn.status_code == 201, withdrawn.text
    assert _ranking(client.get(f"{base}/results").json()) == ranked
    again = client.post(f"{base}/penalties/{given.json()['id']}/withdrawal")
    assert again.status_code == 422
    assert "withdrawn already" in again.json()["detail"]

    # the console's page: the same decisions by its forms, refusals with the reason
    page_url = f"/director/sessions/{session_id}/scores"
    page = client.get(page_url)
    assert page.status_code == 200
    assert "A40/60" in page.text  # the Director's line and the audit
    assert "Law 90" in page.text
    refused = client.post(page_url, data={"do": "adjusted", "table": first["table_id"],
                                          "score": "banana"})  # fmt: skip
    assert refused.status_code == 422
    assert 'role="alert"' in refused.text
    # the audit is oldest first to the second: the two tables' entries may come in either order
    in_force = {item["table"]: item for item in client.get(f"{base}/audit").json()
                if item["in_force"]}  # fmt: skip
    assert {table: item["kind"] for table, item in in_force.items()} == {
        first["table_id"]: "revision", second["table_id"]: "not_played"}  # fmt: skip
    revised = client.post(page_url, data={"do": "revision", "table": first["table_id"],
                                          "seq": str(in_force[first["table_id"]]["seq"]),
                                          "score": "A60/40"})  # fmt: skip
    assert revised.status_code == 303
    assert _ranking(client.get(f"{base}/results").json()) == before

    # a robot and a substitute for missing players: entries of the session's log
    assert client.post(f"{base}/robot", json={"player": 3}).status_code == 201
    assert client.post(f"{base}/substitute", json={"player": 5, "name": "Ewa"}).status_code == 201
    assert client.post(f"{base}/robot", json={"player": 42}).status_code == 422
    session_log = [item for item in client.get(f"{base}/audit").json() if item["log"] == "session"]
    assert [(item["kind"], item["director"]) for item in session_log] == [
        ("penalty", "Maria Nowak"),
        ("withdrawal", "Maria Nowak"),
        ("robot", "Maria Nowak"),
        ("substitute", "Maria Nowak"),
    ]
    assert all(item["at"] for item in session_log)


def test_a_playing_director_needs_an_override(client: TestClient) -> None:
    table = create(client, DEAL, board=1)
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "playing_director", "Jan Gra"))
    url = f"/api/director/tables/{table['table']}"

    refused = client.get(url)
    assert refused.status_code == 403
    assert "playing Director" in refused.json()["detail"]
    assert set(refused.json()) == {"detail"}  # nothing of the board
    page = client.get(f"/director/tables/{table['table']}")
    assert page.status_code == 403
    assert "override" in page.text
    assert "♠" not in page.text

    shown = client.get(url, params={"override": "true"})
    assert shown.status_code == 200
    assert all(len(cards) == 13 for cards in shown.json()["deal"].values())
    # he still cannot act: the console's actions are the Director's
    assert client.post(f"{url}/attended", json={"seq": 0}).status_code == 403

    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    audit = client.get(f"/api/director/sessions/{table['session']}/audit").json()
    assert [(item["kind"], item["director"], item["payload"]["table"]) for item in audit] == [
        ("override", "Jan Gra", table["table"])
    ]
    assert audit[0]["at"]

    # once the board is over at every table of its session, no override is needed
    seq = 0
    for seat in "NESW":
        answer = client.post(f"/tables/{table['table']}/commands",
                             json=command("call", seat, seq, call="Pass"),
                             headers={"Authorization": f"Bearer {table['seats'][seat]}"})  # fmt: skip
        assert answer.status_code == 200, answer.text
        seq = answer.json()["last"]
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "playing_director", "Jan Gra"))
    assert client.get(url).status_code == 200
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    assert len(client.get(f"/api/director/sessions/{table['session']}/audit").json()) == 1
