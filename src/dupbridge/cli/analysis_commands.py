"""Commands for deals and analysis (docs/analysis.md).

* ``dupbridge deal --boards 1-36 --out set.pbn``: secure, reproducible dealing (Law 6E) to
  PBN or a dealing-machine file (DUP, DLM), from a secret key that is never written out.
* ``dupbridge analyse IN.pbn --out OUT.pbn``: double-dummy tables and par into PBN.
* ``dupbridge handrecord set.pbn --out records.pdf`` (or ``.html``): hand records.
* ``dupbridge claim-check RECORD.json``: the Director's view of a claim (Laws 68-71).
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from dupbridge.analysis.dealing import DealingKey, KeyFormatError, deal_set, parse_board_range
from dupbridge.cli.app import err_console, working
from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import SEATS, Seat
from dupbridge.formats import pbn
from dupbridge.formats.problems import FormatError, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import format_for_path, get_format, read_records
from dupbridge.i18n import N_, _, ngettext
from dupbridge.i18n.formats import date_text, parse_date

if TYPE_CHECKING:  # the solver (endplay) and the PDF library load only in the commands
    from dupbridge.analysis.dd import DDTable, Executor
    from dupbridge.analysis.handrecord import HandRecordBoard

__all__ = [
    "analyse",
    "claim_check",
    "deal",
    "handrecord",
    "line_from_statement",
    "read_key_file",
    "write_key_file",
]

#: Deals per solver call when a progress bar is shown (smaller batches, smoother bar).
_PROGRESS_CHUNK = 10


def fail(message: str, code: int = 2) -> NoReturn:
    """One error line on standard error (never wrapped: it names files), then exit."""
    err_console.print(_("error: {message}").format(message=message), markup=False, soft_wrap=True)
    raise typer.Exit(code)


def note(message: str) -> None:
    """One line of information on standard error."""
    err_console.print(message, markup=False, soft_wrap=True, highlight=False)


# --- keys ------------------------------------------------------------------------------------


def read_key_file(path: Path) -> DealingKey:
    """The key in a key file: its one line that is not blank or a ``#`` comment.

    Raises:
        KeyFormatError: as ``FILE:LINE: message``, if the file holds no readable key.
        OSError: if the file cannot be read.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[tuple[int, str]] = [
        (number, line.strip())
        for number, line in enumerate(lines, start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if len(found) != 1:
        raise KeyFormatError(
            _("{path}:1: a key file holds one key line, not {n}").format(path=path, n=len(found))
        )
    number, text = found[0]
    try:
        return DealingKey.from_str(text)
    except KeyFormatError as error:
        raise KeyFormatError(f"{path}:{number}: {error}") from None


def write_key_file(path: Path, key: DealingKey) -> None:
    """Write ``key`` to a new file readable only by its owner.

    Raises:
        FileExistsError: if the file exists (a key is never overwritten).
    """
    text = (
        "# " + _("dupbridge dealing key: keep it secret; it regenerates every board it dealt.")
        + "\n# " + _("fingerprint {fingerprint}").format(fingerprint=key.fingerprint)
        + "\n" + key.to_str() + "\n"
    )  # fmt: skip
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
        stream.write(text)


def _key(key_text: str | None, key_file: Path | None, out: Path) -> tuple[DealingKey, str]:
    """The key to deal with, and a sentence saying where it is kept."""
    if key_text is not None and key_file is not None:
        fail(_("give --key or --key-file, not both"))
    try:
        if key_text is not None:
            try:
                return DealingKey.from_str(key_text), _("the key given with --key")
            except KeyFormatError as error:
                fail(str(error))  # a mistyped option: a usage error
        path = key_file if key_file is not None else out.with_suffix(".key")
        if key_file is not None and path.exists():
            return read_key_file(path), _("the key in {path}").format(path=path)
        if key_file is None and path.exists():
            fail(
                _(
                    "{path} exists: pass --key-file {path} to deal again from that key, "
                    "or move it away for a new key"
                ).format(path=path)
            )
        key = DealingKey.generate()
        write_key_file(path, key)
        return key, _("a new key, saved in {path} (keep it secret)").format(path=path)
    except KeyFormatError as error:
        fail(str(error), code=1)  # a key file that holds no readable key: bad content
    except OSError as error:
        fail(_("cannot use key file: {error}").format(error=error))


# --- dupbridge deal --------------------------------------------------------------------------


def deal(
    boards: str = typer.Option(
        "1-36", "--boards", help=N_("Boards to deal: 1-36, 37-48, 1-8,17-24.")
    ),
    out: Path = typer.Option(..., "--out", help=N_("The file to write: .pbn, .dup or .dlm.")),
    key_file: Path | None = typer.Option(
        None,
        "--key-file",
        help=N_("The secret key: read from this file if it exists, else a new key is saved there."),
    ),
    key_text: str | None = typer.Option(
        None,
        "--key",
        help=N_("The secret key itself (others may see a command line: prefer a file)."),
    ),
    event: str = typer.Option("", "--event", help=N_("Event name written into PBN files.")),
    to_format: str | None = typer.Option(
        None, "--to", help=N_("Output format if the extension does not say (pbn, dup, dlm).")
    ),
) -> None:
    """Deal boards securely and reproducibly (Law 6E); the key is never written into OUT.

    Without --key or --key-file a new key is created and saved beside OUT (OUT.key).
    """
    try:
        numbers = parse_board_range(boards)
        writer = get_format(to_format) if to_format else format_for_path(out)
    except (NotationError, FormatError) as error:
        fail(str(error))
    if writer.write is None:
        fail(_("dupbridge cannot write {name} files").format(name=writer.name.upper()))
    key, where = _key(key_text, key_file, out)
    with working(
        ngettext("dealing {n} board...", "dealing {n} boards...", len(numbers)).format(
            n=len(numbers)
        )
    ):
        dealt = deal_set(key, numbers)
    info = (("Event", event),) if event else ()
    records = [
        BoardRecord(
            board=item.number,
            dealer=item.board.dealer,
            vulnerability=item.board.vulnerability,
            deal=item.deal,
            info=info,
        )
        for item in dealt
    ]
    try:
        data = writer.write(records)
        out.write_bytes(data)
    except FormatError as error:
        fail(str(error))
    except OSError as error:
        fail(_("cannot write {path}: {error}").format(path=out, error=error.strerror or error))
    note(
        ngettext(
            "dealt {n} board ({boards}) to {out} with {where}; key fingerprint {fingerprint}",
            "dealt {n} boards ({boards}) to {out} with {where}; key fingerprint {fingerprint}",
            len(records),
        ).format(n=len(records), boards=boards, out=out, where=where, fingerprint=key.fingerprint)
    )


# --- reading boards --------------------------------------------------------------------------


def _read_games(path: Path, *, keep_going: bool) -> list[pbn.Game]:
    try:
        games = pbn.load_path(path)
    except OSError as error:
        fail(_("cannot read {path}: {error}").format(path=path, error=error.strerror or error))
    errors = [p for game in games for p in game.problems if p.severity is Severity.ERROR]
    for problem in (p for game in games for p in game.problems):
        print(problem, file=sys.stderr)
    if errors and not keep_going:
        fail(
            ngettext(
                "{path} has {n} error; nothing written (--keep-going skips the bad boards)",
                "{path} has {n} errors; nothing written (--keep-going skips the bad boards)",
                len(errors),
            ).format(path=path, n=len(errors)),
            code=1,
        )
    return [game for game in games if game.tags]


def _board_of(game: pbn.Game, position: int) -> Board | None:
    """The game's board: its Board tag (or its position in the file) with Dealer and
    Vulnerable tags, else what Law 2 gives the number."""
    number = game.board if game.board is not None else position
    base = Board.numbered(number)
    dealer = game.dealer or base.dealer
    vulnerability = game.vulnerability or base.vulnerability
    return Board(number, dealer, vulnerability)


def _full_deal(game: pbn.Game) -> Deal | None:
    value = game.deal_value
    if value is None or len(value.known) != 4 or not value.deal.is_valid():
        return None
    return value.deal


def _table_of(game: pbn.Game) -> DDTable | None:
    """The double-dummy table a game already carries (DoubleDummyTricks or OptimumResultTable)."""
    from dupbridge.analysis.dd import DDTable

    text = game.get("DoubleDummyTricks")
    if text is not None:
        try:
            return DDTable.from_pbn(text)
        except NotationError:
            return None
    table = game.table("OptimumResultTable")
    if table is not None:
        try:
            return DDTable.from_optimum_result_table(" ".join(row) for row in table.rows)
        except NotationError:
            return None
    return None


def _tricks_mapping(table: DDTable) -> dict[Seat, dict[Strain, int]]:
    return {seat: {strain: table[strain, seat] for strain in Strain} for seat in SEATS}


@contextmanager
def _executor(workers: int) -> Iterator[Executor | None]:
    if workers < 0:
        fail(_("--workers must be 0 (this process) or more, not {n}").format(n=workers))
    if workers <= 1:
        yield None
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield pool


def _solve(deals: Sequence[Deal], workers: int, label: str) -> list[DDTable]:
    """Double-dummy tables with a Rich progress bar on a terminal."""
    from dupbridge.analysis.dd import dd_tables

    if not deals:
        return []
    with (
        _executor(workers) as executor,
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err_console,
            disable=not err_console.is_terminal,
            transient=True,
        ) as progress,
    ):
        task = progress.add_task(label, total=len(deals))
        advance: Callable[[int], None] = lambda n: progress.advance(task, n)  # noqa: E731
        chunk = _PROGRESS_CHUNK if err_console.is_terminal else 40
        if executor is not None:  # enough batches to keep every worker busy
            chunk = max(1, min(chunk, math.ceil(len(deals) / (4 * workers))))
        return dd_tables(deals, executor=executor, progress=advance, chunk_size=chunk)


# --- dupbridge analyse -----------------------------------------------------------------------


def analyse(
    source: Path = typer.Argument(..., help=N_("A PBN file of deals.")),
    out: Path = typer.Option(..., "--out", help=N_("The PBN file to write.")),
    workers: int = typer.Option(
        0,
        "--workers",
        help=N_("Processes to spread the work over (default: this one; DDS uses every core)."),
    ),
    keep_going: bool = typer.Option(
        False, "--keep-going", help=N_("Analyse the good boards even if the file has errors.")
    ),
) -> None:
    """Add double-dummy tricks and par to every deal of a PBN file.

    Writes DoubleDummyTricks, OptimumResultTable, OptimumScore and ParContract.
    """
    from dupbridge.analysis.par import board_par

    games = _read_games(source, keep_going=keep_going)
    todo: list[tuple[pbn.Game, Deal, Board | None]] = []
    for position, game in enumerate(games, start=1):
        full = _full_deal(game)
        if full is None:
            note(
                _("{path}: board {board}: not analysed: the deal is not four full hands").format(
                    path=source, board=game.board or position
                )
            )
            continue
        todo.append((game, full, _board_of(game, position)))
    tables = _solve([item[1] for item in todo], workers, _("double dummy"))
    for (game, _deal, board), table in zip(todo, tables, strict=True):
        mapping = _tricks_mapping(table)
        game.set_double_dummy_tricks(mapping)
        game.set_optimum_result_table(mapping)
        if board is not None:
            par = board_par(table, board)
            game["OptimumScore"] = par.optimum_score()
            game["ParContract"] = par.par_contract()
    try:
        out.write_text(pbn.dumps(games), encoding="utf-8")
    except OSError as error:
        fail(_("cannot write {path}: {error}").format(path=out, error=error.strerror or error))
    note(
        ngettext(
            "analysed {n} board of {total}; written to {out}",
            "analysed {n} boards of {total}; written to {out}",
            len(todo),
        ).format(n=len(todo), total=len(games), out=out)
    )


# --- dupbridge handrecord --------------------------------------------------------------------


def _hand_record_boards(source: Path, workers: int) -> tuple[list[HandRecordBoard], str, str]:
    """The boards of a file, their analysis (from the file or computed), a title, a subtitle."""
    from dupbridge.analysis.handrecord import HandRecordBoard
    from dupbridge.analysis.par import board_par

    items: list[tuple[Board, Deal, DDTable | None]] = []
    title = subtitle = ""
    if source.suffix.lower() == ".pbn":
        games = _read_games(source, keep_going=False)
        for position, game in enumerate(games, start=1):
            full = _full_deal(game)
            board = _board_of(game, position)
            if full is None or board is None:
                continue
            items.append((board, full, _table_of(game)))
        if games:
            first = games[0]
            event = first.get("Event") or ""
            title = "" if event in ("", "?") else event
            day = parse_date(first.get("Date") or "")  # written the language's way
            parts = [first.get("Site") or "", date_text(day) if day else first.get("Date") or ""]
            subtitle = " · ".join(p for p in parts if p and "?" not in p)
    else:
        try:
            reader = format_for_path(source)
            records, problems = read_records(reader, source.read_bytes(), str(source))
        except FormatError as error:
            fail(str(error))
        except OSError as error:
            fail(_("cannot read {path}: {error}").format(path=source, error=error.strerror))
        errors = [p for p in problems if p.severity is Severity.ERROR]
        for problem in problems:
            print(problem, file=sys.stderr)
        if errors:
            fail(_("{path} has errors; no hand record written").format(path=source), code=1)
        for position, record in enumerate(records, start=1):
            if record.deal is None or not record.deal.is_valid():
                continue
            number = record.board or position
            base = Board.numbered(number)
            items.append(
                (
                    Board(
                        number,
                        record.dealer or base.dealer,
                        record.vulnerability or base.vulnerability,
                    ),
                    record.deal,
                    None,
                )
            )
    if not items:
        fail(_("{path} has no board with four full hands").format(path=source), code=1)
    missing = [index for index, item in enumerate(items) if item[2] is None]
    solved = _solve([items[i][1] for i in missing], workers, _("double dummy"))
    tables: list[DDTable | None] = [item[2] for item in items]
    for index, solution in zip(missing, solved, strict=True):
        tables[index] = solution
    boards = []
    for (board, full, _known), found in zip(items, tables, strict=True):
        assert found is not None
        boards.append(HandRecordBoard(board, full, found, board_par(found, board)))
    return boards, title, subtitle


def handrecord(
    source: Path = typer.Argument(..., help=N_("The deals: PBN (or DUP, DLM, LIN).")),
    out: Path = typer.Option(..., "--out", help=N_("records.pdf or records.html")),
    title: str | None = typer.Option(None, "--title", help=N_("Heading (default: the Event tag).")),
    per_page: int = typer.Option(6, "--per-page", help=N_("Boards per A4 page: 4 or 6.")),
    workers: int = typer.Option(
        0, "--workers", help=N_("Processes for double dummy (default: this one).")
    ),
) -> None:
    """Print hand records: hands, HCP, makeable contracts and par, several boards per page."""
    from dupbridge.analysis.handrecord import PER_PAGE, render_html, write_pdf
    from dupbridge.i18n.pdffonts import PdfFontError

    kind = out.suffix.lower()
    if kind not in (".pdf", ".html", ".htm"):
        fail(_("{path}: a hand record is written as .pdf or .html").format(path=out))
    if per_page not in PER_PAGE:
        fail(_("a page holds 4 or 6 boards, not {n}").format(n=per_page))
    boards, event, subtitle = _hand_record_boards(source, workers)
    heading = title if title is not None else event
    try:
        if kind == ".pdf":
            write_pdf(boards, out, title=heading, subtitle=subtitle, per_page=per_page)
        else:
            html = render_html(boards, title=heading, subtitle=subtitle, per_page=per_page)
            out.write_text(html, encoding="utf-8")
    except OSError as error:
        fail(_("cannot write {path}: {error}").format(path=out, error=error.strerror or error))
    except PdfFontError as error:
        fail(str(error))
    note(
        ngettext(
            "hand record of {n} board written to {out}",
            "hand record of {n} boards written to {out}",
            len(boards),
        ).format(n=len(boards), out=out)
    )


# claim-check lives in its own module; its names stay importable from here.
from dupbridge.cli.claim_commands import claim_check, line_from_statement  # noqa: E402
