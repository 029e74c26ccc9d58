"""The Director's ruling applied to the online table itself (issue 16): a disputed claim
(Laws 68D, 70) leaves the Director phase only by the Director's command, which is an event
of the table's own log with his name and the time, stored and published to the seats. He
either awards the tricks (Laws 69-71; scored by Law 77) or lets play continue (2017 Law
68D2(b)). A seat's token cannot send it, over HTTP or as a frame."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.core.contract import Contract
from dupbridge.core.seats import Side
from dupbridge.scoring import score
from dupbridge.services.access import Principal, Role
from dupbridge.services.bus import MemoryBus
from dupbridge.services.online import DirectorRuling
from dupbridge.services.tables import ForbiddenError, TableService
from dupbridge.store import EventStore
from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.web.conftest import SECRET, settings_for
from tests.web.protocol import command
from tests.web.test_online_rules import Seats


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(db_url)), follow_redirects=False) as test_client:
        yield test_client


def disputed(client: TestClient) -> Seats:
    """Board 1: 1NT by North (N deals), East leads the club ace; North claims 8 tricks in
    all, West disputes it: the table waits for the Director (Laws 68D, 70)."""
    table = Seats(client)
    table.calls("1NT", "Pass", "Pass", "Pass")
    assert 200 == table.send("E", "card", card="CA").status_code
    assert 200 == table.send("N", "claim", tricks=8).status_code
    assert 200 == table.send("W", "reject_claim").status_code
    assert table.view("N")["view"]["phase"] == "director"
    return table


def dummy_card(client: TestClient, table: Seats, card: str) -> Any:
    """Declarer (North) plays ``card`` from dummy (South), Law 45B."""
    answer = client.post(
        f"/tables/{table.id}/commands",
        params={"token": table.created["seats"]["N"]},
        json=command("card", "S", table.seq, card=card),
    )
    if answer.status_code == 200:
        table.seq = answer.json()["last"]
    return answer


def rule(client: TestClient, table: Seats, tricks: int | None) -> Any:
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    try:
        answer = client.post(
            f"/api/director/tables/{table.id}/claim-ruling",
            json={"tricks": tricks, "expected_seq": table.seq},
        )
    finally:
        client.cookies.clear()
    if answer.status_code == 201:
        table.seq = answer.json()["last"]
    return answer


def test_award_ends_the_board_with_the_tricks_and_the_score(
    client: TestClient, db_url: str
) -> None:
    """Law 70: the Director decides the result; the board ends with the claimer's side's
    tricks awarded, and the score is that of the contract with those tricks (Law 77)."""
    table = disputed(client)
    answer = rule(client, table, 7)
    assert answer.status_code == 201, answer.text
    frame = table.view("E")
    view = frame["view"]
    assert (view["phase"], view["result"]) == ("finished", 7)
    contract = Contract.from_str("1NT")
    expected = score(contract, 7, False)
    assert view["score"] == {str(Side.NS): expected, str(Side.EW): -expected}
    ruled = [event for event in frame["events"] if event["type"] == "DirectorRuled"]
    assert len(ruled) == 1
    assert ruled[0]["director"] == "Maria Nowak"
    assert ruled[0]["tricks"] == 7
    assert ruled[0]["ruling"] == "tricks"
    assert ruled[0]["at"].startswith("20")
    assert ruled[0]["seq"] == answer.json()["seq"]
    # Durable: a new server process folds the log to the same finished board.
    with TestClient(create_app(settings_for(db_url))) as other:
        again = other.get(f"/tables/{table.id}/view", params={"token": table.created["seats"]["S"]})
        assert (again.json()["view"]["phase"], again.json()["view"]["result"]) == ("finished", 7)
    # The inspector's log shows it with the Director as actor.
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    log = client.get(f"/api/director/tables/{table.id}").json()["log"]
    assert log[-1]["type"] == "DirectorRuled"
    assert log[-1]["actor"] == "director"
    assert log[-1]["payload"]["director"] == "Maria Nowak"


def test_play_continues_and_the_next_card_is_accepted(client: TestClient) -> None:
    """2017 Law 68D2(b): the claim is void and play goes on from the position."""
    table = disputed(client)
    assert dummy_card(client, table, "C8").status_code in (403, 409)  # waits for the Director
    answer = rule(client, table, None)
    assert answer.status_code == 201, answer.text
    view = table.view("S")["view"]
    assert view["phase"] == "play"
    assert view["claim"] is None
    played = dummy_card(client, table, "C8")
    assert played.status_code == 200, played.text
    assert table.view("S")["view"]["current_trick"][-1] == {"seat": "S", "card": "C8"}
    assert table.view("N")["view"]["phase"] == "play"


def test_refusals(client: TestClient) -> None:
    """Nothing to rule on, impossible tricks, a stale seq and a second ruling are refused
    and log nothing; a seat's token never reaches the route, nor the frame decoder."""
    table = Seats(client)
    table.calls("1NT", "Pass", "Pass", "Pass")
    nothing = rule(client, table, 7)
    assert nothing.status_code == 409
    assert nothing.json()["law"] == "Law 70"
    table = disputed(client)
    head = table.seq
    too_many = rule(client, table, 14)  # no trick is complete: 0..13
    assert too_many.status_code == 409
    assert "between 0 and 13" in too_many.json()["message"]
    stale = client.post(
        f"/api/director/tables/{table.id}/claim-ruling",
        json={"tricks": 8, "expected_seq": head - 1},
        cookies={AUTH_COOKIE: role_cookie(SECRET, "director")},
    )
    assert stale.status_code == 409
    assert stale.json()["type"] == "stale"
    token = {"Authorization": f"Bearer {table.created['seats']['N']}"}
    seat = client.post(
        f"/api/director/tables/{table.id}/claim-ruling",
        json={"tricks": 8, "expected_seq": head},
        headers=token,
    )
    assert seat.status_code in (401, 403)
    frame = table.send("N", "director_ruling", tricks=8)
    assert frame.status_code == 422
    assert table.view("N")["view"]["phase"] == "director"
    assert rule(client, table, 8).status_code == 201
    assert rule(client, table, 8).status_code == 409  # the board is over


