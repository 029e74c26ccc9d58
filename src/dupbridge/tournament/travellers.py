"""Travellers as CSV: one line per table result, read with every problem located.

The first line names the columns (any order, any case; common synonyms accepted):

========== ================================================================================
column     meaning
========== ================================================================================
board      board number (required); ``penalty`` for a correction to a pair's total
ns, ew     pair numbers (required): ``12``, ``A12`` (section A), ``7NS``
contract   ``4SX``, ``3NT``, ``PASS``; or an adjusted score ``A60/40``, ``60%/40%``,
           ``+3/-3 IMP``; or a weighted list ``60% 4SN=; 40% 4SN-1`` (Law 12C1(c))
declarer   ``N``, ``E``, ``S``, ``W`` (or written after the contract: ``4SXN``)
lead       the opening lead: ``SQ``, ``H7``
result     tricks won (``10``) or against the contract (``=``, ``+1``, ``-2``)
score      NS score as recorded (checked against Law 77); alone when the contract is unknown
adjusted   an adjusted score, instead of the contract column
section, table, round, session, group (the form of a fouled board, Law 87)
========== ================================================================================

A penalty line reads ``penalty`` in the board column, the pair in ``ns``, the value in
``score`` (IMPs, or percent of a board's top at matchpoints) and an optional note in
``contract``.

Like the ``json`` module: :func:`load`/:func:`loads` read, :func:`dump`/:func:`dumps` write.
Reading is lenient by default: bad lines are reported (``FILE:LINE:COLUMN: error: ...``) and
left out, the good ones kept; ``strict=True`` raises on the first problem.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from operator import itemgetter
from typing import IO

from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _
from dupbridge.scoring.adjusted import AdjustedScoreError, ArtificialScore, parse_number
from dupbridge.tournament.bulk import paused_gc
from dupbridge.tournament.results import (
    Assigned,
    Event,
    Location,
    Outcome,
    PairId,
    Penalty,
    Played,
    Problem,
    Result,
    ResultsError,
    parse_outcome,
    quick_result,
)

__all__ = [
    "COLUMNS",
    "REQUIRED",
    "TravellerFile",
    "accepted_names",
    "dump",
    "dumps",
    "load",
    "loads",
]

#: The columns every travellers file must have.
REQUIRED = ("board", "ns", "ew")

#: The canonical columns, in the order :func:`dumps` writes them.
COLUMNS = (
    "session", "section", "round", "table", "board", "ns", "ew", "contract", "declarer",
    "lead", "result", "score", "group",
)  # fmt: skip

_SYNONYMS = {
    "board": "board", "bd": "board", "deal": "board", "rozdanie": "board",
    "ns": "ns", "ns pair": "ns", "nspair": "ns", "ns_pair": "ns", "pair ns": "ns", "n-s": "ns",
    "ew": "ew", "ew pair": "ew", "ewpair": "ew", "ew_pair": "ew", "pair ew": "ew", "e-w": "ew",
    "contract": "contract", "con": "contract", "kontrakt": "contract",
    "declarer": "declarer", "by": "declarer", "decl": "declarer", "gra": "declarer",
    "lead": "lead", "opening lead": "lead", "wist": "lead",
    "result": "result", "tricks": "result", "res": "result", "made": "result", "lew": "result",
    "score": "score", "ns score": "score", "nsscore": "score", "ns_score": "score",
    "zapis": "score",
    "adjusted": "adjusted", "adj": "adjusted",
    "section": "section", "sec": "section",
    "table": "table", "tbl": "table", "stol": "table",
    "round": "round", "rnd": "round", "runda": "round",
    "session": "session", "group": "group", "form": "group",
}  # fmt: skip


def accepted_names(column: str) -> list[str]:
    """The header names read as ``column`` (``"ns"``: ns, ns pair, n-s, ...)."""
    return [name for name, key in _SYNONYMS.items() if key == column]


@dataclass(frozen=True)
class TravellerFile:
    """What a traveller file held: the event (good lines only) and every problem found."""

    event: Event
    problems: tuple[Problem, ...]

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that are errors (not warnings)."""
        return tuple(problem for problem in self.problems if not problem.warning)


def _cell_columns(line: str, delimiter: str) -> list[int]:
    # The 1-based character column at which each cell of a CSV line starts.
    starts = [1]
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == delimiter and not quoted:
            starts.append(index + 2)
    return starts


