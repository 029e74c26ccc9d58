"""The console's live side over HTTP (issue 16): a player's call and a disputed claim at an
online table reach the Director's queue with table, board, caller and age; the inspector
shows the four hands, the log with times, the auction with its explanations and the claim
checks; attending a call is logged with the Director's name; the table's log opens in the
ruling assistant, where the claim is ruled (Law 70). And the console's scores (must show 2
and 3) over HTTP on the real traveller."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.web.conftest import DEAL, SECRET, settings_for
from tests.web.protocol import command, create


@pytest.fixture
def app_client(db_url: str) -> Iterator[tuple[Any, TestClient]]:
    app = create_app(settings_for(db_url))
    with TestClient(app, follow_redirects=False) as client:
        yield app, client


def play(
    client: TestClient, table: dict[str, Any], actions: list[tuple[str, str, dict[str, Any]]]
) -> None:
    seq = 0
    for kind, seat, fields in actions:
        frame = command(kind, seat, seq, **fields)
        answer = client.post(
            f"/tables/{table['table']}/commands",
            json=frame,
            headers={"Authorization": f"Bearer {table['seats'][seat]}"},
        )
        assert answer.status_code == 200, answer.text
        seq = answer.json()["last"]


def test_calls_queue_inspector_and_ruling(app_client: tuple[Any, TestClient]) -> None:
    _app, client = app_client
    table = create(client, DEAL, board=1)
    # N deals board 1: 1S (explained), 3 passes; E leads; N claims at once, E disputes.
    play(
        client,
        table,
        [
            ("call", "N", {"call": "1S", "alert": True, "explanation": "5+ spades"}),
            ("call", "E", {"call": "Pass"}),
            ("call", "S", {"call": "Pass"}),
            ("director_call", "W", {"reason": "a hesitation"}),
            ("call", "W", {"call": "Pass"}),
            ("card", "E", {"card": "CA"}),
            ("claim", "N", {"tricks": 8, "statement": "trumps first"}),
            ("reject_claim", "E", {}),
        ],
    )
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    queue = client.get(f"/api/director/sessions/{table['session']}/queue").json()
    assert [(item["kind"], item["seat"]) for item in queue] == [
        ("DirectorCalled", "W"),
        ("ClaimRejected", "E"),
    ]
    assert all(item["board"] == 1 and item["age_s"] >= 0 for item in queue)
    app = _app
    later = app.state.director.online.queue(
        table["session"], datetime.now(UTC) + timedelta(minutes=11)
    )
    assert sorted(item["kind"] for item in later) == [
        "BoardOverTime",
        "ClaimRejected",
        "DirectorCalled",
    ]
    over = next(item for item in later if item["kind"] == "BoardOverTime")
    assert over["age_s"] >= 59
    assert over["seq"] == -1
    assert queue[0]["reason"] == "a hesitation"
    page = client.get(f"/director/sessions/{table['session']}")
    assert page.status_code == 200
    assert "a hesitation" in page.text

    view = client.get(f"/api/director/tables/{table['table']}").json()
    assert sorted(view["deal"]) == ["E", "N", "S", "W"]
    assert all(len(cards) == 13 for cards in view["deal"].values())
    assert view["auction"][0] == {"seat": "N", "call": "1S", "alert": True,
                                  "explanation": "5+ spades"}  # fmt: skip
    assert [row["type"] for row in view["log"]][:2] == ["BoardStarted", "CallMade"]
    assert all(row["at"] for row in view["log"])
    assert view["claim"]["tricks"] == 8
    assert (
        view["claim_checks"]["double_dummy"]["NS"] + view["claim_checks"]["double_dummy"]["EW"]
        == 13
    )
    page = client.get(f"/director/tables/{table['table']}")
    assert page.status_code == 200
    assert "Claim checks" in page.text

    done = client.post(
        f"/api/director/tables/{table['table']}/attended", json={"seq": queue[0]["seq"]}
    )
    assert done.status_code == 201
    left = client.get(f"/api/director/sessions/{table['session']}/queue").json()
    assert [item["kind"] for item in left] == ["ClaimRejected"]
    inspected = client.get(f"/api/director/tables/{table['table']}").json()
    log = inspected["director_log"]
    assert log[0]["director"] == "Maria Nowak"
    assert log[0]["kind"] == "attended"
    # the mark is an event of the table's log, with the Director's name and the time
    row = inspected["log"][log[0]["seq"]]
    assert row["type"] == "DirectorAttended"
    assert row["payload"]["call_seq"] == queue[0]["seq"]
    assert row["payload"]["director"] == "Maria Nowak"
    assert row["at"]
    assert (
        "call {} attended".format(queue[0]["seq"])
        in client.get(f"/director/tables/{table['table']}").text
    )
    wrong = client.post(f"/api/director/tables/{table['table']}/attended", json={"seq": 1})
    assert wrong.status_code == 422  # seq 1 is a call of the auction, not a Director call
    assert len(client.get(f"/api/director/tables/{table['table']}").json()["log"]) == len(
        inspected["log"]
    )

    # the page's Attended button writes the same event
    form = client.post(f"/director/tables/{table['table']}",
                       data={"do": "attend", "seq": str(left[0]["seq"])})  # fmt: skip
    assert form.status_code == 303
    assert client.get(f"/api/director/sessions/{table['session']}/queue").json() == []
    kinds = [row["kind"] for row in client.get(f"/api/director/tables/{table['table']}").json()[
        "director_log"]]  # fmt: skip
    assert kinds == ["attended", "attended"]

    ruling = client.post(f"/api/director/tables/{table['table']}/ruling")
    assert ruling.status_code == 201, ruling.text
    ruled = ruling.json()
    assert ruled["pending"]["kind"] == "tricks"
    assert ruled["pending"]["law"].startswith("70")
    final = client.post(
        f"/api/director/rulings/{ruled['id']}/actions", json={"action": {"director": {"tricks": 8}}}
    ).json()
    assert final["state"]["phase"] == "finished"
    assert final["state"]["result"] == 8
    assert final["rulings"][0]["director"] == "Maria Nowak"


@pytest.mark.oracle
def test_scores_over_http_weighted_then_revised(app_client: tuple[Any, TestClient]) -> None:
    """Must show 2 and 3 over HTTP: a weighted score on board 1 of a real traveller is a
    Director's line of the results (Law 12C1(c)); a revision appends an entry, the ranking
    is that of the revised score, the audit log shows both."""
    from dupbridge.services.event_results import load_event
    from dupbridge.tournament.event_scoring import score_event
    from tests.conftest import shared_file

    app, client = app_client
    event = load_event(shared_file("jfr-pary-mp-wb120802", "wb120802.html")).event
    app.state.director.open_event("wb120802", event)
    first = next(r for r in event.results if r.board == 1)
    ns, ew = first.ns.number, first.ew.number
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    base = "/api/director/events/wb120802"
    before = client.get(base).json()
    entry = client.post(
        f"{base}/adjusted", json={"board": 1, "ns": ns, "ew": ew, "score": "30% 4SN=; 70% 4SN-1"}
    )
    assert entry.status_code == 201, entry.text
    assert entry.json()["laws"] == ["12C1(c)"]
    weighted = client.get(base).json()
    line = next(
        item for item in weighted["lines"] if (item["board"], item["ns"], item["ew"]) == (1, ns, ew)
    )
    assert line["director"] is True
    assert line["outcome"] == "30% 4SN=; 70% 4SN-1"
    revision = client.post(
        f"{base}/revisions", json={"entry": entry.json()["id"], "score": "A60/40"}
    )
    assert revision.status_code == 201, revision.text
    after = client.get(base).json()
    assert [item["kind"] for item in after["log"]] == ["adjusted_score", "revision"]
    assert all(item["director"] == "Maria Nowak" for item in after["log"])
    assert after["log"][1]["revises"] == entry.json()["id"]
    assert after["ranking"] != weighted["ranking"]
    assert after["ranking"] != before["ranking"]
    from dataclasses import replace

    from dupbridge.scoring.rounding import format_fixed
    from dupbridge.tournament.results import parse_outcome

    expected = score_event(
        replace(
            event,
            results=[
                replace(r, outcome=parse_outcome("A60/40")) if r is first else r
                for r in event.results
            ],
        )
    )
    assert [(row["pair"], row["total"]) for row in after["ranking"]] == [
        (placing.key.number, format_fixed(placing.total))
        for field in expected.fields
        for placing, _score in field.placings
    ]
    bad = client.post(f"{base}/adjusted", json={"board": 1, "ns": 99, "ew": 98, "score": "A60/40"})
    assert bad.status_code == 422
    assert "no line" in bad.json()["detail"]


@pytest.mark.oracle
@pytest.mark.parametrize("method", ["mp", "cross-imp"])
def test_weighted_score_through_the_console(
    app_client: tuple[Any, TestClient], method: str, tmp_path: Any
) -> None:
    """Must show 2 through the console: 30 % of 4S= and 70 % of 4S-1 entered with ``POST
    .../adjusted`` on board 1 of a real traveller gives each line of the board 0.3 times its
    matchpoints (or cross-IMPs) with 4S= plus 0.7 times those with 4S-1, both scored as table
    results by the plain event scorer (Law 12C1(c)); the console's page and the published
    results pages show the line as the Director's."""
    from dataclasses import replace
    from fractions import Fraction

    from dupbridge.scoring.rounding import format_fixed
    from dupbridge.services.event_results import load_event, publish
    from dupbridge.tournament.event_scoring import ScoringOptions, score_event
    from dupbridge.tournament.results import Played
    from dupbridge.tournament.scored import Method
    from tests.conftest import shared_file
    from tests.services.director.test_scores import WEIGHTED, board_lines, with_outcome

    app, client = app_client
    event = load_event(shared_file("jfr-pary-mp-wb120802", "wb120802.html")).event
    if method == "cross-imp":  # board 1's table results (the TD rows are percentages)
        kept = [r for r in event.results if r.board == 1 and isinstance(r.outcome, Played)]
        event = replace(event, results=kept)
    app.state.director.open_event("wb", event)
    first = next(r for r in event.results if r.board == 1)
    ns, ew = first.ns.number, first.ew.number
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    entry = client.post(
        "/api/director/events/wb/adjusted",
        json={"board": 1, "ns": ns, "ew": ew, "score": WEIGHTED},
    )
    assert entry.status_code == 201, entry.text
    got = client.get("/api/director/events/wb", params={"method": method}).json()
    lines = {(item["ns"], item["ew"]): item for item in got["lines"] if item["board"] == 1}
    options = ScoringOptions(Method(method))
    made = board_lines(score_event(with_outcome(event, 1, ns, ew, "4S", "N", "="), options), 1)
    down = board_lines(score_event(with_outcome(event, 1, ns, ew, "4S", "N", "-1"), options), 1)
    assert len(lines) == len(made) == len(down) > 4
    for m, d in zip(made, down, strict=True):
        line = lines[(m[0], m[1])]
        assert line["ns_score"] == format_fixed(Fraction(3, 10) * m[2] + Fraction(7, 10) * d[2])
        assert line["ew_score"] == format_fixed(Fraction(3, 10) * m[3] + Fraction(7, 10) * d[3])
    assert lines[(ns, ew)]["director"] is True
    assert lines[(ns, ew)]["outcome"] == WEIGHTED
    page = client.get("/director/events/wb")
    assert page.status_code == 200
    assert WEIGHTED in page.text  # the Director's lines of the console's page
    assert client.get("/api/director/events/wb", params={"method": "darts"}).status_code == 422
    if method == "mp":
        site = publish(app.state.director.event("wb").scored(), tmp_path / "site", analyse=False)
        html = (site.index.parent / "boards" / "board-1.html").read_text(encoding="utf-8")
        assert f"Adjusted: {WEIGHTED}" in html  # the Director's line on the results pages
