"""Usage errors of the command line (a missing option, an unknown option, a value that is not
a number, a bool, a date or a choice the framework cannot read) in the user's language, exit code 2, no traceback (issue 17: "the CLI, errors
included"). The program runs in a subprocess, as a user runs it."""

from __future__ import annotations

import datetime as dt
import enum
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Annotated, Literal

import pytest
import typer

from dupbridge.cli.click_texts import TEMPLATES, translate_message
from dupbridge.cli.commands import DupbridgeGroup
from dupbridge.i18n import LANGUAGES, _, ngettext, pgettext, set_language, use_language
from dupbridge.i18n.compile import compile_catalogs

OTHERS = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    compile_catalogs()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def run(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "300", "NO_COLOR": "1", "DUPBRIDGE_LANG": lang}
    return subprocess.run(
        [sys.executable, "-m", "dupbridge.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def flat(text: str) -> str:
    for char in "│╭╮╰╯─":
        text = text.replace(char, " ")
    return " ".join(text.split())


#: (arguments, the English message, its template and values).
CASES = [
    (["deal"], "Missing option '--out'.", "Missing option {name}.", {"name": "'--out'"}),
    (
        ["score", "--bogus"],
        "No such option: --bogus (Possible options: --out)",
        "{message} (Possible options: {options})",
        {"options": "--out"},
    ),
    (
        ["play", "--seed", "x"],
        "Invalid value for '--seed': Input should be a valid integer, unable to parse string "
        "as an integer",
        "Invalid value for {name}: {message}",
        {"name": "'--seed'"},
    ),
]


def expected(lang: str, template: str, values: dict[str, str]) -> str:
    """The message as the catalog of ``lang`` words it."""
    with use_language(lang):
        inner = {
            "{message} (Possible options: {options})": _("No such option: {name}").format(
                name="--bogus"
            ),
            "Invalid value for {name}: {message}": _(
                "Input should be a valid integer, unable to parse string as an integer"
            ),
        }.get(template)
        return _(template).format(**values, **({"message": inner} if inner else {}))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize(("args", "english", "template", "values"), CASES)
def test_usage_error_in_each_language(
    lang: str, args: list[str], english: str, template: str, values: dict[str, str]
) -> None:
    """`DUPBRIDGE_LANG=pl dupbridge deal` says "Brak opcji '--out'." under a Polish usage
    line and a Polish error title; exit code 2; no traceback; no English left."""
    result = run(lang, *args)
    assert 2 == result.returncode, result.stderr
    assert "Traceback" not in result.stderr
    text = flat(result.stderr)
    message = expected(lang, template, values)
    assert message != english
    assert flat(message) in text
    assert english not in text
    with use_language(lang):
        usage = pgettext("command-line help", "Usage:")
        title = pgettext("command-line help", "Error")
    assert text.startswith(usage + " ")
    assert f"─ {title} ─" in result.stderr
    assert "Usage:" not in text
    assert "for help" not in text


@pytest.mark.parametrize(("args", "english", "template", "values"), CASES)
def test_english_unchanged(
    args: list[str], english: str, template: str, values: dict[str, str]
) -> None:
    """In English the framework's own words are shown as they always were."""
    result = run("en", *args)
    assert 2 == result.returncode
    assert "Traceback" not in result.stderr
    text = flat(result.stderr)
    assert english in text
    assert text.startswith("Usage: python -m dupbridge.cli")
    assert f"Try 'python -m dupbridge.cli {args[0]} --help' for help." in text


def test_command_line_option_on_the_command_line() -> None:
    """`--lang ru` before the command chooses the language of the error too, even when the
    environment asks for another."""
    result = run("sv", "--lang", "ru", "play", "--seed")
    assert 2 == result.returncode
    assert "Параметру '--seed' нужен аргумент." in flat(result.stderr)


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("ru", 1, "Лишний аргумент"),
        ("ru", 2, "Лишние аргументы"),
        ("ru", 5, "Лишние аргументы"),
        ("pl", 1, "Nieoczekiwany dodatkowy argument"),
        ("pl", 22, "Nieoczekiwane dodatkowe argumenty"),
        ("lv", 1, "Negaidīts papildu arguments"),
        ("lv", 11, "Negaidīti papildu argumenti"),
        ("lv", 21, "Negaidīts papildu arguments"),
        ("sv", 2, "Oväntade extra argument"),
        ("et", 1, "Ootamatu lisaargument"),
        ("et", 4, "Ootamatud lisaargumendid"),
    ],
)
def test_extra_arguments_plural(lang: str, count: int, text: str) -> None:
    """The framework's "argument(s)" becomes the language's own singular or plural form."""
    words = " ".join(f"w{index}" for index in range(count))
    with use_language(lang):
        shown = translate_message(f"Got unexpected extra argument(s) ({words})")
    assert shown == f"{text} ({words})"


