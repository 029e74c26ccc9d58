"""The command-line framework's own words (usage errors, ``Usage:``, ``Error``) in the user's
language (issue 17: "the CLI, errors included").

Typer (0.29) parses the command line with its own copy of Click, whose messages are English
f-strings, not ``gettext`` calls; the validation of a value (``--seed x``) is pydantic's, in
English too. So the words cannot be swapped at their source: an error is translated where it
leaves a command, by :func:`translate_error`, which matches its English text against the
templates below (each an exact copy of the framework's wording, its variable parts as
``{placeholders}``) and gives the catalog's translation with the same parts filled in. A
message no template matches stays as the framework wrote it. The frame around an error
(``Usage:``, the error panel's title, the ``Try ... for help.`` line) is set by
:func:`translate_frame` each time a command runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import typer

from dupbridge.i18n import N_, _, ngettext, pgettext

__all__ = ["TEMPLATES", "CliContext", "translate_error", "translate_frame", "translate_message"]

#: The framework's English messages, most specific first; ``message`` is itself a message
#: (translated in its turn), the other placeholders are names and values shown as given.
TEMPLATES: tuple[str, ...] = (
    N_("{message} (Possible options: {options})"),
    N_("No such option: {name}"),
    N_("No such command {name}. Did you mean {suggestions}?"),
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Missing option {name}. {message}"),
    N_("Missing argument {name}. {message}"),
    N_("Missing option {name}."),
    N_("Missing argument {name}."),
    N_("Missing parameter {name}."),
    N_("Invalid value for {name}: {message}"),
    N_("Invalid value: {message}"),
    N_("Option {name} does not take a value."),
    N_("Option {name} requires an argument."),
    N_("Could not open file {name}: {message}"),
    N_("Value {value} is not a valid {kind}."),
    N_("Choose from:\n\t{choices}"),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid integer"),
    N_("Input should be a valid number"),
    N_("Input should be greater than or equal to {limit}"),
    N_("Input should be less than or equal to {limit}"),
    N_("Input should be greater than {limit}"),
    N_("Input should be less than {limit}"),
    # a bool, a date or datetime, a choice (an Enum or a Literal), a date in given formats
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be a valid boolean"),
    N_("Input should be a valid date or datetime, {message}"),
    N_("Input should be a valid datetime or date, {message}"),
    N_("Datetimes provided to dates should have zero time - e.g. be exact dates"),
    N_("Value error, {value} is not one of {choices}."),
    N_("Value error, {value} does not match the formats {formats}."),
    # why a date or datetime was not read (pydantic's reasons, after the comma above)
    N_("input is too short"),
    N_("unexpected extra characters at the end of the input"),
    N_("invalid character in year"),
    N_("invalid character in month"),
    N_("invalid character in day"),
    N_("invalid character in hour"),
    N_("invalid date separator, expected `-`"),
    N_("invalid datetime separator, expected `T`, `t`, `_` or space"),
    N_("month value is outside expected range of 1-12"),
    N_("day value is outside expected range"),
    N_("hour value is outside expected range of 0-23"),
    N_("minute value is outside expected range of 0-59"),
    N_("second value is outside expected range of 0-59"),
    N_("timezone offset must be less than 24 hours"),
)

#: Messages with a number in them: the English pattern, and the message for a count.
_PLURALS: tuple[tuple[str, Callable[[int], str]], ...] = (
    (
        r"Got unexpected extra argument\(s\) \((?P<arguments>.+)\)",
        lambda n: ngettext(
            "Got unexpected extra argument ({arguments})",
            "Got unexpected extra arguments ({arguments})",
            n,
        ),
    ),
    (
        r"Option (?P<name>.+) requires (?P<count>\d+) arguments\.",
        lambda n: ngettext(
            "Option {name} requires {count} argument.",
            "Option {name} requires {count} arguments.",
            n,
        ),
    ),
    (
        r"Argument (?P<name>.+) takes (?P<count>\d+) values\.",
        lambda n: ngettext(
            "Argument {name} takes {count} value.", "Argument {name} takes {count} values.", n
        ),
    ),
)


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=len(TEMPLATES))
def _pattern(template: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(template)
    regex = "".join(
        f"(?P<{part}>.+?)" if index % 2 else re.escape(part) for index, part in enumerate(parts)
    )
    return re.compile(regex, re.DOTALL)


def translate_message(text: str) -> str:
    """``text``, an English message of the framework, in the active language (unchanged when
    no template matches it)."""
    for template in TEMPLATES:
        match = _pattern(template).fullmatch(text)
        if match is not None:
            values = match.groupdict()
            if "message" in values:
                values["message"] = translate_message(values["message"])
            return _(template).format(**values)
    for regex, message in _PLURALS:
        match = re.fullmatch(regex, text, re.DOTALL)
        if match is not None:
            values = match.groupdict()
            count = int(values["count"]) if "count" in values else len(values["arguments"].split())
            return message(count).format(**values)
    return text


def translate_error(error: Exception) -> None:
    """Make ``error`` (a usage error of the framework) show its message in the active
    language; the help shown for a missing command (``NoArgsIsHelpError``) is left alone."""
    names = {kind.__name__ for kind in type(error).__mro__}
    if "UsageError" not in names or "NoArgsIsHelpError" in names:
        return
    if getattr(error, "dupbridge_done", False):
        return
    format_message = getattr(error, "format_message", None)
    if format_message is None:
        return
    text = translate_message(format_message())
    setattr(error, "format_message", lambda: text)  # noqa: B010 - this one error's text
    setattr(error, "dupbridge_done", True)  # noqa: B010


def translate_frame() -> None:
    """The words around an error in the active language: the error panel's title, the hint
    to ask for help and the text shown when the user interrupts."""
    from typer import rich_utils

    rich_utils.ERRORS_PANEL_TITLE = pgettext("command-line help", "Error")
    rich_utils.ABORTED_TEXT = _("Aborted.")
    hint = _("Try '{command} {option}' for help.")
    rich_utils.RICH_HELP = hint.replace("{command}", "{command_path}").replace(
        "{option}", "{help_option}"
    )


_HelpFormatter: Any = typer.Context.formatter_class


class _Formatter(_HelpFormatter):  # type: ignore[misc]  # (the framework's formatter)
    """The help formatter, with ``Usage:`` in the active language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = pgettext("command-line help", "Usage:") + " "
        super().write_usage(prog, args, prefix)


class CliContext(typer.Context):
    """A command's context whose usage line speaks the active language."""

    formatter_class = _Formatter


def use_cli_context(command: Any) -> None:
    """Give ``command`` and its subcommands the :class:`CliContext`."""
    command.context_class = CliContext
    for sub in getattr(command, "commands", {}).values():
        use_cli_context(sub)
