"""The online session over HTTP: the lobby, the Director's management behind his role, the
players' sign-in and table links, and bad input from a browser or a script (a forged seat,
a replayed sign-in link, a command after the close, a result change after the correction
period): each gets a clear message and nothing changes."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from dupbridge.services.access import AccessStore
from dupbridge.store import make_engine, upgrade
from dupbridge.web.app import create_app
from tests.web.conftest import settings_for

DIRECTOR, PASSWORD = "Dora", "a long director password"


@pytest.fixture
def web(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app with a Director's account, robots at pace 0, not following redirects."""
    engine = make_engine(db_url)
    upgrade(engine)
    AccessStore(engine).add_director(DIRECTOR, PASSWORD)
    engine.dispose()
    results = tmp_path_factory.mktemp("results")
    app = create_app(
        settings_for(db_url, robot_pace=0.0, robot_level="basic", results_dir=str(results))
    )
    with TestClient(app, follow_redirects=False) as client:
        yield client


def _director(client: TestClient) -> None:
    answer = client.post("/signin/director", data={"name": DIRECTOR, "password": PASSWORD})
    assert answer.status_code == 303


def _session(client: TestClient, pairs: int, **conditions: str) -> str:
    _director(client)
    answer = client.post(
        "/manage/sessions",
        data={"name": "Tuesday online", "pin": "2468", "boards_per_round": "1", **conditions},
    )
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].rsplit("/", 1)[1]
    for k in range(1, pairs + 1):
        answer = client.post(
            f"/manage/sessions/{session_id}/pairs",
            data={"first": f"North {k}", "second": f"South {k}"},
        )
        assert answer.status_code == 303
    return str(session_id)


def test_the_lobby_seats_a_newcomer_with_three_robots_in_one_click(web: TestClient) -> None:
    page = web.get("/")
    assert page.status_code == 200
    assert "Play a board with three robots" in page.text
    answer = web.post("/lobby/play")
    assert answer.status_code == 303
    assert re.fullmatch(r"/tables/[0-9a-f]+/play\?token=\S+", answer.headers["location"])


def test_players_never_reach_a_director_action(web: TestClient) -> None:
    session_id = _session(web, 4)
    web.post("/signout")
    assert web.get("/manage/sessions").status_code == 401
    answer = web.post("/signin/player", data={"session": session_id, "pin": "2468", "number": "3"})
    assert answer.status_code == 303
    for method, path in (
        ("get", "/manage/sessions"),
        ("get", f"/manage/sessions/{session_id}"),
        ("post", f"/manage/sessions/{session_id}/start"),
        ("post", f"/manage/sessions/{session_id}/close"),
        ("post", f"/manage/sessions/{session_id}/pairs"),
        ("post", f"/manage/sessions/{session_id}/correct"),
        ("post", f"/manage/sessions/{session_id}/links"),
    ):
        answer = getattr(web, method)(path)
        assert answer.status_code == 403, (method, path)
        assert "not open to your role" in answer.json()["message"]
    _director(web)
    view = web.get(f"/manage/sessions/{session_id}")
    assert view.status_code == 200
    assert view.text.count("North ") == 4  # nothing was added


def test_a_player_signs_in_by_link_once_and_gets_only_his_own_seat(web: TestClient) -> None:
    session_id = _session(web, 5)
    page = web.post(f"/manage/sessions/{session_id}/links", data={"number": "3"})
    assert page.status_code == 200
    link = re.search(r"/signin/link/([\w-]+)", page.text)
    assert link is not None
    assert web.post(f"/manage/sessions/{session_id}/start").status_code == 303
    web.post("/signout")
    first = web.get(link.group(0))
    assert first.status_code == 303
    replay = web.get(link.group(0))  # the same link again: refused
    assert replay.status_code == 401
    assert "link" in replay.text
    page = web.get(f"/sessions/{session_id}")
    assert page.status_code == 200
    tables = re.findall(r'name="table" value="([0-9a-f]+)"', page.text)
    if not tables:
        assert "You sit out this round" in page.text  # player 3's pair meets the phantom
        return
    mine = web.post(f"/sessions/{session_id}/play", data={"table": tables[0]})
    assert mine.status_code == 303
    assert mine.headers["location"].startswith(f"/tables/{tables[0]}/play?token=")
    # every table of the round that is not his is refused with the reason
    others = set(re.findall(r"/tables/([0-9a-f]+)/watch", page.text)) - set(tables)
    assert others
    forged = web.post(f"/sessions/{session_id}/play", data={"table": sorted(others)[0]})
    assert forged.status_code == 403
    assert "has no seat at table" in forged.text


