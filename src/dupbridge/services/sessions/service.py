"""The online session: entries, the movement, rounds on a clock, the ranking and the close.

:class:`SessionService` runs online sessions on top of the table service. Its state is in
the store (:class:`~dupbridge.store.session_store.SessionStore`): each change is written
before it is answered, and a restarted server carries on.

The life of a session:

1. :meth:`~SessionService.create`: the Conditions of Contest (:class:`SessionConfig`) and a
   PIN; the session is *open* for entries.
2. Entries (:meth:`~SessionService.add_pair`; single players at the partnership desk,
   :meth:`~SessionService.add_single`, are paired in the order they come). Each entry gets
   a pair number ``k``; its players are numbers ``2k-1`` and ``2k`` and are registered for
   sign-in (PIN and number, or a one-time link).
3. :meth:`~SessionService.start`: the movement is built (Law 8; named by the Director or
   chosen from the number of tables: a Howell, a Mitchell from 9 tables; an odd number of
   pairs makes a half table whose visitors sit out), the boards are dealt and round 1
   starts: one table-service table per board per table.
4. :meth:`~SessionService.tick` (every second on a server; by hand with a fake clock in
   tests) moves the session on: when every board of the round is over the next round
   starts; when the round's time is up the Director's rules apply to the boards not over
   (Law 12C2: not played, an artificial adjusted score), and the players are warned
   before that.
5. After the last round the session is *finished*; :meth:`~SessionService.close` writes
   the results (the website, PBN with the play, USEBIO 1.2) and opens the correction
   period (Law 79C), in which :meth:`~SessionService.correct` may still change a result.
"""

from __future__ import annotations

import asyncio
import math
import random
import uuid
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import _
from dupbridge.services.access import Principal
from dupbridge.services.online import DirectorScore, TableSettings
from dupbridge.services.sessions.autoplay import call_maybe_async
from dupbridge.services.sessions.base import (
    RoundBoard,
    SessionBase,
)
from dupbridge.services.sessions.config import (
    CorrectionClosedError,
    SessionClosedError,
    SessionConfig,
    SessionError,
    SessionForbiddenError,
)
from dupbridge.services.sessions.individual import (
    IndividualScore,
    individual_event,
    layout,
    score_individual,
    seating,
    seats_of,
    write_individual,
)
from dupbridge.services.sessions.individual import play_records as individual_plays
from dupbridge.services.sessions.results import (
    SessionFiles,
    decode_outcome,
    play_records,
    score,
    session_event,
    session_penalties,
    write_files,
)
from dupbridge.store.session_store import BoardRow, SessionRow
from dupbridge.tournament.event_scoring import ScoredEvent
from dupbridge.tournament.movements import Movement
from dupbridge.tournament.movements.catalog import Options, build

__all__ = ["MITCHELL_FROM", "SessionService"]

#: Tables from which a session is a Mitchell rather than a Howell (when not named).
MITCHELL_FROM = 9


