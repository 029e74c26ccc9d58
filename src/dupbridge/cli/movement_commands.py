"""``dupbridge movement``: suggest a movement, show it (grid, guide and table cards, PDF), and
validate any movement file (docs/movements.md)."""

from __future__ import annotations

import shlex
from fractions import Fraction
from pathlib import Path

import typer
from rich.table import Table as RichTable

from dupbridge.cli.app import console, err_console, fail, working
from dupbridge.cli.commands import help_text
from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import N_, _
from dupbridge.tournament.movements import Movement, validate
from dupbridge.tournament.movements.cards import (
    GuideCard,
    TableCard,
    grid,
    guide_cards,
    table_cards,
)
from dupbridge.tournament.movements.catalog import (
    FAMILIES,
    Options,
    Suggestion,
    build,
    parse_tables,
    suggest,
)
from dupbridge.tournament.movements.club_library import library_suggestions, load_library
from dupbridge.tournament.movements.errors import MovementFileError
from dupbridge.tournament.movements.files import (
    FORMATS,
    LoadedMovement,
    dumps,
    dumps_csv,
    file_problems,
    load,
)
from dupbridge.tournament.movements.pdf import cards_pdf

__all__ = ["movement_app"]

movement_app = typer.Typer(
    name="movement",
    help=N_("Movements (Law 8): suggest one, show its cards, validate a movement file."),
    no_args_is_help=True,
    add_completion=False,
)


@movement_app.command("list")
def list_command() -> None:
    """List the movement families dupbridge builds by name."""
    view = RichTable(title=_("Movement families"))
    view.add_column(_("name"))
    view.add_column(_("what it is"))
    for family in FAMILIES.values():
        view.add_row(family.name, _(family.summary))
    console.print(view)


