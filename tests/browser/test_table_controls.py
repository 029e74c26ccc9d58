"""The table page's other controls in Chromium: undo, chat, the Director, claims accepted,
rejected and a concession; the display options; reconnection after a server restart; and
the page's script writing no word of its own (every text from the catalogs)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from dupbridge.core.calls import parse_call
from dupbridge.core.commands import MakeCall
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.table import Phase
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.tablepage import (
    DEAL,
    UNNAMED,
    WAIT_MS,
    Board,
    LiveServer,
    check_sees_only_its_own,
    click_call,
    expect_turn,
    open_actions,
    serving,
    view_of,
    wait_seq,
    wait_view,
)

#: Every text the page's script drew: text, accessible names and titles in its regions (the
#: regions' own names, and the trick's, are the template's).
DRAWN = """Array.from(document.querySelectorAll(
    '#board-title, #board-info, #contract-info, #tricks-info, #turn-info, #score-info,'
    + ' .felt, #previous-trick, #auction-grid, #bidding-box .bid-row, #selected-call,'
    + ' #review-body'))
  .flatMap(region => region.children.length ? [...region.querySelectorAll('*')] : [region])
  .filter(e => !['trick', 'previous-trick'].includes(e.id))
  .flatMap(e => [e.children.length ? '' : e.textContent,
                 e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])
  .join(' ')"""


#: Before the page's script runs, every catalog text in its i18n block has each Latin
#: letter turned into ``ż`` (placeholders such as ``{seat}`` kept).
DISGUISE = """document.addEventListener('readystatechange', () => {
  const block = document.getElementById('i18n');
  if (document.readyState !== 'interactive' || !block) return;
  const disguise = (v) => typeof v === 'string'
    ? v.split(/(\\{\\w+\\})/).map(p => p.startsWith('{') ? p : p.replace(/[A-Za-z]/g, 'ż')).join('')
    : Array.isArray(v) ? v.map(disguise)
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, disguise(x)])) : v;
  block.textContent = JSON.stringify(disguise(JSON.parse(block.textContent)));
});"""


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """The app served on 127.0.0.1 for this test."""
    yield from serving(tmp_path)


class TestControls:
    def test_undo_chat_director_and_a_claim_through_the_pages(
        self, live: LiveServer, browser: Any
    ) -> None:
        """North takes back 1C with East's consent (Law 25A), South chats, West calls the
        Director (Law 9B1(a)); after 1NT and the opening lead North claims the rest with a
        statement, facing his hand (Law 68C); East and West accept it (Law 69A) and the board
        is over."""
        board = Board(live, DEAL)
        contexts = {seat: browser.new_context(viewport=DESKTOP) for seat in SEATS}
        try:
            pages = {seat: contexts[seat].new_page() for seat in SEATS}
            errors: list[str] = []
            for seat, page in pages.items():
                page.on("pageerror", lambda error, seat=seat: errors.append(f"{seat}: {error}"))
                page.goto(board.play_url(seat))
                wait_seq(page, 0)
                assert [] == page.evaluate(UNNAMED), seat
            north, east, south, west = (pages[seat] for seat in SEATS)
            click_call(north, "1C")
            wait_view(east, "v.auction.length === 1")
            open_actions(north)
            north.click("#undo-button")
            east.wait_for_selector("#undo-answers:not([hidden])", timeout=WAIT_MS)
            assert "North" in east.locator("#undo-text").inner_text()
            assert south.locator("#undo-answers").is_hidden()  # partner does not answer
            east.click("#undo-grant")
            for page in pages.values():
                wait_view(page, "v.auction.length === 0")
            south.fill("#chat-input", "good luck, partner")
            south.click("#chat-send")
            for page in pages.values():
                page.wait_for_selector("#chat-log li", timeout=WAIT_MS)
                assert "good luck, partner" in page.locator("#chat-log").inner_text()
            open_actions(west)
            west.fill("#director-reason", "a question about an alert")
            west.click("#director-button")
            for page in pages.values():
                page.wait_for_selector("#director-banner:not([hidden])", timeout=WAIT_MS)
                assert "West" in page.locator("#director-text").inner_text()
            for seat, call in zip(SEATS, ["1NT", "Pass", "Pass", "Pass"], strict=True):
                expect_turn(pages[seat])
                click_call(pages[seat], call)
                wait_view(pages[seat], "v.legal_calls.length === 0")
            wait_view(east, "v.legal_cards.length > 0")
            lead = view_of(east)["legal_cards"][0]
            east.click(f'button.card[data-card="{lead}"]')
            wait_view(north, "v.current_trick.length === 1")
            open_actions(north)
            assert north.locator("#claim-form").is_visible()
            north.fill("#claim-tricks", "9")
            north.fill("#claim-statement-input", "I cash my winners")
            north.click("#claim-button")
            for page in pages.values():
                page.wait_for_selector("#claim-banner:not([hidden])", timeout=WAIT_MS)
                assert "I cash my winners" in page.locator("#claim-banner").inner_text()
            assert north.locator("#claim-answers").is_hidden()
            assert south.locator("#claim-answers").is_hidden()
            for page in (east, west):  # North faces his hand with the claim (Law 68C)
                assert 13 == len(view_of(page)["hands"]["N"])
                assert 13 == page.locator('[data-seat="N"] [data-card]').count()
            east.click("#claim-accept")
            wait_view(west, "true")
            west.wait_for_function(
                "window.dupbridgeTable.state.online.claim_agreed.includes('E')", timeout=WAIT_MS
            )
            assert "East" in west.locator("#claim-agreed").inner_text()
            west.click("#claim-accept")
            for page in pages.values():
                wait_view(page, "v.phase === 'finished'")
                page.wait_for_selector("#dd-table", timeout=WAIT_MS)
                assert 9 == view_of(page)["result"]
                assert 52 == len(page.locator(".felt [data-card]").all())
            assert [] == errors
        finally:
            for context in contexts.values():
                context.close()

    def test_four_colours_and_high_contrast_are_remembered(
        self, live: LiveServer, browser: Any
    ) -> None:
        """The two display options change the page at once and survive a reload."""
        board = Board(live, DEAL)
        context = browser.new_context(viewport=PHONE)
        try:
            page = context.new_page()
            page.goto(board.play_url(Seat.S))
            page.wait_for_selector('[data-card="DA"]', timeout=WAIT_MS)
            colour = "getComputedStyle(document.querySelector('[data-card=\"DA\"]')).color"
            two = page.evaluate(colour)
            page.check("#opt-four-colour")
            assert two != page.evaluate(colour)
            page.check("#opt-high-contrast")
            page.reload()
            page.wait_for_selector('[data-card="DA"]', timeout=WAIT_MS)
            assert page.is_checked("#opt-four-colour")
            assert page.is_checked("#opt-high-contrast")
            assert ["four-colour", "high-contrast"] == sorted(
                page.evaluate("Array.from(document.body.classList)")
            )
            assert two != page.evaluate(colour)
            assert [] == page.evaluate(UNNAMED)
        finally:
            context.close()


class TestReconnection:
    def test_the_page_reconnects_by_itself_after_a_server_restart(
        self, tmp_path: Path, browser: Any
    ) -> None:
        """The server stops and starts again on the same store: the page reconnects with
        ``since=`` and shows the calls made meanwhile, without a word to the player."""
        database = tmp_path / "tables.sqlite3"
        live = LiveServer(database).start()
        board = Board(live, DEAL)
        context = browser.new_context(viewport=PHONE)
        try:
            page = context.new_page()
            page.goto(board.play_url(Seat.S))
            board.bid("1NT")
            wait_seq(page, board.seq)
            live.stop()
            page.wait_for_function(
                "document.getElementById('table-app').dataset.connection !== 'open'",
                timeout=WAIT_MS,
            )
            live = LiveServer(database, port=live.port).start()
            board.live = live
            board.bid("Pass")  # made while the page is away or reconnecting
            wait_seq(page, board.seq)
            page.wait_for_function(
                "document.getElementById('table-app').dataset.connection === 'open'",
                timeout=WAIT_MS,
            )
            assert ["1NT", "Pass"] == [entry["call"] for entry in view_of(page)["auction"]]
            assert page.locator("#notice").is_hidden()
            expect_turn(page)  # South to call, with the bidding box
            check_sees_only_its_own(page, board, Seat.S)
        finally:
            context.close()
            live.stop()


class TestTexts:
    def test_the_script_writes_no_word_of_its_own(self, live: LiveServer, browser: Any) -> None:
        """With every catalog text of the page disguised, nothing the script draws has a
        Latin letter left: all its words come from the catalogs (in the auction, the
        bidding box, the play and the review)."""
        board = Board(live, DEAL)
        context = browser.new_context(viewport=DESKTOP)
        try:
            page = context.new_page()
            page.add_init_script(DISGUISE)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(board.play_url(Seat.S))
            wait_seq(page, 0)
            board.bid("Pass Pass")
            expect_turn(page)
            page.keyboard.press("1")
            page.keyboard.press("n")
            drawn = [page.evaluate(DRAWN)]
            page.keyboard.press("Enter")
            board.table.execute(MakeCall(Seat.S, parse_call("1NT")))
            board.bid("Pass Pass Pass")
            for _step in range(9):
                actor, value = board.next_action()
                if actor is Seat.S:
                    wait_seq(page, board.seq)
                    page.click(f'button.card[data-card="{value.card}"]')  # type: ignore[union-attr]
                    board.table.execute(value)
                else:
                    board.post(actor, value)
            wait_seq(page, board.seq)
            drawn.append(page.evaluate(DRAWN))
            while board.table.phase is not Phase.FINISHED:
                board.post(*board.next_action())
            wait_seq(page, board.seq)
            page.wait_for_selector("#dd-table", timeout=WAIT_MS)
            drawn.append(page.evaluate(DRAWN))
            assert [] == errors
            for text in drawn:
                assert "ż" in text
                assert [] == re.findall(r"[A-Za-z]+", text), text
        finally:
            context.close()


class TestRejectAndConcede:
    def test_a_rejected_claim_waits_for_the_director_and_a_concession_ends_play(
        self, live: LiveServer, browser: Any
    ) -> None:
        """East rejects North's claim on his page: play stops and every page says it waits
        for the Director (Laws 68D, 70). At another table East concedes the rest by pressing
        twice (Law 68B): the board is over and the page shows the score."""
        context = browser.new_context(viewport=PHONE)
        try:
            page = context.new_page()
            for rejecting in (True, False):
                board = Board(live, DEAL)
                board.bid("1NT Pass Pass Pass")
                board.post(*board.next_action())  # East's opening lead
                page.goto(board.play_url(Seat.E))
                wait_seq(page, board.seq)
                if rejecting:
                    answer = httpx.post(
                        f"{live.url}/tables/{board.id}/commands",
                        params={"token": board.tokens["N"]},
                        json={"type": "claim", "seat": "N", "tricks": 13, "statement": "all mine",
                              "expected_seq": board.seq, "key": "claim"},
                        timeout=20,
                    )  # fmt: skip
                    assert 200 == answer.status_code, answer.text
                    page.wait_for_selector("#claim-answers:not([hidden])", timeout=WAIT_MS)
                    page.click("#claim-reject")
                    wait_view(page, "v.phase === 'director'")
                    assert page.locator("#director-banner").is_visible()
                    assert page.locator("#claim-form").is_hidden()
                else:
                    open_actions(page)
                    page.click("#concede-button")
                    assert "again" in page.locator("#concede-button").inner_text()
                    page.click("#concede-button")
                    wait_view(page, "v.phase === 'finished'")
                    page.wait_for_selector("#score-info:not([hidden])", timeout=WAIT_MS)
                    assert "N-S" in page.locator("#score-info").inner_text()
        finally:
            context.close()
