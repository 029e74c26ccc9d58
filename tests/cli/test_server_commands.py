"""``dupbridge db upgrade`` and ``dupbridge serve``: migrations, and bad options refused with
one clear line before anything starts."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from dupbridge.cli.server_commands import db_app, serve
from dupbridge.store import head_revision


@pytest.fixture
def serve_app() -> typer.Typer:
    """``serve`` as a one-command application."""
    app = typer.Typer()
    app.command()(serve)
    return app


class TestDbUpgrade:
    """The migrations from the command line."""

    def test_upgrade_creates_and_reports_the_revision(self, tmp_path: Path) -> None:
        """A new SQLite file is migrated to the newest revision, twice harmlessly."""
        url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
        for _ in range(2):
            result = CliRunner().invoke(db_app, ["upgrade", "--database-url", url])
            assert 0 == result.exit_code, result.output
            assert f"database at revision {head_revision()}" in result.output
        assert (tmp_path / "club.sqlite3").exists()

    def test_unsupported_database(self) -> None:
        """A URL of another database is one line naming it, exit 2."""
        result = CliRunner().invoke(db_app, ["upgrade", "--database-url", "mysql://x/y"])
        assert 2 == result.exit_code
        assert "unsupported database 'mysql'" in result.output
        assert "Traceback" not in result.output


class TestServe:
    """Options checked before the server starts."""

    def test_workers_need_redis(
        self, serve_app: typer.Typer, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Several processes share tables only through Redis."""
        monkeypatch.delenv("DUPBRIDGE_REDIS_URL", raising=False)
        result = CliRunner().invoke(serve_app, ["--workers", "2"])
        assert 2 == result.exit_code
        assert "--workers above 1 needs --redis-url" in result.output

    def test_default_secret_refused_in_production(
        self, serve_app: typer.Typer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        """Production with the development secret does not start."""
        monkeypatch.setenv("DUPBRIDGE_ENVIRONMENT", "production")
        monkeypatch.delenv("DUPBRIDGE_SECRET_KEY", raising=False)
        url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
        result = CliRunner().invoke(serve_app, ["--database-url", url])
        assert 2 == result.exit_code
        assert "DUPBRIDGE_SECRET_KEY" in result.output
        assert "Traceback" not in result.output
