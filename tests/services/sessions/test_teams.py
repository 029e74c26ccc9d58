"""A teams session (IMPs converted to VPs): a round robin of four teams, each team's first
pair North-South in one room and its second pair East-West in the other; the ranking equals
an independent scoring of the stored tables by dupbridge.tournament."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.core.events import CardPlayed
from dupbridge.core.seats import Seat
from dupbridge.services.sessions import SessionConfig, SessionError, seat_player
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.movements.teams import team_round_robin
from dupbridge.tournament.results import Event, PairId, Played, Result
from tests.async_run import run_async
from tests.services.sessions.harness import harness, play_round


def test_a_team_round_robin_at_victory_points(tmp_path: Path) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            config = SessionConfig(
                name="Teams night", method="teams-vp", boards_per_round=2, seed=5,
                robot_players=(4, 9),
            )  # fmt: skip
            session_id, _pin = h.sessions.create(config)
            with pytest.raises(SessionError, match="team event"):
                h.sessions.add_pair(session_id, ("A", "B"))
            for k in range(1, 5):
                h.sessions.add_team(session_id, tuple(f"T{k} player {i}" for i in range(1, 5)))
            movement = await h.sessions.start(session_id)
            assert movement.rounds == 3
            first = h.sessions.view(session_id).boards[0]
            # team k's players are 4k-3 .. 4k: its first pair NS, its second EW
            assert seat_player(first, Seat.N, 4) == 4 * first.ns - 3
            assert seat_player(first, Seat.W, 4) == 4 * first.ew
            while h.sessions.view(session_id).state == "running":
                await play_round(h, session_id)
                h.clock.advance(30)
                await h.sessions.tick(session_id)
            scored = await h.sessions.ranking(session_id)
            assert scored is not None
            assert scored.method is Method.TEAMS_VP
            assert len(scored.matches) == 6  # every team meets every other once
            results = []
            expected = team_round_robin(4, 2)
            for board in h.sessions.store.boards(session_id):
                table = (await h.tables.live(board.table_id)).table
                row = expected.row_at(board.round, board.table_number)
                assert row is not None
                assert (board.ns, board.ew) == tuple(e.number for e in row.seats if e)
                lead = next((e.card for e in table.events if isinstance(e, CardPlayed)), None)
                outcome = Played(table.contract, table.result, lead) if table.contract else Played()
                results.append(
                    Result(board.board, PairId(board.ns), PairId(board.ew), outcome,
                           table=board.table_number, round=board.round)
                )  # fmt: skip
            again = score_event(
                Event(results=tuple(results), teams=True),
                ScoringOptions(method=Method.TEAMS_VP),
            )
            assert {p.number: s.total for p, s in scored.pairs.items()} == {
                p.number: s.total for p, s in again.pairs.items()
            }
            files_dir = tmp_path / "out"
            await h.sessions.close(session_id)
            assert (files_dir / session_id / "results.xml").is_file()

    run_async(main())
