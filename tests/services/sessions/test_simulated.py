"""Must-show 2: a simulated online session of a 7-table Howell (fake clock, scripted
players and robots) completes; every result is in the store; the final ranking equals an
independent recomputation from the stored travellers; an odd number of pairs sits out."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from dupbridge.core.deal import Deal
from dupbridge.core.events import CardPlayed
from dupbridge.core.table import Phase
from dupbridge.services.bus import make_bus
from dupbridge.services.sessions import SessionConfig
from dupbridge.services.tables import TableService
from dupbridge.store import EventStore, make_engine
from dupbridge.tournament.event_scoring import Method, ScoredEvent, ScoringOptions, score_event
from dupbridge.tournament.movements import Movement
from dupbridge.tournament.movements.howell import howell
from dupbridge.tournament.results import BoardInfo, Event, Pair, PairId, Played, Result
from tests.async_run import run_async
from tests.services.sessions.harness import harness, play_round


async def _recompute(
    url: str,
    session_id: str,
    names: dict[int, tuple[str, ...]],
    *,
    method: Method,
    tables: int,
    half: bool,
) -> tuple[ScoredEvent, Movement]:
    """Score the stored travellers again, independently of the session service: every
    table rebuilt from its stored log by a fresh table service, who sat where taken from the
    movement generator itself, scored by dupbridge.tournament."""
    engine = make_engine(url)
    store = EventStore(engine)
    fresh = TableService(store, make_bus(None))
    movement = howell(tables, 1, phantom=half)
    results: list[Result] = []
    deals: dict[int, Deal] = {}
    try:
        for record in store.session_tables(session_id):
            live = await fresh.live(record.id)
            table = live.table
            assert table.phase is Phase.FINISHED, record.name
            # the table's name says where it was played: "...: round R, table T, board B"
            words = record.name.replace(",", "").split()
            round_number, table_number = int(words[-5]), int(words[-3])
            row = movement.row_at(round_number, table_number)
            assert row is not None
            ns, ew = (entrant.number for entrant in row.seats if entrant is not None)
            deals[record.board_number] = table.deal
            lead = next((e.card for e in table.events if isinstance(e, CardPlayed)), None)
            outcome = (
                Played() if table.contract is None else Played(table.contract, table.result, lead)
            )
            results.append(
                Result(
                    record.board_number,
                    PairId(ns),
                    PairId(ew),
                    outcome,
                    table=table_number,
                    round=round_number,
                )
            )
    finally:
        await fresh.close()
        engine.dispose()
    event = Event(
        boards={n: BoardInfo.numbered(n, deal) for n, deal in deals.items()},
        pairs=tuple(Pair(PairId(n), who) for n, who in names.items()),
        results=tuple(results),
    )
    return score_event(event, ScoringOptions(method=method)), movement


def _totals(scored: ScoredEvent) -> dict[int, Fraction]:
    return {pair.number: score.total for pair, score in scored.pairs.items()}


def _order(scored: ScoredEvent) -> list[tuple[int, int, int, Fraction]]:
    """Each pair's place (first and last when shared) and total, best first."""
    return [
        (placing.key.number, placing.place, placing.last, placing.total)
        for field in scored.fields
        for placing, _score in field.placings
    ]


def run_session(tmp_path: Path, pairs: int, method: str, robot_players: tuple[int, ...]) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            config = SessionConfig(
                name="Online club pairs",
                method=method,
                boards_per_round=1,
                seed=7,
                seconds_per_board=600,
                robot_players=robot_players,
            )
            session_id, _pin = h.sessions.create(config, pin="4321")
            names: dict[int, tuple[str, ...]] = {}
            for k in range(1, pairs + 1):
                number = h.sessions.add_pair(session_id, (f"Player {2 * k - 1}", f"Player {2 * k}"))
                names[number] = (f"Player {2 * k - 1}", f"Player {2 * k}")
            movement = await h.sessions.start(session_id)
            tables = (pairs + 1) // 2
            assert len(movement.round_numbers) == 2 * tables - 1
            sat_out: set[int] = set()
            while h.sessions.view(session_id).state == "running":
                view = h.sessions.view(session_id)
                playing = {b.ns for b in view.boards} | {b.ew for b in view.boards}
                sat_out |= set(names) - playing
                await play_round(h, session_id)
                h.clock.advance(60)  # well within the round's time
                await h.sessions.tick(session_id)
            assert h.sessions.view(session_id).state == "finished"
            # every board of every round is in the store, played to its end
            boards = h.sessions.store.boards(session_id)
            assert len(boards) == sum(1 for r in movement.rows if movement.plays_at(r))
            assert all(board.finished and board.outcome is None for board in boards)
            scored = await h.sessions.ranking(session_id)
            assert scored is not None
            again, _movement = await _recompute(
                h.url, session_id, names, method=Method(method), tables=tables, half=pairs % 2 == 1
            )
            assert _totals(scored) == _totals(again)
            assert _order(scored) == _order(again)
            assert len(_order(scored)) == pairs
            assert len(scored.event.results) == len(boards)
            if pairs % 2:
                # the half table: every pair sits out one round and plays all the others
                assert sat_out == set(names)
                for pair, score in scored.pairs.items():
                    assert score.boards_played == len(movement.round_numbers) - 1, pair
            else:
                assert not sat_out

    run_async(main())


def test_a_7_table_howell_completes_and_ranks_as_recomputed(tmp_path: Path) -> None:
    """14 pairs, 13 rounds of one board; players 3, 8 and 20 are robots (missing players)."""
    run_session(tmp_path, 14, "mp", (3, 8, 20))


def test_an_odd_number_of_pairs_sits_out_in_turn_at_imps(tmp_path: Path) -> None:
    """7 pairs: a Howell with a half table; the pair meeting the phantom sits out (IMPs)."""
    run_session(tmp_path, 7, "imp-butler", (1,))
