"""PostgreSQL and Redis for the tests that need the real engines (127.0.0.1:5432, :6379).

Under ``CI=true`` a missing service fails the test with one clear line; elsewhere the test is
skipped with that line. Each test run gets a database of its own, created in the ``test``
server and dropped afterwards.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator

import pytest

PG_HOST, PG_PORT = "127.0.0.1", 5432
REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
PG_ADMIN_URL = os.environ.get(
    "DUPBRIDGE_TEST_POSTGRES", f"postgresql://postgres@{PG_HOST}:{PG_PORT}/test"
)


def _missing(what: str) -> None:
    line = f"{what} is not running: start it (see .ci/run) to run this test"
    if os.environ.get("CI") == "true":
        pytest.fail(line, pytrace=False)
    pytest.skip(line)


def _listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1.0):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The admin URL of the PostgreSQL server (its ``test`` database)."""
    if not _listening(PG_HOST, PG_PORT):
        _missing(f"PostgreSQL on {PG_HOST}:{PG_PORT}")
    return PG_ADMIN_URL


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh database for one test, dropped afterwards."""
    import psycopg

    name = f"dupbridge_{uuid.uuid4().hex[:12]}"
    try:
        admin = psycopg.connect(postgres_server, autocommit=True)
    except psycopg.OperationalError as error:
        _missing(f"PostgreSQL at {postgres_server} ({str(error).splitlines()[0]})")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = postgres_server.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(postgres_server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The Redis server's URL."""
    if not _listening(REDIS_HOST, REDIS_PORT):
        _missing(f"Redis on {REDIS_HOST}:{REDIS_PORT}")
    return f"redis://{REDIS_HOST}:{REDIS_PORT}/0"
