"""The club evening service: every accepted action is written before it is answered.

:class:`ClubService` works on the store's engine (SQLAlchemy Core, SQLite or PostgreSQL).
It loads an evening (:class:`~dupbridge.services.club.evening.Evening`), checks what a
table or the Director asks, and writes the result and an audit row in one transaction:

* tables submit results with an idempotency key; the same key again (a retry from the
  page's offline queue, or the same request arriving twice) returns the result already
  stored, so a result is recorded exactly once;
* the Director enters results for tables without a device, corrects any result, gives
  adjusted and weighted scores (Law 12C), marks the forms of a fouled board (Law 87) and
  makes late changes until the correction period ends (Law 79C); every change is an
  appended audit row with who, when, before and after.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _
from dupbridge.services.club.evening import Checked, EntryError, Evening, Line, Submission
from dupbridge.services.club.setup import EveningSetup
from dupbridge.store import schema
from dupbridge.tournament.movements import Entrant

__all__ = ["Accepted", "AuditRow", "ClubService", "EveningNotFound", "State"]


class EveningNotFound(DupbridgeError, LookupError):
    """No evening with this id."""


class State:
    """The states of an evening."""

    SETUP = "setup"
    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True)
class Accepted:
    """A result the service stored (or had stored already, for a repeated key)."""

    line: Line
    checked: Checked
    duplicate: bool = False


@dataclass(frozen=True)
class AuditRow:
    """One change to an evening's results: who, when, what, before and after."""

    seq: int
    at: datetime
    who: str
    action: str
    round: int | None
    table: int | None
    board: int | None
    before: str | None
    after: str | None
    note: str


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    # SQLite gives naive datetimes back; they were written in UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class ClubService:
    """Club evenings on one engine."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    # -- evenings ---------------------------------------------------------------------------

    def create(self, setup: EveningSetup, who: str) -> str:
        """Store a new evening; its id.

        Raises:
            SetupError: if the movement cannot be built.
        """
        _movement = setup.movement  # raises SetupError before anything is written
        evening_id = uuid.uuid4().hex[:12]
        with self._engine.begin() as connection:
            connection.execute(
                insert(schema.club_evenings).values(
                    id=evening_id, name=setup.name, setup=setup.to_json(),
                    state=State.SETUP, created_at=_now(),
                )
            )  # fmt: skip
            self._audit(connection, evening_id, who, "create", note=setup.name)
        return evening_id

    def evenings(self) -> list[tuple[str, str, str]]:
        """Every evening: ``(id, name, state)``, newest first."""
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(
                    schema.club_evenings.c.id,
                    schema.club_evenings.c.name,
                    schema.club_evenings.c.state,
                ).order_by(schema.club_evenings.c.created_at.desc())
            ).all()
        return [(row.id, row.name, row.state) for row in rows]

    def load(self, evening_id: str) -> Evening:
        """The evening with its results.

        Raises:
            EveningNotFound: if there is none with this id.
        """
        with self._engine.connect() as connection:
            return self._load(connection, evening_id)

    def state(self, evening_id: str) -> tuple[str, datetime | None]:
        """The evening's state and the time play finished."""
        with self._engine.connect() as connection:
            row = connection.execute(
                select(schema.club_evenings.c.state, schema.club_evenings.c.finished_at).where(
                    schema.club_evenings.c.id == evening_id
                )
            ).first()
        if row is None:
            raise EveningNotFound(_("no club evening {id}").format(id=evening_id))
        return row.state, None if row.finished_at is None else _aware(row.finished_at)

    def update_setup(self, evening_id: str, setup: EveningSetup, who: str) -> None:
        """Change the setup (players, hand record, options); the movement only while no
        result is stored.

        Raises:
            EntryError: if results exist and the movement would change.
        """
        with self._engine.begin() as connection:
            evening = self._load(connection, evening_id)
            if evening.lines and setup.movement.rows != evening.movement.rows:
                raise EntryError(
                    _("results are already entered: the movement can no longer change")
                )
            connection.execute(
                update(schema.club_evenings)
                .where(schema.club_evenings.c.id == evening_id)
                .values(setup=setup.to_json(), name=setup.name)
            )
            self._audit(connection, evening_id, who, "setup", note=setup.name)

    def set_state(self, evening_id: str, state: str, who: str) -> None:
        """Start play, finish it (the correction period starts, Law 79C) or reopen it."""
        values: dict[str, Any] = {"state": state}
        if state == State.FINISHED:
            values["finished_at"] = _now()
        with self._engine.begin() as connection:
            self._load(connection, evening_id)
            connection.execute(
                update(schema.club_evenings)
                .where(schema.club_evenings.c.id == evening_id)
                .values(**values)
            )
            self._audit(connection, evening_id, who, "state", note=state)

    def version(self, evening_id: str) -> int:
        """A number that grows with every change (the live pages poll it)."""
        with self._engine.connect() as connection:
            found = connection.execute(
                select(func.max(schema.club_audit.c.seq)).where(
                    schema.club_audit.c.evening_id == evening_id
                )
            ).scalar()
        return int(found or 0)

    # -- the tables -------------------------------------------------------------------------

    def preview(self, evening_id: str, table: int, round: int, submission: Submission) -> Checked:
        """Check a result without storing it (the confirmation screen)."""
        return self.load(evening_id).check(round, table, submission)

    def submit(
        self,
        evening_id: str,
        table: int,
        round: int,
        submission: Submission,
        *,
        key: str,
        who: str,
    ) -> Accepted:
        """Store a result a table confirmed, once per idempotency ``key``.

        Raises:
            EntryError: for a result the checks refuse (see :meth:`Evening.check`), or
                when the evening is not being played.
        """
        if not key or len(key) > 100:
            raise EntryError(_("a result needs an idempotency key of 1 to 100 characters"))
        with self._engine.begin() as connection:
            evening = self._load(connection, evening_id)
            known = self._by_key(connection, evening, key)
            if known is not None:
                return Accepted(known, evening.check(known.round, known.table, _again(known), director=True), True)
            state = self._state(connection, evening_id)
            if state != State.PLAYING:
                raise EntryError(_("this evening is not being played: results go to the Director"))
            checked = evening.check(round, table, submission)
            ns, ew = evening.seated(round, table)
            line = Line(
                round, table, submission.board, ns, ew, submission.cells(),
                flags=checked.flags, key=key, by=who,
            )  # fmt: skip
            try:
                with connection.begin_nested():
                    self._insert(connection, evening_id, line)
            except IntegrityError:
                pass
            else:
                self._audit(connection, evening_id, who, "enter", line=line)
                return Accepted(line, checked)
        # Someone stored this board, or this key, at the same moment: answer as if after.
        with self._engine.connect() as connection:
            evening = self._load(connection, evening_id)
            known = self._by_key(connection, evening, key)
        if known is not None:
            return Accepted(known, checked, True)
        raise EntryError(
            _("board already played: board {board} has a result at table {table} in round "
              "{round}").format(board=submission.board, table=table, round=round)
        )  # fmt: skip

    # -- the Director -----------------------------------------------------------------------

    def correct(
        self,
        evening_id: str,
        table: int,
        round: int,
        submission: Submission,
        *,
        who: str,
        group: str | None = None,
        note: str = "",
    ) -> Checked:
        """Enter or replace a result as the Director: a table without a device, a
        correction, an adjusted or weighted score (Law 12C), a fouled board's form (Law 87).

        Raises:
            EntryError: for a result the checks refuse, or after the correction period.
        """
        with self._engine.begin() as connection:
            evening = self._load(connection, evening_id)
            self._check_period(connection, evening)
            checked = evening.check(round, table, submission, director=True)
            ns, ew = evening.seated(round, table)
            before = evening.lines.get((round, table, submission.board))
            line = Line(
                round, table, submission.board, ns, ew, submission.cells(),
                group=(group or None), flags=checked.flags,
                key=before.key if before else None, by=who,
            )  # fmt: skip
            if before is not None:
                self._delete(connection, evening_id, before)
            self._insert(connection, evening_id, line)
            self._audit(
                connection, evening_id, who, "correct" if before else "enter",
                line=line, before=before, note=note,
            )  # fmt: skip
        return checked

    def remove(
        self, evening_id: str, table: int, round: int, board: int, *, who: str, note: str = ""
    ) -> None:
        """Delete a result (the Director), with an audit row.

        Raises:
            EntryError: if there is no such result, or after the correction period.
        """
        with self._engine.begin() as connection:
            evening = self._load(connection, evening_id)
            self._check_period(connection, evening)
            before = evening.lines.get((round, table, board))
            if before is None:
                raise EntryError(
                    _("no result for board {board} at table {table} in round {round}").format(
                        board=board, table=table, round=round
                    )
                )
            self._delete(connection, evening_id, before)
            self._audit(connection, evening_id, who, "delete", before=before, note=note)

    def foul(
        self, evening_id: str, board: int, groups: dict[tuple[int, int], str], *, who: str
    ) -> None:
        """Mark a fouled board (Law 87): each listed ``(round, table)`` line played the form
        named (``"A"``, ``"B"``); the others are left as they were.

        Raises:
            EntryError: for a line that has no result.
        """
        with self._engine.begin() as connection:
            evening = self._load(connection, evening_id)
            self._check_period(connection, evening)
            for (round, table), group in sorted(groups.items()):
                before = evening.lines.get((round, table, board))
                if before is None:
                    raise EntryError(
                        _("no result for board {board} at table {table} in round {round}").format(
                            board=board, table=table, round=round
                        )
                    )
                after = replace(before, group=group or None, by=who)
                connection.execute(
                    update(schema.club_results)
                    .where(_line_is(evening_id, before))
                    .values(grp=after.group, entered_by=who, updated_at=_now())
                )
                self._audit(connection, evening_id, who, "foul", line=after, before=before)

    def audit(self, evening_id: str) -> list[AuditRow]:
        """Every change, in order."""
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(schema.club_audit)
                .where(schema.club_audit.c.evening_id == evening_id)
                .order_by(schema.club_audit.c.seq)
            ).all()
        return [
            AuditRow(
                row.seq, _aware(row.at), row.who, row.action, row.round, row.table_no,
                row.board, row.before, row.after, row.note,
            )  # fmt: skip
            for row in rows
        ]

    def import_lines(self, evening_id: str, lines: Iterable[Line], *, who: str, note: str) -> int:
        """Store results read from a file (each replaces what its place held); the count.

        Raises:
            EntryError: after the correction period.
        """
        count = 0
        with self._engine.begin() as connection:
            evening = self._load(connection, evening_id)
            self._check_period(connection, evening)
            for line in lines:
                before = evening.lines.get(line.where)
                if before is not None:
                    self._delete(connection, evening_id, before)
                self._insert(connection, evening_id, line)
                self._audit(connection, evening_id, who, "import", line=line, before=before, note=note)
                count += 1
        return count

    # -- store ------------------------------------------------------------------------------

    def _state(self, connection: Connection, evening_id: str) -> str:
        return str(
            connection.execute(
                select(schema.club_evenings.c.state).where(schema.club_evenings.c.id == evening_id)
            ).scalar_one()
        )

    def _check_period(self, connection: Connection, evening: Evening) -> None:
        row = connection.execute(
            select(schema.club_evenings.c.state, schema.club_evenings.c.finished_at).where(
                schema.club_evenings.c.id == evening.id
            )
        ).one()
        if row.state != State.FINISHED or row.finished_at is None:
            return
        ends = _aware(row.finished_at) + timedelta(minutes=evening.setup.correction_minutes)
        if _now() > ends:
            raise EntryError(
                _("the correction period ended at {time} UTC (Law 79C): reopen the evening to "
                  "change a result").format(time=ends.strftime("%H:%M"))
            )  # fmt: skip

    def _load(self, connection: Connection, evening_id: str) -> Evening:
        row = connection.execute(
            select(schema.club_evenings.c.setup).where(schema.club_evenings.c.id == evening_id)
        ).first()
        if row is None:
            raise EveningNotFound(_("no club evening {id}").format(id=evening_id))
        evening = Evening(evening_id, EveningSetup.from_json(row.setup))
        for result in connection.execute(
            select(schema.club_results).where(schema.club_results.c.evening_id == evening_id)
        ):
            line = Line(
                result.round, result.table_no, result.board,
                Entrant.from_str(result.ns), Entrant.from_str(result.ew),
                json.loads(result.cells), result.grp, tuple(json.loads(result.flags)),
                result.idempotency_key, result.entered_by,
            )  # fmt: skip
            evening.lines[line.where] = line
        return evening

    def _by_key(self, connection: Connection, evening: Evening, key: str) -> Line | None:
        row = connection.execute(
            select(
                schema.club_results.c.round,
                schema.club_results.c.table_no,
                schema.club_results.c.board,
            ).where(
                and_(
                    schema.club_results.c.evening_id == evening.id,
                    schema.club_results.c.idempotency_key == key,
                )
            )
        ).first()
        if row is None:
            return None
        return evening.lines.get((row.round, row.table_no, row.board))

    def _insert(self, connection: Connection, evening_id: str, line: Line) -> None:
        connection.execute(
            insert(schema.club_results).values(
                evening_id=evening_id, round=line.round, table_no=line.table, board=line.board,
                ns=str(line.ns), ew=str(line.ew), cells=json.dumps(dict(line.cells)),
                grp=line.group, flags=json.dumps(list(line.flags)),
                idempotency_key=line.key, entered_by=line.by, updated_at=_now(),
            )
        )  # fmt: skip

    def _delete(self, connection: Connection, evening_id: str, line: Line) -> None:
        connection.execute(delete(schema.club_results).where(_line_is(evening_id, line)))

    def _audit(
        self,
        connection: Connection,
        evening_id: str,
        who: str,
        action: str,
        *,
        line: Line | None = None,
        before: Line | None = None,
        note: str = "",
    ) -> None:
        seq = connection.execute(
            select(func.coalesce(func.max(schema.club_audit.c.seq), 0)).where(
                schema.club_audit.c.evening_id == evening_id
            )
        ).scalar_one()
        where = line or before
        connection.execute(
            insert(schema.club_audit).values(
                evening_id=evening_id, seq=int(seq) + 1, at=_now(), who=who[:80],
                action=action, round=where.round if where else None,
                table_no=where.table if where else None, board=where.board if where else None,
                before=before.to_json() if before else None,
                after=line.to_json() if line else None, note=note,
            )
        )  # fmt: skip


def _line_is(evening_id: str, line: Line) -> Any:
    return and_(
        schema.club_results.c.evening_id == evening_id,
        schema.club_results.c.round == line.round,
        schema.club_results.c.table_no == line.table,
        schema.club_results.c.board == line.board,
    )


def _again(line: Line) -> Submission:
    return Submission.from_cells(line.board, line.cells)