def loads(
    text: str, source: str = "<string>", *, strict: bool = False, mitchell: bool = False,
    name: str = "",
) -> TravellerFile:  # fmt: skip
    """Read travellers from CSV text.

    Args:
        text: the CSV text (a header line, then one line per result).
        source: the file name used in problem locations.
        strict: raise on the first problem instead of collecting them.
        mitchell: NS and EW pairs are two fields (NS 1 and EW 1 are different pairs).
        name: the event's name.

    Raises:
        ResultsError: with ``strict``, at the first problem; always, if the header is unusable.
    """
    with paused_gc():  # a result and its location per line, none in a cycle
        return _loads(text, source, strict, mitchell, name)


def _loads(text: str, source: str, strict: bool, mitchell: bool, name: str) -> TravellerFile:
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise ResultsError([Problem(_("no header line naming the columns"), Location(source, 1))])
    try:
        delimiter = csv.Sniffer().sniff(lines[0], delimiters=",;\t").delimiter
    except csv.Error:
        delimiter = ","
    header = next(csv.reader([lines[0]], delimiter=delimiter))
    columns: dict[str, int] = {}
    problems: list[Problem] = []
    starts = _cell_columns(lines[0], delimiter)
    for index, raw in enumerate(header):
        key = _SYNONYMS.get(" ".join(raw.strip().lower().replace(".", " ").split()))
        if key is None:
            if raw.strip():
                problems.append(
                    Problem(
                        _("unknown column {name!r} (ignored)").format(name=raw.strip()),
                        Location(source, 1, starts[index]),
                        warning=True,
                    )
                )
            continue
        columns.setdefault(key, index)
    missing = [key for key in REQUIRED if key not in columns]
    if missing:
        raise ResultsError(
            [
                Problem(
                    _("the header has no {column} column (accepted names: {names})").format(
                        column=key, names=", ".join(accepted_names(key))
                    ),
                    Location(source, 1),
                )
                for key in missing
            ]
        )
    results: list[Result] = []
    penalties: list[Penalty] = []
    fast = _FastRows(source, columns, mitchell)
    for number, line in enumerate(lines[1:], start=2):
        if (not line or line[0] == "#" or line[0].isspace()) and (
            not line.strip() or line.lstrip().startswith("#")
        ):
            continue
        cells = (
            next(csv.reader([line], delimiter=delimiter)) if '"' in line else line.split(delimiter)
        )
        found = fast.result(number, cells, " " in line or "\t" in line)
        if found is not None:
            results.append(found)
            continue
        row = _Row(source, number, cells, _cell_columns(line, delimiter), columns)
        try:
            item = row.parse(mitchell)
        except _RowError as error:
            problem = Problem(error.message, error.location)
            if strict:
                raise ResultsError([problem]) from None
            problems.append(problem)
            continue
        if isinstance(item, Penalty):
            penalties.append(item)
        else:
            results.append(item)
    event = Event(name=name, results=tuple(results), penalties=tuple(penalties), mitchell=mitchell)
    return TravellerFile(event, tuple(problems))


def load(
    fp: IO[str], source: str | None = None, *, strict: bool = False, mitchell: bool = False,
    name: str = "",
) -> TravellerFile:  # fmt: skip
    """Read travellers from an open CSV file (see :func:`loads`)."""
    label = source or getattr(fp, "name", "<stream>")
    return loads(fp.read(), str(label), strict=strict, mitchell=mitchell, name=name)


