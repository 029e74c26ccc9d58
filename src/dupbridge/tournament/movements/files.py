"""Movement files: the open movement libraries, dupbridge's own format, and RoundData CSV.

Four formats are read, all with the ``json``-module shape (``load``/``loads``,
``dump``/``dumps``), leniently by default (every problem collected with its line and
column; ``strict=True`` raises on the first):

* ``kops``: the Polish KoPS Howell library as JSON (``movements.json`` of the howellki
  project): per movement ``tables``, ``rounds``, ``positions`` (the pair at 1N, 1E, 2N, ...
  in round 1), ``movement`` (the ring of positions the moving pairs follow, pair ``rounds``
  first) and ``sets`` (the table each set starts at, 0 for a relay stand; sets move one slot
  along that list each round). One file holds many movements.
* ``bridgescorer``: one movement as YAML, explicit rows (``hands``: table, round, ``ns``
  and ``ew`` or ``north``/``east``/``south``/``west``, and a list of boards). The format
  cannot declare shared boards: sets found at several tables in a round are taken as
  declared shared, each with a warning.
* ``dupbridge``: dupbridge's own YAML (or JSON) format, written by :func:`dumps`.
* ``csv``: Bridgemate-style RoundData rows: ``Table, Round, NS, EW, LowBoard, HighBoard``
  (also ``NSPair``/``EWPair``, an optional ``Section`` and an optional ``Shared`` column;
  pair 0 is the missing pair of a half table).

Board sets of the row formats are rebuilt from the rows: boards that always travel together
form one set.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import yaml

from dupbridge.i18n import _
from dupbridge.tournament.movements._reading import (
    Fields,
    LoadedMovement,
    Location,
    Reader,
    StopReadingError,
    at,
    mapping,
    scalar,
)
from dupbridge.tournament.movements.errors import FileProblem, MovementError, MovementFileError
from dupbridge.tournament.movements.libraries import read_bridgescorer, read_kops
from dupbridge.tournament.movements.model import Entrant, Kind, Movement, Row
from dupbridge.tournament.movements.roundcsv import dumps_csv, read_csv
from dupbridge.tournament.movements.validate import Report

__all__ = [
    "FORMATS",
    "LoadedMovement",
    "MovementFile",
    "detect_format",
    "dump",
    "dumps",
    "dumps_csv",
    "file_problems",
    "load",
    "loads",
]

#: The formats :func:`loads` reads.
FORMATS = ("kops", "bridgescorer", "dupbridge", "csv")

_FORMAT_TAG = "dupbridge-movement"


@dataclass(frozen=True, slots=True)
class MovementFile:
    """What :func:`loads` read: the movements, and the problems met on the way.

    Attributes:
        source: the file name used in messages.
        format: the format read.
        movements: the movements that could be built.
        problems: errors (that stopped a movement being built) and warnings.
    """

    source: str
    format: str
    movements: tuple[LoadedMovement, ...]
    problems: tuple[FileProblem, ...] = field(default=())

    @property
    def errors(self) -> tuple[FileProblem, ...]:
        """The problems that are errors."""
        return tuple(problem for problem in self.problems if not problem.warning)

    def get(self, key: str) -> LoadedMovement:
        """The movement named ``key`` (its key in the file or its name).

        Raises:
            MovementError: if the file has no such movement.
        """
        for loaded in self.movements:
            if key in (loaded.key, loaded.movement.name):
                return loaded
        raise MovementError(
            _("{source} has no movement {key!r} (it has {keys})").format(
                source=self.source,
                key=key,
                keys=", ".join(loaded.key for loaded in self.movements) or _("none"),
            )
        )


def detect_format(text: str, source: str = "") -> str:
    """Guess a movement file's format from its name and first lines.

    Raises:
        MovementFileError: when the text is no movement file dupbridge knows.
    """
    suffix = Path(source).suffix.lower()
    head = text.lstrip("\ufeff").lstrip()
    first_line = head.splitlines()[0] if head else ""
    if suffix in (".csv", ".tsv", ".txt") or (
        re.search(r"\btable\b", first_line, re.IGNORECASE)
        and re.search(r"\bround\b", first_line, re.IGNORECASE)
        and re.search(r"[,;\t]", first_line)
    ):
        return "csv"
    if _FORMAT_TAG in head[:2000]:
        return "dupbridge"
    if re.search(r"^\s*hands\s*:", head, re.MULTILINE) or re.search(
        r"^\s*boards\s*:", head, re.MULTILINE
    ):
        return "bridgescorer"
    if '"positions"' in head or re.search(r"^\s*positions\s*:", head, re.MULTILINE):
        return "kops"
    raise MovementFileError(
        [
            FileProblem(
                source or "<text>",
                1,
                1,
                _("not a movement file dupbridge knows (KoPS JSON, bridgescorer YAML, "
                  "dupbridge movement, or RoundData CSV)"),
            )
        ]
    )  # fmt: skip


def loads(
    text: str,
    source: str = "<text>",
    format: str = "auto",
    *,
    strict: bool = False,
    boards_per_round: int = 2,
    infer_sharing: bool | None = None,
    numbering: str = "auto",
) -> MovementFile:
    """Read the movements in ``text``.

    Args:
        text: the file's text.
        source: the file name for messages.
        format: one of :data:`FORMATS`, or ``"auto"`` to guess it.
        strict: raise at the first error instead of collecting them.
        boards_per_round: boards per set for the KoPS format, which gives no boards.
        infer_sharing: take a set found at several tables in a round as declared shared
            (the default for bridgescorer files, which cannot declare it); otherwise it is
            an error for the validator to report.
        numbering: for CSV, ``"lines"`` (NS 1 and EW 1 are two pairs, as in a Mitchell),
            ``"unique"`` (one pair number each) or ``"auto"`` (lines when the same number
            sits NS and EW in one round and every such NS pair stays at its table).

    Raises:
        MovementFileError: in strict mode, or when the text is no movement file at all.
    """
    if format == "auto":
        format = detect_format(text, source)
    if format not in FORMATS:
        raise MovementFileError(
            [
                FileProblem(
                    source,
                    None,
                    None,
                    _("unknown movement format {format!r}").format(format=format),
                )
            ]
        )
    reader = Reader(source, strict)
    movements: list[LoadedMovement] = []
    try:
        if format == "csv":
            movements = read_csv(reader, text, numbering, bool(infer_sharing))
        else:
            root = _compose(reader, text, format)
            if root is not None:
                if format == "kops":
                    movements = read_kops(reader, root, boards_per_round)
                elif format == "bridgescorer":
                    movements = read_bridgescorer(
                        reader, root, True if infer_sharing is None else infer_sharing
                    )
                else:
                    movements = _read_dupbridge(reader, root)
    except StopReadingError:
        raise MovementFileError(reader.problems) from None
    if not movements and not reader.problems:
        reader.problems.append(FileProblem(source, None, None, _("no movement found")))
    return MovementFile(source, format, tuple(movements), tuple(reader.problems))


def load(path: str | Path, format: str = "auto", **options: Any) -> MovementFile:
    """Read the movements of the file at ``path`` (see :func:`loads` for the options).

    Raises:
        MovementFileError: when the file cannot be read, or in strict mode.
    """
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else _("not UTF-8 text")
        raise MovementFileError(
            [FileProblem(source, None, None, _("cannot read it: {reason}").format(reason=reason))]
        ) from None
    return loads(text, source, format, **options)


def _compose(reader: Reader, text: str, format: str) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        if format == "kops":
            try:
                json.loads(text)
            except json.JSONDecodeError as json_error:
                reader.error(
                    (json_error.lineno, json_error.colno),
                    _("not JSON: {message}").format(message=json_error.msg),
                )
                return None
        where = (mark.line + 1, mark.column + 1) if mark is not None else None
        reader.error(where, _("not YAML: {message}").format(message=error.problem or error))
        return None
    except yaml.YAMLError as error:
        reader.error(None, _("not YAML: {message}").format(message=error))
        return None


# -- dupbridge's own format --------------------------------------------------------------------


def _read_dupbridge(reader: Reader, root: yaml.Node) -> list[LoadedMovement]:
    top = Fields(reader, root, _("movement"))
    if mapping(root) is None or top.text("format") != _FORMAT_TAG:
        reader.error(
            at(root), _("a dupbridge movement starts with 'format: {tag}'").format(tag=_FORMAT_TAG)
        )
        return []
    version = top.integer("version")
    if version is not None and version != 1:
        top.fail(
            "version", _("version {v} is newer than this dupbridge reads (1)").format(v=version)
        )
        return []
    name = top.text("name") or _("movement")
    top.what = name
    kind_text = top.text("kind", "pairs")
    try:
        kind = Kind(kind_text)
    except ValueError:
        top.fail(
            "kind",
            _("kind must be pairs, teams or individual, not {kind!r}").format(kind=kind_text),
        )
        return []
    before = len(reader.problems)
    sets = _read_sets(reader, top)
    shared = _read_pairs_of_numbers(reader, top, "shared")
    phantoms = _read_entrants(reader, top, "phantoms")
    stands: list[tuple[int, int, str]] = []
    stands_node = top.node_of("stands")
    if stands_node is not None:
        for item in stands_node.value if isinstance(stands_node, yaml.SequenceNode) else []:
            values = [scalar(v) for v in item.value] if isinstance(item, yaml.SequenceNode) else []
            if len(values) != 3 or not all(isinstance(v, int) for v in values[:2]):
                reader.error(
                    at(item), _('{name}: a stand is [round, set, "name"]').format(name=name)
                )
                continue
            stands.append((values[0], values[1], str(values[2])))
    rows_node = top.node_of("rows")
    if not isinstance(rows_node, yaml.SequenceNode):
        top.fail("rows" if rows_node else None, _("'rows' must be the list of rows"))
        return []
    keys = ("north", "east", "south", "west") if kind is Kind.INDIVIDUAL else ("ns", "ew")
    rows: list[Row] = []
    locations: list[Location | None] = []
    for number, node in enumerate(rows_node.value, start=1):
        row = Fields(reader, node, _("{name}: row {n}").format(name=name, n=number))
        if mapping(node) is None:
            row.fail(
                None,
                _("a row is a mapping: round, table, {keys}, sets").format(keys=", ".join(keys)),
            )
            continue
        mark = len(reader.problems)
        rnd = row.integer("round")
        table = row.integer("table")
        seats: list[Entrant | None] = []
        for key in keys:
            node_of = row.node_of(key)
            value = None if node_of is None else scalar(node_of)
            if value is None:
                seats.append(None)
                continue
            try:
                seats.append(Entrant.from_str(str(value)))
            except MovementError as error:
                row.fail(key, str(error))
        row_sets = _set_list(reader, row, "sets")
        switch = row.flag("switch")
        if len(reader.problems) > mark or rnd is None or table is None or row_sets is None:
            continue
        rows.append(Row(rnd, table, tuple(seats), row_sets, switch))
        locations.append(at(node))
    if len(reader.problems) > before:
        return []
    try:
        movement = Movement(
            name=name,
            rows=tuple(rows),
            set_boards=tuple(sorted(sets.items())),
            kind=kind,
            shared=frozenset(shared),
            phantoms=frozenset(phantoms),
            duplicated=top.flag("duplicated"),
            stands=tuple(stands),
            description=top.text("description"),
            family=top.text("family"),
        )
    except MovementError as error:
        top.fail(None, str(error))
        return []
    return [LoadedMovement(movement, name, at(root), tuple(locations))]


_RANGE_RE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def _read_sets(reader: Reader, top: Fields) -> dict[int, tuple[int, ...]]:
    node = top.node_of("sets")
    found: dict[int, tuple[int, ...]] = {}
    items = mapping(node) if node is not None else None
    if node is None or items is None or not isinstance(node, yaml.MappingNode):
        top.fail("sets" if node else None, _("'sets' maps each set to its boards, like 1: 1-3"))
        return found
    for key_node, value in node.value:
        key = scalar(key_node)
        if isinstance(key, bool) or not isinstance(key, int) or key < 1:
            reader.error(
                at(key_node),
                _("{name}: set {key!r} is no number from 1").format(name=top.what, key=key),
            )
            continue
        boards: list[int] = []
        parts = value.value if isinstance(value, yaml.SequenceNode) else [value]
        for part in parts:
            for piece in str(scalar(part)).split(","):
                match = _RANGE_RE.match(piece)
                if match is None or int(match.group(1)) < 1:
                    message = _("{name}: set {key}: {text!r} is no board or range like 1-3")
                    reader.error(at(part), message.format(name=top.what, key=key, text=piece))
                    continue
                low = int(match.group(1))
                high = int(match.group(2) or low)
                boards.extend(range(low, high + 1))
        found[key] = tuple(boards)
    return found


def _set_list(reader: Reader, row: Fields, key: str) -> tuple[int, ...] | None:
    node = row.node_of(key)
    if node is None:
        row.fail(None, _("no {key!r}").format(key=key))
        return None
    values = node.value if isinstance(node, yaml.SequenceNode) else [node]
    found: list[int] = []
    for item in values:
        value = scalar(item)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            reader.error(
                at(item),
                _("{what}: set {value!r} is no number from 1").format(what=row.what, value=value),
            )
            return None
        found.append(value)
    return tuple(found)


def _read_pairs_of_numbers(reader: Reader, top: Fields, key: str) -> set[tuple[int, int]]:
    node = top.node_of(key)
    found: set[tuple[int, int]] = set()
    if node is None:
        return found
    for item in node.value if isinstance(node, yaml.SequenceNode) else []:
        values = [scalar(v) for v in item.value] if isinstance(item, yaml.SequenceNode) else []
        if len(values) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            reader.error(
                at(item),
                _("{name}: each item of {key!r} is [round, set]").format(name=top.what, key=key),
            )
            continue
        found.add((values[0], values[1]))
    return found


def _read_entrants(reader: Reader, top: Fields, key: str) -> set[Entrant]:
    node = top.node_of(key)
    found: set[Entrant] = set()
    if node is None:
        return found
    for item in node.value if isinstance(node, yaml.SequenceNode) else []:
        try:
            found.add(Entrant.from_str(str(scalar(item))))
        except MovementError as error:
            reader.error(at(item), f"{top.what}: {error}")
    return found


# -- writing ---------------------------------------------------------------------------------


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def dumps(movement: Movement) -> str:
    """``movement`` in dupbridge's own format (YAML, one row per line); :func:`loads`
    reads it back to an equal movement."""
    lines = [
        f"format: {_FORMAT_TAG}",
        "version: 1",
        f"name: {_quote(movement.name)}",
        f"kind: {movement.kind.value}",
    ]
    if movement.family:
        lines.append(f"family: {_quote(movement.family)}")
    if movement.description:
        lines.append(f"description: {_quote(movement.description)}")
    if movement.duplicated:
        lines.append("duplicated: true")
    lines.append("sets:")
    for number, boards in movement.set_boards:
        lines.append(f"  {number}: [{', '.join(str(b) for b in boards)}]")
    if movement.shared:
        lines.append(
            "shared: [" + ", ".join(f"[{r}, {s}]" for r, s in sorted(movement.shared)) + "]"
        )
    if movement.phantoms:
        phantoms = sorted(movement.phantoms, key=lambda e: e.sort_key)
        lines.append("phantoms: [" + ", ".join(_quote(str(e)) for e in phantoms) + "]")
    if movement.stands:
        lines.append("stands:")
        lines.extend(f"  - [{r}, {s}, {_quote(name)}]" for r, s, name in movement.stands)
    keys = ("north", "east", "south", "west") if movement.kind is Kind.INDIVIDUAL else ("ns", "ew")
    lines.append("rows:")
    for row in movement.rows:
        parts = [f"round: {row.round}", f"table: {row.table}"]
        for key, entrant in zip(keys, row.seats, strict=True):
            parts.append(f"{key}: {'null' if entrant is None else _quote(str(entrant))}")
        parts.append(f"sets: [{', '.join(str(s) for s in row.sets)}]")
        if row.arrow_switch:
            parts.append("switch: true")
        lines.append("  - {" + ", ".join(parts) + "}")
    return "\n".join(lines) + "\n"


def dump(movement: Movement, fp: IO[str]) -> None:
    """Write ``movement`` to ``fp`` in dupbridge's own format."""
    fp.write(dumps(movement))


# -- validation problems at their place ---------------------------------------------------------


def file_problems(loaded: LoadedMovement, report: Report, source: str) -> list[FileProblem]:
    """The validator's problems with the file place of the first row each names."""
    found: list[FileProblem] = []
    for problem in report.problems:
        where: Location | None = None
        for index in problem.rows:
            if index < len(loaded.row_locations) and loaded.row_locations[index] is not None:
                where = loaded.row_locations[index]
                break
        if where is None:
            where = loaded.where
        line, column = where if where else (None, None)
        message = problem.message
        if loaded.key and loaded.key != loaded.movement.name:
            message = f"{loaded.key}: {message}"
        found.append(FileProblem(source, line, column, message, problem.warning))
    return found
