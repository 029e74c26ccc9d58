"""Start-up and help: light commands import no heavy library; help shows no framework
internals; the command tree lists every command the table names."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from typer.core import TyperGroup
from typer.testing import CliRunner

from dupbridge.cli.app import app
from dupbridge.cli.commands import COMMANDS, load_command

HEAVY = ("endplay", "matplotlib", "reportlab", "networkx", "jinja2")


def imported_by(*args: str) -> set[str]:
    """The modules a fresh ``dupbridge ARGS`` process imported (``python -X importtime``)."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "dupbridge.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert 0 == run.returncode, run.stderr[-2000:]
    return {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line}


@pytest.mark.parametrize("args", [("formats",), ("--help",), ("play", "--help")])
def test_light_commands_import_no_heavy_library(args: tuple[str, ...]) -> None:
    """`dupbridge formats` and the help never load endplay (it pulls matplotlib), reportlab,
    networkx or jinja2."""
    modules = imported_by(*args)
    assert "dupbridge.cli.command_table" in modules  # the measurement saw the program
    assert [] == [name for name in HEAVY if name in modules]


FRAMEWORK_AND_SERVICES = (
    "endplay", "fastapi", "sqlalchemy", "pydantic", "typer", "rich", "click", "markdown_it",
)  # fmt: skip


def loaded_by(*args: str, env: dict[str, str] | None = None) -> tuple[str, set[str]]:
    """What a fresh ``dupbridge ARGS`` process printed, and the top-level packages left in its
    ``sys.modules`` when it finished (robust on a loaded machine: no clock involved)."""
    code = (
        "import sys\n"
        "from dupbridge.cli.__main__ import main\n"
        f"sys.argv = ['dupbridge', *{list(args)!r}]\n"
        "main()\n"
        "print('MODULES', ' '.join(sorted({name.split('.')[0] for name in sys.modules})))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "100", **(env or {})},
    )
    assert 0 == run.returncode, run.stderr[-2000:]
    output, _, modules = run.stdout.rpartition("MODULES ")
    return output, set(modules.split())


@pytest.mark.parametrize(
    "args",
    [("--help",), ("formats",), ("--lang", "pl", "--help"), ("--notation", "local", "formats")],
)
def test_help_and_formats_load_no_framework(args: tuple[str, ...]) -> None:
    """Issue 12: `dupbridge --help` and `dupbridge formats` start without the command-line
    framework (Typer, Rich, click; pydantic comes with Typer's parameters), the double-dummy
    solver, the web framework or the database, and still print every command or format."""
    output, modules = loaded_by(*args)
    assert "dupbridge" in modules
    assert [] == [name for name in FRAMEWORK_AND_SERVICES if name in modules]
    if "formats" in args:
        assert {"pbn", "lin", "usebio", ".rzd"} <= set(output.replace("│", " ").split())
    else:
        assert all(f" {spec.name} " in output for spec in COMMANDS)


def test_quick_help_is_the_typer_help() -> None:
    """The help printed without Typer is the one the Typer application prints, in English and
    in Polish (the Polish one from the catalog, `--lang` or DUPBRIDGE_LANG)."""
    for args, env in (((), {}), (("--lang", "pl"), {}), ((), {"DUPBRIDGE_LANG": "pl"})):
        quick, _modules = loaded_by(*args, "--help", env=env)
        typer_help = CliRunner().invoke(
            app, [*args, "--help"], env={"COLUMNS": "100", **env}, prog_name="dupbridge"
        )
        assert (0, quick) == (typer_help.exit_code, typer_help.output)
    assert "Polecenia" in quick
    assert "Wyświetla formaty plików, które dupbridge odczytuje i zapisuje." in quick


def test_quick_path_leaves_the_rest_to_typer() -> None:
    """Anything but the program's help or the formats goes to Typer, which reports it as
    before: an unknown language is an error (exit 2), not a help page."""
    run = subprocess.run(
        [sys.executable, "-m", "dupbridge.cli", "--lang", "xx", "formats"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (2, "") == (run.returncode, run.stdout)
    assert "unknown language 'xx'" in run.stderr


def test_help_imports_no_command_module() -> None:
    """`dupbridge --help` lists the commands from the table, importing none of them."""
    modules = imported_by("--help")
    assert [] == [spec.module for spec in COMMANDS if spec.module in modules]


def all_helps() -> list[tuple[str, str]]:
    runner = CliRunner()
    helps = [("dupbridge", runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).output)]
    for spec in COMMANDS:
        command = load_command(spec)
        names = [[spec.name]]
        if isinstance(command, TyperGroup):  # a group: each subcommand too
            names += [[spec.name, sub] for sub in command.commands]
        for words in names:
            result = runner.invoke(app, [*words, "--help"], env={"COLUMNS": "200"})
            assert 0 == result.exit_code, result.output
            helps.append((" ".join(words), result.output))
    return helps


def test_help_has_no_framework_internals() -> None:
    """Every command's help names values with words (N, FILE, TEXT), never `<bool>`,
    `<list[str]>`, `<int range>` or `[x>=1]`."""
    helps = all_helps()
    assert len(helps) > len(COMMANDS)
    leaks = [
        (name, match.group(0))
        for name, text in helps
        for match in re.finditer(r"<[a-z][a-z_\[\] |]*>|x>=|x<=|<int range>", text)
    ]
    assert [] == leaks


def test_listed_help_matches_the_command() -> None:
    """The one-line help the table lists is the command's own docstring line."""
    for spec in COMMANDS:
        command = load_command(spec)
        own = " ".join((command.help or "").split())
        assert own.startswith(" ".join(spec.help.split())), spec.name


def test_bounds_still_apply() -> None:
    """Hiding `[x>=1]` keeps the bound: board 0 is a usage error (exit 2)."""
    result = CliRunner().invoke(app, ["play", "--board", "0", "--auto"])
    assert 2 == result.exit_code


def test_package_names_load_on_first_use() -> None:
    """`from dupbridge import Deal` works in a fresh process although the core loads lazily,
    and an unknown name is an AttributeError."""
    code = (
        "import sys, dupbridge\n"
        "assert 'dupbridge.core' not in sys.modules\n"
        "from dupbridge import Deal, Table\n"
        "assert Table.__module__ == 'dupbridge.core.table'\n"
        "assert 'Deal' in dupbridge.__all__\n"
        "try:\n    dupbridge.nothing\nexcept AttributeError:\n    print('ok')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert ("ok\n", 0) == (run.stdout, run.returncode), run.stderr
