"""The robots' system card as a page (Laws 40A1, 40B2: opponents may know the agreements):
generated from the rules, in the visitor's language, linked from the table page wherever a
robot sits."""

from __future__ import annotations

import html
import re
import time
from pathlib import Path

from fastapi.testclient import TestClient

from dupbridge.i18n import _, use_language
from dupbridge.robots.bidding import system_card
from dupbridge.robots.bidding.engine import FAMILIES
from dupbridge.robots.bidding.rules import Family
from dupbridge.store import EventStore
from dupbridge.web.app import create_app
from tests.web.conftest import DEAL, settings_for
from tests.web.protocol import create

_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _hcp(family: Family) -> str:
    """The HCP range a rule states, as the card words it."""
    low, high = family.hcp
    if high >= 37:
        return f"{low}+ HCP"
    if low == 0:
        return f"at most {high} HCP"
    if low == high:
        return f"{low} HCP"
    return f"{low}-{high} HCP"


def _shown_call(family: Family) -> str:
    """A rule's call as the card shows it: ``1{a}`` as ``1x``, ``2C`` as ``2♣``, ``1N`` as
    ``1NT``."""
    call = family.call.replace("{a}", "x").replace("{b}", "y").replace("{c}", "z")
    if len(call) == 2 and call[1] in _SYMBOLS:
        return call[0] + _SYMBOLS[call[1]]
    if len(call) == 2 and call[1] == "N":
        return call + "T"
    return call


def _section(page: str, title: str) -> list[tuple[str, str]]:
    """(call, meaning) of each line of the section ``title`` of the page."""
    text = html.unescape(page)  # the card's texts hold no markup
    start = text.index(f">{title}</h2>")
    end = text.find("</section>", start)
    items = re.findall(
        r'<li><strong class="call">(.*?)</strong> <span class="meaning">(.*?)</span></li>',
        text[start:end],
    )
    return [(call, meaning) for call, meaning in items]


def test_the_card_lists_the_openings_from_the_rules(client: TestClient) -> None:
    """Every opening bid of the rules is on the page, each with the HCP range its rule states
    (1NT's range among them), in the order the robots try them."""
    answer = client.get("/robots/system-card?lang=en")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    page = answer.text
    openings = [f for f in FAMILIES if f.section == "Opening bids" and not f.pattern]
    assert any(_shown_call(f) == "1NT" for f in openings)
    lines = _section(page, "Opening bids")
    assert len(lines) == len(openings)
    for family, (call, meaning) in zip(openings, lines, strict=True):
        assert call == _shown_call(family)
        if family.hcp != (0, 37):
            assert _hcp(family) in meaning, (call, meaning)
    # Every section of the rules has its heading, and every rule its line.
    sections = {f.section for f in FAMILIES}
    assert sum(len(_section(page, title)) for title in sections) == len(FAMILIES)
    assert "Stayman" in page
    assert "RKCB" in page


def test_the_card_in_polish(client: TestClient) -> None:
    """?lang=pl: the page and the card's own texts are in Polish, from the catalogs."""
    page = html.unescape(client.get("/robots/system-card?lang=pl").text)
    assert '<html lang="pl">' in page
    english = system_card().splitlines()[0]
    with use_language("pl"):
        intro = system_card().splitlines()[0]
        heading = _("Opening bids")
    assert intro != english
    assert intro in page
    assert f">{heading}</h2>" in page
    assert english not in page
    # The language is remembered: the next visit without ?lang= is in Polish too.
    assert '<html lang="pl">' in client.get("/robots/system-card").text


def test_the_table_page_links_to_the_card_where_robots_sit(db_url: str, tmp_path: Path) -> None:
    """A seat's page and a kibitzer's page at a table with robots link to the card (a new
    tab, in the page's language); a table of four persons has no such link."""
    app = create_app(settings_for(db_url, robot_pace=0.0, robot_level="basic"))
    with TestClient(app) as client:
        with_robots = create(client, DEAL, robots=["E", "W"])
        table, token = with_robots["table"], with_robots["seats"]["N"]
        for url in (f"/tables/{table}/play?token={token}&lang=pl", f"/tables/{table}/watch"):
            page = client.get(url).text
            link = re.search(r'<a id="robots-card" href="([^"]+)" target="_blank"', page)
            assert link is not None, url
            lang = re.search(r'<html lang="(\w+)">', page)
            assert lang is not None
            assert link.group(1) == f"/robots/system-card?lang={lang.group(1)}"
            assert client.get(link.group(1)).status_code == 200
        people = create(client, DEAL)
        page = client.get(f"/tables/{people['table']}/play?token={people['seats']['N']}").text
        assert 'id="robots-card"' not in page
        assert "/robots/system-card" not in page


def test_the_link_shows_whichever_process_runs_the_robots(db_url: str, stored: EventStore) -> None:
    """Laws 40A1, 40B2: the robots log where they sit (``RobotSeated``), so a second server
    process on the same database, whose own robots play no seat of the table, links the card
    on the table page too; a table of four persons logs no robot."""
    settings = settings_for(db_url, robot_pace=0.0, robot_level="basic")
    with TestClient(create_app(settings)) as runner, TestClient(create_app(settings)) as other:
        made = create(runner, DEAL, robots=["E", "W"])
        table, token = made["table"], made["seats"]["N"]
        deadline = time.monotonic() + 10
        while True:
            seated = {
                row.payload["seat"] for row in stored.events(table) if row.kind == "RobotSeated"
            }
            if seated == {"E", "W"} or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        assert seated == {"E", "W"}
        page = other.get(f"/tables/{table}/play?token={token}&lang=pl").text
        assert 'id="robots-card"' in page
        assert "/robots/system-card?lang=pl" in page
        people = create(runner, DEAL)
        assert not [row for row in stored.events(people["table"]) if row.kind == "RobotSeated"]
        page = other.get(f"/tables/{people['table']}/play?token={people['seats']['N']}").text
        assert 'id="robots-card"' not in page