@pytest.mark.parametrize("lang", ["ru", "pl", "lv"])
@pytest.mark.parametrize("n", [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111])
def test_option_arguments_plural(lang: str, n: int) -> None:
    """ "Option '--x' requires N arguments." uses the catalog's plural form for N."""
    with use_language(lang):
        shown = translate_message(f"Option '--x' requires {n} arguments.")
        wanted = ngettext(
            "Option {name} requires {count} argument.",
            "Option {name} requires {count} arguments.",
            n,
        ).format(name="'--x'", count=n)
    assert shown == wanted
    assert "requires" not in shown
    assert "'--x'" in shown
    assert str(n) in shown


def test_unknown_message_left_as_it_is() -> None:
    """A message no template matches is shown as the framework wrote it."""
    with use_language("pl"):
        assert "Something else went wrong" == translate_message("Something else went wrong")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_template_translated(lang: str) -> None:
    """Each framework message has a translation with the same placeholders."""
    import re

    with use_language(lang):
        for template in TEMPLATES:
            translation = _(template)
            assert translation != template or template.startswith("{message} (")
            assert sorted(re.findall(r"\{\w+\}", translation)) == sorted(
                re.findall(r"\{\w+\}", template)
            )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "sv", "movement", "validat"], "Kommandot 'validat' finns inte. Menade du"),
        (
            ["--lang", "pl", "score", "--top", "0", "x.csv"],
            "Nieprawidłowa wartość dla '--top': Wartość musi być większa lub równa 1",
        ),
        (["--lang", "et", "score", "--mitchell=1", "x.csv"], "Võti '--mitchell' ei võta väärtust."),
        (["--lang", "lv", "movement", "validate"], "Trūkst argumenta 'FILE'."),
        (["--lang", "ru"], "Не указана команда."),
    ],
)
def test_more_usage_errors(args: list[str], message: str) -> None:
    """A subcommand's typo, a value out of range, a value given to a flag, a missing argument
    of a subcommand and a missing command, each in its language."""
    from typer.testing import CliRunner

    from dupbridge.cli.app import app

    result = CliRunner().invoke(app, args, env={"COLUMNS": "300", "NO_COLOR": "1"})
    assert 2 == result.exit_code
    assert message in flat(result.output)


class Colour(enum.StrEnum):
    """A choice parameter's values (an Enum, as Typer offers them)."""

    RED = "red"
    BLUE = "blue"


def probe_app() -> typer.Typer:
    """A command with a bool argument, a date, a datetime in given formats and two kinds of
    choice, run through dupbridge's own command group (its language and its usage errors):
    no dupbridge command takes such values yet, and the next one must speak the user's
    language too."""
    probe = typer.Typer(cls=DupbridgeGroup, add_completion=False, pretty_exceptions_enable=False)

    @probe.callback()
    def _group() -> None:
        """The probe group."""

    @probe.command("probe")
    def _probe(
        flag: Annotated[bool, typer.Argument()] = True,
        day: Annotated[dt.date | None, typer.Option("--day")] = None,
        when: Annotated[dt.datetime | None, typer.Option("--when", formats=["%Y-%m-%d"])] = None,
        colour: Annotated[Colour, typer.Option("--colour")] = Colour.RED,
        edition: Annotated[Literal["2017", "2007"], typer.Option("--edition")] = "2017",
    ) -> None:
        """Accept the values."""

    return probe


