"""The event store: SQLAlchemy 2 over SQLite (embedded default) or PostgreSQL, Alembic
migrations shipped in the package. Only this package imports SQLAlchemy (DESIGN §1)."""

from dupbridge.store.database import (
    DEFAULT_DATABASE_URL,
    DatabaseURLError,
    current_revision,
    head_revision,
    make_engine,
    normalise_url,
    safe_url,
    upgrade,
)
from dupbridge.store.repositories import (
    ConflictError,
    EventStore,
    NewEvent,
    StoredEvent,
    TableRecord,
    UnitOfWork,
)
from dupbridge.store.writer import GroupWriter, Outcome, Write

__all__ = [
    "DEFAULT_DATABASE_URL",
    "ConflictError",
    "DatabaseURLError",
    "EventStore",
    "GroupWriter",
    "NewEvent",
    "Outcome",
    "StoredEvent",
    "TableRecord",
    "UnitOfWork",
    "Write",
    "current_revision",
    "head_revision",
    "make_engine",
    "normalise_url",
    "safe_url",
    "upgrade",
]
