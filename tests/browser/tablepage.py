"""Helpers of the table page's browser tests: the app served by uvicorn in this process,
a board played alongside a reference table, and what a page shows.

:func:`serving` (a server on 127.0.0.1, a free port, SQLite in tmp_path) and
:func:`screenshot_folder` (``docs/img`` with ``DUPBRIDGE_SCREENSHOTS=1``) back the test
modules' fixtures.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from dupbridge.core.calls import parse_call
from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.robots.baseline import robot_call, robot_card
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


def serving(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server for one test (the test modules' ``live`` fixture)."""
    server = LiveServer(tmp_path / "tables.sqlite3").start()
    yield server
    server.stop()


def screenshot_folder(tmp_path: Path) -> Path:
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
        self.head = 0  # BoardStarted

    @property
    def seq(self) -> int:
        """The server's last seq as far as this script knows: the reference table's events
        (BoardStarted is 0), or more when the server logged events of its own (a seat's
        socket closing or opening again: ``SeatDisconnected``, ``SeatReconnected``)."""
        return max(self.head, len(self.table.events) - 1)

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
        body: dict[str, Any] = {"seat": value.seat.letter, "key": f"http-{self.keys}"}
        if isinstance(value, MakeCall):
            body |= {"type": "call", "call": str(value.call)}
        else:
            body |= {"type": "card", "card": str(value.card)}
        for _attempt in range(3):  # the server may have logged a seat's socket meanwhile
            answer = httpx.post(
                f"{self.live.url}/tables/{self.id}/commands",
                params={"token": self.tokens[actor.letter]},
                json=body | {"expected_seq": self.seq},
                timeout=20,
            )
            if answer.json().get("type") != "stale":
                break
            self.head = int(answer.json()["head"])
        assert answer.status_code == 200, answer.text
        self.head = int(answer.json()["last"])
        self.table.execute(value)


def wait_seq(page: Any, seq: int) -> None:
    page.wait_for_function(
        f"window.dupbridgeTable && window.dupbridgeTable.state.seq >= {seq}", timeout=WAIT_MS
    )


def check_sees_only_its_own(page: Any, board: Board, seat: Seat | None) -> None:
    """Neither the page nor what its frames brought holds a card ``seat`` may not see."""
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


def expect_turn(page: Any) -> None:
    page.wait_for_selector("#bidding-box:not([hidden])", timeout=WAIT_MS)


def sync(pages: dict[Seat, Any], board: Board) -> None:
    """Every page has the frame of the last action; none shows what its seat may not see."""
    for seat, page in pages.items():
        wait_seq(page, board.seq)
        check_sees_only_its_own(page, board, seat)


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
