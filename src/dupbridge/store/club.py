"""The club evenings' tables: evenings, results (one row per round, table and board, with
the idempotency key it was sent with, unique per evening) and the append-only audit log.

:class:`ClubStore` hands out :class:`ClubUnit` transactions; the club service
(:mod:`dupbridge.services.club`) decides what to write. Results are plain rows here
(:class:`ClubRow`); the service gives them their meaning.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from dupbridge.store import schema

__all__ = ["AuditRecord", "ClubConflictError", "ClubRow", "ClubStore", "ClubUnit", "EveningRecord"]


class ClubConflictError(Exception):
    """A result row whose place (round, table, board) or idempotency key is taken."""


@dataclass(frozen=True)
class ClubRow:
    """One stored result."""

    round: int
    table: int
    board: int
    ns: str
    ew: str
    cells: Mapping[str, str]
    group: str | None = None
    flags: tuple[str, ...] = ()
    key: str | None = None
    by: str = ""


@dataclass(frozen=True)
class EveningRecord:
    """An evening's row: its setup (JSON text), state and the time play finished."""

    id: str
    name: str
    setup: str
    state: str
    finished_at: datetime | None


@dataclass(frozen=True)
class AuditRecord:
    """One row of the audit log."""

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


def _aware(moment: datetime | None) -> datetime | None:
    # SQLite gives naive datetimes back; they were written in UTC.
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def _place(evening_id: str, round: int, table: int, board: int) -> Any:
    results = schema.club_results.c
    return and_(
        results.evening_id == evening_id,
        results.round == round,
        results.table_no == table,
        results.board == board,
    )


class ClubUnit:
    """The reads and writes of one transaction."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    def evening(self, evening_id: str) -> EveningRecord | None:
        """The evening's row, or None."""
        row = self._connection.execute(
            select(schema.club_evenings).where(schema.club_evenings.c.id == evening_id)
        ).first()
        if row is None:
            return None
        return EveningRecord(row.id, row.name, row.setup, row.state, _aware(row.finished_at))

    def create(self, evening_id: str, name: str, setup: str, state: str) -> None:
        """Add an evening."""
        self._connection.execute(
            insert(schema.club_evenings).values(
                id=evening_id, name=name, setup=setup, state=state, created_at=_now()
            )
        )

    def set_setup(self, evening_id: str, name: str, setup: str) -> None:
        """Replace the setup."""
        self._connection.execute(
            update(schema.club_evenings)
            .where(schema.club_evenings.c.id == evening_id)
            .values(setup=setup, name=name)
        )

    def set_state(self, evening_id: str, state: str, *, finished: bool) -> None:
        """Change the state (and stamp the end of play when ``finished``)."""
        values: dict[str, Any] = {"state": state}
        if finished:
            values["finished_at"] = _now()
        self._connection.execute(
            update(schema.club_evenings)
            .where(schema.club_evenings.c.id == evening_id)
            .values(**values)
        )

    def rows(self, evening_id: str) -> list[ClubRow]:
        """Every result of the evening."""
        found = self._connection.execute(
            select(schema.club_results).where(schema.club_results.c.evening_id == evening_id)
        )
        return [
            ClubRow(
                row.round,
                row.table_no,
                row.board,
                row.ns,
                row.ew,
                json.loads(row.cells),
                row.grp,
                tuple(json.loads(row.flags)),
                row.idempotency_key,
                row.entered_by,
            )
            for row in found
        ]

    def place_of_key(self, evening_id: str, key: str) -> tuple[int, int, int] | None:
        """``(round, table, board)`` of the result sent with ``key``, or None."""
        results = schema.club_results.c
        row = self._connection.execute(
            select(results.round, results.table_no, results.board).where(
                and_(results.evening_id == evening_id, results.idempotency_key == key)
            )
        ).first()
        return None if row is None else (row.round, row.table_no, row.board)

    def insert(self, evening_id: str, row: ClubRow) -> None:
        """Add a result.

        Raises:
            ClubConflictError: if its place or its key is taken (nothing is written).
        """
        try:
            with self._connection.begin_nested():
                self._connection.execute(
                    insert(schema.club_results).values(
                        evening_id=evening_id, round=row.round, table_no=row.table,
                        board=row.board, ns=row.ns, ew=row.ew, cells=json.dumps(dict(row.cells)),
                        grp=row.group, flags=json.dumps(list(row.flags)),
                        idempotency_key=row.key, entered_by=row.by, updated_at=_now(),
                    )
                )  # fmt: skip
        except IntegrityError as error:
            raise ClubConflictError(str(error.orig)) from None

    def delete(self, evening_id: str, round: int, table: int, board: int) -> None:
        """Remove a result."""
        self._connection.execute(
            delete(schema.club_results).where(_place(evening_id, round, table, board))
        )

    def set_group(
        self, evening_id: str, round: int, table: int, board: int, *, group: str | None, by: str
    ) -> None:
        """Record the form of a fouled board a result was played in."""
        self._connection.execute(
            update(schema.club_results)
            .where(_place(evening_id, round, table, board))
            .values(grp=group, entered_by=by, updated_at=_now())
        )

    def audit(
        self,
        evening_id: str,
        who: str,
        action: str,
        *,
        where: tuple[int, int, int] | None = None,
        before: str | None = None,
        after: str | None = None,
        note: str = "",
    ) -> None:
        """Append an audit row."""
        seq = self._connection.execute(
            select(func.coalesce(func.max(schema.club_audit.c.seq), 0)).where(
                schema.club_audit.c.evening_id == evening_id
            )
        ).scalar_one()
        round, table, board = where if where is not None else (None, None, None)
        self._connection.execute(
            insert(schema.club_audit).values(
                evening_id=evening_id, seq=int(seq) + 1, at=_now(), who=who[:80], action=action,
                round=round, table_no=table, board=board, before=before, after=after, note=note,
            )
        )  # fmt: skip


class ClubStore:
    """Club evenings on one engine."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    @contextmanager
    def write(self) -> Iterator[ClubUnit]:
        """A transaction that commits when the block ends without an exception."""
        with self._engine.begin() as connection:
            yield ClubUnit(connection)

    @contextmanager
    def read(self) -> Iterator[ClubUnit]:
        """A connection for reads."""
        with self._engine.connect() as connection:
            yield ClubUnit(connection)

    def evenings(self) -> list[tuple[str, str, str]]:
        """Every evening: ``(id, name, state)``, newest first."""
        table = schema.club_evenings.c
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(table.id, table.name, table.state).order_by(table.created_at.desc())
            ).all()
        return [(row.id, row.name, row.state) for row in rows]

    def version(self, evening_id: str) -> int:
        """The last audit row's number (grows with every change)."""
        with self._engine.connect() as connection:
            found = connection.execute(
                select(func.max(schema.club_audit.c.seq)).where(
                    schema.club_audit.c.evening_id == evening_id
                )
            ).scalar()
        return int(found or 0)

    def audit_rows(self, evening_id: str) -> list[AuditRecord]:
        """The audit log, in order."""
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(schema.club_audit)
                .where(schema.club_audit.c.evening_id == evening_id)
                .order_by(schema.club_audit.c.seq)
            ).all()
        return [
            AuditRecord(
                row.seq,
                _aware(row.at) or row.at,
                row.who,
                row.action,
                row.round,
                row.table_no,
                row.board,
                row.before,
                row.after,
                row.note,
            )
            for row in rows
        ]
