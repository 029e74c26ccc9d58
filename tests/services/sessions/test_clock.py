"""Must-show 3: the round's clock. A board not started when time is up gets the Director's
chosen outcome; a board running over time gets the chosen rule (Law 12C2: an artificial
adjusted score when no result can be obtained)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from dupbridge.core.seats import SEATS
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.services.sessions import SessionConfig
from tests.async_run import run_async
from tests.services.sessions.harness import Harness, harness, play_round, play_table

ALL = frozenset(SEATS)


async def _session(h: Harness, **conditions: object) -> str:
    config = SessionConfig.from_json(
        {"name": "Clock test", "boards_per_round": 2, "seed": 3, "seconds_per_board": 300,
         "warning_s": 60, **conditions}
    )  # fmt: skip
    session_id, _pin = h.sessions.create(config)
    for k in range(1, 5):
        h.sessions.add_pair(session_id, (f"N{k}", f"S{k}"))
    await h.sessions.start(session_id)
    return session_id


def test_a_board_not_started_in_time_is_scored_not_played(tmp_path: Path) -> None:
    """unstarted=score: when the round's time (2 boards x 300 s) is up, the boards nobody
    started get the Director's artificial score (Law 12C2) and the next round starts."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _session(h, unstarted="score", timeout_score="A40/A40")
            first = h.sessions.view(session_id)
            played = first.boards[0]
            await play_table(h, played.table_id, ALL)  # one board is played in time
            h.clock.advance(545)
            assert await h.sessions.tick(session_id) == "running"
            view = h.sessions.view(session_id)
            assert view.round == 1
            assert view.warned  # less than the 60 s warning left
            assert not any(b.outcome for b in view.boards)
            h.clock.advance(56)
            await h.sessions.tick(session_id)
            assert h.sessions.view(session_id).round == 2
            stored = {b.table_id: b for b in h.sessions.store.boards(session_id) if b.round == 1}
            assert stored[played.table_id].outcome is None
            unplayed = [b for b in stored.values() if b.table_id != played.table_id]
            assert unplayed
            for board in unplayed:
                assert board.outcome == "A40/A40"
                assert "Law 12C2" in board.note
            scored = await h.sessions.scored(session_id)
            assert scored is not None
            artificial = [r for r in scored.event.results if isinstance(r.outcome, ArtificialScore)]
            assert len(artificial) == len(unplayed)

    run_async(main())


def test_a_board_not_started_may_be_played_late(tmp_path: Path) -> None:
    """unstarted=play: time up changes nothing; the round waits for its boards."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _session(h, unstarted="play")
            h.clock.advance(10_000)
            await h.sessions.tick(session_id)
            view = h.sessions.view(session_id)
            assert view.round == 1
            assert not any(b.outcome for b in view.boards)
            await play_round(h, session_id)
            await h.sessions.tick(session_id)
            assert h.sessions.view(session_id).round == 2

    run_async(main())


def test_a_board_over_time_is_stopped_when_the_rule_says_so(tmp_path: Path) -> None:
    """overtime=score: a board in play when time is up is stopped and scored not played."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _session(h, overtime="score", unstarted="play")
            boards = h.sessions.view(session_id).boards
            for board in boards:
                if board != boards[0]:
                    await play_table(h, board.table_id, ALL)
            await play_table(h, boards[0].table_id, ALL, until_calls=2)  # still bidding
            h.clock.advance(601)
            await h.sessions.tick(session_id)
            stored = {b.table_id: b for b in h.sessions.store.boards(session_id)}
            slow = stored[boards[0].table_id]
            assert slow.outcome == "A-/A-"  # the default: average minus to both (Law 12C2a)
            assert "over time" in slow.note
            assert h.sessions.view(session_id).round == 2

    run_async(main())


def test_a_board_over_time_may_finish(tmp_path: Path) -> None:
    """overtime=finish: the board in play is let finish; the round waits, then its own
    result counts."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _session(h, overtime="finish", unstarted="play")
            boards = h.sessions.view(session_id).boards
            await play_table(h, boards[0].table_id, ALL, until_calls=3)
            for board in boards[1:]:
                await play_table(h, board.table_id, ALL)
            h.clock.advance(10_000)
            await h.sessions.tick(session_id)
            assert h.sessions.view(session_id).round == 1
            assert h.sessions.store.boards(session_id)[0].outcome is None
            await play_table(h, boards[0].table_id, ALL)
            await h.sessions.tick(session_id)
            assert h.sessions.view(session_id).round == 2
            scored = await h.sessions.scored(session_id)
            assert scored is not None
            assert not any(isinstance(r.outcome, ArtificialScore) for r in scored.event.results)

    run_async(main())


def test_robots_take_over_missing_players_in_the_round_under_way(tmp_path: Path) -> None:
    """The Director lets robots play for missing players during a round: their boards of
    that round are played out by the robots and the session moves on."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _session(h, unstarted="play")
            for player in range(1, 9):
                await h.sessions.robot_for(session_id, player)
            loop = asyncio.get_running_loop()
            give_up = loop.time() + 60
            while h.sessions.view(session_id).round == 1:
                assert loop.time() < give_up, "the robots did not finish the round"
                await asyncio.sleep(0.05)
                await h.sessions.tick(session_id)
            assert h.sessions.config(session_id).robot_players == tuple(range(1, 9))

    run_async(main())


def test_after_a_restart_the_robots_sit_down_again(tmp_path: Path) -> None:
    """A server that restarts mid-round puts the robots back in their seats (resume)."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _session(h, unstarted="play", robot_players=list(range(1, 9)))
            await h.robots.close()  # the server stops: its robots are gone
            await h.sessions.resume()  # and starts again
            loop = asyncio.get_running_loop()
            give_up = loop.time() + 60
            while h.sessions.view(session_id).round == 1:
                assert loop.time() < give_up, "the robots did not come back"
                await asyncio.sleep(0.05)
                await h.sessions.tick(session_id)

    run_async(main())
