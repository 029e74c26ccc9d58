"""``dupbridge --help`` and ``dupbridge formats``, answered without the command-line framework.

Issue 12 asks both to start in under 0.3 s. Typer (with Rich, its Markdown renderer and, for a
command's parameters, pydantic) costs several times Python's own start-up, so the entry point
(:func:`dupbridge.cli.__main__.main`) asks :func:`answer` first: when the arguments ask only for
the program's help or the list of formats (after ``--lang`` or ``--notation``), it prints them
from :data:`dupbridge.cli.command_table.COMMANDS` and the formats' catalogue, in the chosen
language, importing neither Typer nor Rich. Anything else goes to the Typer application, which
prints the same help (:class:`dupbridge.cli.commands.DupbridgeGroup` draws it with
:func:`program_help`), so the two ways cannot drift apart.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from dupbridge.cli.command_table import (
    APP_HELP,
    COMMANDS,
    GLOBAL_OPTIONS,
    language_from_environment,
    translated,
)
from dupbridge.cli.plain import Styles, panel, styles_for, terminal_width
from dupbridge.i18n import LANGUAGES, _, pgettext, set_language

__all__ = ["answer", "program_help"]

_HELP_OPTION = "--help"
_VALUED = tuple(option.name for option in GLOBAL_OPTIONS)  # --lang, --notation


def program_help(prog: str, width: int, styles: Styles) -> list[str]:
    """The lines of ``dupbridge --help``: usage, the program's line, its options and every
    command with its one-line help, in the active language."""
    usage = f"{prog} [OPTIONS] COMMAND [ARGS]..."
    lines = ["", " " + styles.usage(pgettext("command-line help", "Usage:")) + " " + usage, ""]
    lines += [" " + line for line in _wrapped(translated(APP_HELP), width - 2)]
    lines.append("")
    options = [[option.name, "TEXT", translated(option.help)] for option in GLOBAL_OPTIONS]
    options.append([_HELP_OPTION, "", _("Show this message and exit.")])
    lines += panel(pgettext("command-line help", "Options"), options, width, styles)
    commands = [[spec.name, translated(spec.help)] for spec in COMMANDS]
    lines += panel(pgettext("command-line help", "Commands"), commands, width, styles)
    return lines


def _wrapped(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, max(width, 20), break_on_hyphens=False)


def answer(args: Sequence[str], prog: str = "dupbridge") -> bool:
    """Print the program's help, or the formats, when ``args`` ask for nothing else; return
    whether they were answered (``False``: the Typer application must run).

    Only the program's own options are read (``--lang``, ``--notation``, ``--help``); any
    other option, a command other than ``formats``, an argument after it or a language or
    notation dupbridge does not know leave the arguments to the Typer application, which
    reports them as it always has.
    """
    given: dict[str, str] = {}
    rest = list(args)
    wants_help = False
    while rest and rest[0].startswith("-"):
        head = rest.pop(0)
        name, equals, value = head.partition("=")
        if head == _HELP_OPTION:
            wants_help = True
        elif name in _VALUED and equals:
            given[name] = value
        elif head in _VALUED and rest:
            given[head] = rest.pop(0)
        else:
            return False
    if not wants_help and rest != ["formats"]:
        return False
    language = given.get("--lang") or language_from_environment()
    notation = given.get("--notation") or os.environ.get("DUPBRIDGE_NOTATION") or "international"
    if language not in LANGUAGES:
        return False
    if notation != "international":  # the default: the notation table need not load
        from dupbridge.i18n.notation import STYLES, set_notation

        if notation not in STYLES:
            return False
        set_notation(notation)
    set_language(language)
    if wants_help:  # answered while parsing, before any command (as click does)
        lines = program_help(prog, terminal_width(), styles_for(sys.stdout))
        sys.stdout.write("\n".join(lines) + "\n")
    else:
        from dupbridge.cli.formats_command import formats

        formats()
    return True
