"""Rulings on the engine at an online table, over HTTP (issue 16): the Director switches the
table to recording mode from the point of the irregularity (Law 81C3), reads the pending
decision with its law, the options each paraphrased and who chooses (Law 10C), enters the
facts, the choice and his answers, and play goes on online from the rectified state. Every
step is an event of the table's log with his name and the time; the seats' views never show
a card their seat may not see.

Cases: an unintended call replaced (Law 25A, the LHO withdrawing his call over it, 25A6); a
call changed after misinformation (Law 21B1(a)); a disputed claim ruled on the engine (Laws
68D, 70)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.web.conftest import DEAL, SECRET, settings_for
from tests.web.test_online_rules import Seats

DIRECTOR = "Maria Nowak"
HANDS = dict(zip("NESW", DEAL[2:].split(), strict=True))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(db_url)), follow_redirects=False) as test_client:
        yield test_client


def director(client: TestClient, table: Seats, path: str, **body: Any) -> Any:
    """The Director's POST to the table's ruling (``/engine...``) at the head he saw."""
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
    try:
        answer = client.post(
            f"/api/director/tables/{table.id}/engine{path}",
            json={"expected_seq": table.seq, **body},
        )
    finally:
        client.cookies.clear()
    if answer.status_code == 201:
        table.seq = answer.json()["last"]
    return answer


def hidden_cards_safe(table: Seats) -> None:
    """No seat's frame holds a card of another hand before it is played or faced: during
    the auction each seat sees its own hand only, and no event carries the deal or what the
    Director entered."""
    for seat in "NESW":
        frame = table.view(seat)
        view = frame["view"]
        others = {card for other, hand in HANDS.items() if other != seat for card in _cards(hand)}
        shown = {card for cards in view["hands"].values() for card in cards}
        assert view["phase"] == "auction"  # the cases that call this rule during the auction
        assert set(view["hands"]) == {seat}
        assert shown == _cards(HANDS[seat])
        assert not shown & others
        for event in frame["events"]:
            assert "deal" not in event
            if event["type"] == "DirectorStep":
                assert "action" not in event


def _cards(pbn_hand: str) -> set[str]:
    suits = pbn_hand.split(".")
    return {suit + rank for suit, ranks in zip("SHDC", suits, strict=True) for rank in ranks}


def logged(table: Seats, seat: str = "E") -> list[dict[str, Any]]:
    kinds = {"DirectorRecording", "DirectorStep", "DirectorResumed"}
    return [event for event in table.view(seat)["events"] if event["type"] in kinds]


def test_law_25a_unintended_call_replaced_and_lho_withdraws(client: TestClient) -> None:
    """Law 25A: North bid 1C meaning 1D (a slip) and East called 1H over it; North calls
    the Director. The Director rules from the head: the intended call replaces the unintended
    one (25A1), East may withdraw his call over it (25A6, his choice: Law 10C), and the
    auction goes on online from 1D with East to call."""
    table = Seats(client)
    table.calls("1C", "1H")
    assert table.send("N", "director_call", reason="I meant 1D").status_code == 200
    queue = f"/api/director/sessions/{table.created['session']}/queue"
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
    assert [item["reason"] for item in client.get(queue).json()] == ["I meant 1D"]
    client.cookies.clear()
    opened = director(client, table, "")
    assert opened.status_code == 201, opened.text
    assert opened.json()["ruling"]["open"] is True
    assert table.view("W")["online"]["director_ruling"] is True
    waits = table.send("S", "call", call="Pass")
    assert waits.status_code == 409
    assert "9B2" in waits.json()["law"]
    changed = director(client, table, "/actions", action={"seat": "N", "change": "1D"})
    assert changed.status_code == 201, changed.text
    question = changed.json()["ruling"]["pending"]
    assert question["kind"] == "question"
    assert question["law"].startswith("25")
    answered = director(client, table, "/answer", yes=True)
    assert answered.status_code == 201, answered.text
    pending = answered.json()["ruling"]["pending"]
    assert (pending["law"], pending["chooser"]) == ("25A6", "E")
    assert [option["name"] for option in pending["options"]] == ["withdraw", "keep"]
    assert all(option["text"] for option in pending["options"])  # each paraphrased
    assert "East" in pending["chooser_text"]
    # The seats see the decision the table waits for (Law 10C1), not the Director's entry.
    assert director(client, table, "/resume").status_code == 409  # a decision is pending
    chosen = director(client, table, "/choose", option="withdraw")
    assert chosen.status_code == 201, chosen.text
    assert chosen.json()["ruling"]["pending"] is None
    resumed = director(client, table, "/resume")
    assert resumed.status_code == 201, resumed.text
    view = table.view("E")["view"]
    assert [entry["call"] for entry in view["auction"]] == ["1D"]
    assert view["turn"] == "E"
    assert table.view("E")["online"]["director_ruling"] is False
    out_of_turn = table.send("W", "call", call="Pass")  # strict again: refused with its law
    assert out_of_turn.status_code == 409
    assert out_of_turn.json()["law"] is not None
    assert table.send("E", "call", call="1S").status_code == 200
    assert [entry["call"] for entry in table.view("S")["view"]["auction"]] == ["1D", "1S"]
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
    assert client.get(queue).json() == []  # the call is answered by the ruling
    client.cookies.clear()
    events = logged(table)
    assert [event["type"] for event in events] == [
        "DirectorRecording",
        "DirectorStep",
        "DirectorStep",
        "DirectorStep",
        "DirectorResumed",
    ]
    assert {event["director"] for event in events} == {DIRECTOR}
    assert all(event["at"].startswith("20") for event in events)
    assert [event.get("step") for event in events[1:4]] == ["change", "director", "choose"]
    hidden_cards_safe(table)


def test_law_21b_change_of_call_after_misinformation(client: TestClient) -> None:
    """Law 21B1(a): North's 1NT was explained 12-14 (their card says 15-17) and East passed
    on it. The Director, presuming mistaken explanation (21B1(b)), lets East change his call
    while his partner has not called; East's Pass is withdrawn and he calls 2C from his seat
    online. The review of Law 21B3 is noted in the rulings."""
    table = Seats(client)
    assert table.send("N", "call", call="1NT", alert=True, explanation="12-14").status_code == 200
    assert table.send("E", "call", call="Pass").status_code == 200
    opened = director(client, table, "", from_seq=table.seq)
    assert opened.status_code == 201, opened.text
    report = {"seat": "E", "report": "misinformation", "facts": "their card says 15-17",
              "against": "N"}  # fmt: skip
    reported = director(client, table, "/actions", action=report)
    assert reported.status_code == 201, reported.text
    assert reported.json()["ruling"]["pending"]["law"] == "21B1(a)"
    answered = director(client, table, "/answer", yes=True)
    assert answered.status_code == 201, answered.text
    pending = answered.json()["ruling"]["pending"]
    assert pending["chooser"] == "E"
    assert "change" in [option["name"] for option in pending["options"]]
    chosen = director(client, table, "/choose", option="change")
    assert chosen.status_code == 201, chosen.text
    resumed = director(client, table, "/resume")
    assert resumed.status_code == 201, resumed.text
    assert table.view("E")["view"]["turn"] == "E"
    assert table.send("E", "call", call="2C").status_code == 200
    view = table.view("W")["view"]
    assert [entry["call"] for entry in view["auction"]] == ["1NT", "2C"]
    assert view["turn"] == "S"
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
    ruling = client.get(f"/api/director/tables/{table.id}/engine").json()
    client.cookies.clear()
    laws = {law for item in ruling["rulings"] for law in item["laws"]}
    assert any(law.startswith("21B") for law in laws), laws
    hidden_cards_safe(table)


def test_disputed_claim_ruled_on_the_engine(client: TestClient, db_url: str) -> None:
    """Laws 68D, 70: North claims 8 tricks after East's lead and West disputes it; the
    Director rules on the engine: the claim checks are shown, he decides 7 tricks (Law 70),
    the board ends and the seats see the score. A new server folds the log to the same
    finished board."""
    table = Seats(client)
    table.calls("1NT", "Pass", "Pass", "Pass")
    assert table.send("E", "card", card="CA").status_code == 200
    assert table.send("N", "claim", tricks=8).status_code == 200
    assert table.send("W", "reject_claim").status_code == 200
    opened = director(client, table, "")
    assert opened.status_code == 201, opened.text
    ruling = opened.json()["ruling"]
    assert ruling["pending"]["kind"] == "tricks"
    assert ruling["pending"]["law"].startswith("70")
    assert ruling["claim_checks"]["claimer"] == "N"
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
    quick = client.post(  # the inspector's quick award would bypass the engine's decision
        f"/api/director/tables/{table.id}/claim-ruling",
        json={"tricks": 7, "expected_seq": table.seq},
    )
    inspector = client.get(f"/director/tables/{table.id}").text
    client.cookies.clear()
    assert quick.status_code == 409
    assert "on the engine" in quick.json()["message"]
    assert "Award the tricks and end the board" not in inspector  # nor does the page offer it
    decided = director(client, table, "/actions", action={"director": {"tricks": 7}})
    assert decided.status_code == 201, decided.text
    assert director(client, table, "/resume").status_code == 201
    view = table.view("S")["view"]
    assert (view["phase"], view["result"]) == ("finished", 7)
    assert view["score"] is not None
    steps = [event for event in logged(table, "W") if event["type"] == "DirectorStep"]
    assert steps[-1]["law"].startswith("70")
    with TestClient(create_app(settings_for(db_url))) as other:
        again = other.get(f"/tables/{table.id}/view", params={"token": table.created["seats"]["S"]})
        assert (again.json()["view"]["phase"], again.json()["view"]["result"]) == ("finished", 7)


def test_refusals_log_nothing(client: TestClient) -> None:
    """A step with no ruling open, a second opening, a point outside the log, a stale seq,
    a choice nobody has, a seat's token: refused with the law, and the log is unchanged."""
    table = Seats(client)
    table.calls("1C")
    head = table.seq
    step = director(client, table, "/actions", action={"seat": "N", "change": "1D"})
    assert step.status_code == 409
    assert step.json()["law"] == "Law 81C3"
    assert director(client, table, "", from_seq=head + 5).status_code == 409
    assert director(client, table, "/resume").status_code == 409
    assert table.seq == head
    assert director(client, table, "").status_code == 201
    assert director(client, table, "").status_code == 409  # already ruling
    nobody = director(client, table, "/choose", option="withdraw")
    assert nobody.status_code == 422
    assert "no player has a choice" in nobody.json()["detail"]
    malformed = director(client, table, "/actions", action={"seat": "N", "change": "9Z"})
    assert malformed.status_code in (409, 422)
    stale = client.post(
        f"/api/director/tables/{table.id}/engine/resume",
        json={"expected_seq": head},
        cookies={AUTH_COOKIE: role_cookie(SECRET, "director")},
    )
    assert stale.status_code == 409
    assert stale.json()["type"] == "stale"
    seat = client.post(
        f"/api/director/tables/{table.id}/engine",
        json={"expected_seq": table.seq},
        headers={"Authorization": f"Bearer {table.created['seats']['N']}"},
    )
    assert seat.status_code in (401, 403)
    assert len(logged(table)) == 1


