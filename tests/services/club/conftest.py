"""Fixtures of the club evening tests: a migrated SQLite store and the 16-board hand record."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.services.club import ClubService
from dupbridge.store import make_engine, upgrade
from dupbridge.store.club import ClubStore
from tests.conftest import shared_file


@pytest.fixture
def service(tmp_path: Path) -> ClubService:
    """A club service on a fresh, migrated SQLite database."""
    engine = make_engine(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    upgrade(engine)
    return ClubService(ClubStore(engine))


@pytest.fixture
def hand_record() -> str:
    """The PBN hand record of ``../shared/data/deal-formats-16boards`` (deals and double
    dummy); the test is skipped when the shared data is absent."""
    return shared_file("deal-formats-16boards", "test.pbn").read_text(encoding="utf-8")
