"""The robots' system card in Chromium on a phone: reached from the table page's link (a new
tab), readable at 390 px without sideways scrolling. With ``DUPBRIDGE_SCREENSHOTS=1`` the
screenshot goes to docs/img/robots-system-card-phone.png (docs/online.md shows it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dupbridge.core.seats import Seat
from tests.browser.tablepage import (
    DEAL,
    NO_SIDEWAYS,
    WAIT_MS,
    Board,
    LiveServer,
    screenshot_folder,
    serving,
)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """The app served on 127.0.0.1 for this test."""
    yield from serving(tmp_path)


def test_card_from_the_table_page_on_a_phone(live: LiveServer, phone: Any, tmp_path: Path) -> None:
    """North, a person at a table with three robots, opens the card from his table page: it
    opens in a new tab, lists the opening bids and fits a 390 px phone."""
    board = Board(live, DEAL, robots=["E", "S", "W"])
    phone.goto(board.play_url(Seat.N))
    link = phone.locator("#robots-card")
    link.wait_for(timeout=WAIT_MS)
    assert link.get_attribute("target") == "_blank"
    with phone.context.expect_page(timeout=WAIT_MS) as opened:
        link.click()
    card = opened.value
    card.wait_for_load_state()
    assert card.url.startswith(f"{live.url}/robots/system-card")
    assert card.locator("h1").inner_text().strip() == "Robots' system card"
    openings = card.locator("section", has=card.locator("h2", has_text="Opening bids"))
    assert "1NT" in openings.locator("strong.call").all_inner_texts()
    assert card.evaluate(NO_SIDEWAYS)
    card.get_by_role("link", name="Opening bids").click()  # the contents lead to a section
    card.wait_for_function("location.hash === '#section-2'", timeout=WAIT_MS)
    box = card.locator("#section-2").bounding_box()
    assert box is not None
    assert -2 < box["y"] < 100  # the section's heading is at the top of the screen
    card.screenshot(path=str(screenshot_folder(tmp_path) / "robots-system-card-phone.png"))
