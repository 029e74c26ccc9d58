"""Signing in and out over HTTP, the role dependency, and the pages' language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from dupbridge.services.access import AccessStore, Principal, Role
from dupbridge.store import make_engine
from dupbridge.web.access import DirectorOnly, require, safe_next
from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE, PrincipalCookies
from tests.web.conftest import SECRET, settings_for


@pytest.fixture
def web(db_url: str) -> Iterator[TestClient]:
    """The app with two guarded test routes, not following redirects."""
    app = create_app(settings_for(db_url))

    @app.get("/test/director")
    async def director_only(principal: DirectorOnly) -> dict[str, str]:
        return {"name": principal.name}

    @app.get("/test/table")
    async def table_only(
        principal: Annotated[Principal, require(Role.TABLE)],
    ) -> dict[str, object]:
        return {"table": principal.number}

    with TestClient(app, follow_redirects=False) as client:
        yield client


@pytest.fixture
def access(web: TestClient, db_url: str) -> AccessStore:
    """The same store the app uses (the app's lifespan has migrated it)."""
    return AccessStore(make_engine(db_url), PasswordHasher(time_cost=1, memory_cost=1024))


def test_a_director_signs_in_and_reaches_a_director_route(
    web: TestClient, access: AccessStore
) -> None:
    access.add_director("Maria", "correct horse")
    assert 401 == web.get("/test/director").status_code
    answer = web.post(
        "/signin/director",
        data={"name": "Maria", "password": "correct horse", "next": "/test/director"},
    )
    assert (303, "/test/director") == (answer.status_code, answer.headers["location"])
    assert {"name": "Maria"} == web.get("/test/director").json()
    assert 403 == web.get("/test/table").status_code
    web.post("/signout")
    web.cookies.clear()
    assert 401 == web.get("/test/director").status_code


def test_a_wrong_password_shows_the_form_again_with_the_reason(
    web: TestClient, access: AccessStore
) -> None:
    access.add_director("Maria", "correct horse")
    answer = web.post("/signin/director", data={"name": "Maria", "password": "nope"})
    assert 401 == answer.status_code
    assert "wrong name or password" in answer.text
    assert AUTH_COOKIE not in answer.cookies


def test_a_player_cannot_reach_a_director_route(web: TestClient, access: AccessStore) -> None:
    access.set_pin("s1", "2468")
    access.register_player("s1", 3, "Ann")
    answer = web.post("/signin/player", data={"session": "s1", "pin": "2468", "number": "3"})
    assert 303 == answer.status_code
    assert 403 == web.get("/test/director").status_code


def test_a_table_device_signs_in(web: TestClient, access: AccessStore) -> None:
    access.set_pin("club", "9999")
    web.post("/signin/table", data={"session": "club", "pin": "9999", "table": "5"})
    assert {"table": 5} == web.get("/test/table").json()


def test_a_link_signs_in_once(web: TestClient, access: AccessStore) -> None:
    access.register_player("s1", 4, "Bo")
    token = access.issue_link("s1", 4)
    assert 303 == web.get(f"/signin/link/{token}").status_code
    web.cookies.clear()
    replay = web.get(f"/signin/link/{token}")
    assert 401 == replay.status_code
    assert "already been used" in replay.text


def test_a_forged_cookie_is_anonymous(web: TestClient) -> None:
    forged = PrincipalCookies("another-secret-entirely").dump(Principal(Role.DIRECTOR, "Eve"))
    web.cookies.set(AUTH_COOKIE, forged)
    assert 401 == web.get("/test/director").status_code
    genuine = PrincipalCookies(SECRET).dump(Principal(Role.DIRECTOR, "Maria"))
    web.cookies.set(AUTH_COOKIE, genuine)
    assert 200 == web.get("/test/director").status_code


@pytest.mark.parametrize(
    ("target", "expected"),
    [("/s/1", "/s/1"), ("//evil.example/x", "/"), ("https://evil.example", "/"), (None, "/")],
)
def test_next_is_a_local_path_only(target: str | None, expected: str) -> None:
    assert expected == safe_next(target)


def test_the_sign_in_page_speaks_the_chosen_language_and_remembers_it(web: TestClient) -> None:
    english = web.get("/signin")
    assert 200 == english.status_code
    assert '<html lang="en">' in english.text
    polish = web.get("/signin?lang=pl")
    assert '<html lang="pl">' in polish.text
    assert "pl" == polish.cookies.get("dupbridge_lang")
    assert '<html lang="pl">' in web.get("/signin").text
    web.cookies.clear()
    swedish = web.get("/signin", headers={"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"})
    assert '<html lang="sv">' in swedish.text
    assert 'href="/signin?lang=ru"' in swedish.text


def test_the_shared_stylesheet_is_served(web: TestClient) -> None:
    answer = web.get("/static/base.css")
    assert 200 == answer.status_code
    assert "--suit-h" in answer.text
