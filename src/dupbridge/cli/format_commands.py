"""Commands for the ecosystem's file formats (docs/formats.md).

``dupbridge convert IN OUT`` converts boards between PBN, LIN, DUP, DLM (and every format
registered in :mod:`dupbridge.formats.registry`), choosing each side's format by its file
extension unless ``--from``/``--to`` name it. ``dupbridge validate FILE`` reports every problem
of a file, one per line as ``FILE:LINE:COLUMN: error|warning: message``, and exits 1 if there
is an error; it reads every file ``dupbridge score`` reads (a travellers CSV is checked as
``score`` checks it). ``dupbridge formats`` lists the formats.
"""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import typer
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

from dupbridge.cli.app import err_console
from dupbridge.formats import pbn
from dupbridge.formats.problems import FormatError, Problem, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, format_for_path, get_format
from dupbridge.i18n import _, ngettext

__all__ = ["convert", "formats", "validate"]

#: Files at least this big get a progress bar (when standard error is a terminal).
PROGRESS_BYTES = 1_000_000


def fail(message: str, code: int = 2) -> NoReturn:
    """One error line on standard error, then exit with ``code``.

    The same as :func:`dupbridge.cli.app.fail`, but never wrapped: file names make these
    messages long, and editors and scripts read them as one line.
    """
    err_console.print(_("error: {message}").format(message=message), markup=False, soft_wrap=True)
    raise typer.Exit(code)


def _format(path: Path, name: str | None, *, reading: bool) -> FileFormat:
    try:
        file_format = get_format(name) if name else format_for_path(path)
    except FormatError as error:
        fail(str(error))
    if reading and file_format.read is None:
        fail(_("dupbridge cannot read {name} files").format(name=file_format.name.upper()))
    if not reading and file_format.write is None:
        fail(_("dupbridge cannot write {name} files").format(name=file_format.name.upper()))
    return file_format


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        fail(_("cannot read {path}: {error}").format(path=path, error=error.strerror or error))


def _read(
    file_format: FileFormat, data: bytes, source: str
) -> tuple[list[BoardRecord], list[Problem]]:
    """Read every record, with a progress bar for a big file on a terminal."""
    assert file_format.read is not None
    records: list[BoardRecord] = []
    problems: list[Problem] = []
    show = len(data) >= PROGRESS_BYTES and err_console.is_terminal
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        console=err_console,
        disable=not show,
        transient=True,
    ) as progress:
        task = progress.add_task(_("reading {source}").format(source=source), total=1.0)
        for item in file_format.read(data, source):
            problems.extend(item.problems)
            if item.record is not None:
                records.append(item.record)
            progress.update(task, completed=item.progress)
    return records, problems


def _print_problems(problems: list[Problem]) -> tuple[int, int]:
    errors = sum(problem.severity is Severity.ERROR for problem in problems)
    for problem in problems:
        print(problem)
    return errors, len(problems) - errors


def _scored_only(path: Path, name: str | None) -> bool:
    """Whether the file is one only ``dupbridge score`` reads: a travellers CSV (or another
    event file no registered format reads), checked as ``score`` would check it."""
    if name is not None:
        wanted = name.strip().lower().lstrip(".")
        return wanted == "travellers" or (wanted == "csv" and _is_travellers_csv(path))
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return _is_travellers_csv(path)
    from dupbridge.services.event_results import EVENT_FORMATS  # scoring loads on use

    if suffix not in EVENT_FORMATS:
        return False
    try:
        format_for_path(path)
    except FormatError:
        return True
    return False


def _is_travellers_csv(path: Path) -> bool:
    """A travellers CSV starts with a header naming its columns (``board,ns,ew,...``); a
    hand-record CSV (deals only) starts with a quoted hand."""
    try:
        with path.open("rb") as handle:
            first = handle.readline(4096).decode("utf-8", "replace").strip().lower()
    except OSError:
        return True  # let the travellers reader report what cannot be read
    return not first.startswith('"') and "board" in first


