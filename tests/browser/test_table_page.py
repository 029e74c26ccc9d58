"""The table page in Chromium: four browsers play a whole board by clicking, a phone bids and
plays with the keyboard only, and a kibitzer sees nothing of a board until every table of the
session has played it. Every page is checked, after every action, for cards its seat may not
see (Laws 41D, 66A, 66D; DESIGN §2.10).

The server runs in this process (uvicorn on 127.0.0.1, a free port, SQLite in tmp_path).
Screenshots go to ``docs/img/online-table-*.png`` when ``DUPBRIDGE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dupbridge.core.calls import parse_call
from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.core.table import Phase
from dupbridge.scoring import score
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.tablepage import (
    DEAL,
    NO_SIDEWAYS,
    OTHER_DEAL,
    PAGE_CARDS,
    WAIT_MS,
    Board,
    LiveServer,
    check_sees_only_its_own,
    click_call,
    expect_turn,
    screenshot_folder,
    serving,
    sync,
    wait_seq,
)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """The app served on 127.0.0.1 for this test."""
    yield from serving(tmp_path)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where this test's screenshots go."""
    return screenshot_folder(tmp_path)


class TestFourSeats:
    def test_four_browsers_play_a_whole_board_each_seeing_only_its_own(
        self, live: LiveServer, browser: Any, shots: Path
    ) -> None:
        """North opens 1NT, alerted and explained by clicking; the robots choose the rest,
        made by clicking the bidding box and the cards (declarer clicks dummy's). After every
        action each page is checked against what its seat may see. At the end every page
        shows the score (Law 77), the four hands, double dummy, par and the traveller."""
        board = Board(live, DEAL)
        contexts = {seat: browser.new_context(viewport=DESKTOP) for seat in SEATS}
        try:
            pages = {seat: contexts[seat].new_page() for seat in SEATS}
            errors: list[str] = []
            for seat, page in pages.items():
                page.on("pageerror", lambda error, seat=seat: errors.append(f"{seat}: {error}"))
                page.goto(board.play_url(seat))
                wait_seq(page, 0)
                check_sees_only_its_own(page, board, seat)
            north = pages[Seat.N]
            expect_turn(north)
            north.check("#alert")
            north.fill("#explanation", "15-17 balanced")
            click_call(north, "1NT")
            board.table.execute(MakeCall(Seat.N, parse_call("1NT"), True, "15-17 balanced"))
            sync(pages, board)
            explained = {seat: pages[seat].locator("#explanations").inner_text() for seat in SEATS}
            assert "15-17 balanced" in explained[Seat.E]
            assert "15-17 balanced" in explained[Seat.W]
            assert "15-17 balanced" not in explained[Seat.S]  # Law 20F: not to partner
            assert "15-17 balanced" not in pages[Seat.S].content()
            actions = 0
            while board.table.phase is not Phase.FINISHED:
                actor, value = board.next_action()
                page = pages[actor]
                if isinstance(value, MakeCall):
                    click_call(page, str(value.call))
                else:
                    page.click(f'button.card[data-card="{value.card}"]')
                board.table.execute(value)
                sync(pages, board)
                actions += 1
                if actions == 12:
                    page_for_shot = pages[board.table.declarer or Seat.N]
                    page_for_shot.screenshot(path=str(shots / "online-table-desktop-play.png"))
            assert board.table.result is not None
            contract = board.table.contract
            assert contract is not None
            assert contract.declarer is not None
            side = contract.declarer.side
            points = score(
                contract, board.table.result, board.table.board.vulnerability.is_vulnerable(side)
            )
            ns = points if side is Side.NS else -points
            for seat, page in pages.items():
                page.wait_for_selector("#dd-table", timeout=WAIT_MS)
                text = page.locator("#score-info").inner_text()
                assert (f"{ns:+d}" if ns else "0") in text
                assert 52 == len(page.locator(".felt [data-card]").all())
                assert 1 == len(page.locator("#traveller tbody tr").all())
                check_sees_only_its_own(page, board, seat)
            pages[Seat.S].screenshot(
                path=str(shots / "online-table-desktop-after.png"), full_page=True
            )
            assert [] == errors
        finally:
            for context in contexts.values():
                context.close()