def test_the_console_page_rules_law_25a_with_its_buttons(client: TestClient) -> None:
    """The console's page for the same Law 25A ruling: the point of the irregularity, the
    change entered, the Director's yes, East's choice, and "play goes on"; every step is a
    form post and each page shows the law."""
    table = Seats(client)
    table.calls("1C", "1H")
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
    page = f"/director/tables/{table.id}/engine"
    assert f'href="{page}"' in client.get(f"/director/tables/{table.id}").text
    first = client.get(page)
    assert first.status_code == 200
    assert "Law 81C3" in first.text

    def post(**form: str) -> None:
        head = table.view("N")["seq"]
        answer = client.post(page, data={"seq": str(head), **form})
        client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
        assert answer.status_code == 303, answer.text

    post(do="open", from_seq=str(table.seq))
    post(do="enter", seat="N", what="change", value="1D")
    assert "Law 25" in client.get(page).text
    post(do="answer", yes="yes")
    text = client.get(page).text
    assert "Law 25A6" in text
    assert 'name="option" value="withdraw"' in text
    assert f'name="seq" value="{table.view("N")["seq"]}"' in text  # the form names its head
    assert 'name="step"' not in text
    post(do="choose", option="withdraw")
    post(do="resume")
    stale = client.post(page, data={"seq": "0", "do": "open"})
    assert stale.status_code == 409
    client.cookies.clear()
    table.seq = table.view("E")["seq"]
    assert table.send("E", "call", call="1S").status_code == 200
    assert [entry["call"] for entry in table.view("N")["view"]["auction"]] == ["1D", "1S"]


