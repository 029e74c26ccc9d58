"""The individual event online (Law 4: each player enters on his own and partnerships change
every round): a simulated session (fake clock, scripted players, robots in the empty seats)
completes, every board is in the store, and the players' ranking equals an independent
recomputation from the stored tables: who sat where from the movement generator, North-South
points by Law 77, matchpoints by Law 78A (``dupbridge.scoring.matchpoints``), each player
credited with his side's matchpoints (Law 12C3: a side's score is both members')."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dupbridge.core.boards import Board
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Phase
from dupbridge.formats.registry import get_format, read_records
from dupbridge.scoring.contract_score import score as contract_points
from dupbridge.scoring.matchpoints import matchpoint_units
from dupbridge.scoring.ranking import rank
from dupbridge.services.bus import make_bus
from dupbridge.services.sessions import SessionConfig, SessionError
from dupbridge.services.tables import TableService
from dupbridge.store import EventStore, make_engine
from dupbridge.tournament.movements import Movement
from dupbridge.tournament.movements.individual import individual_two_tables, rainbow
from tests.async_run import run_async
from tests.services.sessions.harness import Harness, harness, play_table


async def _play_round(h: Harness, session_id: str) -> None:
    """The scripted players (every player no robot plays) play the current round."""
    view = h.sessions.view(session_id)
    row = h.sessions.store.get(session_id)
    assert row is not None
    robots = set(view.config.robot_players)
    for board in view.boards:
        if not board.done:
            seats = h.sessions.seats(row, board)
            humans = frozenset(seat for seat, player in seats.items() if player not in robots)
            await play_table(h, board.table_id, humans)


async def _recompute(
    url: str, session_id: str, movement: Movement
) -> dict[int, tuple[Fraction, Fraction, int]]:
    """Each player's matchpoints, top and boards, from the stored tables alone: every table
    rebuilt from its log by a fresh table service, the seats from the movement generator."""
    engine = make_engine(url)
    store = EventStore(engine)
    fresh = TableService(store, make_bus(None))
    travellers: dict[int, list[tuple[int, dict[Seat, int]]]] = {}
    try:
        for record in store.session_tables(session_id):
            table = (await fresh.live(record.id)).table
            assert table.phase is Phase.FINISHED, record.name
            # the table's name says where it was played: "...: round R, table T, board B"
            words = record.name.replace(",", "").split()
            row = movement.row_at(int(words[-5]), int(words[-3]))
            assert row is not None
            seats = {
                seat: entrant.number
                for seat, entrant in zip(Seat, row.seats, strict=True)
                if entrant
            }
            board = Board.numbered(record.board_number)
            contract = table.contract
            ns = 0
            if contract is not None:
                assert contract.declarer is not None
                assert table.result is not None
                side = contract.declarer.side
                points = contract_points(
                    contract, table.result, board.vulnerability.is_vulnerable(side)
                )
                ns = points if side is Side.NS else -points
            travellers.setdefault(record.board_number, []).append((ns, seats))
    finally:
        await fresh.close()
        engine.dispose()
    players: dict[int, tuple[Fraction, Fraction, int]] = {}
    for lines in travellers.values():
        ns_units = matchpoint_units([ns for ns, _seats in lines])
        top = Fraction(2 * (len(lines) - 1), 2)
        for (_ns, seats), units in zip(lines, ns_units, strict=True):
            for seat, player in seats.items():
                mine = Fraction(units, 2) if seat in (Seat.N, Seat.S) else top - Fraction(units, 2)
                total, tops, boards = players.get(player, (Fraction(0), Fraction(0), 0))
                players[player] = (total + mine, tops + top, boards + 1)
    return players


def run_individual(
    tmp_path: Path, entered: int, robots: tuple[int, ...], movement: Movement
) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            config = SessionConfig(
                name="Online individual",
                method="individual",
                boards_per_round=1,
                seed=11,
                seconds_per_board=600,
                robot_players=robots,
            )
            session_id, _pin = h.sessions.create(config, pin="4321")
            for k in range(1, entered + 1):
                assert h.sessions.add_player(session_id, f"Player {k}") == k
            with pytest.raises(SessionError, match="individual event"):
                h.sessions.add_pair(session_id, ("A", "B"))
            started = await h.sessions.start(session_id)
            assert started.name == movement.name
            assert len(h.sessions.store.entries(session_id)) == len(movement.real_entrants)
            config = h.sessions.config(session_id)
            filled = set(range(entered + 1, len(movement.real_entrants) + 1))
            assert filled <= set(config.robot_players)  # robots fill the empty places
            partners: dict[int, set[int]] = {}
            while h.sessions.view(session_id).state == "running":
                view = h.sessions.view(session_id)
                row = h.sessions.store.get(session_id)
                assert row is not None
                for board in view.boards:
                    seats = h.sessions.seats(row, board)
                    assert sorted(seats.values()) == sorted(set(seats.values()))
                    for seat, player in seats.items():
                        partners.setdefault(player, set()).add(seats[seat.partner])
                    # a player's own seat page: his seat at this board, no other
                    assert h.sessions.seat_at(session_id, seats[Seat.W], board.table_id) is Seat.W
                await _play_round(h, session_id)
                h.clock.advance(60)
                await h.sessions.tick(session_id)
            assert h.sessions.view(session_id).state == "finished"
            # partnerships changed (Law 4): every player had more than one partner
            assert len(partners) == len(movement.real_entrants)
            assert all(len(mates) > 1 for mates in partners.values())
            boards = h.sessions.store.boards(session_id)
            expected = sum(
                len(movement.boards_of(r)) for r in movement.rows if movement.plays_at(r)
            )
            assert len(boards) == expected
            assert all(board.finished and board.outcome is None for board in boards)
            ranking = await h.sessions.player_ranking(session_id)
            again = await _recompute(h.url, session_id, movement)
            assert len(ranking) == len(movement.real_entrants) == len(again)
            assert {s.player: (s.matchpoints, s.top, s.boards) for s in ranking} == again
            percents = {p: 100 * mp / top for p, (mp, top, _b) in again.items()}
            assert [(s.player, s.place) for s in ranking] == [
                (placing.key, placing.label) for placing in rank(percents)
            ]
            assert ranking[0].name.startswith(("Player", "Robot"))
            assert await h.sessions.ranking(session_id) is None  # no pairs ranking
            # the close: play.pbn read back through dupbridge.formats, the players in their
            # seats of that round, every call and card checked again by the Laws engine
            await h.sessions.close(session_id)
            folder = h.sessions.files(session_id)
            assert folder is not None
            records, problems = read_records(
                get_format("pbn"), (folder / "play.pbn").read_bytes(), "play.pbn"
            )
            assert not [p for p in problems if p.is_error]
            assert len(records) == len(boards)
            row = h.sessions.store.get(session_id)
            assert row is not None
            names = {e.number: e.names[0] for e in h.sessions.store.entries(session_id)}
            where = {(b.round, b.table_number, b.board): b for b in boards}
            for record in records:
                info = (record.info_value("Round"), record.info_value("Table"))
                stored = where[int(info[0] or 0), int(info[1] or 0), record.board or 0]
                seats = h.sessions.seats(row, stored)
                assert record.players == tuple(names[seats[seat]] for seat in Seat)
                table = (await h.tables.live(stored.table_id)).table
                assert record.to_table().result == table.result

    run_async(main())


def test_an_eight_player_individual_with_two_robots_ranks_as_recomputed(tmp_path: Path) -> None:
    """6 players entered: the two-table individual, robots fill places 7 and 8; player 2
    is missing too and a robot plays for him."""
    run_individual(tmp_path, 6, (2,), individual_two_tables(1))


def test_a_rainbow_individual_ranks_as_recomputed(tmp_path: Path) -> None:
    """17 players: a Rainbow on 5 tables (20 places, 3 robots), each board played 5 times."""
    run_individual(tmp_path, 17, (), rainbow(5, 1))


def test_the_movement_is_chosen_from_the_number_of_players() -> None:
    from dupbridge.services.sessions.individual import layout

    assert layout(8) == ("individual", 2)
    assert layout(9) == ("rainbow", 5)
    assert layout(21) == ("rainbow", 7)
    assert layout(33) == ("rainbow", 11)
    with pytest.raises(SessionError, match="8 players"):
        layout(9, "individual")
    with pytest.raises(SessionError, match="individual movement"):
        layout(8, "howell")


def test_boards_not_played_in_time_give_each_player_his_sides_artificial_score(
    tmp_path: Path,
) -> None:
    """Nobody plays round 1: when time is up its boards are scored not played, average
    minus to both sides (Law 12C2a, the Director's default), and each player of a side gets
    it (Law 12C3); the session still closes."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            config = SessionConfig(
                method="individual", boards_per_round=1, seconds_per_board=60, seed=3
            )
            session_id, _pin = h.sessions.create(config, pin="2468")
            for k in range(1, 9):
                h.sessions.add_player(session_id, f"Player {k}")
            await h.sessions.start(session_id)
            assert await h.sessions.player_ranking(session_id, director=True) == []
            h.clock.advance(61)
            await h.sessions.tick(session_id)
            stored = h.sessions.store.boards(session_id)
            assert [b.outcome for b in stored if b.round == 1] == ["A-/A-", "A-/A-"]
            ranking = await h.sessions.player_ranking(session_id, director=True)
            assert sorted(s.player for s in ranking) == list(range(1, 9))
            assert {(s.percent, s.boards, s.place) for s in ranking} == {(40, 1, "1-8")}
            # players see the ranking after each complete round (the default)
            assert len(await h.sessions.player_ranking(session_id)) == 8
            for _round in range(6):
                h.clock.advance(61)
                await h.sessions.tick(session_id)
            assert h.sessions.view(session_id).state == "finished"
            await h.sessions.close(session_id)
            assert h.sessions.view(session_id).state == "closed"

    run_async(main())