def test_after_the_close_commands_and_late_corrections_are_refused(web: TestClient) -> None:
    session_id = _session(web, 3, correction_s="0")
    for number in range(1, 7):
        assert (
            web.post(
                f"/manage/sessions/{session_id}/robot", data={"number": str(number)}
            ).status_code
            == 303
        )
    assert web.post(f"/manage/sessions/{session_id}/start").status_code == 303
    deadline = time.monotonic() + 90
    while "finished, not yet closed" not in web.get(f"/manage/sessions/{session_id}").text:
        assert time.monotonic() < deadline, "the robot session did not finish"
        time.sleep(0.5)
    assert web.post(f"/manage/sessions/{session_id}/close").status_code == 303
    page = web.get(f"/sessions/{session_id}")
    assert "/results/results.xml" in page.text
    assert web.get(f"/sessions/{session_id}/results/results.xml").status_code == 200
    assert web.get(f"/sessions/{session_id}/results/../../etc/passwd").status_code == 404
    before = web.get(f"/manage/sessions/{session_id}").text
    late = web.post(
        f"/manage/sessions/{session_id}/pairs", data={"first": "Late", "second": "Comer"}
    )
    assert late.status_code == 410
    assert "is closed" in late.text
    table = re.search(r'name="table" value="([0-9a-f]+)"', before)
    if table is not None:
        corrected = web.post(
            f"/manage/sessions/{session_id}/correct",
            data={"table": table.group(1), "outcome": "A60/A40"},
        )
        assert corrected.status_code == 409
        assert "Law 79C" in corrected.text
    again = web.post(f"/manage/sessions/{session_id}/clock", data={
        "seconds_per_board": "60", "warning_s": "10", "overtime": "finish", "unstarted": "score",
        "timeout_score": "A-/A-"})  # fmt: skip
    assert again.status_code == 410
    assert web.get(f"/manage/sessions/{session_id}").text == before


def test_a_team_session_takes_teams_of_four(web: TestClient) -> None:
    _director(web)
    answer = web.post(
        "/manage/sessions", data={"name": "Teams", "pin": "1357", "method": "teams-vp"}
    )
    session_id = answer.headers["location"].rsplit("/", 1)[1]
    names = {"names": [f"Player {i}" for i in range(1, 5)]}
    assert web.post(f"/manage/sessions/{session_id}/teams", data=names).status_code == 303
    pair = web.post(f"/manage/sessions/{session_id}/pairs", data={"first": "A", "second": "B"})
    assert pair.status_code == 409
    assert "team event" in pair.text
    page = web.get(f"/manage/sessions/{session_id}")
    assert "Player 4" in page.text
    assert "1–4" in page.text  # the team's four player numbers


def test_an_individual_session_enters_players_and_ranks_players(web: TestClient) -> None:
    """The Director offers "individual"; each entry is one player (Law 4), robots take the
    empty places and the missing players, and the ranking lists players."""
    _director(web)
    form = web.get("/manage/sessions")
    assert 'value="individual"' in form.text
    answer = web.post(
        "/manage/sessions",
        data={"name": "Individual", "pin": "1357", "method": "individual", "ranking": "live"},
    )
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].rsplit("/", 1)[1]
    page = web.get(f"/manage/sessions/{session_id}")
    assert "Enter a player" in page.text
    for name in ("Ann", "Bob", "Cy"):
        entered = web.post(f"/manage/sessions/{session_id}/singles", data={"name": name})
        assert entered.status_code == 303
    pair = web.post(f"/manage/sessions/{session_id}/pairs", data={"first": "A", "second": "B"})
    assert pair.status_code == 409
    assert "individual event" in pair.text
    for number in (1, 2, 3):  # all three are missing: robots play for them
        robot = web.post(f"/manage/sessions/{session_id}/robot", data={"number": str(number)})
        assert robot.status_code == 303
    assert web.post(f"/manage/sessions/{session_id}/start").status_code == 303
    page = web.get(f"/manage/sessions/{session_id}")
    assert "Robot 5" in page.text  # robots fill places 4 to 8 of the two-table individual
    give_up = time.monotonic() + 30
    while True:
        ranking = web.get(f"/sessions/{session_id}/ranking")
        assert ranking.status_code == 200
        if len(re.findall(r"\d+\.\d\d%", ranking.text)) == 8:  # both tables' first board
            break
        assert time.monotonic() < give_up, "the individual's first round did not finish in time"
        time.sleep(0.2)
    assert re.search(r'<th scope="col" class="num">Player</th>', ranking.text)
    session_page = web.get(f"/sessions/{session_id}")
    assert "Robot 5" in session_page.text  # the session's page ranks the players by name


def test_the_management_pages_robot_and_substitute_are_entries_of_the_session_log(
    web: TestClient,
) -> None:
    """A robot for player 3 and a substitute for player 2 from the management page are the
    Director's entries of the session's log, with his name (docs/director.md); a substitute
    for a player the session does not have is refused with the reason (409) and nothing is
    entered."""
    session_id = _session(web, 2)
    refused = web.post(
        f"/manage/sessions/{session_id}/substitute", data={"number": "9", "name": "Ewa"}
    )
    assert 409 == refused.status_code
    assert "there is no player 9" in refused.text
    robot = web.post(f"/manage/sessions/{session_id}/robot", data={"number": "3"})
    assert 303 == robot.status_code
    sub = web.post(f"/manage/sessions/{session_id}/substitute", data={"number": "2", "name": "Ewa"})
    assert 303 == sub.status_code
    audit = web.get(f"/api/director/sessions/{session_id}/audit").json()
    assert [("robot", DIRECTOR), ("substitute", DIRECTOR)] == [
        (item["kind"], item["director"]) for item in audit
    ]