def test_undo_request_sent_to_the_director(client: TestClient) -> None:
    """Law 25A with the ``undo: director`` setting: North asks to take back 1C; the
    opponents cannot answer it; the request waits in the Director's queue; he rules on the
    engine (the intended 1D replaces 1C, 25A1) and the auction goes on with East to call."""
    table = Seats(client, settings={"undo": "director"})
    table.calls("1C")
    assert table.send("N", "undo_request").status_code == 200
    refused = table.send("E", "undo_answer", grant=True)
    assert refused.status_code == 409
    assert refused.json()["law"] == "Law 25A"
    queue = f"/api/director/sessions/{table.created['session']}/queue"
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
    assert [item["kind"] for item in client.get(queue).json()] == ["UndoRequested"]
    client.cookies.clear()
    assert director(client, table, "").status_code == 201
    assert table.view("E")["online"]["undo_request"] is None  # the Director has it now
    assert (
        director(client, table, "/actions", action={"seat": "N", "change": "1D"}).status_code == 201
    )
    answered = director(client, table, "/answer", yes=True)
    assert answered.status_code == 201, answered.text
    assert answered.json()["ruling"]["pending"] is None
    assert director(client, table, "/resume").status_code == 201
    view = table.view("S")["view"]
    assert ([entry["call"] for entry in view["auction"]], view["turn"]) == (["1D"], "E")
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", DIRECTOR))
    assert client.get(queue).json() == []
    client.cookies.clear()
    hidden_cards_safe(table)
