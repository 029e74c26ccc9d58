"""The results website in Chromium: phone first, no sideways scrolling, JavaScript off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def pages(sites: dict[str, Path]) -> list[Path]:
    pairs, teams = sites["pairs"], sites["teams"]
    return [
        pairs / "index.html",
        pairs / "boards" / "board-1.html",
        pairs / "pairs" / "pair-1-ns.html",
        teams / "index.html",
        teams / "boards" / "board-1.html",
        next(iter(sorted((teams / "matches").iterdir()))),
        teams / "pairs" / "pair-1.html",
    ]


class TestPhone:
    def test_ranking_percentage_in_view(self, phone: Any, sites: dict[str, Path]) -> None:
        """At 390 px the ranking shows place, pair, names and percentage, the percentage
        column wholly inside the viewport."""
        phone.goto((sites["pairs"] / "index.html").as_uri())
        table = phone.locator(".ranking-table").first
        headers = [text.strip() for text in table.locator("thead th:visible").all_inner_texts()]
        assert ["Place", "Pair", "Names", "%"] == headers
        for cell in table.locator("td.percent").all():
            box = cell.bounding_box()
            assert box is not None
            assert 0 <= box["x"]
            assert box["x"] + box["width"] <= 390
            assert cell.inner_text().strip()

    @pytest.mark.parametrize("index", range(7))
    def test_no_sideways_scroll(self, phone: Any, sites: dict[str, Path], index: int) -> None:
        """No page scrolls sideways on a 390 px phone (ranking, board, score card, teams)."""
        page = pages(sites)[index]
        phone.goto(page.as_uri())
        assert phone.evaluate(NO_SIDEWAYS), page.name

    def test_traveller_figures_on_phone(self, phone: Any, sites: dict[str, Path]) -> None:
        """A phone's traveller keeps what players look for: contract, score and both
        percentages; the lead and the matchpoints wait for a wider screen."""
        phone.goto((sites["pairs"] / "boards" / "board-1.html").as_uri())
        headers = phone.locator(".traveller-table thead th:visible").all_inner_texts()
        assert ["NS", "EW", "Contract", "Score", "% NS", "% EW"] == [h.strip() for h in headers][:6]
        phone.set_viewport_size({"width": 1280, "height": 800})
        wide = [
            h.strip() for h in phone.locator(".traveller-table thead th:visible").all_inner_texts()
        ]
        assert {"Lead", "MP NS", "MP EW", "Score NS", "Score EW"} <= set(wide)
        assert "Score" not in wide

    def test_score_card_on_phone(self, phone: Any, sites: dict[str, Path]) -> None:
        """A score card on a phone: board, contract, result, score and percentage."""
        phone.goto((sites["pairs"] / "pairs" / "pair-1-ns.html").as_uri())
        headers = [
            h.strip() for h in phone.locator(".card-table thead th:visible").all_inner_texts()
        ]
        assert ["Board", "Contract", "By", "Result", "Score", "%"] == headers


class TestWithoutJavaScript:
    def test_pages_work(self, no_script: Any, sites: dict[str, Path]) -> None:
        """With JavaScript off the ranking, travellers and the auction and play record are
        all there; only the replay is missing."""
        no_script.goto((sites["pairs"] / "boards" / "board-1.html").as_uri())
        assert no_script.locator(".traveller-table tbody tr").count() == 3
        link = no_script.locator("a.play-link").first
        link.click()
        viewer = no_script.locator(".viewer:target")
        assert viewer.is_visible()
        assert viewer.locator("table.auction").is_visible()
        assert viewer.locator("table.tricks").is_visible()
        assert not viewer.locator(".replay").is_visible()


class TestServed:
    def test_served_from_localhost(self, desktop: Any, sites: dict[str, Path], serve: Any) -> None:
        """The same pages work from a web server (bound to 127.0.0.1)."""
        base = serve(sites["teams"])
        assert base.startswith("http://127.0.0.1:")
        desktop.goto(base + "index.html")
        assert desktop.locator(".cross-table").is_visible()
        desktop.locator(".cross-table td a").first.click()
        assert "/matches/" in desktop.url
        assert desktop.locator(".match-table").is_visible()


class TestPrint:
    def test_one_board_per_page_and_outlined_red_suits(
        self, desktop: Any, sites: dict[str, Path]
    ) -> None:
        """Printed, a board starts a new page after it, and red suit symbols are outlined
        (a stroke, transparent-looking fill) so that black-and-white prints tell them apart."""
        desktop.goto((sites["pairs"] / "boards" / "board-1.html").as_uri())
        desktop.emulate_media(media="print")
        style = desktop.evaluate(
            """() => { const s = getComputedStyle(document.querySelector('.diagram .sym.red'));
                       const b = getComputedStyle(document.querySelector('article.board'));
                       const n = getComputedStyle(document.querySelector('nav.pager'));
                       return [s.webkitTextStrokeWidth, s.color, b.breakAfter, n.display]; }"""
        )
        stroke, colour, after, nav = style
        assert stroke not in ("0px", "")
        assert "rgb(255, 255, 255)" == colour
        assert "page" == after
        assert "none" == nav
        desktop.emulate_media(media="screen")
        colour_screen = desktop.evaluate(
            "getComputedStyle(document.querySelector('.diagram .sym.red')).color"
        )
        assert "rgb(192, 24, 43)" == colour_screen
