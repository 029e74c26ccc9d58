"""An individual session's results over HTTP (issue 13): after the close, the session page
links the results website, the PBN files and USEBIO 1.2; the website's pages (the ranking by
player, the boards, the players' cards) are served from the session's folder and nothing
outside it is."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from dupbridge.formats import usebio
from dupbridge.services.access import AccessStore
from dupbridge.store import make_engine, upgrade
from dupbridge.web.app import create_app
from tests.web.conftest import settings_for

DIRECTOR, PASSWORD = "Dora", "a long director password"


@pytest.fixture
def web(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app with a Director's account, robots at pace 0, not following redirects; a
    secret file lies beside the sessions' result folders."""
    engine = make_engine(db_url)
    upgrade(engine)
    AccessStore(engine).add_director(DIRECTOR, PASSWORD)
    engine.dispose()
    results = tmp_path_factory.mktemp("results")
    (results / "secret.txt").write_text("not for players")
    app = create_app(
        settings_for(db_url, robot_pace=0.0, robot_level="basic", results_dir=str(results))
    )
    with TestClient(app, follow_redirects=False) as client:
        yield client


def test_a_closed_individual_serves_its_website_and_files(web: TestClient) -> None:
    assert web.post("/signin/director", data={"name": DIRECTOR, "password": PASSWORD}).is_redirect
    answer = web.post(
        "/manage/sessions",
        data={"name": "Robot individual", "pin": "1357", "method": "individual",
              "boards_per_round": "1", "correction_s": "0"},
    )  # fmt: skip
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].rsplit("/", 1)[1]
    for name in ("Ann", "Bob", "Cy"):
        assert web.post(f"/manage/sessions/{session_id}/singles", data={"name": name}).is_redirect
    for number in (1, 2, 3):  # all three are missing: robots play for them
        robot = web.post(f"/manage/sessions/{session_id}/robot", data={"number": str(number)})
        assert robot.status_code == 303
    assert web.post(f"/manage/sessions/{session_id}/start").status_code == 303
    deadline = time.monotonic() + 120
    while "finished, not yet closed" not in web.get(f"/manage/sessions/{session_id}").text:
        assert time.monotonic() < deadline, "the robot individual did not finish"
        time.sleep(0.5)
    assert web.post(f"/manage/sessions/{session_id}/close").status_code == 303

    page = web.get(f"/sessions/{session_id}").text
    base = f"/sessions/{session_id}/results/"
    for name in ("index.html", "play.pbn", "results.pbn", "results.xml"):
        assert f'href="{base}{name}"' in page
    index = web.get(base + "index.html")
    assert index.status_code == 200
    assert "Ann" in index.text
    assert "Robot 5" in index.text
    players = re.findall(r'href="(players/player-\d+\.html)"', index.text)
    assert len(set(players)) == 8
    card = web.get(base + players[0])
    assert card.status_code == 200
    boards = set(re.findall(r'href="\.\./(boards/board-\d+\.html)"', card.text))
    assert boards
    for board in boards:
        assert web.get(base + board).status_code == 200
    xml = web.get(base + "results.xml")
    assert xml.status_code == 200
    read = usebio.loads(xml.content, "results.xml").individual
    assert read is not None
    assert {p.name for p in read.players} >= {"Ann", "Bob", "Cy"}
    # nothing outside the session's folder, nor the folder itself
    outside_paths = ("../secret.txt", "..%2fsecret.txt", "boards/..%2f..%2fsecret.txt",
                     "%2e%2e%2fsecret.txt", "", "boards")  # fmt: skip
    for outside in outside_paths:
        answer = web.get(base + outside)
        assert answer.status_code == 404, outside
        assert "not for players" not in answer.text
