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
from typing import IO, cast

from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _
from dupbridge.scoring.adjusted import AdjustedScoreError, ArtificialScore, parse_number
from dupbridge.tournament.bulk import paused_gc
from dupbridge.tournament.results import (
    Assigned,
    Event,
    Location,
    PairId,
    Penalty,
    Played,
    Problem,
    Result,
    ResultsError,
    parse_outcome,
)
from dupbridge.tournament.traveller_rows import FastRows, whole_or_empty

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
    penalties: list[Penalty] = []
    read, slow = FastRows(source, columns, mitchell).read(lines, delimiter)
    for index, number, cells in slow:  # the lines the fast way leaves, in order
        row = _Row(source, number, cells, _cell_columns(lines[number - 1], delimiter), columns)
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
            read[index] = item
    # With no line handed back, every place holds a result.
    results = (
        [result for result in read if result is not None] if slow else cast(list[Result], read)
    )
    event = Event(name=name, results=tuple(results), penalties=tuple(penalties), mitchell=mitchell)
    return TravellerFile(event, tuple(problems))


def load(
    fp: IO[str], source: str | None = None, *, strict: bool = False, mitchell: bool = False,
    name: str = "",
) -> TravellerFile:  # fmt: skip
    """Read travellers from an open CSV file (see :func:`loads`)."""
    label = source or getattr(fp, "name", "<stream>")
    return loads(fp.read(), str(label), strict=strict, mitchell=mitchell, name=name)


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
        if not whole_or_empty(self.get("score")):
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