#: (arguments, the English message, the message's parts as the catalog words them).
PARAMETER_CASES = [
    (
        ["probe", "maybe"],
        "Invalid value for 'flag': Input should be a valid boolean, unable to interpret input",
        lambda: _("Invalid value for {name}: {message}").format(
            name="'flag'", message=_("Input should be a valid boolean, unable to interpret input")
        ),
    ),
    (
        ["probe", "--day", "2026-13-01"],
        "Invalid value for '--day': Input should be a valid date or datetime, month value is "
        "outside expected range of 1-12",
        lambda: _("Invalid value for {name}: {message}").format(
            name="'--day'",
            message=_("Input should be a valid date or datetime, {message}").format(
                message=_("month value is outside expected range of 1-12")
            ),
        ),
    ),
    (
        ["probe", "--day", "26.11.2026"],
        "Invalid value for '--day': Input should be a valid date or datetime, invalid "
        "character in year",
        lambda: _("Invalid value for {name}: {message}").format(
            name="'--day'",
            message=_("Input should be a valid date or datetime, {message}").format(
                message=_("invalid character in year")
            ),
        ),
    ),
    (
        ["probe", "--when", "tomorrow"],
        "Invalid value for '--when': Value error, 'tomorrow' does not match the formats "
        "'%Y-%m-%d'.",
        lambda: _("Invalid value for {name}: {message}").format(
            name="'--when'",
            message=_("Value error, {value} does not match the formats {formats}.").format(
                value="'tomorrow'", formats="'%Y-%m-%d'"
            ),
        ),
    ),
    (
        ["probe", "--colour", "green"],
        "Invalid value for '--colour': Value error, 'green' is not one of 'red', 'blue'.",
        lambda: _("Invalid value for {name}: {message}").format(
            name="'--colour'",
            message=_("Value error, {value} is not one of {choices}.").format(
                value="'green'", choices="'red', 'blue'"
            ),
        ),
    ),
    (
        ["probe", "--edition", "1997"],
        "Invalid value for '--edition': Value error, '1997' is not one of '2017', '2007'.",
        lambda: _("Invalid value for {name}: {message}").format(
            name="'--edition'",
            message=_("Value error, {value} is not one of {choices}.").format(
                value="'1997'", choices="'2017', '2007'"
            ),
        ),
    ),
]


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize(("args", "english", "wanted"), PARAMETER_CASES)
def test_bad_bool_date_and_choice_values_in_each_language(
    lang: str, args: list[str], english: str, wanted: Callable[[], str]
) -> None:
    """`DUPBRIDGE_LANG=pl` and a bool, a date or a choice the framework cannot read: the
    whole message in Polish (pydantic's reason too), exit code 2, no English left."""
    from typer.testing import CliRunner

    env = {"COLUMNS": "300", "NO_COLOR": "1", "DUPBRIDGE_LANG": lang}
    result = CliRunner().invoke(probe_app(), args, env=env)
    assert 2 == result.exit_code, result.output
    text = flat(result.output)
    with use_language(lang):
        message = wanted()
    assert message != english
    assert flat(message) in text
    assert english not in text
    assert "Input should" not in text
    assert "Value error" not in text


@pytest.mark.parametrize(("args", "english", "wanted"), PARAMETER_CASES)
def test_bad_bool_date_and_choice_values_in_english(
    args: list[str], english: str, wanted: Callable[[], str]
) -> None:
    """In English the framework's words stay as they are (the templates copy them)."""
    from typer.testing import CliRunner

    env = {"COLUMNS": "300", "NO_COLOR": "1", "DUPBRIDGE_LANG": "en"}
    result = CliRunner().invoke(probe_app(), args, env=env)
    assert 2 == result.exit_code, result.output
    assert english in flat(result.output)
    assert english == wanted()
