"""Must-show 4 and 5 at the service: the exports at the close read back through
``dupbridge.formats`` and match the stored results; bad input (a forged seat, a command
after the close, a result change outside the correction period) gets a clear message and
nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.core.calls import PASS
from dupbridge.core.commands import MakeCall
from dupbridge.core.events import CardPlayed
from dupbridge.core.seats import Seat
from dupbridge.formats import usebio
from dupbridge.formats.pbn import loads as pbn_loads
from dupbridge.formats.pbn_events import event_from_games
from dupbridge.formats.registry import get_format, read_records
from dupbridge.services.sessions import (
    CorrectionClosedError,
    SessionClosedError,
    SessionConfig,
    SessionForbiddenError,
)
from dupbridge.services.tables import ForbiddenError
from dupbridge.tournament.results import Result
from tests.async_run import run_async
from tests.services.sessions.harness import Harness, harness, play_round


async def _finished_session(h: Harness, pairs: int = 5, **conditions: object) -> str:
    config = SessionConfig.from_json(
        {"name": "Closing night", "boards_per_round": 1, "seed": 11, "correction_s": 900,
         "robot_players": [2, 7], **conditions}
    )  # fmt: skip
    session_id, _pin = h.sessions.create(config)
    for k in range(1, pairs + 1):
        h.sessions.add_pair(session_id, (f"Anna {k}", f"Bo {k}"))
    await h.sessions.start(session_id)
    while h.sessions.view(session_id).state == "running":
        await play_round(h, session_id)
        h.clock.advance(30)
        await h.sessions.tick(session_id)
    return session_id


def _line(result: Result) -> tuple[int, int, int, str]:
    return (result.board, result.ns.number, result.ew.number, str(result.outcome))


def test_the_exports_read_back_and_match_the_stored_results(tmp_path: Path) -> None:
    """results.xml (USEBIO 1.2), results.pbn (score tables) and play.pbn (every table's
    auction and play) read back through dupbridge.formats and say what the store says."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _finished_session(h)
            files = await h.sessions.close(session_id)
            assert files is not None
            scored = await h.sessions.scored(session_id)
            assert scored is not None
            stored = sorted(_line(r) for r in scored.event.results)
            assert len(stored) == len(h.sessions.store.boards(session_id))

            xml = files.published.usebio.read_bytes()
            assert b"1.2" in xml
            read_xml = usebio.loads(xml, "results.xml")
            assert not [p for p in read_xml.problems if not p.warning]
            assert sorted(_line(r) for r in read_xml.event.results) == stored

            games = pbn_loads(files.published.pbn.read_bytes(), source="results.pbn")
            read_pbn = event_from_games(games, "results.pbn")
            assert sorted(_line(r) for r in read_pbn.event.results) == stored

            records, problems = read_records(
                get_format("pbn"), files.play_pbn.read_bytes(), "play.pbn"
            )
            assert not [p for p in problems if p.is_error]
            assert len(records) == len(stored)
            boards = {
                (b.round, b.table_number, b.board): b for b in h.sessions.store.boards(session_id)
            }
            for record in records:
                row = boards[
                    (
                        int(record.info_value("Round") or 0),
                        int(record.info_value("Table") or 0),
                        record.board or 0,
                    )
                ]
                table = (await h.tables.live(row.table_id)).table
                assert record.contract == table.contract
                assert record.result == table.result
                played = [e.card for e in table.events if isinstance(e, CardPlayed)]
                assert list(record.play) == played
                replayed = record.to_table()  # every call and card checked again by the Laws engine
                assert replayed.result == table.result

    run_async(main())


def test_bad_input_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _finished_session(h, pairs=4, robot_players=[])
            boards = h.sessions.store.boards(session_id)
            board = boards[0]
            # a forged seat: player 2k-1 of a pair that does not sit at the table
            stranger = next(n for n in range(1, 5) if n not in (board.ns, board.ew))
            with pytest.raises(SessionForbiddenError, match="has no seat at table"):
                h.sessions.seat_at(session_id, 2 * stranger - 1, board.table_id)
            # the table itself refuses a command for another seat (Law-level forbidden)
            live = await h.tables.live(board.table_id)
            head = live.head
            with pytest.raises(ForbiddenError):
                await h.tables.handle(
                    board.table_id, Seat.N, MakeCall(Seat.E, PASS), head, "forged"
                )
            assert (await h.tables.live(board.table_id)).head == head

            files = await h.sessions.close(session_id)
            assert files is not None
            before = files.published.usebio.read_bytes()
            entries = h.sessions.store.entries(session_id)
            # commands after the close
            with pytest.raises(SessionClosedError, match="closed"):
                h.sessions.add_pair(session_id, ("Late", "Comer"))
            with pytest.raises(SessionClosedError, match="closed"):
                h.sessions.set_clock(session_id, seconds_per_board=60)
            with pytest.raises(SessionClosedError, match="closed"):
                h.sessions.seat_at(session_id, 1, board.table_id)
            with pytest.raises(SessionClosedError, match="closed"):
                await h.sessions.close(session_id)
            assert h.sessions.store.entries(session_id) == entries
            assert h.sessions.config(session_id).seconds_per_board == 450

            # inside the correction period a result may change, and the files follow it
            h.clock.advance(600)
            await h.sessions.correct(session_id, board.table_id, "A60/A40", "Law 12C2 ruling")
            assert files.published.usebio.read_bytes() != before
            corrected = files.published.usebio.read_bytes()
            # after it (900 s), a change is refused with the Law and nothing changes
            h.clock.advance(301)
            with pytest.raises(CorrectionClosedError, match="Law 79C"):
                await h.sessions.correct(session_id, board.table_id, "A40/A60")
            stored = {b.table_id: b for b in h.sessions.store.boards(session_id)}
            assert stored[board.table_id].outcome == "A60/A40"
            assert files.published.usebio.read_bytes() == corrected

    run_async(main())
