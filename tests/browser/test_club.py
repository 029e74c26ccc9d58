"""The club evening in Chromium (issue 15, points 4, 6 and 7): a table device in a phone's
viewport enters a round with taps only, the live ranking follows within 2 seconds of a
confirmation, and results entered offline reach the server exactly once. With
``DUPBRIDGE_SCREENSHOTS=1`` the pages are saved to docs/img for docs/club-evening.md."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from argon2 import PasswordHasher

from dupbridge.services.access import AccessStore
from dupbridge.services.club import ClubService, Entry, EveningSetup, State, Submission
from dupbridge.store import make_engine, upgrade
from dupbridge.store.club import ClubStore
from dupbridge.web.app import create_app
from tests.browser.conftest import DESKTOP, PHONE
from tests.conftest import SHARED_DATA
from tests.web.conftest import settings_for
from tests.web.servers import free_port

PIN = "2468"
IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
NAMES = [
    ("Ann Smith", "Bob Jones"), ("Cy Adams", "Di Brown"), ("Ed Clark", "Flo Davis"),
    ("Gus Evans", "Hal Ford"), ("Ivy Green", "Jo Hill"), ("Kim Irwin", "Lou James"),
    ("Max King", "Ned Lane"), ("Olga Moore", "Pat Nash"), ("Quin Owen", "Rosa Park"),
    ("Sam Quill", "Tess Reid"),
]  # fmt: skip


def shoot(page: Any, name: str) -> None:
    """Save a screenshot for the docs when DUPBRIDGE_SCREENSHOTS=1."""
    if os.environ.get("DUPBRIDGE_SCREENSHOTS") == "1":
        IMG.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(IMG / f"club-{name}.png"), full_page=True)


class Running:
    """The app served by uvicorn on 127.0.0.1 in a thread, with its club service."""

    def __init__(self, url: str, service: ClubService, access: AccessStore) -> None:
        self.url, self.service, self.access = url, service, access


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    db_url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    engine = make_engine(db_url)
    upgrade(engine)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings_for(db_url)), host="127.0.0.1", port=port,
                       log_level="warning", lifespan="on")
    )  # fmt: skip
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    access = AccessStore(engine, PasswordHasher(time_cost=1, memory_cost=1024))
    yield Running(f"http://127.0.0.1:{port}", ClubService(ClubStore(engine)), access)
    server.should_exit = True
    thread.join(timeout=10)
    engine.dispose()


def _evening(running: Running) -> str:
    deals = SHARED_DATA / "deal-formats-16boards" / "test.pbn"
    setup = EveningSetup(
        name="Tuesday pairs", family="howell", tables=5, boards_per_round=2,
        deals=deals.read_text(encoding="utf-8") if deals.exists() else "",
        entries=tuple(Entry(n + 1, "", names, ("", "")) for n, names in enumerate(NAMES)),
    )  # fmt: skip
    evening_id = running.service.create(setup, "Maria")
    running.service.set_state(evening_id, State.PLAYING, "Maria")
    running.access.set_pin(evening_id, PIN)
    return evening_id


def _sign_in_table(page: Any, running: Running, evening_id: str, table: int) -> None:
    page.goto(f"{running.url}/club/{evening_id}/join")
    page.locator(f"label.tap:has(input[value='{table}'])").tap()
    page.fill("#pin", PIN)
    shoot(page, "join") if table == 1 else None
    page.tap("form.join button[type=submit]")
    page.wait_for_selector("#board-buttons button", timeout=10_000)


def _enter(page: Any, board: int, contract: str, declarer: str, result: str,
           *, screenshots: bool = False, lead: tuple[str, str] | None = None) -> None:  # fmt: skip
    level, strain = int(contract[0]), contract[1:]
    page.tap(f"#board-buttons button[data-board='{board}']")
    page.tap(f"#levels button[data-level='{level}']")
    page.tap(f"#strains button[data-strain='{strain}']")
    page.tap(f"#declarers button[data-declarer='{declarer}']")
    if lead is not None:
        page.tap(f"#lead-suits button[data-lead-suit='{lead[0]}']")
        page.tap(f"#lead-ranks button[data-lead-rank='{lead[1]}']")
    page.tap(f"#tricks button[data-result='{result}']")
    # Nothing sticks out sideways on the phone: no horizontal scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if screenshots:
        shoot(page, "table-entry")
    page.tap("#check")
    page.wait_for_selector("#confirm-step:not([hidden])", timeout=10_000)
    if screenshots:
        shoot(page, "table-confirm")


def test_a_round_with_taps_only_and_the_live_ranking(browser: Any, running: Running) -> None:
    """Point 6: in a phone-sized context, table 1 enters its round by tapping; each
    confirmation shows on the live ranking page within 2 seconds; the end of the round
    tells each pair its next table and direction, and North where the boards go."""
    evening_id = _evening(running)
    evening = running.service.load(evening_id)
    boards = evening.boards_at(1, 1)
    phone = browser.new_context(
        viewport=PHONE, device_scale_factor=1, has_touch=True, is_mobile=True
    )
    room = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
    try:
        table = phone.new_page()
        _sign_in_table(table, running, evening_id, 1)
        shoot(table, "table-boards")
        live = room.new_page()
        live.goto(f"{running.url}/club/{evening_id}/live")
        for index, board in enumerate(boards):
            _enter(
                table, board, "3NT", "E", "+1", screenshots=index == 0,
                lead=("S", "A") if index == 1 else None,
            )  # fmt: skip
            expected = evening.check(1, 1, Submission(board, "3NT", "E", "+1")).ns_score
            assert f"{expected}" in table.inner_text("#confirm-score")
            confirmed = time.monotonic()
            table.tap("#confirm")
            live.wait_for_function(
                "n => document.querySelector('#ranking .count').textContent.includes(String(n))",
                arg=index + 1,
                timeout=2_000,
            )
            assert time.monotonic() - confirmed < 2.0
        table.wait_for_selector("#end-step:not([hidden])", timeout=5_000)
        shoot(table, "table-round-end")
        end = evening.round_end(1, 1)
        text = table.inner_text("#end-step")
        for instruction in end.pairs:
            assert instruction.text in text
        assert end.boards in text
        assert "North" in table.inner_text("#end-boards")
        shoot(live, "live-ranking")
        stored = running.service.load(evening_id).lines
        assert len(boards) == len(stored)
        assert "SA" == stored[(1, 1, boards[1])].cells["lead"]
        table.tap("#next-round")
        table.wait_for_selector("#boards-step:not([hidden])", timeout=5_000)
        assert "Round 2" in table.inner_text("h1")
    finally:
        phone.close()
        room.close()


def test_offline_entries_are_sent_exactly_once(browser: Any, running: Running) -> None:
    """Point 4: a result confirmed offline waits in the page's queue and is sent when the
    connection returns; when the server's answer is lost, the page sends the same request
    again (same key) and the server stores it once."""
    evening_id = _evening(running)
    evening = running.service.load(evening_id)
    first, second = evening.boards_at(1, 2)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        _sign_in_table(page, running, evening_id, 2)
        context.set_offline(True)
        _enter(page, first, "4S", "N", "=")
        assert "connection returns" in page.inner_text("#confirm-score")
        page.tap("#confirm")
        page.wait_for_selector("#queue-step:not([hidden])", timeout=5_000)
        shoot(page, "table-offline")
        assert not running.service.load(evening_id).lines
        sends: list[str] = []

        def lose_the_answer(route: Any) -> None:
            sends.append(route.request.post_data or "")
            route.fetch()  # the server stores it ...
            if len(sends) == 1:
                route.abort()  # ... and the answer is lost on the way back
            else:
                route.continue_()

        page.route("**/table/results", lose_the_answer)
        context.set_offline(False)
        page.wait_for_function("() => document.getElementById('queue-step').hidden", timeout=15_000)
        assert len(sends) >= 2
        assert len(set(sends)) == 1  # the same request, the same idempotency key
        lines = running.service.load(evening_id).lines
        assert [first] == [line.board for line in lines.values()]
        assert 1 == sum(1 for row in running.service.audit(evening_id) if row.action == "enter")
        page.unroute("**/table/results")
        _enter(page, second, "2H", "S", "-1")
        page.tap("#confirm")
        page.wait_for_selector("#end-step:not([hidden])", timeout=10_000)
        deadline = time.monotonic() + 10
        while len(running.service.load(evening_id).lines) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert 2 == len(running.service.load(evening_id).lines)
    finally:
        context.close()


def _likely(evening: Any, board: int, seed: int) -> Submission:
    # A plausible result: the side with more double-dummy tricks plays its best strain at
    # the level it makes, one trick either way now and then (the screenshots look real).
    info = evening.boards.get(board)
    if info is None or not info.dd_tricks:
        return Submission(board, "3NT", "S", "=+-"[seed % 3] + ("" if seed % 3 == 0 else "1"))
    seat, strain, tricks = max(info.dd_tricks, key=lambda item: (item[2], -item[1]))
    level = max(1, min(7, tricks - 6))
    made = max(0, min(13, tricks + (0, 0, 1, -1)[seed % 4]))
    over = made - level - 6
    letter = "CDHSN"[strain] + ("T" if strain == 4 else "")
    return Submission(board, f"{level}{letter}", seat.letter, "=" if over == 0 else f"{over:+d}")


def test_director_pages_screenshots(browser: Any, running: Running) -> None:
    """The Director's evening page, scoring desk, traveller and audit log render on a
    desktop and show what the evening holds (and are saved for the docs)."""
    running.access.add_director("Maria", "correct horse")
    evening_id = _evening(running)
    evening = running.service.load(evening_id)
    for round in (1, 2, 3, 4):
        for table in evening.movement.tables:
            for board in evening.boards_at(round, table):
                running.service.submit(
                    evening_id, table, round, _likely(evening, board, round + table),
                    key=f"{round}-{table}-{board}", who=f"Table {table}",
                )  # fmt: skip
    play = evening.movement.plays(evening.boards_at(1, 1)[0])[0]
    running.service.correct(
        evening_id, play.table, play.round,
        Submission(play.board, "60% 4SN=; 40% 4SN-1"), who="Maria", note="Law 12C1(c)",
    )  # fmt: skip
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(f"{running.url}/signin?next=/club/{evening_id}")
        page.fill("#d-name", "Maria")
        page.fill("#d-password", "correct horse")
        page.click("form[action='/signin/director'] button[type=submit]")
        page.wait_for_selector("h1:has-text('Tuesday pairs')", timeout=10_000)
        assert "Ann Smith" in page.inner_text("main")
        shoot(page, "director-evening")
        page.goto(f"{running.url}/club/{evening_id}/desk")
        assert "60% 4SN=; 40% 4SN-1" in page.content()
        shoot(page, "director-desk")
        page.goto(f"{running.url}/club/{evening_id}/traveller/{play.board}")
        assert "60% 4SN=; 40% 4SN-1" in page.inner_text("main")
        shoot(page, "traveller")
        page.goto(f"{running.url}/club/{evening_id}/audit")
        assert "Maria" in page.inner_text("main")
        shoot(page, "audit")
        page.goto(f"{running.url}/club")
        shoot(page, "director-home")
    finally:
        context.close()
