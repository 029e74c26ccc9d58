"""Must-show 5 at the table service: once an online session is closed, a seat's command at
any of its tables (a call, a card, a chat line) is refused with a clear message and nothing
is logged; a board the Director has scored (stopped when time ran out, Law 12C2) takes no
more commands until he lets the table's own result stand again. Tables that belong to no
online session are not affected."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dupbridge.core.boards import Board
from dupbridge.core.calls import PASS
from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat
from dupbridge.services.online import SendChat
from dupbridge.services.sessions import SessionConfig
from dupbridge.services.table_errors import ClosedTableError
from tests.async_run import run_async
from tests.services.sessions.harness import Harness, harness, play_round, play_table


async def _session(h: Harness, pairs: int, **conditions: object) -> str:
    config = SessionConfig.from_json(
        {"name": "Gate night", "boards_per_round": 1, "seed": 5, "seconds_per_board": 300,
         "correction_s": 900, **conditions}
    )  # fmt: skip
    session_id, _pin = h.sessions.create(config)
    for k in range(1, pairs + 1):
        h.sessions.add_pair(session_id, (f"Ann {k}", f"Bob {k}"))
    await h.sessions.start(session_id)
    return session_id


def test_after_the_close_a_seat_command_is_refused_and_the_log_is_unchanged(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _session(h, 4)
            while h.sessions.view(session_id).state == "running":
                await play_round(h, session_id)
                h.clock.advance(30)
                await h.sessions.tick(session_id)
            table_id = h.sessions.store.boards(session_id)[-1].table_id
            # finished, not yet closed: the table still takes a chat line
            head = (await h.tables.live(table_id)).head
            hello = await h.tables.handle(
                table_id, Seat.N, SendChat(Seat.N, "well played"), head, "chat-1"
            )
            assert hello["type"] == "ack"
            await h.sessions.close(session_id)
            before = h.tables.store.events(table_id)
            live = await h.tables.live(table_id)
            head = live.head
            refused = (
                SendChat(Seat.E, "one more thing"),
                MakeCall(Seat.S, PASS),
                PlayCard(Seat.W, next(iter(live.table.deal[Seat.W]))),
            )
            for number, command in enumerate(refused):
                with pytest.raises(ClosedTableError, match="session 'Gate night' is closed"):
                    await h.tables.handle(table_id, command.seat, command, head, f"late-{number}")
            # the chat acknowledged before the close is acknowledged again, nothing more
            again = await h.tables.handle(
                table_id, Seat.N, SendChat(Seat.N, "well played"), head - 1, "chat-1"
            )
            assert again == hello
            assert h.tables.store.events(table_id) == before
            assert (await h.tables.live(table_id)).head == head

            # a table of no online session plays on
            plain, _session_id = await h.tables.create_table(
                Deal.random(random.Random(1)), Board.numbered(1)
            )
            answer = await h.tables.handle(plain, Seat.N, MakeCall(Seat.N, PASS), 0, "p-1")
            assert answer["type"] == "ack"
            assert len(h.tables.store.events(plain)) == 2

    run_async(main())


def test_a_board_the_director_scored_takes_no_more_commands(tmp_path: Path) -> None:
    """overtime=score stops a board in the auction (Law 12C2): its calls are refused with
    the Director's score; when he lets the table's own result stand, play goes on."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _session(h, 4, overtime="score", unstarted="play")
            boards = h.sessions.view(session_id).boards
            slow = boards[0].table_id
            for board in boards[1:]:
                await play_table(h, board.table_id, frozenset(SEATS))
            await play_table(h, slow, frozenset(SEATS), until_calls=2)
            h.clock.advance(301)
            await h.sessions.tick(session_id)
            assert h.sessions.view(session_id).round == 2
            live = await h.tables.live(slow)
            head, turn = live.head, live.table.auction.turn
            assert turn is not None
            before = h.tables.store.events(slow)
            with pytest.raises(ClosedTableError, match=r"scored this board \(A-/A-: stopped"):
                await h.tables.handle(slow, turn, MakeCall(turn, PASS), head, "too-late")
            assert h.tables.store.events(slow) == before
            await h.sessions.correct(session_id, slow, None)
            answer = await h.tables.handle(slow, turn, MakeCall(turn, PASS), head, "too-late")
            assert answer["type"] == "ack"

    run_async(main())
