"""The ``dupbridge`` command tree as Typer commands, built from the table and loaded lazily.

Each command is named in :data:`dupbridge.cli.command_table.COMMANDS` with the module and
function (or sub-application) that implements it and its one-line help. ``dupbridge --help``
lists the commands from that table without importing any of them, and running a command
imports only its own module: ``dupbridge formats`` never loads the double-dummy solver
(endplay, which pulls matplotlib), the PDF library or the web templates.
"""

from __future__ import annotations

import difflib
import importlib
import sys
from typing import Any

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from dupbridge.cli.click_texts import (
    CliContext,
    translate_error,
    translate_frame,
    use_cli_context,
)
from dupbridge.cli.command_table import (
    COMMANDS,
    CommandSpec,
    help_text,
    language_from_environment,
    requested_language,
    translated,
)
from dupbridge.cli.plain import styles_for, terminal_width
from dupbridge.cli.quick import program_help
from dupbridge.i18n import LANGUAGES, _, get_language, pgettext, set_language

__all__ = [
    "COMMANDS",
    "CommandSpec",
    "DupbridgeGroup",
    "help_text",
    "language_from_environment",
    "load_command",
    "translate_help",
]


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
    envvar = pgettext("command-line help", "[env var: {value}]")
    rich_utils.ENVVAR_STRING = envvar.replace("{value}", "{}")


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
        command.help = translated(first) if _(first) != first else english
    help_option = command.get_help_option(typer.Context(command, info_name=command.name))
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        source = param.__dict__.setdefault("dupbridge_help_source", param.help)
        if source:
            param.help = translated(" ".join(source.split()))
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            translate_help(sub)


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
    use_cli_context(command)
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
    module only when that command runs (or its own help is asked for). A usage error leaves
    it in the active language (:mod:`dupbridge.cli.click_texts`)."""

    context_class = CliContext

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._loaded: set[str] = set()

    def list_commands(self, ctx: Any) -> list[str]:
        names = [spec.name for spec in COMMANDS]
        return names + [name for name in self.commands if name not in _BY_NAME]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        spec = _BY_NAME.get(cmd_name)
        if spec is None:
            return self.commands.get(cmd_name)
        if cmd_name not in self._loaded:  # (a command registered elsewhere is rebuilt once)
            self.commands[cmd_name] = load_command(spec)
            self._loaded.add(cmd_name)
        translate_help(self.commands[cmd_name])
        return self.commands[cmd_name]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Choose the language before anything is parsed, so that ``--help`` (which is
        answered while parsing) and every command's help speak it."""
        language = requested_language(args) or language_from_environment()
        if language in LANGUAGES:
            set_language(language)
        translate_frame()
        try:
            result: list[str] = super().parse_args(ctx, args)
        except Exception as error:
            translate_error(error)
            raise
        return result

    def invoke(self, ctx: Any) -> Any:
        """Run the command; its usage errors leave in the active language."""
        try:
            return super().invoke(ctx)
        except Exception as error:
            translate_error(error)
            raise

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
        """The program's help as :mod:`dupbridge.cli.quick` prints it without Typer: the
        commands listed from the table, in the active language."""
        lines = program_help(ctx.command_path, terminal_width(), styles_for(sys.stdout))
        formatter.write("\n".join(lines) + "\n")
