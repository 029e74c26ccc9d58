"""``dupbridge run`` (``make run``): the server with the demo club.

It starts ``dupbridge serve`` on the SQLite default with the demo club: a demo Director's
account (its name and password are printed; they are kept in ``.dupbridge-demo-director``
beside the database so that the next run prints the same), a robot session always running
whose live ranking the lobby shows, and the lobby's "play a board with three robots"
button. The sample results website of earlier versions is ``dupbridge sample-site``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import typer

from dupbridge.i18n import _

__all__ = ["DEMO_FILE", "run"]

#: Where the demo Director's name and password are kept between runs.
DEMO_FILE = Path(".dupbridge-demo-director")


def _demo_director(url: str) -> tuple[str, str]:
    """The demo Director's name and password: those kept from an earlier run if they still
    sign in, else a new account with a new password."""
    from dupbridge.services.access import AccessError, AccessStore
    from dupbridge.store import make_engine, upgrade

    engine = make_engine(url)
    try:
        upgrade(engine)
        access = AccessStore(engine)
        if DEMO_FILE.is_file():
            lines = DEMO_FILE.read_text(encoding="utf-8").splitlines()
            if len(lines) >= 2:
                try:
                    access.sign_in_director(lines[0], lines[1])
                except AccessError:
                    pass
                else:
                    return lines[0], lines[1]
        for number in range(1, 1000):
            name = "demo" if number == 1 else f"demo{number}"
            password = secrets.token_urlsafe(9)
            try:
                access.add_director(name, password)
            except AccessError:
                continue  # taken (an account from an earlier database): try the next name
            DEMO_FILE.write_text(f"{name}\n{password}\n", encoding="utf-8")
            DEMO_FILE.chmod(0o600)
            return name, password
    finally:
        engine.dispose()
    raise typer.Exit(1)


def run(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port (0: any free)."),
    database_url: str | None = typer.Option(
        None, "--database-url", help="Default: DUPBRIDGE_DATABASE_URL, else dupbridge.sqlite3."
    ),
) -> None:
    """The main job: the server with a demo club (a robot session running, a table with
    three robots one click away from the lobby, a demo Director's account)."""
    from dupbridge.cli.server_commands import serve
    from dupbridge.store import DEFAULT_DATABASE_URL

    url = database_url or os.environ.get("DUPBRIDGE_DATABASE_URL") or DEFAULT_DATABASE_URL
    os.environ["DUPBRIDGE_DATABASE_URL"] = url
    os.environ["DUPBRIDGE_DEMO"] = "true"
    name, password = _demo_director(url)
    typer.echo(_("Demo club: a robot session is running; open the lobby in a browser."))
    typer.echo(
        _("Demo Director: name {name}, password {password} (sign in at /signin)").format(
            name=name, password=password
        )
    )
    serve(host=host, port=port, database_url=url, redis_url=None, workers=1)
