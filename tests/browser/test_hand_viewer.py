"""The hand viewer: the auction and a card-by-card replay, by mouse and by keyboard."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def open_viewer(page: Any, sites: dict[str, Path]) -> Any:
    page.goto((sites["pairs"] / "boards" / "board-1.html").as_uri())
    page.locator("a.play-link").first.click()
    return page.locator(".viewer:target")


def data(viewer: Any) -> dict[str, Any]:
    return json.loads(viewer.locator("script.viewer-data").text_content())


class TestReplay:
    def test_buttons_have_names(self, desktop: Any, sites: dict[str, Path]) -> None:
        """The four buttons carry accessible names; at the start only the forward ones work."""
        viewer = open_viewer(desktop, sites)
        for name in ("First card", "Previous card", "Next card", "Last card"):
            assert viewer.get_by_role("button", name=name).count() == 1
        assert viewer.get_by_role("button", name="Previous card").is_disabled()
        assert viewer.get_by_role("button", name="Next card").is_enabled()

    def test_hands_show_hcp(self, desktop: Any, sites: dict[str, Path]) -> None:
        """The replay's four hands carry their high-card points, which add up to 40."""
        viewer = open_viewer(desktop, sites)
        labels = viewer.locator(".rhand .hcp").all_inner_texts()
        assert 4 == len(labels)
        assert 40 == sum(int(text.split()[0]) for text in labels)

    def test_steps_through_the_play(self, desktop: Any, sites: dict[str, Path]) -> None:
        """Each click plays the next card from its player's hand onto the table; after four
        cards the trick's winner is marked and counted for its side."""
        viewer = open_viewer(desktop, sites)
        steps = data(viewer)["steps"]
        first = steps[0]
        hand = viewer.locator(f".rhand.r{first['seat'].lower()}")
        rank = first["card"][1:]
        before = hand.inner_text()
        viewer.get_by_role("button", name="Next card").click()
        trick = viewer.locator(f".played.p{first['seat'].lower()}")
        assert trick.inner_text() == first["card"]
        assert hand.inner_text().count(rank) == before.count(rank) - 1
        for _ in range(3):
            viewer.get_by_role("button", name="Next card").click()
        winner = steps[3]["winner"]
        assert (
            viewer.locator(f".played.p{winner.lower()}").get_attribute("class").endswith("winner")
        )
        side = "N-S 1, E-W 0" if winner in "NS" else "N-S 0, E-W 1"
        assert side in viewer.locator(".rstatus").inner_text()

    def test_keyboard(self, desktop: Any, sites: dict[str, Path]) -> None:
        """Arrow keys step, End shows the end of play, Home goes back before the lead."""
        viewer = open_viewer(desktop, sites)
        replay = viewer.locator(".replay")
        replay.focus()
        desktop.keyboard.press("ArrowRight")
        desktop.keyboard.press("ArrowRight")
        assert viewer.locator(".rtrick").inner_text().count("\n") >= 1
        desktop.keyboard.press("End")
        assert viewer.get_by_role("button", name="Next card").is_disabled()
        total = len(data(viewer)["steps"])
        status = viewer.locator(".rstatus").inner_text()
        assert f"Trick {(total + 3) // 4}" in status
        desktop.keyboard.press("Home")
        assert "Before the opening lead" in viewer.locator(".rstatus").inner_text()
        assert viewer.locator(".rtrick").inner_text().strip() == ""

    def test_auction_matches_the_record(self, desktop: Any, sites: dict[str, Path]) -> None:
        """The auction table lists the calls from the dealer's seat, West first."""
        viewer = open_viewer(desktop, sites)
        cells = [c.strip() for c in viewer.locator("table.auction tbody td").all_inner_texts()]
        calls = [c for c in cells if c]
        assert calls[-3:] == ["Pass", "Pass", "Pass"] or calls == ["Pass"] * 4
        # Board 1: North deals, so West's first cell is empty.
        assert cells[0] == ""
