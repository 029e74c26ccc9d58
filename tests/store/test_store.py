"""The event store: migrations shipped in the package, SQLite and PostgreSQL by one code path
(DESIGN §2.14), an append-only log keyed by (table, seq) with unique idempotency keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from dupbridge.store import (
    ConflictError,
    DatabaseURLError,
    EventStore,
    NewEvent,
    current_revision,
    head_revision,
    make_engine,
    normalise_url,
    upgrade,
)
from dupbridge.store.schema import metadata


def _store(url: str) -> EventStore:
    engine = make_engine(url)
    upgrade(engine)
    return EventStore(engine)


def _table(store: EventStore) -> str:
    with store.unit_of_work() as uow:
        uow.create_session("s1", "club night", {})
        uow.create_table("t1", "s1", 1, {})
        uow.append("t1", [NewEvent(0, 0, {"type": "BoardStarted"}, "system")])
    return "t1"


def _check_log(store: EventStore) -> None:
    table = _table(store)
    with store.unit_of_work() as uow:
        uow.append(
            table,
            [
                NewEvent(1, 1, {"type": "CallMade", "call": "1NT"}, "N", key="k1"),
                NewEvent(2, 1, {"type": "AuctionEnded"}, "N"),
            ],
        )
    with pytest.raises(ConflictError), store.unit_of_work() as uow:
        uow.append(table, [NewEvent(2, 2, {"type": "CallMade"}, "E", key="k2")])
    with pytest.raises(ConflictError), store.unit_of_work() as uow:
        uow.append(table, [NewEvent(3, 3, {"type": "CallMade"}, "E", key="k1")])
    assert [0, 1, 2] == [event.seq for event in store.events(table)]
    assert [1, 2] == [event.seq for event in store.batch_of_key(table, "k1")]
    assert [] == store.batch_of_key(table, "k9")
    assert 2 == store.head(table)
    assert [2] == [event.seq for event in store.events(table, since=1)]
    assert {"type": "CallMade", "call": "1NT"} == store.events(table)[1].payload


class TestSQLite:
    """The embedded default."""

    def test_migrations_create_the_schema_of_the_metadata(self, tmp_path: Path) -> None:
        """The shipped migrations and the schema module describe the same tables."""
        store = _store(f"sqlite:///{tmp_path / 'a.sqlite3'}")
        assert head_revision() == current_revision(store.engine)
        inspector = inspect(store.engine)
        tables = set(inspector.get_table_names()) - {"alembic_version"}
        assert set(metadata.tables) == tables
        for name, table in metadata.tables.items():
            assert {column.name for column in table.columns} == {
                column["name"] for column in inspector.get_columns(name)
            }

    def test_upgrade_twice_changes_nothing(self, tmp_path: Path) -> None:
        """Running the migrations on a migrated database is harmless."""
        engine = make_engine(f"sqlite:///{tmp_path / 'b.sqlite3'}")
        assert head_revision() == upgrade(engine) == upgrade(engine)

    def test_wal_and_foreign_keys(self, tmp_path: Path) -> None:
        """SQLite runs in WAL mode with foreign keys on; an event of no table is refused."""
        store = _store(f"sqlite:///{tmp_path / 'c.sqlite3'}")
        with store.engine.connect() as connection:
            assert "wal" == connection.execute(text("PRAGMA journal_mode")).scalar()
            assert 1 == connection.execute(text("PRAGMA foreign_keys")).scalar()
        with pytest.raises(ConflictError), store.unit_of_work() as uow:
            uow.append("nosuchtable", [NewEvent(0, 0, {"type": "BoardStarted"}, "system")])

    def test_the_log(self, tmp_path: Path) -> None:
        """Appends are all-or-nothing; a clash on (table, seq) or on a key stores nothing."""
        _check_log(_store(f"sqlite:///{tmp_path / 'd.sqlite3'}"))

    @pytest.mark.parametrize("url", ["mysql://x/y", "not a url at all"])
    def test_unusable_urls(self, url: str) -> None:
        """A URL that is neither SQLite nor PostgreSQL is one clear error."""
        with pytest.raises(DatabaseURLError, match=r"sqlite|URL"):
            normalise_url(url)

    def test_postgresql_urls_get_psycopg(self) -> None:
        """``postgresql://`` is given the psycopg 3 driver."""
        assert normalise_url("postgresql://u@h/db").startswith("postgresql+psycopg://")


class TestPostgreSQL:
    """The same on PostgreSQL (a fresh database per test)."""

    def test_migrations_and_the_log(self, postgres_url: str) -> None:
        """The migrations run (twice, harmlessly) and the log behaves as on SQLite."""
        store = _store(postgres_url)
        assert head_revision() == upgrade(store.engine)
        _check_log(store)
        store.engine.dispose()
