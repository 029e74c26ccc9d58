"""The store of online sessions: their conditions and state, entries and round boards.

The session service (:mod:`dupbridge.services.sessions`) keeps no state of its own: every
change is written here (one transaction each) before it is acknowledged, so a server that
restarts carries on the session where it stood. The tables themselves (one board at one
table) are the table service's rows of ``tables`` and ``events``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update

from dupbridge.store import schema

__all__ = ["BoardRow", "EntryRow", "GateRow", "SessionRow", "SessionStore"]


@dataclass(frozen=True, slots=True)
class SessionRow:
    """An online session as stored."""

    id: str
    name: str
    config: dict[str, Any]
    state: str
    current_round: int
    round_started_at: float | None
    warned: int
    closed_at: float | None


@dataclass(frozen=True, slots=True)
class EntryRow:
    """An entry (a pair) of an online session."""

    number: int
    names: tuple[str, ...]
    members: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A board of a round at a table of an online session, and its table's state."""

    table_id: str
    round: int
    table_number: int
    board: int
    ns: int
    ew: int
    outcome: str | None
    note: str
    finished: bool


@dataclass(frozen=True, slots=True)
class GateRow:
    """What an online session says of one of its tables: the session's name and state, and
    the Director's score of the board played there (None: none, or not a board of it)."""

    name: str
    state: str
    outcome: str | None
    note: str


def _now() -> datetime:
    return datetime.now(UTC)


class SessionStore:
    """Reads and writes of online sessions on one engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, session_id: str, name: str, config: dict[str, Any]) -> None:
        """Add a session and its online state (open, no round yet) in one transaction."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(schema.sessions).values(
                    id=session_id, name=name, settings="{}", created_at=_now()
                )
            )
            connection.execute(
                insert(schema.online_sessions).values(
                    session_id=session_id, config=json.dumps(config), created_at=_now()
                )
            )

    def get(self, session_id: str) -> SessionRow | None:
        """The session ``session_id``, or None if it is no online session."""
        rows = self._sessions(schema.online_sessions.c.session_id == session_id)
        return rows[0] if rows else None

    def all(self) -> list[SessionRow]:
        """Every online session, oldest first."""
        return self._sessions(None)

    def _sessions(self, where: Any) -> list[SessionRow]:
        online = schema.online_sessions
        query = (
            select(online, schema.sessions.c.name)
            .join(schema.sessions, schema.sessions.c.id == online.c.session_id)
            .order_by(online.c.created_at, online.c.session_id)
        )
        if where is not None:
            query = query.where(where)
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [
            SessionRow(
                row.session_id,
                row.name,
                dict(json.loads(row.config)),
                row.state,
                row.current_round,
                row.round_started_at,
                row.warned,
                row.closed_at,
            )
            for row in rows
        ]

    def update(self, session_id: str, *, only_if_round: int | None = None, **values: Any) -> bool:
        """Change the session's state columns (``config`` as a dict); with
        ``only_if_round``, only while the session is still in that round.

        Returns:
            whether the session was changed.
        """
        if "config" in values:
            values["config"] = json.dumps(values["config"])
        online = schema.online_sessions
        query = update(online).where(online.c.session_id == session_id).values(**values)
        if only_if_round is not None:
            query = query.where(online.c.current_round == only_if_round)
        with self.engine.begin() as connection:
            return bool(connection.execute(query).rowcount)

    def add_entry(self, session_id: str, entry: EntryRow) -> None:
        """Add an entry."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(schema.session_entries).values(
                    session_id=session_id,
                    number=entry.number,
                    names=json.dumps(list(entry.names)),
                    members=json.dumps(list(entry.members)),
                    created_at=_now(),
                )
            )

    def replace_entries(self, session_id: str, entries: list[EntryRow]) -> None:
        """Replace every entry of the session at once (the partnership desk pairs singles)."""
        table = schema.session_entries
        with self.engine.begin() as connection:
            connection.execute(delete(table).where(table.c.session_id == session_id))
            if entries:
                connection.execute(
                    insert(table),
                    [
                        {
                            "session_id": session_id,
                            "number": entry.number,
                            "names": json.dumps(list(entry.names)),
                            "members": json.dumps(list(entry.members)),
                            "created_at": _now(),
                        }
                        for entry in entries
                    ],
                )

    def entries(self, session_id: str) -> list[EntryRow]:
        """The session's entries by number."""
        table = schema.session_entries
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(table).where(table.c.session_id == session_id).order_by(table.c.number)
            ).all()
        return [
            EntryRow(row.number, tuple(json.loads(row.names)), tuple(json.loads(row.members)))
            for row in rows
        ]

    def add_boards(self, session_id: str, boards: list[BoardRow]) -> None:
        """Record the boards of a round (their tables exist already)."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(schema.session_boards),
                [
                    {
                        "table_id": board.table_id,
                        "session_id": session_id,
                        "round": board.round,
                        "table_number": board.table_number,
                        "board": board.board,
                        "ns": board.ns,
                        "ew": board.ew,
                        "outcome": board.outcome,
                        "note": board.note,
                    }
                    for board in boards
                ],
            )

    def boards(self, session_id: str) -> list[BoardRow]:
        """Every board of the session's rounds, by round, table and board."""
        boards = schema.session_boards
        query = (
            select(boards, schema.tables.c.finished_at)
            .join(schema.tables, schema.tables.c.id == boards.c.table_id)
            .where(boards.c.session_id == session_id)
            .order_by(boards.c.round, boards.c.table_number, boards.c.board)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [
            BoardRow(
                row.table_id,
                row.round,
                row.table_number,
                row.board,
                row.ns,
                row.ew,
                row.outcome,
                row.note,
                row.finished_at is not None,
            )
            for row in rows
        ]

    def set_outcome(self, table_id: str, outcome: str | None, note: str) -> None:
        """Give a board the Director's score (None: the table's own result stands)."""
        boards = schema.session_boards
        with self.engine.begin() as connection:
            connection.execute(
                update(boards)
                .where(boards.c.table_id == table_id)
                .values(outcome=outcome, note=note)
            )

    def gate(self, session_id: str, table_id: str) -> GateRow | None:
        """The state of online session ``session_id`` and the Director's score of its board
        at table ``table_id`` (None: ``session_id`` is no online session)."""
        online, boards = schema.online_sessions, schema.session_boards
        with self.engine.connect() as connection:
            session = connection.execute(
                select(online.c.state, schema.sessions.c.name)
                .join(schema.sessions, schema.sessions.c.id == online.c.session_id)
                .where(online.c.session_id == session_id)
            ).first()
            if session is None:
                return None
            board = connection.execute(
                select(boards.c.outcome, boards.c.note).where(
                    boards.c.table_id == table_id, boards.c.session_id == session_id
                )
            ).first()
        if board is None:
            return GateRow(session.name, session.state, None, "")
        return GateRow(session.name, session.state, board.outcome, board.note)
