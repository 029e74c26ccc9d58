"""Scoring an event from a file and publishing its results: one unit of work per command.

:func:`load_event` reads the results of an event from a travellers CSV (``.csv``), a PBN
file (``.pbn``: one game per table, or per board with a ScoreTable), a USEBIO file
(``.xml``) or the pages of a JFR Pary event (any ``.html`` page or ``.txt`` fragment of it),
optionally completed by the pairs' names and the deals; every problem is kept with its file
location; the event's results name their file without its folder (what is scored may be
published). A file that yields no result at all is an error, never an empty event.

:func:`publish` writes what a scorer hands out: the results website (``index.html`` and its
pages), ``results.pbn`` (every board with its ScoreTable, and the TotalScoreTable) and
``results.xml`` (USEBIO 1.2). The files are written next to each other in a temporary folder
first, so that an existing set of results is replaced only by a complete new one.
"""

from __future__ import annotations

import csv
import io
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.formats import jfr, pbn, usebio
from dupbridge.formats.pbn_events import event_from_games, results_games
from dupbridge.formats.pbn_individual import COMPETITION
from dupbridge.formats.problems import FormatError
from dupbridge.formats.records import BoardRecord
from dupbridge.i18n import _
from dupbridge.services.results_site import analysed, render_site
from dupbridge.services.site_plays import PlayKey, plays_from_games
from dupbridge.tournament.event_scoring import Method, ScoredEvent
from dupbridge.tournament.movements import Movement, MovementError, ResultNotInMovementError
from dupbridge.tournament.movements.catalog import FAMILIES, Options, build, parse_tables
from dupbridge.tournament.movements.errors import FileProblem, MovementFileError
from dupbridge.tournament.movements.files import load as load_movements
from dupbridge.tournament.results import (
    BoardInfo,
    Event,
    Location,
    MovementCheck,
    Pair,
    PairId,
    Problem,
    Result,
    ResultsError,
    check_event,
)
from dupbridge.tournament.travellers import loads as travellers_loads

__all__ = [
    "EVENT_FORMATS",
    "EventContentError",
    "EventFileError",
    "LoadedEvent",
    "Published",
    "check_event_file",
    "load_event",
    "load_movement",
    "movement_check",
    "publish",
]

#: The file extensions :func:`load_event` reads.
EVENT_FORMATS = (".csv", ".pbn", ".xml", ".html", ".htm", ".txt")


class EventFileError(DupbridgeError, ValueError):
    """An event file that cannot be read at all (unknown kind, unreadable)."""


class EventContentError(EventFileError):
    """An event file whose content cannot be read (a broken PBN or USEBIO file); the message
    is the located problem, ``FILE:LINE:COLUMN: error: ...``."""


