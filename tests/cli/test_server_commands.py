"""``dupbridge db upgrade`` and ``dupbridge serve``: migrations, and bad options refused with
one clear line before anything starts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from dupbridge.cli.server_commands import HTTP_PROTOCOL, db_app, serve, server_options
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


class TestAddDirector:
    """A Director's account from the command line."""

    def test_the_account_signs_in_and_a_second_of_that_name_is_refused(
        self, tmp_path: Path
    ) -> None:
        from dupbridge.services.access import AccessStore, Role
        from dupbridge.store import make_engine

        url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
        args = ["add-director", "Ann", "--playing", "--password-stdin", "--database-url", url]
        result = CliRunner().invoke(db_app, args, input="long enough\n")
        assert 0 == result.exit_code, result.output
        principal = AccessStore(make_engine(url)).sign_in_director("Ann", "long enough")
        assert Role.PLAYING_DIRECTOR == principal.role
        again = CliRunner().invoke(db_app, args, input="another one\n")
        assert 2 == again.exit_code
        assert "already an account called Ann" in again.output

    def test_a_short_password_is_refused(self, tmp_path: Path) -> None:
        url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
        args = ["add-director", "Ann", "--password-stdin", "--database-url", url]
        result = CliRunner().invoke(db_app, args, input="short\n")
        assert 2 == result.exit_code
        assert "at least 8 characters" in result.output


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


class TestServeProtocols:
    """What ``dupbridge serve`` asks of uvicorn: the cheapest event loop and HTTP parser
    installed, and WebSocket compression only when the settings ask for it."""

    @pytest.mark.parametrize(("setting", "deflate"), [(None, False), ("true", True)])
    def test_uvicorn_gets_the_protocol_settings(
        self,
        serve_app: typer.Typer,
        monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path,
        setting: str | None,
        deflate: bool,
    ) -> None:
        import importlib.util

        import uvicorn

        calls: list[dict[str, Any]] = []
        monkeypatch.setattr(uvicorn, "run", lambda *_args, **options: calls.append(options))
        # serve sets these for its workers: restored after the test
        monkeypatch.setenv("DUPBRIDGE_DATABASE_URL", "sqlite://")
        monkeypatch.setenv("DUPBRIDGE_MIGRATE", "true")
        if setting is None:
            monkeypatch.delenv("DUPBRIDGE_WS_DEFLATE", raising=False)
        else:
            monkeypatch.setenv("DUPBRIDGE_WS_DEFLATE", setting)
        url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
        result = CliRunner().invoke(serve_app, ["--database-url", url, "--port", "0"])
        assert 0 == result.exit_code, result.output
        [options] = calls
        assert deflate is options["ws_per_message_deflate"]
        assert "websockets-sansio" == options["ws"]
        uvloop = importlib.util.find_spec("uvloop") is not None
        assert ("uvloop" if uvloop else "asyncio") == options["loop"]
        httptools = importlib.util.find_spec("httptools") is not None
        assert (HTTP_PROTOCOL if httptools else "h11") == options["http"]

    def test_without_uvloop_and_httptools_asyncio_and_h11(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The server extra installs them; a platform without uvloop still serves."""
        import importlib.util

        real = importlib.util.find_spec
        monkeypatch.setattr(
            importlib.util,
            "find_spec",
            lambda name, *rest: None if name in {"uvloop", "httptools"} else real(name, *rest),
        )
        options = server_options(ws_deflate=False)
        assert ("asyncio", "h11") == (options["loop"], options["http"])
