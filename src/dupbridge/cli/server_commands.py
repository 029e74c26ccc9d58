"""``dupbridge serve`` (the online tables server) and ``dupbridge db upgrade`` (migrations) and
``dupbridge db add-director`` (a Director's account).

Self-contained: ``serve`` is a plain function and ``db_app`` a Typer group, registered by the
command table; uvicorn, SQLAlchemy and the web app are imported only when a command runs.
"""

from __future__ import annotations

import os
import socket
from typing import TypedDict

import typer

from dupbridge.i18n import N_, _

__all__ = ["ServerOptions", "db_app", "serve", "server_options", "upgrade"]

db_app = typer.Typer(
    name="db",
    help=N_("The server's database: migrations and Directors' accounts."),
    no_args_is_help=True,
    add_completion=False,
)


@db_app.callback()
def _db() -> None:
    """The server's database: migrations and Directors' accounts."""


def _need_server_extra() -> None:
    """Refuse, with the command to fix it, when the server's libraries are not installed."""
    import importlib.util

    missing = [
        name
        for name in ("uvicorn", "fastapi", "sqlalchemy", "alembic", "pydantic_settings")
        if importlib.util.find_spec(name) is None
    ]
    if missing:
        raise _fail(
            _(
                "the server needs libraries that are not installed ({names}): "
                "pip install 'dupbridge[server]' (make run and make test install them)"
            ).format(names=", ".join(missing))
        )


def _fail(message: str) -> typer.Exit:
    typer.echo(_("error: {message}").format(message=message), err=True)
    return typer.Exit(2)


@db_app.command("upgrade")
def upgrade(
    database_url: str | None = typer.Option(
        None,
        "--database-url",
        help=N_(
            "sqlite:///FILE (default: DUPBRIDGE_DATABASE_URL, else dupbridge.sqlite3) or "
            "postgresql://..."
        ),
    ),
) -> None:
    """Run the migrations up to the newest revision and print it."""
    _need_server_extra()
    from dupbridge.store import DEFAULT_DATABASE_URL, DatabaseURLError, make_engine
    from dupbridge.store import upgrade as run_upgrade

    url = database_url or os.environ.get("DUPBRIDGE_DATABASE_URL") or DEFAULT_DATABASE_URL
    try:
        engine = make_engine(url)
        revision = run_upgrade(engine)
    except DatabaseURLError as error:
        raise _fail(str(error)) from None
    except Exception as error:  # the driver's own errors: name the database, no traceback
        raise _fail(
            _("cannot migrate the database: {error}").format(error=str(error).splitlines()[0])
        ) from None
    engine.dispose()
    typer.echo(_("database at revision {revision}").format(revision=revision))


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help=N_("Address to listen on.")),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help=N_("Port (0: any free).")),
    database_url: str | None = typer.Option(
        None, "--database-url", help=N_("Default: DUPBRIDGE_DATABASE_URL, else dupbridge.sqlite3.")
    ),
    redis_url: str | None = typer.Option(
        None, "--redis-url", help=N_("Redis for several processes (default: DUPBRIDGE_REDIS_URL).")
    ),
    workers: int = typer.Option(1, "--workers", min=1, max=64, help=N_("Server processes.")),
) -> None:
    """Run the server for online tables (SQLite by default) and print its address.

    A WebSocket per seat and per kibitzer, HTTP for tables, views and commands
    (docs/server.md).
    """
    _need_server_extra()
    import uvicorn
    from pydantic import ValidationError

    from dupbridge.services.server_settings import Settings
    from dupbridge.store import DatabaseURLError, make_engine, safe_url
    from dupbridge.store import upgrade as run_upgrade

    if database_url:
        os.environ["DUPBRIDGE_DATABASE_URL"] = database_url
    if redis_url:
        os.environ["DUPBRIDGE_REDIS_URL"] = redis_url
    if workers > 1 and not os.environ.get("DUPBRIDGE_REDIS_URL"):
        raise _fail(_("--workers above 1 needs --redis-url (the processes share the tables)"))
    try:
        settings = Settings()
        engine = make_engine(settings.database_url)
        run_upgrade(engine)  # once, before the workers start
        engine.dispose()
    except (ValidationError, DatabaseURLError) as error:
        raise _fail(str(error)) from None
    except Exception as error:
        raise _fail(
            _("cannot open the database: {error}").format(error=str(error).splitlines()[0])
        ) from None
    os.environ["DUPBRIDGE_MIGRATE"] = "false"
    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        raise _fail(
            _("cannot listen on {host}:{port}: {error}").format(
                host=host, port=port, error=error.strerror
            )
        ) from None
    bound = listener.getsockname()[1]
    listener.close()
    print(_("dupbridge serving on http://{host}:{port}").format(host=host, port=bound), flush=True)
    print(_("database: {url}").format(url=safe_url(settings.database_url)), flush=True)
    uvicorn.run(
        "dupbridge.web.app:app_from_environment",
        factory=True,
        host=host,
        port=bound,
        workers=workers,
        log_level="warning",
        **server_options(ws_deflate=settings.ws_deflate),
    )


class ServerOptions(TypedDict):
    """uvicorn's protocol options (:func:`server_options`)."""

    loop: str
    http: str
    ws: str
    ws_per_message_deflate: bool


#: uvicorn's httptools protocol without the cycle it leaves on a WebSocket upgrade.
HTTP_PROTOCOL = "dupbridge.web.http_protocol:HttpProtocol"


def server_options(*, ws_deflate: bool) -> ServerOptions:
    """uvicorn's protocol choices: the cheapest event loop and HTTP parser installed (uvloop
    and httptools, in the server extra, the latter as :data:`HTTP_PROTOCOL`; asyncio and h11
    otherwise), the sans-I/O websockets
    implementation, and per-message compression only if the settings ask for it
    (``DUPBRIDGE_WS_DEFLATE``; docs/server.md, "Settings")."""
    import importlib.util

    return {
        "loop": "uvloop" if importlib.util.find_spec("uvloop") else "asyncio",
        "http": HTTP_PROTOCOL if importlib.util.find_spec("httptools") else "h11",
        "ws": "websockets-sansio",
        "ws_per_message_deflate": ws_deflate,
    }


@db_app.command("add-director")
def add_director(
    name: str = typer.Argument(..., help=N_("The Director's account name.")),
    playing: bool = typer.Option(
        False, "--playing", help=N_("A playing Director: boards he still has to play stay hidden.")
    ),
    password_stdin: bool = typer.Option(
        False, "--password-stdin", help=N_("Read the password from standard input (scripts).")
    ),
    database_url: str | None = typer.Option(
        None, "--database-url", help=N_("As for db upgrade (default: DUPBRIDGE_DATABASE_URL).")
    ),
) -> None:
    """Create a Director's account (the password is asked for, and stored as an argon2 hash)."""
    import sys

    _need_server_extra()
    from dupbridge.services.access import AccessError, AccessStore
    from dupbridge.store import DEFAULT_DATABASE_URL, DatabaseURLError, make_engine
    from dupbridge.store import upgrade as run_upgrade

    if password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = typer.prompt(_("Password"), hide_input=True, confirmation_prompt=True)
    url = database_url or os.environ.get("DUPBRIDGE_DATABASE_URL") or DEFAULT_DATABASE_URL
    try:
        engine = make_engine(url)
        run_upgrade(engine)
        AccessStore(engine).add_director(name, password, playing=playing)
    except (DatabaseURLError, AccessError) as error:
        raise _fail(str(error)) from None
    engine.dispose()
    typer.echo(_("Director's account {name} created").format(name=name))