@movement_app.command("suggest")
def suggest_command(
    tables: str = typer.Option(
        ..., "--tables", help=N_("Tables in play: 7, or 7.5 for a half table.")
    ),
    boards: int = typer.Option(..., "--boards", help=N_("About how many boards each pair plays.")),
    minutes_per_board: float = typer.Option(
        7.5, "--minutes-per-board", help=N_("Pace of play, changes of round included.")
    ),
    library: str | None = typer.Option(
        None,
        "--library",
        envvar="DUPBRIDGE_MOVEMENT_LIBRARY",
        metavar="PATH",
        help=N_(
            "The club's movement library (KoPS movements.json, ...): its movements that fit "
            "come first, so that tables and pair numbers match the club's cards and files."
        ),
    ),
    boards_per_set: int | None = typer.Option(
        None, "--library-boards-per-round", min=1, help=N_("Boards per round for a KoPS library.")
    ),
) -> None:
    """Propose the movements that fit, with rounds, boards per round, relays, time and why."""
    pace = Fraction(str(minutes_per_board))
    try:
        count, half = parse_tables(tables)
    except DupbridgeError as error:
        fail(str(error))
    preferred: list[Suggestion] = []
    if library:  # (an empty DUPBRIDGE_MOVEMENT_LIBRARY is no library)
        try:
            club = load_library(library)
        except MovementFileError as error:
            for problem in error.problems:
                err_console.print(str(problem), markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(1) from None
        preferred = library_suggestions(
            club, count, boards, half=half, minutes_per_board=pace, boards_per_round=boards_per_set
        )
        if not preferred:
            console.print(
                _("The library has no movement that fits {tables} tables and about {boards} "
                  "boards; the movements below are built by dupbridge.").format(
                    tables=tables, boards=boards
                ),
                markup=False,
                highlight=False,
                soft_wrap=True,
            )  # fmt: skip
    try:
        with working(_("searching movements...")):
            built = suggest(count, boards, half=half, minutes_per_board=pace)
    except DupbridgeError as error:
        if not preferred:
            fail(str(error))
        built = []
    found = preferred + built
    if preferred:
        console.print(
            _("The club's library comes first: its table and pair numbers are those of the "
              "club's guide cards and scoring files."),
            markup=False,
            highlight=False,
            soft_wrap=True,
        )  # fmt: skip
    view = RichTable(
        title=_("Movements for {tables} tables, about {boards} boards").format(
            tables=tables, boards=boards
        )
    )
    for header in (_("movement"), _("boards"), _("winners"), _("relays"), _("time"), _("why")):
        view.add_column(header)
    for s in found:
        view.add_row(
            (s.key if s.key == s.title else f"{s.key} ({s.title})")
            if s.library
            else f"{s.family} {s.options}".strip() + f"\n({s.title})",
            _("{rounds} x {per}").format(rounds=s.rounds, per=s.boards_per_round)
            + (
                ""
                if s.boards == s.rounds * s.boards_per_round
                else "\n" + _("{n} each").format(n=s.boards)
            ),
            str(s.winners),
            str(s.relays),
            _("{h}h{m:02d}").format(h=s.minutes // 60, m=s.minutes % 60),
            s.why,
        )
    console.print(view)
    console.print(_show_hint(found[0], tables), markup=False, highlight=False, soft_wrap=True)


def _show_hint(best: Suggestion, tables: str) -> str:
    """The command that prints the best suggestion's cards."""
    if best.library:
        key = shlex.quote(best.key)
        if not best.sized:
            key += f" --boards-per-round {best.boards_per_round}"
        return _("show one: dupbridge movement show {path} --name {key}").format(
            path=shlex.quote(best.library), key=key
        )
    return _(
        "show one: dupbridge movement show {family} --tables {tables} --boards-per-round {n}"
    ).format(family=f"{best.family} {best.options}".strip(), tables=tables, n=best.boards_per_round)


def _arrow_rounds(text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        return tuple(int(part) for part in text.replace(" ", "").split(",") if part)
    except ValueError:
        fail(_("--arrow-switch takes round numbers like 6,7, not {text!r}").format(text=text))


def _load_one(
    path: Path, key: str | None, file_format: str, boards_per_round: int
) -> LoadedMovement:
    try:
        loaded = load(path, file_format, boards_per_round=boards_per_round)
    except MovementFileError as error:
        for problem in error.problems:
            err_console.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    if loaded.errors or not loaded.movements:
        for problem in loaded.problems:
            err_console.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1)
    if key is None:
        if len(loaded.movements) > 1:
            fail(
                _("{file} holds {n} movements; choose one with --name ({keys})").format(
                    file=path,
                    n=len(loaded.movements),
                    keys=", ".join(m.key for m in loaded.movements[:12])
                    + (", ..." if len(loaded.movements) > 12 else ""),
                )
            )
        return loaded.movements[0]
    try:
        return loaded.get(key)
    except DupbridgeError as error:
        fail(str(error))


@movement_app.command("show")
def show(
    name: str = typer.Argument(
        ...,
        help=help_text(
            N_("A movement family ({families}) or a movement file."), families=", ".join(FAMILIES)
        ),
    ),
    tables: str | None = typer.Option(
        None, "--tables", help=N_("Tables (teams for team families); 7.5 for a half table.")
    ),
    boards_per_round: int = typer.Option(
        2, "--boards-per-round", min=1, help=N_("Boards per round.")
    ),
    rounds: int | None = typer.Option(None, "--rounds", min=1, help=N_("Rounds (default: all).")),
    arrow_switch: str | None = typer.Option(
        None, "--arrow-switch", help=N_("Rounds in which every table switches arrows: 6,7.")
    ),
    key: str | None = typer.Option(None, "--name", help=N_("Which movement of a library file.")),
    file_format: str = typer.Option(
        "auto",
        "--format",
        help=help_text(N_("The file's format: auto, {formats}."), formats=", ".join(FORMATS)),
    ),
    cards: bool = typer.Option(True, "--cards/--no-cards", help=N_("Print the guide cards too.")),
    table_cards_too: bool = typer.Option(
        False, "--table-cards", help=N_("Print the table cards too.")
    ),
    pdf: Path | None = typer.Option(None, "--pdf", help=N_("Write guide and table cards as PDF.")),
    save: Path | None = typer.Option(
        None, "--save", help=N_("Write the movement (dupbridge format).")
    ),
    csv_file: Path | None = typer.Option(None, "--csv", help=N_("Write it as RoundData CSV.")),
) -> None:
    """Print a movement's table-by-round grid and every guide card; optionally a PDF."""
    movement = _movement(name, tables, boards_per_round, rounds, arrow_switch, key, file_format)
    report = validate(movement)
    console.print(report.summary(), markup=False, highlight=False)
    if movement.description:
        console.print(movement.description, markup=False, highlight=False)
    for problem in report.problems:
        err_console.print(str(problem), markup=False, highlight=False, soft_wrap=True)
    _print_grid(movement)
    if cards:
        for card in guide_cards(movement):
            _print_guide(card)
    if table_cards_too:
        for table_card in table_cards(movement):
            _print_table_card(table_card)
    _write(pdf, lambda: cards_pdf(movement))
    _write(save, lambda: dumps(movement).encode("utf-8"))
    _write(csv_file, lambda: dumps_csv(movement).encode("utf-8"))
    if not report.ok:
        raise typer.Exit(1)


def _write(path: Path | None, content: object) -> None:
    if path is None:
        return
    assert callable(content)
    try:
        data = content()
        assert isinstance(data, bytes)
        path.write_bytes(data)
    except DupbridgeError as error:
        fail(str(error))
    except OSError as error:
        fail(_("cannot write {path}: {error}").format(path=path, error=error.strerror))
    console.print(
        _("wrote {path}").format(path=path), markup=False, highlight=False, soft_wrap=True
    )


def _movement(
    name: str,
    tables: str | None,
    boards_per_round: int,
    rounds: int | None,
    arrow_switch: str | None,
    key: str | None,
    file_format: str,
) -> Movement:
    path = Path(name)
    if name.lower() not in FAMILIES and (path.suffix or path.exists()):
        if not path.exists():
            fail(_("no movement family or file {name!r}").format(name=name))
        return _load_one(path, key, file_format, boards_per_round).movement
    if tables is None:
        fail(_("say how many tables: --tables N (teams for team movements)"))
    try:
        count, half = parse_tables(tables)
        return build(
            name,
            Options(count, half, boards_per_round, rounds, _arrow_rounds(arrow_switch)),
        )
    except DupbridgeError as error:
        fail(str(error))


def _print_grid(movement: Movement, width: int | None = None) -> None:
    """The table-by-round grid, wrapped by rounds so that it fits the width (80 columns when
    the output is not a terminal, so it reads well in ``less`` and on paper)."""
    width = width or min(console.width, 200)
    cells = grid(movement)
    rounds = list(movement.round_numbers)
    headers = [_("R{round}").format(round=r) for r in rounds]
    cell_width = max(
        [len(line) for row in cells for cell in row for line in cell.splitlines()]
        + [len(header) for header in headers]
        + [1]
    )
    table_width = max([len(_("table"))] + [len(str(table)) for table in movement.tables])
    most = max(1, (width - table_width - 4) // (cell_width + 3))
    parts = -(-len(rounds) // most)
    size, extra = divmod(len(rounds), parts)  # as even as the width allows: 4, 3, 3, 3
    start = 0
    for part in range(parts):
        chunk = range(start, start + size + (1 if part < extra else 0))
        start = chunk.stop
        title = _("{name}: table by round").format(name=movement.name)
        if parts > 1 and len(chunk) > 1:
            title += " " + _("(rounds {first}-{last})").format(
                first=rounds[chunk[0]], last=rounds[chunk[-1]]
            )
        elif parts > 1:
            title += " " + _("(round {round})").format(round=rounds[chunk[0]])
        console.print(title, markup=False, highlight=False, soft_wrap=True)
        view = RichTable()
        view.add_column(_("table"), justify="right", no_wrap=True)
        for index in chunk:
            view.add_column(headers[index], no_wrap=True, min_width=cell_width)
        for table, row in zip(movement.tables, cells, strict=True):
            view.add_row(str(table), *(row[index] for index in chunk))
        console.print(view)


def _print_guide(card: GuideCard) -> None:
    view = RichTable(title=card.title, title_justify="left")
    for header in (
        _("round"),
        _("table"),
        _("sit"),
        _("against"),
        _("boards"),
        _("then"),
        _("note"),
    ):
        view.add_column(header)
    for line in card.lines:
        view.add_row(
            str(line.round),
            "" if line.table is None else str(line.table),
            line.where,
            line.opponents,
            line.boards,
            line.next,
            line.note,
        )
    console.print(view)


def _print_table_card(card: TableCard) -> None:
    view = RichTable(title=_("Table {table}").format(table=card.table), title_justify="left")
    for header in (
        _("round"),
        _("who sits where"),
        _("boards"),
        _("North takes the boards"),
        _("note"),
    ):
        view.add_column(header)
    for line in card.lines:
        view.add_row(str(line.round), line.seats, line.boards, line.boards_next, line.note)
    console.print(view)


@movement_app.command("validate")
def validate_command(
    file: Path = typer.Argument(
        ..., help=N_("A movement file: KoPS JSON, bridgescorer YAML, dupbridge, RoundData CSV.")
    ),
    key: str | None = typer.Option(
        None, "--name", help=N_("Check only this movement of a library.")
    ),
    file_format: str = typer.Option(
        "auto",
        "--format",
        help=help_text(N_("The file's format: auto, {formats}."), formats=", ".join(FORMATS)),
    ),
    numbering: str = typer.Option(
        "auto", "--numbering", help=N_("CSV pair numbers: auto, lines (Mitchell) or unique.")
    ),
    boards_per_round: int = typer.Option(
        2, "--boards-per-round", min=1, help=N_("Boards per set for KoPS files (they give none).")
    ),
) -> None:
    """Check every movement of a file; report each problem as FILE:LINE:COLUMN (exit 1 on
    errors)."""
    try:
        loaded = load(file, file_format, boards_per_round=boards_per_round, numbering=numbering)
    except MovementFileError as error:
        for problem in error.problems:
            err_console.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    for problem in loaded.problems:
        err_console.print(str(problem), markup=False, highlight=False, soft_wrap=True)
    errors = len(loaded.errors)
    movements = loaded.movements
    if key is not None:
        try:
            movements = (loaded.get(key),)
        except DupbridgeError as error:
            fail(str(error))
    for one in movements:
        report = validate(one.movement)
        for problem in file_problems(one, report, str(file)):
            err_console.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        console.print(report.summary(), markup=False, highlight=False, soft_wrap=True)
        errors += len(report.errors)
    if errors or not movements:
        raise typer.Exit(1)