class _FastRows:
    """The common line (a played or assigned result with every cell valid) read with each
    distinct pair and contract cell parsed once; anything else goes to :class:`_Row`, which
    reads it the same way and locates every problem."""

    def __init__(self, source: str, columns: dict[str, int], mitchell: bool) -> None:
        self.source = source
        self.width = max(columns.values()) + 1
        # A column the header lacks reads the empty cell appended after the last one.
        self.getter = itemgetter(*(columns.get(key, self.width) for key in _FAST_KEYS))
        self.lines = (Side.NS, Side.EW) if mitchell else (None, None)
        self.pairs: dict[tuple[str, str, int], PairId | None] = {}
        self.outcomes: dict[tuple[str, ...], Outcome | None] = {}

    def result(self, number: int, cells: list[str], spaced: bool) -> Result | None:
        """The line's result, or None when :class:`_Row` must read it; ``spaced``: whether
        the line has blanks or tabs (else no cell needs stripping). ``cells`` is used up."""
        width = self.width
        if len(cells) > width:
            del cells[width:]  # cells beyond the header's columns are not read
        elif len(cells) < width:
            cells.extend([""] * (width - len(cells)))
        cells.append("")
        values = self.getter(cells)
        if spaced:
            values = tuple(cell.strip() for cell in values)
        (session, section, round_, table, board, ns, ew, contract, declarer, lead, tricks,
         score, group, adjusted) = values  # fmt: skip
        if adjusted or not board.isdecimal():
            return None
        session_number = round_number = table_number = None
        if session or round_:
            for text in (session, round_):
                if text and (not text.isdecimal() or int(text) < 1):
                    return None
            session_number = int(session) if session else None
            round_number = int(round_) if round_ else None
        if table:
            if not table.isdecimal() or int(table) < 1:
                return None
            table_number = int(table)
        board_number = int(board)
        try:
            ns_pair = self.pairs[ns, section, 0]
            ew_pair = self.pairs[ew, section, 1]
        except KeyError:
            ns_pair = self.pair(ns, section, 0)
            ew_pair = self.pair(ew, section, 1)
        if board_number < 1 or ns_pair is None or ew_pair is None:
            return None
        try:
            outcome = self.outcomes[contract, declarer, tricks, lead, score]
        except KeyError:
            outcome = self.outcome(contract, declarer, tricks, lead, score)
        if outcome is None:
            return None
        return quick_result(
            board_number,
            ns_pair,
            ew_pair,
            outcome,
            table=table_number,
            round=round_number,
            session=session_number or 1,
            group=group or None,
            source=self.source,
            line=number,
        )

    def outcome(self, *cells: str) -> Outcome | None:
        """The outcome of a line's contract, declarer, result, lead and score cells, read
        once for all the lines that have the same cells (None: :class:`_Row` reports it)."""
        found: Outcome | None = None
        if _whole_or_empty(cells[4]):
            try:
                if cells[1]:
                    Seat.from_str(cells[1])  # as the full reader checks it (on a PASS too)
                found = parse_outcome(*cells)
            except (NotationError, ValueError):
                found = None
        self.outcomes[cells] = found
        return found

    def pair(self, text: str, section: str, side: int) -> PairId | None:
        key = (text, section, side)
        if key in self.pairs:
            return self.pairs[key]
        found: PairId | None = None
        if text:
            try:
                found = PairId.from_str(text, self.lines[side])
            except NotationError:
                found = None
            if found is not None and section and not found.section:
                found = replace(found, section=section.upper())
        self.pairs[key] = found
        return found


_FAST_KEYS = (
    "session", "section", "round", "table", "board", "ns", "ew", "contract", "declarer",
    "lead", "result", "score", "group", "adjusted",
)  # fmt: skip


def _whole_or_empty(text: str) -> bool:
    # Whether a score cell is empty or a whole number of points (+420, -50).
    body = text[1:] if text[:1] in ("+", "-") else text
    return not text or body.isdecimal()


class _RowError(Exception):
    def __init__(self, message: str, location: Location) -> None:
        super().__init__(message)
        self.message = message
        self.location = location


