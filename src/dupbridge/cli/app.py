"""The ``dupbridge`` command-line application object and what every command shares."""

from __future__ import annotations

import os
from contextlib import AbstractContextManager, nullcontext
from typing import NoReturn

import typer
from rich.console import Console

from dupbridge.cli.command_table import APP_HELP, GLOBAL_OPTIONS, language_from_environment
from dupbridge.cli.commands import DupbridgeGroup
from dupbridge.i18n import _, set_language
from dupbridge.i18n.notation import set_notation

__all__ = ["app", "console", "err_console", "fail", "working"]

app = typer.Typer(
    name="dupbridge",
    help=APP_HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=DupbridgeGroup,  # the commands of dupbridge.cli.commands.COMMANDS, loaded lazily
)
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


@app.callback()
def _configure(
    language: str | None = typer.Option(
        None,
        "--lang",
        help=GLOBAL_OPTIONS[0].help,
    ),
    notation: str | None = typer.Option(
        None,
        "--notation",
        help=GLOBAL_OPTIONS[1].help,
    ),
) -> None:
    """Duplicate bridge by the Laws of Duplicate Bridge (2017, or 2007 as an option)."""
    try:
        set_language(language or language_from_environment())
        set_notation(notation or os.environ.get("DUPBRIDGE_NOTATION") or "international")
    except ValueError as error:
        fail(str(error))


def fail(message: str, code: int = 2) -> NoReturn:
    """Print one clear error line on standard error and exit with ``code``."""
    err_console.print(_("error: {message}").format(message=message), markup=False, soft_wrap=True)
    raise typer.Exit(code)


def working(message: str) -> AbstractContextManager[object]:
    """A spinner with ``message`` on standard error while a long job runs (on a terminal;
    nothing when the output is piped)."""
    if err_console.is_terminal:
        return err_console.status(message, spinner="dots")
    return nullcontext()
