"""The table page in Chromium: four browsers play a whole board by clicking, a phone bids and
plays with the keyboard only, and a kibitzer sees nothing of a board until every table of the
session has played it. Every page is checked, after every action, for cards its seat may not
see (Laws 41D, 66A, 66D; DESIGN §2.10).

The server runs in this process (uvicorn on 127.0.0.1, a free port, SQLite in tmp_path).
Screenshots go to ``docs/img/online-table-*.png`` when ``DUPBRIDGE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from dupbridge.core.calls import parse_call
from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.scoring import score
from dupbridge.services.robot import robot_call, robot_card
from tests.browser.conftest import DESKTOP, PHONE
from tests.web.test_play import allowed_cards, card_strings

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
OTHER_DEAL = "N:QJ6.K652.J85.T98 873.J97.A43.AKQ5 AK42.AQ8.KQ2.J72 T95.T43.T976.643"
SECRET = "a-test-secret-of-some-length"
WAIT_MS = 15_000
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"

#: Every card the page shows: in a hand, the trick, the previous trick or the review.
PAGE_CARDS = "Array.from(document.querySelectorAll('[data-card]'), e => e.dataset.card)"
#: Every card the page's state holds (what the frames brought).
STATE = "JSON.stringify(window.dupbridgeTable.state.view)"


class LiveServer:
    """The app served by uvicorn in a thread of this process."""

    def __init__(self, database: Path, port: int = 0) -> None:
        import uvicorn

        from dupbridge.web.app import create_app
        from dupbridge.web.settings import Settings

        self.port = port
        if not port:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                self.port = probe.getsockname()[1]
        app = create_app(
            Settings(environment="test", secret_key=SECRET, database_url=f"sqlite:///{database}")
        )
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start in 60 s"
            assert self.thread.is_alive(), "the server stopped"
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)

    def create(self, deal: str, **extra: Any) -> dict[str, Any]:
        answer = httpx.post(f"{self.url}/tables", json={"deal": deal, **extra}, timeout=20)
        assert answer.status_code == 201, answer.text
        body: dict[str, Any] = answer.json()
        return body


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "tables.sqlite3").start()
    yield server
    server.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: docs/img with DUPBRIDGE_SCREENSHOTS=1, else the test's tmp."""
    if os.environ.get("DUPBRIDGE_SCREENSHOTS") == "1":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        return DOCS_IMG
    return tmp_path


class Board:
    """One table of the server and its reference table; acts through pages or over HTTP."""

    def __init__(self, live: LiveServer, deal: str, **extra: Any) -> None:
        self.live = live
        created = live.create(deal, **extra)
        self.id: str = created["table"]
        self.session: str = created["session"]
        self.tokens: dict[str, str] = created["seats"]
        self.deal = Deal.from_pbn(deal)
        self.table = Table(extra.get("board", 1), self.deal)
        self.keys = 0

    @property
    def seq(self) -> int:
        """The server's last seq: the reference table's events (BoardStarted is 0)."""
        return len(self.table.events) - 1

    def play_url(self, seat: Seat) -> str:
        return f"{self.live.url}/tables/{self.id}/play?token={self.tokens[seat.letter]}"

    def watch_url(self) -> str:
        return f"{self.live.url}/tables/{self.id}/watch"

    def next_action(self) -> tuple[Seat, MakeCall | PlayCard]:
        """The robots' next call or card, and the seat that sends it (declarer for dummy)."""
        table = self.table
        turn = table.turn
        assert turn is not None
        if table.phase is Phase.AUCTION:
            return turn, MakeCall(turn, robot_call(table.auction, table.deal[turn]))
        actor = table.declarer if turn is table.dummy else turn
        assert actor is not None
        return actor, PlayCard(turn, robot_card(table))

    def bid(self, calls: str) -> None:
        """Make these calls over HTTP, from the seat to call on."""
        for text in calls.split():
            turn = self.table.turn
            assert turn is not None
            self.post(turn, MakeCall(turn, parse_call(text)))

    def one_card_left(self) -> bool:
        play = self.table.play
        return play is not None and len(play.tricks) == 12 and len(play.current_trick) == 3

    def post(self, actor: Seat, value: MakeCall | PlayCard) -> None:
        """Send a command over HTTP, as another program at the table would."""
        self.keys += 1
        body: dict[str, Any] = {
            "seat": value.seat.letter,
            "expected_seq": self.seq,
            "key": f"http-{self.keys}",
        }
        if isinstance(value, MakeCall):
            body |= {"type": "call", "call": str(value.call)}
        else:
            body |= {"type": "card", "card": str(value.card)}
        answer = httpx.post(
            f"{self.live.url}/tables/{self.id}/commands",
            params={"token": self.tokens[actor.letter]},
            json=body,
            timeout=20,
        )
        assert answer.status_code == 200, answer.text
        self.table.execute(value)


