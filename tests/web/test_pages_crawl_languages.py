"""Every page a Director reaches speaks the reader's language (issue 17, "keeping it
complete"): the Director's desk and console, the session management pages, the club evening's
pages, the robots' system card and every page linked from them.

The test does not list pages one by one: it starts from a few entry pages, follows every
link to a page of the server (so pages added later are read too) and asks each one with
``?lang=XX``; no page may show an English catalog message in its visible text (see
tests/untranslated.py for the allowed exceptions).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.services.access import AccessStore
from dupbridge.store import make_engine, upgrade
from dupbridge.web.app import create_app
from tests.untranslated import untranslated
from tests.web.conftest import settings_for

LANGUAGES = ("pl", "sv", "lv", "et", "ru")
DIRECTOR, PASSWORD = "Dora", "a long director password"
#: Links that are not pages to read: files, the JSON API, event streams, signing out.
SKIP = re.compile(
    r"\.(pdf|json|csv|pbn|xml|txt|js|css|png|svg|ico)$|/api/|/events|/signout|/export/"
)
HREF = re.compile(r'href="(/[^"#?]*)')
MOST = 120  # pages read at most (a bound on the crawl, far above today's count)


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("crawl")
    url = f"sqlite:///{folder / 'tables.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    AccessStore(engine).add_director(DIRECTOR, PASSWORD)
    engine.dispose()
    app = create_app(
        settings_for(url, robot_pace=0.0, robot_level="basic", results_dir=str(folder / "results"))
    )
    with TestClient(app, follow_redirects=False) as client:
        yield client


def entry_pages(web: TestClient) -> list[str]:
    """Sign the Director in, start a session of four pairs and open a club evening; the
    pages the crawl starts from."""
    answer = web.post("/signin/director", data={"name": DIRECTOR, "password": PASSWORD})
    assert answer.status_code == 303
    answer = web.post(
        "/manage/sessions", data={"name": "Tuesday online", "pin": "2468", "boards_per_round": "1"}
    )
    assert answer.status_code == 303, answer.text
    session = answer.headers["location"].rsplit("/", 1)[1]
    for k in range(1, 5):
        data = {"first": f"Anna {k}", "second": f"Beata {k}"}
        assert web.post(f"/manage/sessions/{session}/pairs", data=data).status_code == 303
    # Started in English: the pages must still name the movement in their reader's language.
    assert web.post(f"/manage/sessions/{session}/start").status_code == 303
    answer = web.post(
        "/club", data={"name": "Wtorek", "family": "howell", "tables": "7", "boards_per_round": 2}
    )
    assert answer.status_code == 303, answer.text
    evening = str(answer.headers["location"]).rsplit("/", 1)[-1]
    return [
        "/",
        "/manage/sessions",
        f"/manage/sessions/{session}",
        f"/sessions/{session}",
        "/director",
        f"/director/sessions/{session}",
        "/club",
        f"/club/{evening}",
        f"/club/{evening}/desk",
        f"/club/{evening}/audit",
        "/robots/system-card",
    ]


def crawl(web: TestClient, start: list[str]) -> dict[str, str]:
    """Every server page reachable from ``start`` by links (English): path -> HTML."""
    found: dict[str, str] = {}
    shapes: set[str] = set()  # one page of each kind: traveller 1 stands for 2 to 26
    queue = list(start)
    while queue and len(found) < MOST:
        path = queue.pop(0)
        shape = re.sub(r"/\d+(?=/|$)", "/#", path)
        if shape in shapes or SKIP.search(path):
            continue
        shapes.add(shape)
        answer = web.get(path)
        if answer.status_code != 200 or "text/html" not in answer.headers["content-type"]:
            assert path not in start, (path, answer.status_code, answer.text[:300])
            continue
        found[path] = answer.text
        queue.extend(link for link in HREF.findall(answer.text) if link not in found)
    return found


@pytest.fixture(scope="module")
def site(web: TestClient) -> dict[str, str]:
    return crawl(web, entry_pages(web))


def test_the_crawl_reaches_the_directors_pages(site: dict[str, str]) -> None:
    """The entry pages and the pages linked from them are read, and in English they show
    catalog messages (so the test below can fail)."""
    assert len(site) >= 12
    for path in ("/manage/sessions", "/robots/system-card", "/director", "/club"):
        assert path in site
    for path, html in site.items():
        assert untranslated(html, "pl"), path


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_speaks_the_language(
    web: TestClient, site: dict[str, str], language: str
) -> None:
    found = {}
    for path in site:
        answer = web.get(f"{path}?lang={language}")
        assert answer.status_code == 200, (path, answer.status_code)
        assert f'lang="{language}"' in answer.text, path
        english = untranslated(answer.text, language)
        if english:
            found[path] = english
    assert {} == found, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_paths_are_pages(site: dict[str, str]) -> None:
    assert all(Path(path).suffix in ("", ".html") for path in site)