class SessionService(SessionBase):
    """Online sessions on a store and a table service (see the module's description).

    Args:
        store: the sessions' store.
        tables: the table service (it plays and stores every board).
        clock: where time is read (a fake clock in tests).
        registrar: sign-in for the players (the access store), if any.
        robots: plays seats of missing players (``attach(table_id, seats)``, ``detach``).
        exports_dir: where the results are written at the close (one folder a session).
    """

    # --- the start and the rounds -----------------------------------------------------------

    def _lock(self, session_id: str) -> asyncio.Lock:
        return self._locks.setdefault(session_id, asyncio.Lock())

    async def start(self, session_id: str) -> Movement:
        """Build the movement, deal the boards and start round 1.

        A single player still at the partnership desk gets a robot partner.

        Raises:
            SessionError: if the session is not open or has fewer than three pairs, or the
                movement cannot be built for so many pairs.
        """
        async with self._lock(session_id):
            row = self._open(session_id)
            config = SessionConfig.from_json(row.config["conditions"])
            desk = list(row.config.get("desk", []))
            if desk and not config.teams:
                name, member = desk[0]
                self.store.update(session_id, config={**row.config, "desk": []})
                row = self._row(session_id)
                # The single's membership was checked at the desk; his partner is a robot.
                number = self.enter_pair(
                    session_id, (name, _("Robot")), (member, ""), checked=False
                )
                config = replace(config, robot_players=(*config.robot_players, 2 * number))
            entries = self.store.entries(session_id)
            if len(entries) < 3:
                raise SessionError(
                    _("a session needs at least 3 entries; {count} entered").format(
                        count=len(entries)
                    )
                )
            if config.individual:
                config = self._robots_fill(session_id, config)
                entries = self.store.entries(session_id)
            tables = math.ceil(len(entries) / 2)
            half = len(entries) % 2 == 1
            family = config.movement or ("howell" if tables < MITCHELL_FROM else "mitchell")
            if config.teams:
                # Team families count teams, not tables; an odd number has a bye.
                tables, half = len(entries), False
                family = config.movement or "round-robin"
            if config.individual:  # four players a table (Law 4), robots in the empty seats
                family, tables = layout(len(entries), config.movement)
                half = False
            spec = {
                "family": family,
                "tables": tables,
                "half": half,
                "boards_per_round": config.boards_per_round,
                "rounds": config.rounds or None,
            }
            try:
                movement = build(
                    family, Options(tables, half, config.boards_per_round, config.rounds or None)
                )
            except Exception as error:  # MovementError and friends: say why, change nothing
                raise SessionError(
                    _("no {family} movement for {pairs} pairs: {reason}").format(
                        family=family, pairs=len(entries), reason=error
                    )
                ) from None
            real = movement.real_entrants
            if len(real) < len(entries):
                raise SessionError(
                    _("the {family} movement has places for {places} pairs, not {pairs}").format(
                        family=family, places=len(real), pairs=len(entries)
                    )
                )
            entrants = {
                entry.number: (entrant.number, None if entrant.line is None else entrant.line.name)
                for entry, entrant in zip(entries, real, strict=False)
            }
            rng = random.Random(config.seed) if config.seed is not None else random.Random()
            deals = {str(number): Deal.random(rng).to_pbn() for number in movement.boards}
            self._movements[session_id] = movement
            seated: dict[str, list[int]] = {}
            if config.individual:
                seated = seating(movement, {v[0]: k for k, v in entrants.items()})
            self.store.update(
                session_id,
                config={
                    **row.config,
                    "conditions": config.to_json(),
                    "movement": spec,
                    "entrants": {str(k): list(v) for k, v in entrants.items()},
                    "deals": deals,
                    "mitchell": family.startswith("mitchell"),
                    "teams": config.teams,
                    "seating": seated,
                },
                state="running",
            )
            await self._start_round(session_id, movement.round_numbers[0])
            return movement

    def _entrants(self, row: SessionRow) -> dict[int, tuple[int, str | None]]:
        return {int(k): (int(v[0]), v[1]) for k, v in row.config.get("entrants", {}).items()}

    def _deals(self, row: SessionRow) -> dict[int, Deal]:
        return {int(k): Deal.from_pbn(v) for k, v in row.config.get("deals", {}).items()}

    async def _start_round(self, session_id: str, round_number: int) -> None:
        row = self._row(session_id)
        movement = self.movement(session_id)
        assert movement is not None
        config = SessionConfig.from_json(row.config["conditions"])
        by_entrant = {
            (number, line): entry for entry, (number, line) in self._entrants(row).items()
        }
        deals = self._deals(row)
        created: list[BoardRow] = []
        for place in movement.rows_in_round(round_number):
            if not movement.plays_at(place):
                continue  # a phantom's table: its visitors sit out
            if config.individual:  # the board row keeps North and East; seating has all four
                seats = seats_of(row.config["seating"], round_number, place.table)
                ns, ew = seats[Seat.N], seats[Seat.E]
            else:
                ns_entrant, ew_entrant = place.seats
                if place.arrow_switch:
                    ns_entrant, ew_entrant = ew_entrant, ns_entrant
                assert ns_entrant is not None
                assert ew_entrant is not None
                ns = by_entrant[(ns_entrant.number, _line(ns_entrant.line))]
                ew = by_entrant[(ew_entrant.number, _line(ew_entrant.line))]
            for number in movement.boards_of(place):
                table_id, _session = await self.tables.create_table(
                    deals[number],
                    Board.numbered(number),
                    TableSettings(),
                    session_id=session_id,
                    name=_("{session}: round {round}, table {table}, board {board}").format(
                        session=row.name, round=round_number, table=place.table, board=number
                    ),
                )
                created.append(
                    BoardRow(table_id, round_number, place.table, number, ns, ew, None, "", False)
                )
        self.store.add_boards(session_id, created)
        self.store.update(
            session_id,
            current_round=round_number,
            round_started_at=self.clock.now(),
            warned=0,
        )
        await self._attach_robots(self._row(session_id), created)

    def _robots_fill(self, session_id: str, config: SessionConfig) -> SessionConfig:
        """An individual event's empty places get robot players (missing players)."""
        count = len(self.store.entries(session_id))
        tables = layout(count, config.movement)[1]
        robots = [
            self._enter_player(session_id, _("Robot {number}").format(number=index + 1), "")
            for index in range(4 * tables - count)
        ]
        return replace(config, robot_players=(*config.robot_players, *robots))

    async def _attach_robots(self, row: SessionRow, boards: Iterable[BoardRow]) -> None:
        config = SessionConfig.from_json(row.config["conditions"])
        if self.robots is None or not config.robot_players:
            return
        robot = set(config.robot_players)
        for board in boards:
            seats = [seat for seat, player in self.seats(row, board).items() if player in robot]
            if seats:
                await call_maybe_async(self.robots.attach, board.table_id, seats)

    async def robot_for(self, session_id: str, player: int, robot: bool = True) -> None:
        """A robot plays for player ``player`` (a missing player) from now on, at the boards
        of the current round he has not finished too; or no longer does (his seats are
        his again from the next round)."""
        self.set_robot(session_id, player, robot)
        if not robot or self.robots is None:
            return
        view, row = self.view(session_id), self._row(session_id)
        for board in view.boards:
            if board.done:
                continue
            seat = self.seat_of(row, board, player)
            if seat is not None:
                await call_maybe_async(self.robots.attach, board.table_id, [seat])

    async def _table_of(self, table_id: str) -> Table:
        return (await self.tables.live(table_id)).table

    async def tick(self, session_id: str) -> str:
        """Move the session on by the clock and the tables: warn, apply the time-out rules,
        start the next round, finish. Returns the state afterwards.

        A board not over when the round's time is up gets the Director's rule: one not
        started is scored not played (an artificial adjusted score, Law 12C2) or played
        late; one in play is let finish or stopped and scored not played.
        """
        async with self._lock(session_id):
            row = self._row(session_id)
            if row.state != "running":
                return row.state
            config = SessionConfig.from_json(row.config["conditions"])
            boards = [b for b in self.store.boards(session_id) if b.round == row.current_round]
            pending = [b for b in boards if not b.finished and b.outcome is None]
            now = self.clock.now()
            assert row.round_started_at is not None
            deadline = row.round_started_at + self._round_seconds(config, boards)
            if pending and now >= deadline:
                for board in pending:
                    head = await asyncio.to_thread(self.tables.store.head, board.table_id)
                    started = (head or 0) > 0
                    if started and config.overtime == "score":
                        note = _("stopped: over time (Law 12C2)")
                    elif not started and config.unstarted == "score":
                        note = _("not played: not started in time (Law 12C2)")
                    else:
                        continue
                    self.store.set_outcome(board.table_id, config.timeout_score, note)
                    if self.robots is not None:
                        await call_maybe_async(self.robots.detach, board.table_id)
                boards = [b for b in self.store.boards(session_id) if b.round == row.current_round]
                pending = [b for b in boards if not b.finished and b.outcome is None]
            elif pending and not row.warned and now >= deadline - config.warning_s:
                self.store.update(session_id, warned=1)
            if pending:
                return "running"
            movement = self.movement(session_id)
            assert movement is not None
            later = [r for r in movement.round_numbers if r > row.current_round]
            if later:
                await self._start_round(session_id, later[0])
                return "running"
            self.store.update(session_id, state="finished")
        if config.auto_close:
            await self.close(session_id)
            return "closed"
        return "finished"

    async def resume(self) -> None:
        """After a restart: robots take their seats again at the unfinished boards of every
        running session's current round."""
        for row in self.store.all():
            if row.state != "running":
                continue
            boards = [
                b
                for b in self.store.boards(row.id)
                if b.round == row.current_round and not b.finished and b.outcome is None
            ]
            await self._attach_robots(row, boards)

    async def tick_all(self) -> None:
        """Tick every running session (a server calls this every second)."""
        for row in self.store.all():
            if row.state == "running":
                await self.tick(row.id)

    # --- players ----------------------------------------------------------------------------

    def my_boards(self, session_id: str, player: int) -> tuple[Seat, list[RoundBoard]] | None:
        """Player ``player``'s seat and boards in the current round, in order (None: he sits
        out this round, or the session is not running).

        Raises:
            SessionClosedError: if the session is closed.
        """
        view = self.view(session_id)
        if view.state == "closed":
            raise SessionClosedError(
                _("session {name!r} is closed: its tables take no more play").format(name=view.name)
            )
        row = self._row(session_id)
        mine = [b for b in view.boards if self.seat_of(row, b, player) is not None]
        if not mine:
            return None
        seat = self.seat_of(row, mine[0], player)
        assert seat is not None
        return seat, sorted(mine, key=lambda b: b.board)

    def seat_at(self, session_id: str, player: int, table_id: str) -> Seat:
        """The seat player ``player`` holds at board table ``table_id`` of the session.

        Raises:
            SessionForbiddenError: if he does not sit at that table (a forged seat).
            SessionClosedError: if the session is closed.
        """
        row = self._row(session_id)
        self._not_closed(row)
        for board in self.store.boards(session_id):
            if board.table_id == table_id:
                seat = self.seat_of(row, board, player)
                if seat is None:
                    break
                return seat
        raise SessionForbiddenError(
            _("player {number} has no seat at table {table} of this session").format(
                number=player, table=table_id
            )
        )

    # --- results ----------------------------------------------------------------------------

    async def _event_parts(self, row: SessionRow) -> tuple[list[BoardRow], dict[str, Table]]:
        """The session's boards and their tables; a board's Director's score is what the
        last ``DirectorScored`` event of its table's log says (the stored one is its copy)."""
        boards, tables = [], {}
        for board in self.store.boards(row.id):
            live = await self.tables.live(board.table_id)
            tables[board.table_id] = live.table
            if live.director_scores:
                board = replace(board, outcome=live.director_scores[-1][1].get("score"))  # noqa: PLW2901
            boards.append(board)
        return boards, tables

    async def scored(self, session_id: str, *, rounds: int | None = None) -> ScoredEvent | None:
        """The session scored so far (rounds up to ``rounds`` when given); None before any
        result."""
        row = self._row(session_id)
        config = SessionConfig.from_json(row.config["conditions"])
        if "entrants" not in row.config or config.individual:
            return None  # an individual event ranks players: see :meth:`player_ranking`
        boards, tables = await self._event_parts(row)
        event = session_event(
            row.name,
            self.store.entries(session_id),
            self._entrants(row),
            deals=self._deals(row),
            boards=boards,
            tables=tables,
            mitchell=bool(row.config.get("mitchell")),
            teams=bool(row.config.get("teams")),
            rounds=rounds,
        )
        if not event.results:
            return None
        if self.director_log is not None:  # the Director's penalties (Laws 90, 91)
            entries = self.director_log.log(session_id)
            extra = session_penalties(entries, self._entrants(row))
            event = replace(event, penalties=(*event.penalties, *extra))
        return score(event, config.method)

    async def ranking(self, session_id: str, *, director: bool = False) -> ScoredEvent | None:
        """The ranking players may see now, as the conditions allow: after every board
        (``live``), after each complete round (``round``), or only once the session is
        finished (``end``). The Director always sees everything so far."""
        shown, rounds = self._shown_rounds(self._row(session_id), director)
        return await self.scored(session_id, rounds=rounds) if shown else None

    def _shown_rounds(self, row: SessionRow, director: bool) -> tuple[bool, int | None]:
        config = SessionConfig.from_json(row.config["conditions"])
        over = row.state in ("finished", "closed")
        if director or over or config.ranking == "live":
            return True, None
        if config.ranking == "end":
            return False, None
        return True, row.current_round - 1

    async def player_ranking(
        self, session_id: str, *, director: bool = False
    ) -> list[IndividualScore]:
        """An individual event's players ranked (see :meth:`ranking` for what is shown
        when): each player has his side's matchpoints on every board he played (Laws 4,
        78A); empty for pairs and teams, or when nothing may be shown yet."""
        row = self._row(session_id)
        config = SessionConfig.from_json(row.config["conditions"])
        shown, rounds = self._shown_rounds(row, director)
        if not shown or not config.individual or "entrants" not in row.config:
            return []
        boards, tables = await self._event_parts(row)
        return score_individual(
            row.name,
            self.store.entries(session_id),
            self._deals(row),
            [(board, self.seats(row, board)) for board in boards],
            tables,
            rounds=rounds,
        )

    async def close(self, session_id: str) -> SessionFiles | None:
        """Close the session: write the results (when there is a folder for them) and open
        the correction period (Law 79C).

        Raises:
            SessionError: if the session has not finished its rounds.
            SessionClosedError: if it is closed already.
        """
        async with self._lock(session_id):
            row = self._row(session_id)
            self._not_closed(row)
            if row.state != "finished":
                raise SessionError(
                    _("session {name!r} cannot close before its last round is over").format(
                        name=row.name
                    )
                )
            files = await self._write(row)
            self.store.update(session_id, state="closed", closed_at=self.clock.now())
            return files

    async def _write(self, row: SessionRow) -> SessionFiles | None:
        if self.exports_dir is None:
            return None
        if SessionConfig.from_json(row.config["conditions"]).individual:
            boards, tables = await self._event_parts(row)
            seated = [(board, self.seats(row, board)) for board in boards]
            players = self.store.entries(row.id)
            event = individual_event(row.name, players, self._deals(row), seated, tables)
            if event is None:
                return None
            records = individual_plays(row.name, players, seated, tables)
            return write_individual(event, records, self.exports_dir / row.id)
        scored = await self.scored(row.id)
        if scored is None:
            return None
        boards, tables = await self._event_parts(row)
        entries = {entry.number: entry for entry in self.store.entries(row.id)}
        plays = play_records(scored.event, entries, boards, tables)
        return write_files(scored, plays, self.exports_dir / row.id)

    def files(self, session_id: str) -> Path | None:
        """The folder of the session's results, once written."""
        if self.exports_dir is None:
            return None
        folder = self.exports_dir / session_id
        written = (folder / "index.html").exists() or (folder / "play.pbn").exists()
        return folder if written else None

    async def correct(
        self,
        session_id: str,
        table_id: str,
        outcome: str | None,
        note: str = "",
        *,
        director: Principal | None = None,
        entry: DirectorScore | None = None,
    ) -> int | None:
        """The Director changes a board's result: an artificial score (``A60/40``), a
        result (``4S|N|=``) or None to let the table's own result stand. After the close
        the results are written again.

        With ``director``, the change is first an event of the board's table log (a
        ``DirectorScored`` event with his name and the time: ``entry``, or a correction /
        withdrawal made of ``outcome``); the stored score is what the log's last such event
        says. Returns the event's seq (None without ``director``).

        Raises:
            CorrectionClosedError: after the correction period (Law 79C).
            SessionError: for a board not in the session or a score that is not one.
        """
        if director is not None and entry is None:
            kind = "correction" if outcome is not None else "withdrawal"
            entry = DirectorScore(kind, outcome, note=note)
        async with self._lock(session_id):
            row = self._row(session_id)
            config = SessionConfig.from_json(row.config["conditions"])
            if row.state == "closed":
                assert row.closed_at is not None
                until = row.closed_at + config.correction_s
                if self.clock.now() > until:
                    raise CorrectionClosedError(
                        _(
                            "the correction period of session {name!r} ended {minutes} minutes "
                            "after the close: its results can no longer be changed (Law 79C)"
                        ).format(name=row.name, minutes=round(config.correction_s / 60))
                    )
            if not any(b.table_id == table_id for b in self.store.boards(session_id)):
                raise SessionError(
                    _("board table {table!r} is not part of this session").format(table=table_id)
                )
            if outcome is not None:
                try:
                    decode_outcome(outcome)
                except NotationError as error:
                    raise SessionError(
                        _("not a result or an adjusted score: {reason}").format(reason=error)
                    ) from None
            seq: int | None = None
            if director is not None and entry is not None:
                key = uuid.uuid4().hex
                answer = await self.tables.direct(table_id, director, entry, None, key)
                if answer["type"] != "ack":  # another process wrote first: nothing changed
                    raise SessionError(str(answer["message"]))
                seq = int(answer["seq"])
            self.store.set_outcome(table_id, outcome, note)
            if row.state == "closed":
                await self._write(row)
            return seq


def _line(side: Any) -> str | None:
    return None if side is None else str(side.name)
