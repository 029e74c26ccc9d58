"""Fixtures of the server tests: an app on a SQLite file, a way to read its stored log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.store import EventStore, make_engine
from dupbridge.web.app import create_app
from dupbridge.web.settings import Settings
from tests.realservices import postgres_server, postgres_url, redis_url

__all__ = ["postgres_server", "postgres_url", "redis_url"]

#: A deal whose hands are easy to tell apart (PBN ``Deal`` tag).
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
SECRET = "a-test-secret-of-some-length"


def settings_for(url: str, **extra: object) -> Settings:
    """Test settings on ``url``."""
    return Settings(environment="test", secret_key=SECRET, database_url=url, **extra)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A SQLite file of its own for each test."""
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A client of the app (the lifespan runs: engine, migrations, bus)."""
    with TestClient(create_app(settings_for(db_url))) as test_client:
        yield test_client


@pytest.fixture
def stored(db_url: str) -> Iterator[EventStore]:
    """The store the app writes, read on a connection of the test's own."""
    engine = make_engine(db_url)
    yield EventStore(engine)
    engine.dispose()