def _validate_event(path: Path) -> None:
    from dupbridge.services.event_results import EventFileError, check_event_file

    try:
        loaded = check_event_file(path)
    except EventFileError as error:
        fail(str(error))
    for problem in loaded.problems:
        print(problem)
    errors = len(loaded.errors)
    results = len(loaded.event.results)
    summary = _("{file}: {results}, {errors}, {warnings}").format(
        file=path,
        results=ngettext("{n} result", "{n} results", results).format(n=results),
        errors=ngettext("{n} error", "{n} errors", errors).format(n=errors),
        warnings=ngettext("{n} warning", "{n} warnings", len(loaded.problems) - errors).format(
            n=len(loaded.problems) - errors
        ),
    )
    err_console.print(summary, markup=False, highlight=False, soft_wrap=True)
    if errors:
        raise typer.Exit(1)


def validate(
    file: Path = typer.Argument(
        ..., help="The file to check (PBN, LIN, DUP, DLM, USEBIO, travellers CSV, ...)."
    ),
    from_format: str | None = typer.Option(
        None, "--from", help="Its format, if its extension does not say."
    ),
) -> None:
    """Report every problem of a file as FILE:LINE:COLUMN: error|warning: message."""
    if _scored_only(file, from_format):
        _validate_event(file)
        return
    file_format = _format(file, from_format, reading=True)
    data = _read_bytes(file)
    records, problems = _read(file_format, data, str(file))
    errors, warnings = _print_problems(problems)
    summary = _("{file}: {boards}, {errors}, {warnings}").format(
        file=file,
        boards=ngettext("{n} board", "{n} boards", len(records)).format(n=len(records)),
        errors=ngettext("{n} error", "{n} errors", errors).format(n=errors),
        warnings=ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings),
    )
    err_console.print(summary, markup=False, highlight=False, soft_wrap=True)
    if errors:
        raise typer.Exit(1)


def convert(
    source: Path = typer.Argument(..., help="The file to read."),
    target: Path = typer.Argument(..., help="The file to write."),
    from_format: str | None = typer.Option(
        None, "--from", help="The format to read (default: by the extension of SOURCE)."
    ),
    to_format: str | None = typer.Option(
        None, "--to", help="The format to write (default: by the extension of TARGET)."
    ),
    keep_going: bool = typer.Option(
        False, "--keep-going", help="Write what could be read even if the source has errors."
    ),
) -> None:
    """Convert boards between file formats (PBN, LIN, DUP, DLM, ...) by extension."""
    reader = _format(source, from_format, reading=True)
    writer = _format(target, to_format, reading=False)
    data = _read_bytes(source)
    same_pbn = reader.name == writer.name == "pbn"
    games: list[pbn.Game] = []
    records: list[BoardRecord] = []
    if same_pbn:  # game to game: comments, notes and unknown tags stay as they are
        read = pbn.loads(data, source=str(source))
        problems = [problem for game in read for problem in game.problems]
        games = [game for game in read if game.tags]
        count = len(games)
    else:
        records, problems = _read(reader, data, str(source))
        count = len(records)
    errors, _warnings = _print_problems(problems)
    if errors and not keep_going:
        fail(
            ngettext(
                "{source} has {n} error; nothing written (--keep-going writes what was read)",
                "{source} has {n} errors; nothing written (--keep-going writes what was read)",
                errors,
            ).format(source=source, n=errors),
            code=1,
        )
    try:
        if same_pbn:
            output = pbn.dumps(games).encode("utf-8")
        else:
            assert writer.write is not None
            output = writer.write(records)
            for lost in writer.unwritable(records) if writer.unwritable else ():
                err_console.print(
                    _("{target}: warning: {text}").format(target=target, text=lost),
                    markup=False,
                    highlight=False,
                    soft_wrap=True,
                )
    except FormatError as error:
        fail(
            _("cannot write {target} as {name}: {error}").format(
                target=target, name=writer.name.upper(), error=error
            )
        )
    try:
        target.write_bytes(output)
    except OSError as error:
        fail(_("cannot write {path}: {error}").format(path=target, error=error.strerror or error))
    err_console.print(
        ngettext(
            "{n} board: {source} ({reader}) -> {target} ({writer})",
            "{n} boards: {source} ({reader}) -> {target} ({writer})",
            count,
        ).format(
            n=count,
            source=source,
            reader=reader.name.upper(),
            target=target,
            writer=writer.name.upper(),
        ),
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


# The listing lives in a module of its own that imports no format (start-up, issue 12).
from dupbridge.cli.formats_command import formats  # noqa: E402