def wait_seq(page: Any, seq: int) -> None:
    page.wait_for_function(
        f"window.dupbridgeTable && window.dupbridgeTable.state.seq >= {seq}", timeout=WAIT_MS
    )


def check_sees_only_its_own(page: Any, board: Board, seat: Seat | None) -> None:
    """Neither the page nor what its frames brought holds a card ``seat`` may not see."""
    import json

    allowed = allowed_cards(board.table, board.deal, seat)
    shown = set(page.evaluate(PAGE_CARDS))
    assert shown <= allowed, f"{seat} sees {sorted(shown - allowed)}"
    state = page.evaluate(STATE)
    held = card_strings(json.loads(state)) if state and state != "null" else set()
    assert held <= allowed, f"{seat}'s frames hold {sorted(held - allowed)}"


def click_call(page: Any, call: str) -> None:
    """Make a call with the bidding box: a level and a strain, or a button; then confirm."""
    parsed = parse_call(call)
    text = str(parsed)
    if text in {"Pass", "X", "XX"}:
        page.click(f'#bid-others [data-call="{text}"]')
    else:
        page.click(f'#bid-levels [data-level="{text[0]}"]')
        page.click(f'#bid-strains [data-strain="{text[1:]}"]')
    page.click("#confirm-call")


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


def expect_turn(page: Any) -> None:
    page.wait_for_selector("#bidding-box:not([hidden])", timeout=WAIT_MS)


def sync(pages: dict[Seat, Any], board: Board) -> None:
    """Every page has the frame of the last action; none shows what its seat may not see."""
    for seat, page in pages.items():
        wait_seq(page, board.seq)
        check_sees_only_its_own(page, board, seat)


class TestPhoneKeyboard:
    def test_a_phone_bids_and_plays_with_the_keyboard_only(
        self, live: LiveServer, browser: Any, shots: Path
    ) -> None:
        """South on a 390 × 844 phone, no mouse: ``1`` ``N`` Enter bids 1NT, ``p`` Enter
        passes, a rank and a suit then Enter plays a card (``1`` ``0`` or ``t`` for the ten),
        for his own hand and for dummy's. The chosen card has the visible focus. The other
        three seats act over HTTP."""
        board = Board(live, DEAL)  # board 1: North deals
        context = browser.new_context(viewport=PHONE, has_touch=True)
        try:
            page = context.new_page()
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


#: Every control without an accessible name (aria-label, a label, its text or a title).
UNNAMED = """Array.from(document.querySelectorAll('button, input, textarea, select, summary'))
  .filter(e => !((e.getAttribute('aria-label') || '').trim()
                 || (e.labels && Array.from(e.labels).some(l => l.textContent.trim()))
                 || e.textContent.trim() || (e.getAttribute('title') || '').trim()))
  .map(e => e.outerHTML.slice(0, 80))"""


def view_of(page: Any) -> dict[str, Any]:
    view: dict[str, Any] = page.evaluate("window.dupbridgeTable.state.view")
    return view


def wait_view(page: Any, condition: str) -> None:
    page.wait_for_function(
        f"(() => {{ const v = window.dupbridgeTable && window.dupbridgeTable.state.view;"
        f" return v && ({condition}); }})()",
        timeout=WAIT_MS,
    )


def open_actions(page: Any) -> None:
    if page.locator("#actions").get_attribute("open") is None:
        page.click("#actions summary")


class TestControls:
    def test_undo_chat_director_and_a_claim_through_the_pages(
        self, live: LiveServer, browser: Any
    ) -> None:
        """North takes back 1C with East's consent (Law 25A), South chats, West calls the
        Director (Law 9B1(a)); after 1NT and the opening lead North claims the rest with a
        statement (Law 68), East and West accept it (Law 69A) and the board is over."""
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