def test_the_session_override_of_an_artificial_score_is_the_players_own() -> None:
    """Law 12C2(c): in an individual the contestant is the player, so average minus is
    replaced by the player's own lower percentage on his other boards (his partner of that
    round may have another)."""
    from dupbridge.scoring.adjusted import AdjustedRules, ArtificialScore
    from dupbridge.services.sessions.individual import score_individual
    from dupbridge.store.session_store import BoardRow, EntryRow

    def line(round_number: int, table: int, board: int, outcome: str) -> BoardRow:
        return BoardRow(
            f"t{round_number}{table}", round_number, table, board, 0, 0, outcome, "", True
        )

    seats = {
        (1, 1): (1, 3, 2, 4),  # N E S W: 1-2 make 4S (+420)
        (1, 2): (5, 7, 6, 8),  # 5-6 go one down (-50)
        (2, 1): (1, 5, 3, 7),  # board 2 not played at either table: average minus
        (2, 2): (2, 6, 4, 8),
    }
    outcomes = {(1, 1): "4S|N|=", (1, 2): "4S|N|-1", (2, 1): "A-/A-", (2, 2): "A-/A-"}
    boards = [
        (line(r, t, r, outcomes[r, t]), dict(zip(Seat, seats[r, t], strict=True))) for r, t in seats
    ]
    entries = [EntryRow(k, (f"Player {k}",), ("",)) for k in range(1, 9)]
    ranking = {s.player: s for s in score_individual("Ind", entries, {}, boards, {})}
    average_minus = ArtificialScore.from_str("A-/A-").ns
    for player, won in ((1, True), (3, False), (5, False), (7, True)):
        own = Fraction(100 if won else 0)
        expected = (own + average_minus.percentage(AdjustedRules(), own)) / 2
        assert ranking[player].percent == expected, player
        assert ranking[player].boards == 2
    assert ranking[3].percent < ranking[1].percent  # partners on board 2, different scores
