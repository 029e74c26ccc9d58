"""Engines and migrations: the embedded SQLite default and PostgreSQL (psycopg 3).

SQLite runs in WAL mode with foreign keys on and ``synchronous=NORMAL``: a committed
transaction survives a crash of the server process (it is in the WAL the moment ``COMMIT``
returns); ``synchronous="FULL"`` also survives a power cut, at an fsync per commit.
PostgreSQL URLs (``postgresql://...``) are given the psycopg 3 driver.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, make_url, text

from dupbridge.i18n import _

__all__ = [
    "DEFAULT_DATABASE_URL",
    "DatabaseURLError",
    "current_revision",
    "head_revision",
    "make_engine",
    "normalise_url",
    "safe_url",
    "upgrade",
]

#: The embedded default: a SQLite file in the working directory, nothing to set up.
DEFAULT_DATABASE_URL = "sqlite:///dupbridge.sqlite3"

_MIGRATIONS = Path(__file__).parent / "migrations"
#: An arbitrary constant: the PostgreSQL advisory lock that serialises migrations.
_MIGRATION_LOCK = 0x64757062


class DatabaseURLError(ValueError):
    """A database URL that dupbridge cannot use."""


def normalise_url(url: str) -> str:
    """The URL with the driver dupbridge uses: psycopg 3 for PostgreSQL.

    Raises:
        DatabaseURLError: for a URL that is neither SQLite nor PostgreSQL.
    """
    try:
        parsed = make_url(url)
    except Exception as error:  # SQLAlchemy raises ArgumentError with its own text
        raise DatabaseURLError(
            _("not a database URL: {url!r} ({error})").format(url=url, error=error)
        ) from error
    backend = parsed.get_backend_name()
    if backend == "postgresql":
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    if backend == "sqlite":
        return url
    raise DatabaseURLError(
        _("unsupported database {backend!r} in {url!r}: use sqlite:/// or postgresql://").format(
            backend=backend, url=parsed.render_as_string()
        )
    )


def safe_url(url: str) -> str:
    """The URL with its password hidden (for printing)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL at all: print nothing of it
        return "?"


def make_engine(url: str, *, sqlite_synchronous: str = "NORMAL", **options: Any) -> Engine:
    """An engine for ``url``; SQLite connections get WAL mode, foreign keys and a busy timeout.

    Raises:
        DatabaseURLError: for a URL that is neither SQLite nor PostgreSQL.
    """
    url = normalise_url(url)
    if make_url(url).get_backend_name() == "sqlite":
        engine = create_engine(url, **options)
        synchronous = sqlite_synchronous.upper()
        if synchronous not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
            raise DatabaseURLError(
                _("unknown SQLite synchronous level {level!r}").format(level=sqlite_synchronous)
            )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA synchronous={synchronous}")
            cursor.execute("PRAGMA busy_timeout=10000")
            cursor.close()

        return engine
    options.setdefault("pool_size", 10)
    options.setdefault("max_overflow", 10)
    options.setdefault("pool_pre_ping", True)
    return create_engine(url, **options)


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest revision the package ships."""
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None: not migrated yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> str | None:
    """Run the migrations up to ``revision``; safe to call from several processes at once
    on PostgreSQL (under an advisory lock); `dupbridge serve` migrates before it starts workers.

    Returns:
        The revision the database is at afterwards.
    """
    config = _config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    return current_revision(engine)
