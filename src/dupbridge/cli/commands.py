"""The ``dupbridge`` command tree, built explicitly and loaded lazily.

Each command is named here with the module and function (or sub-application) that implements
it and its one-line help. ``dupbridge --help`` lists the commands from this table without
importing any of them, and running a command imports only its own module: ``dupbridge
formats`` never loads the double-dummy solver (endplay, which pulls matplotlib), the PDF
library or the web templates.
"""

from __future__ import annotations

import difflib
import importlib
import os
from dataclasses import dataclass
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from dupbridge.i18n import LANGUAGES, N_, _, get_language, pgettext, set_language

__all__ = [
    "COMMANDS",
    "CommandSpec",
    "DupbridgeGroup",
    "help_text",
    "language_from_environment",
    "load_command",
    "translate_help",
]

#: The values of the placeholders of option help texts (``{families}``), by English source.
_HELP_VALUES: dict[str, dict[str, str]] = {}

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
    _HELP_VALUES[message] = values
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


def _requested_language(args: list[str]) -> str | None:
    """The ``--lang`` given before the command's name, if any."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if not arg.startswith("-"):
            break
    return None


def _translated(source: str) -> str:
    text = _(source)
    values = _HELP_VALUES.get(source)
    return text.format(**values) if values else text


def _framework_words() -> None:
    """The words the help's frame itself shows (typer's panel titles, ``[required]``,
    ``[default: ...]``) in the active language."""
    from typer import rich_utils

    rich_utils.ARGUMENTS_PANEL_TITLE = pgettext("command-line help", "Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = pgettext("command-line help", "Options")
    rich_utils.COMMANDS_PANEL_TITLE = pgettext("command-line help", "Commands")
    rich_utils.REQUIRED_LONG_STRING = pgettext("command-line help", "[required]")
    default = pgettext("command-line help", "[default: {value}]")
    rich_utils.DEFAULT_STRING = default.replace("{value}", "{}")


def translate_help(command: Any) -> None:
    """Put the help of ``command`` (its options, arguments, subcommands and its own line) in
    the active language; the English sources are kept, so it can be shown again in another."""
    _framework_words()
    sources: dict[str, Any] = command.__dict__.setdefault("dupbridge_help_sources", {})
    if "help" not in sources:
        sources["help"] = command.help
    english = sources["help"]
    if get_language() == "en" or not english:
        command.help = english
    else:
        first = " ".join(english.split("\n\n")[0].split())
        command.help = _translated(first) if _(first) != first else english
    help_option = command.get_help_option(typer.Context(command, info_name=command.name))
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        source = param.__dict__.setdefault("dupbridge_help_source", param.help)
        if source:
            param.help = _translated(" ".join(source.split()))
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            translate_help(sub)


@dataclass(frozen=True, slots=True)
class CommandSpec:
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

_BY_NAME = {spec.name: spec for spec in COMMANDS}


def load_command(spec: CommandSpec) -> Any:
    """Import the command's module and build its click command (help texts tidied)."""
    target: Any = getattr(importlib.import_module(spec.module), spec.attribute)
    if isinstance(target, typer.Typer):
        command = typer.main.get_command(target)
    else:
        single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
        single.command(spec.name)(target)
        command = typer.main.get_command(single)
    command.name = spec.name
    tidy_help(command)
    return command


def tidy_help(command: Any) -> None:
    """Help without the framework's internals: no ``<bool>``, ``<int>``, ``[x>=1]``.

    A flag shows nothing after its name, a value shows a word (``N``, ``FILE``, ``TEXT``),
    unless the command set its own metavar; an argument shows its name only; ranges are left
    to the help sentence (the bounds still apply).
    """
    help_option = command.get_help_option(typer.Context(command, info_name=command.name))
    params = [*command.params, *([help_option] if help_option is not None else [])]
    for param in params:
        if isinstance(param, TyperArgument):
            if param.metavar is None:
                param.metavar = (param.name or "value").upper()
            setattr(param, "display_type_rich", _no_text)  # noqa: B010 - per parameter
        elif isinstance(param, TyperOption):
            if param.is_flag:
                param.metavar = ""
            elif param.metavar is None:
                param.metavar = _metavar(param)
        if getattr(param, "min", None) is not None or getattr(param, "max", None) is not None:
            setattr(param, "_get_number_range_help_str", _no_text)  # noqa: B010
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            tidy_help(sub)


def _no_text(*_args: Any, **_kwargs: Any) -> None:
    return None


def _metavar(param: TyperOption) -> str:
    annotation = getattr(param.type_descriptor, "annotation", None)
    name = getattr(annotation, "__name__", "")
    if name in ("int", "float"):
        return "N"
    if name in ("Path", "PosixPath"):
        return "FILE"
    return "TEXT"


class DupbridgeGroup(TyperGroup):
    """The top-level group: lists :data:`COMMANDS` from the table and imports a command's
    module only when that command runs (or its own help is asked for)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._listing = False
        self._loaded: set[str] = set()

    def list_commands(self, ctx: Any) -> list[str]:
        names = [spec.name for spec in COMMANDS]
        return names + [name for name in self.commands if name not in _BY_NAME]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        spec = _BY_NAME.get(cmd_name)
        if spec is None:
            return self.commands.get(cmd_name)
        if self._listing:
            return TyperCommand(name=spec.name, short_help=_(spec.help), help=_(spec.help))
        if cmd_name not in self._loaded:  # (a command registered elsewhere is rebuilt once)
            self.commands[cmd_name] = load_command(spec)
            self._loaded.add(cmd_name)
        translate_help(self.commands[cmd_name])
        return self.commands[cmd_name]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Choose the language before anything is parsed, so that ``--help`` (which is
        answered while parsing) and every command's help speak it."""
        language = _requested_language(args) or language_from_environment()
        if language in LANGUAGES:
            set_language(language)
        result: list[str] = super().parse_args(ctx, args)
        return result

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in _BY_NAME and name not in self.commands:
            close = difflib.get_close_matches(name, [spec.name for spec in COMMANDS])
            if close:
                ctx.fail(
                    _("no command {name!r}; did you mean {close}?").format(
                        name=name, close=", ".join(repr(match) for match in close)
                    )
                )
        return super().resolve_command(ctx, args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        tidy_help(self)
        translate_help(self)
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False
