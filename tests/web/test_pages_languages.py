"""The server's main pages in each language speak that language (issue 17, "keeping it
complete"): sign-in, the lobby, a table's play page, the club join page and the Director's
assistant start page, asked for with ``?lang=XX``, show no English catalog message in their
visible text (see tests/untranslated.py for the allowed exceptions)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import role_cookie
from tests.untranslated import untranslated, untranslated_text
from tests.web.conftest import DEAL, SECRET, settings_for
from tests.web.protocol import create

LANGUAGES = ("pl", "sv", "lv", "et", "ru")
#: The table page's texts for its JavaScript (see web/routers/table_texts.py).
SCRIPT_TEXTS = re.compile(r'<script type="application/json" id="i18n">(.*?)</script>', re.S)


def strings(value: Any) -> list[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):  # the placeholders' names are not text
        return [re.sub(r"\{\w*\}", " ", value)]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def english_on(answer_text: str, language: str) -> list[str]:
    """English catalog messages in the page's visible text or in its script texts."""
    found = set(untranslated(answer_text, language))
    for block in SCRIPT_TEXTS.findall(answer_text):
        found.update(untranslated_text("\n".join(strings(json.loads(block))), language))
    return sorted(found)


def fetch(web: TestClient, path: str, cookies: dict[str, str], language: str) -> str:
    web.cookies.clear()
    for key, value in cookies.items():
        web.cookies.set(key, value)
    joiner = "&" if "?" in path else "?"
    answer = web.get(f"{path}{joiner}lang={language}")
    assert answer.status_code == 200, (path, answer.status_code, answer.text[:300])
    return answer.text


@pytest.fixture
def web(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(db_url)), follow_redirects=False) as client:
        yield client


def pages(web: TestClient) -> dict[str, tuple[str, dict[str, str]]]:
    """The pages to read: name -> (path, cookies)."""
    created = create(web, DEAL)
    token = created["seats"]["S"]
    director = {AUTH_COOKIE: role_cookie(SECRET, "director", "Maria Nowak")}
    web.cookies.set(AUTH_COOKIE, director[AUTH_COOKIE])
    answer = web.post(
        "/club", data={"name": "Wtorek", "family": "howell", "tables": "7", "boards_per_round": 2}
    )
    assert 303 == answer.status_code, answer.text
    evening_id = str(answer.headers["location"]).rsplit("/", 1)[-1]
    return {
        "sign-in": ("/signin", {}),
        "lobby": ("/", {}),
        "table": (f"/tables/{created['table']}/play?token={token}", {}),
        "club join": (f"/club/{evening_id}/join", {}),
        "director home": ("/director", director),
        "assistant": ("/director/assistant", director),
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_main_pages_have_no_english(web: TestClient, language: str) -> None:
    """The pages' visible text (headings, forms, buttons, titles) is in ``language``."""
    found = {}
    for name, (path, cookies) in pages(web).items():
        text = fetch(web, path, cookies, language)
        assert f'lang="{language}"' in text, name
        english = untranslated(text, language)
        if english:
            found[name] = english
    assert {} == found


@pytest.mark.parametrize("language", LANGUAGES)
def test_table_script_texts_have_no_english(web: TestClient, language: str) -> None:
    """The texts the table page's JavaScript shows (claims, tricks taken, cards held) are in
    ``language`` too."""
    path, cookies = pages(web)["table"]
    assert [] == english_on(fetch(web, path, cookies, language), language)


def test_the_check_sees_english_pages(web: TestClient) -> None:
    """In English every one of these pages shows catalog messages, so the test above can
    fail (and the table page's script texts are read)."""
    for name, (path, cookies) in pages(web).items():
        text = fetch(web, path, cookies, "en")
        assert untranslated(text, "pl"), name
        if name == "table":
            assert SCRIPT_TEXTS.search(text), "the table page's texts moved"
            assert english_on(text, "pl") != untranslated(text, "pl")
