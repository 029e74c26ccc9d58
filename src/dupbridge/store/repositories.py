"""The event store: each table's append-only log, keyed by (table, seq).

One :class:`EventStore` per engine. Reads open a connection; writes go through
:meth:`EventStore.unit_of_work`, whose repositories never commit: the unit of work commits once
on leaving the ``with`` block, or rolls everything back. A command's events are appended in one
unit of work, so they are stored all together or not at all.

A clash on the primary key (another process appended at the same ``seq``) or on an idempotency
key raises :class:`ConflictError` and nothing is stored.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from dupbridge.store import schema

__all__ = [
    "ConflictError",
    "EventStore",
    "NewEvent",
    "StoredEvent",
    "TableRecord",
    "UnitOfWork",
]


class ConflictError(Exception):
    """Another writer got there first (the same seq, or the same idempotency key)."""


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: its seq in the table's log, the seq of its command's first event
    (``batch``), its JSON object, the actor and, on a command's first event, the client's
    idempotency key."""

    seq: int
    batch: int
    payload: dict[str, Any]
    actor: str
    key: str | None = None


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One row of a table's log."""

    table_id: str
    seq: int
    batch: int
    kind: str
    actor: str
    key: str | None
    payload: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One table of a session."""

    id: str
    session_id: str
    name: str
    board_number: int
    settings: dict[str, Any]
    created_at: datetime
    finished_at: datetime | None


def _now() -> datetime:
    return datetime.now(UTC)


def _dumps(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _stored(row: Any) -> StoredEvent:
    return StoredEvent(
        row.table_id,
        row.seq,
        row.batch,
        row.kind,
        row.actor,
        row.idempotency_key,
        json.loads(row.payload),
        row.created_at,
    )


def _table(row: Any) -> TableRecord:
    return TableRecord(
        row.id,
        row.session_id,
        row.name,
        row.board_number,
        json.loads(row.settings),
        row.created_at,
        row.finished_at,
    )


class UnitOfWork:
    """The writes of one command, on one connection inside one transaction."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    def create_session(self, session_id: str, name: str, settings: dict[str, Any]) -> None:
        """Add a session (an evening's event) with its settings."""
        self._connection.execute(
            insert(schema.sessions).values(
                id=session_id, name=name, settings=_dumps(settings), created_at=_now()
            )
        )

    def create_table(
        self,
        table_id: str,
        session_id: str,
        board_number: int,
        settings: dict[str, Any],
        name: str = "",
    ) -> None:
        """Add a table of a session, with its settings and its four empty seats."""
        self._connection.execute(
            insert(schema.tables).values(
                id=table_id,
                session_id=session_id,
                name=name,
                board_number=board_number,
                settings=_dumps(settings),
                created_at=_now(),
            )
        )
        self._connection.execute(
            insert(schema.seats), [{"table_id": table_id, "seat": seat} for seat in "NESW"]
        )

    def append(self, table_id: str, new: Sequence[NewEvent]) -> None:
        """Append events to a table's log (stored when the unit of work commits)."""
        self.append_many([(table_id, new)])

    def append_many(self, logs: Sequence[tuple[str, Sequence[NewEvent]]]) -> None:
        """Append events to several tables' logs in one statement (one ``executemany`` for a
        whole group commit)."""
        now = _now()
        rows = [
            {
                "table_id": table_id,
                "seq": event.seq,
                "batch": event.batch,
                "kind": str(event.payload.get("type", "")),
                "actor": event.actor,
                "idempotency_key": event.key,
                "payload": _dumps(event.payload),
                "created_at": now,
            }
            for table_id, new in logs
            for event in new
        ]
        self._connection.execute(insert(schema.events), rows)

    def mark_finished(self, table_id: str) -> None:
        """Record that play is over at the table (kibitzers wait for every table)."""
        self._connection.execute(
            update(schema.tables).where(schema.tables.c.id == table_id).values(finished_at=_now())
        )


class EventStore:
    """Reads and units of work over one engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.engine.dialect.name

    @contextmanager
    def unit_of_work(self) -> Iterator[UnitOfWork]:
        """One transaction: committed when the block ends, rolled back if it raises.

        Raises:
            ConflictError: if a primary or unique key clashed (nothing is stored).
        """
        try:
            with self.engine.begin() as connection:
                yield UnitOfWork(connection)
        except IntegrityError as error:
            raise ConflictError(str(error.orig)) from error

    def table(self, table_id: str) -> TableRecord | None:
        """The table ``table_id``, or None if there is none."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(schema.tables).where(schema.tables.c.id == table_id)
            ).first()
        return None if row is None else _table(row)

    def session_exists(self, session_id: str) -> bool:
        """Whether there is a session ``session_id``."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(schema.sessions.c.id).where(schema.sessions.c.id == session_id)
            ).first()
        return found is not None

    def session_settings(self, session_id: str) -> dict[str, Any]:
        """The settings of session ``session_id`` (empty if there is none)."""
        with self.engine.connect() as connection:
            value = connection.execute(
                select(schema.sessions.c.settings).where(schema.sessions.c.id == session_id)
            ).scalar()
        return {} if value is None else dict(json.loads(value))

    def session_tables(self, session_id: str) -> list[TableRecord]:
        """Every table of a session."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(schema.tables)
                .where(schema.tables.c.session_id == session_id)
                .order_by(schema.tables.c.created_at, schema.tables.c.id)
            ).all()
        return [_table(row) for row in rows]

    def events(self, table_id: str, since: int = -1) -> list[StoredEvent]:
        """The table's log after ``since`` (all of it by default), in seq order."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(schema.events)
                .where(schema.events.c.table_id == table_id, schema.events.c.seq > since)
                .order_by(schema.events.c.seq)
            ).all()
        return [_stored(row) for row in rows]

    def head(self, table_id: str) -> int | None:
        """The last seq of the table's log (None: no such log)."""
        with self.engine.connect() as connection:
            value: int | None = connection.execute(
                select(func.max(schema.events.c.seq)).where(schema.events.c.table_id == table_id)
            ).scalar()
        return value

    def batch_of_key(self, table_id: str, key: str) -> list[StoredEvent]:
        """The events of the command that came with idempotency key ``key`` (empty: none)."""
        with self.engine.connect() as connection:
            first = connection.execute(
                select(schema.events.c.seq).where(
                    schema.events.c.table_id == table_id,
                    schema.events.c.idempotency_key == key,
                )
            ).scalar()
            if first is None:
                return []
            rows = connection.execute(
                select(schema.events)
                .where(schema.events.c.table_id == table_id, schema.events.c.batch == first)
                .order_by(schema.events.c.seq)
            ).all()
        return [_stored(row) for row in rows]