def test_the_service_takes_a_ruling_from_the_director_role_only(
    client: TestClient, stored: EventStore
) -> None:
    """``TableService.direct`` itself refuses every role but the Director (Law 81), whatever
    route calls it, and logs nothing."""
    table = disputed(client)

    async def attempt(role: Role) -> str:
        service = TableService(stored, MemoryBus())
        try:
            principal = Principal(role, name="someone")
            answer = await service.direct(table.id, principal, DirectorRuling(8), table.seq, "k1")
            return str(answer["type"])
        except ForbiddenError:
            return "forbidden"
        finally:
            await service.close()

    def run(role: Role) -> str:
        # a loop of its own in a thread of its own (another test's loop may be running here)
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, attempt(role)).result(timeout=60)

    others = [role for role in Role if role is not Role.DIRECTOR]
    assert [run(role) for role in others] == ["forbidden"] * len(others)
    assert table.view("N")["view"]["phase"] == "director"
    assert run(Role.DIRECTOR) == "ack"


def inspector_step(client: TestClient, table: Seats, **form: str) -> Any:
    """The inspector's buttons, as the Director's browser sends them."""
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    page = client.get(f"/director/tables/{table.id}")
    assert page.status_code == 200
    assert 'name="do" value="award"' in page.text
    assert 'name="do" value="continue"' in page.text
    assert f'name="seq" value="{table.seq}"' in page.text
    assert 'min="0" max="13"' in page.text  # the claimer's side's possible totals (Law 70)
    answer = client.post(f"/director/tables/{table.id}", data={"seq": str(table.seq), **form})
    client.cookies.clear()
    return answer


