"""The ``dupbridge`` command tree as a table: names, modules and one-line helps.

Nothing here imports the command-line framework (Typer, Rich, click), nor ``dataclasses``
(which loads ``inspect``): ``dupbridge --help`` and
``dupbridge formats`` are answered from this table by :mod:`dupbridge.cli.quick` without
loading it (issue 12: start-up under 0.3 s), and :mod:`dupbridge.cli.commands` builds the
Typer commands from the same table when a command runs.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from dupbridge.i18n import LANGUAGES, N_, _

__all__ = [
    "APP_HELP",
    "COMMANDS",
    "GLOBAL_OPTIONS",
    "SUBCOMMAND_HELP",
    "CommandSpec",
    "GlobalOption",
    "help_text",
    "language_from_environment",
    "requested_language",
    "translated",
]

#: The values of the placeholders of option help texts (``{families}``), by English source.
HELP_VALUES_BY_SOURCE: dict[str, dict[str, str]] = {}

#: The first lines of the subcommands' docstrings (groups' commands have no table entry) and
#: the help option's own text, so that the catalogs hold them; a command's help in another
#: language is its first line's translation.
SUBCOMMAND_HELP = (
    N_("List the movement families dupbridge builds by name."),
    N_("Propose the movements that fit, with rounds, boards per round, relays, time and why."),
    N_("Print a movement's table-by-round grid and every guide card; optionally a PDF."),
    N_(
        "Check every movement of a file; report each problem as FILE:LINE:COLUMN "
        "(exit 1 on errors)."
    ),
    N_("Run the migrations up to the newest revision and print it."),
    N_("Create a Director's account (the password is asked for, and stored as an argon2 hash)."),
    N_("Show this message and exit."),
)


def help_text(message: str, **values: str) -> str:
    """An option's help with placeholders: ``message`` (marked ``N_``) is translated when
    help is shown, then its ``{name}`` placeholders are filled with ``values``."""
    HELP_VALUES_BY_SOURCE[message] = values
    return message


def language_from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for: ``DUPBRIDGE_LANG``, else the POSIX locale
    variables (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``pl_PL.UTF-8`` is Polish) when they
    name a language dupbridge speaks, else English."""
    env = dict(os.environ) if environ is None else environ
    if env.get("DUPBRIDGE_LANG"):
        return env["DUPBRIDGE_LANG"]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def requested_language(args: list[str]) -> str | None:
    """The ``--lang`` given before the command's name, if any (``--notation``'s value is
    skipped on the way)."""
    skip = False
    for index, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if not arg.startswith("-"):
            break
        skip = arg == "--notation"
    return None


def translated(source: str) -> str:
    """``source`` (an English help text) in the active language, its placeholders filled."""
    text = _(source)
    values = HELP_VALUES_BY_SOURCE.get(source)
    return text.format(**values) if values else text


class CommandSpec(NamedTuple):
    """Where a command lives: ``module`` and ``attribute`` (a function or a Typer group)."""

    name: str
    module: str
    attribute: str
    help: str


#: Every command, in the order ``dupbridge --help`` lists them.
COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "play",
        "dupbridge.cli.table_commands",
        "play",
        N_("Deal a board and play it in the terminal; robots take the other seats."),
    ),
    CommandSpec(
        "replay",
        "dupbridge.cli.table_commands",
        "replay",
        N_("Replay a table record and print the final state (exit 1 if an action was refused)."),
    ),
    CommandSpec(
        "run",
        "dupbridge.cli.run_command",
        "run",
        N_(
            "The main job: the server with a demo club (a robot session running, a table with "
            "three robots one click away from the lobby, a demo Director's account)."
        ),
    ),
    CommandSpec(
        "rule",
        "dupbridge.cli.rule_commands",
        "rule",
        N_(
            "The Director's assistant: report an irregularity, walk through the Laws' options, "
            "apply the ruling and write the table record."
        ),
    ),
    CommandSpec(
        "score",
        "dupbridge.cli.score_commands",
        "score",
        N_("Score an event by Law 78 and show its ranking; with --out, publish its results."),
    ),
    CommandSpec(
        "sample-site",
        "dupbridge.cli.score_commands",
        "sample_site",
        N_("Play a sample Mitchell with the robots, score it and write its results website."),
    ),
    CommandSpec(
        "deal",
        "dupbridge.cli.analysis_commands",
        "deal",
        N_("Deal boards securely and reproducibly (Law 6E); the key is never written into OUT."),
    ),
    CommandSpec(
        "analyse",
        "dupbridge.cli.analysis_commands",
        "analyse",
        N_("Add double-dummy tricks and par to every deal of a PBN file."),
    ),
    CommandSpec(
        "handrecord",
        "dupbridge.cli.analysis_commands",
        "handrecord",
        N_("Print hand records: hands, HCP, makeable contracts and par, several boards per page."),
    ),
    CommandSpec(
        "claim-check",
        "dupbridge.cli.claim_commands",
        "claim_check",
        N_("Check a claim for the Director: double dummy from here and the stated line (Law 70)."),
    ),
    CommandSpec(
        "movement",
        "dupbridge.cli.movement_commands",
        "movement_app",
        N_("Movements (Law 8): suggest one, show its cards, validate a movement file."),
    ),
    CommandSpec(
        "validate",
        "dupbridge.cli.format_commands",
        "validate",
        N_("Report every problem of a file as FILE:LINE:COLUMN: error|warning: message."),
    ),
    CommandSpec(
        "convert",
        "dupbridge.cli.format_commands",
        "convert",
        N_("Convert boards between file formats (PBN, LIN, DUP, DLM, ...) by extension."),
    ),
    CommandSpec(
        "formats",
        "dupbridge.cli.formats_command",
        "formats",
        N_("List the file formats dupbridge reads and writes."),
    ),
    CommandSpec(
        "serve",
        "dupbridge.cli.server_commands",
        "serve",
        N_("Run the server for online tables (SQLite by default) and print its address."),
    ),
    CommandSpec(
        "db",
        "dupbridge.cli.server_commands",
        "db_app",
        N_("The server's database: migrations and Directors' accounts."),
    ),
)


#: The program's own line of help.
APP_HELP = N_("Duplicate bridge by the Laws: play, rule, score, deal, analyse, convert.")


class GlobalOption(NamedTuple):
    """An option of the program itself, given before the command's name."""

    name: str
    help: str


#: The options every command shares (``dupbridge --lang pl score ...``).
GLOBAL_OPTIONS: tuple[GlobalOption, ...] = (
    GlobalOption(
        "--lang",
        help_text(
            N_("Language of messages and help: {languages} (default: DUPBRIDGE_LANG, else LANG)."),
            languages=", ".join(LANGUAGES),
        ),
    ),
    GlobalOption(
        "--notation",
        N_(
            "How cards and calls are written: international (A K Q J, NT) or local (the "
            "language's own letters; default: DUPBRIDGE_NOTATION, else international)."
        ),
    ),
)
