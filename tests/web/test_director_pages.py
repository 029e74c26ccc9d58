"""The assistant's pages as plain forms (they work without JavaScript): a lead out of turn
taken down with the card form and ruled with the option buttons (Law 54), every entry of
the short list opens its form, a refused entry shows the reason with the law, and the
record downloads as JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.services.director.irregularities import IRREGULARITY_LIST
from dupbridge.services.records import run_record, state_json
from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import RECORDS, comparable, role_cookie, scenario
from tests.web.conftest import SECRET, settings_for


@pytest.fixture
def director(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(db_url)), follow_redirects=False) as client:
        client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director", "Maria Nowak"))
        yield client


def start(client: TestClient, **form: str) -> str:
    answer = client.post("/director/assistant", data=form)
    assert answer.status_code == 303, answer.text
    location: str = answer.headers["location"]
    return location


def test_a_lead_out_of_turn_with_the_forms(director: TestClient) -> None:
    record = scenario(RECORDS / "p01_2017_opening_lead_ootr_refused.json")["record"]
    page = start(director, board=str(record["board"]), edition="2017", deal=record["deal"])
    for action in record["actions"]:
        if "call" in action:
            form = {"do": "call", "seat": action["seat"], "call": action["call"]}
        elif "card" in action:
            form = {"do": "card", "card": f"{action['seat']} {action['card']}"}
        elif "choose" in action:
            form = {"do": "choose", "option": action["choose"]["option"]}
        elif "director" in action and len(action["director"]) == 1:
            form = {
                "do": "answer",
                "yes": "yes" if next(iter(action["director"].values())) else "no",
            }
        else:
            pytest.fail(f"no form for {action}")
        answer = director.post(page, data=form)
        assert answer.status_code == 303, answer.text
    ruling_id = page.rsplit("/", 1)[1]
    kept = director.get(f"{page}/record.json")
    assert kept.status_code == 200
    assert "attachment" in kept.headers["content-disposition"]
    assert comparable(state_json(run_record(kept.json()))) == comparable(
        state_json(run_record(record))
    )
    html = director.get(page).text
    assert "Law 54" in html or "54" in html
    assert ruling_id in director.get("/director").text


def test_every_entry_of_the_short_list_opens(director: TestClient) -> None:
    page = start(director, board="3")
    for item in IRREGULARITY_LIST:
        answer = director.get(f"{page}?entry={item.key}")
        assert answer.status_code == 200, item.key
        assert "entry-title" in answer.text


def test_a_refused_entry_shows_the_reason(director: TestClient) -> None:
    page = start(director, board="1")
    answer = director.post(page, data={"do": "call", "seat": "N", "call": "9Z"})
    assert answer.status_code == 422
    assert 'role="alert"' in answer.text
    answer = director.post(page, data={"do": "card", "card": "N SA"})
    assert answer.status_code == 422
    assert "deal" in answer.text
    bad = director.post("/director/assistant", data={"board": "1", "deal": "nonsense"})
    assert bad.status_code == 422
    assert "deal" in bad.text
    assert director.get("/director/assistant/nope").status_code == 404
    record = director.get(f"{page}/record.json").json()
    assert json.dumps(record["actions"]) == "[]"


def test_a_second_tap_enters_nothing_twice(director: TestClient) -> None:
    """A double tap posts the same form twice: the second finds the page out of date and
    enters nothing (else North's 1S would come again, out of rotation)."""
    page = start(director, board="1")
    form = {"do": "call", "seat": "N", "call": "1S", "step": "0"}
    assert director.post(page, data=form).status_code == 303
    again = director.post(page, data=form)
    assert again.status_code == 409
    assert "nothing was entered" in again.text
    assert director.get(f"{page}/record.json").json()["actions"] == [{"seat": "N", "call": "1S"}]


def test_claim_checks_from_the_cards_left(director: TestClient) -> None:
    """No record of the play: the Director enters the cards left and the claim."""
    fields = {"remaining": "N:AK... .AK.. ..QJ. ...QJ", "trump": "NT", "leader": "E",
              "declarer": "N", "claimer": "N", "tricks": "2", "line": "SA SK"}  # fmt: skip
    assert director.get("/director/claim-check").status_code == 200
    page = director.post("/director/claim-check", data=fields)
    assert page.status_code == 200
    assert "the line can be held to 0 tricks" in page.text
    api = director.post("/api/director/claim-check", json={**fields, "tricks": 2})
    assert api.json()["double_dummy"] == {"NS": 0, "EW": 2}
    bad = director.post("/director/claim-check", data={**fields, "remaining": "N:AK"})
    assert bad.status_code == 422
    assert 'role="alert"' in bad.text


def test_an_entry_taken_back_stays_in_the_audit_log(director: TestClient) -> None:
    page = start(director, board="1")
    ruling = page.rsplit("/", 1)[1]
    director.post(page, data={"do": "call", "seat": "N", "call": "1S"})
    director.post(page, data={"do": "undo"})
    assert director.get(f"{page}/record.json").json()["actions"] == []
    log = director.get(f"/api/director/rulings/{ruling}/log").json()
    assert [(e["kind"], e["action"], e["director"]) for e in log] == [
        ("entered", {"seat": "N", "call": "1S"}, "Maria Nowak"),
        ("withdrawn", {"seat": "N", "call": "1S"}, "Maria Nowak"),
    ]


def test_the_api_step_guard(director: TestClient) -> None:
    view = director.post("/api/director/rulings", json={"board": 1}).json()
    url = f"/api/director/rulings/{view['id']}/actions"
    body = {"action": {"seat": "N", "call": "1S"}, "step": 0}
    assert director.post(url, json=body).status_code == 200
    again = director.post(url, json=body)
    assert again.status_code == 409
    assert len(director.get(f"/api/director/rulings/{view['id']}/record").json()["actions"]) == 1


def test_the_home_page_leads_to_the_tools(director: TestClient) -> None:
    home = director.get("/director").text
    assert 'href="/director/assistant"' in home
    assert 'href="/director/claim-check"' in home
    answer = director.get("/director/sessions", params={"session": "abc 1"})
    assert (answer.status_code, answer.headers["location"]) == (303, "/director/sessions/abc%201")


def test_the_pending_decision_shows_its_law_and_options(director: TestClient) -> None:
    """Law 54: after the opening lead out of turn the page asks the Director's question, then
    reads the options aloud and offers each as a button; each form carries the step it answers
    (a stale form then changes nothing)."""
    record = scenario(RECORDS / "p01_2017_opening_lead_ootr_refused.json")["record"]
    page = start(director, board=str(record["board"]), edition="2017", deal=record["deal"])
    actions = record["actions"]
    asked = next(i for i, action in enumerate(actions) if "director" in action)
    for action in actions[:asked]:
        if "call" in action:
            form = {"do": "call", "seat": action["seat"], "call": action["call"]}
        else:
            form = {"do": "card", "card": f"{action['seat']} {action['card']}"}
        assert director.post(page, data=form).status_code == 303
    question = director.get(page).text
    assert 'id="pending-title"' in question
    assert "Law 54" in question
    assert 'class="options yesno"' in question
    assert f'name="step" value="{asked}"' in question
    assert 'name="seq"' not in question
    assert director.post(page, data={"do": "answer", "yes": "no"}).status_code == 303
    choice = director.get(page).text
    assert "Read to the table:" in choice
    assert f'name="step" value="{asked + 1}"' in choice
    chosen = actions[asked + 1]["choose"]["option"]
    assert f'name="option" value="{chosen}"' in choice


def played_to_the_end(director: TestClient, edition: str = "2017") -> str:
    """Board 1 of the records' deal entered with the forms: 1NT by East, all thirteen tricks
    played (East makes 6); the page of the ruling."""
    from tests.rulings.test_pinned_defective_trick import PLAYED
    from tests.rulings.test_pinned_engine import DEAL

    page = start(director, board="1", edition=edition, deal=DEAL)
    for action in PLAYED:
        if "call" in action:
            form = {"do": "call", "seat": action["seat"], "call": action["call"]}
        else:
            form = {"do": "card", "card": f"{action['seat']} {action['card']}"}
        assert director.post(page, data=form).status_code == 303, action
    return page


@pytest.mark.parametrize(
    ("when", "result", "laws"),
    [
        ("after_play", 5, ["67B1", "64A2"]),
        ("after_next_call", 6, ["67B1", "64A2", "64B4", "64C"]),
        ("after_round", 6, ["67B1", "64A2", "64B5", "64C"]),
    ],
)
def test_a_defective_trick_after_play_says_when(
    director: TestClient, when: str, result: int, laws: list[str]
) -> None:
    """Law 67B1 after play, from the Director's form: South reports that West omitted to play
    to trick 1. Reported at the end of play the deemed revoke transfers one trick (Law 64A2:
    East's 6 tricks become 5); first drawn after a non-offender's call on the next deal (64B4)
    or after the round (64B5) it transfers none. The form offers the time only after play,
    with the revoke form's control."""
    page = played_to_the_end(director)
    form_page = director.get(f"{page}?entry=defective_trick").text
    for value in ("after_play", "after_next_call", "after_round"):
        assert f'name="when" value="{value}"' in form_page
    assert 'name="when" value="after_play" checked' in form_page
    assert 'name="when"' in director.get(f"{page}?entry=revoke").text
    form = {"do": "report", "detail": "defective_trick", "seat": "S", "against": "W",
            "trick": "1", "cards": "omitted", "when": when}  # fmt: skip
    answer = director.post(page, data=form)
    assert answer.status_code == 303, answer.text
    ruling = page.rsplit("/", 1)[1]
    state = director.get(f"/api/director/rulings/{ruling}").json()["state"]
    assert state["error"] is None
    assert (state["result_before_transfers"], state["result"]) == (6, result)
    (revoke,) = state["revokes"]
    assert revoke["noticed"] == {"by": "S", "when": when}
    assert state["rulings"][-1]["laws"] == laws
    kept = director.get(f"{page}/record.json").json()["actions"][-1]
    assert kept["details"] == {"trick": 1, "cards": "omitted", "when": when}


def test_a_defective_trick_during_play_has_no_time_to_choose(director: TestClient) -> None:
    """During play attention is drawn during play (Law 64B4 and 64B5 cannot arise): the form
    asks for the trick and the cards but offers no time; a report without a trick number is
    refused with the law."""
    from tests.rulings.test_pinned_engine import DEAL
    from tests.rulings.test_pinned_play import ONE_NT, TRICK_1

    page = start(director, board="1", edition="2017", deal=DEAL)
    for action in [*ONE_NT, *TRICK_1]:
        if "call" in action:
            form = {"do": "call", "seat": action["seat"], "call": action["call"]}
        else:
            form = {"do": "card", "card": f"{action['seat']} {action['card']}"}
        assert director.post(page, data=form).status_code == 303, action
    form_page = director.get(f"{page}?entry=defective_trick").text
    assert 'name="trick"' in form_page
    assert 'name="cards" value="surplus"' in form_page
    assert 'name="when"' not in form_page
    form = {"do": "report", "detail": "defective_trick", "seat": "S", "against": "W"}
    refused = director.post(page, data={**form, "trick": ""})
    assert refused.status_code == 422
    assert "Law 67" in refused.text
    answer = director.post(page, data={**form, "trick": "1", "cards": "omitted"})
    assert answer.status_code == 303, answer.text
    kept = director.get(f"{page}/record.json").json()["actions"][-1]
    assert kept == {"seat": "S", "report": "defective_trick", "against": "W",
                    "details": {"trick": 1, "cards": "omitted"}}  # fmt: skip


def test_a_revoke_after_the_round_with_the_same_control(director: TestClient) -> None:
    """Law 64B5 from the revoke form: the record's table (a revoke by West, play ended by an
    agreed claim) is entered, then North draws attention to the revoke after the round with
    the form's time: no trick is transferred, as in the record."""
    record = scenario(RECORDS / "q64b5_2017_raised_after_the_round.json")["record"]
    *before, last = record["actions"]
    assert last == {"seat": "N", "revoke": "W", "when": "after_round"}
    page = start(director, board=str(record["board"]), edition="2017", deal=record["deal"])
    ruling = page.rsplit("/", 1)[1]
    for action in before:
        answer = director.post(f"/api/director/rulings/{ruling}/actions", json={"action": action})
        assert answer.status_code == 200, answer.text
    form = {"do": "revoke", "seat": "N", "offender": "W", "when": "after_round"}
    assert director.post(page, data=form).status_code == 303
    kept = director.get(f"{page}/record.json").json()
    assert kept["actions"][-1] == last
    assert comparable(state_json(run_record(kept))) == comparable(state_json(run_record(record)))
    (revoke,) = director.get(f"/api/director/rulings/{ruling}").json()["state"]["revokes"]
    assert revoke["transfer"]["law"] == "64B5"


#: The Director's question on a disagreement on the tricks won, by edition and by when he
#: was called (Laws 79B2, 79B3; 2007 Law 79B2).
DURING_THE_ROUND = "The players disagree on the tricks won (Law 79B). With no claim"
CALLED_LATE = "The players disagree on the tricks won and the Director was called after the round"
AFTER_THE_ROUND_2017 = f"{CALLED_LATE}: he changes the score for both sides only if clearly"
AFTER_THE_ROUND_2007 = f"{CALLED_LATE}: he rules under Law 79C or Law 87"


@pytest.mark.parametrize(
    ("edition", "when", "laws", "question"),
    [
        ("2017", "after_round", ["79B3"], AFTER_THE_ROUND_2017),
        ("2017", "during_round", ["79B2"], DURING_THE_ROUND),
        ("2007", "after_round", ["79B2"], AFTER_THE_ROUND_2007),
        ("2007", "during_round", ["79B2"], DURING_THE_ROUND),
    ],
)
def test_tricks_disputed_says_when_the_director_was_called(
    director: TestClient, edition: str, when: str, laws: list[str], question: str
) -> None:
    """Law 79B from the Director's form: 1NT by East is played out (no claim, so 79B1 does
    not apply) and North disputes the tricks won. Called after the round, the 2017 Director
    may change the score for both sides only if clearly convinced of the table result
    (79B3); in 2007 he rules under 79C or Law 87 (2007 Law 79B2, no B3). Called during the
    round he rules the score (79B2). The form offers the two times with their laws, during
    the round first; the Director's 6 tricks are then the result."""
    page = played_to_the_end(director, edition)
    form_page = director.get(f"{page}?entry=tricks_disputed").text
    assert "When the Director was called" in form_page
    assert 'name="when" value="during_round" checked' in form_page
    assert 'name="when" value="after_round"' in form_page
    after = "Law 79B2" if edition == "2007" else "Law 79B3"
    assert f'After the round <span class="law">{after}</span>' in form_page
    assert 'name="when" value="after_play"' not in form_page  # not the revoke's times
    assert 'name="against"' not in form_page  # Law 79B names no offender
    form = {"do": "report", "detail": "tricks_disputed", "seat": "N", "when": when}
    answer = director.post(page, data=form)
    assert answer.status_code == 303, answer.text
    ruling = page.rsplit("/", 1)[1]
    state = director.get(f"/api/director/rulings/{ruling}").json()["state"]
    assert state["error"] is None
    assert state["pending"]["law"] == "79B"
    assert state["pending"]["question"].startswith(question)
    assert state["rulings"][-1]["laws"] == laws
    kept = director.get(f"{page}/record.json").json()["actions"][-1]
    expected: dict[str, Any] = {"seat": "N", "report": "tricks_disputed"}
    if when == "after_round":
        expected["details"] = {"after_round": True}
    assert kept == expected
    assert director.post(page, data={"do": "tricks", "tricks": "6"}).status_code == 303
    final = director.get(f"/api/director/rulings/{ruling}").json()["state"]
    assert (final["pending"], final["result"]) == (None, 6)


def entered(director: TestClient, actions: list[dict[str, Any]], edition: str = "2017") -> str:
    """Board 1 of the records' deal with ``actions`` (calls and cards) entered with the
    forms; the page of the ruling."""
    from tests.rulings.test_pinned_engine import DEAL

    page = start(director, board="1", edition=edition, deal=DEAL)
    for action in actions:
        if "call" in action:
            form = {"do": "call", "seat": action["seat"], "call": action["call"]}
        else:
            form = {"do": "card", "card": f"{action['seat']} {action['card']}"}
        assert director.post(page, data=form).status_code == 303, action
    return page


def ruled(director: TestClient, page: str) -> dict[str, Any]:
    ruling = page.rsplit("/", 1)[1]
    state: dict[str, Any] = director.get(f"/api/director/rulings/{ruling}").json()["state"]
    assert state["error"] is None
    return state


@pytest.mark.parametrize(
    ("edition", "law", "called"), [("2017", "13C", "13B"), ("2007", "13F", "13A")]
)
def test_a_surplus_card_from_the_wrong_number_form(
    director: TestClient, edition: str, law: str, called: str
) -> None:
    """Law 13C (2007 Law 13F) from the Director's form: East has bid 1NT when South reports a
    hand with a wrong number of cards. A surplus card not part of the deal is removed and
    the auction goes on with no rectification; a hand with too many cards (another too
    few) after a call asks whether the deal can be corrected and played (Law 13B; 2007
    Law 13A). The form
    names the field for the player with the wrong hand "The offender"."""
    page = entered(director, [{"seat": "N", "call": "Pass"}, {"seat": "E", "call": "1NT"}], edition)
    form_page = director.get(f"{page}?entry=wrong_number").text
    assert "The offender" in form_page
    assert ">Against<" not in form_page
    assert 'name="cards" value="too_many" checked' in form_page
    assert f'A surplus card, not part of the deal <span class="law">Law {law}</span>' in form_page
    form = {"do": "report", "detail": "incorrect_number_of_cards", "seat": "S", "against": "E"}
    answer = director.post(page, data={**form, "cards": "surplus"})
    assert answer.status_code == 303, answer.text
    state = ruled(director, page)
    assert state["rulings"][-1]["laws"] == [law]
    assert state["pending"] is None
    assert state["phase"] == "auction"
    kept = director.get(f"{page}/record.json").json()["actions"][-1]
    assert kept == {"seat": "S", "report": "incorrect_number_of_cards", "against": "E",
                    "details": {"surplus": True}}  # fmt: skip
    # The other answer, on a fresh table: a call was made with too many cards (Law 13B).
    page = entered(director, [{"seat": "N", "call": "Pass"}, {"seat": "E", "call": "1NT"}], edition)
    assert director.post(page, data={**form, "cards": "too_many"}).status_code == 303
    state = ruled(director, page)
    assert state["pending"]["law"] == called
    assert "details" not in director.get(f"{page}/record.json").json()["actions"][-1]


@pytest.mark.parametrize(
    ("found", "laws"),
    [
        ("played", ["14B1", "67"]),
        ("elsewhere", ["14B2", "14B3", "14B4", "14C"]),
        ("not_found", ["14B2", "14B3", "14B4", "14C"]),
    ],
)
def test_where_a_missing_card_was_found(director: TestClient, found: str, laws: list[str]) -> None:
    """Law 14B from the Director's form: after South's opening lead North reports that West's
    hand is a card short. Found among the played cards, Law 67 applies (14B1); found
    elsewhere it is restored (14B2), and if it cannot be found the deal is reconstructed
    (14B3); either way it is deemed to have been in the hand throughout (14B4). The form
    asks where it was found only once the opening lead is faced (before it Law 14A applies
    whatever the answer)."""
    calls = [{"seat": "N", "call": "Pass"}, {"seat": "E", "call": "1NT"}]
    one_nt = [*calls, *({"seat": seat, "call": "Pass"} for seat in "SWN")]
    for before_the_lead in (calls, one_nt):
        page = entered(director, before_the_lead)
        assert 'name="found"' not in director.get(f"{page}?entry=missing_card").text
    page = entered(director, [*one_nt, {"seat": "S", "card": "H7"}])
    form_page = director.get(f"{page}?entry=missing_card").text
    assert "Where the card was found" in form_page
    assert 'name="found" value="elsewhere" checked' in form_page
    assert 'Among the played cards <span class="law">Law 14B1</span>' in form_page
    assert "The offender" in form_page
    form = {"do": "report", "detail": "missing_card", "seat": "N", "against": "W", "found": found}
    assert director.post(page, data=form).status_code == 303
    assert ruled(director, page)["rulings"][-1]["laws"] == laws
    kept = director.get(f"{page}/record.json").json()["actions"][-1]
    assert kept == {"seat": "N", "report": "missing_card", "against": "W",
                    "details": {"found": found}}  # fmt: skip


def test_the_player_a_wrong_explanation_concerns_keeps_its_label(director: TestClient) -> None:
    """Laws 20F, 21B and 16B: on the misinformation and unauthorized information forms the
    field names the player the report concerns, not an offender found by the Director."""
    page = start(director, board="3")
    for key in ("misinformation", "unauthorized"):
        form_page = director.get(f"{page}?entry={key}").text
        assert "<legend>Against</legend>" in form_page
        assert "The offender" not in form_page
