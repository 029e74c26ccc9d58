"""The Director's store (docs/director.md): rulings made with the assistant and the console's
append-only audit log.

A ruling is kept as its table record (docs/table-records.md), rewritten whole on every
accepted step in one transaction, so what the Director was told was accepted is on disk
before he sees it. The audit log is never updated: a revision is a new row that names the
row it revises (the original stays).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, insert, select, update

from dupbridge.store import schema

__all__ = ["DirectorStore", "LogEntry", "StoredRuling"]


@dataclass(frozen=True, slots=True)
class StoredRuling:
    """A ruling made with the assistant: its table record and who made it."""

    id: str
    director: str
    language: str
    record: dict[str, Any]
    session_ref: str | None
    table_ref: str | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One Director's action in the audit log."""

    id: int
    scope: str
    kind: str
    director: str
    payload: dict[str, Any]
    revises: int | None
    created_at: datetime


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class DirectorStore:
    """The Director's tables on a store engine."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    # --- rulings ---------------------------------------------------------------------------

    def add_ruling(
        self,
        ruling_id: str,
        director: str,
        language: str,
        record: dict[str, Any],
        *,
        session_ref: str | None = None,
        table_ref: str | None = None,
    ) -> StoredRuling:
        """Store a new ruling."""
        now = datetime.now(UTC)
        with self._engine.begin() as connection:
            connection.execute(
                insert(schema.director_rulings).values(
                    id=ruling_id,
                    director=director,
                    language=language,
                    record=json.dumps(record, ensure_ascii=False),
                    session_ref=session_ref,
                    table_ref=table_ref,
                    created_at=now,
                    updated_at=now,
                )
            )
        return StoredRuling(ruling_id, director, language, record, session_ref, table_ref, now, now)

    def save_record(self, ruling_id: str, record: dict[str, Any]) -> None:
        """Replace a ruling's table record (one transaction)."""
        with self._engine.begin() as connection:
            connection.execute(
                update(schema.director_rulings)
                .where(schema.director_rulings.c.id == ruling_id)
                .values(record=json.dumps(record, ensure_ascii=False), updated_at=datetime.now(UTC))
            )

    def ruling(self, ruling_id: str) -> StoredRuling | None:
        """The ruling with this id, or None."""
        table = schema.director_rulings
        with self._engine.connect() as connection:
            row = connection.execute(select(table).where(table.c.id == ruling_id)).first()
        if row is None:
            return None
        return StoredRuling(
            row.id,
            row.director,
            row.language,
            json.loads(row.record),
            row.session_ref,
            row.table_ref,
            _aware(row.created_at),
            _aware(row.updated_at),
        )

    def rulings(self, limit: int = 50) -> list[StoredRuling]:
        """The latest rulings, newest first."""
        table = schema.director_rulings
        with self._engine.connect() as connection:
            ids = connection.execute(
                select(table.c.id).order_by(table.c.updated_at.desc()).limit(limit)
            ).scalars()
            found = [self.ruling(ruling_id) for ruling_id in ids]
        return [item for item in found if item is not None]

    # --- the audit log ---------------------------------------------------------------------

    def append(
        self,
        scope: str,
        kind: str,
        director: str,
        payload: dict[str, Any],
        *,
        revises: int | None = None,
    ) -> LogEntry:
        """Append one entry to the audit log of ``scope`` (a session or table reference)."""
        now = datetime.now(UTC)
        with self._engine.begin() as connection:
            result = connection.execute(
                insert(schema.director_log).values(
                    scope=scope,
                    kind=kind,
                    director=director,
                    payload=json.dumps(payload, ensure_ascii=False),
                    revises=revises,
                    created_at=now,
                )
            )
            key = result.inserted_primary_key
            assert key is not None
            entry_id = int(key[0])
        return LogEntry(entry_id, scope, kind, director, payload, revises, now)

    def log(self, scope: str) -> Sequence[LogEntry]:
        """Every entry of ``scope``, oldest first."""
        table = schema.director_log
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(table).where(table.c.scope == scope).order_by(table.c.id)
            ).all()
        return [
            LogEntry(
                row.id,
                row.scope,
                row.kind,
                row.director,
                json.loads(row.payload),
                row.revises,
                _aware(row.created_at),
            )
            for row in rows
        ]
