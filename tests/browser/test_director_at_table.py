"""The Director's ruling and message reach the players' table page in Chromium (issue 16):
East disputes North's claim on his page (Laws 68D, 70); the Director sends a message and
awards the tricks from the console's API; East's page shows the message, the ruling in its
log, the board over and the score (Law 77). And the Director's score at a table of a
session (Law 12C2(a)), then its withdrawal, reach the seat's log, in the page's language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from dupbridge.core.seats import Seat
from dupbridge.web.deps import SeatTokens
from dupbridge.web.identity import AUTH_COOKIE
from tests.browser.conftest import DESKTOP
from tests.browser.tablepage import (
    DEAL,
    SECRET,
    WAIT_MS,
    Board,
    LiveServer,
    screenshot_folder,
    serving,
    wait_seq,
    wait_view,
)
from tests.services.director.scripts import role_cookie
from tests.web.protocol import start_session


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """The app served on 127.0.0.1 for this test."""
    yield from serving(tmp_path)


def test_the_directors_ruling_and_message_on_the_players_page(
    live: LiveServer, browser: Any, tmp_path: Path
) -> None:
    board = Board(live, DEAL)
    board.bid("1NT Pass Pass Pass")
    board.post(*board.next_action())  # East's opening lead
    claim = httpx.post(
        f"{live.url}/tables/{board.id}/commands",
        params={"token": board.tokens["N"]},
        json={"type": "claim", "seat": "N", "tricks": 8, "statement": "clubs run",
              "expected_seq": board.seq, "key": "claim"},
        timeout=20,
    )  # fmt: skip
    assert claim.status_code == 200, claim.text
    context = browser.new_context(viewport=DESKTOP)
    director = {AUTH_COOKIE: role_cookie(SECRET, "director", "Maria Nowak")}
    try:
        page = context.new_page()
        page.goto(board.play_url(Seat.E))
        wait_seq(page, claim.json()["last"])
        page.wait_for_selector("#claim-answers:not([hidden])", timeout=WAIT_MS)
        page.click("#claim-reject")
        wait_view(page, "v.phase === 'director'")
        message = httpx.post(
            f"{live.url}/api/director/tables/{board.id}/message",
            json={"text": "I am coming to your table"},
            cookies=director,
            timeout=20,
        )
        assert message.status_code == 201, message.text
        page.wait_for_selector("#chat-log li.director-message", timeout=WAIT_MS)
        head = httpx.get(f"{live.url}/tables/{board.id}/view", timeout=20).json()["seq"]
        console = context.new_page()
        context.add_cookies(
            [{"name": AUTH_COOKIE, "value": director[AUTH_COOKIE], "url": live.url}]
        )
        console.goto(f"{live.url}/director/tables/{board.id}")
        assert console.get_by_role("spinbutton", name="Tricks for the claimer's side in all")
        assert console.get_by_role("button", name="Play continues (the claim is void)")
        console.get_by_role("heading", name="Your ruling at the table").scroll_into_view_if_needed()
        console.screenshot(path=str(screenshot_folder(tmp_path) / "director-claim-ruling.png"))
        console.close()
        ruling = httpx.post(
            f"{live.url}/api/director/tables/{board.id}/claim-ruling",
            json={"tricks": 8, "expected_seq": head},
            cookies=director,
            timeout=20,
        )
        assert ruling.status_code == 201, ruling.text
        wait_view(page, "v.phase === 'finished'")
        page.wait_for_selector("#score-info:not([hidden])", timeout=WAIT_MS)
        log = page.locator("#chat-log").inner_text()
        assert "Maria Nowak" in log
        assert "I am coming to your table" in log
        assert "8 tricks (Law 70)" in log
        assert "N-S" in page.locator("#score-info").inner_text()
        page.screenshot(
            path=str(screenshot_folder(tmp_path) / "director-ruling-at-table.png"), full_page=True
        )
    finally:
        context.close()


def _started_session(live: LiveServer, director: dict[str, str]) -> str:
    """A session of four pairs started by the Director (round 1: two tables)."""
    with httpx.Client(base_url=live.url, cookies=director, timeout=20) as client:
        return start_session(client, "Scores")


def test_the_directors_score_reaches_the_players_log(
    live: LiveServer, browser: Any, tmp_path: Path
) -> None:
    """A board not played (Law 12C2(a)) scored A60/40 from the session console shows in the
    seat's log with the Director's name, the score and the law, in Polish on a Polish page;
    the withdrawal that follows shows too."""
    director = {AUTH_COOKIE: role_cookie(SECRET, "director", "Maria Nowak")}
    session_id = _started_session(live, director)
    base = f"{live.url}/api/director/sessions/{session_id}"
    boards = httpx.get(f"{base}/results", cookies=director, timeout=20).json()["boards"]
    table_id = boards[0]["table_id"]
    token = SeatTokens(SECRET).issue(table_id, Seat.E)
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{live.url}/tables/{table_id}/play?token={token}&lang=pl")
        wait_view(page, "v.phase === 'auction'")
        given = httpx.post(f"{base}/adjusted", cookies=director, timeout=20,
                           json={"table": table_id, "score": "A60/40", "kind": "not_played"})  # fmt: skip
        assert given.status_code == 201, given.text
        line = page.locator("#chat-log li.director-message")
        line.first.wait_for(timeout=WAIT_MS)
        text = line.first.inner_text()
        assert "Maria Nowak" in text
        assert "A60/40" in text
        assert "12C2(a)" in text
        assert "not played" not in text  # the Polish catalog's words, not the English
        withdrawn = httpx.post(f"{base}/withdrawals", cookies=director, timeout=20,
                               json={"table": table_id, "seq": given.json()["seq"]})  # fmt: skip
        assert withdrawn.status_code == 201, withdrawn.text
        page.wait_for_function(
            "document.querySelectorAll('#chat-log li.director-message').length === 2",
            timeout=WAIT_MS,
        )
        assert "A60/40" not in line.nth(1).inner_text()
        assert "Maria Nowak" in line.nth(1).inner_text()
    finally:
        context.close()