def test_inspector_award_shows_the_board_over_to_the_seats(client: TestClient) -> None:
    """The inspector's award (Law 70) ends the board at the table: the players' frame shows
    the result and the score (Law 77), the log the Director's event with his name."""
    table = disputed(client)
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    queue = f"/api/director/sessions/{table.created['session']}/queue"
    assert [item["kind"] for item in client.get(queue).json()] == ["ClaimRejected"]
    answer = inspector_step(client, table, do="award", tricks="9")
    assert answer.status_code == 303, answer.text
    assert answer.headers["location"] == f"/director/tables/{table.id}"
    frame = table.view("W")
    assert (frame["view"]["phase"], frame["view"]["result"]) == ("finished", 9)
    expected = score(Contract.from_str("1NT"), 9, False)
    assert frame["view"]["score"] == {str(Side.NS): expected, str(Side.EW): -expected}
    ruled = frame["events"][-1]
    assert (ruled["type"], ruled["director"], ruled["tricks"]) == (
        "DirectorRuled",
        "Maria Nowak",
        9,
    )
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    page = client.get(f"/director/tables/{table.id}").text
    assert "Maria Nowak: 9 tricks to the claimer&#39;s side" in page
    assert 'value="award"' not in page  # nothing left to rule on
    assert client.get(queue).json() == []  # the call is answered
    wrong = client.post(
        f"/director/tables/{table.id}", data={"do": "award", "tricks": "9", "seq": "0"}
    )
    assert wrong.status_code == 409  # a stale page enters nothing


def test_inspector_play_continues_then_the_next_card(client: TestClient) -> None:
    """The inspector's "play continues" (2017 Law 68D2(b)): the next card is accepted."""
    table = disputed(client)
    answer = inspector_step(client, table, do="continue")
    assert answer.status_code == 303, answer.text
    table.seq = table.view("N")["seq"]
    assert table.view("N")["view"]["phase"] == "play"
    assert dummy_card(client, table, "C9").status_code == 200
    assert table.view("E")["view"]["current_trick"][-1] == {"seat": "S", "card": "C9"}


def test_messages_to_a_table_and_to_every_table_of_a_session(client: TestClient) -> None:
    """The Director's message is an event of each table's log with his name and the time,
    published to the seats; a message to the session reaches every table of it."""
    first = Seats(client)
    second = Seats(client, session=first.created["session"])
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
    one = client.post(f"/api/director/tables/{first.id}/message", json={"text": "Two minutes"})
    assert one.status_code == 201, one.text
    session = first.created["session"]
    every = client.post(f"/api/director/sessions/{session}/message", json={"text": "Last round"})
    assert every.status_code == 201, every.text
    assert sorted(item["table"] for item in every.json()) == sorted([first.id, second.id])
    assert (
        client.post(f"/api/director/tables/{first.id}/message", json={"text": ""}).status_code
        == 422
    )
    assert client.post("/api/director/sessions/nope/message", json={"text": "x"}).status_code == 404
    page = client.post(f"/director/tables/{second.id}", data={"do": "message", "text": "Hello"})
    assert page.status_code == 303
    form = client.post(f"/director/sessions/{session}/message", data={"text": "Stop play"})
    assert form.status_code == 303
    assert client.get(f"/director/sessions/{session}/message").status_code == 200
    inspector = client.get(f"/director/tables/{first.id}").text
    assert "Maria Nowak: Two minutes" in inspector
    client.cookies.clear()
    texts = {
        table.id: [
            (event["director"], event["text"])
            for event in table.view("E")["events"]
            if event["type"] == "DirectorMessage"
        ]
        for table in (first, second)
    }
    name = "Maria Nowak"
    assert texts[first.id] == [(name, "Two minutes"), (name, "Last round"), (name, "Stop play")]
    assert texts[second.id] == [(name, "Last round"), (name, "Hello"), (name, "Stop play")]
    # Play goes on at the head the messages left (they are rows of the log).
    first.seq = first.view("N")["seq"]
    first.calls("1NT")