class _Row:
    def __init__(
        self, source: str, line: int, cells: list[str], starts: list[int], columns: dict[str, int]
    ) -> None:
        self.source = source
        self.line = line
        self.cells = cells
        self.starts = starts
        self.columns = columns

    def get(self, key: str) -> str:
        index = self.columns.get(key)
        if index is None or index >= len(self.cells):
            return ""
        return self.cells[index].strip()

    def where(self, key: str) -> Location:
        index = self.columns.get(key)
        if index is None or index >= len(self.starts):
            return Location(self.source, self.line, 1)
        return Location(self.source, self.line, self.starts[index])

    def fail(self, key: str, message: str) -> _RowError:
        value = self.get(key)
        text = _("{column} {value!r}: {message}").format(column=key, value=value, message=message)
        return _RowError(text, self.where(key))

    def number(self, key: str, required: bool = False) -> int | None:
        value = self.get(key)
        if not value:
            if required:
                raise self.fail(key, _("missing"))
            return None
        if not value.isdecimal() or int(value) < 1:
            raise self.fail(key, _("expected a whole number from 1 up"))
        return int(value)

    def pair(self, key: str, line: Side | None) -> PairId:
        value = self.get(key)
        if not value:
            raise self.fail(key, _("missing: expected a pair number, e.g. 12 or A12"))
        try:
            pair = PairId.from_str(value, line)
        except NotationError as error:
            raise self.fail(key, str(error)) from None
        section = self.get("section").upper()
        if section and not pair.section:
            pair = replace(pair, section=section)
        return pair

    def parse(self, mitchell: bool) -> Result | Penalty:
        session = self.number("session") or 1
        if self.get("board").lower() in ("penalty", "pen", "p"):
            return self.penalty(session, mitchell)
        board = self.number("board", required=True)
        assert board is not None
        ns = self.pair("ns", Side.NS if mitchell else None)
        ew = self.pair("ew", Side.EW if mitchell else None)
        adjusted = self.get("adjusted")
        declarer = self.get("declarer")
        if declarer:
            try:
                Seat.from_str(declarer)
            except NotationError as error:
                raise self.fail("declarer", str(error)) from None
        if not _whole_or_empty(self.get("score")):
            raise self.fail(
                "score", _("not a score: expected North-South's points, e.g. 420 or -50")
            )
        try:
            if adjusted:
                if self.get("contract"):
                    raise self.fail("adjusted", _("give a contract or an adjusted score, not both"))
                outcome: Played | Assigned | ArtificialScore = _adjusted(adjusted)
            else:
                outcome = parse_outcome(
                    self.get("contract"),
                    self.get("declarer"),
                    self.get("result"),
                    self.get("lead"),
                    self.get("score"),
                )
        except (NotationError, ValueError) as error:
            key = self._column_of(str(error))
            raise self.fail(key, str(error)) from None
        return Result(
            board,
            ns,
            ew,
            outcome,
            table=self.number("table"),
            round=self.number("round"),
            session=session,
            group=self.get("group") or None,
            location=Location(self.source, self.line, 1),
        )

    def penalty(self, session: int, mitchell: bool) -> Penalty:
        pair = self.pair("ns", Side.NS if mitchell else None)
        try:
            value = parse_number(self.get("score"))
        except AdjustedScoreError:
            raise self.fail(
                "score",
                _(
                    "a penalty needs a value: expected a number, IMPs or percent of a board's "
                    "top at matchpoints (e.g. -3)"
                ),
            ) from None
        return Penalty(
            pair, value, session, self.get("contract"), Location(self.source, self.line, 1)
        )

    def _column_of(self, message: str) -> str:
        lowered = message.lower()
        if "lead" in lowered or "card" in lowered:
            return "lead"
        if "trick" in lowered or "result" in lowered:
            return "result"
        if "score" in lowered and self.get("score") and "adjusted" not in lowered:
            return "score"
        if "seat" in lowered or "declarer" in lowered:
            return "declarer" if "declarer" in self.columns else "contract"
        return "contract"


def _adjusted(text: str) -> Assigned | ArtificialScore:
    if ";" in text or ("%" in text and " " in text.strip()):
        try:
            return Assigned.from_str(text)
        except NotationError:
            pass
    return ArtificialScore.from_str(text)


def _fraction_text(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def _rows(event: Event) -> Iterable[list[str]]:
    for result in event.results:
        outcome = result.outcome
        contract = declarer = lead = tricks = score = ""
        if isinstance(outcome, Played):
            if outcome.contract is not None:
                assert outcome.contract.declarer is not None
                contract = outcome.contract.to_str(declarer=False)
                declarer = outcome.contract.declarer.letter
                tricks = str(outcome.tricks)
                score = str(event.ns_score(result, outcome))
            elif outcome.passed_out:
                contract = "PASS"
            else:
                score = str(outcome.recorded_score)
            lead = str(outcome.lead) if outcome.lead is not None else ""
        else:
            contract = str(outcome)
        yield [
            str(result.session) if result.session != 1 else "",
            result.ns.section,
            "" if result.round is None else str(result.round),
            "" if result.table is None else str(result.table),
            str(result.board),
            str(result.ns.number),
            str(result.ew.number),
            contract,
            declarer,
            lead,
            tricks,
            score,
            result.group or "",
        ]
    for penalty in event.penalties:
        yield [
            str(penalty.session) if penalty.session != 1 else "",
            penalty.pair.section,
            "",
            "",
            "penalty",
            str(penalty.pair.number),
            "",
            penalty.note,
            "",
            "",
            "",
            _fraction_text(penalty.value),
            "",
        ]


def dumps(event: Event) -> str:
    """The event's results as traveller CSV (the canonical columns)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(_rows(event))
    return out.getvalue()


def dump(event: Event, fp: IO[str]) -> None:
    """Write the event's results as traveller CSV to an open file."""
    fp.write(dumps(event))