@dataclass(frozen=True)
class LoadedEvent:
    """An event read from a file, every problem found, the method the file names, and the
    auction and play of the traveller lines whose file recorded them (PBN)."""

    event: Event
    problems: tuple[Problem, ...]
    method: Method | None = None
    plays: Mapping[PlayKey, BoardRecord] = field(default_factory=dict)

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that are errors."""
        return tuple(problem for problem in self.problems if not problem.warning)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise EventFileError(
            _("cannot read {path}: {reason}").format(path=path, reason=error.strerror)
        ) from None


def load_event(
    path: Path,
    *,
    mitchell: bool = False,
    names: Path | None = None,
    deals: Path | None = None,
    name: str = "",
    movement: Movement | None = None,
) -> LoadedEvent:
    """Read an event's results, with the checks of :func:`check_event` done.

    Args:
        path: a ``.csv``, ``.pbn`` or ``.xml`` (USEBIO) file, or a page of a JFR Pary event
            (``.html``, ``.txt``).
        mitchell: NS and EW are separate fields (CSV and PBN input).
        names: a CSV of the pairs: ``pair,names`` (names separated by ``;`` or `` - ``);
            it is the list of pairs, so a result for a pair not in it is an error.
        deals: a PBN file whose deals (and double-dummy analysis) complete the boards.
        name: the event's name, when the file has none.
        movement: the movement played: a result for a pair that did not play that board
            (against those opponents, in that direction) is an error naming the movement.

    An event with no result at all is an error, whatever the kind of file.

    Raises:
        EventFileError: if the file cannot be read or its kind is unknown.
        EventContentError: if a PBN or USEBIO file cannot be read at all.
        ResultsError: if a travellers CSV has no usable header.
    """
    suffix = path.suffix.lower()
    if suffix not in EVENT_FORMATS:
        raise EventFileError(
            _("{path}: unknown kind of event file (expected {kinds})").format(
                path=path, kinds=", ".join(EVENT_FORMATS)
            )
        )
    data = _read(path)
    source = str(path)
    method: Method | None = None
    plays: dict[PlayKey, BoardRecord] = {}
    try:
        if suffix == ".csv":
            read = travellers_loads(_text(data), source, mitchell=mitchell, name=name)
            event, problems = read.event, list(read.problems)
        elif suffix == ".pbn":
            games = pbn.loads(data, source=source)
            if any(game.get("Competition") == COMPETITION for game in games):
                raise EventContentError(_individual(path))
            read_pbn = event_from_games(games, source, mitchell=mitchell)
            event, problems, method = read_pbn.event, list(read_pbn.problems), read_pbn.method
            plays = plays_from_games(event, games, source)
        elif suffix == ".xml":
            read_xml = usebio.loads(data, source)
            if read_xml.individual is not None:
                raise EventContentError(_individual(path))
            event, problems, method = read_xml.event, list(read_xml.problems), read_xml.method
        else:
            read_jfr = jfr.load_pages(path)
            event, problems, method = read_jfr.event, list(read_jfr.problems), read_jfr.method
    except FormatError as error:
        problems_of = error.problems or ()
        raise EventContentError(str(problems_of[0]) if problems_of else str(error)) from None
    except OSError as error:
        raise EventFileError(
            _("cannot read {path}: {reason}").format(path=path, reason=error.strerror)
        ) from None
    if not event.results and not any(not problem.warning for problem in problems):
        problems.append(
            Problem(
                _("no results in this file: nothing to score"),
                Location(source, 1, 1),
            )
        )
    if name and not event.name:
        event = replace(event, name=name)
    if names is not None:
        event, more = _with_names(event, names)
        problems.extend(more)
    if deals is not None:
        event = _with_deals(event, deals)
    problems.extend(check_event(event, None if movement is None else movement_check(movement)))
    return LoadedEvent(_named_only(event), tuple(problems), method, plays)


def _individual(path: Path) -> str:
    return _(
        "{path}: the results of an individual event (each player ranked alone); scoring "
        "from a file ranks pairs and teams"
    ).format(path=path)


def _named_only(event: Event) -> Event:
    # What is scored may be published: its results name their file, never its folder.
    def named(location: Location | None) -> Location | None:
        if location is None:
            return None
        return replace(location, source=Path(location.source).name)

    results = tuple(replace(r, location=named(r.location)) for r in event.results)
    penalties = tuple(replace(p, location=named(p.location)) for p in event.penalties)
    return replace(event, results=results, penalties=penalties)


def check_event_file(path: Path, *, mitchell: bool = False) -> LoadedEvent:
    """Every problem of an event file as ``dupbridge score`` would find it (``dupbridge
    validate`` for the kinds only scoring reads, the travellers CSV first): a header the
    reader cannot use is one more problem rather than an exception.

    Raises:
        EventFileError: if the file cannot be read or its kind is unknown.
    """
    try:
        return load_event(path, mitchell=mitchell)
    except ResultsError as error:
        return LoadedEvent(Event(), error.problems)


def movement_check(movement: Movement) -> MovementCheck:
    """The check of each result against ``movement`` (Law 8: who plays which boards where)."""

    def check(result: Result) -> str | None:
        try:
            movement.check_result(
                result.board, result.ns, result.ew, round=result.round, table=result.table
            )
        except ResultNotInMovementError as error:
            return str(error)
        return None

    return check


def load_movement(
    spec: str, *, tables: str | None = None, boards_per_round: int = 2, key: str | None = None
) -> Movement:
    """A movement named by family (``mitchell``, ``howell``... with ``tables``) or by file
    (dupbridge, KoPS, bridgescorer or RoundData CSV; ``key`` picks one of a library).

    Raises:
        EventFileError: naming what is wrong (unknown family, no tables, a bad file).
    """
    path = Path(spec)
    try:
        if spec.strip().lower() in FAMILIES:
            if tables is None:
                raise EventFileError(_("say how many tables the movement has: --tables N"))
            count, half = parse_tables(tables)
            return build(spec, Options(count, half, boards_per_round))
        loaded = load_movements(path, boards_per_round=boards_per_round)
    except MovementFileError as error:
        raise EventFileError("; ".join(_located(problem) for problem in error.problems)) from None
    except MovementError as error:
        raise EventFileError(str(error)) from None
    chosen = [m for m in loaded.movements if key is None or m.key == key]
    if not chosen:
        problems = "; ".join(_located(problem) for problem in loaded.problems)
        raise EventFileError(
            _("{path}: no movement {key}{problems}").format(
                path=path,
                key=repr(key) if key else "",
                problems=f" ({problems})" if problems else "",
            )
        )
    return chosen[0].movement


def _located(problem: FileProblem) -> str:
    # FILE:LINE:COLUMN: message, without the problem's own "error:" (the command adds one).
    where = problem.source
    if problem.line is not None:
        where += f":{problem.line}"
        if problem.column is not None:
            where += f":{problem.column}"
    return f"{where}: {problem.message}"


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _with_names(event: Event, path: Path) -> tuple[Event, list[Problem]]:
    # The names file is the list of pairs: only its pairs (with their names) are listed.
    problems: list[Problem] = []
    pairs: dict[PairId, Pair] = {}
    reader = csv.reader(io.StringIO(_text(_read(path))))
    for number, row in enumerate(reader, start=1):
        if not row or not row[0].strip() or row[0].strip().lower() in ("pair", "team", "#"):
            continue
        try:
            pair_id = PairId.from_str(row[0])
        except NotationError as error:
            problems.append(Problem(str(error), Location(str(path), number, 1)))
            continue
        text = ";".join(cell for cell in row[1:] if cell.strip())
        parts = [part.strip() for part in text.replace(" - ", ";").split(";") if part.strip()]
        targets = [
            pid
            for pid in event.pair_index
            if (pid.number, pid.section) == (pair_id.number, pair_id.section)
            and pair_id.line in (None, pid.line)
        ]
        for target in targets or [pair_id]:
            pairs[target] = Pair(target, tuple(parts), event.pair(target).club)
    return replace(event, pairs=tuple(pairs.values())), problems


def _with_deals(event: Event, path: Path) -> Event:
    boards = dict(event.boards)
    for game in pbn.loads(_read(path), source=str(path)):
        number = game.board
        deal = game.deal
        if number is None or deal is None or not deal.is_valid():
            continue
        known = event.board(number)
        found = event_from_games([game], str(path)).event.board(number)
        boards[number] = BoardInfo(
            number, known.dealer, known.vulnerability, deal,
            found.dd_tricks or known.dd_tricks, found.par or known.par,
        )  # fmt: skip
    return replace(event, boards=boards)


@dataclass(frozen=True)
class Published:
    """The files :func:`publish` wrote."""

    index: Path
    pbn: Path
    usebio: Path


def publish(
    scored: ScoredEvent,
    out_dir: Path,
    *,
    plays: Mapping[PlayKey, BoardRecord] | None = None,
    analyse: bool = True,
    ten: str = "10",
) -> Published:
    """Write the website, ``results.pbn`` and ``results.xml`` of a scored event.

    ``plays`` (:attr:`LoadedEvent.plays`) feed the hand viewer; with ``analyse`` the boards
    whose deal is known get their makeable contracts and par (see
    :func:`~dupbridge.services.results_site.render_site`); ``ten`` is how a ten is written.

    Raises:
        OSError: if the folder cannot be written.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if analyse:
        scored = analysed(scored)
    pbn_text = pbn.dumps(results_games(scored))
    xml_text = usebio.dumps(scored)
    index = render_site(scored, out_dir, plays=plays, ten=ten)
    for file_name, text in (("results.pbn", pbn_text), ("results.xml", xml_text)):
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=out_dir, prefix=".tmp-", delete=False
        ) as handle:
            handle.write(text)
        Path(handle.name).replace(out_dir / file_name)
    return Published(index, out_dir / "results.pbn", out_dir / "results.xml")
