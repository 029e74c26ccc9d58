"""Who may use the Director's console and assistant (issue 16, must show 4): every route
under ``/director`` and ``/api/director``, enumerated from the app, for every role. Only
the Director is let in: anonymous gets 401, every other role 403, and nothing is written."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.web.conftest import SECRET, settings_for

PREFIXES = ("/director", "/api/director")
ROLES = ("anonymous", "player", "kibitzer", "table", "playing_director", "director")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('access') / 'd.sqlite3'}"
    app = create_app(settings_for(url))
    with TestClient(app, follow_redirects=False) as test_client:
        test_client.dupbridge_app = app  # type: ignore[attr-defined]
        yield test_client


def director_routes(client: TestClient) -> list[tuple[str, str]]:
    """Every (method, path) the app serves under the Director's prefixes (its OpenAPI
    description lists every route)."""
    paths = client.dupbridge_app.openapi()["paths"]  # type: ignore[attr-defined]
    return [
        (method.upper(), path)
        for path, operations in sorted(paths.items())
        if path.startswith(PREFIXES)
        for method in sorted(operations)
    ]


def test_the_routes_are_all_found(client: TestClient) -> None:
    routes = director_routes(client)
    assert len(routes) >= 20
    assert ("POST", "/api/director/rulings") in routes
    assert ("GET", "/director/assistant/{ruling_id}") in routes
    assert ("POST", "/api/director/events/{scope}/adjusted") in routes
    assert ("POST", "/api/director/tables/{table_id}/claim-ruling") in routes
    assert ("POST", "/api/director/tables/{table_id}/engine/choose") in routes
    for path in ("adjusted", "revisions", "withdrawals", "robot", "substitute", "penalties"):
        assert ("POST", f"/api/director/sessions/{{session_id}}/{path}") in routes
    assert ("GET", "/api/director/sessions/{session_id}/results") in routes
    assert ("GET", "/api/director/sessions/{session_id}/audit") in routes


@pytest.mark.parametrize("role", ROLES)
def test_only_the_director_is_let_in(client: TestClient, role: str) -> None:
    client.cookies.clear()
    if role != "anonymous":
        client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, role, name=f"someone {role}"))
    for method, path in director_routes(client):
        url = re.sub(r"\{[^}]+\}", "x1", path)
        answer = client.request(method, url, json={}, data=None)
        status = answer.status_code
        if role == "director":
            assert status not in (401, 403), (method, path, status)
        elif role == "anonymous":
            assert status == 401, (method, path, status)
        else:
            assert status == 403, (method, path, status)
    client.cookies.clear()
    client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director"))
    rulings = client.get("/api/director/rulings").json()
    assert all(item["director"] == "A. Director" for item in rulings)


@pytest.mark.parametrize("role", ROLES)
def test_an_override_opens_nothing_but_the_inspector_to_a_playing_director(
    client: TestClient, role: str
) -> None:
    """``override=true`` on every route: the inspector alone lets a playing Director in
    (it answers 404 here: there is no table x1); every other role is refused as before."""
    client.cookies.clear()
    if role != "anonymous":
        client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, role, name=f"someone {role}"))
    inspector = {"/api/director/tables/{table_id}", "/director/tables/{table_id}"}
    for method, path in director_routes(client):
        url = re.sub(r"\{[^}]+\}", "x1", path)
        status = client.request(method, url, params={"override": "true"}, json={}).status_code
        if role == "director":
            assert status not in (401, 403), (method, path, status)
        elif role == "anonymous":
            assert status == 401, (method, path, status)
        elif role == "playing_director" and method == "GET" and path in inspector:
            assert status == 404, (method, path, status)
        else:
            assert status == 403, (method, path, status)
