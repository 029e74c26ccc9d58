"""The Director's API answers a refused step through the app's one mapping of errors
(``dupbridge.web.errors.director_body``), with the shape the routes gave before it:
``{"detail", "law"}``; an unknown ruling 404, a step on a stale view 409, anything else
refused 422 (with the law when one applies); nothing is entered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from dupbridge.web.app import create_app
from dupbridge.web.errors import DIRECTOR_MAPPED
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.web.conftest import DEAL, SECRET, settings_for


@pytest.fixture
def director(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(db_url)), follow_redirects=False) as client:
        client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director"))
        yield client


def test_the_handlers_are_installed_once_for_the_app(director: TestClient) -> None:
    handlers = director.app.exception_handlers  # type: ignore[attr-defined]
    assert all(kind in handlers for kind in DIRECTOR_MAPPED)


def test_unknown_ruling_404(director: TestClient) -> None:
    for path in ("", "/record", "/log"):
        answer = director.get(f"/api/director/rulings/nope{path}")
        assert answer.status_code == 404
        assert answer.json() == {"detail": "there is no ruling 'nope'", "law": None}
    answer = director.post("/api/director/rulings/nope/undo")
    assert answer.status_code == 404


def test_stale_step_409_and_nothing_entered(director: TestClient) -> None:
    view = director.post("/api/director/rulings", json={"board": 1}).json()
    base = f"/api/director/rulings/{view['id']}"
    entered = director.post(
        f"{base}/actions", json={"action": {"seat": "N", "call": "1C"}, "step": 0}
    )
    assert entered.status_code == 200, entered.text
    again = director.post(
        f"{base}/actions", json={"action": {"seat": "N", "call": "1C"}, "step": 0}
    )
    assert again.status_code == 409
    assert again.json() == {
        "detail": "the ruling has moved on since step 0: nothing was entered",
        "law": None,
    }
    assert len(director.get(f"{base}/record").json()["actions"]) == 1


def test_refused_422_with_the_law(director: TestClient) -> None:
    """Law 27: an insufficient bid; the option named is none of the offender's LHO's."""
    view = director.post("/api/director/rulings", json={"board": 1, "deal": DEAL}).json()
    base = f"/api/director/rulings/{view['id']}"
    for action in ({"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}):
        assert director.post(f"{base}/actions", json={"action": action}).status_code == 200
    wrong = director.post(f"{base}/choose", json={"option": "nonsense"})
    assert wrong.status_code == 422
    body = wrong.json()
    assert set(body) == {"detail", "law"}
    assert body["law"].startswith("27")
    assert "'nonsense' is not one of the options" in body["detail"]
    nothing = director.post(f"{base}/answer", json={"yes": True})
    assert nothing.status_code == 422
    assert nothing.json()["law"] is None


def test_scores_errors_422(director: TestClient) -> None:
    answer = director.get("/api/director/events/nowhere")
    assert answer.status_code == 422
    assert answer.json() == {"detail": "no event 'nowhere' is open on the console", "law": None}
    posted = director.post(
        "/api/director/events/nowhere/penalties", json={"pair": 1, "points": "-1", "law": "90"}
    )
    assert posted.status_code == 422
    assert "nowhere" in posted.json()["detail"]
