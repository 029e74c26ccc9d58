"""The lobby and the live ranking in Chromium: the demo club of `dupbridge run`, a newcomer
one click from a table with three robots, the robot session's ranking filling in. With
``DUPBRIDGE_SCREENSHOTS=1`` the screenshots go to docs/img (docs/online.md shows them)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import httpx

from tests.browser.conftest import DESKTOP, PHONE
from tests.web.demo_server import DemoServer, demo_server

IMG = Path(__file__).resolve().parents[2] / "docs" / "img"


def _shoot(page: Any, name: str) -> None:
    if os.environ.get("DUPBRIDGE_SCREENSHOTS") == "1":
        IMG.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(IMG / name), full_page=True)


def _with_results(server: DemoServer, boards: int = 3) -> str:
    """The running robot session's id, once its ranking shows ``boards`` boards played."""
    deadline = time.monotonic() + 120
    played: list[int] = []
    while True:
        lobby = httpx.get(f"{server.base}/", timeout=10).text
        found = re.search(r'data-refresh="/sessions/([0-9a-f]+)/ranking"', lobby)
        if found is not None:
            ranking = httpx.get(f"{server.base}/sessions/{found.group(1)}/ranking", timeout=10)
            played = [
                int(n)
                for n in re.findall(r'<td class="num boards-col">(\d+)</td></tr>', ranking.text)
            ]
            if played and max(played) >= boards:
                return found.group(1)
        assert time.monotonic() < deadline, (
            f"the robot session shows {played or 'no'} boards played; the server's log ends: "
            f"{server.log.read_text(errors='replace')[-3000:]}"
        )
        time.sleep(0.5)


def test_lobby_and_live_ranking(browser: Any, tmp_path: Path) -> None:
    with demo_server(tmp_path, pace=0.1) as server:
        session_id = _with_results(server)
        context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
        page = context.new_page()
        page.goto(f"{server.base}/")
        button = page.get_by_role("button", name="Play a board with three robots")
        assert button.is_visible()
        table = page.locator("table.ranking-table")
        assert table.is_visible()
        assert table.locator("tbody tr").count() == 8  # the eight robot pairs
        _shoot(page, "online-lobby.png")
        page.goto(f"{server.base}/sessions/{session_id}")
        assert page.get_by_role("heading", name="Ranking").is_visible()
        assert page.locator("table.ranking-table tbody tr").count() == 8
        _shoot(page, "online-ranking.png")
        # one click: South at a table with three robots
        page.goto(f"{server.base}/")
        page.get_by_role("button", name="Play a board with three robots").click()
        page.wait_for_url(re.compile(r".*/tables/[0-9a-f]+/play\?token=.+"), timeout=10_000)
        page.locator("#table-app").wait_for(timeout=10_000)  # South's seat at the table page
        _shoot(page, "online-robots-table.png")
        context.close()

        phone = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
        phone.goto(f"{server.base}/")
        box = phone.get_by_role("button", name="Play a board with three robots").bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= PHONE["width"]
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], "the lobby scrolls sideways on a phone"
        _shoot(phone, "online-lobby-phone.png")
        phone.context.close()