class LateAcks:
    """Holds back the server's acknowledgements on the page's table socket until
    :meth:`release`, letting every other frame through: the update frame of a command then
    reaches the page before its ack, as it may on a real network."""

    def __init__(self, page: Any) -> None:
        self.held: list[str] = []
        self.sockets: list[Any] = []
        page.route_web_socket(re.compile(r"/ws\?"), self._route)

    def _route(self, socket: Any) -> None:
        server = socket.connect_to_server()
        self.sockets.append(socket)

        def from_server(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            if json.loads(text).get("type") == "ack":
                self.held.append(text)
            else:
                socket.send(message)

        server.on_message(from_server)

    def release(self) -> None:
        for text in self.held:
            self.sockets[-1].send(text)
        self.held.clear()


class TestPhoneKeyboard:
    @pytest.mark.parametrize("late_acks", [False, True], ids=["acks-at-once", "acks-late"])
    def test_a_phone_bids_and_plays_with_the_keyboard_only(
        self, live: LiveServer, browser: Any, shots: Path, late_acks: bool
    ) -> None:
        """South on a 390 × 844 phone, no mouse: ``1`` ``N`` Enter bids 1NT, ``p`` Enter
        passes, a rank and a suit then Enter plays a card (``1`` ``0`` or ``t`` for the ten),
        for his own hand and for dummy's. The chosen card has the visible focus. The other
        three seats act over HTTP. With ``late_acks`` every acknowledgement reaches the page
        only after South has chosen and confirmed his next card or call (dummy's cards are
        then tapped): the choice is kept (not cleared by the late ack) and the Enter pressed
        or the card tapped meanwhile is carried out when the ack comes."""
        board = Board(live, DEAL)  # board 1: North deals
        context = browser.new_context(viewport=PHONE, has_touch=True)
        try:
            page = context.new_page()
            late = LateAcks(page) if late_acks else None
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(board.play_url(Seat.S))
            wait_seq(page, 0)
            assert page.evaluate(NO_SIDEWAYS)
            script = ["Pass", "Pass", "1NT", "Pass", "Pass", "Pass"]
            tens = 0
            while board.table.phase is not Phase.FINISHED:
                actor, value = board.next_action()
                if board.table.phase is Phase.AUCTION:
                    call = script[len(board.table.auction.calls)]
                    value = MakeCall(value.seat, parse_call(call))
                if actor is not Seat.S:
                    board.post(actor, value)
                    wait_seq(page, board.seq)
                    check_sees_only_its_own(page, board, Seat.S)
                    continue
                if late is not None and isinstance(value, PlayCard) and value.seat is Seat.N:
                    # dummy's card tapped before South's last card is acknowledged
                    page.tap(f'button.card[data-card="{value.card}"]')
                    late.release()
                    board.table.execute(value)
                    wait_seq(page, board.seq)
                    continue
                if isinstance(value, MakeCall):
                    keys = {"Pass": ["p"], "1NT": ["1", "n"]}[str(value.call)]
                else:
                    rank, suit = str(value.card)[1], str(value.card)[0].lower()
                    if rank == "T":
                        tens += 1
                        keys = ["1", "0", suit] if tens % 2 else ["t", suit]
                    else:
                        keys = [rank.lower(), suit]
                for key in keys:
                    page.keyboard.press(key)
                if isinstance(value, PlayCard):
                    focused = page.evaluate(
                        "[document.activeElement.dataset.card,"
                        " getComputedStyle(document.activeElement).outlineStyle]"
                    )
                    assert [str(value.card), "solid"] == focused
                page.keyboard.press("Enter")
                if late is not None:
                    late.release()  # the last command's ack, after the next choice and Enter
                board.table.execute(value)
                wait_seq(page, board.seq)
                check_sees_only_its_own(page, board, Seat.S)
                if len(board.table.play.tricks if board.table.play else ()) == 3:
                    page.screenshot(path=str(shots / "online-table-phone-play.png"))
            assert board.table.declarer is Seat.S
            assert tens >= 1, "the ten was typed both ways"
            page.wait_for_selector("#dd-table", timeout=WAIT_MS)
            page.screenshot(path=str(shots / "online-table-phone-after.png"), full_page=True)
            assert page.evaluate(NO_SIDEWAYS)
            assert [] == errors
        finally:
            context.close()


class TestKibitzer:
    def test_nothing_of_the_board_until_both_tables_have_played_it(
        self, live: LiveServer, browser: Any
    ) -> None:
        """A session of two tables playing board 1: the kibitzer of the first sees its
        number, dealer and vulnerability only, while it is in play there and after, until
        the second table has finished it too; then the whole board and its review."""
        first = Board(live, DEAL)
        second = Board(live, OTHER_DEAL, session=first.session)
        context = browser.new_context(viewport=DESKTOP)
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(first.watch_url())
            page.wait_for_function("window.dupbridgeTable && window.dupbridgeTable.state.view")
            first.bid("1NT Pass Pass Pass")
            check_withheld(page)
            while first.table.phase is not Phase.FINISHED:
                first.post(*first.next_action())
                check_withheld(page)
            page.wait_for_function(
                "window.dupbridgeTable.state.view.phase === 'finished'", timeout=WAIT_MS
            )
            check_withheld(page)  # over here, still in play at the other table
            second.bid("1NT Pass Pass Pass")
            while not second.one_card_left():
                second.post(*second.next_action())
                check_withheld(page)
            second.post(*second.next_action())  # the last card of the session's board
            assert second.table.phase is Phase.FINISHED
            page.wait_for_selector("#dd-table", timeout=WAIT_MS)
            check_sees_only_its_own(page, first, None)
            assert 52 == len(page.locator(".felt [data-card]").all())
            assert 2 == len(page.locator("#traveller tbody tr").all())
            assert [] == errors
        finally:
            context.close()


def check_withheld(page: Any) -> None:
    """The kibitzer's page holds no card and no call."""
    assert [] == page.evaluate(PAGE_CARDS)
    view = page.evaluate("window.dupbridgeTable.state.view")
    assert view["withheld"]
    assert [] == view["auction"]
    assert 0 == len(page.locator("#auction-grid td.call:not(.next)").all())
    assert page.locator("#review").is_hidden()
